"""Kinds of issue 8's twenty-sixth stop, kept as tests with their twins.

- AL006: a change of a kept object made only on instances built with a switch on (``if
  self._gzip: self._headers.update(...)``, the switch being a ``gzip=False`` parameter the
  constructor kept) goes wrong even when it only sets a constant: another instance built from the
  same object without the switch starts from it (influxdb 5.3.2's ``InfluxDBClient.request``,
  a preview bug the blind reader of set 65 reproduced: the second client marks its plain bodies
  gzip). The same constant set on every instance is harmless repeated: preview.
- Phase 2: an argument annotated as a project class whose instances have no items (no
  ``__getitem__``, ``__iter__`` or ``__setitem__``, no outside base) has no item to change; a
  change placed below one was guessed from a method named like a container's (cartography
  0.143.0's ``api_session.get(url)`` on its own HTTP client class: two A's of blind set 64,
  preview).
- Phase 1: a ``del xs[i]`` of the element an enclosing test found in a collection the function
  made (``if name in seen: del xs[i] else: seen.append(name)``) de-duplicates in place; repeated,
  it finds nothing more to take out (acitoolkit 0.4's ``_delete_redundant_policy``, called for
  each policy type on one working dict: a B of blind set 65).
- Phase 1: a field a loop's element gets on one round (``for group in groups: group["ids"] =
  []``) holds the new object for the rest of that round: ``group["ids"].append(i)`` fills the
  function's own list, not the caller's. The change to the caller's element is the reset, and a
  second call resets and fills it alike (cartography 0.143.0's gsuite ``transform_groups``, whose
  preview finding said a second call adds a second copy).
- AL007: ``update`` sets named keys as ``d[k] = v`` does: ``if v: d.update({"versionId": v})``
  and ``d.update({"versionId": v} if v else {})`` set them on some calls only; ``d.update(other
  or {})`` merges another argument's entries into a mapping the function treats as its own
  (``d = param or {}``). minio 7.2.20's ``stat_object`` and ``get_presigned_url``: misses of blind
  set 66 that the reader reproduced.
- AL007: a change is reported in the function that makes it before one that reaches it through a
  call: the fix there covers every caller (minio's public ``get_object``, whose finding was
  anchored at the public ``fget_object`` calling it).
- AL009: a default used as a stack, each call taking back off its end what it appends
  (elastalert2 2.31.0's ``unwrap_term_buckets(..., qk=[])``: a B of blind set 66), is left as it
  was unless an exception escapes between the two: preview, saying so.
- AL001: a loop whose body is an attempt (a ``try`` that leaves the loop at its end) goes round
  again only after a failure: the message names the retry (gitlabform 6.3.1's
  ``_process_configuration_with_retries``, a D of blind set 66 found once 48 overrides of one hook
  are followed).
- Phase 1: ``d.update({"Shutdown": behaviour})`` (or ``d.update(Shutdown=behaviour)``) on a dict
  made here puts each value under its own key; ``d["Placement"].update(...)`` afterwards changes
  the dict made for ``Placement``, not the string parameter (Flintrock 2.1.0's launch specs: an A
  of blind set 67).
- AL001's message names an argument given by keyword to a ``**kwargs`` parameter by its text
  (``ancestry=ancestry`` -> `ancestry`), in both tiers alike (yamlpath 3.9.1's
  ``_get_optional_nodes``, shown as ``(the object passed)["ancestry"]`` by default in blind set
  67); a parameter filled from the caller's ``**kwargs`` is that mapping's item.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run
from test_twenty_fourth_stop_kinds import _both, _messages


_CLIENT = '''\
class Client:
    """A client.

    :param gzip: compress request bodies
    :param headers: headers to add to every request
    """

    def __init__(self, host, gzip=False, headers=None):
        self._host = host
        self._gzip = {switch}
        if headers is None:
            headers = {{}}
        self._headers = {kept}

    def request(self, url, data=None, headers=None):
        if headers is None:
            headers = self._headers
{write}
        return (self._host, url, data, headers)
'''
_SWITCHED = '''\
        if self._gzip:
            headers.update({"Content-Encoding": "gzip"})'''


def test_a_constant_written_on_instances_built_with_a_switch_on_is_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/client.py": _CLIENT.format(switch="gzip", kept="headers", write=_SWITCHED)}
    assert _both(tmp_path, files) == ([("AL006", 19, "HIGH")], [("AL006", 19, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`Client.request` updates `self._headers`, but `__init__` keeps the caller's `headers` there by "
        "reference: only an instance built with `gzip` true makes this change, and another Client built from "
        "the same object without it starts from it; copy it in `__init__`"]
    found = run(tmp_path / "r", files)
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (13, "kept by reference here"),
        (8, "public entry point: `headers` comes from the caller, and only an instance built with `gzip` true "
            "makes this change: another built from the same object without it starts from it")]


def test_the_same_constant_written_on_every_instance_stays_in_preview(tmp_path: Path) -> None:
    """The twin: every instance writes the same, so a second one finds what it would write."""
    files = {"pkg/__init__.py": "", "pkg/client.py": _CLIENT.format(
        switch="gzip", kept="headers", write='        headers.update({"Content-Encoding": "gzip"})')}
    assert _both(tmp_path, files) == ([], [("AL006", 18, "MEDIUM")])


def test_an_attribute_the_instance_computes_is_no_callers_switch(tmp_path: Path) -> None:
    """The twin: ``self._gzip`` is worked out by the instance (from its host), not given by the
    caller as a switch; the write is no different from the unconditional one."""
    files = {"pkg/__init__.py": "", "pkg/client.py": _CLIENT.format(
        switch='host.startswith("https")', kept="headers", write=_SWITCHED)}
    assert _both(tmp_path, files) == ([], [("AL006", 19, "MEDIUM")])


def test_a_constructor_that_copies_the_object_is_silent(tmp_path: Path) -> None:
    """The twin: each instance keeps a copy of its own."""
    files = {"pkg/__init__.py": "", "pkg/client.py": _CLIENT.format(switch="gzip", kept="dict(headers)",
                                                                     write=_SWITCHED)}
    assert _both(tmp_path, files) == ([], [])


_SESSION = '''\
from typing import TypedDict


class Session:
    def __init__(self, host):
        self.host = host

    def get(self, uri):
        return {{"uri": self.host + uri}}
{extra}

class Options(TypedDict):
    kind: dict
'''
_SYNC = '''\
from pkg.session import Options, Session


def get_lists(api_session: {annotation}, kinds):
    out = []
    for kind in kinds:
        response = api_session.get(kind)
        response["kind"] = kind
        out.append(response)
    return out
'''


def test_a_method_of_an_annotated_project_class_without_items_changes_none_of_its_items(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/session.py": _SESSION.format(extra=""),
             "pkg/sync.py": _SYNC.format(annotation="Session")}
    assert _both(tmp_path, files) == ([], [])


def test_a_typed_dict_or_a_class_with_items_keeps_the_lookup(tmp_path: Path) -> None:
    """The twins: a ``TypedDict`` is a mapping (its base is from outside), and a class with a
    ``__getitem__`` has items; the change of a looked-up entry stays a change of the argument."""
    expected = ([], [("AL007", 8, "MEDIUM")])
    typed = {"pkg/__init__.py": "", "pkg/session.py": _SESSION.format(extra=""),
             "pkg/sync.py": _SYNC.format(annotation="Options")}
    assert _both(tmp_path / "typed", typed) == expected
    items = {"pkg/__init__.py": "", "pkg/session.py": _SESSION.format(
        extra="\n    def __getitem__(self, key):\n        return self.get(key)\n"),
        "pkg/sync.py": _SYNC.format(annotation="Session")}
    assert _both(tmp_path / "items", items) == expected
    assert _messages(tmp_path / "m", typed, preview=True) == [
        "`get_lists` writes an item of `api_session[*]`, the caller's `api_session`, while building its result "
        "from it; a caller that uses `api_session` again gets the changed value; copy it first (`api_session = "
        "copy.deepcopy(api_session)` at the top of `get_lists`)"]


_INFRA = '''\
def _delete_redundant(infra, policy_type):
    policies = []
    for idx, child in enumerate(infra["children"]):
        if policy_type in child:
            name = child[policy_type]["name"]
            if name in {seen}:
                del infra["children"][idx]
            else:
                policies.append(name)
    return infra


def combine(infra, other):
    infra["children"].extend(other["children"])
    for item in infra["children"]:
        for key in item:
            _delete_redundant(infra, key)
    return infra
'''


def test_a_removal_of_what_the_function_saw_before_is_a_repeat_safe_deduplication(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/infra.py": _INFRA.format(seen="policies")}
    assert _both(tmp_path, files) == ([], [])


def test_a_removal_of_what_the_callers_object_lists_is_still_a_loss(tmp_path: Path) -> None:
    """The twin: the names tested come from the argument itself, not from what this call saw."""
    files = {"pkg/__init__.py": "", "pkg/infra.py": _INFRA.format(seen='infra["drop"]')}
    assert _both(tmp_path, files) == ([("AL001", 17, "HIGH")], [("AL001", 17, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`_delete_redundant(...)` gets the same object on every iteration of the loop, and _delete_redundant "
        "deletes from `infra[\"children\"]`, so from the second iteration on, what the first one removed is "
        "gone; pass a deep copy (`copy.deepcopy(infra)`), or copy inside the callee"]


_RESET = '''\
def transform_groups(groups, memberships):
    """Count each group's members.

    :param groups: raw groups from the API
    """
    out = []
    for group in groups:
{reset}
        for member in memberships.get(group["id"], []):
            group["member_ids"].append(member["id"])
        out.append({{"id": group["id"], "members": len(group["member_ids"])}})
    return out
'''


def test_a_field_reset_on_each_round_is_filled_anew(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/groups.py": _RESET.format(reset='        group["member_ids"] = []')}
    assert _both(tmp_path, files) == ([], [("AL007", 8, "MEDIUM")])
    assert _messages(tmp_path / "m", files, preview=True) == [
        "`transform_groups` writes an item of `groups[*]`, the caller's `groups`, while building its result from "
        "it; a caller that uses `groups` again gets the changed value; copy it first (`groups = "
        "copy.deepcopy(groups)` at the top of `transform_groups`)"]


def test_a_field_reset_on_one_round_is_not_the_next_elements(tmp_path: Path) -> None:
    """The twin: only the first element's list is reset (a ``break``-free latch would be
    another spelling); the next round's element keeps the caller's list, which the append
    extends again on a second call."""
    files = {"pkg/__init__.py": "", "pkg/groups.py": _RESET.format(
        reset='        if group is groups[0]:\n            group["member_ids"] = []')}
    assert _both(tmp_path, files)[0] == [("AL007", 11, "HIGH")]


_MINIO = '''\
class Client:
    def _execute(self, method, query_params=None):
        return (method, query_params)

    def stat_object(self, name, version_id=None, response_headers=None, extra_query_params=None):
        """Stat an object.

        :param extra_query_params: extra query parameters
        """
        query_params = extra_query_params or {{}}
{body}
        return self._execute("HEAD", query_params=query_params)

    def fget_object(self, name, version_id=None, extra_query_params=None):
        """Download an object.

        :param extra_query_params: extra query parameters
        """
        return self.stat_object(name, version_id=version_id, extra_query_params=extra_query_params)
'''


def test_named_keys_set_by_update_on_some_calls_are_shown_where_they_are_set(tmp_path: Path) -> None:
    for i, body in enumerate(['        if version_id:\n            query_params.update({"versionId": version_id})',
                              '        query_params.update({"versionId": version_id} if version_id else {})']):
        files = {"pkg/__init__.py": "", "pkg/api.py": _MINIO.format(body=body)}
        line = 11 + (i == 0)
        assert _both(tmp_path / str(i), files) == ([("AL007", line, "HIGH")], [("AL007", line, "HIGH")])
        assert _messages(tmp_path / f"m{i}", files) == [
            "`Client.stat_object` updates `extra_query_params`, the caller's `extra_query_params`, on some calls "
            "only; a caller that passes `extra_query_params` again, to a call that does not set those keys, passes "
            "this call's value on; copy it first (`extra_query_params = copy.copy(extra_query_params)` at the top "
            "of `Client.stat_object`)"]


def test_another_arguments_entries_merged_in_are_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/api.py": _MINIO.format(
        body="        query_params.update(response_headers or {})")}
    assert _both(tmp_path, files) == ([("AL007", 11, "HIGH")], [("AL007", 11, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`Client.stat_object` updates `extra_query_params`, the caller's `extra_query_params`; it merges "
        "`response_headers` into it, and a caller that passes `extra_query_params` again, with other "
        "`response_headers`, passes this call's entries on; copy it first (`extra_query_params = "
        "copy.copy(extra_query_params)` at the top of `Client.stat_object`)"]


def test_the_same_keys_set_on_every_call_or_into_an_own_dict_are_silent(tmp_path: Path) -> None:
    """The twins: a constant written on every call is the same again; a dict of the function's
    own (``dict(extra_query_params or {})``) is nobody else's."""
    every = {"pkg/__init__.py": "", "pkg/api.py": _MINIO.format(
        body='        query_params.update({"versionId": "latest"})')}
    assert _both(tmp_path / "every", every)[0] == []
    local = {"pkg/__init__.py": "", "pkg/api.py": _MINIO.format(
        body='        params = {"briefRepresentation": version_id}\n        query_params.update(params)')}
    # (a dict made here with its keys written out merges those keys, not the argument's values:
    # python-keycloak 5.1.1's ``get_user_groups``, which the merge kind first misread)
    assert _both(tmp_path / "local", local)[0] == []
    own = {"pkg/__init__.py": "", "pkg/api.py": _MINIO.format(
        body="        query_params = dict(query_params)\n        query_params.update(response_headers or {})")}
    assert _both(tmp_path / "own", own) == ([], [])


