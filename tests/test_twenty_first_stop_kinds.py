"""Kinds of issue 8's twenty-first stop, kept as tests with their twins (blind set 47: awxkit
24.6.1; blind set 48: python-keystoneclient 6.0.0; blind set 49: ciscoconfparse 1.9.52; blind
set 50: python-tackerclient 2.6.0, os-brick 7.1.1; blind set 51: infoblox-client 0.6.2).

- AL003: an entry of a class-level object that starts empty (``subparsers = {}``) and that the
  program fills as it runs (``client.subparsers[name] = add_parser(name)``), picked by the
  instance's own field (``self.subparsers[self.resource].description = ...``), is a registry's
  entry, not a template's part (awxkit's CLI: a B of set 47). Preview. Picked by the call's
  arguments, or in a template that holds entries of its own, it stays a default finding.
- Model: a keyword argument that a callee reads from its ``**kwargs`` is the caller's object
  itself: the dict the call made (and a ``**kwargs`` spread copying it on to another callee) is
  a level above it, so a change below that copy is a change of the caller's object, and of a
  class-level one handed over from ``self`` (keystoneclient's SAML2 plugin passing its class-level
  header dicts as ``headers=`` to ``Session.post``: a reproduced miss of set 48).
- AL003: a missing entry of a class-level object filled with what a caller gave
  (``headers.setdefault("User-Agent", self.user_agent)``) keeps the first caller's value for
  every later one (keystoneclient, above; tackerclient's class-level request ``headers`` and
  their ``Content-Type``: the preview D of set 50). Filled with a constant, it is the same for
  everyone: preview.
  An object that starts empty and is filled on the first call is a memo (``tests/data/triage/
  B5_memo.py``).
- AL003 message: the change that makes the trouble leads (reached through the fewest calls when
  the first would take too many to explain); the harmless ones beside it (the token written
  again on every request) are left out of the explanation (tackerclient: its finding was led by
  the token's write, called harmless, and shown only in preview).
- Phase 1: changes of a mapping under a test that a key is missing, which the same block sets
  (``if NQN not in props: props[NQN] = props.pop(OLD_NQN); ...``), run once per object: a format
  converted in place (os-brick 7.1.1's ``NVMeOFConnProps``: a B of set 50). Under another test,
  the caller's keys go on every call.
- Phase 1: where a parameter has no annotation, the class its docstring gives it (reST ``:type
  session: keystoneclient.session.Session``, Google, numpy) is where its methods are looked up
  (keystoneclient's SAML2 plugin, above: its ``session`` is typed only there). A builtin or a
  phrase (``dict``, ``list of str``) is no class.
- AL007: a literal taken out of a caller's list (``return_fields.remove("default")``) is a named
  element, a marker or an option, not the next item of a work list: with a second use (the
  object's next ``fetch()``), a default finding, and a public-entry reason (infoblox-client
  0.6.2's ``_build_query_params``: the preview D of blind set 51, reproduced). The next element
  of a work list stays preview.
- Phase 1: an attribute the constructor sets from a method it runs on ``self`` (``self._list =
  self.bootstrap(initlist)``) is the instance's own once that method has run, unless the method
  reaches the one that changes it (ciscoconfparse 1.9.52's ``ConfigList``, whose ``__iadd__``
  was taken to extend the class-level ``_list``: the kind of blind set 49's A).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown


def _both(tmp_path: Path, files: dict[str, str]) -> tuple[list[tuple], list[tuple]]:
    """``(default findings, --preview findings)`` as ``(code, line, confidence)``."""
    return shown(run(tmp_path / "default", files)), shown(run(tmp_path / "preview", files, preview=True))


def _messages(tmp_path: Path, files: dict[str, str], preview: bool = False) -> list[str]:
    return [d.message for d in run(tmp_path, files, preview=preview)]


REGISTRY = """\
class CLI:
    subparsers = {template}

    def __init__(self, resource):
        self.resource = resource

    def parse_resource(self, parser, names):
        for name in names:
            self.subparsers[name] = parser.add_parser(name)

    def parse_action(self, name, description):
        if description:
            self.subparsers[{key}].description = description
