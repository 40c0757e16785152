"""The alias model follows the paths the code can take: an alias made where the code that writes
cannot see it is no finding, in any tier, and the same write reached by the alias is one."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.files import discover


def found(tmp_path: Path, text: str) -> list[tuple[str, int]]:
    (tmp_path / "m.py").write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, preview=True)
    diagnostics = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    return [(d.code, d.location.line) for d in diagnostics]


# mlrun 1.12.1 serving/v1_serving.py:225-247: ``parsed_event = body`` is the last statement of its
# branch of the ``try``; the handler appends to the fresh ``{"instances": []}``
HANDLER = """
    def parse(event, body):
        parsed = {{"instances": []}}
        try:
            {body}
        except Exception:
            parsed["instances"].append(event.body)
        return parsed

    def serve(events, body):
        for e in events:
            parse(e, body)
"""


@pytest.mark.parametrize(("body", "expected"), [
    # the alias is the body's last step: an exception raised in the body left `parsed` fresh
    ('if "url" in body:\n                check(body)\n            else:\n                parsed = body',
     []),
    ("parsed = body", []),
    # a statement after the alias can raise: the handler may append to the caller's dict
    ("parsed = body\n            check(body)", [("AL007", 8)]),
    # a loop's next round can raise after the alias
    ("for x in body:\n                parsed = body", [("AL007", 8)]),
    # so can a ``with`` block's exit
    ("with open_it():\n                parsed = body", [("AL007", 8)]),
    # a nested ``try`` whose handler does not catch passes its states on
    ("try:\n                parsed = body\n                check(body)\n"
     "            except KeyError:\n                pass", [("AL007", 11)]),
])
def test_a_handler_starts_from_a_state_the_try_body_can_raise_in(tmp_path: Path, body: str, expected: list) -> None:
    assert found(tmp_path, HANDLER.format(body=body)) == expected


# mlrun 1.12.1 datastore/targets.py:476: ``result = list(features.keys())``, the column names
VIEW = """
    def columns(features):
        result = list(features.{view}())
        for c in result:
            c["seen"] = True
        return result
"""


@pytest.mark.parametrize(("view", "expected"), [
    ("keys", []),                     # keys are not the mapping's items
    ("values", [("AL007", 5)]),       # values are
])
def test_a_list_of_a_mappings_keys_shares_none_of_its_items(tmp_path: Path, view: str, expected: list) -> None:
    assert found(tmp_path, VIEW.format(view=view)) == expected


# ansible-runner 2.4.3 utils/__init__.py:402: ``event_data['start_line'] = self._start_line`` then
# ``self._start_line += n_lines`` (``n_lines = chunk.count('\n')``) in the loop that emits events
COUNTER = """
    class Writer:
        def __init__(self):
            self._start = {initial}

        def emit(self, chunks):
            out = []
            for chunk in chunks:
                entry = {{}}
                entry["start"] = self._start
                self._start += chunk.{method}()
                out.append(entry)
            return out
"""


@pytest.mark.parametrize(("initial", "method", "expected"), [
    ("0", "count", []),                            # a number: ``+=`` rebinds the field
    ("[]", "splitlines", [("AL004", 10)]),         # a list the class set: extended in place
])
def test_an_augmented_field_is_changed_in_place_only_when_it_is_a_list(
        tmp_path: Path, initial: str, method: str, expected: list) -> None:
    assert found(tmp_path, COUNTER.format(initial=initial, method=method)) == expected



# docker 7.2.0 utils/ports.py:15-25: ``port_bindings[internal_port].append(external)`` for each
# port of a range: a different list on each iteration; the same key every time is a duplicate
PORTS = """
    def add_port_mapping(port_bindings, internal_port, external):
        if internal_port in port_bindings:
            port_bindings[internal_port].append(external)
        else:
            port_bindings[internal_port] = [external]


    def add_port(port_bindings, internal_port_range, external_range):
        if external_range is None:
            for internal_port in internal_port_range:
                add_port_mapping(port_bindings, internal_port, None)
        else:
            for internal_port, external_port in zip(internal_port_range, external_range):
                add_port_mapping(port_bindings, internal_port, external_port)


    def build_port_bindings(ports):
        port_bindings = {}
        for port in ports:
            add_port(port_bindings, port[0], port[1])
        return port_bindings


    def group(items, sink):
        for item in items:
            sink.setdefault(item["name"], []).append(item)


    def tag_all(items, tags):
        for item in items:
            add_port_mapping(tags, "seen", item)


    def mark_all(items, tags):
        for item in items:
            add_port_mapping(tags, "seen", None)