_STACK = '''\
def unwrap(buckets, qk=[]):
    out = []
    for b in buckets:
        qk.append(b["key"])
        if b.get("inner"):
            out += unwrap(b["inner"], qk)
            del qk[-1]
            continue
        out.append(",".join(qk))
{pop}
    return out
'''


def test_a_default_used_as_a_balanced_stack_is_preview(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/buckets.py": _STACK.format(pop="        del qk[-1]")}
    # (the recursive call's removal from its caller's stack is a preview AL007 of its own)
    assert _both(tmp_path, files) == ([], [("AL009", 1, "MEDIUM"), ("AL007", 7, "MEDIUM")])
    assert [d.message for d in run(tmp_path / "m", files, preview=True) if d.code == "AL009"] == [
        "`unwrap` appends to `qk`, but `qk=[]` is made once, when the function is defined: every call takes off "
        "its end what it appends, so the next call that leaves out `qk` gets it back as it was, unless an "
        "exception escapes between the two; default to `None` and make a new one in the body"]


def test_a_default_appended_to_and_not_taken_back_is_shown(tmp_path: Path) -> None:
    """The twin: the leaf's key stays in the default for the next call."""
    files = {"pkg/__init__.py": "", "pkg/buckets.py": _STACK.format(pop="")}
    assert _both(tmp_path, files) == ([("AL009", 1, "HIGH")], [("AL009", 1, "HIGH"), ("AL007", 7, "MEDIUM")])


_RETRY = '''\
class Processor:
    def process(self, configuration):
        retry = 1
        while True:
            try:
                self._process_configuration(configuration)
{leave}
            except ConnectionError:
                retry += 1
                if retry > 3:
                    raise


class Badges(Processor):
    def _process_configuration(self, configuration):
        enforce = configuration["badges"].pop("enforce", False)
        return enforce
'''


def test_a_retried_call_is_named_a_retry(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/proc.py": _RETRY.format(leave="                return")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL001", 6, "HIGH")]
    assert found[0].message == (
        "`self._process_configuration(...)` gets the same object on every attempt of the retry loop, and "
        "Badges._process_configuration pops from `configuration[\"badges\"]`, so a retry finds what the failed "
        "attempt removed gone; pass a deep copy (`copy.deepcopy(configuration)`), or copy inside the callee")
    assert [(r.location.line, r.message) for r in found[0].related][-1] == (
        4, "second use: a retry after a failure passes the same object again")


