"""Kinds found on first contact with issue 8's eighth unseen set (airbyte-cdk 7.39.1, kapitan
0.36.3, meltano 4.4.1), each with the twin that is still found.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from test_harm import run, shown

# airbyte-cdk 7.39.1 ``SchemaInferrer._remove_null_from_type``, called for each field of a
# composite key on one schema node: the removal is guarded by a test that the entry is there
GUARDED_REMOVE = """
    NULL = "null"

    def strip_null(node):
        if isinstance(node["type"], list):
            {guard}
                node["type"].remove({item})

    def mark_required(node, paths):
        for path in paths:
            strip_null(node)
"""


@pytest.mark.parametrize(("guard", "item"), [
    ('if NULL in node["type"]:', "NULL"),
    ('if "null" in node["type"]:', '"null"'),
])
def test_a_removal_of_what_a_test_found_there_is_repeat_safe(tmp_path: Path, guard: str, item: str) -> None:
    source = GUARDED_REMOVE.format(guard=guard, item=item)
    assert shown(run(tmp_path, {"schema.py": source}, preview=True)) == []


@pytest.mark.parametrize(("guard", "item"), [
    # no test: the second round's remove raises ValueError
    ("if True:", "NULL"),
    # the test looks for another entry than the one removed
    ('if "object" in node["type"]:', "NULL"),
])
def test_an_unguarded_removal_in_a_loop_is_still_found(tmp_path: Path, guard: str, item: str) -> None:
    source = GUARDED_REMOVE.format(guard=guard, item=item)
    assert shown(run(tmp_path, {"schema.py": source})) == [("AL001", 11, "HIGH")]


# airbyte-cdk 7.39.1 ``ManifestDeclarativeSource._dynamic_stream_configs``: a constant set under a
# test of the same object's contents, for a manifest its caller keeps
CONSTANT_UNDER_OWN_TEST = """
    class Source:
        def __init__(self, source_config, cache_requests):
            self._source_config = self._pre_process(dict(source_config))
            self.cache_requests = cache_requests

        def _pre_process(self, manifest):
            return resolve_references(manifest)

        @property
        def dynamic_streams(self):
            return self._dynamic_stream_configs(manifest=self._source_config)

        def _dynamic_stream_configs(self, manifest):
            configs = []
            for definition in manifest.get("dynamic_streams", []):
                resolver = definition["components_resolver"]
                {guard}
                    resolver["retriever"]["requester"]["use_cache"] = {value}
                configs.append({{"name": definition.get("name"), "resolver": make(resolver)}})
            return configs
"""


@pytest.mark.parametrize("guard", [
    'if "requester" in resolver.get("retriever", {}):',
    'if resolver["retriever"].get("requester") is not None:',
])
def test_a_constant_set_under_a_test_of_the_object_itself_is_repeat_safe(tmp_path: Path, guard: str) -> None:
    source = CONSTANT_UNDER_OWN_TEST.format(guard=guard, value="True")
    assert shown(run(tmp_path, {"source.py": source}, preview=True)) == [("AL007", 19, "MEDIUM")]


@pytest.mark.parametrize(("guard", "value"), [
    # the test reads another input: a later call that takes the other path keeps this one's value
    ("if self.cache_requests:", "True"),
    # the value differs from one call to the next
    ('if "requester" in resolver.get("retriever", {}):', "time.time()"),
])
def test_a_write_under_another_test_or_of_a_varying_value_is_still_found(tmp_path: Path, guard: str, value: str) -> None:
    source = CONSTANT_UNDER_OWN_TEST.format(guard=guard, value=value)
    assert shown(run(tmp_path, {"source.py": source})) == [("AL007", 19, "HIGH")]


def test_a_test_that_also_decides_what_else_the_function_does_is_no_guard(tmp_path: Path) -> None:
    # Cloud Custodian 0.9.53 ami.py:289: ``if "all" in accounts: remove.append(...)`` decides the
    # output too; the second image finds "all" gone and keeps its public permission
    source = GUARDED_REMOVE.format(guard='if NULL in node["type"]:\n                node["out"] = [NULL]', item="NULL")
    assert shown(run(tmp_path, {"schema.py": source})) == [("AL001", 12, "HIGH")]


# airbyte-cdk 7.39.1 ``FileBasedErrorsCollector``: ``errors: List[...] = []`` on the class, appended
# to by ``collect`` and emptied by ``yield_and_raise_collected``; each source makes its own
# collector, and all of them share the one list
COLLECTOR = """
    class ErrorsCollector:
        errors = []

        def flush(self):
            if self.errors:
                yield from self.errors
                self.errors.clear()

        def collect(self, error):
            self.errors.append(error)