"""


def test_a_change_at_a_key_that_varies_with_the_loop_reaches_another_object_each_time(tmp_path: Path) -> None:
    assert found(tmp_path, PORTS) == [("AL001", 37)]



# dstack 0.22.5 ssh_fleets/provisioning.py:332-337: ``for pkey in pkeys: if _paramiko_connect(client,
# ...): yield client; return``: the loop stores the client once, then leaves
LEAVES = """
    class Client:
        def __init__(self):
            self.key = None


    def _connect(client, key):
        client.key = key
        return key.ok


    def connect(keys):
        client = Client()
        for key in keys:
            if _connect(client, key):
                yield client
                return


    def connect_all(keys):
        client = Client()
        for key in keys:
            if _connect(client, key):
                yield client


    def first(rows):
        out = []
        cur = {}
        for r in rows:
            cur["n"] = r
            out.append(cur)
            break
        return out
"""


def test_a_block_that_leaves_the_loop_after_storing_stores_once(tmp_path: Path) -> None:
    assert found(tmp_path, LEAVES) == [("AL004", 24)]


# docker-compose 1.4.0 service.py:571-585 (docker/compose#1804, fixed in 1.4.1): the labels of a
# key-filtered copy of ``self.options`` are replaced only when missing, then written into
LABELS = """
    KEYS = ["labels", "environment", "image"]


    class Service:
        def __init__(self, name, **options):
            self.name = name
            self.options = options

        def create_options(self, number):
            container_options = {copy}
            {replace}
            container_options["labels"]["config-hash"] = str(number)
            return container_options
"""


@pytest.mark.parametrize(("copy", "replace", "expected"), [
    ('dict((k, self.options[k]) for k in KEYS if k in self.options)',
     'if "labels" not in container_options:\n                container_options["labels"] = {}', [("AL002", 11)]),
    ("dict(self.options)", 'if "labels" not in container_options:\n                container_options["labels"] = {}',
     [("AL002", 11)]),
    # replaced on every path: the write reaches the new dict only
    ("dict(self.options)", 'container_options["labels"] = {}', []),
    ("dict(self.options)", 'container_options["labels"] = dict(container_options.get("labels", {}))', []),
])
def test_a_part_replaced_on_some_paths_only_may_still_be_the_originals(
        tmp_path: Path, copy: str, replace: str, expected: list) -> None:
    assert found(tmp_path, LABELS.format(copy=copy, replace=replace)) == expected


# mkdocs 1.3.1 config/config_options.py:94 (mkdocs#2909, fixed in 1.4.0): ``[self.item_config.
# validate(item) for item in value]``, where ``validate`` loads the item into itself and returns self
VALIDATE = """
    class SubConfig(dict):
        def load_dict(self, patch):
            self.update(patch)

        def validate(self, value):
            self.load_dict(value)
            return {returned}


    class ConfigItems:
        def __init__(self):
            self.item_config = SubConfig()

        def run_validation(self, value):
            {loop}
"""


@pytest.mark.parametrize(("returned", "loop", "expected"), [
    ("self", "return [self.item_config.validate(item) for item in value]", [("AL004", 16)]),
    ("self", "out = []\n            for item in value:\n                out.append(self.item_config.validate(item))\n"
             "            return out", [("AL004", 18)]),
    ("self", "return {item['name']: self.item_config.validate(item) for item in value}", [("AL004", 16)]),
    # a new object per call: nothing shared
    ("dict(self)", "return [self.item_config.validate(item) for item in value]", []),
])
def test_a_call_that_changes_the_object_it_returns_stores_the_same_object_each_time(
        tmp_path: Path, returned: str, loop: str, expected: list) -> None:
    assert found(tmp_path, VALIDATE.format(returned=returned, loop=loop)) == expected


# sphinx 2.3.0 config.py:159-187 (the release that fixed sphinx#6848): ``config, overrides =
# args[:2]``; writing ``config["extensions"]`` changes the first argument, not the overrides
ARGS = """
    class Config:
        def __init__(self, *args):
            if len(args) == 0:
                config, overrides = {{}}, {{}}
            elif len(args) == 1:
                config, overrides = args[0], {{}}
            else:
                config, overrides = args[:2]
            self.overrides = dict(overrides)
            if "extensions" in self.overrides:
                config["extensions"] = self.overrides.pop("extensions")
            {target}.setdefault("log", []).append("built")
            self.extensions = config.get("extensions", [])


    def build(confoverrides=None):
        return Config({{}}, confoverrides or {{}})


    def main(overrides):
        for i in range(3):
            build(overrides)
