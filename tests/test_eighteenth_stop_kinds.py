"""Kinds of issue 8's eighteenth stop, kept as tests with their twins (blind set 38: borgmatic
2.1.10, stacker 1.7.2, testcontainers 4.15.0, circus 0.19.0, hvac 2.4.0; set 39: fabric 3.2.3 and
four more; set 40: prowler 5.46.0 and four more).

- AL001: a literal written inside the literal of a loop's element, reached through that element
  alone, is another object on each round (borgmatic's ``for single_config in (config, *copies)``,
  where ``config`` may be ``{'repositories': []}``: an A). Reached through two elements (the
  literal and a shallow copy of it, or ``{"items": shared}`` twice), it is one object for both.
- A shallow copy's entry under a key the copy did not set itself is still the original's, also
  when the copy took entries of unknown keys (``out = dict(config); out.update(repository)``).
- AL001: an argument that is an element of a call's result iterated by the loop (``for keys,
  value in prepare(arguments)``) varies with the loop, though it resolves to the one tuple the
  callee builds: a removal keyed by it takes out another entry each round (borgmatic's
  ``set_values``, a B).
- AL007: a part of a parameter handed on by a function no call in the tree reaches is no object
  "the caller keeps": nothing says anyone holds it (circus's ``console_msg(msg)`` handing
  ``msg["info"]`` to ``_to_str``, called through a table of commands: C's). A public entry point
  may still show it, with that reason.
- the same for an item of ``**kwargs`` that every call in the tree giving that keyword makes for
  the call, followed through callers forwarding their own ``**kwargs`` (hvac's ``Adapter.post``
  forwarding ``headers`` to ``request``: a C).
- AL001: an entry rebuilt from what it held and more grows on each round that rebuilds it
  (fabric 3.2.3's ``Group`` building every ``Connection`` from one ``connect_kwargs``, whose
  ``key_filename`` list each merges with the configuration's: blind set 39's bug, missed before).
- AL003: the shallow copy its message suggests fits the changed part: ``dict(...)`` for a mapping
  (prowler 5.46.0's error tables, blind set 40), ``list(...)`` for a list.
- AL003: a class-level pool (one method pops an object and uses it, another puts back what the
  taking method handed out) is intended: preview (mitogen 0.3.54's socketpair pool, blind set 40,
  a B). A class-level list filled with what callers push stays a finding.
- AL002: an entry under a key the copied ``self.<attr>`` never holds is not the original's
  (hvac 2.4.0's ``self._kwargs.copy()`` taking the call's ``params``, blind set 38, an A).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

APPLY = """\
import copy
import json


def read(name):
    with open(name) as f:
        return json.load(f)


def merged(repository, config):
    out = {copy_call}
    out.update(repository)
    return out


def apply(config):
    config["items"].append("--verbose")


def run(name, extra):
    config = read(name) if name else {{"items": []}}
    for single in (config, *(merged(r, config) for r in extra)):
        apply(single)
"""


@pytest.mark.parametrize("copy_call, found", [
    ("copy.deepcopy(config)", []),  # each round's list is its own
    ("dict(config)", [("AL001", 23, "HIGH")]),  # the copies share the first element's list
])
def test_a_literal_inside_one_element_of_the_loop_is_another_object_each_round(
        tmp_path: Path, copy_call: str, found: list) -> None:
    assert shown(run(tmp_path, {"pkg/main.py": APPLY.format(copy_call=copy_call)})) == found


def test_one_list_inside_two_elements_is_the_same_object_each_round(tmp_path: Path) -> None:
    source = """\
def apply(config):
    config["items"].append("--verbose")


def run(extra):
    shared = []
    for single in ({"items": shared}, {"items": shared}):
        apply(single)
"""
    assert shown(run(tmp_path, {"pkg/main.py": source})) == [("AL001", 8, "HIGH")]


def test_a_list_inside_a_literal_made_on_each_round_from_a_shared_one_is_shared(tmp_path: Path) -> None:
    source = """\
def apply(config):
    config["items"].append("--verbose")


def run(n):
    shared = []
    for _ in range(n):
        single = {"items": shared}
        apply(single)
"""
    assert shown(run(tmp_path, {"pkg/main.py": source})) == [("AL001", 9, "HIGH")]


SET_VALUES = """\
def set_values(config, keys, value):
    if len(keys) == 1:
        if value is None:
            config.pop(keys[0], None)
        else:
            config[keys[0]] = value
        return
    if config.get(keys[0]) is None:
        config[keys[0]] = {{}}
    set_values(config[keys[0]], keys[1:], value)


def prepare(arguments):
    out = []
    for name, value in arguments.items():
        out.append((tuple(name.split(".")), value))
    return tuple(out)


