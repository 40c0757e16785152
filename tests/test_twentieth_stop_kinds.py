"""Kinds of issue 8's twentieth stop, kept as tests with their twins (blind set 45:
python-heatclient 5.3.0, python-novaclient 18.13.1, python-neutronclient 14.0.0, kolla 23.0.0,
dockerfile-parse 2.0.1; blind set 46: python-cinderclient 9.10.0, python-glanceclient 4.13.0,
os-net-config 18.1.0, pyeapi 1.0.4, junos-eznc 2.8.2).

- Phase 1: ``receiver.get(url)`` on a receiver that the function, or for ``self.<attr>`` its
  class, also calls by a method no builtin has (``self.http_client.post(...)``) is no mapping's
  lookup: its result is an unknown call's, not an item of the client (glanceclient's ``resp,
  body = self.http_client.get(url)``, then ``body.pop("self")``, read as a change of the client
  the constructor kept: five A's of set 46). A dotted receiver called so anywhere in the module
  counts too (magnumclient's ``mag_client.cluster_templates``, set 48). Called by builtin
  methods only, it stays a lookup.
- Sharing: a spread argument (``lib.events(**args)``) hands on a new dict of what the object
  holds, not the object; and a callee putting another argument into the object
  (``args["stack_id"] = stack_id``) keeps none of it. Passed whole, or putting the object into
  itself, the callee may keep it.
- AL007: a named slot written, on every path, with one of the call's other arguments before
  anything reads the object, when the second use is the same function called again, carries
  nothing from one call to the next (heatclient's ``_get_stack_events``: a B of set 45).
  Preview. Read or copied before the write, the finding stays (``tests/test_harm.py``).
- AL007: a write of a module constant (``headers["User-Agent"] = USER_AGENT``) puts the same
  value every time (neutronclient's ``HTTPClient.request``: a B of set 45). A module-level name
  not spelled as a constant (PEP 8) may be rebound between calls: no constant.
- AL007: what a docstring says of another parameter (":param key_name: ... to inject into the
  instance") is no evidence that this one is meant to change; said of this one ("updated in
  place"), it is.
- AL007: a public function adding an element at the top of the caller's list that it also puts,
  whole, into what it builds (novaclient's ``ServerManager.create`` inserting the image mapping
  into ``block_device_mapping_v2``: the preview D of set 45, reproduced) is shown by default;
  an output parameter filled and handed on to recursive calls stays preview.
- AL007: one change, one finding: when the function that first finds a change would explain it
  through too many calls to be shown by default, another of its changes leads, the one explained
  the most directly (os-net-config's ``object_from_json`` reaching the bridge's
  ``ovs_extra.extend(...)`` through four recursive hops first, and hiding the direct route
  through ``OvsBridge.from_json``: the preview D of set 46, reproduced).
- AL003 message: of the changes of what a cached loader returns, one written above the loader's
  call (reaching the cached object only on a later round, through a name the loop rebinds) does
  not lead; the change right after the call does (pyeapi's ``_chunkify``: the D of set 46, whose
  reader found the banner write above the call named as where the problem starts).
- AL003 message: the copy for each instance goes in ``__init__``; a class whose constructor is
  another package's (neutronclient's ``NeutronCommand``, a cliff command: blind set 45's reader)
  is told to add one that first calls the base's.
- Phase 1: an element a search in an inner loop matches to the outer round's value (``if
  a["name"] == group["name"]: found = a``) is another element on each outer round
  (ansible-tower-cli 3.3.9's ``existing_group``: an A of blind set 48). Matched to a constant, it
  is the same element every round.
- Phase 1: ``Optional[X]`` and ``X | None`` annotate an ``X`` when one is given (pyzabbix 1.3.1's
  ``session: Optional[Session]``, a ``requests.Session``: an object with behaviour, whose headers
  the client sets; a B of set 48).
- Model: a value computed from the element itself by the standard library's pure functions
  (``re.sub``, ``os.path.join``, ``json.dumps``) or a string's ``translate`` is a normalisation,
  the same again when repeated (ciscoconfparse 1.9.52's ``build_space_tolerant_regex``: an A of
  blind set 49). ``uuid.uuid4()`` gives another value each call.
- AL007: a flag that sets a named key to ``True`` in the caller's optional mapping (cinderclient's
  ``if list_volume: search_opts["list_volume"] = True``, missed in set 46) is a switch turned on,
  not a reset: the next call without the flag still sends it. ``None`` there is a reset.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from test_harm import run, shown


def _both(tmp_path: Path, source: str) -> tuple[list[tuple], list[tuple]]:
    """``(default findings, --preview findings)`` as ``(code, line, confidence)`` on ``m.py``."""
    files = {"m.py": source}
    return shown(run(tmp_path / "default", files)), shown(run(tmp_path / "preview", files, preview=True))


def _project(tmp_path: Path, source: str):
    """The analysed project of one module ``m.py`` holding ``source``."""
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project
    from aliaslint.summary import ModuleSummary

    (tmp_path / "m.py").write_text(source, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    return Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()


CONTROLLER = """\
class Controller:
    def __init__(self, http_client):
        self.http_client = http_client

    def tasks(self, image_id):
        resp, body = self.http_client.get("/v2/images/%s/tasks" % image_id)
        body.pop("self", None)
        return body, resp

    def create(self, data):
{create}
"""


@pytest.mark.parametrize("create, expected", [
    # ``post`` is no builtin's: the client is an object of another class, its ``get`` a request
    ('        resp, body = self.http_client.post("/v2/images", data=data)\n        return body', []),
    # called by builtin methods only, it may be a mapping: ``get`` is a lookup of an item
    ('        return self.http_client.setdefault("/v2/images", data)', [("AL006", 7, "HIGH")]),
])
def test_get_on_a_receiver_called_by_other_methods_is_no_lookup(tmp_path: Path, create: str, expected: list) -> None:
    default, preview = _both(tmp_path, CONTROLLER.format(create=create))
    assert default == expected
    assert preview == expected


METADEFS = """\
import requests


