"""Kinds of issue 8's blind twenty-second set (apache-airflow-providers-cncf-kubernetes 10.25.0,
prefect 3.9.1, cookiecutter 2.7.1, troposphere 4.11.1) kept as tests, each with twins that show
where the kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run

# cookiecutter 2.7.1's ``cookiecutter()``: ``choose_nested_template(context, ...)`` takes the
# prompts out of the context, then ``return cookiecutter(template=nested, ...)``; the
# ``prompt_for_config(context, ...)`` below, in the other path, never runs after it
LEAVES = """
    import json


    def choose(context):
        prompts = context["cookiecutter"].pop("__prompts__", {{}})
        return prompts.get("template", "default")


    def prompt_for(context):
        return dict(context["cookiecutter"])


    def generate(path, nested):
        context = load(path)
        if nested:
            template = choose(context)
            {leave}
        answers = prompt_for(context)
        return answers


    def load(path):
        with open(path) as f:
            return {{"cookiecutter": json.load(f)}}


    def run(template):
        return template
"""


@pytest.mark.parametrize("leave", ["return run(template)", "raise SystemExit(run(template))"])
def test_a_use_after_the_arm_that_returns_is_no_second_use(tmp_path: Path, leave: str) -> None:
    assert run(tmp_path, {"m.py": LEAVES.format(leave=leave)}, preview=True) == []


@pytest.mark.parametrize("leave", ["run(template)", "if template:\n                return run(template)"])
def test_a_use_after_an_arm_that_may_go_on_is_a_second_use(tmp_path: Path, leave: str) -> None:
    found = run(tmp_path, {"m.py": LEAVES.format(leave=leave)})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 6)]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (19 + leave.count("\n"), "second use: the call of `prompt_for` here gets the same object after `choose` changed it")]


# prefect 3.9.1's ``BaseWorker._submit_run``: in an ``except`` handler of an ``if`` arm,
# ``_mark_flow_run_as_cancelled(flow_run, ...)`` then ``return``; the ``_propose_pending_state
# (flow_run)`` below was named as the second use of the run's state
HANDLER = """
    import copy


    class Details:
        def __init__(self):
            self.run_id = None


    class Client:
        def set_state(self, run, state):
            state.details.run_id = run.id
            return state


    class Worker:
        def __init__(self):
            self.client = Client()

        def submit(self, run):
            if run.deployment_id:
                try:
                    self.read(run.deployment_id)
                except KeyError:
                    self.cancel(run)
                    {leave}
            self.propose(run)

        def cancel(self, run):
            state = copy.copy(run.state)
            self.client.set_state(run, state)

        def propose(self, run):
            return run.state.details.run_id

        def read(self, name):
            return name
"""


def test_a_use_past_a_handler_that_returns_is_no_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": HANDLER.format(leave="return")})
    assert [(d.code, d.location.line) for d in found] == [("AL002", 30)]
    assert [r.message for r in found[0].related][-1] == (
        "copied to leave it unchanged: the caller's `run` still holds the original (`run.state`), and only its top "
        "level was copied")


def test_a_use_past_a_handler_that_goes_on_is_the_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": HANDLER.format(leave="pass")})
    assert [(d.code, d.location.line) for d in found] == [("AL002", 30)]
    assert [(r.location.line, r.message) for r in found[0].related][-1] == (
        27, "second use: the call of `self.propose` here gets the same object after `Worker.cancel` changed it")


# prefect 3.9.1's ``json_schema_to_python_type(schema, context)``: it and ``_resolve_ref(ref,
# context)`` call each other, handing on the one context that collects conversion warnings
THREADED = """
    class Context:
        def __init__(self, definitions=None):
            self.definitions = definitions or {}
            self.warnings = []


    def to_type(schema, context=None):
        \"\"\"Convert a schema to a type.

        Args:
            schema: A JSON Schema dict.
            context: Conversion context for tracking definitions.DOC
        \"\"\"
        if context is None:
            context = Context()
        if "$ref" in schema:
            return resolve_ref(schema["$ref"], context)
        return schema.get("type", "Any")


    def resolve_ref(ref, context):
        definition = context.definitions.get(ref)
        if definition is None:
            context.warnings.append(f"not found: {ref}")
            return "Any"
        return to_type(definition, HANDED)