"""


@pytest.mark.parametrize(("target", "expected"), [
    ("config", []),                     # the first argument: a new {} at each call
    ("overrides", [("AL001", 23)]),     # the second: the caller's overrides, in main's loop
])
def test_each_place_of_a_star_args_tuple_is_what_the_call_put_there(tmp_path: Path, target: str, expected: list) -> None:
    assert found(tmp_path, ARGS.format(target=target)) == expected


# ansible-later 0.4.3 utils/yamlhelper.py:431-444 (the release that fixed PR #118): every key of the
# task is copied into ``normalized``, then ``normalized["action"]`` is replaced by a new dict and written
NORMALIZED = """
    import copy


    def normalize(task):
        normalized = dict()
        for k, v in list(task.items()):
            normalized[k] = v
        {replace}
        normalized["action"]["args"] = []
        return normalized


    def check(tasks):
        return [normalize(copy.copy(task)) for task in tasks]
"""


@pytest.mark.parametrize(("replace", "expected"), [
    ('normalized["action"] = dict(module="shell")', []),   # a new dict under that key
    ("pass", [("AL002", 15)]),                              # still the task's own
])
def test_a_key_replaced_after_a_loop_copied_every_key_holds_the_new_value(
        tmp_path: Path, replace: str, expected: list) -> None:
    assert found(tmp_path, NORMALIZED.format(replace=replace)) == expected


# mlrun 1.12.1 datastore/utils.py:314 and serving/states.py:584: the nested write happens only for
# a ``ModelRunnerStep`` (``if not isinstance(step, ModelRunnerStep): return``), and the step the
# caller builds from the copy is a ``TaskStep``
STEPS = """
    import copy

    class Step:
        def __init__(self, class_args):
            self.class_args = class_args

    class TaskStep(Step):
        pass

    class ModelRunnerStep(Step):
        pass

    class DeepRunnerStep(ModelRunnerStep):
        pass

    class Graph:
        def add_step(self, name, **class_args):
            step = {made}
            self.verify(step)
            return step

        def verify(self, step):
            {verify}

        def _edit(self, step):
            step.class_args["models"]["m"].append(1)

    def add_writer(graph, attributes):
        attrs = copy.copy(attributes)
        name = attrs.pop("name")
        graph.add_step(name, **attrs)
"""
EARLY_EXIT = "if not isinstance(step, ModelRunnerStep):\n                return\n            self._edit(step)"
IN_BRANCH = "if isinstance(step, (ModelRunnerStep, dict)):\n                self._edit(step)"
IN_ELSE = "if not isinstance(step, ModelRunnerStep):\n                pass\n            else:\n                self._edit(step)"
REJECTS = "if isinstance(step, TaskStep):\n                return\n            self._edit(step)"
# the parameter is bound again before the test: the test says nothing about the argument
REBOUND = "step = step.parent\n            " + EARLY_EXIT


@pytest.mark.parametrize(("made", "verify", "expected"), [
    ("TaskStep(class_args)", EARLY_EXIT, []),
    ("TaskStep(class_args)", IN_BRANCH, []),
    ("TaskStep(class_args)", IN_ELSE, []),
    ("TaskStep(class_args)", REJECTS, []),
    # the test's own class, and a subclass of it, pass it
    ("ModelRunnerStep(class_args)", EARLY_EXIT, [("AL002", "copy")]),
    ("DeepRunnerStep(class_args)", IN_BRANCH, [("AL002", "copy")]),
    ("ModelRunnerStep(class_args)", IN_ELSE, [("AL002", "copy")]),
    ("ModelRunnerStep(class_args)", REJECTS, [("AL002", "copy")]),
    # one of the objects the argument may be passes it
    ("TaskStep(class_args) if name else ModelRunnerStep(class_args)", EARLY_EXIT, [("AL002", "copy")]),
])
def test_a_change_behind_an_isinstance_test_needs_an_argument_the_test_can_pass(
        tmp_path: Path, made: str, verify: str, expected: list) -> None:
    text = STEPS.format(made=made, verify=verify)
    copy_line = textwrap.dedent(text).splitlines().index("    attrs = copy.copy(attributes)") + 1
    assert found(tmp_path, text) == [(code, copy_line) for code, _ in expected]


# openai 3.57.0 _utils/_datetime_parse.py:87: ``value.decode()`` under ``isinstance(value, bytes)``
# is bytes' own method; the project's one class with a ``decode`` method (``SSEDecoder``, which
# changes its own state) is not what runs
DECODE = """
    import copy

    class SSEDecoder:
        def __init__(self):
            self._data = []

        def decode(self, line):
            self._data.append(line)

    def parse_datetime(value):
        {test}
            value = value.decode()
        return value

    def stamp(event):
        stamped = copy.copy(event)
        stamped["when"] = parse_datetime(stamped["raw"])
        return stamped