class ObjectController:
    def get(self, namespace, object_name):
        resp, body = requests.get("/v2/%s/%s" % (namespace, object_name))
        return dict(body.json())

    def update(self, namespace, object_name, **kwargs):
        obj = self.get(namespace, object_name)
        obj.update(kwargs)
        del obj["schema"]
        return self.{send}("/v2/%s" % namespace, obj)
"""


def test_get_on_self_of_a_class_with_its_own_methods_is_the_class_s(tmp_path: Path) -> None:
    # glanceclient's ``ObjectController.update``: ``self.get(namespace, object_name)`` is the
    # class's own ``get``, not ``dict.get`` handing back ``object_name`` as the default
    assert _both(tmp_path / "own", METADEFS.format(send="put")) == ([], [])


@pytest.mark.parametrize("events, keeps", [
    ("lib.events(**args)", False),  # a new dict of what ``args`` holds
    ("lib.events(args)", True),  # the library may keep ``args`` itself
])
def test_a_spread_argument_hands_on_what_the_object_holds(tmp_path: Path, events: str, keeps: bool) -> None:
    from aliaslint import harm

    project = _project(tmp_path, (
        "import lib\n\n\n"
        "def _events(args, stack_id):\n"
        "    args['stack_id'] = stack_id\n"
        f"    return {events}\n\n\n"
        "def _main(args):\n"
        "    return _events(args, 'a')\n"))
    fn = project.functions["m._main"]
    (call,) = [c for c in fn.calls if c.text == "_events"]
    assert harm._may_keep(project, fn, call, given=project.resolve(fn, call.args[0])) is keeps


SLOT = """\
import lib


def get_page(params, selector):
    params["labelSelector"] = selector
    return {result}


def list_all(params, selectors):
    pages = []
    for selector in selectors:
        pages.append(get_page(params, selector))
    return pages
