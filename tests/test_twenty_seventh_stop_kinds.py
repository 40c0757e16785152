"""Kinds of issue 8's twenty-seventh stop, kept as tests with their twins.

- Phase 1: ``for key in refs: del data[key]``, where ``refs`` was computed from ``data``'s own
  keys alone (``set(data.keys()).difference(concrete)``), filters the object by a rule over its
  keys: each key is there when deleted, and a second run finds none of them left (yamlpath
  3.9.1's ``Merger._delete_mergeref_keys``, called on the same merge target for each matching
  right-hand element: a B of blind set 67). Keys the caller names are another matter.
- Phase 1: ``rule.setdefault("include", DEFAULTS["include"])`` (or, for each of a template's
  items, ``rule.setdefault(key, val)``) may put the template's own object into the caller's, as
  ``rule[key] = val`` does; a change made through ``rule["include"]`` afterwards reaches the
  template whenever the caller's object lacked the key (elastalert2 2.31.0's rule loader, a
  reproduced miss of blind set 66, whose template is an instance's: AL011 below).
- AL006: a class whose docstring names a kind of data as what it changes ("Query and update YAML
  data": yamlpath 3.9.1's ``Processor``, a B of blind set 67) edits the document it is given by
  design: preview.
- AL006: a change made only under a test that the attribute holding the caller's argument is
  false (``if not self.kind_dict:``), where the constructor keeps a new object when it is
  (``self.res = kind_dict or {}``), changes the instance's own object (openshift-python-wrapper
  11.0.143's generated resources: an A of blind set 68, and 215 of its preview findings).
- AL001: the elements of a list made before a loop (``found.append({...})`` or a call's result,
  then ``for schema in found:``) are others on each round of the loop walking it; appending each
  to one mapping adds each once (openshift-python-wrapper 11.0.143's
  ``update_single_resource_schema``: a B of blind set 68, whose message said the same schema was
  added a second time). A callee whose parameter entry ends "dictionary to update" names it as
  what it merges into (``harm.merges_into``); "to update the default headers" names another
  object.
- AL006: a change made while an attribute the method sets is unset (``if self._api is None:``
  ... ``self._api = ...``) is a lazy initialisation, made once per instance: not "every call
  changes it again" (pulp-glue 0.41.1's ``PulpContext.api``: a B of blind set 68).
- AL011 (new): a method that adds to a container inside a template its instance made in
  ``__init__`` (a literal, a copy, a deep copy), and builds its result from that template or hands
  the template's part out into its caller's object: every later call on the same instance starts
  from the changed template (KubeRay's founding bug with the template kept on the controller;
  elastalert2 2.31.0's ``RulesLoader.load_options``, whose ``base_config["include"]`` grows with
  every rule loaded: a miss of blind set 66 that its reader reproduced). An empty container filled
  by name (a registry), a class instance (a builder's fields) and the instance's own top-level
  list (``self.items.append(x)``) are its state, not a template.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run
from test_twenty_fourth_stop_kinds import _both

_MERGER = '''\
class Merger:
    def drop_refs(self, data{extra}):
        for key in {keys}:
            del data[key]

    def merge(self, lhs, rhs{extra}):
        for ele in rhs:
            for target in (t for t in lhs if t["id"] == ele["id"]):
                self.drop_refs(target{extra})
                break
'''


def test_keys_chosen_from_the_object_itself_are_a_filter(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/merger.py": _MERGER.format(
        extra="", keys="set(data.keys()).difference(data.concrete)")}
    assert _both(tmp_path, files) == ([], [])


def test_keys_chosen_by_a_comprehension_over_the_object_are_a_filter(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/merger.py": _MERGER.format(
        extra="", keys='[k for k in data if k.startswith("<<")]')}
    assert _both(tmp_path, files) == ([], [])


def test_keys_the_caller_names_are_no_filter(tmp_path: Path) -> None:
    """The twin: the keys come from the caller, not from the object; the same target found again
    has lost them."""
    files = {"pkg/__init__.py": "", "pkg/merger.py": _MERGER.format(extra=", names", keys="names")}
    assert _both(tmp_path, files) == ([("AL001", 9, "HIGH")], [("AL001", 9, "HIGH")])


def test_keys_counted_out_are_no_filter(tmp_path: Path) -> None:
    """The twin: positions counted out with ``range`` are other elements on each run."""
    files = {"pkg/__init__.py": "", "pkg/merger.py": _MERGER.format(extra="", keys="range(len(data) - 1)")}
    assert [code for code, _, _ in _both(tmp_path, files)[1]] == ["AL001"]


_DEFAULTS = '''\
DEFAULTS = {{"include": ["*"], "timeout": 5}}


def load_rule(rule):
{fill}
    rule["include"].append(rule["query_key"])
    return rule
'''


def test_a_template_part_handed_out_by_setdefault_is_the_template(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/rules.py": _DEFAULTS.format(
        fill='    rule.setdefault("include", DEFAULTS["include"])')}
    assert _both(tmp_path, files) == ([("AL003", 6, "HIGH")], [("AL003", 6, "HIGH")])
    assert [d.message for d in run(tmp_path / "m", files)] == [
        '`load_rule` appends to `DEFAULTS["include"]`, a module-level template: it puts `DEFAULTS["include"]` '
        "into the caller's object by reference (line 5), and the change reaches the template through it; every "
        'later call starts from the changed template; put `copy.deepcopy(DEFAULTS["include"])` there instead']


def test_each_template_item_handed_out_by_setdefault_is_the_template(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/rules.py": _DEFAULTS.format(
        fill="    for key, val in DEFAULTS.items():\n        rule.setdefault(key, val)")}
    assert _both(tmp_path, files) == ([("AL003", 7, "HIGH")], [("AL003", 7, "HIGH")])


def test_a_copy_handed_out_by_setdefault_is_the_callers_own(tmp_path: Path) -> None:
    """The twin: each rule gets a copy of the default list."""
    files = {"pkg/__init__.py": "", "pkg/rules.py": _DEFAULTS.format(
        fill='    rule.setdefault("include", list(DEFAULTS["include"]))')}
    assert _both(tmp_path, files) == ([], [])


def test_a_template_part_replaced_before_the_change_is_not_changed(tmp_path: Path) -> None:
    """The twin: ``rule["include"] + [...]`` makes a new list; the template's is only read."""
    files = {"pkg/__init__.py": "", "pkg/rules.py": _DEFAULTS.format(
        fill='    rule.setdefault("include", DEFAULTS["include"])\n'
             '    rule["include"] = rule["include"] + [rule["name"]]')}
    assert _both(tmp_path, files) == ([], [])


