"""Kinds of issue 8's twenty-second stop, kept as tests with their twins.

- Phase 1: an attribute the constructor sets in every branch of an ``if``/``elif`` dispatch is
  the instance's own. A chain with no ``else`` covers every path when an earlier check closed
  the subject's values (``if result_type not in valid_result_types: raise``) and its tests name
  each of them (ciscoconfparse 1.9.52's ``CiscoRange._list``: the A of blind set 49). A value
  the check allows and no branch tests leaves a path where the class's list is the one used.
- AL004: an attribute that a method the loop runs sets to what it builds (``self.check_filters
  (...)`` setting ``self.filters = validate(...)``) is another object each round
  (elasticsearch-curator 5.8.4's singleton ``alias`` action: an A of blind set 53). Set to an
  object the instance keeps, it is the same one every round.
- AL002: a copy whose shared parts only a test changes is preview (sushy 5.7.0's
  ``CompositeField._load``: an A of blind set 53, its only change a test's).
- Phase 1: a part of a parameter taken out of its slot and returned (``last =
  self.lastresponse; self.lastresponse = None; return last``) is the caller's own: the slot no
  longer holds it (pyghmi 1.6.0's ``Session.raw_command``: an A of blind set 53).
- AL006 message: a public method the keeping class inherits is where the copy goes (pyghmi's
  ``OEMHandler.get_event_log``, the reproduced D of blind set 53, whose fix said ``__init__``).
- AL003: a class-level object the class's ``__new__`` keeps instances in or hands them out
  from is a registry of instances (pyghmi's IPMI ``Session``: B's of blind set 53). Preview.
- AL003/AL001: a list some loop empties (``while self.iterwaiters: self.iterwaiters.pop()``)
  is a queue: adding to it, or taking from it one by one, is what it is for (pyghmi: B's of
  blind set 53). Preview.
- Phase 1: a property whose getter returns ``self._x`` and whose setter only sets it is the
  attribute itself, and a setter's summary no longer replaces its getter's (python-keycloak
  5.1.1: every call on ``self.connection`` was unresolved, behind a reproduced miss of blind set
  53; now its ``ConnectionManager(base_url, headers={})`` default, which the UMA client's
  connections share and write bearer tokens into, is an AL009).
- AL009: a test helper's growing default is preview, no longer silent (python-etcd 0.4.5's
  ``EtcdProcessHelper.run(proc_args=[])``: a reproduced miss of blind set 55).
- AL003: a template handed to a call outside the tree whose result the function returns is
  material (python-openstackclient 7.1.0's ``_formatters``, a reproduced miss of blind set 55:
  ``image show --human-readable`` leaves the size formatter for every later command); an entry
  every writer sets to the same constant, one of them on every path, is preview.
- AL001: a callee documented as changing the argument by the words of the argument's own entry
  ("It mutates the firewall rule object", ``:param firewall_rule_temp: Firewall rule obj``) merges
  each round's input into it (pyvcloud 23.0.4: a B of blind set 55). Preview.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown


def _messages(tmp_path: Path, files: dict[str, str], preview: bool = False) -> list[str]:
    return [d.message for d in run(tmp_path, files, preview=preview)]


def _both(tmp_path: Path, files: dict[str, str]) -> tuple[list[tuple], list[tuple]]:
    """``(default findings, --preview findings)`` as ``(code, line, confidence)``."""
    return shown(run(tmp_path / "default", files)), shown(run(tmp_path / "preview", files, preview=True))


_DISPATCH = '''\
class CiscoRange:
    _list = []

    def __init__(self, text="", result_type=str, empty=False):
        valid = {VALID}
        if result_type not in valid:
            raise ValueError(result_type)
        self.text = text
        if isinstance(text, str) or empty is False:
            if result_type is None:
                self._list = self.parse_any(text)
            elif result_type is int:
                self._list = self.parse_integers(text)
            elif result_type is str:
                self._list = self.parse_strings(text)
        else:
            self._list = []

    def parse_any(self, text):
        return [text]

    def parse_integers(self, text):
        return [int(t) for t in text.split(",")]

    def parse_strings(self, text):
        return text.split(",")

    def __add__(self, other):
        self._list.extend(other._list)
        return CiscoRange(",".join(map(str, self._list)))
'''


def test_a_dispatch_over_every_validated_value_gives_each_instance_its_own_list(tmp_path):
    files = {"ranges.py": _DISPATCH.replace("VALID", "str, int, None")}
    assert _both(tmp_path, files) == ([], [])


def test_a_validated_value_no_branch_tests_leaves_the_class_list_in_use(tmp_path):
    files = {"ranges.py": _DISPATCH.replace("VALID", "str, int, None, float")}
    assert _both(tmp_path, files) == ([("AL003", 29, "HIGH")], [("AL003", 29, "HIGH")])


def test_a_dispatch_with_no_closing_check_leaves_the_class_list_in_use(tmp_path):
    source = _DISPATCH.replace("VALID", "str, int, None").replace(
        "        if result_type not in valid:\n            raise ValueError(result_type)\n", "")
    assert _both(tmp_path, {"ranges.py": source}) == ([("AL003", 27, "HIGH")], [("AL003", 27, "HIGH")])


def test_an_assert_closes_the_values_as_a_raise_does(tmp_path):
    source = _DISPATCH.replace("VALID", "str, int, None").replace(
        "        if result_type not in valid:\n            raise ValueError(result_type)\n",
        "        assert result_type in valid\n")
    assert _both(tmp_path, {"ranges.py": source}) == ([], [])


_REBOUND = '''\
def validate(filters):
    return [dict(f) for f in filters]


class Singleton:
    def __init__(self, kwargs, allow_ilm):
        self.defaults = []
        self.alias = {}
        for k in ["add", "remove"]:
            if k in kwargs:
                self.alias[k] = {}
                self.check_filters(kwargs[k])
                self.alias[k]["filters"] = self.filters
                if allow_ilm:
                    self.alias[k]["filters"].append({"filtertype": "ilm"})

    def check_filters(self, given):
        self.filters = VALUE
'''


def test_a_method_the_loop_runs_gives_the_attribute_a_new_object_each_round(tmp_path):
    files = {"singleton.py": _REBOUND.replace("VALUE", "validate(given)")}
    assert _both(tmp_path, files) == ([], [])


def test_a_method_that_points_the_attribute_at_one_kept_object_stores_it_on_every_round(tmp_path):
    files = {"singleton.py": _REBOUND.replace("VALUE", "self.defaults")}
    assert _both(tmp_path, files) == ([("AL004", 13, "HIGH")], [("AL004", 13, "HIGH")])


_COMPOSITE = '''\
import copy


class Composite:
    def __init__(self):
        self.messages = []

    def load(self, body):
        instance = copy.copy(self)
        instance.body = body
        return instance
'''

_CHANGER = '''\
from pkg.fields import Composite


def NAME():
    field = Composite()
    loaded = field.load({})
    loaded.messages.append("x")
    return loaded
'''


def test_a_copy_whose_shared_part_only_a_test_changes_is_preview(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/fields.py": _COMPOSITE,
             "tests/test_fields.py": _CHANGER.replace("NAME", "test_load")}
    assert _both(tmp_path, files) == ([], [("AL002", 9, "MEDIUM")])


def test_a_copy_whose_shared_part_the_package_changes_stays_shown(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/fields.py": _COMPOSITE,
             "pkg/use.py": _CHANGER.replace("NAME", "loaded_with_message")}
    assert _both(tmp_path, files) == ([("AL002", 9, "HIGH")], [("AL002", 9, "HIGH")])


_TAKE = '''\
class Session:
    def __init__(self):
        self.lastresponse = None

    def handle(self, response):
        self.lastresponse = response

    def raw_command(self, cmd, keep=False):
        self.send(cmd)
        lastresponse = self.lastresponse
        CLEAR
        while self.waiters:
            self.waiters.popleft().set()
        return lastresponse
'''


def _returns(source: str, function: str) -> frozenset:
    from aliaslint.analyzer import analyze_module
    from aliaslint.rules import all_rules

    summary = analyze_module(source, "ipmi", "ipmi.py", "/src/ipmi.py", list(all_rules()))
    return summary.functions[f"ipmi.{function}"].returns


def test_a_part_taken_out_of_its_slot_and_returned_is_the_callers_own():
    # ``lastresponse = self.lastresponse; self.lastresponse = None``: the slot no longer holds
    # the response handed back, whatever the calls after it do with the session
    from aliaslint.values import Opaque, Root

    returns = _returns(_TAKE.replace("CLEAR", "self.lastresponse = None"), "Session.raw_command")
    assert returns == frozenset({Opaque(frozenset(), frozenset({Root("param", "self", 0)}))})


def test_a_part_taken_out_of_its_slot_on_some_paths_may_still_be_held():
    from aliaslint.values import Ref, Root

    returns = _returns(_TAKE.replace("CLEAR", "if not keep:\n            self.lastresponse = None"),
                       "Session.raw_command")
    assert Ref(Root("param", "self", 0), (".lastresponse",)) in returns


_GENERIC = '''\
class OEMHandler:
    def __init__(self, sysinfo):
        self._varsysinfo = sysinfo
        self._urlcache = {}

    def get_event_log(self, extraurls):
        lurls = self._urlcache["log"].get("Members", [])
        lurls.extend(extraurls)
        return [u["@odata.id"] for u in lurls]
'''

_IDRAC = '''\
from oem import generic


class OEMHandler(generic.OEMHandler):
    def __init__(self, sysinfo, cache):
        self._varsysinfo = sysinfo
        self._urlcache = cache
'''


def test_a_public_method_a_subclass_inherits_is_where_the_copy_goes(tmp_path):
    # the subclass keeps the caller's cache; the base's public method extends a list in it: a
    # copy in ``__init__`` leaves every later ``get_event_log()`` on one handler extending again
    files = {"oem/__init__.py": "", "oem/generic.py": _GENERIC, "oem/idrac.py": _IDRAC}
    [message] = [m for m in _messages(tmp_path, files, preview=True)]
    assert message == (
        '`OEMHandler.get_event_log` extends `self._urlcache["log"]["Members"]`, but `__init__` keeps the '
        "caller's `cache` there by reference: the caller's object changes under it, and every later "
        "`get_event_log()`, on this OEMHandler or another built from the same object, starts from the changed "
        "one; copy it in `get_event_log` before changing it")


_MULTITON = '''\
class Session:
    initting_sessions = {}
    peers = {}

    def __new__(cls, bmc, userid):
        NEW_BODY
        self = object.__new__(cls)
        return self

    def __init__(self, bmc, userid):
        self.bmc = bmc
        self.userid = userid
        key = (bmc, userid)
        if key in self.initting_sessions:
            self.initting_sessions[key].logging = True
        self.peers[key] = self
'''


def test_class_level_objects_a_new_method_keeps_instances_in_are_a_registry(tmp_path):
    body = ("i = cls.initting_sessions.get((bmc, userid))\n        if i:\n            return i\n"
            "        self = object.__new__(cls)\n        cls.initting_sessions[(bmc, userid)] = self")
    files = {"session.py": _MULTITON.replace("NEW_BODY", body)}
    default, preview = _both(tmp_path, files)
    assert (default, preview) == ([], [("AL003", 19, "MEDIUM")])


def test_a_new_method_that_keeps_nothing_leaves_the_class_level_object_a_template(tmp_path):
    files = {"session.py": _MULTITON.replace("NEW_BODY", "pass")}
    assert _both(tmp_path, files) == ([("AL003", 15, "HIGH")], [("AL003", 15, "HIGH")])


_WAITERS = '''\
class Session:
    iterwaiters = []

    def __init__(self, bmc, onlogon=None):
        self.bmc = bmc
        if onlogon is not None:
            self.iterwaiters.append(onlogon)

    def awaitresponse(self):
        DRAIN
            waiter = self.iterwaiters.pop()
            waiter({"success": True})
'''


def test_a_class_level_list_a_loop_drains_is_a_queue_added_to_and_taken_from(tmp_path):
    files = {"session.py": _WAITERS.replace("DRAIN", "while self.iterwaiters:")}
    messages = _messages(tmp_path, files, preview=True)
    assert _both(tmp_path, files) == ([], [("AL003", 7, "MEDIUM")])
    assert messages == [
        "`Session.__init__` appends to `Session.iterwaiters`, a class-level object: it is worked through as a "
        "queue (a loop takes its entries out until it is empty), so adding to it is what it is for; nothing to "
        "change if that is intended"]


def test_a_class_level_list_taken_from_once_is_no_queue(tmp_path):
    files = {"session.py": _WAITERS.replace("DRAIN", "if self.iterwaiters:")}
    assert _both(tmp_path, files) == ([("AL003", 7, "HIGH")], [("AL003", 7, "HIGH")])


_EVQ = '''\
import collections
import threading


def _io_wait(timeout, evq):
    evt = threading.Event()
    evq.append(evt)
    evt.wait(timeout)


class Session:
    def __init__(self):
        self.evq = collections.deque()
        self.pending = True

    def awaitresponse(self, timeout):
        while self.pending:
            _io_wait(timeout, self.evq)

    def handle(self):
        self.pending = False
        DRAIN
'''


def test_a_loop_adding_to_a_queue_another_loop_empties_is_preview(tmp_path):
    files = {"session.py": _EVQ.replace("DRAIN", "while self.evq:\n            self.evq.popleft().set()")}
    assert _both(tmp_path, files) == ([], [("AL001", 18, "MEDIUM")])


def test_a_loop_adding_to_a_list_nothing_empties_stays_shown(tmp_path):
    files = {"session.py": _EVQ.replace("DRAIN", "if self.evq:\n            self.evq[0].set()")}
    assert _both(tmp_path, files) == ([("AL001", 18, "HIGH")], [("AL001", 18, "HIGH")])


_CONNECTION = '''\
class ConnectionManager:
    def __init__(self, base_url, headers=None):
        self.base_url = base_url
        self.headers = headers if headers is not None else {}

    def add_param_headers(self, key, value):
        self.headers[key] = value


class Client:
    def __init__(self, server_url):
        self.connection = ConnectionManager(server_url)

    @property
    def connection(self):
        """Get connection."""
        return GETTER

    @connection.setter
    def connection(self, value):
        self._connection = value

    def userinfo(self, token):
        self.connection.add_param_headers("Authorization", "Bearer " + token)
        return self.connection.base_url
'''


def _targets(tmp_path: Path, source: str, function: str, text: str) -> list[str]:
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "client.py").write_text(source, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    caller = project.functions[function]
    return sorted(t.function for c in caller.calls if c.text == text for t in project.targets(caller, c))


def test_a_property_that_stands_for_a_private_attribute_is_read_as_the_attribute(tmp_path):
    # (keycloak 5.1.1's ``KeycloakOpenID.connection``: its setter's summary had replaced the
    # getter's, and the connection's class was lost)
    source = _CONNECTION.replace("GETTER", "self._connection")
    assert _targets(tmp_path, source, "pkg.client.Client.userinfo", "self.connection.add_param_headers") \
        == ["pkg.client.ConnectionManager.add_param_headers"]


def test_a_setter_is_kept_apart_from_its_getter(tmp_path):
    from aliaslint.analyzer import analyze_module
    from aliaslint.rules import all_rules

    source = _CONNECTION.replace("GETTER", "copy.copy(self._connection)")
    summary = analyze_module("import copy\n" + source, "client", "client.py", "/src/client.py", list(all_rules()))
    getter = summary.functions["client.Client.connection"]
    setter = summary.functions["client.Client.connection[setter]"]
    assert (getter.kind, len(getter.params), len(setter.params), setter.name) == ("property", 1, 2, "connection")
    assert summary.classes["client.Client"].properties == {"connection"}


_DEFAULT_HEADERS = '''\
class ConnectionManager:
    def __init__(self, base_url, headers={}):
        self.base_url = base_url
        self.headers = headers

    @property
    def headers(self):
        return self._headers

    @headers.setter
    def headers(self, value):
        self._headers = value

    def add_param_headers(self, key, value):
        self.headers[key] = value


def check_permission(base_url, token):
    connection = ConnectionManager(base_url)
    connection.add_param_headers("Authorization", "Bearer " + token)
    return connection


def check_policy(base_url, token):
    connection = ConnectionManager(base_url)
    connection.add_param_headers("Authorization", "Bearer " + token)
    return connection
'''


def test_a_default_kept_through_a_plain_property_is_the_shared_default(tmp_path):
    # python-keycloak 5.1.1's ``ConnectionManager(base_url, headers={})``: every connection the
    # UMA client builds without headers writes its bearer token into the one default dict
    assert _both(tmp_path, {"connection.py": _DEFAULT_HEADERS}) == (
        [("AL009", 2, "HIGH")], [("AL009", 2, "HIGH")])


_PROCESS_HELPER = '''\
class EtcdProcessHelper:
    def run(self, number=1, proc_args=[]):
        proc_args.extend(["-initial-cluster-state", "new"])
        for i in range(number):
            self.add_one(i, proc_args)

    def add_one(self, slot, proc_args=None):
        return ["etcd", str(slot), *(proc_args or [])]
'''


@pytest.mark.parametrize(("path", "expected"), [
    # a test helper's default: shown in the preview tier, no longer silent (python-etcd 0.4.5's
    # ``tests/integration/helpers.py``, a reproduced miss of blind set 55)
    ("tests/integration/helpers.py", ([], [("AL009", 2, "MEDIUM")])),
    ("etcd/helpers.py", ([("AL009", 2, "HIGH")], [("AL009", 2, "HIGH")])),
])
def test_a_test_helpers_growing_default_is_shown_in_preview(tmp_path, path, expected):
    assert _both(tmp_path, {path: _PROCESS_HELPER}) == expected


_FORMATTERS = '''\
from osc_lib import utils

_formatters = {}


class HumanReadableSizeColumn:
    pass


class DictColumn:
    pass


class ShowImage:
    def take_action(self, image, human_readable):
        if human_readable:
            _formatters[KEY] = HumanReadableSizeColumn
        _formatters["properties"] = DictColumn
        data = utils.get_item_properties(image, ["size"], formatters=_formatters)
        return ("size",), data


class CreateImage:
    def take_action(self, image):
        if image:
            _formatters["properties"] = DictColumn
            data = utils.get_item_properties(image, ["size"], formatters=_formatters)
            return ("size",), data
        return (), ()
'''


def test_a_template_handed_to_an_outside_builder_is_material_and_a_flag_guarded_entry_leaks(tmp_path):
    # python-openstackclient 7.1.0's ``image show --human-readable``: the size formatter stays in
    # the module-level ``_formatters`` for every later ``image show`` and ``image create`` (a
    # reproduced miss of blind set 55); the ``properties`` entry both write is the same constant
    files = {"image.py": _FORMATTERS.replace("KEY", '"size"')}
    assert _both(tmp_path, files) == ([("AL003", 17, "HIGH")], [("AL003", 17, "HIGH"), ("AL003", 26, "MEDIUM")])


def test_an_entry_every_writer_sets_to_the_same_constant_is_preview(tmp_path):
    files = {"image.py": _FORMATTERS.replace("KEY", '"properties"').replace(
        "HumanReadableSizeColumn\n        _formatters", "DictColumn\n        _formatters")}
    assert _both(tmp_path, files) == ([], [("AL003", 17, "MEDIUM"), ("AL003", 26, "MEDIUM")])


_FIREWALL = '''\
def create_element(tag, text=None):
    return {"tag": tag, "text": text, "children": []}


class FirewallRule:
    def _populate_services(self, firewall_rule_temp, services):
        """Populates service elements."""
        for service in services:
            protocol = list(service)[0]
            self.__populate_protocol_elements(firewall_rule_temp, protocol, service[protocol])

    def __populate_protocol_elements(self, firewall_rule_temp, protocol, port):
        """Populate protocol elements. It mutates the WHAT object.

        :param firewall_rule_temp: Firewall rule obj
        :param protocol: protocol
        """
        service_tag = create_element("service")
        service_tag["children"].append(create_element("protocol", protocol))
        firewall_rule_temp["application"]["children"].append(service_tag)
'''


@pytest.mark.parametrize(("what", "expected"), [
    # the argument named by its own entry's words: each round adds its service to the one rule
    # (pyvcloud 23.0.4's firewall rules, a B of blind set 55 whose suggested deep copy sent none)
    ("firewall rule", ([], [("AL001", 10, "MEDIUM")])),
    ("request", ([("AL001", 10, "HIGH")], [("AL001", 10, "HIGH")])),
])
def test_a_callee_documented_as_changing_the_argument_by_its_description_merges_into_it(tmp_path, what, expected):
    assert _both(tmp_path, {"rules.py": _FIREWALL.replace("WHAT", what)}) == expected