"""


def test_a_class_level_list_changed_by_several_methods_is_one_finding(tmp_path: Path) -> None:
    found = run(tmp_path, {"collector.py": COLLECTOR})
    assert shown(found) == [("AL003", 11, "HIGH")]
    assert found[0].message.startswith("`ErrorsCollector.collect` appends to `ErrorsCollector.errors` through `self`, "
                                       "but it is a class-level object that every instance shares")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (8, "also mutated here (clear)"),
        (3, "second use: every instance, later ones included, reads this class-level object"),
    ]


# airbyte-cdk 7.39.1 ``rename_key``: a key moved to another name, in the loop over the mapping's
# items; one slot is written, whatever the round
RENAME = """
    def rename_key(schema, old_key, new_key):
        for key, value in schema.items():
            rename_key(value, old_key, new_key)
            if old_key in schema:
                {store} = schema.pop(old_key)
"""


def test_a_key_moved_to_another_name_in_a_loop_is_no_stored_object(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"schema.py": RENAME.format(store="schema[new_key]")}, preview=True)) == []


SLOT = """
    def index(rows):
        out = {{}}
        entry = {{"tags": []}}
        for key, value in rows.items():
            entry["tags"].append(value)
            {store} = entry
        return out
"""


@pytest.mark.parametrize(("store", "expected"), [
    ('out["last"]', []),
    # another slot each round (the loop's key, or a container of the round's): one object in all
    ("out[key]", [("AL004", 7)]),
    ("value[0]", [("AL004", 7)]),
])
def test_a_store_into_one_slot_each_round_keeps_one_entry(tmp_path: Path, store: str, expected: list) -> None:
    found = run(tmp_path, {"index.py": SLOT.format(store=store)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == expected


# kapitan 0.36.3 ``Revealer._compile_dict_with_dependency_resolution``: passes over a dict, each
# compiling in place the values not done yet and writing each result back under its own key
PASSES = """
    class Result:
        def __init__(self, succeeded, compiled_value):
            self.succeeded = succeeded
            self.compiled_value = compiled_value


    class Revealer:
        def compile_obj(self, obj):
            if isinstance(obj, dict):
                return self._compile_dict(obj)
            if isinstance(obj, list):
                return [self.compile_obj(item) for item in obj]
            return obj

        def _compile_dict(self, dictionary):
            done = set()
            for _pass in range(len(dictionary) + 1):
                for key, value in dictionary.items():
                    if key in done:
                        continue
                    result = self._attempt(key, value)
                    if result.succeeded:
                        dictionary[key] = result.compiled_value{store}
                        done.add(key)
            return dictionary

        def _attempt(self, key, value):
            return Result(True, self.compile_obj(value))