"""


@pytest.mark.parametrize("result, default", [
    # each call writes its own selector before the dict is read: no call reads the one before's
    ("lib.fetch(**params)", []),
    # the result keeps the dict: the next call rewrites what the first page holds
    ('{"query": params}', [("AL007", 5, "HIGH")]),
])
def test_a_slot_each_call_fills_before_reading_carries_nothing_over(tmp_path: Path, result: str, default: list) -> None:
    found, preview = _both(tmp_path, SLOT.format(result=result))
    assert found == default
    assert preview == [("AL007", 5, default[0][2] if default else "MEDIUM")]


@pytest.mark.parametrize("name, why", [
    ("pkg.client.USER_AGENT", "it sets the same constant again"),  # PEP 8's constant: one value
    ("pkg.client._DEFAULT_PORT", "it sets the same constant again"),
    ("pkg.client.user_agent", None),  # a module-level variable: a function may rebind it
])
def test_a_module_constant_written_again_changes_nothing(name: str, why) -> None:
    # neutronclient's ``HTTPClient.request``: ``headers['User-Agent'] = USER_AGENT`` on every path
    from aliaslint import harm
    from aliaslint.effects import Effect
    from aliaslint.summary import OVERWRITE
    from aliaslint.values import Root, Site

    written = Effect(Root("param", "headers", 2), (), OVERWRITE, "[] =", Site("pkg.client", 159, 9, 159, 30),
                     value_deps=frozenset({Root("global", name)}), selector="User-Agent")
    assert harm.repeat_safe(written) == why
    # written on some paths only, it leaks into the calls that take another path
    assert harm.repeat_safe(replace(written, conditional=True)) is None


SERVERS = '''\
import requests


def create(name, image=None, key_name=None, block_device_mapping=None):
    """Create (boot) a new server.

    :param name: Something to name the server.
    :param key_name: Name of previously created keypair to inject into the
        instance.
    :param block_device_mapping: A list of block device mappings (dicts)
        for this server{said}.
    """
    body = {{"server": {{"name": name, "key_name": key_name}}}}
    if block_device_mapping:
        if image:
            block_device_mapping.insert(0, {{"uuid": image, "boot_index": 0}})
        body["server"]["block_device_mapping"] = block_device_mapping
    return requests.post("/servers", json=body)
'''


@pytest.mark.parametrize("said, default", [
    # "inject into" is said of ``key_name``; the list is the caller's input, sent whole
    ("", [("AL007", 16, "HIGH")]),
    (", updated in place", []),  # said of this parameter: the change is what it is for
])
def test_an_element_added_to_a_list_the_function_sends_whole(tmp_path: Path, said: str, default: list) -> None:
    found, preview = _both(tmp_path, SERVERS.format(said=said))
    assert found == default
    assert preview == [("AL007", 16, "HIGH" if default else "MEDIUM")]
    if default:
        (finding,) = run(tmp_path / "message", {"m.py": SERVERS.format(said=said)})
        assert [r.message for r in finding.related] == [
            "public entry point: `block_device_mapping` comes from the caller, and every call adds to what "
            "the caller gave again"]


def test_an_output_parameter_filled_and_handed_on_stays_preview(tmp_path: Path) -> None:
    source = (
        "def collect(node, found):\n"
        '    """Walk the tree below ``node``."""\n'
        "    found.append(node.name)\n"
        "    for child in node.children:\n"
        "        collect(child, found)\n"
        "    return len(found)\n")
    assert _both(tmp_path, source) == ([], [("AL007", 3, "MEDIUM")])


GROUPS = '''\
def build_query(opts):
    return "&".join(f"{{k}}={{v}}" for k, v in sorted(opts.items()))


def list_groups(detailed=True, search_opts=None, list_volume=False):
    """Lists all groups.

    :param search_opts: Search options to filter out groups.
    :param list_volume: Include the volumes of each group.
    """
    if list_volume:
        if not search_opts:
            search_opts = {{}}
        search_opts["list_volume"] = {value}
    return "/groups?" + build_query(search_opts or {{}})
'''


@pytest.mark.parametrize("value, default", [
    ("True", [("AL007", 14, "HIGH")]),  # a switch turned on: the next call without the flag sends it
    ("None", []),  # a reset
])
def test_a_flag_turning_a_key_on_in_the_caller_s_mapping(tmp_path: Path, value: str, default: list) -> None:
    assert _both(tmp_path, GROUPS.format(value=value))[0] == default


NETWORK = """\
def object_from_json(json):
    kind = json.get("type")
    if kind == "bridge":
        return Bridge.from_json(json)
    if kind == "bond":
        return Bond.from_json(json)
    if kind == "port":
        return Port.from_json(json)
    if kind == "vpp":
        return Vpp.from_json(json)


def _fail_mode(mode):
    return ["set bridge fail_mode=%s" % mode]


class Bridge:
    def __init__(self, name, members=None, extra=None, fail_mode=None):
        self.name = name
        self.members = members or []
        extra = extra or []
        if fail_mode:
            extra.extend(_fail_mode(fail_mode))
            extra.append("a")
            extra.append("b")
            extra.append("c")
            extra.append("d")
            extra.append("e")
        self.extra = list(extra)

    @staticmethod
    def from_json(json):
        members = [object_from_json(m) for m in json.get("members", [])]
        return Bridge(json["name"], members, json.get("extra", []), json.get("fail_mode", "standalone"))


