"""Kinds of issue 8's blind thirty-fourth set left at its first stop, and of the thirty-fifth set,
kept as tests with their twins.

- set 34 (wandb 0.31.0): a name returned under ``if name is None:`` is no object; a whole argument
  stored under one key is nested, not merged; a flag handed through by its name carries the
  callee's requirement to the caller; AL002 names the change that is not a fill; a package's
  re-exports are public entry points, and an in-place updater's finding yields to the caller that
  consumes the argument; duck typing names no class for a public method of an outside base;
- set 35 (litellm 1.110.2, charmcraft 4.5.0): a lookup of another named key after the pops is no
  second use; a part of a context every caller builds for the call has no next call; a held
  object's own method changing its state is preview for AL002; a key renamed in place is a move.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_harm import run, shown


def the_finding(tmp_path: Path, files: dict[str, str], code: str, line: int, confidence: str):
    """The one default finding of ``files``, which must be ``code`` at ``line``."""
    found = run(tmp_path, files)
    assert shown(found) == [(code, line, confidence)]
    return found[0]

# wandb 0.31.0 ``apis/public/reports.py:235``: ``filter_to_mongo`` returns ``{path: ...}`` or, when
# the server path is missing, ``path`` itself under ``if path is None``; the path comes from
# ``key_to_server_path``, which returns ``key["name"]`` for one section. Read as "``path``, whatever
# it holds", the report's append into the query it built went into the caller's filter key
QUERY = '''\
class QueryGenerator:
    def server_path(self, key):
        if key["section"] == "run":
            return key["name"]
        return "config." + key["name"]

    def individual(self, flt):
        path = self.server_path(flt["key"])
        if path is None:
            return path
        return {path: op_value(flt["op"])}

    def to_query(self, flt):
        if "op" in flt:
            return {flt["op"]: [self.to_query(f) for f in flt["filters"]]}
        return self.individual(flt)


class Report:
    def __init__(self):
        self.qg = QueryGenerator()

    def runs(self, section):
        filters = self.qg.to_query(section["filters"])
        filters["$or"][0]["$and"].append({"name": section["names"]})
        return Runs(filters)


class Runs:
    def __init__(self, filters):
        self.filters = filters


def op_value(op):
    return {"$" + op.lower(): None}
'''


def test_a_name_returned_where_it_is_none_is_no_alias(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/query.py": QUERY}, preview=True)) == []


def test_a_name_returned_where_it_is_none_after_an_early_exit_is_no_alias(tmp_path: Path) -> None:
    source = QUERY.replace('''        if path is None:
            return path
        return {path: op_value(flt["op"])}''', '''        if path is not None:
            return {path: op_value(flt["op"])}
        return path''')
    assert shown(run(tmp_path, {"pkg/query.py": source}, preview=True)) == []


def test_twin_a_name_returned_where_it_is_only_false_may_be_the_part(tmp_path: Path) -> None:
    # an empty string or an empty list is false too: the part of the caller's filter comes back
    d = the_finding(tmp_path, {"pkg/query.py": QUERY.replace("if path is None:", "if not path:")}, "AL007", 25, "HIGH")
    assert d.message.startswith(
        '`Report.runs` appends to `section["filters"]["filters"][*]["key"]["name"]["$and"]`, the caller\'s '
        '`section`, while building its result from it')


def test_twin_a_name_returned_where_it_is_not_none_is_the_part(tmp_path: Path) -> None:
    source = QUERY.replace('''        if path is None:
            return path
        return {path: op_value(flt["op"])}''', '''        if path is not None and flt.get("raw"):
            return path
        return {path: op_value(flt["op"])}''')
    assert shown(run(tmp_path, {"pkg/query.py": source})) == [("AL007", 25, "HIGH")]


def test_twin_a_fallback_bound_where_the_argument_is_none_is_still_a_fallback(tmp_path: Path) -> None:
    # ``if x is None: x = {}`` binds the function's own object (not a conversion of the caller's);
    # the caller's object is changed on the other path, every round
    source = '''\
def add_label(labels=None):
    if labels is None:
        labels = {}
    labels["run"] = "1"
    labels.setdefault("items", []).append(1)
    return labels


def build(spec):
    out = []
    for _ in range(3):
        out.append(add_label(spec["labels"]))
    return out
'''
    assert shown(run(tmp_path, {"pkg/labels.py": source})) == [("AL001", 12, "HIGH")]


# wandb 0.31.0 ``sdk/launch/utils.py:300``: ``construct_launch_spec`` stores the caller's whole
# ``resource_args`` under one key of the spec it builds. Taken for a merge helper filling a new
# object with the items of ``resource_args``, the spec read as a shallow copy of it, and a write into
# the spec's ``overrides`` as a write into ``resource_args["overrides"]``
SPEC = '''\
def construct_spec(config, resource_args, entry_point):
    spec = config if config is not None else {}
    if "overrides" not in spec:
        spec["overrides"] = {}
    if resource_args:
        spec["resource_args"] = resource_args
    if entry_point:
        spec["overrides"]["entry_point"] = entry_point
    return spec


def launch(resource_args, entry_point):
    spec = construct_spec({}, resource_args, entry_point)
    spec["overrides"]["args"] = ["--x"]
    return spec
'''


def test_a_whole_argument_stored_under_one_key_is_nested_not_merged(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/spec.py": SPEC}, preview=True)) == []


def test_twin_the_items_of_an_argument_stored_one_by_one_are_merged(tmp_path: Path) -> None:
    source = SPEC.replace('''    if resource_args:
        spec["resource_args"] = resource_args''', '''    for key in resource_args:
        spec[key] = resource_args[key]''')
    d = the_finding(tmp_path, {"pkg/spec.py": source}, "AL002", 6, "HIGH")
    assert d.message == (
        "`construct_spec()` fills a new object with the items of another here: it copies only the top level, so "
        "the code that writes an item of `resource_args[\"overrides\"]` also changes the original, the caller's "
        "`resource_args`; use `copy.deepcopy()`, or copy the nested level that is changed")


# wandb 0.31.0 ``sdk/launch/agent/agent.py:874``: the agent requeues a preempted run with
# ``launch_add(config=config, ...)``, which hands its ``build`` (``False`` by default) through to
# ``_launch_add``, whose ``if build:`` alone builds an image and rewrites the entry point. The flag
# was checked only where it is passed as a literal, so the requeue seemed to change the agent's spec
LAUNCH = '''\
def update_entrypoint(spec, path):
    spec["overrides"]["entry_point"][1] = path


def _launch_add(config, queue, build=False):
    spec = config if config is not None else {}
    spec["queue"] = queue
    if build:
        update_entrypoint(spec, "/mnt/code/main.py")
    return spec


def launch_add(config=None, queue=None, build=False):
    return _launch_add(config, queue, build=build)


class Agent:
    def __init__(self, spec):
        self.spec = spec

    def requeue(self):
        for queue in ("a", "b"):
            config = self.spec.copy()
            del config["queue"]
            launch_add(config=config, queue=queue)
'''


def test_a_flag_handed_through_and_left_at_its_default_keeps_the_change_out(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/launch.py": LAUNCH}, preview=True)) == []


def test_twin_a_flag_handed_through_and_set_makes_the_change(tmp_path: Path) -> None:
    source = LAUNCH.replace("launch_add(config=config, queue=queue)",
                            "launch_add(config=config, queue=queue, build=True)")
    d = the_finding(tmp_path, {"pkg/launch.py": source}, "AL002", 23, "HIGH")
    assert d.message == (
        "`self.spec.copy()` copies only the top level, so the code that writes an item of "
        "`self.spec[\"overrides\"][\"entry_point\"]` also changes the original, the instance's `self.spec`; use "
        "`copy.deepcopy()`, or copy the nested level that is changed")


def test_twin_a_flag_computed_from_the_callers_is_not_handed_through(tmp_path: Path) -> None:
    # ``build=build or force``: the callee's flag is no longer the caller's own, so nothing is known
    source = LAUNCH.replace("def launch_add(config=None, queue=None, build=False):",
                            "def launch_add(config=None, queue=None, build=False, force=True):").replace(
        "build=build)", "build=build or force)")
    assert shown(run(tmp_path, {"pkg/launch.py": source})) == [("AL002", 23, "HIGH")]


def test_an_optional_string_handed_through_and_left_out_keeps_the_change_out(tmp_path: Path) -> None:
    # ``if docker_image:`` in the spec builder; ``docker_image: str | None`` is plain data, handed
    # through two calls by its name, and the agent's call leaves it out
    source = '''\
def construct(config, docker_image: str | None):
    spec = config if config is not None else {}
    if "docker" not in spec:
        spec["docker"] = {}
    if docker_image:
        spec["docker"]["docker_image"] = docker_image
    return spec


def _launch_add(config, queue, docker_image: str | None):
    spec = construct(config, docker_image)
    spec["queue"] = queue
    return spec


def launch_add(config=None, queue=None, docker_image: str | None = None):
    return _launch_add(config, queue, docker_image)


class Agent:
    def __init__(self, spec):
        self.spec = spec

    def requeue(self):
        for queue in ("a", "b"):
            config = self.spec.copy()
            del config["queue"]
            launch_add(config=config, queue=queue{image})
'''
    assert shown(run(tmp_path / "out", {"pkg/launch.py": source.replace("{image}", "")}, preview=True)) == []
    assert shown(run(tmp_path / "in", {"pkg/launch.py": source.replace("{image}", ', docker_image="x:1"')})) == [
        ("AL002", 26, "HIGH")]


# wandb 0.31.0 ``Run._partial_history_callback``: ``data = data.copy()  # avoid modifying the
# original data``, then the nested dicts lose their chart entries (a ``pop``) and, eleven calls
# down, a logged object's service sets its session once. The message named the session, a fill
# that repeating leaves as it was, and the thirty-fourth set's reader judged it by that
LOG = '''\
def fill(data):
    for v in data.values():
        if "seen" not in v:
            v["seen"] = True


def pop_charts(data):
    for v in data.values():
        v.pop("chart", None)


def log(data):
    data = data.copy()
    fill(data)
    pop_charts(data)
    return data
'''


def test_a_shallow_copys_message_names_the_change_that_is_not_a_fill(tmp_path: Path) -> None:
    d = the_finding(tmp_path, {"pkg/log.py": LOG}, "AL002", 13, "HIGH")
    assert d.message == (
        "`data.copy()` copies only the top level, so the code that pops from `data[*]` also changes the original, "
        "the caller's `data`; use `copy.deepcopy()`, or copy the nested level that is changed")
    assert d.related[0].location.line == 9


def test_twin_fills_alone_stay_in_the_preview_tier(tmp_path: Path) -> None:
    source = LOG.replace('v.pop("chart", None)', 'v.setdefault("chart", None)')
    assert shown(run(tmp_path, {"pkg/log.py": source}, preview=True)) == [("AL002", 13, "MEDIUM")]


# wandb 0.31.0 ``sdk/launch/utils.py:258``: ``construct_launch_spec`` fills the caller's ``config=``
# dict of the public ``launch_add`` (``launch_spec = launch_config if launch_config is not None
# else {}``) with this call's ``run_id``, image and entry point, on some calls only; a second
# ``launch_add`` with the same dict inherits them (reproduced by the thirty-fourth set's reader,
# a miss). ``launch_add`` lives in the private module ``_launch_add``, which the package's
# ``__init__`` re-exports; and ``construct_launch_spec`` returns the spec it fills, an in-place
# updater whose preview-only finding took the change from ``launch_add``'s
LAUNCH_ADD = {
    "pkg/__init__.py": "from ._launch_add import launch_add\n",
    "pkg/_launch_add.py": '''\
def construct_launch_spec(uri, job, launch_config, run_id):
    launch_spec = launch_config if launch_config is not None else {}
    if uri is not None:
        launch_spec["uri"] = uri
    if job is not None:
        launch_spec["job"] = job
    if run_id is not None:
        launch_spec["run_id"] = run_id
    return launch_spec


def launch_add(uri=None, job=None, config=None, run_id=None):
    launch_spec = construct_launch_spec(uri, job, config, run_id)
    return QueuedRun(launch_spec["uri"], launch_spec.get("run_id"))


class QueuedRun:
    def __init__(self, uri, run_id):
        self.uri = uri
        self.run_id = run_id
''',
}


def test_a_private_modules_function_the_package_re_exports_is_a_public_entry(tmp_path: Path) -> None:
    d = the_finding(tmp_path, LAUNCH_ADD, "AL007", 13, "HIGH")
    assert d.message == (
        "`launch_add` writes an item of `config` (through construct_launch_spec), the caller's `config`, on some "
        "calls only; a caller that passes `config` again, to a call that does not set that key, passes this "
        "call's value on; copy it first (`config = copy.copy(config)` at the top of `launch_add`)")
    assert [(r.location.line, r.message) for r in d.related][-1] == (
        12, "public entry point: `config` comes from the caller, and this sets a named key in it on some calls "
            "only: the next call that does not set it keeps this one's value")


def test_twin_a_private_modules_function_nothing_re_exports_is_no_public_entry(tmp_path: Path) -> None:
    files = dict(LAUNCH_ADD, **{"pkg/__init__.py": ""})
    assert shown(run(tmp_path, files, preview=True)) == []


def test_twin_a_private_module_imported_by_another_module_is_not_re_exported(tmp_path: Path) -> None:
    # a plain module's import is for its own use; only a package's ``__init__`` hands names on
    files = dict(LAUNCH_ADD, **{"pkg/__init__.py": "", "pkg/api.py": "from ._launch_add import launch_add\n"})
    assert shown(run(tmp_path, files, preview=True)) == []


def test_twin_the_in_place_updater_called_by_no_one_keeps_its_preview_finding(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/launch.py": LAUNCH_ADD["pkg/_launch_add.py"].split("\n\n\ndef launch_add")[0]}
    found = run(tmp_path, files, preview=True)
    assert shown(found) == [("AL007", 4, "MEDIUM")]


# wandb 0.31.0 ``cli/beta_sandbox.py:34``: ``SandboxCommand(click.Command).invoke`` pops the option
# it added from ``ctx.params``; ``ctx.invoke(projects, ...)`` in a click callback is
# ``click.Context.invoke``, but the parameter ``ctx`` of unknown class, called with ``invoke``
# only, was taken by duck typing for the one project class defining ``invoke`` (a B of the
# thirty-fourth set, whose named second use was that call)
SANDBOX = '''\
import click


class SandboxCommand(click.Command):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.params.append(click.Option(["--entity"]))

    def invoke(self, ctx):
        ctx.params.pop("entity", None)
        return super().invoke(ctx)


def run_all(command, ctx, names):
    out = []
    for name in names:
        ctx.params["name"] = name
        out.append(command.invoke(ctx))
    return out
'''


def test_a_public_method_name_of_a_class_with_an_outside_base_types_no_parameter(tmp_path: Path) -> None:
    # the method's own pop stays a preview finding; ``run_all``'s call is not taken for it
    assert shown(run(tmp_path, {"pkg/cli.py": SANDBOX}, preview=True)) == [("AL007", 10, "MEDIUM"),
                                                                            ("AL007", 17, "MEDIUM")]


def test_twin_a_private_method_name_is_the_projects_own(tmp_path: Path) -> None:
    # ``_invoke_sandboxed`` is no outside library's API: ``command`` is a SandboxCommand, and
    # ``run_all`` hands its caller's ``ctx`` to the pop
    source = SANDBOX.replace("def invoke(self, ctx):", "def _invoke_sandboxed(self, ctx):").replace(
        "command.invoke(ctx)", "command._invoke_sandboxed(ctx)")
    assert shown(run(tmp_path, {"pkg/cli.py": source})) == [("AL007", 18, "HIGH")]


# litellm 1.110.2's provider handlers pop ``max_retries`` and ``json_mode`` from the
# ``optional_params`` that ``completion()`` then asks for ``stream``: no entry the handler took
# out is looked up again (the named second use of many of the blind thirty-fifth set's C's)
POPPED = '''\
class _Azure:
    def _completion(self, model, optional_params):
        max_retries = optional_params.pop("max_retries", None)
        json_mode = optional_params.pop("json_mode", False)
        return {"model": model, "retries": max_retries, "json": json_mode, "params": dict(optional_params)}


_azure = _Azure()


def _run(model, optional_params):
    response = _azure._completion(model, optional_params)
    if optional_params.get("stream", False):
        return iter([response])
    return response
'''


def test_a_lookup_of_another_named_key_after_the_pops_is_no_second_use(tmp_path: Path) -> None:
    # a private helper with no second use is not even a preview finding (see AL007's tiers)
    assert shown(run(tmp_path, {"pkg/main.py": POPPED}, preview=True)) == []


@pytest.mark.parametrize("lookup", ['optional_params.get("json_mode")', "optional_params.get(name)"])
def test_twin_a_lookup_of_a_popped_or_unknown_key_is_the_second_use(tmp_path: Path, lookup: str) -> None:
    source = POPPED.replace('optional_params.get("stream", False)', lookup).replace(
        "def _run(model, optional_params):", "def _run(model, optional_params, name=None):")
    d = the_finding(tmp_path, {"pkg/main.py": source}, "AL007", 3, "HIGH")
    assert d.related[-1].message == (
        "second use: `optional_params.get` here reads its entries again, after `_completion` took some out")


def test_twin_a_pop_of_a_key_not_known_makes_every_lookup_a_second_use(tmp_path: Path) -> None:
    source = POPPED.replace('json_mode = optional_params.pop("json_mode", False)',
                            "json_mode = optional_params.pop(model, False)")
    assert shown(run(tmp_path, {"pkg/main.py": source})) == [("AL007", 3, "HIGH")]


# litellm 1.110.2 ``chat_completion_agentic_loop.py:299``: ``{**optional_params, ...}`` holds the
# request's Logging object, whose own methods record usage in ``self.model_call_details``; every
# other rule takes a change an object's own method makes as its state (15 B's of the blind
# thirty-fifth set)
RECORDER = '''\
class Recorder:
    def __init__(self):
        self.details = {}

    def record(self, key, value):
        self.details[key] = value


def bill(recorder):
    recorder.record("billed", True)


def complete(**kwargs):
    bill(kwargs["recorder"])
    return kwargs


def build(options):
    params = {**options}
    params.pop("stream", None)
    return complete(**params)


def build_twice(options):
    return build(options), build(options)
'''


def test_a_held_objects_own_method_changing_its_state_is_preview_only(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/loop.py": RECORDER}, preview=True)) == [("AL002", 19, "MEDIUM")]


def test_twin_a_function_changing_the_held_objects_state_itself_is_shown(tmp_path: Path) -> None:
    source = RECORDER.replace('    recorder.record("billed", True)', '    recorder.details["billed"] = True')
    d = the_finding(tmp_path, {"pkg/loop.py": source}, "AL002", 19, "HIGH")
    assert d.message == (
        "`{**options}` copies only the top level, so the code that writes an item of `options[\"recorder\"].details` "
        "also changes the original, the caller's `options`; use `copy.deepcopy()`, or copy the nested level that "
        "is changed")


# litellm 1.110.2's provider routes: ``completion()`` builds a request context per call, and each
# route hands ``ctx.optional_params`` to a handler that pops from it; the route's "next call"
# (the named second use) gets another context. The context's constructor is no other holder of
# the dict it was built with: the context itself holds it
ROUTE = '''\
class Context:
    def __init__(self, model, optional_params):
        self.model = model
        self.optional_params = optional_params


class _Azure:
    def _completion(self, model, optional_params):
        max_retries = optional_params.pop("max_retries", None)
        return {"model": model, "retries": max_retries, "params": dict(optional_params)}


_azure = _Azure()


def _azure_route(ctx):
    optional_params = ctx.optional_params
    return _azure._completion(ctx.model, optional_params)


def _completion(model, **kwargs):
    ctx = Context(model, {"max_retries": kwargs.get("max_retries"), "stream": kwargs.get("stream")})
    return _azure_route(ctx)
'''


def test_a_part_of_a_context_built_for_each_call_has_no_next_call(tmp_path: Path) -> None:
    # the route's own consumption of its context is silent: ``_completion`` hands the context it
    # built to the route and uses it no more (its "uses it again" witness named nothing after the
    # call; see ``harm._held_beyond_the_call``)
    assert shown(run(tmp_path, {"pkg/main.py": ROUTE}, preview=True)) == []


def test_twin_a_context_handed_to_two_routes_is_shared(tmp_path: Path) -> None:
    source = ROUTE.replace("    return _azure_route(ctx)",
                           "    first = _azure_route(ctx)\n    return first, _azure_route(ctx)")
    d = the_finding(tmp_path, {"pkg/main.py": source}, "AL007", 9, "HIGH")
    assert d.related[-1].message.startswith("second use: ")


# charmcraft 4.5.0 ``models/metadata.py:132``: ``unmarshal`` renames the undocumented
# ``maintainer`` key of the caller's data to ``maintainers``; the next run finds nothing to rename
RENAME = '''\
class CharmMetadata:
    def __init__(self, **fields):
        self.fields = fields

    @classmethod
    def unmarshal(cls, data):
        if "maintainer" in data and "maintainers" in data:
            raise ValueError("both")
        if "maintainer" in data:
            data["maintainers"] = [data["maintainer"]]
            del data["maintainer"]
        return cls(**data)
'''


def test_a_key_renamed_in_place_is_no_removal(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/metadata.py": RENAME}, preview=True)) == []


def test_twin_a_key_deleted_after_another_is_set_is_a_removal(tmp_path: Path) -> None:
    source = RENAME.replace('data["maintainers"] = [data["maintainer"]]', 'data["maintainers"] = ["nobody"]')
    # (its argument named as configuration: see ``harm._optional``)
    source = re.sub(r"\bdata\b", "metadata", source)
    d = the_finding(tmp_path, {"pkg/metadata.py": source}, "AL007", 11, "HIGH")
    assert d.message.startswith("`CharmMetadata.unmarshal` deletes from `metadata`, the caller's `metadata`")
