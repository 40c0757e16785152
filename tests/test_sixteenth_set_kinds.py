"""Findings of issue 8's blind fifteenth to seventeenth sets (kr8s 0.20.15, kedro 1.7.0, luigi
3.8.1, ansible-runner 2.4.3; aws-sam-translator 1.115.0, lightkube 1.0.1, cerberus 1.3.8, buildbot
4.3.0) kept as tests: each kind the triage found missed or wrong, with a twin that shows where the
kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# ansible-runner 2.4.3: ``BaseConfig`` (in the private module ``config/_base.py``) keeps the
# caller's ``settings`` dict, and ``prepare_env`` merges the project's ``env/settings`` file into
# it; ``run(**kwargs)`` hands ``settings=`` down through ``RunnerConfig(**kwargs)``. A program
# reusing one settings dict carries one project's ``job_timeout`` into the next job (reproduced).
BASE = """
    import json


    class Loader:
        def __init__(self, root):
            self.root = root

        def load_file(self, name):
            with open(self.root + "/" + name) as f:
                return json.load(f)


    class BaseConfig:
        def __init__(self, private_data_dir, settings=None):
            self.settings = settings
            self.loader = Loader(private_data_dir)

        def prepare_env(self):
            if self.settings and isinstance(self.settings, dict):
                self.settings.update({merged})
            else:
                self.settings = self.loader.load_file("env/settings")
"""
RUNNER = """
    from pkg.config._base import BaseConfig


    class RunnerConfig(BaseConfig):
        \"\"\"A runner's configuration.\"\"\"

        def __init__(self, private_data_dir, playbook=None, **kwargs):
            self.playbook = playbook
            super().__init__(private_data_dir, **kwargs)

        def prepare(self):
            self.prepare_env()
"""
INTERFACE = """
    from pkg.config.runner import RunnerConfig


    def init_runner(**kwargs):
        rc = RunnerConfig(**kwargs)
        rc.prepare()
        return rc


    def run(**kwargs):
        \"\"\"Run a playbook.

        :param dict settings: settings for the runtime, also read from ``env/settings``.
        \"\"\"
        return init_runner(**kwargs)


    def run_async(**kwargs):
        return init_runner(**kwargs)