"""

#: the other interface types, each holding members of any type (a bond of ports, ...)
MEMBER = """\
class {name}:
    def __init__(self, name, members):
        self.name = name
        self.members = members

    @staticmethod
    def from_json(json):
        return {name}(json["name"], [object_from_json(m) for m in json.get("members", [])])


"""

NETWORK += "".join(MEMBER.format(name=name) for name in ("Bond", "Port", "Vpp")) + """\
def apply(config):
    first = [object_from_json(i) for i in config]
    again = [object_from_json(i) for i in config]
    return first, again
"""


def test_a_change_reached_too_deep_is_led_by_its_direct_route(tmp_path: Path) -> None:
    (finding,) = run(tmp_path, {"m.py": NETWORK})
    assert (finding.code, finding.location.line, finding.confidence.name) == ("AL007", 4, "HIGH")
    assert finding.message.startswith("`object_from_json` extends `json[\"extra\"]` (through Bridge.from_json -> "
                                      "Bridge.__init__), the caller's `json`")
    assert [(r.location.line, r.message) for r in finding.related][-1] == (
        33, "second use: this caller passes an object it keeps; its next call of `object_from_json` starts from "
            "the changed object")
    # with five fewer changes, the route through every member type is short enough to lead, as before
    fewer = "".join(line for line in NETWORK.splitlines(keepends=True) if 'extra.append("' not in line)
    assert shown(run(tmp_path / "fewer", {"m.py": fewer})) == [("AL007", 10, "HIGH")]


CHUNKS = """\
from functools import lru_cache


class Node:
    @lru_cache(maxsize=None)
    def chunks(self, config, indent=0):
        sections = {}
        for line in config.splitlines():
            if line.startswith("banner"):
                sections[line] = line
                continue
            if line.startswith(" "):
                parsed = self.chunks(line.strip(), indent=1)
                parsed.update(sections)
                sections = parsed
            sections[line] = line
        return sections
"""


def test_the_change_right_after_a_cached_call_leads(tmp_path: Path) -> None:
    (finding,) = run(tmp_path, {"m.py": CHUNKS})
    assert (finding.code, finding.location.line, finding.location.column) == ("AL003", 14, 17)
    assert finding.message.startswith("`Node.chunks` updates `Node.chunks()`, the object the cached `Node.chunks()` "
                                      "returns to every caller")
    assert [(r.location.line, r.message) for r in finding.related] == [
        (16, "also mutated here ([] =)"), (10, "also mutated here ([] =)"),
        (6, "second use: `Node.chunks()` is cached: every later call gets this same object back, already changed")]


COMMANDS = """\
from cliff import command


class NeutronCommand(command.Command):
    values_specs = []
{init}

class ListPorts(NeutronCommand):
    def take_action(self, parsed_args):
        self.values_specs.append("--device_id=%s" % parsed_args.id)
        return self.values_specs
"""


@pytest.mark.parametrize("init, where", [
    # the base is another package's: the class needs a constructor of its own to copy in
    ("", "in an `__init__` of its own that first calls `super().__init__(*args, **kwargs)`)"),
    ("\n    def __init__(self, app, app_args):\n        super().__init__(app, app_args)\n", "in `__init__`)"),
])
def test_the_class_level_fix_says_where_the_copy_goes(tmp_path: Path, init: str, where: str) -> None:
    (finding,) = run(tmp_path, {"m.py": COMMANDS.format(init=init)})
    assert finding.code == "AL003"
    assert finding.message.endswith(
        "give each instance its own copy (`self.values_specs = copy.copy(type(self).values_specs)` " + where)


SEARCH = """\
def compare(existing, new):
    hosts = existing.pop("hosts", None)
    return hosts == new.get("hosts")


def sync(groups, existing_groups):
    results = []
    for group in groups:
        found = None
        for candidate in existing_groups:
            if candidate["name"] == {match}:
                found = candidate
        if found is not None:
            results.append(compare(found, group))
    return results
"""


@pytest.mark.parametrize("match, default", [
    ('group["name"]', []),  # the element matched to this round's group: another one each round
    ('"default"', [("AL001", 14, "HIGH")]),  # the same element on every round
])
def test_an_element_a_search_matches_to_the_round_is_another_each_round(
        tmp_path: Path, match: str, default: list) -> None:
    assert shown(run(tmp_path, {"m.py": SEARCH.format(match=match)})) == default


ZABBIX = """\
from typing import Optional

