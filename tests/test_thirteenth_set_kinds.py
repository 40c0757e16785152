"""Findings of issue 8's blind thirteenth and fourteenth sets (checkov 3.3.30, dbt-core 1.12.6,
tox 4.67.17, openstacksdk 4.22.0; ops 3.9.0, docker 7.2.0, ansible-lint 26.10.1, invoke 3.0.3) kept
as tests: each kind of wrong or intended finding the triage found, with a twin that is still found.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# dbt-core 1.12.6 ``hints.py:82``: the cached ``_read_hint_ts`` says that the dict it returns is
# changed in place by ``record_hint_shown`` to keep the cache current: shared working state
HINTS = """
    import json
    import time
    from functools import lru_cache
    from pathlib import Path


    @lru_cache(maxsize=None)
    def _read_hint_ts(path_str):
        \"\"\"Read the hint file, cached by path. The returned dict is mutated
        in place by record_hint_shown(), keeping the cache current within a run.\"\"\"
        return json.loads(Path(path_str).read_text())


    def has_hint_cooldown(hint_type):
        return time.time() - _read_hint_ts("h.json").get(hint_type, 0) < 60


    def record_hint_shown(hint_type):
        hint_ts = _read_hint_ts("h.json")
        hint_ts[hint_type] = int(time.time())
        Path("h.json").write_text(json.dumps(hint_ts))
"""


def test_a_cache_documented_as_changed_in_place_by_its_users_is_working_state(tmp_path: Path) -> None:
    assert run(tmp_path, {"hints.py": HINTS}) == []


def test_a_cached_object_changed_without_such_a_word_is_still_found(tmp_path: Path) -> None:
    source = HINTS.replace("The returned dict is mutated\n        in place by record_hint_shown(), keeping the "
                           "cache current within a run.", "")
    found = run(tmp_path, {"hints.py": source})
    assert shown(found) == [("AL003", 20, "HIGH")]
    assert found[0].message.startswith("`record_hint_shown` writes an item of `_read_hint_ts()`, the object the "
                                       "cached `_read_hint_ts()` returns to every caller")


# checkov 3.3.30 ``common/checks_infra/checks_parser.py:283``: the new check's list is the
# caller's only in the ``elif`` branch that stores it; another branch appends to the check's own
CHECKS_PARSER = """
    class Check:
        def __init__(self):
            self.resource_types = []


    def parse(raw, resources_types, providers):
        check = Check()
        kind = raw.get("kind")
        if kind == "all":
            check.resource_types = resources_types or []
        elif kind == "provider":
            for provider in providers:
                check.resource_types.append(f"provider.{provider}")
        else:
            check.resource_types = [kind]
        return check


    def load(raws, resources_types, providers):
        return [parse(r, resources_types, providers) for r in raws]
"""


def test_a_field_stored_in_one_branch_is_not_what_another_branch_appends_to(tmp_path: Path) -> None:
    assert run(tmp_path, {"parser.py": CHECKS_PARSER}, preview=True) == []


def test_a_field_stored_before_the_branches_is_still_appended_to(tmp_path: Path) -> None:
    # the twin: stored on every path before the append, the caller's list is appended to in a loop
    source = CHECKS_PARSER.replace('    kind = raw.get("kind")\n', '    kind = raw.get("kind")\n'
                                   '        check.resource_types = resources_types\n')
    found = run(tmp_path, {"parser.py": source}, preview=True)
    # (shown by default since the twentieth stop: the list is put, whole, into the check built
    # from it, so it is the caller's input, not an output parameter, and every check holds it)
    assert shown(found) == [("AL007", 15, "HIGH")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (22, "second use: this caller passes an object it shares in a loop; the next use sees what `parse` changed")]


# tox 4.67.17 ``config/loader/toml/_replace.py:209``: ``self.args.copy()`` is the project class's
# own ``copy``, which copies the chain each substitution appends to (not a builtin shallow copy)
TOX_REPLACE = """
    class LoadArgs:
        def __init__(self, chain, name):
            self.chain = chain or []
            self.name = name

        def copy(self):
            return LoadArgs(self.chain.copy(), self.name)


    def load_set_env(conf, conf_args, key):
        conf_args.chain.append(f"env:{key}")
        return conf.get(key)


    class Unroll:
        def __init__(self, conf, args: LoadArgs):
            self.conf = conf
            self.args = args

        def __call__(self, value):
            return load_set_env(self.conf, self.args.copy(), value)


    def build(conf, args, values):
        return [Unroll(conf, args)(v) for v in values]
