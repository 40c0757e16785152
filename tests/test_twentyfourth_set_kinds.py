"""Kinds of issue 8's blind twenty-fourth set (mlrun 1.12.1, zenml 0.98.0, dagster-k8s 0.29.27,
ansible-core 2.19.14) kept as tests, each with twins that show where the kind stops.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.diagnostics import Confidence, Diagnostic, Location, RelatedLocation
from aliaslint.files import discover
from aliaslint.summary import ModuleSummary
from rules.stored_reference_mutation import _one_per_change
from test_harm import run, shown

# ansible-core's ``FieldAttributeBase._resolve_group``: returns early when the group is in the
# play's memo, fills the memo at the end; what it adds to the play in between is added once per
# group, whichever block asks
MEMO = """\
class Play:
    def __init__(self):
        self.action_groups = {}
        self.group_actions = {}


class Block:
    def __init__(self, play: Play):
        self.play = play

    def resolve_group(self, name: str) -> list:
        if name in self.play.group_actions:
            return self.play.group_actions[name]
        actions = [name + ".a", name + ".b"]
        for action in actions:
            self.play.action_groups.setdefault(action, []).append(name)
        self.play.group_actions[name] = actions
        return actions
"""


def _kinds(tmp_path: Path, text: str, function: str) -> list[tuple[int, str, str]]:
    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    fn = next(s for s in summaries if isinstance(s, ModuleSummary)).functions[function]
    return [(m.site.line, m.kind, m.op) for m in fn.mutations]


def test_changes_past_a_memo_check_run_once_per_key(tmp_path: Path) -> None:
    assert _kinds(tmp_path, MEMO, "m.Block.resolve_group") == [
        (16, "setdefault", "setdefault"), (16, "setdefault", "append"), (17, "setdefault", "[] =")]


@pytest.mark.parametrize("fill", [
    # the memo is never filled: every call runs the whole body
    "        self.play.seen[name] = actions\n",
    # filled at another key than the one tested
    "        self.play.group_actions[actions[0]] = actions\n",
])
def test_a_membership_test_that_is_no_memo_guards_nothing(tmp_path: Path, fill: str) -> None:
    text = MEMO.replace("        self.play.group_actions[name] = actions\n", fill)
    assert (16, "accumulate", "append") in _kinds(tmp_path, text, "m.Block.resolve_group")


# ansible-core's plugin loader: ``while True: result = step(name, ctx); if result.pending:
# name = result.pending ... else: break``; ``name`` is another one each round (the ``break``
# leaves the loop without rebinding it)
REDIRECTS = """\
class Context:
    def __init__(self):
        self.redirect_list = []
        self.pending = None


def step(name: str, ctx: Context) -> Context:
    ctx.redirect_list.append({value})
    ctx.pending = lookup(name)
    return ctx


def lookup(name: str):
    return name + "x" if len(name) < 5 else None


def find(name: str) -> Context:
    ctx = Context()
    while True:
        result = step(name, ctx)
        if result.pending:
            {rebind}
            result.pending = None{thread}
        else:
            break
    return ctx
"""


@pytest.mark.parametrize(("value", "rebind", "thread", "expected"), [
    # a name rebound on every round that goes on: another value each time
    ("name", "name = result.pending", "", []),
    # the same name each round: the second round appends it again
    ("name", "pass", "", [("AL001", 20, "HIGH")]),
    # the loop hands the call's own result back to it: a fold, meant to grow
    ('"step"', "name = result.pending", "\n            ctx = result", [("AL001", 20, "MEDIUM")]),
    ('"step"', "name = result.pending", "", [("AL001", 20, "HIGH")]),
])
def test_a_loop_rebinding_before_its_break(tmp_path: Path, value: str, rebind: str, thread: str,
                                           expected: list) -> None:
    text = REDIRECTS.format(value=value, rebind=rebind, thread=thread)
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == expected


# ansible-core's ``_load_plugin_filter``: no arguments, sets named entries of the module-level
# filters from the file it reads; a literal option added to a shared spec is C11 (intersight)
LOADER = """\
import json

FILTERS = {}


def load_filters() -> dict:
    filters = FILTERS
    with open("filters.json") as f:
        filter_data = json.load(f)
    # (a value text long enough for messages to shorten: ``frozenset(...)``)
    filters["modules"] = frozenset(filter_data["module_rejectlist"])
    filters["actions"] = filters["modules"]
    return filters


