"""Findings of issue 8's eleventh unseen sets (copier 9.19.1, hera 7.1.0, molecule 26.10.0,
sceptre 4.7.0; and the blind one: flytekit 1.16.31, lithops 3.8.0, runway 2.8.4, cfn-lint
1.58.0) kept as tests: a reproduced bug the default tier finds, and what the blind triage found
wrong.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.files import discover
from test_harm import run, shown

# hera 7.1.0 ``UserContainer._build_volume_mounts``: every ``build()`` extends the caller's
# ``volume_mounts`` list with the mounts of the container's volumes again (reproduced: three
# builds give ['/data', '/scratch', '/scratch', '/scratch']); the founding bug's kind, on a
# dataclass whose generated ``__init__`` keeps what the caller passed
HERA_USER_CONTAINER = """
    from dataclasses import dataclass
    from typing import List, Optional


    @dataclass(kw_only=True)
    class UserContainer:
        name: str
        volumes: Optional[List[dict]] = None
        volume_mounts: Optional[List[dict]] = None

        def _build_volume_mounts(self):
            volume_mounts = self.volume_mounts
            extra = None if self.volumes is None else [{"mountPath": v["path"]} for v in self.volumes]
            if volume_mounts is None:
                volume_mounts = extra
            elif extra is not None:
                volume_mounts.extend(extra)
            return volume_mounts

        def build(self):
            # builds the model of the user container, as often as it is asked
            return {"name": self.name, "volumeMounts": self._build_volume_mounts()}