"""


def _runner(merged: str, base: str = "config/_base.py", runner: str = RUNNER) -> dict[str, str]:
    return {"pkg/__init__.py": "", "pkg/config/__init__.py": "", f"pkg/{base}": BASE.format(merged=merged),
            "pkg/config/runner.py": runner, "pkg/interface.py": INTERFACE}


def test_a_private_base_class_merging_what_each_object_reads_into_the_callers_dict_is_one_default_finding(
        tmp_path: Path) -> None:
    found = run(tmp_path, _runner('self.loader.load_file("env/settings")'))
    assert shown(found) == [("AL006", 21, "HIGH")]
    assert found[0].location.path == "pkg/config/_base.py"
    assert found[0].message == (
        "`BaseConfig.prepare_env` updates `self.settings`, but `__init__` keeps the caller's `settings` there by "
        "reference: each BaseConfig merges what it reads for itself (`self.loader.load_file(\"env/settings\")`) into the "
        "caller's object, so the next one built from the same object starts with this one's entries; copy it in "
        "`__init__` (`dict(settings or {})`)")
    assert [r.message for r in found[0].related] == [
        "kept by reference here",
        "public entry point: `settings` comes from the caller, and this merges into it what each object reads "
        "for itself: the next one given the same object starts with this one's entries"]
    # one cause, one finding: the ``**kwargs`` dicts of the entry points that hand ``settings=``
    # down are not each a preview finding of their own
    assert shown(run(tmp_path / "preview", _runner('self.loader.load_file("env/settings")'), preview=True)) == [
        ("AL006", 21, "HIGH")]


def test_a_property_merging_what_the_object_reads_into_the_callers_dict_is_found_too(tmp_path: Path) -> None:
    # airflow's ``S3Hook.transfer_config``: a property merges the connection's settings in
    files = _runner('self.loader.load_file("env/settings")', runner=RUNNER.replace(
        "self.prepare_env()", "return self.prepare_env"))
    files["pkg/config/_base.py"] = files["pkg/config/_base.py"].replace(
        "        def prepare_env(self):", "        @property\n        def prepare_env(self):")
    assert shown(run(tmp_path, files)) == [("AL006", 22, "HIGH")]


@pytest.mark.parametrize("merged", [
    "overrides",                                # a setter's merge: what the method's caller asked for
    "self.loader.load_file(overrides)",         # read as the method's caller says
    '{"env": "prod"}',                          # a constant: merged again, the same entries
])
def test_merging_what_the_methods_caller_gives_is_not_the_objects_own_state(tmp_path: Path, merged: str) -> None:
    files = _runner(merged)
    files["pkg/config/_base.py"] = files["pkg/config/_base.py"].replace(
        "def prepare_env(self):", "def prepare_env(self, overrides=None):")
    assert run(tmp_path, files) == []


def test_a_private_base_class_with_no_public_subclass_is_not_a_public_entry(tmp_path: Path) -> None:
    runner = RUNNER.replace("class RunnerConfig(BaseConfig)", "class _RunnerConfig(BaseConfig)")
    files = _runner('self.loader.load_file("env/settings")', runner=runner)
    files["pkg/interface.py"] = INTERFACE.replace("import RunnerConfig", "import _RunnerConfig as RunnerConfig")
    assert run(tmp_path, files) == []
    assert [d.code for d in run(tmp_path / "preview", files, preview=True)] == ["AL006"]


# kr8s 0.20.15 ``_objects.py``: ``APIObject.__init__`` stores ``self.raw = resource`` through the
# ``raw`` property's setter, which keeps ``Box(value)``, a converted copy; ``Pod.tolerate``
# appending to ``self.raw["spec"]["tolerations"]`` changes that copy, not the caller's dict
POD = """
    from box import Box


    class Pod:
        def __init__(self, resource):
            {store}

        @property
        def raw(self):
            return self._raw

        @raw.setter
        def raw(self, value):
            self._raw = Box(value)

        def tolerate(self, key):
            self.{attr}["spec"]["tolerations"].append({{"key": key, "effect": "NoSchedule"}})
"""


@pytest.mark.parametrize(("store", "attr", "found"), [
    ("self.raw = resource", "raw", []),  # through the setter: what it keeps is its own
    ("self.data = resource", "data", [("AL006", 18, "HIGH")]),  # a plain attribute: the caller's dict
])
def test_a_store_through_a_property_setter_keeps_what_the_setter_keeps(
        tmp_path: Path, store: str, attr: str, found: list) -> None:
    files = {"pod.py": POD.format(store=store, attr=attr)}
    assert shown(run(tmp_path, files)) == found


# buildbot 4.3.0 ``db/connector.py:185``: the witness of a caller that "uses the object again" was
# the changing call itself (``yield self.db.setup()``), and a use before the call counted too. The
# second use is a later call given the object (or what holds it), or any call of a loop around it.
SPLIT = """
    def split(settings):
        variant = settings.copy()
        variant["mode"]["band"] = "low"
        return variant


    def run_all(settings):
        {before}
        products = split(settings)
        {after}
        return products
"""


def _second_use(found) -> list[tuple[int, str]]:
    return [(r.location.line, r.message) for r in found[0].related if r.message.startswith("second use")]


def test_the_second_use_of_a_caller_is_the_later_call_given_the_object(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": SPLIT.format(before="prepare(settings)", after="execute(settings)")})
    assert shown(found) == [("AL002", 3, "HIGH")]
    assert _second_use(found) == [
        (11, "second use: the call of `execute` here gets the same object after `split` changed it")]


def test_a_use_before_the_change_is_not_its_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": SPLIT.format(before="prepare(settings)", after="pass")})
    assert shown(found) == [("AL002", 3, "HIGH")]
    assert _second_use(found) == []  # shown for the copy's intent, not for a second use
    assert [r.message for r in found[0].related][-1].startswith("copied to leave it unchanged")


def test_in_a_loop_a_use_before_the_change_is_the_next_iterations(tmp_path: Path) -> None:
    src = SPLIT.replace("        {before}\n        products = split(settings)\n",
                        "        for _ in range(2):\n            prepare(settings)\n            products = split(settings)\n")
    found = run(tmp_path, {"m.py": src.format(after="pass")})
    assert _second_use(found) == [
        (10, "second use: the call of `prepare` here gets the same object after `split` changed it")]


# aws-sam-translator 1.115.0 ``push.py:1042``: ``_get_merged_definitions`` shallow-copies the
# inline body and writes into its ``paths``, and its only caller replaces the body with the
# result (``api["DefinitionBody"] = self._merged(api["DefinitionBody"])``): nobody holds the
# original. A caller that stores the result elsewhere keeps the original, changed.
MERGE = """
    class Event:
        def _merged(self, body):
            merged = body.copy()
            paths = merged.get("paths") or {}
            paths["/hello"] = {"get": {}}
            merged["paths"] = paths
            return merged

        def to_cloudformation(self, api):
            {store} = self._merged(api["DefinitionBody"])