"""


@pytest.mark.parametrize(("store", "expected"), [
    # written back into its own slot: one entry per key, whatever the pass
    ("", []),
    # also kept in a new entry: the compiled value is made from the entry itself (``_attempt``'s
    # result depends on what it is given), a normalisation that a second pass would make alike
    ("\n                        self.history.append(result.compiled_value)", []),
])
def test_a_result_written_back_into_its_own_slot_is_kept_once(tmp_path: Path, store: str, expected: list) -> None:
    found = run(tmp_path, {"reveal.py": PASSES.format(store=store)})
    assert [(d.code, d.location.line) for d in found if d.code == "AL001"] == expected



# kapitan 0.36.3 ``Revealer`` (refs/base.py:452-580), the compiler made private: the last pass
# compiles each remaining value and writes the result back under its own key
WRITTEN_BACK = """
    class _CompilationResult:

        def __init__(self, succeeded, compiled_value):
            self.succeeded = succeeded
            self.compiled_value = compiled_value


    class Revealer:
        def _compile_obj(self, obj, **kwargs):
            if isinstance(obj, dict):
                return self._compile_dict_with_dependency_resolution(obj, **kwargs)
            if isinstance(obj, list):
                return [self._compile_obj(item, **kwargs) for item in obj]
            if isinstance(obj, str):
                return self.regex.sub(self._compile_replace_match_with_args(**kwargs), obj)
            return obj

        def _compile_dict_with_dependency_resolution(self, dictionary, **kwargs):
            successfully_compiled_keys = set()
            max_compilation_passes = (
                len(dictionary) + 1
            )

            for _current_pass in range(max_compilation_passes):
                compiled_any_key_this_pass = False

                for key, value in dictionary.items():
                    if key in successfully_compiled_keys:
                        continue

                    compilation_result = self._attempt_compile_dict_value(
                        key, value, successfully_compiled_keys, **kwargs
                    )

                    if compilation_result.succeeded:
                        dictionary[key] = compilation_result.compiled_value
                        successfully_compiled_keys.add(key)
                        compiled_any_key_this_pass = True
                all_keys_compiled = len(successfully_compiled_keys) == len(dictionary)
                if all_keys_compiled or not compiled_any_key_this_pass:
                    break
            self._compile_remaining_keys(dictionary, successfully_compiled_keys, **kwargs)

            return dictionary

        def _attempt_compile_dict_value(self, key, value, already_compiled_keys, **kwargs):
            if not isinstance(value, str):
                compiled_value = self._compile_obj(value, **kwargs)
                return _CompilationResult(succeeded=True, compiled_value=compiled_value)
            if "||reveal:" not in value:
                compiled_value = self._compile_obj(value, **kwargs)
                return _CompilationResult(succeeded=True, compiled_value=compiled_value)
            try:
                compiled_value = self._compile_obj(value, **kwargs)
                return _CompilationResult(succeeded=True, compiled_value=compiled_value)
            except (RefError, KeyError):
                return _CompilationResult(succeeded=False, compiled_value=None)

        def _compile_remaining_keys(self, dictionary, successfully_compiled_keys, **kwargs):
            for key, value in dictionary.items():
                if key not in successfully_compiled_keys and isinstance(value, str):
                    {store}[key] = self._compile_obj(value, **kwargs)

"""


@pytest.mark.parametrize(("store", "expected"), [
    # the caller replaces what it passed with the result: it holds the original no longer
    ("dictionary", []),
    # kept elsewhere: the caller's mapping still holds the value the compiler changed
    ("self.compiled", [("AL007", 14, "HIGH")]),
])
def test_a_caller_writing_the_result_back_where_it_took_the_argument_is_no_witness(
        tmp_path: Path, store: str, expected: list) -> None:
    assert shown(run(tmp_path, {"reveal.py": WRITTEN_BACK.format(store=store)}, preview=True)) == expected


# airbyte-cdk 7.39.1 ``ConcurrentReadProcessor.start_next_partition_generator``: a stream taken
# off the front of the kept queue is put back at its end when it is blocked, to try again later
REQUEUE = """
    class Processor:
        def __init__(self, streams):
            self._queue = streams

        def start_next(self, blocked):
            attempts = 0
            while self._queue and attempts < len(self._queue):
                attempts += 1
                stream = self._queue.pop(0)
                if stream.name in blocked:
                    self._queue.append({put_back})
                    continue
                return stream
            return None


    def read(streams, blocked):
        processor = Processor([s for s in streams if s.available])
        first = processor.start_next(blocked)
        second = processor.start_next(blocked)
        return first, second
"""


def test_an_element_taken_off_a_queue_and_put_back_is_a_move(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"proc.py": REQUEUE.format(put_back="stream")})) == []


def test_an_element_of_its_own_added_to_the_queue_is_still_found(tmp_path: Path) -> None:
    found = run(tmp_path, {"proc.py": REQUEUE.format(put_back="stream.parent")})
    assert shown(found) == [("AL006", 12, "HIGH")]


# meltano 4.4.1 ``MeltanoConsoleRenderer.__call__``: a structlog processor that takes its own
# keys out of the event dict, then hands the rest to the renderer it extends
RENDERER = """
    import structlog


    class ConsoleRenderer({base}):
        def __call__(self, logger, name, event_dict):
            plugin = event_dict.pop("plugin_name", "meltano")
            event_dict["event"] = f"[{{plugin}}] {{event_dict['event']}}"
            return {tail}
