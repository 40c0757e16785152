"""The project pass's indexes answer what a scan of the whole project answers (issue 9: the pass
grows linearly because lookups go through indexes, not scans of every function per question)."""
from __future__ import annotations

import importlib
import textwrap
from pathlib import Path

from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.project import Project
from aliaslint.summary import ModuleSummary
from aliaslint.values import Fresh, Ref

AL006 = importlib.import_module("rules.stored_reference_mutation")

TREE = {
    "app/__init__.py": "",
    "app/model.py": """
        class Base:
            def __init__(self, tpl):
                self.tpl = tpl

            def render(self):
                self.tpl["items"].append("x")
                return self

        class Child(Base):
            def grow(self):
                self.tpl["more"].append(1)

        class Other:
            def __init__(self, spec):
                self.spec = spec

            def touch(self):
                self.spec["n"].append(0)
        """,
    "app/use.py": """
        from app.model import Base, Child, Other

        def unrelated(xs):
            xs.append(1)
            return [len(x) for x in xs]

        def twice(tpl):
            b = Base(tpl)
            b.render()
            b.render()

        def in_a_loop(tpl, n):
            c = Child(tpl)
            for _ in range(n):
                c.render()
                c.grow()

        def others(spec):
            o = Other(spec)
            o.touch()
            o.touch()
            for _ in range(3):
                o.touch()

        def once_each(tpl):
            Base(tpl).render()
            Base(tpl).render()
        """,
}


def _project(tmp_path: Path) -> Project:
    for name, text in TREE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    return Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()


def _scan(project, cls_names, e_site) -> list:
    """AL006's repeated calls found by walking every call of the project (the former code)."""
    out = []
    for caller in project.functions.values():
        seen: dict = {}
        for call in caller.calls:
            for t in project.targets(caller, call):
                callee = project.functions.get(t.function)
                if callee is None or callee.cls not in cls_names or not t.bound:
                    continue
                if not any(x.site == e_site and x.root.kind == "param" and x.root.index == 0
                           for x in project.effects.get(t.function, {}).values()):
                    continue
                receiver = project.resolve(caller, project.arg_for(call, t, 0) or frozenset())
                if not receiver or not all(isinstance(o, (Fresh, Ref)) for o in receiver):
                    continue
                if call.loops:
                    if all(call.loops[-1] not in o.loops for o in receiver):
                        out.append((caller, call))
                    continue
                identity = frozenset((o.site, o.kind) if isinstance(o, Fresh) else (o.root, o.path) for o in receiver)
                if identity in seen and seen[identity] != call.site:
                    out.append((caller, call))
                seen.setdefault(identity, call.site)
    return out


def test_repeated_calls_through_the_callers_index_equal_a_scan_of_every_call(tmp_path: Path) -> None:
    project = _project(tmp_path)
    index = AL006._bound_callers(project)
    families = [{"app.model.Base", "app.model.Child"}, {"app.model.Child"}, {"app.model.Other"},
                {"app.model.Other", "app.model.Base"}]
    sites = sorted({e.site for q in project.functions for e in project.effects.get(q, {}).values()})
    found = 0
    for family in families:
        for site in sites:
            expected = _scan(project, family, site)
            got = AL006._repeated_calls(project, family, site, index)
            assert [(f.qualname, c.site) for f, c in got] == [(f.qualname, c.site) for f, c in expected]
            found += len(got)
    # the repeated calls of the tree: render twice, render and grow in a loop, touch twice and in a loop
    by_caller = sorted({f.qualname.rsplit(".", 1)[-1] for family in families for site in sites
                        for f, _ in AL006._repeated_calls(project, family, site, index)})
    assert by_caller == ["in_a_loop", "others", "twice"]
    assert found > 0


def _hook_project(tmp_path: Path, subclasses: int) -> Project:
    # a base class whose ``run`` calls ``self.set_up()``, which each subclass overrides to fill
    # the shared options it was given (unittest.TestCase's ``run`` / ``setUp`` with 710 test classes)
    lines = ["class Case:", "    def __init__(self, opts):", "        self.opts = opts", "",
             "    def set_up(self):", "        pass", "",
             "    def run(self):", "        self.set_up()", "        return self", ""]
    for i in range(subclasses):
        lines += [f"class Case{i}(Case):", "    def set_up(self):", f"        self.opts['k{i}'].append({i})", ""]
    tmp_path.mkdir()
    (tmp_path / "hooks.py").write_text("\n".join(lines), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    return Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()


def test_a_base_class_hook_is_followed_into_a_bounded_number_of_overrides(tmp_path: Path) -> None:
    from aliaslint.callgraph import MAX_OVERRIDES

    few = _hook_project(tmp_path / "few", 3)
    run = few.functions["hooks.Case.run"]
    assert [t.function for t in few.targets(run, run.calls[0])] == [
        "hooks.Case.set_up", "hooks.Case0.set_up", "hooks.Case1.set_up", "hooks.Case2.set_up"]
    assert sorted(e.site.line for e in few.effects["hooks.Case.run"].values()) == [14, 18, 22]
    many = _hook_project(tmp_path / "many", MAX_OVERRIDES + 1)
    run = many.functions["hooks.Case.run"]
    assert [t.function for t in many.targets(run, run.calls[0])] == ["hooks.Case.set_up"]
    assert dict(many.effects.get("hooks.Case.run", {})) == {}
