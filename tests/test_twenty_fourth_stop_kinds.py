"""Kinds of issue 8's twenty-fourth stop, kept as tests with their twins.

- AL006: constructions that share only something the kept object holds (``{"config": op,
  "server": server}``, a new dict each time around one ``server``) see a change made at that
  shared level, not a key set in the new dict itself; the finding names the change they see
  (heat-translator 3.5.0's ``HotResource``: an A of blind set 60 named the key set in the new
  ``properties``).
- Phase 1: a write under a type test converts the slot once, whatever name the test read it
  through (``host = spec.get("server")``, ``if isinstance(host.get("ref"), str):``, then
  ``spec["server"]["ref"] = ...``), as it did for the same spelling.
- Phase 2: where a write's value is read from (``Effect.value_outside``) is the slot the code
  reads, not what the instance's other methods may have stored there.
- AL004: one object stored under each round's key while every change the loop makes to it adds
  to it is one group several keys lead to (tosca-parser 2.15.0's ``explicit_relation[rtype] =
  related_tpl``: two B's of blind set 60); stored by ``append``, or overwritten, it is found.
- AL006: methods that set attributes of the kept object, one of them to the instance itself
  (``tpl.target = related; tpl.source = self``), wire a graph the caller built to be wired:
  preview, saying so (tosca-parser's relationship templates, a B of blind set 60).
- Phase 1: a key popped to be worked on and put back (``params = rp.pop("params", {})``, then
  ``rp.update({"params": params})`` or ``rp["params"] = params``) is not removed: the pop and the
  put-back fill the key when it is missing (f5-sdk 3.0.21's retry loops, nine AL001 B's of blind
  set 61).
- Phase 1: past ``if bare or not server: return server`` (and in its ``else``) every flag of the
  ``or`` chain is false; AL001 leaves out a call that passes the flag the other way (shade
  1.33.0's ``get_server(server_id, bare=True)``, an A of blind set 61).
- AL001: an argument read from a field named as an identifier (``server["id"]``) is a string or a
  number, nothing to change in it (shade's ``get_server(server_id)``, three A's of blind set 61).
- Phase 1/2: what a loop stored, one call's result per key, read back in another loop by that
  loop's own key, is another object on each round (SoftLayer 6.2.9's ``process_vlan``, an A of
  blind set 61).
- Phase 1: a part of a parameter bound to a name and rebound to a copy of itself under a flag
  (``inst = graph.nodes[i]["node"]``, ``if copy_instances: inst = copy.deepcopy(inst)``) is
  changed on the paths that did not copy it only (cloudify-common 7.0.5's
  ``extract_node_instances``, an A of blind set 61).
- AL004: an endless generator (``while True:`` with no ``break`` or ``return``) hands out one
  value at a time to a consumer that asks with ``next()`` (cloudify-common's round-robin
  connection parameters, a B of blind set 61); a generator over a finite loop is found.
- Phase 2: what a base class's constructor, run through ``super().__init__()``, gives the
  instance as its own (``self.retry = {}``) is no class-level default when the subclass's
  constructor changes it (pdpyras 5.4.1's sessions, two AL003 A's of blind set 62).
- AL001: an attribute of ``self`` set to a new object in the loop before the call is another
  object each round, though a call in between may have rebound it (ttp 0.10.1's
  ``save_vars``, an A of blind set 62).
- Phase 1: ``x == []`` / ``x == {}`` tests that ``x`` is empty, as ``not x`` does: an append
  under it fills (ttp's ``dict_by_path``, a B of blind set 62).
- AL006: an instance stored in the very object it is given (``registry[group][name] =
  Lazy(..., registry)``) fills its own entry of a registry: preview, saying so (ttp's
  ``CachedModule``, a B of blind set 62).
- AL004: an object given an entry under each round's key and stored on every round gathers every
  round's entries: the message says to store it once, after the loop (redfish 3.4.2's
  ``RmcApp.get``, a D of blind set 63 whose reader found "create it inside that loop" wrong).
"""
from __future__ import annotations

from pathlib import Path

from aliaslint import engine
from aliaslint.analyzer import analyze_module
from test_harm import run, shown


def _messages(tmp_path: Path, files: dict[str, str], preview: bool = False) -> list[str]:
    return [d.message for d in run(tmp_path, files, preview=preview)]