def add_option() -> dict:
    filters = FILTERS
    filters["servers"] = {"type": "list"}
    return filters
"""


def test_a_function_of_no_arguments_loading_a_module_level_object_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": LOADER}, preview=True)) == [("AL003", 11, "MEDIUM"), ("AL003", 18, "HIGH")]


# mlrun's ``WebhookNotification.push``: replaces the ``{{ runs }}`` placeholder in the body the
# caller gave; a copy in ``__init__`` leaves the second push on the same instance without it
HOOK = """\
import re


class Notification:
    def __init__(self, params: dict):
        self.params = params


class Webhook(Notification):
    def push(self, runs: list) -> dict:
        body = self.params["override_body"]
        for key, value in body.items():
            if re.search(r"{{\\s*runs\\s*}}", value):
                body[key] = re.sub(r"{{\\s*runs\\s*}}", str(runs), value)
        return body
"""


def test_a_public_method_rewriting_what_was_kept_is_fixed_in_the_method(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": HOOK})
    assert shown(found) == [("AL006", 14, "HIGH")]
    assert found[0].message.endswith(
        "the caller's object changes under it, and every later `push()`, on this Webhook or another built from the "
        "same object, starts from the changed one; copy it in `push` before changing it")


def test_the_change_that_is_not_repeat_safe_is_named_first(tmp_path: Path) -> None:
    text = textwrap.dedent("""\
        class Play:
            def __init__(self):
                self.groups = {}
                self.tags = []


        class Block:
            def __init__(self, play: Play):
                self.play = play

            def resolve(self, name: str) -> None:
                self.play.groups.setdefault(name, [])

            def tag(self, t: str) -> None:
                self.play.tags[0] = t
        """)
    found = run(tmp_path, {"m.py": text}, preview=True)
    assert shown(found) == [("AL006", 15, "MEDIUM")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (9, "kept by reference here"), (12, "also mutated here (setdefault)")]


def test_copies_of_another_object_each_round_share_nothing_with_each_other(tmp_path: Path) -> None:
    # mlrun's parallel router: ``step = copy.copy(route)`` for each route, kept in ``out``
    text = textwrap.dedent("""\
        import copy


        def detach(routes: dict) -> dict:
            out = {}
            for key, route in routes.items():
                step = copy.copy(route)
                step.context = None
                step.model.context = None
                out[key] = step
            return out
        """)
    found = run(tmp_path, {"m.py": text})
    assert shown(found) == [("AL002", 7, "HIGH")]
    assert not any("they all end as the last one" in r.message for r in found[0].related)
    # the same template copied each round: every kept copy shares its nested object
    same = text.replace("step = copy.copy(route)", "step = copy.copy(routes['base'])")
    found = run(tmp_path / "same", {"m.py": same})
    assert any("they all end as the last one" in r.message for r in found[0].related)


def _finding(line: int, confidence: Confidence, kept: int) -> Diagnostic:
    where = Location("m.py", line, 5, line, 9)
    return Diagnostic("AL006", "stored-reference-mutation", "m", where,
                      (RelatedLocation(Location("m.py", kept, 9, kept, 13), "kept by reference here"),),
                      confidence=confidence)


def test_several_classes_keeping_one_object_changed_by_one_statement_are_one_finding() -> None:
    found = [_finding(378, Confidence.MEDIUM, 53), _finding(378, Confidence.HIGH, 107), _finding(516, Confidence.HIGH, 148)]
    merged = _one_per_change(found, set())
    assert [(d.location.line, d.confidence) for d in merged] == [(378, Confidence.HIGH), (516, Confidence.HIGH)]
    assert [r.location.line for r in merged[0].related] == [53, 107]
    # one that another rule may explain is left alone
    assert len(_one_per_change(found, {id(found[1])})) == 3


# ansible-core's ``ConfigManager.DEPRECATED``: filled through ``self`` by the config manager,
# worked through by the display (``while config.DEPRECATED: dep = config.DEPRECATED.pop(0)``)
QUEUE = """\
class Config:
    DEPRECATED = []

    def load(self, entry: dict):
        if "deprecated" in entry:
            self.DEPRECATED.append((entry["name"], entry["deprecated"]))
        return entry["value"]