def test_a_loop_that_goes_round_after_success_is_no_retry(tmp_path: Path) -> None:
    """The twin: the ``try`` does not leave the loop; every round calls again."""
    files = {"pkg/__init__.py": "", "pkg/proc.py": _RETRY.format(leave="                retry = 0")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line) for d in found] == [("AL001", 6)]
    assert found[0].message == (
        "`self._process_configuration(...)` gets the same object on every iteration of the loop, and "
        "Badges._process_configuration pops from `configuration[\"badges\"]`, so from the second iteration on, "
        "what the first one removed is gone; pass a deep copy (`copy.deepcopy(configuration)`), or copy inside "
        "the callee")


_LAUNCH = '''\
def launch(ec2, zone, behaviour, group, spot_price=None):
    """Launch.

    :param behaviour: what the instance does on shutdown
    """
    specs = {{"Placement": {{"Zone": zone}}, "Group": group}}
    if spot_price:
        specs.update({{"Market": {{"Price": str(spot_price)}}}})
    else:
        {update}
        specs["Placement"].update({{"GroupName": "g"}})
    return ec2.create(**specs)
'''


def test_a_key_written_out_in_an_update_holds_its_own_value(tmp_path: Path) -> None:
    for i, update in enumerate(['specs.update({"Shutdown": behaviour})', "specs.update(Shutdown=behaviour)"]):
        files = {"pkg/__init__.py": "", "pkg/ec2.py": _LAUNCH.format(update=update)}
        assert _both(tmp_path / str(i), files) == ([], [])


