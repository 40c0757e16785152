"""The project pass's shortcuts give exactly what the long way gives (issue 9: the cold run no slower
than parsing). Exact values only; their speed is measured by ``bench/``, never here.

- :func:`aliaslint.values.replace` makes the object ``dataclasses.replace`` makes;
- roots, sites and copy marks keep the hash their generated ``__hash__`` computes;
- :meth:`aliaslint.dataflow.ValueFlow.instantiate` and :func:`aliaslint.dataflow.bounded`, which
  memoise the parts of a value within one call, give what they give without the memo, on a tree
  whose constructors build objects sharing parts (the shape that made dagster's pass slow);
- :meth:`aliaslint.effects.EffectsFixpoint.map_deps`, which memoises what each argument depends
  on while one function's effects are computed, gives what it gave before;
- :meth:`aliaslint.dataflow.ValueFlow.resolve`, which memoises its answers while nothing it reads
  changes, gives what resolving every value again gives, and asks each question once on the shape
  that asked pyinfra 3.10.0's one question 21,600 times (counted, not timed).
"""
from __future__ import annotations

import copy
import dataclasses
import pickle
import textwrap
from pathlib import Path

import pytest

from aliaslint import dataflow, engine, inference
from aliaslint.callgraph import Target
from aliaslint.config import Settings
from aliaslint.effects import Effect, EffectsFixpoint
from aliaslint.files import discover
from aliaslint.project import Project
from aliaslint.summary import ModuleSummary, Mutation
from aliaslint.values import CopyMark, Fresh, Opaque, Ref, Root, Site, deps_of, replace

SITE = Site("pkg.mod", 3, 4, 3, 9)
ROOT = Root("param", "spec", 1)
REF = Ref(ROOT, (".a", "[*]"), frozenset({0, -2}), CopyMark(SITE, 1, "dict()"), Site("pkg.mod", 5, 1))
FRESH = Fresh(SITE, frozenset({1}), "instance", frozenset({Ref(Root("global", "pkg.mod.C"))}),
              ((".x", frozenset({REF})), (".y", frozenset())), frozenset({REF}), 7, None, True, "copy", "dict")
OPAQUE = Opaque(frozenset({2}), frozenset({ROOT, Root("unknown")}), "list")


@pytest.mark.parametrize("obj, changes", [
    (ROOT, {"index": 2}),
    (SITE, {"line": 8, "end_column": 1}),
    (REF, {"path": ()}),
    (REF, {"loops": frozenset(), "copy": None, "realias": None}),
    (FRESH, {"fields": (), "copy_of": None}),
    (FRESH, {"loops": frozenset({3}), "kind": "copy", "shared_source": False}),
    (OPAQUE, {"deps": frozenset()}),
    (OPAQUE, {}),
    (Effect(ROOT, (".a",), "accumulate", "append", SITE), {"chain": (SITE,), "path_deps": frozenset({ROOT})}),
    (Target("pkg.mod.f", True, frozenset({REF})), {"constructor": "pkg.mod.C"}),
])
def test_replace_makes_what_dataclasses_replace_makes(obj, changes) -> None:
    got = replace(obj, **changes)
    expected = dataclasses.replace(obj, **changes)
    assert type(got) is type(expected)
    assert got == expected
    assert [getattr(got, f.name) for f in dataclasses.fields(got)] == \
        [getattr(expected, f.name) for f in dataclasses.fields(expected)]
    assert got is not obj


def test_replace_refuses_what_dataclasses_replace_refuses() -> None:
    with pytest.raises(TypeError):
        replace(REF, nope=1)
    with pytest.raises(TypeError):
        replace(object(), a=1)


def test_replace_runs_post_init_and_skips_no_init_fields_as_dataclasses_does() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int
        b: int = dataclasses.field(default=0, init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "b", self.a * 2)

    assert replace(Checked(1), a=4).b == 8
    with pytest.raises(ValueError):  # dataclasses.replace's own refusal of an init=False field
        replace(Checked(1), b=3)


def test_replace_keeps_mutation_fields() -> None:
    m = Mutation(frozenset({REF}), "accumulate", "+=?", SITE, (0,), value=frozenset({OPAQUE}))
    assert replace(m, op="+=") == dataclasses.replace(m, op="+=")