"""


def test_a_project_classs_own_copy_method_is_what_its_call_returns(tmp_path: Path) -> None:
    assert run(tmp_path, {"replace.py": TOX_REPLACE}, preview=True) == []


def test_a_project_copy_method_that_shares_the_list_is_still_found(tmp_path: Path) -> None:
    # the twin: a ``copy`` that hands the same chain to the new object
    source = TOX_REPLACE.replace("LoadArgs(self.chain.copy(), self.name)", "LoadArgs(self.chain, self.name)")
    found = run(tmp_path, {"replace.py": source}, preview=True)
    assert shown(found) == [("AL006", 12, "HIGH")]
    assert found[0].message.startswith("`Unroll.__call__` appends to `self.args.chain` through load_set_env, but "
                                       "`__init__` keeps the caller's `args` there by reference")


# dbt-core 1.12.6 ``task/run.py:602``: the runner built from a deep copy made for it reads that
# copy again through one of its own methods; no second runner shares it
BATCH_RUNNER = """
    from copy import deepcopy


    class BaseRunner:
        def __init__(self, config, node):
            self.config = config
            self.node = node

        def compile(self, batch):
            self.node.config["start"] = batch[0]
            self.node.batch = batch
            return self.node

        def failed_result(self, node, batch):
            return {"node": node.name, "batch": batch}


    class Task:
        def submit_batch(self, pool, node, batches, batch_idx):
            node_copy = deepcopy(node)
            runner = BaseRunner(self.config, node_copy)
            if not pool.is_closed():
                return pool.run(runner.compile, batches[batch_idx])
            return runner.failed_result(node_copy, batches[batch_idx])

        def run(self, pool, node, batches):
            return [self.submit_batch(pool, node, batches, i) for i in range(len(batches))]
"""


def test_the_instance_built_from_an_object_using_it_again_is_the_same_holder(tmp_path: Path) -> None:
    assert run(tmp_path, {"run.py": BATCH_RUNNER}, preview=True) == []


def test_a_second_instance_built_from_the_same_object_is_still_the_witness(tmp_path: Path) -> None:
    source = BATCH_RUNNER.replace("return runner.failed_result(node_copy, batches[batch_idx])",
                                  "return BaseRunner(self.config, node_copy).failed_result(node_copy, batch_idx)")
    found = run(tmp_path, {"run.py": source})
    assert shown(found) == [("AL006", 11, "HIGH")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (8, "kept by reference here"),
        (22, "second use: another BaseRunner is built here from the same object, and sees the change"),
        (25, "second use: another BaseRunner is built here from the same object, and sees the change"),
        (12, "also mutated here (.batch =)"),
    ]


# dbt-core 1.12.6 ``parser/partial.py:271``: for each changed model, the partial parser deletes
# from the schema file what its own saved manifest pairs with that model: keys its own state
# chooses, under a membership test; the next round takes out its own entries
PARTIAL = """
    class PartialParsing:
        def __init__(self, saved_manifest):
            self.saved_manifest = saved_manifest

        def delete_links(self, schema_file, model):
            names = []
            for unique_id in schema_file.semantic_models.copy():
                sm = self.saved_manifest.semantic_models[unique_id]
                if sm.model == model["name"]:
                    names.append(sm.name)
                    schema_file.semantic_models.remove(unique_id)
            for name in names:
                if name in schema_file.metrics_from_measures:
                    del schema_file.metrics_from_measures[name]

        def process(self, schema_file):
            for model in schema_file.pp_dict["models"]:
                self.delete_links(schema_file, model)
"""


def test_removals_keyed_by_the_methods_own_state_are_a_filter_in_place(tmp_path: Path) -> None:
    found = run(tmp_path, {"partial.py": PARTIAL}, preview=True)
    assert shown(found) == [("AL001", 19, "MEDIUM")]


def test_a_removal_keyed_by_the_callers_input_is_still_found(tmp_path: Path) -> None:
    # the twin: the key comes from the argument the loop passes, the same key each round
    source = PARTIAL.replace("del schema_file.metrics_from_measures[name]",
                             "del schema_file.metrics_from_measures[model['metric']]").replace(
        "self.delete_links(schema_file, model)", "self.delete_links(schema_file, schema_file.pp_dict['main'])")
    found = run(tmp_path, {"partial.py": source})
    assert shown(found) == [("AL001", 19, "HIGH")]


def test_a_local_made_by_a_project_copy_method_is_not_the_original(tmp_path: Path) -> None:
    # tox's ``_replace_ref``: ``args = self.args.copy(); args.chain.append(path)`` in the method itself
    source = TOX_REPLACE.replace("return load_set_env(self.conf, self.args.copy(), value)",
                                 "args = self.args.copy()\n            args.chain.append(value)\n"
                                 "            return args")
    assert run(tmp_path / "own", {"replace.py": source}, preview=True) == []
    shared = source.replace("LoadArgs(self.chain.copy(), self.name)", "LoadArgs(self.chain, self.name)")
    assert shown(run(tmp_path / "shared", {"replace.py": shared})) == [("AL006", 23, "HIGH")]


# checkov 3.3.30 ``terraform/modules/module_utils.py:198``: ``list(values)`` of a set copies
# hashable elements: nothing nested in them can be written through the copy
CLEAN_TYPES = """
    def clean_lst(values):
        for idx, val in enumerate(values):
            if isinstance(val, list):
                val[0] = str(val[0])
            values[idx] = val
        return values


    def clean(conf):
        out = {}
        for attribute, values in conf.items():
            if isinstance(values, set):
                out[attribute] = clean_lst(list(values))
        return out


    def load(confs):
        return [clean(c) for c in confs], confs
