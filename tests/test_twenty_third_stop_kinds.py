"""Kinds of issue 8's twenty-third stop, kept as tests with their twins.

- AL003: a class-level template that a method puts whole into a new result and then merges the
  call's input into (``res = {'heatmap': self.heatmap}; _deep_update(res, self.extraJson)``) is
  material, not a registry filled with the call's keys (grafanalib 0.7.1's ``Heatmap.heatmap =
  {}``: a reproduced miss of blind set 56). Handed back whole (``return _SETTINGS``), it is the
  object itself, a registry, as before.
- AL003: two functions handing two templates to one helper that changes what it is given are two
  findings, each with its own template (they were merged as alternatives of one, and one was lost).
- Phase 1: an attrs field's default (``cards = attr.ib(default={...})``, ``tags: list = []``
  under ``@define``) is one object attrs gives every instance built without the argument: the
  generated ``__init__`` has it as a mutable default, and AL009 reports a method that changes it
  (grafanalib's ``Heatmap.cards``, the same reproduced miss). ``factory=`` and ``attr.Factory``
  make one per instance. A field's class attribute is no class-level template (AL003 is silent).
- AL009: for a default a constructor keeps, a value read from the instance's other fields is no
  normalisation of the default's content: the instances sharing it have different fields.
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


_DEEP_UPDATE = '''\
def _deep_update(base, extra):
    for k, v in extra.items():
        if k in base and isinstance(base[k], dict):
            _deep_update(base[k], v)
        else:
            base[k] = v
'''

_CLASS_TEMPLATE = _DEEP_UPDATE + '''

class Heatmap:
    heatmap = {}

    def __init__(self, extra):
        self.extra = extra

    def to_json_data(self):
        res = {"heatmap": HEATMAP}
        _deep_update(res, self.extra)
        return res
'''


def test_a_class_level_template_put_whole_into_the_result_then_merged_into_is_found(tmp_path):
    files = {"panels.py": _CLASS_TEMPLATE.replace("HEATMAP", "self.heatmap")}
    assert _both(tmp_path, files) == ([("AL003", 17, "HIGH")], [("AL003", 17, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`Heatmap.to_json_data` writes an item of `Heatmap.heatmap` (through _deep_update -> _deep_update), a "
        "class-level template that it also builds its result from; every later call starts from the changed "
        "template; copy it first (`copy.deepcopy(Heatmap.heatmap)`)"]


def test_a_class_level_template_copied_deeply_into_the_result_is_silent(tmp_path):
    files = {"panels.py": "import copy\n" + _CLASS_TEMPLATE.replace("HEATMAP", "copy.deepcopy(self.heatmap)")}
    assert _both(tmp_path, files) == ([], [])


def test_a_module_registry_handed_back_whole_is_still_a_registry(tmp_path):
    source = "_SETTINGS = {}\n\n\ndef configure(**options):\n    _SETTINGS.update(options)\n    return _SETTINGS\n"
    assert _both(tmp_path, {"settings.py": source}) == ([], [])


_PANEL_JSON = _DEEP_UPDATE + '''

class Panel:
    def __init__(self, title, extraJson=None):
        self.title = title
        self.extraJson = extraJson

    def panel_json(self, overrides):
        res = {"title": self.title}
        _deep_update(res, overrides)
        _deep_update(res, self.extraJson or {})
        return res


class Heatmap(Panel):
    heatmap = {}

    def to_json_data(self):
        return self.panel_json({"heatmap": HEATMAP})
'''


def test_a_class_level_template_an_earlier_merge_put_into_the_result_is_found(tmp_path):
    # grafanalib 0.7.1's shape: the first merge puts the class's dict into the panel's JSON by
    # reference, the second merges the panel's ``extraJson`` into it
    files = {"panels.py": _PANEL_JSON.replace("HEATMAP", "self.heatmap")}
    assert _both(tmp_path, files) == ([("AL003", 25, "HIGH")], [("AL003", 25, "HIGH")])


def test_a_class_level_template_copied_before_the_merges_is_silent(tmp_path):
    files = {"panels.py": "import copy\n" + _PANEL_JSON.replace("HEATMAP", "copy.deepcopy(self.heatmap)")}
    # (the caller's ``title`` kept by reference and merged into: AL006's preview, as before)
    assert _both(tmp_path, files) == ([], [("AL006", 7, "MEDIUM")])


_TWO_TEMPLATES = _DEEP_UPDATE + '''

FIRST = {"heatmap": {}}
SECOND = {"graph": {}}


def build_first(extra):
    res = {"heatmap": FIRST["heatmap"]}
    _deep_update(res, extra)
    return res


def build_second(extra):
    res = {"graph": SECOND["graph"]}
    _deep_update(res, extra)
    return res
'''


def test_two_functions_handing_two_templates_to_one_helper_are_two_findings(tmp_path):
    found = run(tmp_path, {"builders.py": _TWO_TEMPLATES})
    assert [(d.code, d.location.line, d.access_path) for d in found] == [
        ("AL003", 15, 'FIRST["heatmap"]'), ("AL003", 21, 'SECOND["graph"]')]


def test_one_function_choosing_between_two_templates_is_one_finding(tmp_path):
    source = _DEEP_UPDATE + '''

FIRST = {"heatmap": {}}
SECOND = {"heatmap": {}}


def build(extra, first):
    res = {"heatmap": (FIRST if first else SECOND)["heatmap"]}
    _deep_update(res, extra)
    return res
'''
    found = run(tmp_path, {"builders.py": source})
    assert [(d.code, d.location.line) for d in found] == [("AL003", 15)]
    assert [r.message for r in found[0].related if "may be the object changed here too" in r.message] == [
        "`SECOND` may be the object changed here too"]


_ATTRS = '''\
import attr


''' + _DEEP_UPDATE + '''

@attr.s
class Heatmap(object):
    title = attr.ib(default="")
    cards = attr.ib(DEFAULT)
    extraJson = attr.ib(default=None)

    def to_json_data(self):
        res = {"cards": self.cards, "title": self.title}
        _deep_update(res, self.extraJson or {})
        return res
'''


def test_an_attrs_default_every_instance_shares_changed_by_a_method_is_found(tmp_path):
    files = {"heatmap.py": _ATTRS.replace("DEFAULT", "default={\n        'cardPadding': None,\n        'cardRound': None,\n    }")}
    found = run(tmp_path, files)
    assert shown(found) == [("AL009", 15, "HIGH")]
    assert (found[0].location.line, found[0].location.column) == (15, 29)
    assert found[0].message == (
        "`Heatmap.to_json_data` writes an item of `self.cards`, but the field's default `{'cardPadding': None, "
        "'cardRound': None,}` is one object, made when the class is defined, which attrs gives every Heatmap "
        "built without `cards`: each sees what the others put in it; make one per instance (`factory=lambda: "
        "{'cardPadding': None, 'cardRound': None,}`)")
    assert [r.message for r in found[0].related][-1] == (
        "second use: every Heatmap built without `cards` gets this same object, already changed")


def test_an_attrs_default_made_per_instance_is_silent(tmp_path):
    for default in ("factory=dict", "default=attr.Factory(dict)"):
        files = {"heatmap.py": _ATTRS.replace("DEFAULT", default)}
        assert shown(run(tmp_path / default.split("=")[0], files)) == []


def test_an_attrs_default_only_read_is_silent(tmp_path):
    files = {"heatmap.py": _ATTRS.replace("DEFAULT", "default={}").replace(
        "        _deep_update(res, self.extraJson or {})\n", "")}
    assert _both(tmp_path, files) == ([], [])


_DEFINE = '''\
from attrs import define, field


@define
class Job:
    tags: list = TAGS
    env: dict = field(ENV)

    def add(self, tag):
        self.tags.append(tag)
        self.env["LAST"] = tag
'''


def test_bare_and_field_defaults_of_define_are_each_instances_shared_object(tmp_path):
    files = {"job.py": _DEFINE.replace("TAGS", "[]").replace("ENV", "default={}")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line, d.location.column, d.confidence.name) for d in found] == [
        ("AL009", 6, 18, "HIGH"), ("AL009", 7, 31, "HIGH")]
    assert found[0].message.endswith("make one per instance (`factory=list`)")
    assert found[1].message.endswith("make one per instance (`factory=dict`)")


def test_factories_under_define_are_silent_and_the_field_is_no_class_template(tmp_path):
    files = {"job.py": _DEFINE.replace("TAGS", "field(factory=list)").replace("ENV", "factory=dict")}
    # (what a caller passes is kept by reference: AL006's preview)
    assert _both(tmp_path, files) == ([], [("AL006", 10, "MEDIUM"), ("AL006", 11, "MEDIUM")])


def test_a_dataclass_field_default_factory_is_silent(tmp_path):
    source = '''\
from dataclasses import dataclass, field


@dataclass
class Job:
    tags: list = field(default_factory=list)

    def add(self, tag):
        self.tags.append(tag)
'''
    assert _both(tmp_path, {"job.py": source}) == ([], [("AL006", 9, "MEDIUM")])


_RENAME = '''\
class Host:
    def read_json(self):
        return {}

    def build(self, attrs):
        return dict(attrs)

    def read(self, attrs=None):
        if attrs is None:
            attrs = self.read_json()
        if "parameters" in attrs:
            attrs["host_parameters_attributes"] = RENAMED
        return self.build(attrs)
'''


def test_a_key_renamed_in_place_by_one_pop_is_not_reported(tmp_path):
    # nailgun 0.32.0's ``Host.read``: the rule's "not reported: a key renamed in place" held for
    # ``d[new] = d[old]; del d[old]`` only
    files = {"host.py": _RENAME.replace("RENAMED", 'attrs.pop("parameters")')}
    assert _both(tmp_path, files) == ([], [])


def test_a_key_popped_into_another_object_is_still_taken_from_the_caller(tmp_path):
    files = {"host.py": _RENAME.replace('attrs["host_parameters_attributes"] = RENAMED',
                                        'params = {"host_parameters_attributes": attrs.pop("parameters")}')}
    assert _both(tmp_path, files) == ([("AL007", 12, "HIGH")], [("AL007", 12, "HIGH")])


# ---------------------------------------------------------------- AL010
_TEMPORARY = '''\
import os


class Connection:
    def __init__(self):
        self.headers = {}

    def add_param_headers(self, key, value):
        self.headers[key] = value

    def del_param_headers(self, key):
        self.headers.pop(key, None)

    def raw_get(self, url):
        return url


class OpenID:
    def __init__(self):
        self.connection = Connection()

    def userinfo(self, token):
        orig_bearer = self.connection.headers.get("Authorization")
        self.connection.add_param_headers("Authorization", "Bearer " + token)
BODY
        return data_raw
'''

_RESTORE = '''\
        (
            self.connection.add_param_headers("Authorization", orig_bearer)
            if orig_bearer is not None
            else self.connection.del_param_headers("Authorization")
        )
'''


def test_a_header_put_back_only_when_the_request_returns_is_found(tmp_path):
    # python-keycloak 5.1.1's ``userinfo``: a reproduced miss of blind set 53
    files = {"openid.py": _TEMPORARY.replace("BODY", '        data_raw = self.connection.raw_get("/userinfo")\n'
                                             + _RESTORE.rstrip("\n"))}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line, d.location.column, d.confidence.name) for d in found] == [
        ("AL010", 24, 9, "HIGH")]
    assert found[0].message == (
        '`OpenID.userinfo` sets `self.connection.headers["Authorization"]` for the call to '
        '`self.connection.raw_get` (line 25) and puts the old value back only when that call returns: if it '
        'raises, the temporary value stays, and every later use of `self.connection.headers` sees it; put the '
        'old value back in a `finally:` block')
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (23, "the old value is saved here"),
        (25, "this call may raise, and skip what follows"),
        (26, "second use: the old value is put back here only when the call returned; after a failure, the next "
             "use of the object gets the temporary one")]


def test_a_header_put_back_in_finally_is_silent(tmp_path):
    body = ('        try:\n            data_raw = self.connection.raw_get("/userinfo")\n        finally:\n'
            + "\n".join("    " + line for line in _RESTORE.splitlines()))
    assert _both(tmp_path, {"openid.py": _TEMPORARY.replace("BODY", body)}) == ([], [])


def test_a_header_put_back_by_a_handler_that_reraises_is_silent(tmp_path):
    body = ('        try:\n            data_raw = self.connection.raw_get("/userinfo")\n        except Exception:\n'
            '            self.connection.add_param_headers("Authorization", orig_bearer)\n            raise\n'
            + _RESTORE.rstrip("\n"))
    assert _both(tmp_path, {"openid.py": _TEMPORARY.replace("BODY", body)}) == ([], [])


def test_nothing_but_builtins_between_the_change_and_the_restore_is_silent(tmp_path):
    body = '        data_raw = len(token)\n' + _RESTORE.rstrip("\n")
    assert _both(tmp_path, {"openid.py": _TEMPORARY.replace("BODY", body)}) == ([], [])


def test_an_environment_variable_put_back_only_on_success_is_found(tmp_path):
    source = '''\
import os
import subprocess


def run_in_mode(cmd, mode):
    old = os.environ.get("MODE")
    os.environ["MODE"] = MODE
    out = subprocess.run(cmd)
    os.environ["MODE"] = old
    return out
'''
    assert _both(tmp_path, {"runner.py": source.replace("MODE\n", "mode\n")}) == (
        [("AL010", 7, "HIGH")], [("AL010", 7, "HIGH")])
    # the same literal on every call: a failure leaves what the function always sets (preview)
    assert _both(tmp_path / "literal", {"runner.py": source.replace("MODE\n", '"batch"\n')}) == (
        [], [("AL010", 7, "MEDIUM")])


def test_a_dict_the_function_made_itself_is_silent(tmp_path):
    source = '''\
def send(headers):
    return headers


def call(token):
    headers = {"A": "x"}
    old = headers.get("A")
    headers["A"] = token
    out = send(headers)
    headers["A"] = old
    return out
'''
    assert _both(tmp_path, {"client.py": source}) == ([], [])


def test_an_instances_own_counter_or_an_argument_is_preview(tmp_path):
    source = '''\
class Printer:
    def __init__(self):
        self.indent = 0

    def visit_children(self, node):
        return node

    def visit(self, node):
        old = self.indent
        self.indent = old + 1
        self.visit_children(node)
        self.indent = old


def render(state, node):
    old = state.parent
    state.parent = node
    state.render(node)
    state.parent = old
'''
    assert _both(tmp_path, {"printer.py": source}) == ([], [("AL010", 10, "MEDIUM"), ("AL010", 17, "MEDIUM")])


def test_a_connection_setting_of_an_object_the_instance_holds_is_found(tmp_path):
    source = '''\
class Client:
    def __init__(self, session):
        self.session = session

    def slow_call(self, url, timeout):
        old = self.session.timeout
        self.session.timeout = timeout
        data = self.session.get(url)
        self.session.timeout = old
        return data
'''
    # (the caller's session kept by reference and changed: AL006's preview)
    assert _both(tmp_path, {"client.py": source}) == (
        [("AL010", 7, "HIGH")], [("AL006", 7, "MEDIUM"), ("AL010", 7, "HIGH")])


# ---------------------------------------------------------------- blind set 57
_CLIENT = '''\
import copy


class Client:
    """A client.

    Args:
        options: the server and properties this client uses.
            * headers -- DOC
    """

    DEFAULT_OPTIONS = {"server": "http://localhost", "headers": {"Accept": "application/json"}}

    def __init__(self, options=None):
        if options is None:
            options = {}
        self._options = copy.deepcopy(Client.DEFAULT_OPTIONS)
        if "headers" in options:
TAKE
        else:
            headers = {}
        self._options.update(options)
        self._options["headers"].update(headers)


SHARED = {"server": "http://example.com", "headers": {"X-Token": "t"}}


def first():
    client = Client(options=SHARED)
    client.connect()


def second():
    client = Client(options=SHARED)
    client.connect()
'''

_TAKEN = '            headers = copy.copy(options["headers"])\n            del options["headers"]'


def test_a_key_read_then_deleted_under_a_test_that_it_is_there_is_taken(tmp_path):
    # jira 3.10.5's constructor: the second client built from the same options gets no headers
    files = {"client.py": _CLIENT.replace("DOC", "a dict to update the default headers with.").replace("TAKE", _TAKEN)}
    assert _both(tmp_path, files) == ([("AL007", 20, "HIGH")], [("AL007", 20, "HIGH")])


@pytest.mark.parametrize(("take", "tier"), [
    (_TAKEN, "HIGH"),
    # deleted unread: a second removal finds nothing to remove (a clean-up); with no public entry
    # point to destroy what a user gave, only the callers' reuse could show it
    ('            headers = {}\n            del options["headers"]', "MEDIUM"),
])
def test_a_key_deleted_unread_under_a_test_that_it_is_there_is_a_clean_up(tmp_path, take, tier):
    files = {"client.py": _CLIENT.replace("DOC", "a dict to update the default headers with.").replace(
        "TAKE", take).replace("Client", "_Client")}
    assert _both(tmp_path, files)[1] == [("AL007", 20, tier)]


def test_a_docstring_saying_the_argument_updates_the_headers_is_no_intent_but_updating_it_is(tmp_path):
    files = {"client.py": _CLIENT.replace("DOC", "updates the given options in place.").replace("TAKE", _TAKEN)}
    assert _both(tmp_path, files) == ([], [("AL007", 20, "MEDIUM")])


_METRICS = '''\
import time


def format_points(points):
    NOW
    if not isinstance(points, list):
        points = [points]
    return [(now, float(p)) if isinstance(p, (int, float)) else p for p in points]


class Metric:
    @staticmethod
    def _rename_metric_type(metric):
        if "metric_type" in metric:
            metric["type"] = metric.pop("metric_type")

    @classmethod
    def send(cls, metrics):
        for metric in metrics:
            cls._rename_metric_type(metric)
            metric["points"] = format_points(metric["points"])
        return {"series": metrics}
'''


def test_a_value_stamped_with_the_clock_written_into_the_callers_dict_is_found_not_the_rename(tmp_path):
    # datadog 0.56.0's ``Metric.send``: a metric sent again goes out with the first send's time
    files = {"metrics.py": _METRICS.replace("NOW", "now = time.time()")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL007", 21, "HIGH")]
    assert found[0].message.startswith("`Metric.send` writes an item of `metrics[*]`, the caller's `metrics`")


def test_a_value_normalised_from_itself_alone_and_a_renamed_key_are_not_reported(tmp_path):
    files = {"metrics.py": _METRICS.replace("NOW", "now = 0.0")}
    assert _both(tmp_path, files)[0] == []


_GET_CLIENT = '''\
import copy


class Client:
    DEFAULT_OPTIONS = {"server": "", "verify": True, "headers": {}}

    def __init__(self, options=None):
        options = options if options is not None else {}
        self._options = copy.deepcopy(Client.DEFAULT_OPTIONS)
        if "headers" in options:
            headers = options["headers"]
            del options["headers"]
        else:
            headers = {}
        self._options.update(options)
        self._options["headers"].update(headers)


def get_client(url):
    options = TEMPLATE
    options["server"] = url
    return Client(options=options)
'''


def test_a_class_level_template_handed_to_a_constructor_whose_instance_is_returned_is_found(tmp_path):
    # jira 3.10.5's ``get_jira``: every later ``JIRA()`` starts from the changed defaults
    found = run(tmp_path, {"config.py": _GET_CLIENT.replace("TEMPLATE", "Client.DEFAULT_OPTIONS")})
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL003", 22, "HIGH")]
    assert found[0].message.startswith("`get_client` deletes from `Client.DEFAULT_OPTIONS` (through Client.__init__)")


def test_a_copy_of_the_class_level_template_handed_to_the_constructor_is_silent(tmp_path):
    files = {"config.py": _GET_CLIENT.replace("TEMPLATE", "copy.deepcopy(Client.DEFAULT_OPTIONS)")}
    assert _both(tmp_path, files) == ([], [])


def test_a_change_made_at_the_end_of_an_if_and_undone_after_it_is_found_at_the_write(tmp_path):
    # python-keycloak's ``introspect`` (missed at first), and pan-os-python 1.13.1's dry run,
    # whose write is inside ``if dryrun:`` (the finding named the ``if``)
    source = '''\
class Introspect:
    def __init__(self, connection):
        self.connection = connection

    def introspect(self, token, rpt=None):
        changed = False
        if rpt:
            orig = self.connection.headers.get("Authorization")
            self.connection.headers["Authorization"] = "Bearer " + token
            changed = True
        data = self.connection.raw_post("/introspect")
        if changed:
            self.connection.headers["Authorization"] = orig
        return data


class Updater:
    def __init__(self, device):
        self.device = device

    def upgrade(self, target, dryrun=False):
        start = self.device.version
        if dryrun:
            self.device.version = str(target)
        else:
            self.device.install(target)
        result = self.upgrade(target, dryrun=dryrun)
        if result and dryrun:
            self.device.version = start
        return result
'''
    found = run(tmp_path, {"updater.py": source})
    assert [(d.code, d.location.line, d.location.column, d.confidence.name) for d in found] == [
        ("AL010", 9, 13, "HIGH"), ("AL010", 24, 13, "HIGH")]
    assert found[1].message.startswith(
        "`Updater.upgrade` sets `self.device.version` for the call to `self.upgrade` (line 27)")


_LATCH = '''\
def insert_sorted(resources, resource):
    resources.append(resource)
    resources.sort(key=lambda r: r["name"])


class Port:
    def __init__(self, relationships):
        self.relationships = relationships
        self.ports = []

    def handle_properties(self, port):
        binds_to = None
        for node, kind in self.relationships:
            RESET
            if kind == "links":
                continue
            elif not binds_to and kind == "binds":
                binds_to = node
                ports = self.ports
                insert_sorted(ports, port)
        return binds_to
'''


def test_a_branch_that_sets_the_name_its_test_needs_unset_runs_once_per_loop(tmp_path):
    # heat-translator 3.5.0's ``ToscaNetworkPort``: ``elif not binds_to and ...: binds_to = node``
    files = {"port.py": _LATCH.replace("            RESET\n", "")}
    assert _both(tmp_path, files)[0] == []


def test_a_latch_reset_on_every_round_lets_the_branch_run_again(tmp_path):
    files = {"port.py": _LATCH.replace("RESET", "binds_to = None")}
    assert _both(tmp_path, files)[0] == [("AL001", 20, "HIGH")]