"""


def test_a_public_build_extending_a_kept_field_is_found_with_its_reason(tmp_path: Path) -> None:
    found = run(tmp_path, {"user_container.py": HERA_USER_CONTAINER})
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL006", 18, "HIGH")]
    assert found[0].message == (
        "`UserContainer._build_volume_mounts` extends `self.volume_mounts`, but `__init__` keeps the caller's "
        "`volume_mounts` there by reference: every `build()` on one UserContainer adds the same entries again, "
        "to the caller's object; copy it in `_build_volume_mounts` before changing it")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (10, "kept by reference here"),
        (21, "public entry point: `volume_mounts` comes from the caller, and every call of the public `build` "
             "adds to what the caller gave again"),
    ]


# lithops 3.8.0's config loaders (five files were AL000 "nests too deeply for LibCST", analysed not
# at all): a deep copy of a part, merged back into that part, reaches back into itself; its parts
# were made from parts of themselves for ever
LITHOPS_LOAD_CONFIG = """
    import copy


    def load_config(config_data):
        if 'aws' in config_data:
            if 'aws_s3' not in config_data:
                config_data['aws_s3'] = {}
            temp = copy.deepcopy(config_data['aws_s3'])
            config_data['aws_s3'].update(config_data['aws'])
            config_data['aws_s3'].update(temp)
            if 'region_name' in config_data['aws_s3']:
                config_data['aws_s3']['region'] = config_data['aws_s3'].pop('region_name')
{tail}
"""


def test_a_deep_copy_merged_back_into_its_source_is_analysed(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"config.py": LITHOPS_LOAD_CONFIG.replace("{tail}", "")}, preview=True)) == []


def test_a_shallow_copy_after_the_merge_is_still_found(tmp_path: Path) -> None:
    tail = ("        backend = copy.copy(config_data)\n"
            "        backend['aws_s3']['storage'] = 'default'\n"
            "        save(backend)")
    found = run(tmp_path, {"config.py": LITHOPS_LOAD_CONFIG.replace("{tail}", tail)}, preview=True)
    assert shown(found) == [("AL002", 14, "HIGH")]
    assert found[0].message == (
        "`copy.copy(config_data)` copies only the top level, so the code that writes an item of "
        "`config_data[\"aws_s3\"]` also changes the original, the caller's `config_data`; use "
        "`copy.deepcopy()`, or copy the nested level that is changed")


def test_a_runaway_analysis_is_reported_as_aliaslint_s_failure_not_the_file_s_depth(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from aliaslint import analyzer

    def runaway(*args, **kwargs):
        return runaway(*args, **kwargs)

    monkeypatch.setattr(analyzer.ModuleAnalyzer, "run", runaway)
    (tmp_path / "flat.py").write_text("x = 1\n", encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    found = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    assert [(d.code, d.location.line, d.message) for d in found] == [
        ("AL000", 1, "aliaslint failed on this file (RecursionError in its analysis, not the file's depth); "
                     "please report it")]


# runway 2.8.4 (reproduced by the blind triage): every Module of a deployment deep-merges its own
# ``environments`` into the one deployment definition's dict (``merge_dicts`` writes into its first
# argument), so a later module inherits an earlier one's and is skipped in prod. Four things hid
# it: the value merged in is read from another attribute of each Module (``self.definition``), so
# each instance writes what it holds, not "the same value again"; the definition's own
# ``resolve()`` changes its ``_data``, not the ``environments`` that others merge into; the same
# helper reached from another class's kept object (``self.ctx``) had "explained" the site; and the
# ``data`` property of the generic base ``ComponentDefinition[Model]`` (a fresh dump) was not found
RUNWAY = {
    "rw/utils.py": """
        def merge_dicts(dict1, dict2):
            \"\"\"Merge dict2 into dict1.\"\"\"
            if not isinstance(dict1, dict) or not isinstance(dict2, dict):
                return dict2
            for key in dict2:
                dict1[key] = merge_dicts(dict1[key], dict2[key]) if key in dict1 else dict2[key]
            return dict1
    """,
    "rw/definitions.py": """
        from typing import Generic, TypeVar

        T = TypeVar("T")


        class ComponentDefinition(Generic[T]):
            def __init__(self, data):
                self._data = data.model_copy(deep=True)

            @property
            def data(self):
                return self._data.model_dump()

            def resolve(self, context):
                for name in self._data.variables:
                    self._data[name] = context.resolve(self._data[name])


        class DeploymentDefinition(ComponentDefinition[dict]):
            environments: dict
            defaults: dict

            def reverse(self):
                self._data["modules"].reverse()


        class ModuleDefinition(ComponentDefinition[dict]):
            environments: dict
    """,
    "rw/module.py": """
        from .definitions import DeploymentDefinition, ModuleDefinition
        from .utils import merge_dicts


        class Module:
            def __init__(self, context, definition: ModuleDefinition, deployment: DeploymentDefinition):
                self.ctx = context
                self.definition = definition
                self.deployment = deployment

            def environments(self):
                return merge_dicts(self.deployment.environments, {value})

            def payload(self):
                payload = self.definition.data
                payload["explicitly_enabled"] = True
                return payload

            @classmethod
            def run_list(cls, context, modules, deployment):
                for module in modules:
                    cls(context, module, deployment).environments()
    """,
    "rw/deployment.py": """
        from .module import Module
        from .utils import merge_dicts


        class Deployment:
            def __init__(self, context, definition):
                self.ctx = context
                self.definition = definition

            def run(self, env_vars):
                self.ctx.vars = merge_dicts(self.ctx.vars, env_vars)
                self.definition.resolve(self.ctx)
                Module.run_list(self.ctx, self.definition.modules, self.definition)
    """,
}


def _runway(value: str, merge_context: bool = True) -> dict[str, str]:
    files = {name: text.replace("{value}", value) for name, text in RUNWAY.items()}
    if not merge_context:
        files["rw/deployment.py"] = files["rw/deployment.py"].replace(
            "self.ctx.vars = merge_dicts(self.ctx.vars, env_vars)", "self.ctx.vars = env_vars")
    return files


def test_each_module_merging_its_own_settings_into_the_shared_deployment_is_found(tmp_path: Path) -> None:
    found = run(tmp_path, _runway("self.definition.environments"))
    assert shown(found) == [("AL006", 7, "HIGH")]
    assert found[0].location.path == "rw/utils.py"
    assert found[0].message == (
        "`Module.environments` writes an item of `self.deployment.environments` through merge_dicts, but "
        "`__init__` keeps the caller's `deployment` there by reference: every Module built from the same "
        "object changes it for the others; copy it in `__init__`")
    assert [(r.location.path, r.location.line, r.message) for r in found[0].related] == [
        ("rw/module.py", 10, "kept by reference here"),
        ("rw/module.py", 13, "calls `merge_dicts`"),
        ("rw/module.py", 23, "second use: another Module is built here from the same object, and sees the change"),
        ("rw/utils.py", 7, "also mutated here ([] =)"),
    ]


def test_each_module_merging_what_the_deployment_itself_holds_writes_the_same_again(tmp_path: Path) -> None:
    # the value read from the kept object's own defaults: every Module writes the same
    found = run(tmp_path / "a", _runway("self.deployment.defaults", merge_context=False), preview=True)
    assert [(d.location.path, d.location.line, d.confidence.name) for d in found] == [
        ("rw/deployment.py", 12, "MEDIUM"),  # the context's variables set: on the context on purpose
        ("rw/utils.py", 7, "MEDIUM"),
    ]
    assert run(tmp_path / "b", _runway("self.deployment.defaults", merge_context=False)) == []
    # with the context's variables merged by the same helper, that finding explains the line:
    # the weaker second one there is not shown again
    found = run(tmp_path / "c", _runway("self.deployment.defaults"), preview=True)
    assert [(d.location.path, d.location.line, d.confidence.name) for d in found] == [("rw/deployment.py", 12, "MEDIUM")]


GENERIC_PROPERTY = """
    from typing import Generic, TypeVar

    T = TypeVar("T")


    class ComponentDefinition(Generic[T]):
        def __init__(self, data):
            self._data = data

        @property
        def data(self):
            return self._data.model_dump()


    class ModuleDefinition({base}):
        pass


    class Module:
        def __init__(self, definition: ModuleDefinition):
            self.definition = definition

        def payload(self):
            payload = self.definition.data
            payload["explicitly_enabled"] = True
            return payload


    def run(definition):
        return [Module(definition).payload(), Module(definition).payload()]