"""


def test_a_list_made_from_a_set_shares_nothing_a_change_reaches(tmp_path: Path) -> None:
    assert run(tmp_path, {"clean.py": CLEAN_TYPES}, preview=True) == []


def test_a_list_made_from_a_list_still_shares_its_elements(tmp_path: Path) -> None:
    found = run(tmp_path, {"clean.py": CLEAN_TYPES.replace("isinstance(values, set)", "isinstance(values, tuple)")},
                preview=True)
    assert shown(found) == [("AL002", 14, "HIGH")]
    assert found[0].message.startswith("`list(values)` copies only the top level")


# docker 7.2.0 ``api/image.py:91`` (a miss of the blind fourteenth set, reproduced): ``images``
# writes the name filter into the caller's ``filters`` when given one, and makes its own dict
# with that key otherwise; the next call with the same dict and no name still filters by it
DOCKER_IMAGES = """
    class ImageApiMixin:
        def images(self, name=None, quiet=False, filters=None):
            \"\"\"List images.

            Args:
                filters (dict): Filters to be processed on the image list.
            \"\"\"
            params = {"only_ids": 1 if quiet else 0}
            if name:
                if filters:
                    filters["reference"] = name
                else:
                    filters = {"reference": name}
            if filters:
                params["filters"] = convert_filters(filters)
            return self._get("/images/json", params=params)


    def convert_filters(filters):
        return ",".join(f"{k}={v}" for k, v in filters.items())
"""


def test_a_key_set_in_the_callers_mapping_or_in_the_functions_own_is_set_on_some_calls(tmp_path: Path) -> None:
    found = run(tmp_path, {"image.py": DOCKER_IMAGES})
    assert shown(found) == [("AL007", 12, "HIGH")]
    assert found[0].message.startswith(
        "`ImageApiMixin.images` writes an item of `filters`, the caller's `filters`, on some calls only; a caller "
        "that passes `filters` again, to a call that does not set that key, passes this call's value on")


def test_a_key_set_only_in_a_mapping_the_caller_gave_stays_in_the_preview_tier(tmp_path: Path) -> None:
    # the twin: without a dict of its own on the other path, the write is into what was given
    source = DOCKER_IMAGES.replace("                else:\n                    filters = {\"reference\": name}\n", "")
    assert run(tmp_path, {"image.py": source}) == []


# checkov 3.3.30 ``secrets/scan_git_history.py:113``: the constructor's docstring says the
# ``secrets`` it is given "will be filled with secrets during the run": an out-parameter
GIT_HISTORY = """
    class GitHistoryScanner:
        def __init__(self, root_folder, secrets):
            \"\"\"
            root_folder: Is necessary for initializing the Repo to read from
            secrets: An object which will be filled with secrets during the run of the secrets scan
            \"\"\"
            self.root_folder = root_folder
            self.secrets = secrets

        def scan(self, commits):
            for commit in commits:
                self.secrets[commit.file].append("seen")
            return len(commits)


    def run(roots, commits):
        secrets = {}
        for root in roots:
            GitHistoryScanner(root, secrets).scan(commits)
        return secrets