"""


@pytest.mark.parametrize(("test", "expected"), [
    ("if isinstance(value, bytes):", []),
    ("if isinstance(value, (bytes, bytearray)) and value:", []),
    # a project class among the types, or the test negated: the name is all there is to go by
    ("if isinstance(value, (bytes, SSEDecoder)):", [("AL002", 17)]),
    ("if not isinstance(value, bytes):", [("AL002", 17)]),
    ("if value:", [("AL002", 17)]),
])
def test_a_method_called_on_a_value_tested_to_be_a_builtin_is_the_builtins(
        tmp_path: Path, test: str, expected: list) -> None:
    assert found(tmp_path, DECODE.format(test=test)) == expected


# dvc 3.67.1 fs/__init__.py:150-163: ``remote_conf = SCHEMA["remote"][str](remote_conf)`` in a
# ``try`` whose handler raises; the pop after it is on the validated (new) mapping, never on the
# caller's config the first value came from
VALIDATED = """
    from schemas import SCHEMA, Invalid

    def fs_config(config, name):
        return config["remote"][name]

    def cloud_fs(config, name):
        remote_conf = fs_config(config, name)
        try:
            remote_conf = SCHEMA["remote"](remote_conf)
        except Invalid as exc:
            {handler}
        return remote_conf.pop("url")

    def fetch_all(config, names):
        for name in names:
            cloud_fs(config, name)
"""


@pytest.mark.parametrize(("handler", "expected"), [
    ("raise ValueError(str(exc)) from None", []),
    ("return None", []),
    # a handler that goes on keeps the first value: the caller's nested mapping is popped from
    # (AL007's, not the loop's: each round pops from the remote its ``name`` looks up, another one)
    ("print(exc)", [("AL007", 13)]),
])
def test_after_a_try_whose_handlers_leave_only_the_bodys_end_state_remains(
        tmp_path: Path, handler: str, expected: list) -> None:
    assert found(tmp_path, VALIDATED.format(handler=handler)) == expected


# dvc 3.67.1 compare.py:58-66: ``for val, col in self._iter_col_row(value): col.append(val)``; the
# generator yields ``(with_value(val, self._fill_value), col)``: ``col`` is the tuple's second
# place, a column, never a part of the fill value
GENERATOR = """
    class Table:
        def __init__(self, columns, fill):
            self.columns = [[] for _ in columns]
            self.fill = fill

        def _pairs(self, row):
            for val, col in zip(row, self.columns):
                {produce}

        def append(self, row):
            for val, col in {consume}:
                col.append(val)

    def add_rows(fill, rows):
        table = Table(["a"], fill)
        for row in rows:
            table.append(row)
"""


@pytest.mark.parametrize(("produce", "consume", "expected"), [
    ("yield (self.fill if val is None else val), col", "self._pairs(row)", []),
    ("yield from [(self.fill, col)]", "self._pairs(row)", []),
    # the places swapped: the fill value (the caller's) is appended to, on every row
    ("yield col, self.fill", "self._pairs(row)", [("AL006", 13)]),
])
def test_a_generators_elements_are_what_it_yields(tmp_path: Path, produce: str, consume: str, expected: list) -> None:
    assert found(tmp_path, GENERATOR.format(produce=produce, consume=consume)) == expected


# dstack 0.22.5 jobs_submitted.py:892: ``{m.id: m for m in job_models}`` in a helper, given
# ``context.run_model.jobs``; the caller sets fields of the jobs it looks up (an index of
# objects worked on: preview). The copy's depth was counted from the helper's parameter, so the
# copied level looked like ``context`` itself, the change like one of its named parts, and the
# finding came out in the default tier
INDEX = """
def models_for(job_models, jobs):
    by_id = {m.id: m for m in job_models}
    return [by_id[job.submission_id] for job in jobs]

def set_status(model, status):
    model.status = status

def promote(context, jobs):
    for model in models_for(context.run_model.jobs, jobs):
        model.fleet_id = 1
        set_status(model, "provisioning")