"""


def threaded(doc: str = "", handed: str = "context", more: str = "") -> str:
    return THREADED.replace("DOC", doc).replace("HANDED", handed) + more


def test_an_object_threaded_through_a_mutual_recursion_is_no_second_use(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": threaded()}) == []
    assert [(d.code, d.location.line, d.confidence.name) for d in run(tmp_path / "p", {"m.py": threaded()}, True)] \
        == [("AL007", 18, "MEDIUM")]


def test_a_shared_object_handed_into_a_mutual_recursion_is_a_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": threaded(handed="SHARED", more="\n\n    SHARED = Context()\n")})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 18)]
    assert [(r.location.line, r.message) for r in found[0].related][-1] == (
        27, "second use: this caller passes an object that outlives its run (a module- or class-level object, or a "
            "part of what it was given): its next run, and every other user of the object, sees what `to_type` "
            "changed")


LOOP = """

    def fields(schema, context):
        return {name: to_type(prop, context) for name, prop in schema["properties"].items()}
"""


def test_a_parameter_documented_as_capturing_what_is_found_is_meant_to_be_filled(tmp_path: Path) -> None:
    text = threaded(doc="\n                Pass a context to capture warnings during conversion.", more=LOOP)
    assert run(tmp_path, {"m.py": text}) == []
    assert [(d.code, d.location.line) for d in run(tmp_path / "p", {"m.py": text}, preview=True)] == [("AL007", 19)]


def test_a_parameter_documented_otherwise_is_not(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": threaded(doc="\n                Pass a context to reuse definitions.", more=LOOP)})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 19)]
    assert [(r.location.line, r.message) for r in found[0].related][-1] == (
        32, "second use: this caller passes an object it shares in a loop; the next use sees what `to_type` changed")


# prefect 3.9.1's ``CausalOrdering``: a class-level cache of caches, one per scope (an instance's
# field); the instances of one scope share their slot on purpose
SEEN = """
    from collections import defaultdict


    class CausalOrdering:
        _seen_events = defaultdict(dict)

        def __init__(self, scope):
            self.scope = scope

        def event_has_been_seen(self, event):
            return self._seen_events[self.scope].get(event.id, False)

        def record_event_as_seen(self, event):
            self._seen_events[{key}][event.id] = True


    def ordering(scope):
        return CausalOrdering(scope)
"""


def test_a_class_level_cache_keyed_by_inputs_at_every_level_is_meant_to_be_shared(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": SEEN.format(key="self.scope")}, preview=True) == []


@pytest.mark.parametrize(("key", "shown_as"), [('"spec"', '["spec"]'), ("event.scope", "[*]")])
def test_a_class_level_object_reached_by_another_key_is_every_instances(tmp_path: Path, key: str,
                                                                         shown_as: str) -> None:
    found = run(tmp_path, {"m.py": SEEN.format(key=key)})
    assert [(d.code, d.location.line) for d in found] == [("AL003", 15)]
    assert found[0].message.startswith("`CausalOrdering.record_event_as_seen` writes an item of "
                                       f"`CausalOrdering._seen_events{shown_as}` through `self`, but it is a "
                                       "class-level")


# cookiecutter 2.7.1's ``cookiecutter()``: after ``prompt_for_config(context)`` took the prompts
# out of the context, ``logger.debug('context is %s', context)`` only shows it
LOGGED = """
    import json
    import logging

    logger = logging.getLogger(__name__)


    def prompt_for(context):
        prompts = context["cookiecutter"].pop("__prompts__", {{}})
        return {{k: prompts.get(k, k) for k in context["cookiecutter"]}}


    def generate(path):
        context = load(path)
        answers = prompt_for(context)
        {after}
        return answers


    def load(path):
        with open(path) as f:
            return {{"cookiecutter": json.load(f)}}


    def render(context):
        return context["cookiecutter"]["__prompts__"]
"""


@pytest.mark.parametrize("after", ["logger.debug('context is %s', context)", "print(context)"])
def test_a_log_line_is_no_second_use(tmp_path: Path, after: str) -> None:
    assert run(tmp_path, {"m.py": LOGGED.format(after=after)}) == []


def test_a_later_call_that_reads_it_is_the_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": LOGGED.format(after="render(context)")})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 9)]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (16, "second use: the call of `render` here gets the same object after `prompt_for` changed it")]