_PROCESSOR = '''\
class Processor:
    """{doc}"""

    def __init__(self, data):
        self.data = data

    def delete_nodes(self, key):
        del self.data["spec"][key]


def run(doc, keys):
    for k in keys:
        Processor(doc).delete_nodes(k)
'''


def test_a_class_documented_as_updating_a_kind_of_data_edits_what_it_is_given(tmp_path: Path) -> None:
    """yamlpath 3.9.1's ``Processor``: "Query and update YAML data via robust YAML Paths"."""
    files = {"pkg/__init__.py": "", "pkg/proc.py": _PROCESSOR.format(doc="Query and update YAML data via paths.")}
    assert _both(tmp_path, files) == ([], [("AL006", 8, "MEDIUM")])


def test_a_class_documented_as_querying_data_does_not_say_it_edits_it(tmp_path: Path) -> None:
    """The twin: the docstring names no change."""
    files = {"pkg/__init__.py": "", "pkg/proc.py": _PROCESSOR.format(doc="Query YAML data via paths.")}
    assert _both(tmp_path, files) == ([("AL006", 8, "HIGH")], [("AL006", 8, "HIGH")])


_RECONCILER = '''\
import copy


class Reconciler:
    def __init__(self, config):
        self.worker_template = {made}

    def build_pod(self, name):
        pod = {take}
        pod["spec"]["volumes"].append({{"name": "shm"}})
        pod["metadata"]["name"] = name
        return pod
{loop}'''


def test_an_instance_template_changed_by_a_public_method_is_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made='copy.deepcopy(config["worker"])', take="self.worker_template", loop="")}
    assert _both(tmp_path, files) == ([("AL011", 10, "HIGH")], [("AL011", 10, "HIGH")])
    found = run(tmp_path / "m", files)
    assert [d.message for d in found] == [
        '`Reconciler.build_pod` appends to `self.worker_template["spec"]["volumes"]`, inside a template the '
        "instance made in `__init__` and that `build_pod` builds its result from; every later call on the same "
        "`Reconciler` starts from the changed template and adds to it again; copy it first "
        "(`copy.deepcopy(self.worker_template)`)"]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (8, "public entry point: a caller that calls `build_pod` again on the same `Reconciler` gets the "
            "template this call changed")]