"""


def test_a_copy_made_by_a_callee_is_counted_from_the_callers_root(tmp_path: Path) -> None:
    from aliaslint.project import Project

    (tmp_path / "m.py").write_text(INDEX, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    changed = {(e.path, e.copy.depth) for e in project.effects["m.promote"].values() if e.copy is not None}
    # the copied level is ``context.run_model.jobs`` (depth 2), its elements the objects changed,
    # both by the function itself and through ``set_status``
    # (an attribute set is the op on the element: ``.fleet_id =``, ``.status =``)
    assert changed == {((".run_model", ".jobs", "[*]"), 2)}
    assert {e.op for e in project.effects["m.promote"].values() if e.copy is not None} == {".fleet_id =", ".status ="}


# bentoml 1.4.40 _internal/cloud/bento.py:240 and model.py:173: an attrs class keeps the shared
# ``Spinner`` (``spinner: Spinner = attrs.field(factory=Spinner)``), whose
# ``transmission_progress`` is a rich ``Progress``: its ``update(task_id, completed=...)`` is not
# a dict's
OUTSIDE = """
    import attrs
    {imports}

    class Spinner:
        def __init__(self):
            self.transmission_progress = {made}

    @attrs.define
    class BentoAPI:
        spinner: Spinner = attrs.field(factory=Spinner)

        def push(self, task_id, size):
            self.spinner.transmission_progress.update(task_id, completed=0, total=size)
            return self

    def main(shared):
        return BentoAPI(shared).push(1, 2), BentoAPI(shared).push(3, 4)
"""


@pytest.mark.parametrize(("imports", "made", "expected"), [
    ("from rich.progress import Progress", "Progress()", []),
    ("import rich.progress", "rich.progress.Progress()", []),
    ("from collections import OrderedDict", "OrderedDict()", [("AL006", 14)]),  # a dict all the same
    ("", "{}", [("AL006", 14)]),
    ("from rich.progress import make_progress", "make_progress()", [("AL006", 14)]),  # a function's result
])
def test_a_method_of_another_packages_object_is_not_a_containers(
        tmp_path: Path, imports: str, made: str, expected: list) -> None:
    assert found(tmp_path, OUTSIDE.format(imports=imports, made=made)) == expected


# slack_sdk 3.41 web/internal_utils.py:160-168: ``params: dict`` is copied when
# ``isinstance(params, dict)``; the test fails only for ``None``, so the later ``pop`` changes the
# copy. An annotation the test does not cover, or another condition in the test, leaves the
# caller's object on the path that skips the copy.
ANNOTATED_COPY = """
    from typing import Dict, Optional

    def build(params: {annotation}, token):
        if {test}:
            params = {{k: v for k, v in params.items() if v is not None}}
        if params is not None and "token" in params:
            token = params.pop("token")
        return {{"params": params, "token": token}}

    def api_call(params=None):
        return build(params, None)
"""


@pytest.mark.parametrize(("annotation", "test", "expected"), [
    ("dict", "params is not None and isinstance(params, dict)", []),
    ("dict", "isinstance(params, dict)", []),
    ("Optional[Dict[str, str]]", "params is not None and isinstance(params, dict)", []),
    ("dict | None", "isinstance(params, (dict, list))", []),
    # a mapping that is not a dict skips the copy
    ("Mapping", "isinstance(params, dict)", [("AL007", 8)]),
    # no annotation: anything may come
    ("object", "isinstance(params, dict)", [("AL007", 8)]),
    # another condition: when it fails, the caller's dict skips the copy
    ("dict", "strict and isinstance(params, dict)", [("AL007", 8)]),
])
def test_a_type_test_that_an_annotation_makes_fail_only_for_none_copies_every_object(
        tmp_path: Path, annotation: str, test: str, expected: list) -> None:
    text = ANNOTATED_COPY.format(annotation=annotation, test=test).replace(
        "def build(params", "def build(strict, params" if "strict" in test else "def build(params").replace(
        "build(params, None)", "build(True, params, None)" if "strict" in test else "build(params, None)")
    assert found(tmp_path, text) == expected


# tox 4.67 tox_env/python/dependency_groups.py:143: a work list drained by ``pop()`` gives another
# element on each iteration, as a ``for`` loop does; the same place read again does not
WORKLIST = """
    def resolve(deps):
        pending = [(d, 1) for d in deps]
        out = []
        while pending:
            {take}
            dep.marker = m
            out.append(dep)
        return out