"""


@pytest.mark.parametrize("template, key, expected", [
    # empty, filled as the program runs, the entry picked by the instance's own field: a registry
    ("{}", "self.resource", ([], [("AL003", 13, "MEDIUM")])),
    ("dict()", "self.resource", ([], [("AL003", 13, "MEDIUM")])),
    # picked by the call's argument: every instance's entries
    ("{}", "name", ([("AL003", 13, "HIGH")], [("AL003", 13, "HIGH")])),
    # entries of its own at the class level: a template every instance starts from
    ('{"jobs": Parser()}', "self.resource", ([("AL003", 13, "HIGH")], [("AL003", 13, "HIGH")])),
])
def test_an_entry_of_a_class_level_registry_picked_by_the_instance(tmp_path: Path, template: str, key: str,
                                                                    expected: tuple) -> None:
    source = REGISTRY.format(template=template, key=key)
    if "Parser()" in template:
        source = "class Parser:\n    description = ''\n\n\n" + source
        expected = tuple([(code, line + 4, tier) for code, line, tier in found] for found in expected)
    assert _both(tmp_path, {"m.py": source}) == expected


def test_a_class_level_registry_entry_is_explained_as_one(tmp_path: Path) -> None:
    source = REGISTRY.format(template="{}", key="self.resource")
    assert _messages(tmp_path, {"m.py": source}, preview=True) == [
        "`CLI.parse_action` sets `description` on `CLI.subparsers[*]`, a class-level object: it starts empty, "
        "`CLI.parse_resource` puts entries in it as the program runs (a registry), and this changes the entry "
        "the instance's own field picks, not a template; nothing to change if that is intended"]


SESSION = """\
class Session:
    def __init__(self, user_agent=None):
        self.user_agent = user_agent

    def request(self, url, method, **kwargs):
        headers = kwargs.setdefault("headers", dict())
        headers.setdefault("User-Agent", {value})
        return send(url, method, **kwargs)

    def post(self, url, **kwargs):
        return self.request(url, "POST", **kwargs)


def send(url, method, **kwargs):
    return url, method, kwargs
"""

PLUGIN = """\
from pkg.session import Session


class Saml2:
    HEADER_SOAP = {"Content-Type": "application/vnd.paos+xml"}

    def authenticate(self, session: Session, url):
        return session.post(url, headers=self.HEADER_SOAP)
"""


@pytest.mark.parametrize("value, expected", [
    # the session's own user agent: the first session's stays in the class-level dict
    # (its changes are the class-level finding's: the ``**kwargs`` copy in ``post`` is not
    # reported for them again)
    ("self.user_agent", ([("AL003", 8, "HIGH")], [("AL003", 8, "HIGH")])),
    # a constant: every session fills in the same
    ('"keystoneclient"', ([], [("AL002", 11, "MEDIUM")])),
])
def test_a_class_level_dict_handed_on_as_a_keyword_and_filled_by_the_callee(tmp_path: Path, value: str,
                                                                           expected: tuple) -> None:
    files = {"pkg/__init__.py": "", "pkg/session.py": SESSION.format(value=value), "pkg/saml.py": PLUGIN}
    default, preview = _both(tmp_path, files)
    assert (default, sorted(preview)) == expected


def test_a_filled_class_level_default_says_the_first_value_stays(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/session.py": SESSION.format(value="self.user_agent"), "pkg/saml.py": PLUGIN}
    found = run(tmp_path, files)
    assert [(d.location.path.rsplit("/", 1)[-1], d.location.line, d.message) for d in found] == [(
        "saml.py", 8,
        "`Saml2.authenticate` sets a default in `Saml2.HEADER_SOAP` (through Session.post -> Session.request) "
        "through `self`, but it is a class-level object that every instance shares: the first call's value stays "
        "there, and every later call, of any instance, gets it instead of its own; give each instance its own copy "
        "(`self.HEADER_SOAP = copy.copy(type(self).HEADER_SOAP)` in `__init__`)")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (7, "`Saml2.HEADER_SOAP` is mutated here (setdefault)"),
        (11, "calls `Session.request`"),
        (5, "second use: every instance, later ones included, reads this class-level object"),
    ]


COPIED_KEYWORD = """\
import copy

TEMPLATE = {{"spec": {{"mounts": []}}}}


def post(**kwargs):
    body = copy.copy(kwargs["body"])
    {change}
    return body


def create():
    return post(body=TEMPLATE)
"""


@pytest.mark.parametrize("change, expected", [
    # below the copy of the caller's own object: its nested list is the template's
    ('body["spec"]["mounts"].append("/dev/shm")', ["AL002"]),
    # the copy's own top level
    ('body["name"] = "x"', []),
])
def test_a_copy_of_a_keyword_argument_counts_from_the_callers_object(tmp_path: Path, change: str,
                                                                     expected: list) -> None:
    found = run(tmp_path, {"m.py": COPIED_KEYWORD.format(change=change)}, preview=True)
    assert [d.code for d in found] == expected


CLIENT = """\
class HTTPClient:
    USER_AGENT = "tacker"

    def __init__(self, token):
        self.token = token

    def request(self, url, method, body=None, headers=None, **kwargs):
        content_type = kwargs.pop("content_type", None) or "application/json"
        headers = headers or {{}}
        headers["X-Auth-Token"] = self.token
{fill}
        return url, method, body