def apply(config, arguments):
{loop}
"""


@pytest.mark.parametrize("loop, found", [
    # each round's keys come from another element of what ``prepare`` returns
    ("    for keys, value in prepare(arguments):\n        set_values(config, keys, value)", []),
    # the same keys every round: the pop is made only on some paths, so it is still shown
    ("    for _ in range(arguments):\n        set_values(config, ('retention', 'keep'), None)",
     [("AL001", 22, "HIGH")]),
])
def test_a_removal_keyed_by_an_element_of_a_call_result_takes_another_entry_each_round(
        tmp_path: Path, loop: str, found: list) -> None:
    assert shown(run(tmp_path, {"pkg/main.py": SET_VALUES.format(loop=loop)})) == found


STATS = """\
class Stats:
    def _to_str(self, info):
        children = info.pop("children", [])
        return str(children)

    def console_msg(self, msg):
        return self._to_str(msg["info"])
"""


def test_a_part_handed_on_by_a_function_no_call_reaches_is_no_kept_object(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/stats.py": STATS})
    assert shown(found) == [("AL007", 7, "HIGH")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (3, "`msg[\"info\"]` is changed here (pop)"),
        (6, "public entry point: `msg` comes from the caller, and this removes what the caller put in it"),
    ]


def test_a_part_handed_on_by_a_function_called_again_with_it_is_kept(tmp_path: Path) -> None:
    source = STATS + """\


def show(msg):
    stats = Stats()
    first = stats.console_msg(msg)
    return first + stats.console_msg(msg)
"""
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/stats.py": source})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 3)]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (7, "second use: this caller passes an object it keeps; its next call of `Stats._to_str` starts from the "
            "changed object")]


ADAPTER = """\
class Adapter:
    def request(self, method, url, headers=None, **kwargs):
        headers.pop("X-Wrap", None)
        return (method, url, headers, kwargs)

    def post(self, url, **kwargs):
        return self.request("post", url, **kwargs)

    def login(self, url, **kwargs):
        return self.post(url, **kwargs)


def wrap(adapter: Adapter, token):
    return Adapter().login("/wrap", headers={{"X-Wrap": token}})


def twice(headers):
    adapter = Adapter()
    {second}
"""


@pytest.mark.parametrize("second, verdict", [
    ("return adapter.post('/a', json=1)", "fresh"),  # not given: nothing of this caller's
    ("adapter.post('/a', headers=headers)\n    adapter.post('/b', headers=headers)", "kept"),
])
def test_an_item_of_kwargs_every_caller_makes_for_the_call_is_no_kept_object(
        tmp_path: Path, second: str, verdict: str) -> None:
    from aliaslint import engine, harm
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "main.py").write_text(ADAPTER.format(second=second), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    post = project.functions["pkg.main.Adapter.post"]
    (call,) = post.calls
    (target,) = [t for t in project.targets(post, call) if t.function == "pkg.main.Adapter.request"]
    given = project.arg_for(call, target, 3)  # ``headers``: ``kwargs["headers"]`` of ``post``
    assert harm.sharing(project, post, call, given) == verdict


# fabric 3.2.3's ``Connection.resolve_connect_kwargs`` and ``Group`` (blind set 39, a bug it
# missed at every tier): the entry rebuilt from what it held and the configuration's keys
CONNECTION = """\
class Connection:
    def __init__(self, host, config_keys=(), connect_kwargs=None):
        self.host = host
        self.connect_kwargs = self.resolve(connect_kwargs, config_keys)

    def resolve(self, connect_kwargs, config_keys):
        kwargs = connect_kwargs or {{}}
        keys = []
        for value in (config_keys, kwargs.get("key_filename", [])):
            keys.extend(value)
        if keys:
            kwargs["key_filename"] = {rebuilt}
        return kwargs


def group(hosts, **kwargs):
    return [Connection(host, **kwargs) for host in hosts]
"""


@pytest.mark.parametrize("rebuilt, found", [
    ("keys", [("AL001", 17, "HIGH")]),  # what it held and more: the more again each round
    ("sorted(keys)", [("AL001", 17, "HIGH")]),  # the same list, sorted
    ("sorted(kwargs.get('key_filename', []))", []),  # what it held alone: a normalisation
    # other values alone: the same again each round (what stays is AL007's public constructor
    # setting a key of the caller's dict on some calls only)
    ("list(config_keys)", [("AL007", 4, "HIGH")]),
])
def test_an_entry_rebuilt_from_what_it_held_and_more_grows_each_round(
        tmp_path: Path, rebuilt: str, found: list) -> None:
    got = run(tmp_path, {"pkg/__init__.py": "", "pkg/connection.py": CONNECTION.format(rebuilt=rebuilt)})
    assert shown(got) == found
    if found and found[0][0] == "AL001":
        assert got[0].message == (
            "`Connection(...)` gets the same object on every iteration of the loop, and Connection.__init__ -> "
            "Connection.resolve writes an item of `kwargs[\"connect_kwargs\"]`, rebuilding "
            "`kwargs[\"connect_kwargs\"][\"key_filename\"]` from what it holds and more, so the object the second "
            "iteration gets already holds the first one's additions there and gets them again; pass a deep copy "
            "(`copy.deepcopy(kwargs[\"connect_kwargs\"])`), or copy inside the callee")


def test_the_documented_rebuilt_entry_is_found(tmp_path: Path) -> None:
    # AL001's documentation: ``keys = list(config_keys); keys.extend(d.get("keys", [])); d["keys"] = keys``
    source = """\