"""


@pytest.mark.parametrize(("take", "expected"), [
    ("dep, m = pending.pop()", [("AL007", 7)]),
    ("pair = pending.pop()\n            dep, m = pair", [("AL007", 8)]),
    # the last element, read again on every iteration: the same object each time
    ("dep, m = pending[-1]", [("AL004", 8)]),
])
def test_an_element_popped_from_a_work_list_varies_with_the_loop(tmp_path: Path, take: str, expected: list) -> None:
    assert found(tmp_path, WORKLIST.format(take=take)) == expected


# omegaconf 2.4.0's vendored antlr4 runtime (the triage of eleven unseen packages, issue 8):
# ``configs.add(config, self.mergeCache)`` is ``ATNConfigSet.add`` with a memo table, not
# ``set.add`` keeping its argument; ``decState = atn.states[s]`` with ``s`` read on each iteration
# is another state each time; ``rule = atn.rule_start[idx]`` keeps the key it was read with, so
# ``del rule.transitions[-1]`` changes another rule's state for each ``idx`` the loop passes.
@pytest.mark.parametrize(("text", "expected"), [
    ("def f(configs, items):\n    cache = {}\n    for c in items:\n        cache['k'] = c\n        configs.add(c, cache)\n", []),
    ("def f(configs, items):\n    cache = {}\n    for c in items:\n        cache['k'] = c\n        configs.add(cache)\n",
     [("AL004", 5)]),
    ("def read(atn, stream):\n    out = []\n    for i in range(3):\n        s = stream.read_int()\n"
     "        state = atn.states[s]\n        out.append(state)\n        state.decision = i\n    return out\n", []),
    ("def read(atn, stream):\n    out = []\n    for i in range(3):\n        s = 0\n"
     "        state = atn.states[s]\n        out.append(state)\n        state.decision = i\n    return out\n",
     [("AL004", 6)]),
    ("def bypass(atn, idx):\n    rule = atn.rule_start[idx]\n    del rule.transitions[-1]\n\n"
     "def run(atn, n):\n    for i in range(n):\n        bypass(atn, i)\n", []),
    ("def bypass(atn, idx):\n    rule = atn.rule_start[0]\n    del rule.transitions[-1]\n\n"
     "def run(atn, n):\n    for i in range(n):\n        bypass(atn, i)\n", [("AL001", 7)]),
])
def test_keys_and_arities_that_reach_another_object_on_each_iteration(tmp_path: Path, text: str, expected) -> None:
    assert [f for f in found(tmp_path, text) if f[0] in ("AL001", "AL004")] == expected


# nox 2026.10.20 _parametrize.py:68: ``Param.call_spec`` is a property that builds a new dict on
# every access, so ``call_spec.pop("python")`` in ``Call.__init__`` changes no parameter's object
PROPERTY = """
    class Param:
        def __init__(self, *args, names=()):
            self.args = args
            self.names = tuple(names)
            self._spec = {{}}

        @property
        def call_spec(self):
            return {getter}

    class Call:
        def __init__(self, func, param_spec: Param):
            call_spec = param_spec.call_spec
            if "python" in call_spec:
                self.python = call_spec.pop("python")
            self.call_spec = call_spec

    def generate_calls(func):
        return [Call(func, p) for p in func.parametrize]

    def make_sessions(funcs, func):
        out = []
        for name in funcs:
            out.extend(generate_calls(func))
        return out
"""


@pytest.mark.parametrize(("getter", "expected"), [
    ("dict(zip(self.names, self.args))", []),
    ("{k: v for k, v in zip(self.names, self.args)}", []),
    ("self._spec", [("AL001", 25)]),
])
def test_a_property_building_a_new_object_on_each_access_hands_out_nobodys_object(
        tmp_path: Path, getter: str, expected) -> None:
    assert [f for f in found(tmp_path, PROPERTY.format(getter=getter)) if f[0] == "AL001"] == expected


# omegaconf 2.4.0 listconfig.py:171: ``copy.copy(self)`` runs the ``__copy__`` the class inherits,
# which deep-copies its content
DUNDER_COPY = """
    import copy

    class Node:
        def __init__(self, items):
            self.items = items
{copier}
        def with_item(self, item):
            twin = copy.copy(self)
            twin.items.append(item)
            return twin

    def grow(n, xs):
        return [n.with_item(x) for x in xs]
"""


@pytest.mark.parametrize(("copier", "expected"), [
    ("\n        def __copy__(self):\n            return Node(copy.deepcopy(self.items))\n", []),
    ("", [("AL002", 9)]),
])
def test_copy_copy_runs_the_classs_own_dunder_copy(tmp_path: Path, copier: str, expected) -> None:
    got = [f for f in found(tmp_path, DUNDER_COPY.format(copier=copier)) if f[0] == "AL002"]
    assert got == ([(c, line + copier.count("\n")) for c, line in expected])


# ansible-core 2.19.14 modules/mount_facts.py: ``yield from [(source, *astuple(info)) ...]`` then
# ``for source, mount, origin, fields in ...``: the places after the starred element hold what it
# gives, never ``source``
STARRED = """
    def gen(options):
        for name in options["names"]:
            yield (options["defaults"], *parse(name))

    def facts(options):
        out = []
        for {target} in gen(options):
            fields.update({{"seen": True}})
            out.append(name)
        return out