"""


def test_a_shallow_copy_whose_result_replaces_the_original_in_its_slot_is_preview(tmp_path: Path) -> None:
    files = {"m.py": MERGE.replace("{store}", 'api["DefinitionBody"]')}
    assert run(tmp_path, files) == []
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL002", 4, "MEDIUM")]


@pytest.mark.parametrize("store", ['api["Merged"]', 'api.body'])
def test_a_result_stored_elsewhere_leaves_the_original_held_and_changed(tmp_path: Path, store: str) -> None:
    found = run(tmp_path, {"m.py": MERGE.replace("{store}", store)})
    assert shown(found) == [("AL002", 4, "HIGH")]
    # shown for the copy's intent: no call in the tree reaches ``to_cloudformation``, so none is
    # named as the second use (issue 8's eighteenth stop; it had been "the caller keeps it")
    assert _second_use(found) == []
    assert [r.message for r in found[0].related][-1] == (
        "copied to leave it unchanged: `body` is the caller's; the copy was made to leave it unchanged, and only "
        "its top level is")


# docker-compose 1.29.2 and set 17's triage: a caller that passes one object to two calls had
# the first call, the one that changes it, as its "second use"; the second call is
TWICE = """
    def tenant(policy, name):
        rules = dict(policy["rules"])
        rules["ingress"].append("allow " + name)
        return rules


    def main():
        base = {"rules": {"ingress": []}}
        tenant(base, "acme")
        tenant(base, "globex")
"""


def test_a_caller_passing_one_object_twice_names_the_second_call(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": TWICE})
    assert shown(found) == [("AL002", 3, "HIGH")]
    assert _second_use(found) == [(11, "second use: the next call of `tenant` gets the object the one before changed")]


# sqlfluff 4.5.0 ``IgnoreMask.from_tree`` (issue 8's blind nineteenth set): the list handed to the
# constructor is built by appending new directives to it, and the appends were taken as other
# holders of the directives; logging the list keeps nothing of it either
MASK = """
    import logging

    log = logging.getLogger(__name__)


    class Directive:
        def __init__(self, line):
            self.line = line
            self.used = False


    class Mask:
        \"\"\"Which lines are ignored.\"\"\"

        def __init__(self, ignores):
            self.ignores = ignores

        def mark(self, line):
            for i in self.ignores:
                if i.line > line:
                    i.used = True

        @classmethod
        def from_tree(cls, tree):
            buff = []
            for t in tree:
                buff.append(Directive(t))
            {use}
            return cls(buff)
"""


def test_a_list_built_for_the_constructor_by_appending_is_its_own(tmp_path: Path) -> None:
    files = {"m.py": MASK.replace("{use}", 'log.info("parsed %r", buff)')}
    assert [d.code for d in run(tmp_path, files, preview=True)] == []


def test_a_directive_handed_to_another_holder_too_is_shared(tmp_path: Path) -> None:
    files = {"m.py": MASK.replace("{use}", "ALL.extend(buff)").replace("log = ", "ALL = []\n    log = ")}
    assert [d.code for d in run(tmp_path, files, preview=True)] == ["AL006"]


# celery 5.7.0's beat and sqlfluff 4.5.0's fixer (issue 8's blind nineteenth set): the hidden
# deep-copy fix of an object with behaviour copies whatever it holds (the app on every tick; a
# parse tree whose copy ``sqlfluff fix`` then rejects). A record of data still gets the fix.
ENTRY = """
    def maybe_schedule(s, app=None):
        s.app = app
        return s


    class Entry:
        def __init__(self, name=None, schedule=None, total_run_count=0, app=None):
            self.app = app
            self.name = name
            self.schedule = maybe_schedule(schedule, app=app)
            self.total_run_count = total_run_count

        def __iter__(self):
            return iter(vars(self).items())
    {methods}
        def next(self):
            return self.__class__(**dict(self, total_run_count=self.total_run_count + 1))