"""


def test_an_override_handing_on_to_the_outside_method_it_extends_is_a_framework_hook(tmp_path: Path) -> None:
    source = RENDERER.format(base="structlog.dev.ConsoleRenderer", tail="super().__call__(logger, name, event_dict)")
    assert shown(run(tmp_path, {"renderer.py": source})) == []


@pytest.mark.parametrize(("base", "tail"), [
    # no outside class: a public callable of the library itself
    ("object", "str(event_dict)"),
    # an outside base, but the method does not extend one of its: the class's own entry point
    ("structlog.dev.ConsoleRenderer", "str(event_dict)"),
])
def test_a_method_that_extends_no_outside_method_stays_an_entry_point(tmp_path: Path, base: str, tail: str) -> None:
    # (its argument named as configuration: a key taken out of the top level of a required
    # argument of another name is the processor's own input, taken apart: preview)
    source = RENDERER.format(base=base, tail=tail).replace("event_dict", "event_kwargs")
    assert shown(run(tmp_path, {"renderer.py": source})) == [("AL007", 7, "HIGH")]


# kapitan 0.36.3 ``render_chart``: the module's default flags stand in for ``helm_flags`` when the
# caller gives none, and the chart's own flags are then written into them
FALLBACK = """
    HELM_DEFAULT_FLAGS = {{"--include-crds": True, "--skip-tests": True}}


    def render_chart(chart_dir, helm_params, helm_flags=None):
        args = ["template", chart_dir]
        if helm_flags is None:
            helm_flags = {default}
        for param, value in helm_params.items():
            helm_flags[f"--{{param}}"] = value
        for flag, value in helm_flags.items():
            args.append(flag)
        return args
"""


def test_a_module_default_standing_in_for_a_missing_argument_is_a_template(tmp_path: Path) -> None:
    found = run(tmp_path, {"helm.py": FALLBACK.format(default="HELM_DEFAULT_FLAGS")})
    assert shown(found) == [("AL003", 10, "HIGH")]
    assert found[0].message == (
        "`render_chart` writes an item of `HELM_DEFAULT_FLAGS`, the module-level object it uses for `helm_flags` "
        "when the caller gives none: every later call without `helm_flags` starts from the changed default; use a "
        "copy there (`helm_flags = copy.deepcopy(HELM_DEFAULT_FLAGS)`)")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (2, "second use: every later call of `render_chart` without `helm_flags` gets this object, already changed")]


def test_a_copy_of_the_module_default_is_the_call_own(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"helm.py": FALLBACK.format(default="dict(HELM_DEFAULT_FLAGS)")}, preview=True)) == []


# airbyte-cdk 7.39.1 ``ModelToComponentFactory._build_stream_slicer_from_partition_router``: the
# stream's name written into its own retriever's parameters, the caller passing both parts of
# one model; the next call with that model writes the same name again
SIBLING = """
    class Factory:
        def create_stream(self, model, config):
            router = self._build_router(model.retriever, config, stream_name={name})
            return {{"name": model.name, "router": router}}

        def _build_router(self, retriever, config, stream_name=None):
            router = retriever.partition_router
            if stream_name is not None:
                router["parameters"]["stream_name"] = stream_name
            return {{"router": router, "config": config}}
"""


#: a caller in the tree handing one model to two factories
BUILD_ALL = """

    def build_all(model, config):
        first = Factory().create_stream(model, config)
        return [first, Factory().create_stream(model, config)]