"""


@pytest.mark.parametrize(("target", "expected"), [
    ("defaults, name, fields", []),
    ("fields, name", [("AL007", 9)]),
])
def test_a_tuple_place_after_a_starred_element_is_not_one_before_it(tmp_path: Path, target: str, expected) -> None:
    assert [f for f in found(tmp_path, STARRED.format(target=target)) if f[0] == "AL007"] == expected


# apache-libcloud 3.9.1 compute/drivers/gce.py:10490-10551: ``md["items"]`` is the caller's list in
# one branch and a new one in the other, which the loop fills
BRANCH_FIELD = """
    def format_metadata(fingerprint, metadata):
        md = {{"fingerprint": fingerprint}}
        if "items" in metadata:
            md["items"] = metadata["items"]
        else:
            md["items"] = []
            {between}
            for k, v in metadata.items():
                md["items"].append({{"key": k, "value": v}})
        return md

    def main(nodes, metadata, other):
        for n in nodes:
            n.md = format_metadata("x", metadata)
"""


@pytest.mark.parametrize(("between", "expected"), [
    ("pass", []),
    # what this path set may be replaced before the append: the caller's list again
    ('md.update(metadata)', [("AL001", 15)]),
    # an unknown mapping merged in holds what it holds, not what the other branch stored
    ('md.update(other)', []),
    ('md[other] = metadata["items"]', [("AL001", 15)]),
    ('(md if other else {})["items"] = metadata["items"]', [("AL001", 15)]),
    ('md["items"] = metadata["items"]', [("AL001", 15)]),
])
def test_a_field_set_on_this_path_hides_what_another_branch_set(tmp_path: Path, between: str, expected) -> None:
    assert found(tmp_path, BRANCH_FIELD.format(between=between)) == expected


# apache-libcloud 3.9.1 common/base.py:119-158: ``Response.headers = {}`` in the class body, and
# ``self.headers = lowercase_keys(dict(response.headers))`` first thing in ``__init__``; the
# error path then writes ``headers["retry-after"]`` into the instance's own dict
CLASS_DEFAULT = """
    class Response:
        headers = {{}}

        def __init__(self, response):
            {init}

        def success(self):
            return True

        def later(self):
            self.headers["x"] = "1"

    def make_error(headers):
        headers["retry-after"] = "0"
        return ValueError()
{subclass}
"""


@pytest.mark.parametrize(("init", "subclass", "changed"), [
    ("self.headers = dict(response.headers)\n            if not self.success():\n"
     "                raise make_error(headers=self.headers)", "", []),
    # a method called before the constructor sets its own sees the class's: the one that
    # changes it, not another (feast 0.67.0's spark creator: ``FunctionSummary.sets_later``)
    ("self.later()\n            self.headers = dict(response.headers)", "", ['self.headers["x"]']),
    ("self.success()\n            self.headers = dict(response.headers)", "", []),
    # read before it is set: the class's dict, changed here
    # (one finding per class changing it: ``later``'s change is a related location of this one)
    ("make_error(self.headers)\n            self.headers = {}", "", ["make_error(self"]),
    # set on one branch only
    ("if response:\n                self.headers = {}", "", ['self.headers["x"]']),
    # a subclass whose constructor sets nothing and does not call its base's
    ("self.headers = {}", "\n    class Quiet(Response):\n        def __init__(self):\n            pass\n",
     ['self.headers["x"]']),
    # one that calls its base's first
    ("self.headers = {}", "\n    class Loud(Response):\n        def __init__(self):\n"
     "            super().__init__(None)\n            self.more = 1\n", []),
    # one that reads the attribute before calling its base's
    ("self.headers = {}", "\n    class Eager(Response):\n        def __init__(self):\n"
     "            self.headers['early'] = 1\n            super().__init__(None)\n",
     ['self.headers["x"]', "self.headers['early']"]),
])
def test_an_attribute_every_constructor_sets_first_hides_the_class_attribute(
        tmp_path: Path, init: str, subclass: str, changed: list[str]) -> None:
    text = CLASS_DEFAULT.format(init=init, subclass=subclass)
    lines = textwrap.dedent(text).splitlines()
    expected = [("AL003", next(n for n, line in enumerate(lines, 1) if c in line)) for c in changed]
    assert [f for f in found(tmp_path, text) if f[0] == "AL003"] == expected


# ansible-core 2.19.14 vars/clean.py:20-63: ``module_response_deepcopy`` copies dicts and lists
# level by level and returns anything else as it is; the callback strips keys from its result
DEEP_HELPER = """
    def deep(v):
        if isinstance(v, dict):
            ret = v.copy()
            items = ret.items()
        {elif_list}
        else:
            return v
        for key, value in items:
            if isinstance(value, {inner}):
                ret[key] = deep(value)
            else:
                ret[key] = value
        return ret

    def strip(dirty):
        for k in list(dirty.keys()):
            if k.startswith("_x"):
                del dirty[k]
            elif isinstance(dirty[k], dict):
                strip(dirty[k])

    def clean(result):
        abridged = deep(result)
        strip(abridged)
        return abridged