def resolve(d, config_keys):
    keys = list(config_keys)
    keys.extend(d.get("keys", []))
    d["keys"] = keys


def run(hosts, d, config_keys):
    for h in hosts:
        resolve(d["spec"], config_keys)
"""
    assert shown(run(tmp_path, {"pkg/__init__.py": "", "pkg/m.py": source})) == [("AL001", 9, "HIGH")]


# prowler 5.46.0's ``ScanBaseException``: a class-level table of dicts whose item's ``"message"``
# each constructor given a message writes (blind set 40); the copy suggested is a mapping's
ERRORS = """\
class ScanError(Exception):
    ERRORS = {{
        (5000, "ScanError"): {{"message": "Invalid severity level provided."}},
    }}

    def __init__(self, code, message=None):
        info = self.ERRORS.get((code, self.__class__.__name__))
        if message:
            {change}
        super().__init__(info)
"""


@pytest.mark.parametrize("change, copy", [
    ('info["message"] = message', "dict(...)"),
    ('info.update(message=message)', "dict(...)"),
    ('info["history"].append(message)', "list(...)"),
])
def test_the_shallow_copy_suggested_for_a_class_level_part_fits_its_kind(
        tmp_path: Path, change: str, copy: str) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/errors.py": ERRORS.format(change=change)}, preview=True)
    assert [d.code for d in found] == ["AL003"]
    assert found[0].message.endswith(f"copy the part that is changed before changing it (`{copy}`, "
                                     f"`copy.deepcopy(...)`), or, if it is meant to be each instance's own state, "
                                     f"make it in `__init__` (`self.ERRORS = copy.deepcopy(type(self).ERRORS)`)")


# mitogen 0.3.54's ``Latch._cls_idle_socketpairs`` (blind set 40, a B): a class-level pool of
# reusable objects, taken out by one method and put back by another
POOL = """\
class Latch:
    _idle = []

    def _take(self):
        try:
            return self._idle.pop()
        except IndexError:
            return (object(), object())

    def _sleep(self, timeout, a, b):
        self._idle.append((a, b))

    def get(self, timeout):
        a, b = self._take()
        self._sleep(timeout, a, b)
{more}"""


@pytest.mark.parametrize("more, found", [
    ("", [("AL003", 11, "MEDIUM")]),  # what it puts back is what it took out: a pool
    # something put back that a caller gave: no longer only the class's own objects
    ("\n    def give(self, a, b):\n        self._sleep(0, a, b)\n", [("AL003", 11, "HIGH")]),
])
def test_a_class_level_pool_of_the_class_own_objects_is_intended(tmp_path: Path, more: str, found: list) -> None:
    got = run(tmp_path, {"pkg/__init__.py": "", "pkg/latch.py": POOL.format(more=more)}, preview=True)
    assert shown(got) == found
    if found[0][2] == "MEDIUM":
        assert "a pool of reusable ones, shared by every instance on purpose" in got[0].message


def test_a_class_level_stack_of_what_callers_push_stays_a_finding(tmp_path: Path) -> None:
    source = """\
class Stack:
    items = []

    def push(self, x):
        self.items.append(x)

    def pop(self):
        return self.items.pop()
"""
    assert shown(run(tmp_path, {"pkg/__init__.py": "", "pkg/stack.py": source})) == [("AL003", 5, "HIGH")]


# hvac 2.4.0's ``Adapter.request`` (blind set 38, an A): a copy of ``self._kwargs`` takes the
# call's ``**kwargs`` too; the ``params`` entry changed is never ``self._kwargs``'s
KWARGS = """\
class Adapter:
    def __init__(self, cert=None, timeout=30):
        self._kwargs = {{"cert": cert, "timeout": timeout{extra}}}

    def request(self, url, **kwargs):
        _kwargs = self._kwargs.copy()
        _kwargs.update(kwargs)
        params = _kwargs.get("params", {{}})
        params.update({{"list": "true"}})
        _kwargs["params"] = params
        return url, _kwargs
{more}"""


@pytest.mark.parametrize("extra, more, found", [
    ("", "", []),  # never the original's
    (', "params": {}', "", [("AL002", 6, "HIGH")]),  # the original holds a params dict
    ("", '\n    def configure(self, params):\n        self._kwargs["params"] = params\n', [("AL002", 6, "HIGH")]),
])
def test_a_copy_changing_an_entry_the_original_never_holds_changes_no_original(
        tmp_path: Path, extra: str, more: str, found: list) -> None:
    source = KWARGS.format(extra=extra, more=more)
    got = run(tmp_path, {"pkg/__init__.py": "", "pkg/adapter.py": source}, preview=True)
    assert [x for x in shown(got) if x[0] == "AL002"] == found