"""


@pytest.mark.parametrize(("name", "caller", "expected"), [
    ("model.name", BUILD_ALL, []),
    # a value from elsewhere: the next call may write another one over it
    ("self.prefix", BUILD_ALL, [("AL007", 10, "HIGH")]),
    # but only a call in the tree that hands the model over again is a second use (issue 8's
    # eighteenth stop: "the caller keeps it" had been assumed of a caller no call reaches)
    ("self.prefix", "", []),
])
def test_a_value_from_another_part_of_the_object_passed_again_is_the_same_again(
        tmp_path: Path, name: str, caller: str, expected: list) -> None:
    assert shown(run(tmp_path, {"factory.py": SIBLING.format(name=name) + caller})) == expected


# napalm 5.2.0 ``compliance_report``: the validation source deep-copied, then each check's
# expected results handed to ``compare``, which pops a control key from their lists
DEEP_COPY_ELEMENTS = """
    import copy


    def compare(src, dst):
        if isinstance(src, dict):
            return {{k: compare(v, dst.get(k)) for k, v in src.items()}}
        if isinstance(src, list):
            mode = src[0].pop("_mode", "strict") if src else "strict"
            return {{"mode": mode, "ok": src == dst}}
        return src == dst


    def report(cls, validation_source):
        out = {{}}
        validation_source = copy.deepcopy(validation_source)
        template = copy.deepcopy(validation_source[0])
        for validation_check in validation_source:
            for getter, expected in validation_check.items():
                key = expected.pop("_name", "") or getter
                out[key] = compare({passed}, getattr(cls, getter)())
        return out
"""


def test_the_parts_of_a_deep_copys_elements_are_others_each_round(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"validate.py": DEEP_COPY_ELEMENTS.format(passed="expected")}, preview=True)) == []


def test_one_deep_copy_passed_on_every_round_is_still_found(tmp_path: Path) -> None:
    # (reported at the callee, whose every call from the loop starts from the changed template)
    found = run(tmp_path, {"validate.py": DEEP_COPY_ELEMENTS.format(passed="template")})
    assert shown(found) == [("AL007", 7, "HIGH")]


# dynaconf 3.3.5 ``settings_loader``: each setting's override read out of the environment through
# a property returning ``os.environ``, then set, which strips merge tokens out of list values
ENVIRON = """
    import os
    {imports}

    DEFAULTS = {{"ENV": ["a", "b"]}}


    def strip_tokens(value):
        if isinstance(value, list):
            value.pop(0)
        return value


    class Settings:
        @property
        def environ(self):
            return {source}

        def get_environ(self, key, default=None):
            return self.environ.get(key, default)

        def set(self, key, value):
            self.store = {{key: strip_tokens(value)}}


    def load(obj, keys, switcher):
        for key in keys:
            value = obj.get_environ(switcher if key == "ENV" else key, default="_")
            if value != "_":
                obj.set(key, value)
"""


@pytest.mark.parametrize(("imports", "source"), [
    ("", "os.environ"),
    ("from os import environ", "environ"),
    ("import sys", "dict(enumerate(sys.argv))"),
])
def test_what_is_read_out_of_the_environment_is_a_string(tmp_path: Path, imports: str, source: str) -> None:
    assert shown(run(tmp_path, {"settings.py": ENVIRON.format(imports=imports, source=source)}, preview=True)) == []


def test_a_module_mapping_a_users_model_says_holds_strings_holds_no_container(tmp_path: Path) -> None:
    # the strings-only objects are model data (kind "text"), which a user's models extend
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover

    source = ENVIRON.format(imports="", source="DEFAULTS")
    (tmp_path / "settings.py").write_text(textwrap.dedent(source), encoding="utf-8")
    (tmp_path / "models.toml").write_text('["settings.DEFAULTS"]\nkind = "text"\n', encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, models=(tmp_path / "models.toml",))
    assert engine.check(discover([tmp_path / "settings.py"], settings, cwd=tmp_path), settings).diagnostics == []


def test_a_module_mapping_of_lists_read_on_every_round_is_still_found(tmp_path: Path) -> None:
    found = run(tmp_path, {"settings.py": ENVIRON.format(imports="", source="DEFAULTS")})
    assert shown(found) == [("AL001", 30, "HIGH")]


# ScoutSuite 5.14.0 ``RDSFacade._cache_snapshots``: a class-level cache filled once per region
# with what was fetched, then the fetched list extended through the cache
NAMED_KEY = """
    class Facade:
        _cache = {{}}

        def cache_snapshots(self, region, other):
            if region in self._cache:
                return
            self._cache[region] = fetch("rds", region)
            more = fetch("cluster", region){between}
            self._cache[{read}].extend(more)