class VnfPMClient:
    headers = {{"Version": "2.0.0"}}

    def __init__(self, token):
        self.http = HTTPClient(token)

    def create_pm_job(self, body):
        return self.http.request("/pm_jobs", "POST", body=body, headers=self.headers)

    def update_pm_job(self, body):
        return self.http.request("/pm_jobs/1", "PATCH", body=body, headers=self.headers,
                                 content_type="application/merge-patch+json")
"""


@pytest.mark.parametrize("fill, expected", [
    # the first request's type stays for every later request of any instance
    ('        if body:\n            headers.setdefault("Content-Type", content_type)',
     ([("AL003", 23, "HIGH")], [("AL003", 23, "HIGH")])),
    # only the token, set again on every request before it is sent: each request reads its own
    ("", ([], [("AL003", 22, "MEDIUM")])),
])
def test_the_change_that_makes_the_trouble_leads_a_class_level_finding(tmp_path: Path, fill: str,
                                                                      expected: tuple) -> None:
    assert _both(tmp_path, {"m.py": CLIENT.format(fill=fill)}) == expected


def test_the_harmless_changes_are_left_out_of_the_explanation(tmp_path: Path) -> None:
    source = CLIENT.format(fill='        if body:\n            headers.setdefault("Content-Type", content_type)')
    found = run(tmp_path, {"m.py": source})
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (12, "`VnfPMClient.headers` is mutated here (setdefault)"),
        (17, "second use: every instance, later ones included, reads this class-level object"),
    ]


CONFIG_LIST = """\
class ConfigList:
    _list = []

    def __init__(self, initlist=None, debug=0):
        self.debug = debug
        self._list = self.bootstrap(initlist)

    def bootstrap(self, initlist):
{bootstrap}

    def append(self, x):
        self._list.append(x)
"""


@pytest.mark.parametrize("bootstrap, expected", [
    # the constructor's own value for the attribute comes from a method run on ``self``: every
    # instance has its own list before ``append`` can run
    ("        return list(initlist)", []),
    # that method appends first: to the class-level list, before the instance has its own
    ("        for x in initlist:\n            self.append(x)\n        return list(initlist)", [("AL003", 14, "HIGH")]),
])
def test_an_attribute_set_from_a_method_run_on_self_in_the_constructor(tmp_path: Path, bootstrap: str,
                                                                      expected: list) -> None:
    # ciscoconfparse 1.9.52's ``ConfigList``: ``self._list = self.bootstrap_obj_init_ng(initlist)``
    # (the kind of blind set 49's A on ``CiscoRange``)
    assert _both(tmp_path, {"m.py": CONFIG_LIST.format(bootstrap=bootstrap)}) == (expected, expected)


@pytest.mark.parametrize("bootstrap, expected", [
    # it sets the instance's own list first, then calls on: ``append`` sees that one
    ("        self._list = list(initlist)\n        self.mark()\n        return self._list", []),
    # it calls on first: ``append`` runs on the class-level list
    ("        self.mark()\n        self._list = list(initlist)\n        return self._list", [("AL003", 14, "HIGH")]),
])
def test_a_method_the_constructor_runs_may_set_the_attribute_before_calling_on(
        tmp_path: Path, bootstrap: str, expected: list) -> None:
    # ciscoconfparse 1.9.52's ``bootstrap_obj_init_ng``: ``self._list = ...`` and then
    # ``self._macro_mark_children(...)``, which appends to its entries' children
    source = CONFIG_LIST.format(bootstrap=bootstrap) + "\n    def mark(self):\n        self.append(None)\n"
    assert _both(tmp_path, {"m.py": source}) == (expected, expected)


CONVERSION = """\
NQN = "target_nqn"
OLD_NQN = "nqn"
PORTALS = "portals"


class ConnProps:
    def __init__(self, conn_props: dict) -> None:
        if {test}:
            conn_props[NQN] = conn_props.pop(OLD_NQN)
            conn_props[PORTALS] = [(conn_props.pop("target_portal"), conn_props.pop("target_port"))]
        self.nqn = conn_props[NQN]
        self.portals = conn_props[PORTALS]
