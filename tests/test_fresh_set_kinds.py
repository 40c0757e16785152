"""Kinds found on first contact with issue 8's fresh set (buildbot 4.3.0, elyra 4.1.1,
kubeflow-training 1.9.4): a value a loop receives anew each round, a method a framework builds
from a message's name, a store one branch of an ``if`` makes that the other branch read, and an
instance's own copy of a class attribute that methods called after it may rebind.
Each with the twin that is still found.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import assert_tier, run, shown

# buildbot 4.3.0 ``WarningCountingShellCommand.warningLogConsumer``: a line consumer that
# collects each line sent to it into one list
COLLECTOR = """
    class Step:
        def __init__(self):
            self.warnings = []

        def consume(self, f):
            self.warnings = []
            while True:
                {receive}
                self.add(self.warnings, {value})

        def add(self, warnings, line):
            warnings.append(line)
"""


@pytest.mark.parametrize("receive", [
    "line = yield",
    "_, line = yield",
    "line = f.readline()",
])
def test_a_list_collecting_what_each_round_receives_is_not_a_duplicate(tmp_path: Path, receive: str) -> None:
    source = COLLECTOR.format(receive=receive, value="line")
    assert shown(run(tmp_path, {"step.py": source}, preview=True)) == []


@pytest.mark.parametrize("receive", ["line = yield", "line = f.readline()"])
def test_the_same_entry_appended_each_round_is_still_found(tmp_path: Path, receive: str) -> None:
    # in the preview tier: the list is made before the loop, which only fills it, and nothing in
    # the loop reads it (the thirtieth set's ``loop_output``); a list each round also hands to a
    # reader is shown by default (``test_thirtieth_set_kinds``)
    source = COLLECTOR.format(receive=receive, value='"warning"')
    assert shown(run(tmp_path / "default", {"step.py": source})) == []
    found = run(tmp_path / "preview", {"step.py": source}, preview=True)
    assert shown(found) == [("AL001", 10, "MEDIUM")]
    assert found[0].message.startswith("`self.add(...)` gets the same object on every iteration of the loop, "
                                       "and Step.add appends to `self.warnings`")


# buildbot 4.3.0 ``ChangePerspective.perspective_addChange``: Twisted's ``pb.Avatar`` calls
# ``perspective_<name>`` for a remote ``callRemote("<name>", ...)``, with the arguments
# unpickled for that call. (buildbot renames ``who`` to ``author``, which the next run finds done:
# here the author is looked up, so that the ``del`` removes what the caller gave)
PERSPECTIVES = """
    from twisted.spread import pb

    class ChangePerspective(pb.Avatar):
        def perspective_addChange(self, changedict):
            if "who" in changedict:
                changedict["author"] = self.master.lookup_author(changedict)
                del changedict["who"]
            return self.master.addChange(**changedict)

    class UserPerspective(pb.Avatar):
        def perspective_commandline(self, info):
            return info
"""


def test_a_method_a_framework_builds_from_a_name_prefix_is_its_hook(tmp_path: Path) -> None:
    assert_tier(tmp_path, {"pb.py": PERSPECTIVES}, "AL007", 8, "MEDIUM")


@pytest.mark.parametrize("twin", [
    # one class: a method of a library's API, not a family
    PERSPECTIVES.split("    class UserPerspective")[0],
    # the project calls a method of the family by its name: not built from a message
    PERSPECTIVES + "\n    def local(p, d):\n        return p.perspective_commandline(d)\n",
])
def test_a_prefix_without_a_family_dispatched_by_name_stays_an_entry_point(tmp_path: Path, twin: str) -> None:
    # (its argument named as configuration: see ``harm._optional``)
    found = run(tmp_path, {"pb.py": twin.replace("changedict", "change_kwargs")})
    assert shown(found) == [("AL007", 8, "HIGH")]
    assert found[0].message.startswith("`ChangePerspective.perspective_addChange` deletes from `change_kwargs`, "
                                       "the caller's `change_kwargs`")


# elyra 4.1.1 ``KfpPipelineProcessor._generate_workflow_tasks``: a task made for each operation;
# one branch stores the pipeline's setting into it, the other reads an entry under a computed key
BRANCHES = """
    def tasks(pipeline, operations, clean):
        out = {{}}
        {made_before}
        for op in operations:
            {made_in}
            if op.generic:
                task["mods"]["cache"] = pipeline.selection
            else:
                task["mods"][clean(op.ref)] = {{}}
                ref = task["mods"][clean(op.ref)]
                ref["value"] = op.value
            out[op.id] = task
        return out
"""


def test_one_branch_does_not_read_what_the_other_stored(tmp_path: Path) -> None:
    source = BRANCHES.format(made_before="", made_in='task = {"mods": {}}')
    assert shown(run(tmp_path, {"tasks.py": source}, preview=True)) == []


def test_a_task_made_before_the_loop_meets_both_branches_stores(tmp_path: Path) -> None:
    # every op's entry is the one task (line 13); the pipeline's selection is put into one slot
    # of it, ``task["mods"]["cache"]``, again each round (line 8): one entry, not several
    source = BRANCHES.format(made_before='task = {"mods": {}}', made_in="pass")
    assert [(d.code, d.location.line) for d in run(tmp_path, {"tasks.py": source})] == [("AL004", 13)]


# buildbot 4.3.0 ``Cppcheck.run``: the step gives itself its own copy of the class's
# ``descriptionDone`` first, then calls methods that may rebind it, then appends to its copy
OWN_COPY = """
    class Step:
        done = ["x"]
        spec = {{"env": []}}

        def log(self):
            pass

    class Cppcheck(Step):
        def run(self, flag):
    {body}
"""


def test_an_instance_copy_made_first_is_the_instance_own_after_other_calls(tmp_path: Path) -> None:
    body = """
            self.done = self.done[:]
            self.log()
            for m in range(3):
                self.done.append(m)"""
    assert shown(run(tmp_path, {"step.py": OWN_COPY.format(body=body)}, preview=True)) == []


@pytest.mark.parametrize(("body", "expected"), [
    # the class's list is changed before the copy
    ("""
            self.done.append(1)
            self.done = self.done[:]""", [("AL003", 12)]),
    # the copy is made on one path only
    ("""
            if flag:
                self.done = self.done[:]
            self.log()
            self.done.append(1)""", [("AL003", 15)]),
    # the copy is shallow: what is appended to is the class's nested list (the copy is named)
    ("""
            self.spec = dict(self.spec)
            self.log()
            self.spec["env"].append(1)""", [("AL002", 12)]),
])
def test_a_copy_made_late_on_one_path_or_shallow_is_still_found(tmp_path: Path, body: str, expected: list) -> None:
    found = run(tmp_path, {"step.py": OWN_COPY.format(body=body)})
    assert [(d.code, d.location.line) for d in found] == expected