"""


def test_an_item_read_back_by_the_name_it_was_written_under_is_what_was_written(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"facade.py": NAMED_KEY.format(between="", read="region")}, preview=True)) == []


@pytest.mark.parametrize(("between", "read"), [
    # another key: what the cache held before
    ("", "other"),
    # the name rebound since: another key
    ("\n            region = other", "region"),
    # the cache changed another way since
    ("\n            self._cache.clear()", "region"),
])
def test_an_item_read_by_another_key_is_the_shared_one(tmp_path: Path, between: str, read: str) -> None:
    found = run(tmp_path, {"facade.py": NAMED_KEY.format(between=between, read=read)}, preview=True)
    assert [d.code for d in found] == ["AL003"]


# napalm 5.2.0 ``_compare_getter_dict``: each key's element popped out of a deep copy of the
# device's data is another object each round (the module as released, types simplified)
NAPALM_VALIDATE = (Path(__file__).parent / "data" / "unseen" / "napalm_validate.py").read_text(encoding="utf-8")


def test_an_item_of_a_deep_copy_taken_by_the_rounds_key_is_another_each_round(tmp_path: Path) -> None:
    found = run(tmp_path, {"validate.py": NAPALM_VALIDATE}, preview=True)
    assert "AL004" not in [d.code for d in found]


def test_one_item_of_a_deep_copy_taken_on_every_round_is_still_found(tmp_path: Path) -> None:
    source = NAPALM_VALIDATE.replace("dst_element = dst.pop(key)", 'dst_element = dst["first"]')
    assert ("AL004", 87) in [(d.code, d.location.line) for d in run(tmp_path, {"validate.py": source})]


# dynaconf 3.3.5 ``BaseLoader.warn_not_installed``: warns once per missing extra, remembering
# which in a list of the settings' config that the package only tests membership in
WARNED = """
    import warnings


    class Config:
        def __init__(self):
            self.not_installed_warnings = []


    def warn_not_installed(config, identifier):
        if identifier not in config.not_installed_warnings:
            warnings.warn(identifier)
        config.not_installed_warnings.append(identifier)


    def load_all(config, loaders):
        for loader in loaders:
            warn_not_installed(config, "ini"){other}
"""


def test_a_list_read_only_to_test_membership_gains_nothing_from_a_second_copy(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"loaders.py": WARNED.format(other="")})) == []


def test_a_list_also_read_otherwise_is_still_found(tmp_path: Path) -> None:
    source = WARNED.format(other="\n        return len(config.not_installed_warnings)")
    assert shown(run(tmp_path, {"loaders.py": source})) == [("AL001", 18, "HIGH")]


# dynaconf 3.3.5's vendored ``BoxList.to_list``: a list that holds itself is converted to a new
# list that holds itself
SELF_REFERENCE = """
    def to_list(items):
        out = []
        for item in items:
            if item is items:
                out.append({stored})
            else:
                out.append(item)
        return out
"""


def test_a_container_stored_into_itself_is_a_cycle_not_a_duplicate(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"box.py": SELF_REFERENCE.format(stored="out")}, preview=True)) == []


def test_another_object_made_before_the_loop_and_stored_each_round_is_still_found(tmp_path: Path) -> None:
    source = SELF_REFERENCE.replace("out = []", "out = []\n        marker = []").format(stored="marker")
    source = source.replace("out.append(item)", "marker.append(item)")
    assert [d.code for d in run(tmp_path, {"box.py": source})] == ["AL004"]


# A new user's trial (asyncio's and sched's shape): a scheduler moving due timers off its queue
# through the project's own ``pop_min`` until the queue is empty
QUEUE_HELPER = '''
    def pop_min(heap):
        """Remove and return the smallest item."""
        last = heap.pop()
        if heap:
            item = heap[0]
            heap[0] = last
            return item
        return last
'''
DRAIN = """
    from pq import pop_min


    class Loop:
        def __init__(self):
            self._scheduled = []
            self._ready = []

        def run_once(self, end_time, n):
            {loop}
                handle = pop_min(self._scheduled)
                handle.scheduled = False
                self._ready.append(handle)