"""


@pytest.mark.parametrize(("elif_list", "inner", "expected"), [
    ("elif isinstance(v, list):\n            ret = v[:]\n            items = enumerate(ret)", "(dict, list)", []),
    # a list is returned as it is: the caller's list itself
    ("", "(dict, list)", ["AL007"]),
    # a list inside is stored as it is: the caller's nested list
    ("elif isinstance(v, list):\n            ret = v[:]\n            items = enumerate(ret)", "dict", ["AL007"]),
])
def test_what_a_structural_copy_hands_on_past_its_dict_and_list_tests_is_a_leaf(
        tmp_path: Path, elif_list: str, inner: str, expected: list) -> None:
    text = DEEP_HELPER.format(elif_list=elif_list, inner=inner)
    line = next(n for n, t in enumerate(textwrap.dedent(text).splitlines(), 1) if "strip(abridged)" in t)
    assert [f for f in found(tmp_path, text) if f[0] == "AL007"] == [(code, line) for code in expected]


# dbt-core 1.12.6 parser/osi.py:169-232: each OSI file's context is made from the loop's path,
# and the callee extends the record of the manifest's file it names: another record each time
UNKNOWN_ELEMENTS = """
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Ctx:
        path: str

        @property
        def file_id(self):
            return f"x://{{self.path}}"

    def scan(roots):
        files = []
        for r in roots:
            files.extend(r.rglob("*.json"))
        return sorted(files)

    def attribute(manifest, file_id, ids):
        sf = manifest.files.get(file_id)
        if sf is not None:
            sf.models.extend(ids)

    def process(ctx, manifest):
        attribute(manifest, ctx.file_id, [manifest.name])

    def load(manifest, roots):
        for path in scan(roots):
            process(Ctx(path={path}), manifest)
"""


@pytest.mark.parametrize(("path", "expected"), [
    ("path", []),
    # one path for every round: the same record extended each time
    ("roots[0]", [("AL001", 28)]),
])
def test_an_unknown_element_of_a_calls_result_is_another_one_each_round(tmp_path: Path, path: str, expected) -> None:
    assert found(tmp_path, UNKNOWN_ELEMENTS.format(path=path)) == expected


# aws-sam-cli 1.170.0 hook_packages/terraform/hooks/prepare/enrich.py:87-105, :514-594: the
# resource enriched on each round is looked up by a key computed from that round's metadata
LOOKED_UP = """
    def relevant(meta, resources):
        logical_id = meta["name"] + "Function"
        return [(resources[logical_id], logical_id)]

    def enrich(meta, resource):
        props = resource["Properties"]
        code = props.pop("Code")
        props["Metadata"] = meta["path"] + code

    def enrich_all(metas, resources, first):
        for meta in metas:
            for resource, logical_id in relevant({key}, resources):
                enrich(meta, resource)
"""


@pytest.mark.parametrize(("key", "lookup", "expected"), [
    ("meta", "resources[logical_id]", []),
    ("meta", "resources.get(logical_id, {})", []),
    # looked up by the same key on every round: the same resource has no Code left to take
    # (a pop under ``if props.get("Code"):`` would take nothing the second time: repeat-safe)
    ("first", "resources[logical_id]", [("AL001", 14)]),
    ("first", "resources.get(logical_id, {})", [("AL001", 14)]),
    # the key computed by calls given the argument (aws-sam-cli's hash of the artifact path)
    ("meta", "resources.get(str(hash(logical_id.lower())), {})", []),
    ("first", "resources.get(str(hash(logical_id.lower())), {})", [("AL001", 14)]),
])
def test_an_element_a_callee_looks_up_by_the_rounds_argument_is_another_each_round(
        tmp_path: Path, key: str, lookup: str, expected) -> None:
    assert found(tmp_path, LOOKED_UP.format(key=key).replace("resources[logical_id]", lookup)) == expected