"""


@pytest.mark.parametrize("test, expected", [
    # the old format converted to the new one in place, under a test that the conversion makes
    # false: the caller's dict is converted once, and the new format is what the class reads
    ("NQN not in conn_props", []),
    ("PORTALS not in conn_props and NQN not in conn_props", []),
    # under a test that the old key is there: the caller's key renamed, and the others taken
    # out (sagemaker's partner-app signer moving the caller's ``Authorization`` header, a bug:
    # ``tests/test_session_kinds.py``)
    ("OLD_NQN in conn_props", [("AL007", 9, "HIGH")]),
    # under a test the conversion leaves true: the caller's keys go on every call
    ('conn_props.get("legacy")', [("AL007", 9, "HIGH")]),
])
def test_a_conversion_under_a_test_it_makes_false_runs_once(tmp_path: Path, test: str, expected: list) -> None:
    # os-brick 7.1.1's ``NVMeOFConnProps`` (a B of blind set 50)
    assert _both(tmp_path, {"m.py": CONVERSION.format(test=test)}) == (expected, expected)


DOCUMENTED_PLUGIN = '''\
class Mailer:  # another project class with a ``post``: the name alone does not tell which
    def post(self, url, **kwargs):
        return url, kwargs


class Saml2:
    HEADER_SOAP = {{"Content-Type": "application/vnd.paos+xml"}}

    def authenticate(self, session, url):
        """Send the assertion.

        {doc}
        """
        return session.post(url, headers=self.HEADER_SOAP)
'''


@pytest.mark.parametrize("doc, expected", [
    # reST, Google and numpy spellings of the parameter's type: its ``post`` is the session's
    (":param session: session object to send out HTTP requests.\n        :type session: pkg.session.Session",
     ["AL003"]),
    ("Args:\n            session (pkg.session.Session): the session.", ["AL003"]),
    ("Parameters\n        ----------\n        session : pkg.session.Session\n            the session.", ["AL003"]),
    # no type said: nothing tells what ``session.post`` runs
    (":param session: session object to send out HTTP requests.", []),
    # a phrase or a builtin is no class
    (":type session: dict", []),
])
def test_a_parameter_type_a_docstring_gives_resolves_its_calls(tmp_path: Path, doc: str, expected: list) -> None:
    # python-keystoneclient 6.0.0's SAML2 plugin (``:type session: keystoneclient.session.Session``)
    plugin = DOCUMENTED_PLUGIN.format(doc=doc)
    files = {"pkg/__init__.py": "", "pkg/session.py": SESSION.format(value="self.user_agent"), "pkg/saml.py": plugin}
    line = plugin.splitlines().index("        return session.post(url, headers=self.HEADER_SOAP)") + 1
    assert shown(run(tmp_path, files)) == [(code, line, "HIGH") for code in expected]


QUERY = """\
class Connector:
    def get_object(self, obj_type, return_fields=None):
        return self._build_query_params(obj_type, return_fields)

    @staticmethod
    def _build_query_params(obj_type, return_fields=None):
        query_params = {{"type": obj_type}}
        if return_fields:
            if {test}:
                return_fields.{remove}
                query_params["_return_fields+"] = ",".join(return_fields)
            else:
                query_params["_return_fields"] = ",".join(return_fields)
        return query_params


class Network:
    return_fields = ["default", "comment"]

    def __init__(self, connector):
        self.connector = connector

    def fetch(self):
        return self.connector.get_object("network", return_fields=self.return_fields)

    def refresh(self):
        self.fetch()
        return self.fetch()
"""


@pytest.mark.parametrize("test, remove, expected", [
    # a marker the caller put in, named by a literal: the next fetch asks without it
    ('"default" in return_fields', 'remove("default")', ([("AL007", 3, "HIGH")], [("AL007", 3, "HIGH")])),
    # the next element of a work list: what the list is for (preview)
    ("return_fields", "remove(return_fields[0])", ([], [("AL007", 3, "MEDIUM")])),
])
def test_a_literal_element_taken_out_of_a_callers_list_is_a_named_one(tmp_path: Path, test: str, remove: str,
                                                                     expected: tuple) -> None:
    # infoblox-client 0.6.2's ``_build_query_params`` (the preview D of blind set 51, reproduced)
    assert _both(tmp_path, {"m.py": QUERY.format(test=test, remove=remove)}) == expected


OPTIONS = '''\
class Manager:
    def __init__(self, api):
        self.api = api

    def list(self, search_opts=None, sort_key=None):
        """List the volumes.

        :param search_opts: search options to filter the volumes.
        :param sort_key: key to sort the volumes by.
        """
        if search_opts is None:
            search_opts = {made}
        if sort_key:
            search_opts["sort_key"] = sort_key
        return [v for v in self.api.get("/volumes", params=search_opts)]
'''


@pytest.mark.parametrize("made", ["{}", "dict()"])
def test_an_optional_mapping_the_function_makes_with_dict_is_its_fallback(tmp_path: Path, made: str) -> None:
    # python-digitalocean 1.17.0's ``get_all_droplets``: ``if params is None: params = dict()``,
    # then ``if tag_name: params["tag_name"] = tag_name`` (a miss of blind set 52): written on
    # some calls only, it stays in the caller's mapping for the next call without a tag
    assert _both(tmp_path, {"m.py": OPTIONS.format(made=made)}) == ([("AL007", 14, "HIGH")], [("AL007", 14, "HIGH")])