"""


@pytest.mark.parametrize("base", ["ComponentDefinition[dict]", "ComponentDefinition"])
def test_a_property_of_a_generic_base_that_builds_a_new_dump_is_the_subclass_s(tmp_path: Path, base: str) -> None:
    # runway's ``RunwayModuleDefinition(ConfigComponentDefinition[RunwayModuleDefinitionModel])``
    assert run(tmp_path, {"m.py": GENERIC_PROPERTY.replace("{base}", base)}, preview=True) == []


# lithops 3.8.0 ``wait.py:279`` (an A of the blind eleventh set): ``for executor_data in
# executors_data`` walks objects the helper made one per executor, in a loop of its own; each round
# passes another one. The twin: a helper handing back one object twice
EXECUTORS = """
    from types import SimpleNamespace


    def executors(fs):
        grouped = {}
        for fut in fs:
            grouped.setdefault(fut.executor_id, []).append(fut)
        jobs = []
        for executor_id, futures in grouped.items():
            jobs.append(SimpleNamespace(executor_id=executor_id, futures=futures))
        return jobs


    def one_executor(fs):
        data = SimpleNamespace(futures=fs)
        return [data, data]


    def poll(data):
        new_futures = [f.spawned for f in data.futures if f.spawned]
        data.futures.extend(new_futures)


    def wait(fs):
        for data in {maker}(fs):
            poll(data)
"""


def test_elements_a_helper_made_one_per_round_of_its_loop_are_others_each_round(tmp_path: Path) -> None:
    assert run(tmp_path, {"wait.py": EXECUTORS.replace("{maker}", "executors")}, preview=True) == []


def test_elements_a_helper_hands_back_twice_are_the_same_object(tmp_path: Path) -> None:
    found = run(tmp_path, {"wait.py": EXECUTORS.replace("{maker}", "one_executor")}, preview=True)
    assert shown(found) == [("AL001", 27, "HIGH")]
    assert found[0].message == (
        "`poll(...)` gets the same object on every iteration of the loop, and poll extends `data.futures`, so "
        "the object the second iteration gets already holds what the first one added, and adds to it again; "
        "pass a deep copy (`copy.deepcopy(data)`), or copy inside the callee")


# a module-level object changed by test code: the test suite's concern, not the package users'
# (lithops 3.8.0's ``tests/test_job.py``, feast 0.67.0's test creators)
TEMPLATE_USER = """
    TEMPLATE = {"spec": {"containers": []}}


    def build(name):
        TEMPLATE["spec"]["containers"].append({"name": name})
        return TEMPLATE