from requests import Session


class ZabbixAPI:
    def __init__(self, server: str = "http://localhost/zabbix", session{annotation} = None):
        self.session = session or Session()
        self.session.headers.update({{"Content-Type": "application/json-rpc", "User-Agent": "python/pyzabbix"}})
        self.url = server + "/api_jsonrpc.php"
"""


@pytest.mark.parametrize("annotation, default", [
    (": Optional[Session]", []),
    (": Session | None", []),
    (": Session", []),
    ("", [("AL007", 9, "HIGH")]),  # nothing says what it is: a public constructor rewriting headers
])
def test_an_optional_annotation_says_what_the_argument_is_when_given(
        tmp_path: Path, annotation: str, default: list) -> None:
    # pyzabbix 1.3.1: a ``requests.Session`` is an object with behaviour, whose headers the client
    # is meant to set, not configuration (a B of set 48)
    assert _both(tmp_path, ZABBIX.format(annotation=annotation))[0] == default


MANAGERS = """\
def _show(template):
    del template._info["links"]
    return sorted(template._info)


class Show:
    def __init__(self, app):
        self.app = app

    def take_action(self, name):
        mag_client = self.app.client_manager
        template = mag_client.cluster_templates.get(name)
        return _show(template)


class Create:
    def __init__(self, app):
        self.app = app

    def take_action(self, args):
        mag_client = self.app.client_manager
        template = mag_client.cluster_templates.{create}
        return _show(template)
"""


@pytest.mark.parametrize("create, lookup", [
    ("create(**args)", False),  # ``create`` is no builtin's: the manager's ``get`` is a request
    ('setdefault("x", args)', True),  # builtin methods only: it may be a mapping, ``get`` a lookup
])
def test_a_dotted_receiver_called_elsewhere_in_the_module_by_other_methods(
        tmp_path: Path, create: str, lookup: bool) -> None:
    # python-magnumclient 5.0.0's ``mag_client.cluster_templates.get(ct)``: the witness of a C of
    # set 48 was "the caller keeps it", read as an item of ``self.app``
    from aliaslint.values import Ref

    project = _project(tmp_path, MANAGERS.format(create=create))
    fn = project.functions["m.Show.take_action"]
    (call,) = [c for c in fn.calls if c.text == "_show"]
    passed = project.resolve(fn, call.args[0])
    assert any(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 for o in passed) is lookup


@pytest.mark.parametrize("value, normalises", [
    ('re.sub(r"\\s+", escaped_space, tmp)', True),  # the standard library's pure function
    ('tmp.translate(table)', True),  # a string's transform
    ('uuid.uuid4().hex + tmp', False),  # another value on every call
])
def test_a_value_from_the_element_by_a_pure_function_is_a_normalisation(
        tmp_path: Path, value: str, normalises: bool) -> None:
    # ciscoconfparse 1.9.52's ``build_space_tolerant_regex``: each element made space-tolerant
    # again the same way, read as "rewrites what the caller put inside it" (an A of set 49)
    from aliaslint import harm

    project = _project(tmp_path, (
        "import re\nimport uuid\n\nescaped_space = '\\\\s+'\ntable = {}\n\n\n"
        "def space_tolerant(linespec):\n"
        "    for idx, tmp in enumerate(linespec):\n"
        f"        linespec[idx] = {value}\n"
        "    return linespec\n"))
    (effect,) = [e for e in project.effects["m.space_tolerant"].values() if e.root.kind == "param"]
    assert harm.normalises(effect) is normalises


def test_one_scan_finds_what_a_scan_of_each_part_finds() -> None:
    from aliaslint.receivers import ForeignCalls, foreign_receivers

    source = CONTROLLER.format(create='        resp, body = self.http_client.post("/v2", data=data)\n        return body')
    calls = ForeignCalls(source)
    assert calls.between(0, len(source)) == foreign_receivers(source) == frozenset({"self.http_client"})
    tasks = source.index("    def tasks"), source.index("    def create")
    assert calls.between(*tasks) == foreign_receivers(source[tasks[0]:tasks[1]]) == frozenset()
    assert calls.between(tasks[1], len(source), only_self=True) == frozenset({"self.http_client"})