def test_an_instance_template_changed_in_a_loop_names_the_next_iteration(tmp_path: Path) -> None:
    loop = """
    def _send(self, pod):
        print(pod)

    def reconcile(self, names):
        for name in names:
            self._send(self.build_pod(name))
"""
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made='{"spec": {"volumes": []}, "metadata": {}}', take="self.worker_template", loop=loop)}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line) for d in found] == [("AL011", 10)]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (19, "second use: the next iteration calls `build_pod` again, and it starts from the changed template")]


def test_a_copy_of_the_instance_template_is_the_calls_own(tmp_path: Path) -> None:
    """The twin: each pod is a deep copy of the template."""
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made='copy.deepcopy(config["worker"])', take="copy.deepcopy(self.worker_template)", loop="")}
    assert _both(tmp_path, files) == ([], [])


def test_an_empty_container_filled_by_name_is_a_registry(tmp_path: Path) -> None:
    """The twin: ``{}`` in ``__init__``: what it holds the program put there by name."""
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made="{}", take="self.worker_template", loop="")}
    assert _both(tmp_path, files) == ([], [])


_LOADER = '''\
import copy


class Loader:
    def __init__(self, conf):
        self.base_config = copy.deepcopy(conf)

    def load_options(self, rule):
        for key, val in list(self.base_config.items()):
            rule.setdefault(key, {give})
        include = rule.get("include", ["*"])
        if "query_key" in rule:
            include.append(rule["query_key"])
        include.append(rule["timestamp_field"])
        rule["include"] = list(set(include))

    def load_configuration(self, filename):
        rule = {{"name": filename}}
        self.load_options(rule)
        return rule

    def load(self, filenames):
        return [self.load_configuration(f) for f in filenames]
'''


def test_an_instance_template_handed_out_item_by_item_is_changed_through_the_caller(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/loaders.py": _LOADER.format(give="val")}
    assert _both(tmp_path, files) == ([("AL011", 13, "HIGH")], [("AL011", 13, "HIGH")])
    found = run(tmp_path / "m", files)
    assert [d.message for d in found] == [
        "`Loader.load_options` appends to `self.base_config[*]`, inside a template the instance made in "
        "`__init__`: it puts `val` into the caller's object by reference (line 10), and the change reaches the "
        "template through it; every later call on the same `Loader` starts from the changed template and adds "
        "to it again; put `copy.deepcopy(val)` there instead"]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (10, "`self.base_config`'s object is put into the caller's object here, by reference"),
        (14, "also mutated here (append)"),
        (23, "second use: the next iteration calls `load_configuration` -> `load_options` again, and it starts "
             "from the changed template")]


def test_an_instance_template_handed_out_as_copies_is_silent(tmp_path: Path) -> None:
    """The twin: each rule gets a deep copy of each default."""
    files = {"pkg/__init__.py": "", "pkg/loaders.py": _LOADER.format(give="copy.deepcopy(val)")}
    assert _both(tmp_path, files) == ([], [])


_OWN_STATE = '''\
class Fields:
    def __init__(self):
        self.labels = []


class Builder:
    def __init__(self):
        self.items = []
        self._fields = Fields()

    def add(self, x):
        self.items.append(x)
        return self.items

    def add_label(self, label):
        self._fields.labels.append(label)
        return self
'''


def test_an_instances_own_list_and_a_builders_fields_are_its_state(tmp_path: Path) -> None:
    """Traps: the attribute's own top level (``self.items``), and a fluent builder's fields object
    (atlassian-python-api 5.0.5's ``IssueBuilder``)."""
    files = {"pkg/__init__.py": "", "pkg/builder.py": _OWN_STATE}
    assert [d.code for d in run(tmp_path, files, preview=True) if d.code == "AL011"] == []