def test_a_key_not_written_out_still_may_hold_any_value(tmp_path: Path) -> None:
    """The twin: ``group``'s entries merged in may be under ``Placement``: the nested update
    changes the caller's object."""
    files = {"pkg/__init__.py": "", "pkg/ec2.py": _LAUNCH.format(update="specs.update(group)")}
    assert _both(tmp_path, files) == ([("AL007", 11, "HIGH")], [("AL007", 11, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        "`launch` updates `group[\"Placement\"]`, the caller's `group`, while building its result from it; a "
        "caller that uses `group` again gets the changed value; copy it first (`group = copy.deepcopy(group)` at "
        "the top of `launch`)"]



_CLIMB = '''\
def climb(data, {params}):
    {take}
    return ancestry.pop()


def walk(nodes, ancestry, **kwargs):
    out = []
    for node in nodes:
        out.append(climb(node, {passes}))
    return out
'''


def test_a_keyword_given_to_a_kwargs_parameter_is_named_by_its_text(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/walk.py": _CLIMB.format(
        params="**kwargs", take='ancestry = kwargs["ancestry"]', passes="ancestry=ancestry")}
    for sub, preview in (("d", False), ("p", True)):
        found = run(tmp_path / sub, files, preview=preview)
        assert [(d.code, d.location.line) for d in found] == [("AL001", 9)]
        assert found[0].message == (
            "`climb(...)` gets the same object on every iteration of the loop, and climb pops from `ancestry`, so "
            "from the second iteration on, what the first one removed is gone; pass a deep copy "
            "(`copy.deepcopy(ancestry)`), or copy inside the callee")


def test_a_parameter_filled_from_a_mapping_is_named_by_its_item(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/walk.py": _CLIMB.format(
        params="ancestry", take="pass", passes="**kwargs")}
    found = run(tmp_path, files)
    assert [(d.code, d.location.line) for d in found] == [("AL001", 9)]
    assert found[0].message == (
        "`climb(...)` gets the same object on every iteration of the loop, and climb pops from "
        "`kwargs[\"ancestry\"]`, so from the second iteration on, what the first one removed is gone; pass a "
        "deep copy (`copy.deepcopy(kwargs[\"ancestry\"])`), or copy inside the callee")
