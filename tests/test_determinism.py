"""Results do not depend on the hash seed (issue 11): the same input gives the same report under
every ``PYTHONHASHSEED``.

CPython's own ``copy.py`` gave an AL007 naming ``x`` under some seeds and ``memo[*]`` under
others: the effects of ``deepcopy`` were found in an order that followed set iteration, and the
rule reported the first one. The test runs the running interpreter's ``copy.py`` (a real file of
the standard library, present wherever the tests run) under seeds that disagreed.
"""
from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
from pathlib import Path

SEEDS = ("0", "1", "2", "3")


def _report(tree: Path, seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    result = subprocess.run(
        [sys.executable, "-m", "aliaslint", "check", "--no-cache", "--preview", "--output-format", "json", "."],
        cwd=tree, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


def test_the_standard_librarys_copy_module_gives_one_report_under_every_seed(tmp_path: Path) -> None:
    shutil.copy(copy.__file__, tmp_path / "copy_module.py")
    reports = {seed: _report(tmp_path, seed) for seed in SEEDS}
    assert len(set(reports.values())) == 1, reports


def test_a_project_gives_one_report_under_every_seed(tmp_path: Path) -> None:
    # the reference operator: several modules, classes, loops and one finding
    tree = Path(__file__).resolve().parent.parent / "fixtures" / "reference_operator" / "buggy"
    shutil.copytree(tree, tmp_path / "op")
    reports = {seed: _report(tmp_path / "op", seed) for seed in SEEDS[:2]}
    assert len(set(reports.values())) == 1, reports
    assert '"code": "AL001"' in reports["0"]


def test_why_a_call_is_not_followed_is_told_the_same_under_every_seed(tmp_path: Path) -> None:
    # shutil.py:309 ``chmod_func = os.lchmod`` or ``os.chmod``: the -v reason named either
    # (ties in its order were broken by set iteration, and the reason is stored in the cache)
    shutil.copy(shutil.__file__, tmp_path / "shutil_module.py")
    lines = set()
    for seed in ("0", "4", "5", "7"):
        result = subprocess.run(
            [sys.executable, "-m", "aliaslint", "check", "--no-cache", "-v", "."],
            cwd=tmp_path, env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, timeout=300,
        )
        lines.add(tuple(line for line in result.stderr.splitlines() if "not followed" in line))
    assert len(lines) == 1, lines
    assert any("`os.chmod` is outside the checked tree" in line for line in next(iter(lines)))


def test_the_paths_a_widened_value_keeps_do_not_depend_on_the_order_of_its_set() -> None:
    # openai 2.x: refs of one root and one path, reached through different shallow copies; which
    # of them a widened value kept followed the set's order (a hash seed, or the worker that
    # finished first, gave 6 or 7 findings)
    from aliaslint.dataflow import MAX_PATHS_PER_ROOT, bounded
    from aliaslint.values import CopyMark, Ref, Root, Site

    root = Root("param", "data", 0)
    refs = [Ref(root, ("[*]",), copy=CopyMark(Site("m", line, 1, line, 9), 1, "list()"))
            for line in range(1, MAX_PATHS_PER_ROOT + 4)]
    kept = bounded(frozenset(refs))
    assert kept == bounded(frozenset(reversed(refs)))
    assert sorted(r.copy.site.line for r in kept) == list(range(1, MAX_PATHS_PER_ROOT + 1))


def test_two_routes_to_one_effect_are_ordered_by_every_field_that_decides_a_tier() -> None:
    # the route ``min(routes, key=effect_order)`` keeps must not be the first one found: routes
    # that differ only in whether the change is conditional, or made in a defaulted mapping, tier
    # a finding differently (AL007's "set on some calls only")
    from dataclasses import replace

    from aliaslint.effects import Effect, effect_order
    from aliaslint.values import Root, Site

    base = Effect(Root("param", "tags", 1), (), "overwrite", "[] =", Site("m", 3, 5, 3, 20))
    variants = [replace(base, conditional=True), replace(base, defaulted=True), replace(base, discarded=True),
                replace(base, returned=True), replace(base, maybe_copied=True), replace(base, requires=((1, True),)),
                replace(base, type_requires=((1, ("dict",), True),))]
    orders = [effect_order(e) for e in [base, *variants]]
    assert len(set(orders)) == len(orders)
    assert min([*variants, base], key=effect_order) == min([base, *variants], key=effect_order) == base


CHAIN = """
def make():
    return {"spec": []}

def wrap(x):
    return [x]

def use():
    a = make()
    b = wrap(a)
    c = wrap(b)
    d = wrap(c)
    e = wrap(d)
    f = wrap(e)
    g = wrap(f)
    return g
"""


def test_a_call_result_does_not_depend_on_the_depth_it_was_first_asked_at(tmp_path: Path) -> None:
    # openai 3.57.0: whether ``_Run(..., deepcopy(self._tools), ...)`` shared its list with later
    # calls changed between identical runs: a call's result was memoised at the depth of the first
    # question, cut short there, and every later question (asked in set order) got the cut one
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.dataflow import MAX_RESOLVE_DEPTH
    from aliaslint.files import discover
    from aliaslint.project import Project

    (tmp_path / "m.py").write_text(CHAIN, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)

    def project() -> Project:
        summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
        return Project(summaries).analyse()

    asked_deep_first, asked_at_top = project(), project()
    fn = asked_deep_first.functions["m.use"]
    assert asked_deep_first.resolve(fn, fn.returns, MAX_RESOLVE_DEPTH - 1) != asked_at_top.resolve(fn, fn.returns)
    assert asked_deep_first.resolve(fn, fn.returns) == asked_at_top.resolve(fn, fn.returns)


CONTACTS = """
class Contact:
    def __init__(self, user, channel):
        self.user_id = user
        self.channel = channel

    def command_watch(self, build):
        self.channel.build_subscriptions.append((build, "handle"))


class IRCContact(Contact):
    def __init__(self, user, channel=None):
        if channel is None:
            channel = user
        super().__init__(user, channel)
"""


def test_the_parameter_a_field_keeps_does_not_depend_on_the_order_of_its_value(tmp_path: Path, monkeypatch) -> None:
    # buildbot 4.3.0's ``IRCContact``: ``channel`` falls back to ``user``, so two parameters reach
    # ``self.channel``; AL006's message named the caller's ``user`` in one run and ``channel`` in
    # another, as the value's set happened to be ordered. The one named like the field is stored.
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project
    from rules.stored_reference_mutation import kept_arguments

    (tmp_path / "m.py").write_text(CONTACTS, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    fields = project.instance_fields("m.IRCContact.__init__")
    assert sorted(o.root.name for name, value, _ in fields if name == "channel" for o in value) == ["channel", "user"]
    kept = []
    for order in (list, lambda v: list(reversed(list(v)))):
        monkeypatch.setattr(project, "instance_fields",
                            lambda init_q, order=order: [(n, order(v), s) for n, v, s in fields])
        kept.append({attr: index for attr, (index, _, _) in kept_arguments(project, "m.IRCContact.__init__").items()})
    assert kept == [{"user_id": 1, "channel": 2}] * 2