def test_a_private_method_called_once_stays_in_preview(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/builder.py": '''\
class _Builder:
    def __init__(self):
        self.base = {"spec": {"volumes": []}}

    def _build(self):
        spec = self.base["spec"]
        spec["volumes"].append("shm")
        return spec


def make():
    return _Builder()._build()
'''}
    assert _both(tmp_path, files) == ([], [("AL011", 7, "MEDIUM")])


def test_a_method_named_for_adding_stays_in_preview(tmp_path: Path) -> None:
    """The twin of the public ``build_pod``: ``add_sidecar`` says adding is what it is for; a
    second call on one instance asks for a second sidecar (corpus case E02, fixed)."""
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made='copy.deepcopy(config["worker"])', take="self.worker_template", loop="").replace(
        "build_pod", "add_sidecar")}
    assert _both(tmp_path, files) == ([], [("AL011", 10, "MEDIUM")])
    assert [d.message for d in run(tmp_path / "m", files, preview=True)] == [
        '`Reconciler.add_sidecar` appends to `self.worker_template["spec"]["volumes"]`, inside a template the '
        "instance made in `__init__` and that `add_sidecar` builds its result from; its name says adding is what "
        "it is for, so only a second call on the same `Reconciler` adds it twice; nothing to change if each "
        "instance calls it once"]


_RESOURCE = '''\
class Resource:
    """A resource.

    :param kind_dict: the resource's manifest
    """

    def __init__(self, name=None, kind_dict=None, yaml_file=None):
        self.name = name
        self.kind_dict = kind_dict
        self.yaml_file = yaml_file
        self.res = {kept}

    def to_dict(self):
        if {test}:
            self.res.setdefault("spec", {{}}).setdefault("tolerations", []).append({{"key": "a"}})
        return self.res


class Subscription(Resource):
    def __init__(self, channel=None, **kwargs):
        super().__init__(**kwargs)
        self.channel = channel

    def to_dict(self):
        super().to_dict()
        if {test}:
            self.res.setdefault("spec", {{}})["channel"] = self.channel
'''


def test_a_change_made_only_without_the_callers_object_changes_the_instances_own(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/resource.py": _RESOURCE.format(
        kept="kind_dict or {}", test="not self.kind_dict and not self.yaml_file")}
    assert _both(tmp_path, files) == ([], [])


def test_a_change_made_with_or_without_the_callers_object_changes_it(tmp_path: Path) -> None:
    """The twin: no test of ``kind_dict``; given one, ``self.res`` is the caller's."""
    files = {"pkg/__init__.py": "", "pkg/resource.py": _RESOURCE.format(
        kept="kind_dict or {}", test="not self.yaml_file")}
    assert [(code, line) for code, line, _ in _both(tmp_path, files)[1]] == [("AL006", 15), ("AL006", 27)]


def test_a_change_made_only_when_the_callers_object_is_empty_changes_it(tmp_path: Path) -> None:
    """The twin: no new object kept in its place (``self.res = kind_dict``): an empty dict the
    caller gave is the one filled."""
    files = {"pkg/__init__.py": "", "pkg/resource.py": _RESOURCE.format(
        kept="kind_dict", test="not self.kind_dict and not self.yaml_file")}
    assert [(code, line) for code, line, _ in _both(tmp_path, files)[1]] == [("AL006", 15), ("AL006", 27)]



def test_a_parameter_entry_ending_to_update_names_what_the_function_changes() -> None:
    """``harm._changes_parameter``, which AL001's merge judgement (``harm.merges_into``) asks."""
    from aliaslint import harm

    doc = """Merge a schema into the mapping.

    Args:
        mapping: The resources mapping dictionary{said}
        kind: The kind
    """
    assert harm._changes_parameter(doc.format(said=" to update"), "mapping") is True
    assert harm._changes_parameter(doc.format(said=" to be filled in."), "mapping") is True
    assert harm._changes_parameter(doc.format(said=""), "mapping") is False
    assert harm._changes_parameter(doc.format(said=" to update the cache"), "mapping") is False
    assert harm._changes_parameter(doc.format(said=" to update"), "kind") is False


_COLLECTED = '''\
def build(definition):
    return {{"spec": definition}}


def merge_schema(mapping, kind, schema):
    mapping.setdefault(kind, []).append(schema)


def update_all(mapping, kind, definitions):
    found = []
    for definition in definitions:
        found.append({made})
    for {target} in found:
        merge_schema(mapping, kind, schema)
    return mapping
'''


def test_the_elements_of_a_list_made_before_the_loop_are_others_each_round(tmp_path: Path) -> None:
    """Each round of the second loop hands on another element of ``found``, whether made here
    (a literal) or by a call; the mapping gets each schema once."""
    for made, target in (('{"spec": definition}', "schema"), ("build(definition)", "schema"),
                         ('(definition, build(definition))', "_, schema")):
        files = {"pkg/__init__.py": "", "pkg/schema.py": _COLLECTED.format(made=made, target=target)}
        assert _both(tmp_path / str(len(made) + len(target)), files) == ([], [])


def test_a_new_object_of_the_same_content_each_round_is_a_second_copy(tmp_path: Path) -> None:
    """The twin: made inside the loop (by a call each round), every round adds an equal entry."""
    files = {"pkg/__init__.py": "", "pkg/schema.py": '''\
def make():
    return {"a": 1}


def add(target, item):
    target["items"].append(item)


def run(target, n):
    for _ in range(n):
        add(target, make())
'''}
    assert [(code, line) for code, line, _ in _both(tmp_path, files)[1]] == [("AL001", 11)]


_LAZY = '''\
class Context:
    """A context.

    :param api_kwargs: arguments for the API client
    """

    def __init__(self, api_kwargs):
        self._api = None
        self._api_kwargs = api_kwargs

    @property
    def api(self):
        if {test}:
            self._api_kwargs.setdefault("headers", []).append("X-Auth")
            {store}
        return self._api
'''


def test_a_change_made_while_the_instance_initialises_lazily_is_made_once(tmp_path: Path) -> None:
    """pulp-glue 0.41.1's ``PulpContext.api`` (a B of blind set 68): under ``if self._api is None``
    and setting ``self._api``, the change runs once per instance, not on every read; what goes
    wrong is another instance built from the same object."""
    for test in ("self._api is None", "not self._api"):
        files = {"pkg/__init__.py": "", "pkg/context.py": _LAZY.format(test=test, store="self._api = object()")}
        assert [d.message for d in run(tmp_path / test.replace(" ", "_"), files)] == [
            "`Context.api` appends to `self._api_kwargs[\"headers\"]`, but `__init__` keeps the caller's "
            "`api_kwargs` there by reference: the caller's object changes under it, and every later `api()`, on "
            "this Context or another built from the same object, starts from the changed one; copy it in `api` "
            "before changing it"]


def test_a_change_under_a_test_the_method_never_makes_false_is_made_every_time(tmp_path: Path) -> None:
    """The twin: nothing sets ``self._api``, so every read of ``api`` appends again."""
    files = {"pkg/__init__.py": "", "pkg/context.py": _LAZY.format(test="self._api is None", store="pass")}
    assert [d.message for d in run(tmp_path, files)] == [
        "`Context.api` appends to `self._api_kwargs[\"headers\"]`, but `__init__` keeps the caller's `api_kwargs` "
        "there by reference: every `api()` on one Context adds the same entries again, to the caller's object; "
        "copy it in `api` before changing it"]


def test_a_private_method_a_public_one_runs_is_reached_by_the_public_callers(tmp_path: Path) -> None:
    """KubeRay's shape: a public ``reconcile`` returning ``self._build(name)``; its callers outside
    the tree call it again on the same reconciler (found by a new user's probe of AL011)."""
    files = {"pkg/__init__.py": "", "pkg/reconciler.py": _RECONCILER.format(
        made='copy.deepcopy(config["worker"])', take="self.worker_template",
        loop="\n    def reconcile(self, cr):\n        return self._build_pod(cr)\n").replace(
        "def build_pod", "def _build_pod")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL011", 10, "HIGH")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (14, "public entry point: a caller that calls `reconcile` again on the same `Reconciler` runs "
             "`_build_pod` again, from the template this call changed")]


_BATCH = '''\
class BatchClient:
    def __init__(self, url):
        self.url = url
        self._batch = {{"requests": [], "meta": {{}}}}

    def queue(self, method, path):
        self._batch["requests"].append({{"method": method, "path": path}})
        return self._batch

    def flush(self, post):
        post(self.url, self._batch)
        {reset}
'''


def test_a_buffer_the_instance_empties_again_is_its_working_state(tmp_path: Path) -> None:
    """A batching client fills ``self._batch["requests"]`` and ``flush`` empties it: a buffer, not
    a template (a new user's probe of AL011, whose suggested copy would have sent empty batches)."""
    for reset in ('self._batch["requests"].clear()', 'self._batch["requests"] = []'):
        files = {"pkg/__init__.py": "", "pkg/client.py": _BATCH.format(reset=reset)}
        assert [d.code for d in run(tmp_path / str(len(reset)), files, preview=True) if d.code == "AL011"] == []


def test_a_buffer_nothing_empties_grows_with_every_call(tmp_path: Path) -> None:
    """The twin: ``flush`` sends the batch and keeps it; every later batch resends the earlier
    requests."""
    files = {"pkg/__init__.py": "", "pkg/client.py": _BATCH.format(reset="return None")}
    assert [(d.code, d.location.line) for d in run(tmp_path, files)] == [("AL011", 7)]