@pytest.mark.parametrize("obj", [ROOT, SITE, CopyMark(SITE, 2, "x[:]"), Root("global", "pkg.mod.NAME")])
def test_kept_hashes_are_the_generated_ones(obj) -> None:
    fields = tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
    assert hash(obj) == hash(fields)
    assert hash(obj) == hash(fields)  # the kept one, asked again
    twin = type(obj)(*fields)
    assert twin == obj and hash(twin) == hash(obj)
    # the kept hash is no field: copies, pickles and replaced objects compute their own
    for other in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
        assert other == obj and hash(other) == hash(fields)
    changed = replace(obj, **{dataclasses.fields(obj)[0].name: "other"})
    assert hash(changed) == hash(tuple(getattr(changed, f.name) for f in dataclasses.fields(changed)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(obj, dataclasses.fields(obj)[0].name, "x")


#: constructors building objects whose fields share parts, several levels deep, from parameters
#: (loop variance, copies, ``**kwargs``): each part is met many times in one instantiation
SHARED = {
    "pkg/__init__.py": "",
    "pkg/build.py": """
        import copy

        class Node:
            def __init__(self, spec, meta, **extra):
                self.spec = spec
                self.meta = meta
                self.extra = extra
                self.pair = {"a": spec, "b": [spec, {"c": meta}]}
                self.more = {"x": self.pair, "y": [self.pair, self.pair], "z": {"w": self.pair}}

        def leaf(spec, meta):
            inner = {"s": spec, "m": meta, "k": meta["key"]}
            return {"one": inner, "two": [inner, inner], "three": {"x": inner, "y": [inner]}}

        def tree(spec, meta):
            node = Node(spec, meta, tag=meta)
            part = leaf(spec, meta)
            return {"node": node, "part": part, "both": [node, part], "again": {"n": node, "p": part}}

        def copied(spec, meta):
            c = copy.copy(spec)
            return {"c": c, "t": tree(c, meta), "u": tree(spec, dict(meta))}
        """,
    "pkg/fill.py": """
        def put(box, key, value):
            box[key] = value

        def fill(one, two, a, b):
            put(one, a, b)
            put(two, b, a)  # the same callee: what a key and a value depend on differs per call
        """,
    "pkg/use.py": """
        from pkg.build import Node, copied, leaf, tree

        TEMPLATE = {"containers": [{"mounts": []}]}

        def each(items, meta):
            out = []
            for item in items:
                t = tree(TEMPLATE, item)
                t["node"].spec["containers"][0]["mounts"].append(item)
                out.append(copied(item, meta))
                out.append(leaf(meta, item))
            return out

        def nodes(spec, metas):
            return [Node(spec, m, extra=m).more for m in metas]

        def deep(spec, meta):
            t = tree(spec, meta)
            t["part"]["one"]["s"].append(1)
            return copied(t, meta)
        """,
}


class _NoHits(dict):
    """A memo that never answers: every part is worked out again, as before the memo."""

    def get(self, key, default=None):
        return None


def _summaries(tmp_path: Path) -> bytes:
    for name, text in SHARED.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, jobs=1)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    return pickle.dumps({s.module: s for s in summaries if isinstance(s, ModuleSummary)})


def _analyse(summaries: bytes) -> Project:
    inference.reset()
    return Project(pickle.loads(summaries)).analyse()


def test_memoised_parts_give_what_working_each_out_again_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summaries = _summaries(tmp_path)
    memoised = _analyse(summaries)  # as the pass runs
    hits = {"instantiate": 0, "bounded": 0}

    class Counting(dict):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

        def get(self, key, default=None):
            got = dict.get(self, key, default)
            hits[self.name] += got is not None
            return got

    instantiate, bounded = dataflow.ValueFlow.instantiate, dataflow.bounded

    def counted_instantiate(self, callee, value, call, target, caller, depth=0, _memo=None):
        return instantiate(self, callee, value, call, target, caller, depth,
                           Counting("instantiate") if _memo is None else _memo)

    def counted_bounded(value, depth=0, _memo=None):
        return bounded(value, depth, Counting("bounded") if _memo is None else _memo)

    monkeypatch.setattr(dataflow.ValueFlow, "instantiate", counted_instantiate)
    monkeypatch.setattr(dataflow, "bounded", counted_bounded)
    monkeypatch.setattr("aliaslint.effects.bounded", counted_bounded)
    counted = _analyse(summaries)
    assert hits["instantiate"] > 0 and hits["bounded"] > 0  # the tree exercises both memos

    def every_map_deps(self, fn, call, t, deps):  # as it was before its memo
        out: set = set()
        for r in deps:
            if r.kind == "param":
                arg = self.arg_for(call, t, r.index)
                if arg is not None:
                    out |= deps_of(self.resolve(fn, arg))
            else:
                out.add(r)
        return frozenset(out)

    def every_instantiate(self, callee, value, call, target, caller, depth=0, _memo=None):
        return instantiate(self, callee, value, call, target, caller, depth, _NoHits() if _memo is None else _memo)

    def every_bounded(value, depth=0, _memo=None):
        return bounded(value, depth, _NoHits() if _memo is None else _memo)

    monkeypatch.setattr(dataflow.ValueFlow, "instantiate", every_instantiate)
    monkeypatch.setattr(dataflow, "bounded", every_bounded)
    monkeypatch.setattr("aliaslint.effects.bounded", every_bounded)
    monkeypatch.setattr(EffectsFixpoint, "map_deps", every_map_deps)
    plain = _analyse(summaries)

    assert any(dict.get(plain.effects, q) for q in plain.functions)
    assert any(isinstance(o, Fresh) and o.fields for q in plain.functions for o in dict.get(plain.rets, q, ()))
    for project in (memoised, counted):
        assert set(project.functions) == set(plain.functions)
        for q in plain.functions:
            assert dict.get(project.rets, q) == dict.get(plain.rets, q), q
            assert list(dict.get(project.effects, q, {}).items()) == list(dict.get(plain.effects, q, {}).items()), q
        assert project._targets == plain._targets
        assert project.pass_stats == plain.pass_stats


def _every_resolve(self, fn, value, depth=0):
    """:meth:`aliaslint.dataflow.ValueFlow.resolve` as it was before its memo."""
    if depth > dataflow.MAX_RESOLVE_DEPTH:
        return frozenset(o for o in value if not (isinstance(o, Ref) and o.root.kind == "call"))
    return self._resolve(fn, value, depth)


def test_the_resolve_memo_gives_what_resolving_again_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summaries = _summaries(tmp_path)
    memoised = _analyse(summaries)
    monkeypatch.setattr(dataflow.ValueFlow, "resolve", _every_resolve)
    plain = _analyse(summaries)
    assert any(dict.get(plain.effects, q) for q in plain.functions)
    for q in plain.functions:
        assert dict.get(memoised.rets, q) == dict.get(plain.rets, q), q
        assert list(dict.get(memoised.effects, q, {}).items()) == list(dict.get(plain.effects, q, {}).items()), q
    assert memoised._targets == plain._targets
    assert memoised.pass_stats == plain.pass_stats


# pyinfra 3.10.0's ``make_inventory_from_files`` (pyinfra_cli/inventory.py), its shape: the groups
# dict is filled with tuples of what it held, in loops over its own items; resolving the new
# objects' fields and the paths through call results asked the same questions at every depth
# (117 s for the one file; more than 20,000 resolutions without the memo)
INVENTORY = {
    "pkg/__init__.py": "",
    "pkg/inventory.py": """
        from collections import defaultdict
        from pathlib import Path

        from .loader import exec_file, group_data_of


        def groups_from_file(filename):
            attrs = exec_file(filename)
            return {key: value for key, value in attrs.items() if is_group(key, value)}


        def is_group(key, value):
            return not key.startswith("_") and isinstance(value, (list, tuple))


        def first(item):
            return item[0] if isinstance(item, tuple) else item


        def make_inventory(filename, override_data=None, cwd=None, data_dirs=None):
            file_group = None
            if not Path(filename).exists():
                groups = {"all": filename.split(",")}
            else:
                groups = groups_from_file(filename)
                file_group = Path(filename).name.rsplit(".", 1)[0]
            all_data = {}
            if "all" in groups:
                all_hosts = groups.pop("all")
                if isinstance(all_hosts, tuple):
                    all_hosts, all_data = all_hosts
            else:
                all_hosts = []
                for hosts in groups.values():
                    hosts = first(hosts)
                    for host in hosts:
                        name = first(host)
                        if name not in all_hosts:
                            all_hosts.append(name)
            groups["all"] = (all_hosts, all_data)
            if file_group and file_group not in groups:
                groups[file_group] = all_hosts
            fake_groups = {name: group if isinstance(group, tuple) else (group, {}) for name, group in groups.items()}
            fake = Inventory((all_hosts, all_data), **fake_groups)
            folders = []
            if cwd:
                folders.append(str(Path(cwd) / "group_data"))
            if data_dirs:
                folders.extend(data_dirs)
            group_data = defaultdict(dict)
            with fake.use():
                for folder in folders:
                    for group_name, data in group_data_of(folder).items():
                        group_data[group_name].update(data)
            for name, hosts in groups.items():
                data = {}
                if isinstance(hosts, tuple):
                    hosts, data = hosts
                if name in group_data:
                    data.update(group_data.pop(name))
                groups[name] = (hosts, data)
            for name, data in group_data.items():
                groups[name] = ([], data)
            return Inventory(groups.pop("all"), override_data=override_data, **groups)


        class Inventory:
            def __init__(self, names_data, override_data=None, **groups):
                self.names, self.data = names_data
                self.groups = groups

            def use(self):
                return self
        """,
}


def test_resolution_asks_each_question_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, text in INVENTORY.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    asked = [0]
    resolve = dataflow.ValueFlow._resolve

    def counted(self, fn, value, depth):
        asked[0] += 1
        return resolve(self, fn, value, depth)

    monkeypatch.setattr(dataflow.ValueFlow, "_resolve", counted)
    settings = Settings(root=tmp_path, no_cache=True, jobs=1)
    found = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    assert found == []
    assert 0 < asked[0] < 2_000