"""

DRAIN = """

def report(config: Config) -> None:
    while config.DEPRECATED:
        dep = config.DEPRECATED.pop(0)
        print(dep)
"""


def test_a_class_level_list_drained_elsewhere_is_a_queue(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": QUEUE + DRAIN}, preview=True)
    assert shown(found) == [("AL003", 6, "MEDIUM")]
    assert found[0].message == (
        "`Config.load` appends to `Config.DEPRECATED`, a class-level object: it is worked through as a queue "
        "(a loop takes its entries out until it is empty), so adding to it is what it is for; nothing to change "
        "if that is intended")
    assert shown(run(tmp_path / "kept", {"m.py": QUEUE}, preview=True)) == [("AL003", 6, "HIGH")]


@pytest.mark.parametrize(("doc", "tier"), [
    # ansible-core's ``normalize_result_exception``
    ("Normalize the result `exception`. The `exception` key will be removed if falsey.", "MEDIUM"),
    ("Summarise the result.", "HIGH"),
])
def test_a_docstring_saying_the_key_is_removed_makes_the_removal_intended(tmp_path: Path, doc: str,
                                                                          tier: str) -> None:
    # (an argument named as configuration: a named key taken out of a required argument of
    # another name is the function's input, taken apart, preview whatever its docstring says)
    text = (f'def normalize(result_options: dict) -> dict:\n    """{doc}"""\n'
            '    exception = result_options.pop("exception", None)\n'
            '    return {"failed": result_options.get("failed"), "exception": exception}\n')
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == [("AL007", 3, tier)]


PROCESS = """\
def process(results: list) -> list:
    out = []
    for r in results:
        out.append(r.pop("include_args", None))
    return out


def pending() -> list:
    return [{"include_args": {"x": 1}}]


def note(results: list) -> int:
    return len(results)
"""


def test_a_list_extended_by_another_holds_its_elements_not_it(tmp_path: Path) -> None:
    # ansible-core's free strategy: ``host_results.extend(results)``, then ``results`` handed on
    text = PROCESS + textwrap.dedent("""
        def run(hosts: list) -> list:
            done = []
            for host in hosts:
                host_results = []
                results = pending()
                host_results.extend(results)
                note(results)
                done.append(process(host_results))
            return done
        """)
    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summary = next(s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
                   if isinstance(s, ModuleSummary))
    call = next(c for c in summary.functions["m.run"].calls if c.text == "process")
    (held,) = call.args[0]
    assert [(o.root.kind, o.path) for o in dict(held.fields)["[*]"]] == [("call", ("[*]",))]


@pytest.mark.parametrize(("made", "expected"), [
    # made anew each round: the earlier call of the round saw another object the round before
    ("        results = []\n", []),
    # one list for every round: the next round's earlier call sees the change
    ("", [("AL007", 4, "HIGH")]),
])
def test_an_earlier_call_in_the_loop_sees_the_change_only_on_one_object(tmp_path: Path, made: str,
                                                                        expected: list) -> None:
    # ansible-core's linear strategy: ``results = []`` each round, ``update_active_connections(
    # results)`` before ``process_include_results(results)``
    text = PROCESS + "\n\ndef run(hosts: list) -> list:\n    done = []\n    results = []\n" \
        "    for host in hosts:\n" + made.replace("        ", "        ") + \
        "        results.extend(pending())\n        note(results)\n        done.append(process(results))\n" \
        "    return done\n"
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == expected


def test_one_object_stored_under_each_key_filled_only_when_unset_is_no_last_value(tmp_path: Path) -> None:
    # aws-sam-cli's routes: one route stored under each of its methods, its payload format
    # version filled from another route only while it has none
    text = textwrap.dedent("""\
        def dedupe(configs: list) -> dict:
            all_routes = {}
            for config in configs:
                for method in config.methods:
                    key = config.path + method
                    route = all_routes.get(key)
                    if route and route.version and config.version is None:
                        config.version = route.version
                    all_routes[key] = config
            return all_routes
        """)
    assert run(tmp_path, {"m.py": text}, preview=True) == []
    # set whatever it held: each method's route leaves its version in the one object
    changed = text.replace(" and config.version is None", "")
    assert shown(run(tmp_path / "set", {"m.py": changed}, preview=True)) == [("AL004", 9, "HIGH")]