"""


@pytest.mark.parametrize("methods, fixed", [
    ("    def is_due(self):\n            return True\n", False),   # an object with behaviour
    ("", True),                                                      # a record of data
])
def test_no_deep_copy_fix_for_an_object_with_behaviour(tmp_path: Path, methods: str, fixed: bool) -> None:
    found = run(tmp_path, {"m.py": ENTRY.replace("{methods}", methods)}, preview=True)
    assert [d.code for d in found] == ["AL002"]
    assert (found[0].fix is not None) is fixed


LOOP_FIX = """
    class Segment:
        def __init__(self, children):
            self.children = children
    {methods}

    def add_marker(segment: Segment):
        segment.children.append("marker")
        return segment


    def build(segment: Segment, index):
        return {"index": index, "tree": add_marker(segment)}


    def build_all(segment, count):
        out = []
        for i in range(count):
            out.append(build(segment, i))
        return out
"""


@pytest.mark.parametrize("methods, fixed", [
    ("    def raw(self):\n            return ''.join(self.children)\n", False),
    ("", True),
])
def test_no_deep_copy_in_the_callee_for_an_object_with_behaviour(tmp_path: Path, methods: str, fixed: bool) -> None:
    found = run(tmp_path, {"m.py": LOOP_FIX.replace("{methods}", methods)}, preview=True)
    assert [d.code for d in found] == ["AL001"]
    assert (found[0].fix is not None) is fixed


# celery 5.7.0 ``utils/debug.py`` (a B in the blind nineteenth set's default tier): ``sample_mem``
# appends what it measures to a module-level list, ``_memdump`` reads it and empties it
SAMPLES = """
    import os

    _process = None
    _samples = []


    def rss():
        return os.getpid() if _process is None else _process


    def sample():
        current = rss()
        {fill}
        return current


    def dump(n=10):
        prev = list(_samples)[:n]
        _samples[:] = []
        return prev
"""


def test_emptying_a_collector_another_function_fills_is_a_drain(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": SAMPLES.replace("{fill}", "_samples.append(current)")}, preview=True)
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL003", 20, "MEDIUM")]
    assert found[0].message.endswith("`sample` fills it (a collector), so emptying it is a drain; nothing to "
                                     "change if that is intended")


def test_emptying_a_list_nobody_fills_is_no_drain(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": SAMPLES.replace("{fill}", "pass")}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL003", 20)]
    assert "drain" not in found[0].message


# celery 5.7.0 ``_get_result_meta(..., encode=False)`` (issue 8's blind nineteenth set): the change
# is made by a callee called only under ``if encode:``; a call leaving the flag at its default
# never makes it
FLAGGED = """
    def encode_fields(stamps):
        for k in stamps:
            stamps[k]["log"].append("encoded")


    def result_meta(request, encode=False):
        meta = {"stamps": {k: v for k, v in request["stamps"].items()}}
        if encode:
            encode_fields(meta["stamps"])
        return meta


    def store(request):
        meta = result_meta(request{flag})
        return meta, request["stamps"]
"""


@pytest.mark.parametrize("flag, tier", [("", "MEDIUM"), (", encode=True", "HIGH"), (", encode=False", "MEDIUM")])
def test_a_change_a_callee_makes_under_a_flag_needs_the_flag(tmp_path: Path, flag: str, tier: str) -> None:
    found = run(tmp_path, {"m.py": FLAGGED.replace("{flag}", flag)}, preview=True)
    assert shown(found) == [("AL002", 8, tier)]