def _both(tmp_path: Path, files: dict[str, str]) -> tuple[list[tuple], list[tuple]]:
    """``(default findings, --preview findings)`` as ``(code, line, confidence)``."""
    return shown(run(tmp_path / "default", files)), shown(run(tmp_path / "preview", files, preview=True))


_RESOURCE = '''\
class Resource:
    def __init__(self, name, properties):
        self.name = name
        self.properties = properties

    def add_inputs(self, inputs):
        self.properties["input_values"] = inputs

    def tag_server(self, tag):
        self.properties["server"]["tag"] = tag


def deploy(ops, server):
    out = []
    for op in ops:
        config = {"config": op, "server": server}
        res = Resource(op, config)
        res.add_inputs({"op": op})
        res.tag_server(op)
        out.append(res)
    return out
'''


def test_a_change_at_the_level_the_constructions_share_is_the_finding(tmp_path):
    files = {"res.py": _RESOURCE}
    assert _both(tmp_path, files) == ([("AL006", 10, "HIGH")], [("AL006", 10, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`Resource.tag_server` writes an item of `self.properties[\"server\"]`, but `__init__` keeps the caller's "
        "`properties` there by reference: every Resource built from the same object changes it for the others; "
        "copy it in `__init__`"]


def test_a_key_set_in_a_new_object_around_a_shared_part_is_silent(tmp_path):
    source = _RESOURCE.replace("        res.tag_server(op)\n", "").replace(
        '    def tag_server(self, tag):\n        self.properties["server"]["tag"] = tag\n\n', "")
    assert _both(tmp_path, {"res.py": source}) == ([], [])


def test_one_object_given_to_every_construction_is_seen_changed_at_its_own_level(tmp_path):
    # (a key set in the kept object itself, by a wrapper of it: preview, as before)
    source = _RESOURCE.replace("        res.tag_server(op)\n", "").replace(
        '    def tag_server(self, tag):\n        self.properties["server"]["tag"] = tag\n\n', "").replace(
        '    out = []\n    for op in ops:\n        config = {"config": op, "server": server}\n',
        '    out = []\n    config = {"config": "all", "server": server}\n    for op in ops:\n')
    assert _both(tmp_path, {"res.py": source}) == ([], [("AL006", 7, "MEDIUM")])


_BIND = '''\
def bind(spec, node):
    host = spec.get("servers") or spec.get("server")
    if TEST:
        spec["server"]["ref"] = node
    return node
'''


def _kinds(source: str) -> list[tuple[int, str]]:
    summary = analyze_module(source, "m", "m.py", "/m.py", engine._rules(None), False)
    return [(m.site.line, m.kind) for m in summary.functions["m.bind"].mutations]


def test_a_write_under_a_type_test_read_through_another_name_converts_once():
    assert _kinds(_BIND.replace("TEST", 'isinstance(host.get("ref"), str)')) == [(4, "setdefault")]
    assert _kinds(_BIND.replace("TEST", 'isinstance(spec["server"]["ref"], str)')) == [(4, "setdefault")]


def test_a_write_under_another_test_of_that_slot_is_an_overwrite():
    assert _kinds(_BIND.replace("TEST", 'host.get("ref") is not None')) == [(4, "overwrite")]
    assert _kinds(_BIND.replace("TEST", 'isinstance(host.get("name"), str)')) == [(4, "overwrite")]


_HOSTING = '''\
class Node:
    def __init__(self, name):
        self.name = name


class Resource:
    def __init__(self, name, properties):
        self.name = name
        self.properties = properties

    def resolve_host(self):
        host = self.properties.get("servers") or self.properties.get("server")
        if isinstance(host.get("ref"), Node):
            self.properties["server"]["ref"] = VALUE


def deploy(ops, server):
    out = []
    for op in ops:
        res = Resource(op, {"config": op, "server": server, "servers": {"ref": op}})
        res.resolve_host()
        out.append(res)
    return out


def name_server(res):
    res.properties["server"] = {"ref": res.name}
'''


def test_a_value_read_from_the_slot_itself_is_a_normalisation_though_a_maker_stores_another_field_there(tmp_path):
    # (``name_server`` stores the instance's ``name`` there: the resolved value may be
    # ``self.name``, but the code reads ``host["ref"]``)
    files = {"res.py": _HOSTING.replace("VALUE", 'host["ref"].name')}
    assert _both(tmp_path, files) == ([], [("AL006", 14, "MEDIUM")])


def test_a_value_read_from_another_field_of_the_instance_is_its_own(tmp_path):
    files = {"res.py": _HOSTING.replace("VALUE", "self.name")}
    assert _both(tmp_path, files) == ([("AL006", 14, "HIGH")], [("AL006", 14, "HIGH")])


_GROUPS = '''\
class Node:
    def __init__(self, name):
        self.name = name
        self.links = []

    def add_link(self, kind):
        self.links.append(kind)


def relations(kinds, name):
    out = {}
    target = Node(name)
    for kind in kinds:
        CHANGE
        STORE
    return out
'''


def test_one_group_stored_under_each_rounds_key_while_it_collects_is_silent(tmp_path):
    source = _GROUPS.replace("CHANGE", "target.add_link(kind)").replace("STORE", "out[kind] = target")
    assert _both(tmp_path, {"rel.py": source}) == ([], [])
    direct = _GROUPS.replace("CHANGE", "target.links.append(kind)").replace("STORE", "out[kind] = target")
    assert _both(tmp_path / "direct", {"rel.py": direct}) == ([], [])


def test_one_object_overwritten_and_stored_under_each_key_is_found(tmp_path):
    source = _GROUPS.replace("CHANGE", "target.name = kind").replace("STORE", "out[kind] = target")
    assert _both(tmp_path, {"rel.py": source}) == ([("AL004", 15, "HIGH")], [("AL004", 15, "HIGH")])


def test_one_object_collecting_and_appended_on_every_round_is_found(tmp_path):
    source = _GROUPS.replace("out = {}", "out = []").replace("CHANGE", "target.add_link(kind)").replace(
        "STORE", "out.append(target)")
    assert _both(tmp_path, {"rel.py": source}) == ([("AL004", 15, "HIGH")], [("AL004", 15, "HIGH")])


_LINKS = '''\
class Relationship:
    def __init__(self, name):
        self.name = name
        self.source = None
        self.target = None


class NodeTemplate:
    def __init__(self, name, relationships):
        self.name = name
        self.relationships = relationships

    def link(self, target, wanted):
        for rel in self.relationships:
            if rel.name == wanted:
                rel.target = target
                rel.source = SOURCE


def build(names, relationships):
    nodes = [NodeTemplate(name, relationships) for name in names]
    for node in nodes:
        node.link(nodes[0], "hosted_on")
    return nodes
'''


def test_a_kept_graph_linked_to_the_instance_is_preview_saying_so(tmp_path):
    files = {"topo.py": _LINKS.replace("SOURCE", "self")}
    assert _both(tmp_path, files) == ([], [("AL006", 16, "MEDIUM")])
    assert _messages(tmp_path / "m", files, preview=True) == [
        "`NodeTemplate.link` sets `target` on `self.relationships[*]`, but `__init__` keeps the caller's "
        "`relationships` there by reference: it links the object to this NodeTemplate "
        "(`self.relationships[*].target`), and every NodeTemplate built from the same object links it to itself "
        "in turn, so the last one wins; nothing to change if wiring the caller's objects together is the point"]


def test_a_kept_object_given_other_values_is_found(tmp_path):
    files = {"topo.py": _LINKS.replace("SOURCE", "self.name")}
    assert _both(tmp_path, files) == ([("AL006", 16, "HIGH")], [("AL006", 16, "HIGH")])


_RETRY = '''\
class Resource:
    def __init__(self, version):
        self.version = version

    def _handle_requests_params(self, kwargs):
        requests_params = kwargs.pop("requests_params", {})
        if self.version:
            params = requests_params.pop("params", {})
            params.update({"ver": self.version})
            PUT_BACK
        return requests_params

    def _create(self, **kwargs):
        rp = self._handle_requests_params(kwargs)
        return send(rp, kwargs)

    def create(self, **kwargs):
        for _ in range(30):
            try:
                return self._create(**kwargs)
            except OSError:
                continue


def send(rp, kw):
    return {"rp": rp, "kw": kw}
'''


def test_a_key_popped_to_be_worked_on_and_put_back_is_not_removed(tmp_path):
    # (what is left: the caller's nested ``params`` gets ``ver`` through the ``**kwargs`` copy)
    for put_back in ('requests_params.update({"params": params})', 'requests_params["params"] = params',
                     "requests_params.update(params=params)"):
        files = {"res.py": _RETRY.replace("PUT_BACK", put_back)}
        assert _both(tmp_path / str(len(put_back)), files) == ([], [("AL002", 20, "MEDIUM")])


def test_a_key_popped_and_stored_under_another_key_is_removed(tmp_path):
    files = {"res.py": _RETRY.replace("PUT_BACK", 'requests_params["other"] = params')}
    assert _both(tmp_path, files) == ([("AL001", 20, "HIGH")], [("AL001", 20, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`self._create(...)` gets the same object on every attempt of the retry loop, and Resource._create -> "
        "Resource._handle_requests_params pops from `kwargs[\"requests_params\"]`, so a retry finds what the "
        "failed attempt removed gone; pass a deep copy (`copy.deepcopy(kwargs)`), or copy inside the callee"]


_CLOUD = '''\
def add_interfaces(server):
    server["addresses"].append({"ip": "1.2.3.4"})
    return server


class Cloud:
    def get_server(self, name_or_id, bare=False):
        server = self._lookup(name_or_id)
        return self._expand(server, bare)

    def _lookup(self, name_or_id):
        if isinstance(name_or_id, dict) and "id" in name_or_id:
            return name_or_id
        return self.search(name_or_id)

    def search(self, name):
        return {"id": name, "addresses": []}

    def _expand(self, server, bare):
        EXPAND
        return add_interfaces(server)

    def wait(self, server, tries):
        ARGUMENT
        for _ in range(tries):
            server = self.get_server(CALL)
        return server
'''


def _cloud(expand: str, argument: str, call: str) -> dict[str, str]:
    return {"cloud.py": _CLOUD.replace("EXPAND", expand).replace("ARGUMENT", argument).replace("CALL", call)}


def _loop_findings(tmp_path: Path, files: dict[str, str]) -> tuple[list[tuple], list[tuple]]:
    """:func:`_both`, AL001's only (``get_server``'s change of a dict its users pass is AL007's,
    a public entry point's, whatever a loop in the tree passes)."""
    default, preview = _both(tmp_path, files)
    return [f for f in default if f[0] == "AL001"], [f for f in preview if f[0] == "AL001"]


def test_a_call_passing_the_flag_an_early_exit_takes_is_silent(tmp_path):
    files = _cloud("if bare or not server:\n            return server", "server_id = server", "server_id, bare=True")
    assert _loop_findings(tmp_path, files) == ([], [])
    files = _cloud("if bare or not server:\n            return server\n        else:\n            pass",
                   "server_id = server", "server_id, bare=True")
    assert _loop_findings(tmp_path / "else", files) == ([], [])


def test_a_call_leaving_the_flag_at_its_default_is_found(tmp_path):
    files = _cloud("if bare or not server:\n            return server", "server_id = server", "server_id")
    assert _loop_findings(tmp_path, files) == ([("AL001", 27, "HIGH")], [("AL001", 27, "HIGH")])
    # (``and``: the exit may have been left for the other part, so nothing is known of the flag)
    files = _cloud("if bare and not server:\n            return server", "server_id = server", "server_id, bare=True")
    assert _loop_findings(tmp_path / "and", files) == ([("AL001", 27, "HIGH")], [("AL001", 27, "HIGH")])


def test_an_argument_read_from_an_identifier_field_is_silent(tmp_path):
    for field in ('server["id"]', "server.uuid", 'server["instance_id"]', "server.vlanName"):
        files = _cloud("if not server:\n            return server", f"server_id = {field}", "server_id")
        assert _loop_findings(tmp_path / str(len(field)), files) == ([], [])


def test_an_argument_read_from_another_field_is_found(tmp_path):
    files = _cloud("if not server:\n            return server", 'server_id = server["spec"]', "server_id")
    assert _loop_findings(tmp_path, files) == ([("AL001", 27, "HIGH")], [("AL001", 27, "HIGH")])


_VLANS = '''\
def build(vlan, resource, entry):
    new_entry = {"id": resource.get("id"), "vlan": {vlan.get("space"): vlan.get("number")}}
    if entry:
        entry["vlan"][vlan.get("space")] = vlan.get("number")
    else:
        entry = new_entry
    return entry


def process(vlan, resources=None):
    if resources is None:
        resources = {"hardware": {}, "virtual": {}}
    type_x = "virtual"
    for obj in vlan.get("guests", {}):
        existing = resources[type_x].get(obj.get("id"))
        resources[type_x][obj["id"]] = build(vlan, obj, existing)
    type_x = "hardware"
    for obj in vlan.get("hardware", {}):
        existing = resources[type_x].get(KEY)
        resources[type_x][obj["id"]] = build(vlan, obj, existing)
    return resources
'''


def test_what_one_loop_stored_per_key_read_by_another_loops_key_is_another_object_each_round(tmp_path):
    assert _both(tmp_path, {"dc.py": _VLANS.replace("KEY", 'obj.get("id")')}) == ([], [])


def test_what_one_loop_stored_read_by_one_key_in_another_loop_is_the_same_object(tmp_path):
    assert _both(tmp_path, {"dc.py": _VLANS.replace("KEY", '"shared"')}) == (
        [("AL001", 20, "HIGH")], [("AL001", 20, "HIGH")])


_EXTRACT = '''\
import copy


def extract(graph, ids, copy_instances=False):
    out = []
    for node_id in ids:
        instance = graph.nodes[node_id]["node"]
        COPY
        instance["relationships"] = []
        out.append(instance)
    return out
'''


def _extract_mutations(copy_line: str) -> list[tuple]:
    summary = analyze_module(_EXTRACT.replace("COPY", copy_line), "m", "m.py", "/m.py", engine._rules(None), False)
    return [(m.site.line, m.kind, m.maybe_copied) for m in summary.functions["m.extract"].mutations]


def test_a_part_bound_to_a_name_and_copied_under_a_flag_is_maybe_copied():
    assert _extract_mutations("if copy_instances:\n            instance = copy.deepcopy(instance)") == [
        (10, "overwrite", True)]


def test_a_part_bound_to_a_name_and_never_copied_is_changed_on_every_path():
    assert _extract_mutations("pass") == [(9, "overwrite", False)]
    # (another part copied: not this one)
    assert _extract_mutations("if copy_instances:\n            other = copy.deepcopy(graph.meta)") == [
        (10, "overwrite", False)]


_ROUND_ROBIN = '''\
import random


class Client:
    def __init__(self, hosts, make_params):
        self.hosts = hosts
        self.make_params = make_params

    def connection_params(self):
        params = self.make_params()
        hosts = list(self.hosts)
        random.shuffle(hosts)
        LOOP
            for host in hosts:
                params.host = host
                yield params
'''


def test_an_endless_generator_handing_out_one_object_is_silent(tmp_path):
    assert _both(tmp_path, {"c.py": _ROUND_ROBIN.replace("LOOP", "while True:")}) == ([], [])


def test_a_generator_that_ends_handing_out_one_object_is_found(tmp_path):
    files = {"c.py": _ROUND_ROBIN.replace("LOOP", "for _ in range(3):")}
    assert _both(tmp_path, files) == ([("AL004", 16, "HIGH")], [("AL004", 16, "HIGH")])
    files = {"c.py": _ROUND_ROBIN.replace("LOOP", "while True:").replace(
        "                yield params", "                yield params\n            if not hosts:\n                return")}
    assert _both(tmp_path / "returns", files) == ([("AL004", 16, "HIGH")], [("AL004", 16, "HIGH")])


_SESSION = '''\
class Session:
    retry = {}

    def __init__(self, key):
        self.key = key
        INIT


class EventsSession(Session):
    def __init__(self, key):
        super().__init__(key)
        self.retry[500] = 2
        self.retry[502] = 4
'''


def test_what_the_base_constructor_gives_the_instance_is_its_own(tmp_path):
    assert _both(tmp_path, {"s.py": _SESSION.replace("INIT", "self.retry = {}")}) == ([], [])


def test_a_class_level_default_the_base_constructor_leaves_is_shared(tmp_path):
    assert _both(tmp_path, {"s.py": _SESSION.replace("INIT", "self.name = key")}) == (
        [], [("AL003", 12, "MEDIUM")])


_RECORDS = '''\
class Results:
    def __init__(self):
        self.results = {}
        self.record = {"result": {}, "PATH": ["a"]}

    def save_vars(self, paths):
        for path in paths:
            REBIND
            self.form_path(self.record["PATH"])
            self.save(self.record["result"], self.record["PATH"])
        self.record = {"result": {}, "PATH": []}

    def form_path(self, path):
        self.last = path

    def save(self, data, path):
        while path:
            key = path.pop(0)
            data = data.setdefault(key, {})
        return data
'''


def test_an_attribute_set_to_a_new_object_in_the_loop_before_the_call_is_another_each_round(tmp_path):
    files = {"r.py": _RECORDS.replace("REBIND", 'self.record = {"result": {}, "PATH": path.split(".")}')}
    assert _both(tmp_path, files) == ([], [])


def test_an_attribute_set_once_is_the_same_object_each_round(tmp_path):
    files = {"r.py": _RECORDS.replace("REBIND", "self.last = path")}
    assert _both(tmp_path, files) == ([("AL001", 10, "HIGH")], [("AL001", 10, "HIGH")])


_FILL = '''\
def first_entry(path):
    return {"path": path}


def by_path(path, element):
    if TEST:
        element.append(first_entry(path))
    return {"last": element[-1], "path": path}
'''


def _fill_kinds(test: str) -> list[tuple[int, str]]:
    summary = analyze_module(_FILL.replace("TEST", test), "m", "m.py", "/m.py", engine._rules(None), False)
    return [(m.site.line, m.kind) for m in summary.functions["m.by_path"].mutations]


def test_an_append_under_a_test_that_the_list_equals_an_empty_one_fills_it():
    assert _fill_kinds("element == []") == [(7, "setdefault")]
    assert _fill_kinds("len(element) == 0") == [(7, "setdefault")]


def test_an_append_under_another_comparison_adds():
    assert _fill_kinds("element != []") == [(7, "accumulate")]
    assert _fill_kinds("element == [path]") == [(7, "accumulate")]


_LAZY = '''\
import importlib


class Lazy:
    def __init__(self, module, group, name, registry):
        self.module = module
        self.group = group
        self.name = name
        self.registry = registry

    def load(self):
        module = importlib.import_module(self.module)
        self.registry[self.group][self.name] = getattr(module, self.name)

    def __call__(self, *args):
        self.load()
        return self.registry[self.group][self.name](*args)


def lazy_functions(modules):
    registry = {"macro": {}}
    for module, group, names in modules:
        for name in names:
            STORE
    return registry
'''


def test_an_instance_stored_in_the_registry_it_is_given_fills_its_entry_there(tmp_path):
    files = {"lazy.py": _LAZY.replace(
        "STORE", "registry.setdefault(group, {})[name] = Lazy(module, group, name, registry)")}
    assert _both(tmp_path, files) == ([], [("AL006", 13, "MEDIUM")])
    assert _messages(tmp_path / "m", files, preview=True) == [
        "`Lazy.load` writes an item of `self.registry[*]`, but `__init__` keeps the caller's `registry` there by "
        "reference: every Lazy is stored in the object it is given, a registry that holds it, and this fills an "
        "entry of that registry, as it is meant to; nothing to change if the registry is shared on purpose"]


def test_instances_given_one_registry_and_kept_elsewhere_change_it_for_each_other(tmp_path):
    files = {"lazy.py": _LAZY.replace("STORE", "Lazy(module, group, name, registry).load()")}
    assert _both(tmp_path, files) == ([("AL006", 13, "HIGH")], [("AL006", 13, "HIGH")])


_GATHER = '''\
def gather(matches):
    results = []
    temp = {}
    for m in matches:
        CHANGE
        results.append(temp)
    return results
'''


def test_one_object_given_each_rounds_key_and_stored_each_round_says_to_store_it_once(tmp_path):
    files = {"g.py": _GATHER.replace("CHANGE", "temp[str(m.path)] = m.value")}
    assert _both(tmp_path, files) == ([("AL004", 6, "HIGH")], [("AL004", 6, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`temp` is made once, outside the loop that stores it, then given an entry under each iteration's key and "
        "stored on every iteration of that loop, so every stored entry is the same object holding every "
        "iteration's entries; store it once, after the loop (or create it inside the loop if each entry is meant "
        "to hold one)"]


def test_one_object_given_the_same_named_entry_each_round_says_to_create_it_inside(tmp_path):
    files = {"g.py": _GATHER.replace("CHANGE", 'temp["id"] = m.value')}
    assert _messages(tmp_path, files) == [
        "`temp` is made once, outside the loop that stores it, then changed and stored on every iteration of that "
        "loop, so every stored entry is the same object holding the last iteration's values; create it inside "
        "that loop"]



def test_a_record_made_here_and_stored_under_each_key_while_it_collects_is_found(tmp_path):
    # (not an entity a constructor made: the record filled here is the copy-per-key bug)
    source = _GROUPS.replace("target = Node(name)", 'target = {"links": []}').replace(
        "CHANGE", 'target["links"].append(kind)').replace("STORE", "out[kind] = target")
    assert _both(tmp_path, {"rel.py": source}) == ([("AL004", 15, "HIGH")], [("AL004", 15, "HIGH")])