"""


def test_a_constructor_argument_documented_as_filled_in_is_an_out_parameter(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"history.py": GIT_HISTORY}, preview=True)) == [("AL006", 13, "MEDIUM")]


def test_an_argument_documented_otherwise_is_still_found(tmp_path: Path) -> None:
    source = GIT_HISTORY.replace("An object which will be filled with secrets during the run of the secrets scan",
                                 "The secrets known so far")
    assert shown(run(tmp_path, {"history.py": source})) == [("AL006", 13, "HIGH")]


def test_a_constructor_docstring_about_what_the_object_fills_is_no_out_parameter(tmp_path: Path) -> None:
    # sagemaker's ``ExperimentAnalytics``: "search_expression (dict): The search query ... to use to
    # populate the data frame" is what the object does with it, not a promise to fill it
    source = GIT_HISTORY.replace("An object which will be filled with secrets during the run of the secrets scan",
                                 "The secrets to use to populate the report")
    assert shown(run(tmp_path, {"history.py": source})) == [("AL006", 13, "HIGH")]


# invoke 3.0.3 ``context.py:201`` (a preview miss of the blind fourteenth set, reproduced):
# ``Context.sudo(command, **kwargs)`` hands ``kwargs`` on, and ``_sudo`` appends its password
# responder to the list the user passed as ``watchers=``: one more on every call
INVOKE_SUDO = """
    class Context:
        def sudo(self, command, **kwargs):
            \"\"\"Execute a shell command via ``sudo`` with password auto-response.\"\"\"
            return self._sudo(command, **kwargs)

        def _sudo(self, command, **kwargs):
            watcher = Responder(kwargs.pop("password", ""))
            watchers = kwargs.pop("watchers", list(self.config.watchers))
            watchers.append(watcher)
            return self.run(f"sudo {command}", watchers=watchers, **kwargs)
"""


def test_a_keyword_argument_inside_a_public_functions_kwargs_is_the_callers(tmp_path: Path) -> None:
    found = run(tmp_path, {"context.py": INVOKE_SUDO})
    assert shown(found) == [("AL002", 5, "HIGH")]
    assert found[0].message == (
        "the `**kwargs` dict made here for the call copies only the top level, so the code that appends to "
        "`kwargs[\"watchers\"]` also changes the original, the object the caller passed as `watchers=`; use "
        "`copy.deepcopy()`, or copy the nested level that is changed")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (10, "the original's nested object is mutated here (append)"),
        (5, "calls `Context._sudo`"),
        (3, "public entry point: `watchers` comes from the caller as a keyword argument, and every call adds to "
            "what the caller gave again"),
    ]


def test_a_keyword_argument_of_a_private_helper_stays_in_the_preview_tier(tmp_path: Path) -> None:
    source = INVOKE_SUDO.replace("def sudo(", "def _sudo_entry(").replace("_sudo(command", "_sudo_impl(command") \
        .replace("def _sudo(", "def _sudo_impl(")
    assert shown(run(tmp_path, {"context.py": source}, preview=True)) == [("AL002", 5, "MEDIUM")]


# checkov 3.3.30 ``terraform/runner.py:407``: a class-level table of the module-level registry
# singletons; each registry's ``graph`` is its own state, set before it scans
REGISTRIES = """
    class Registry:
        def __init__(self, name):
            self.name = name
            self.graph = None

        def scan(self, entity):
            return [self.name, self.graph, entity]


    resource_registry = Registry("resource")
    data_registry = Registry("data")
"""
RUNNER = """
    from registries import data_registry, resource_registry


    class Runner:
        block_type_registries = {"resource": resource_registry, "data": data_registry}

        def __init__(self, graphs):
            self.all_graphs = graphs

        def run_block(self, entities, block_type, scanned_file):
            registry = self.block_type_registries[block_type]
            results = []
            for entity in entities:
                self._assign(registry, scanned_file)
                results.append(registry.scan(entity))
            return results

        def _assign(self, registry, scanned_file):
            registry.graph = None
            for graph_obj in self.all_graphs:
                if scanned_file.startswith(graph_obj[1]):
                    registry.graph = graph_obj[0]
                    break
"""


def test_attributes_of_singletons_a_class_level_table_refers_to_are_their_own_state(tmp_path: Path) -> None:
    assert run(tmp_path, {"registries.py": REGISTRIES, "runner.py": RUNNER}, preview=True) == []


def test_a_class_level_table_of_plain_data_changed_through_it_is_still_found(tmp_path: Path) -> None:
    # the twin: the table holds module-level dicts, and an item of one is written
    source = RUNNER.replace("registry.graph = None", 'registry["graph"] = None').replace(
        "registry.graph = graph_obj[0]", 'registry["graph"] = graph_obj[0]').replace(
        "results.append(registry.scan(entity))", "results.append(str(registry))")
    data = 'resource_registry = {"name": "resource"}\ndata_registry = {"name": "data"}\n'
    assert shown(run(tmp_path, {"registries.py": data, "runner.py": source})) == [("AL003", 15, "HIGH")]