"""


@pytest.mark.parametrize("loop", ["while self._scheduled:", "while len(self._scheduled) > 0 and end_time:",
                                  "while True:\n                if not self._scheduled:\n                    break"])
def test_a_loop_that_runs_until_the_queue_is_empty_drains_it(tmp_path: Path, loop: str) -> None:
    files = {"pq.py": QUEUE_HELPER, "loop.py": DRAIN.format(loop=loop)}
    assert shown(run(tmp_path, files)) == []


def test_a_loop_that_takes_from_the_queue_a_fixed_number_of_times_is_still_found(tmp_path: Path) -> None:
    files = {"pq.py": QUEUE_HELPER, "loop.py": DRAIN.format(loop="for _ in range(n):")}
    assert shown(run(tmp_path, files)) == [("AL001", 12, "HIGH")]


def test_an_element_read_without_taking_it_is_the_same_each_round(tmp_path: Path) -> None:
    files = {"pq.py": "\n    def peek_min(heap):\n        return heap[0]\n",
             "loop.py": DRAIN.format(loop="while self._scheduled:").replace("pop_min", "peek_min")}
    assert [d.code for d in run(tmp_path, files)] == ["AL004"]


# A new user's trial (moto's batch jobs): each job made in the loop registers itself with its queue
REGISTER = """
    class JobQueue:
        def __init__(self, name):
            self.name = name
            self.jobs = []


    class Job:
        def __init__(self, name, job_queue):
            self.name = name
            self.job_queue = job_queue
            self.job_queue.jobs.append({registered})


    def submit_array(queue, size):
        children = []
        for index in range(size):
            child = Job(f"child-{{index}}", queue)
            children.append(child)
        return children
"""


def test_a_constructor_registering_the_instance_it_makes_adds_another_each_round(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"jobs.py": REGISTER.format(registered="self")})) == []


def test_a_constructor_adding_the_same_entry_each_time_is_still_found(tmp_path: Path) -> None:
    found = run(tmp_path, {"jobs.py": REGISTER.format(registered='"pending"')})
    assert shown(found) == [("AL001", 18, "HIGH")]


# A new user's trial (docutils' ODF writer, ``el = SubElement(el, ...)``): a walk down a tree,
# the name passed rebound on every round to what the call returns
DESCEND = """
    def _sub_element(parent, tag):
        parent["children"].append("separator")
        child = {{"tag": tag, "children": []}}
        parent["children"].append(child)
        return child


    def walk(root, tags):
        el = root
        for tag in tags:
            {call}
        return el
"""


def test_a_name_rebound_to_the_calls_result_each_round_passes_another_object(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"walk.py": DESCEND.format(call="el = _sub_element(el, tag)")})) == []


@pytest.mark.parametrize("call", [
    "_sub_element(el, tag)",
    # rebound on some rounds only: the others pass the same element again
    "child = _sub_element(el, tag)\n            if tag:\n                el = child",
])
def test_a_name_not_rebound_on_every_round_is_still_the_same_object(tmp_path: Path, call: str) -> None:
    assert [d.code for d in run(tmp_path, {"walk.py": DESCEND.format(call=call)})] == ["AL001"]


# A new user's trial (ansible-compat's ``Runtime.has_playbook``): a memo declared ``ClassVar`` and
# keyed by a tuple of the call's arguments
CLASS_MEMO = """
    from pathlib import Path
    from typing import ClassVar


    class Runtime:
        _has_playbook_cache{annotation} = {{}}

        def has_playbook(self, playbook, basedir=None):
            if (playbook, basedir) in self._has_playbook_cache:
                return self._has_playbook_cache[playbook, basedir]
            result = self.syntax_check(playbook, basedir)
            self._has_playbook_cache[{key}] = result
            return result

        def syntax_check(self, playbook, basedir):
            return bool(playbook)