"""


@pytest.mark.parametrize(("module", "tier"), [
    ("pkg/tests/test_build.py", "MEDIUM"),
    ("pkg/conftest.py", "MEDIUM"),
    ("pkg/build.py", "HIGH"),
])
def test_a_change_made_in_test_code_is_in_the_preview_tier(tmp_path: Path, module: str, tier: str) -> None:
    found = run(tmp_path, {module: TEMPLATE_USER}, preview=True)
    assert [(d.code, d.location.path, d.location.line, d.confidence.name) for d in found] == [
        ("AL003", module, 6, tier)]


# lithops 3.8.0: ``upload`` adds every function key it uploads to ``FUNCTION_CACHE``; a fixture
# empties it and puts back what it held. The twin: a template nobody else fills, emptied by the
# function that builds its result from it
CACHE = {
    "pkg/__init__.py": "",
    "pkg/job.py": """
        FUNCTION_CACHE = set()


        def upload(key):
            if key not in FUNCTION_CACHE:
                FUNCTION_CACHE.add(key)
            return key
    """,
    "pkg/fixtures.py": """
        from pkg import job


        def fresh_function_cache():
            saved = set(job.FUNCTION_CACHE)
            job.FUNCTION_CACHE.clear()
            yield job.FUNCTION_CACHE
            job.FUNCTION_CACHE.clear()
            job.FUNCTION_CACHE.update(saved)
    """,
}


def test_emptying_a_cache_that_another_function_fills_is_a_reset(tmp_path: Path) -> None:
    found = run(tmp_path, CACHE, preview=True)
    assert [(d.code, d.location.path, d.location.line, d.confidence.name) for d in found] == [
        ("AL003", "pkg/fixtures.py", 7, "MEDIUM")]
    assert found[0].message == (
        "`fresh_function_cache` clears `FUNCTION_CACHE`, a module-level object: `upload` fills it with what it "
        "is given (a cache or a registry), so emptying it, and putting back what it held, is a reset; nothing to "
        "change if that is intended")


def test_emptying_a_template_nobody_else_fills_is_still_found(tmp_path: Path) -> None:
    files = dict(CACHE, **{"pkg/job.py": "FUNCTION_CACHE = set()\n"})
    found = run(tmp_path, files, preview=True)
    assert [(d.code, d.location.path, d.location.line, d.confidence.name) for d in found] == [
        ("AL003", "pkg/fixtures.py", 7, "HIGH")]


# cfn-lint 1.58.0 ``_ForEachCollection.values`` (a B of the blind eleventh set): the list stored
# under ``collection_cache[self._fn.hash]`` is the one appended to right after, read back by the
# same dotted key; the twin: the key's object rebound in between, so the item read may be another
FOREACH = """
    class ForEach:
        def __init__(self, fn, cache):
            self._fn = fn
            self._cache = cache

        def values(self, cache, other):
            if self._fn.hash in cache:
                yield from cache[self._fn.hash]
            else:
                cache[self._fn.hash] = []
{between}
                for _ in range(2):
                    cache[self._fn.hash].append("x")
                    yield "x"

        def items(self, other):
            return list(self.values(self._cache, other))


    def run(fns, other):
        cache = {}
        for fn in fns:
            ForEach(fn, cache).items(other)
"""


def test_an_item_read_back_by_the_dotted_key_it_was_stored_under_is_what_was_stored(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": FOREACH.replace("{between}", "")}, preview=True)
    assert [(d.code, d.location.line, d.confidence.name, d.message.split(",")[0]) for d in found] == [
        ("AL006", 11, "MEDIUM", "`ForEach.items` writes an item of `self._cache` through ForEach.values")]


@pytest.mark.parametrize("between", ["self._fn = other", "self._fn.hash += 1", "self._fn += other"])
def test_an_item_read_back_after_its_key_was_rebound_may_be_another(tmp_path: Path, between: str) -> None:
    found = run(tmp_path, {"m.py": FOREACH.replace("{between}", "                " + between)},
                preview=True)
    assert [(d.code, d.location.line, d.message.split(",")[0]) for d in found] == [
        ("AL006", 14, "`ForEach.items` appends to `self._cache[*]` through ForEach.values")]


# cfn-lint 1.58.0 ``Template.get_condition_values`` (an A of the blind eleventh set): the loop over
# a mapping tested to hold one key runs once, so it stores ``result`` at most once; the twin: a
# mapping tested to hold more than one
CONDITION_VALUES = """
    def get_condition_values(template):
        matches = []
        for index, item in enumerate(template[1:]):
            result = {}
            result["Path"] = [index + 1]
            if {test}:
                for sub_key, sub_value in item.items():
                    result["Value"] = sub_value
                    matches.append(result)
        return matches
"""


@pytest.mark.parametrize("test", ["len(item) == 1", "1 == len(item)", "len(item) < 2",
                                  "isinstance(item, dict) and len(item) == 1"])
def test_a_loop_over_a_mapping_tested_to_hold_one_key_runs_once(tmp_path: Path, test: str) -> None:
    assert run(tmp_path, {"m.py": CONDITION_VALUES.replace("{test}", test)}, preview=True) == []


def test_a_loop_over_a_mapping_of_several_keys_stores_the_one_result_each_round(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": CONDITION_VALUES.replace("{test}", "len(item) > 1")}, preview=True)
    assert shown(found) == [("AL004", 10, "HIGH")]