"""


@pytest.mark.parametrize(("annotation", "key"), [
    # a tuple key computed from the arguments: a cache
    ("", "playbook, basedir"),
    ("", "(playbook, basedir)"),
    # one key for every call, but declared shared
    (": ClassVar[dict[tuple[str, Path | None], bool]]", '"last"'),
])
def test_a_class_level_cache_keyed_by_the_arguments_or_declared_classvar_is_no_template(
        tmp_path: Path, annotation: str, key: str) -> None:
    source = CLASS_MEMO.format(annotation=annotation, key=key)
    assert shown(run(tmp_path, {"runtime.py": source})) == []


def test_one_key_written_by_every_call_on_an_undeclared_class_dict_is_still_found(tmp_path: Path) -> None:
    found = run(tmp_path, {"runtime.py": CLASS_MEMO.format(annotation="", key='"last"')})
    assert shown(found) == [("AL003", 13, "HIGH")]


@pytest.mark.parametrize(("base", "path", "shown"), [
    ("fs, pending", ("[*]",), "(fs, pending)[*]"),
    ("a or b", (".spec",), "(a or b).spec"),
    ("f(a, b)", ("[*]",), "f(a, b)[*]"),
    ('cfg["a, b"]', ('["x"]',), 'cfg["a, b"]["x"]'),
    ("fs, pending", (), "fs, pending"),
])
def test_an_access_path_on_an_expression_reads_as_one_operand(base: str, path: tuple, shown: str) -> None:
    # a new user's trial (CPython's ``concurrent.futures.as_completed``): the message said
    # "removes from `fs, pending[*]`" and suggested ``copy.deepcopy(fs, pending)``
    from aliaslint.values import format_path

    assert format_path(base, path) == shown


# feast 0.67.0 trino upload: ``df.apply(...)`` on a ``pd.DataFrame`` parameter was taken for the
# project's ``FeatureStore.apply``, the only project class with that method
STORE = """
    class FeatureStore:
        def __init__(self):
            self._feature_service_cache = {}

        def apply(self, objects, args=(), axis=0):
            self._feature_service_cache.clear()
            return objects
"""
UPLOAD = """
    import pandas as pd


    def format_rows(df{annotation}) -> str:
        return ",".join(df.apply(str, axis=1).tolist())


    def upload(df, size, send):
        for pos in range(0, len(df), size):
            send(format_rows(df[pos : pos + size]))
        return df
"""


def test_a_parameter_annotated_with_an_outside_class_is_not_duck_typed(tmp_path: Path) -> None:
    files = {"store.py": STORE, "upload.py": UPLOAD.format(annotation=": pd.DataFrame")}
    assert shown(run(tmp_path, files, preview=True)) == []


@pytest.mark.parametrize("annotation", ["", ": typing.Any"])
def test_an_unannotated_parameter_is_still_duck_typed(tmp_path: Path, annotation: str) -> None:
    upload = UPLOAD.format(annotation=annotation).replace("import pandas as pd", "import typing")
    # (in the preview tier: ``df[pos : pos + size]`` picks a chunk, a selection, not a copy made
    # to leave ``df`` unchanged: the thirtieth set's ``SELECTION_COPY``)
    found = run(tmp_path, {"store.py": STORE, "upload.py": upload}, preview=True)
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL002", 11, "MEDIUM")]


# ansible-navigator 26.10.0 ``Runner.__init__``: the container's user set to root unless one of
# the options already names a user
ANY_GUARD = """
def runner(engine, container_options, other):
    if engine == "podman":
        {guard}
            container_options.append("--user=root")
    return container_options
"""


def _append_kind(guard: str) -> str:
    from aliaslint.engine import summarize_source
    from aliaslint.files import SourceFile

    summary = summarize_source(ANY_GUARD.format(guard=guard), SourceFile(Path("runner.py"), "runner.py"),
                               "runner", False, [])
    (mutation,) = [m for m in summary.functions["runner.runner"].mutations if m.op == "append"]
    return mutation.kind


@pytest.mark.parametrize("guard", [
    'if not any(o.startswith(("--user", "-u")) for o in container_options):',
    'has_user = any(o.startswith("--user") for o in container_options)\n        if not has_user:',
])
def test_an_append_guarded_by_a_test_that_the_list_lacks_it_is_a_fill(guard: str) -> None:
    assert _append_kind(guard) == "setdefault"


@pytest.mark.parametrize("guard", [
    "if True:",
    # the name asked about this list, then was rebound
    'has_user = any(o.startswith("--user") for o in container_options)\n'
    '        has_user = engine.endswith("x")\n        if not has_user:',
])
def test_an_append_guarded_by_another_test_still_adds(guard: str) -> None:
    assert _append_kind(guard) == "accumulate"
