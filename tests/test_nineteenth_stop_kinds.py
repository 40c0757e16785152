"""Kinds of issue 8's nineteenth stop, kept as tests with their twins (blind set 41: errbot
6.2.1, opsdroid 0.31.0, kazoo 2.11.0, dns-lexicon 3.25.2, scrapli 2026.10.14; blind set 42:
charmhelpers 1.2.1, platformio 6.2.0, python-jenkins 1.8.3, proxmoxer 2.3.0, jenkinsapi 0.3.23;
blind sets 43 and 44: hcloud 2.27.0, python-ironicclient 6.3.0 and eight more).

- AL006: a back-reference to the owner is intended: every construction in the tree passes the
  constructing object itself (kazoo's ``TreeNode(tree, path, self)``, whose ``on_deleted`` takes
  the node out of its parent's children; opsdroid's ``Web(self)`` writing the app's statistics).
  Preview. A class built from one shared object stays a finding, and so does a part whose change
  duplicates (``tests/test_seventeenth_stop_kinds.py``: a parser built with ``Parser(self)``
  appending fragments to its session's list, never started over).
- AL006 / AL007: a change made by a helper the argument is handed down to, documented as its
  purpose ("get the id and inject it into the configuration", opsdroid's ``get_session_id``), is
  intended: preview. Without the docstring it stays a finding.
- AL007: an earlier call that "may keep" the object is judged by what it could keep of it: a
  validator collecting what other inputs give (``all(p.is_authorized(self.service, msg) for p
  in policies)``), or building an error it raises (``raise CallError(fmt % (name, type(obj)))``),
  keeps none of the caller's ``kwargs`` (mitogen 0.3.54's ``Invoker.invoke``: ``_validate``,
  then ``_invoke`` writing ``kwargs["msg"]``, a C of blind set 40 whose witness named the
  changing call itself as the second use). A validator returning the error it built with the
  object, or handing the object to the policies, stays a keeper.
- AL006: an attribute the constructor replaces, on every path, by a new object (kazoo's
  ``self.auth_data = set([...])`` after keeping the caller's ``auth_data``) keeps nothing of the
  caller's (an A of set 41, preview). Replaced only on some paths, it is still kept.
- AL003: a method the constructor calls after giving the instance its own attribute never sees
  the class attribute of that name (platformio 6.2.0's ``self.warnings = []`` before
  ``self._maintain_renamed_options()``: an A of blind set 42).
- AL007: a private method only the constructor calls runs once per instance: "its next call of
  ..." on the same object never comes (platformio's ``_configure_server``, a C of set 42).
- AL009: a default whose only changes are writes at named keys of its top level, on every path,
  by a function that hands nothing holding it back (python-jenkins 1.8.3's ``create_node(...,
  launcher_params={})`` setting ``launcher_params['stapler-class'] = launcher``): each call
  writes its own value before anything reads it (a B of set 42). Preview. Written on some paths,
  or handed back to the caller inside the result, it stays shown.
- AL003: a write, at a named key, into what a cached loader returned, of a value computed only
  from what the loader was called with (its cache key) writes the same value into that entry
  every time (charmhelpers 1.2.1's ``relations_for_id`` setting ``unit_data['__relid__'] =
  relid`` on ``relation_for_unit(unit, relid)``: a C and a B of set 42). A value from elsewhere
  stays shown. A cached call whose arguments a loop varies returns another entry each round (no
  AL004 "same object on every iteration"), and the copy suggested names the call with its
  arguments.
- AL003: a change of a cached loader's entry followed by a call that clears the cache (the
  caching decorator's store emptied by ``flush(key)``, or ``loader.cache_clear()``) is seen by
  no later call: preview, saying so (charmhelpers' ``relation_clear`` blanking the entries of
  ``relation_get(...)``, then ``relation_set`` flushing them: a C of set 42 whose message said
  every later call gets it back changed).
- AL007's witness: an item the caller took out with a default (``image = data.get("image",
  None)``) and replaced with the call's result (``data["image"] = BoundImage(client, image)``)
  is not kept by the caller; its "next call" is no second use (hcloud 2.27.0, blind set 43).
- Sharing: a call inside another call's arguments runs before it, though written after its start;
  a lookup (``r.get("nodes", [])``) on an object of no project class keeps nothing it is given.
  The default list made for each round's call is no object "shared in a loop"
  (python-ironicclient 6.3.0's ``create_resources``, blind set 44).
- Messages: an element moved within its list (``remove`` then ``append`` of the same value,
  errbot's command history) "moves an entry within" it; "reorders" read as a sort.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown


def _preview(tmp_path: Path, name: str, source: str) -> list[tuple]:
    """``(code, line, confidence)`` of each ``--preview`` finding on ``pkg/<name>`` holding ``source``."""
    return shown(run(tmp_path, {"pkg/__init__.py": "", f"pkg/{name}": source}, preview=True))

TREE = """\
{shared}class TreeNode:
    def __init__(self, tree, path, parent):
        self._tree = tree
        self._path = path
        self._parent = parent
        self._children = {{}}

    @classmethod
    def make_root(cls, tree, path):
        return cls(tree, path, None)

    def on_deleted(self):
        if self._parent is None:
            return
        child = self._path[len(self._parent._path) + 1:]
        if self._parent._children.get(child) is self:
            del self._parent._children[child]

    def on_children(self, children):
        for child in children:
            full_path = self._path + "/" + child
            if child not in self._children:
                node = TreeNode(self._tree, full_path, {parent})
                self._children[child] = node
"""


@pytest.mark.parametrize("shared, parent, line, default", [
    ("", "self", 17, []),  # each child is built with its parent: the reference is for this
    ("ROOT = TreeNode.make_root(None, '')\n\n\n", "ROOT", 20, [("AL006", 20, "HIGH")]),  # one node for all
])
def test_a_part_built_with_its_owner_changes_the_owner_by_design(
        tmp_path: Path, shared: str, parent: str, line: int, default: list) -> None:
    files = {"pkg/__init__.py": "", "pkg/cache.py": TREE.format(shared=shared, parent=parent)}
    assert shown(run(tmp_path / "default", files)) == default
    (finding,) = run(tmp_path / "preview", files, preview=True)
    assert (finding.code, finding.location.line) == ("AL006", line)
    assert finding.message.startswith("`TreeNode.on_deleted` deletes from `self._parent._children`, but `__init__` "
                                      "keeps the caller's `parent` there by reference")


WATSON = '''\
def get_session_id(service, config):
    """Get a session id from the service.{doc}
    """
    response = service.create_session(config["assistant"])
    config["session-id"] = response["session_id"]


def call_service(service, message, config):
    get_session_id(service, config)
    return service.message(config["assistant"], config["session-id"], message)


def parse(service, message, config):
    result = call_service(service, message, config)
    return [intent["name"] for intent in result["intents"]]


def get_parser_config(name, modules):
    for module in modules:
        if module["name"] == name:
            return module
    return None


class Core:
    def __init__(self, config):
        self.config = config

    def parse(self, service, message):
        found = []
        parser_config = get_parser_config("watson", self.config["parsers"])
        if parser_config:
            found += parse(service, message, parser_config)
        return found
'''

INJECT_DOC = """

    This helper makes it easier to get the id and inject it into
    the configuration."""


@pytest.mark.parametrize("doc, tier", [(INJECT_DOC, "MEDIUM"), ("", "HIGH")])
def test_a_change_documented_by_the_helper_that_makes_it_is_intended(tmp_path: Path, doc: str, tier: str) -> None:
    files = {"pkg/__init__.py": "", "pkg/watson.py": WATSON.format(doc=doc)}
    line = 5 + doc.count("\n")  # the write of ``config["session-id"]``
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL006", line, tier)]
    assert shown(run(tmp_path / "default", files)) == ([("AL006", line, "HIGH")] if tier == "HIGH" else [])


def test_the_docstring_wording_of_an_injecting_helper_is_read_as_intent() -> None:
    from aliaslint.harm import _UPDATES_ARGUMENT

    assert _UPDATES_ARGUMENT.search("get the id and inject it into\n    the configuration")
    assert _UPDATES_ARGUMENT.search("Injects the defaults into the given spec.")
    assert not _UPDATES_ARGUMENT.search("Inject dependencies.")  # no argument named as the target


HISTORY = """\
from collections import defaultdict, deque


class Backend:
    cmd_history = defaultdict(lambda: deque(maxlen=10))


class Bot(Backend):
    def process(self, username, cmd, args):
        history = self.cmd_history[username]
        if (cmd, args) in history:
            history.remove((cmd, args))
        history.append((cmd, args))
        return cmd
"""


def test_an_entry_moved_to_the_end_of_a_list_is_named_as_a_move(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/bot.py": HISTORY}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL003", 12)]
    assert found[0].message == (
        "`Bot.process` moves an entry within `Backend.cmd_history[*]` through `self`, but it is a class-level "
        "object that every instance shares: each call changes what all instances, later ones included, see; copy "
        "the part that is changed before changing it (`copy.copy(...)`, `copy.deepcopy(...)`), or, if it is meant "
        "to be each instance's own state, make it in `__init__` (`self.cmd_history = "
        "copy.deepcopy(type(self).cmd_history)`)")


# mitogen 0.3.54 service.py:262-305 (blind set 40)
SERVICE = """\
import threading


class CallError(Exception):
    pass


def validate_arg_spec(spec, args):
    for name in spec:
        try:
            obj = args[name]
        except KeyError:
            raise CallError('Required argument %r missing.' % (name,))
        if not isinstance(obj, spec[name]):
            {mismatch}


class Invoker:
    def __init__(self, service):
        self.service = service

    def _validate(self, method_name, kwargs, msg):
        method = getattr(self.service, method_name, None)
        if method is None:
            raise CallError('No such method: %r', method_name)
        policies = getattr(method, 'policies', None)
        if not all(p.is_authorized(self.service, {checked}) for p in policies):
            raise CallError('not authorized', method_name)
        validate_arg_spec(getattr(method, 'spec', {{}}), kwargs)

    def _invoke(self, method_name, kwargs, msg):
        method = getattr(self.service, method_name)
        if 'msg' in method.__code__.co_varnames:
            kwargs['msg'] = msg
        return method(**kwargs)

    def invoke(self, method_name, kwargs, msg):
        self._validate(method_name, kwargs, msg)
        response = self._invoke(method_name, kwargs, msg)
        if response is not None:
            msg.reply(response)


class SerializedInvoker(Invoker):
    def __init__(self, service):
        super().__init__(service)
        self._lock = threading.Lock()
        self._queue = []

    def _pop(self):
        with self._lock:
            try:
                return self._queue.pop(0)
            except IndexError:
                return None

    def _run(self):
        while True:
            tup = self._pop()
            if tup is None:
                return
            method_name, kwargs, msg = tup
            super().invoke(method_name, kwargs, msg)

    def invoke(self, method_name, kwargs, msg):
        with self._lock:
            self._queue.append((method_name, kwargs, msg))
        self._run()


def on_message(invoker, msg):
    method_name, kwargs = msg.unpickle()
    return invoker.invoke(method_name, kwargs, msg)
"""

RAISED = "raise CallError('Argument %r type incorrect, got %r' % (name, type(obj)))"


@pytest.mark.parametrize("mismatch, checked, default", [
    (RAISED, "msg", []),
    ("return CallError('Argument %r type incorrect', args)", "msg", [("AL007", 34, "HIGH")]),  # kept, handed back
    (RAISED, "kwargs", [("AL007", 34, "HIGH")]),  # the policies are handed the object
])
def test_a_validator_that_raises_or_collects_other_inputs_keeps_nothing(
        tmp_path: Path, mismatch: str, checked: str, default: list) -> None:
    files = {"pkg/__init__.py": "", "pkg/service.py": SERVICE.format(mismatch=mismatch, checked=checked)}
    assert shown(run(tmp_path / "default", files)) == default
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL007", 34, "HIGH" if default else "MEDIUM")]


# kazoo 2.11.0 client.py:234-361 (blind set 41, an A in the preview tier): ``__init__`` keeps the
# caller's ``auth_data``, then rebuilds it without its SASL entries, on every path
CLIENT = """\
class Client:
    def __init__(self, hosts, auth_data=None):
        self.hosts = hosts
        self.auth_data = auth_data if auth_data else set([])
        for scheme, auth in self.auth_data:
            if scheme == "sasl":
                self.sasl = auth
{rebuild}

    def add_auth(self, scheme, credential):
        self.auth_data.add((scheme, credential))
        return self


def connect(hosts, auth):
    return [Client(h, auth).add_auth("digest", "x") for h in hosts]
"""

REBUILD = 'self.auth_data = set([(scheme, auth) for scheme, auth in self.auth_data if scheme != "sasl"])'


@pytest.mark.parametrize("rebuild, found", [
    (f"        {REBUILD}", []),
    (f"        with open('/dev/null'):\n            {REBUILD}", []),  # a ``with`` block always runs
    (f"        if hosts:\n            {REBUILD}", [("AL006", 12, "MEDIUM")]),  # only on some paths
    (f"        if not hosts:\n            return\n        {REBUILD}", [("AL006", 13, "MEDIUM")]),  # a run may leave first
    (f"        self.auth_data = set(self.auth_data) or auth_data", [("AL006", 11, "MEDIUM")]),  # may be the caller's
])
def test_an_argument_the_constructor_replaces_on_every_path_is_not_kept(
        tmp_path: Path, rebuild: str, found: list) -> None:
    assert _preview(tmp_path, "client.py", CLIENT.format(rebuild=rebuild)) == found


# platformio 6.2.0 project/config.py:61-101 (blind set 42, an A): the class attribute is hidden
# by the instance's own list, set before the method that appends to it is called
PROJECT_CONFIG = """\
import os


class ProjectConfigBase:
    warnings = []

    @staticmethod
    def get_default_path():
        return os.path.join(os.getcwd(), "platformio.ini")

    def __init__(self, path=None):
        path = self.get_default_path() if path is None else path
        self.path = path
{body}

    def _maintain_renamed_options(self):
        for option in ("a", "b"):
            self.warnings.append("`%s` is deprecated" % option)
"""


@pytest.mark.parametrize("body, found", [
    ("        self.warnings = []\n        self._maintain_renamed_options()", []),
    # called before the instance has its own list: it appends to the class's
    ("        self._maintain_renamed_options()\n        self.warnings = []", [("AL003", 19, "HIGH")]),
])
def test_a_method_called_after_the_constructor_sets_its_own_attribute_never_sees_the_class_one(
        tmp_path: Path, body: str, found: list) -> None:
    assert _preview(tmp_path, "config.py", PROJECT_CONFIG.format(body=body)) == found


# platformio 6.2.0 debug/config/base.py:29-254 (blind set 42, a C): a private method only the
# constructor calls runs once per instance; its "next call" on the same object never comes
DEBUG_CONFIG = """\
import json
import os


class DebugConfig:
    def __init__(self, platform, board):
        self.platform = platform
        self.tool_settings = platform.board_config(board).get("debug", {{}})
        self.server = self._configure_server()

    def _configure_server(self):
        result = None
        if "server" in self.tool_settings:
            result = self.tool_settings["server"]
        return self.reveal_patterns(result) if result else None

    def reveal_patterns(self, source, recursive=True):
        patterns = {{"PROJECT_DIR": os.getcwd()}}

        def _replace(text):
            for key, value in patterns.items():
                text = text.replace("$%s" % key, value or "")
            return text

        if isinstance(source, str):
            source = _replace(source)
        elif isinstance(source, (list, dict)):
            items = enumerate(source) if isinstance(source, list) else source.items()
            for key, value in items:
                if isinstance(value, str):
                    source[key] = _replace(value)
                elif isinstance(value, (list, dict)) and recursive:
                    source[key] = self.reveal_patterns(value, patterns)
        data = json.dumps(source)
        if any(("$" + key) in data for key in patterns):
            source = self.reveal_patterns(source, patterns)
        return source
{more}"""

RECONFIGURE = """
    def reconfigure(self):
        self.server = self._configure_server()
        return self
"""


@pytest.mark.parametrize("more, default", [
    ("", []),
    (RECONFIGURE, [("AL007", 33, "HIGH")]),  # called again on the same object: the witness stands
])
def test_a_method_only_the_constructor_calls_has_no_next_call_on_the_same_object(
        tmp_path: Path, more: str, default: list) -> None:
    files = {"pkg/__init__.py": "", "pkg/debug.py": DEBUG_CONFIG.format(more=more)}
    assert shown(run(tmp_path / "default", files)) == default
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL007", 33, "HIGH" if default else "MEDIUM")]


# python-jenkins 1.8.3 jenkins/__init__.py:1714-1760 (blind set 42, a B)
NODES = """\
import json


class Jenkins:
    def open(self, data):
        return data

    def create_node(self, name, launcher="command", launcher_params={{}}):
        \"\"\"Create a node.\"\"\"
{write}
        inner = {{"name": name, "launcher": launcher_params}}
        {end}
"""

WRITE = "        launcher_params['stapler-class'] = launcher"


@pytest.mark.parametrize("write, end, tier", [
    (WRITE, "return self.open(json.dumps(inner))", "MEDIUM"),
    (WRITE + "\n        launcher_params['name'] = name", "return self.open(json.dumps(inner))", "MEDIUM"),
    ("        if launcher:\n    " + WRITE, "return self.open(json.dumps(inner))", "HIGH"),  # some calls keep the last
    (WRITE, "return inner", "HIGH"),  # the caller gets the default itself, which the next call changes
])
def test_a_default_whose_named_keys_every_call_writes_first_is_preview(
        tmp_path: Path, write: str, end: str, tier: str) -> None:
    files = {"pkg/__init__.py": "", "pkg/nodes.py": NODES.format(write=write, end=end)}
    assert shown(run(tmp_path, files, preview=True)) == [("AL009", 8, tier)]


# charmhelpers 1.2.1 core/hookenv.py:628-649 (blind set 42), with ``functools.lru_cache``
HOOKENV = """\
import json
import subprocess
from functools import lru_cache


@lru_cache(maxsize=None)
def relation_get(unit=None, rid=None):
    out = subprocess.check_output(["relation-get", "--format=json", rid or "", unit or ""])
    return {{"data": json.loads(out), "unit": unit}}


@lru_cache(maxsize=None)
def relation_for_unit(unit=None, rid=None):
    relation = dict(relation_get(unit=unit, rid=rid))
    relation['__unit__'] = unit
    return relation


def related_units(relid):
    return subprocess.check_output(["relation-list", "-r", relid]).split()


@lru_cache(maxsize=None)
def relations_for_id(relid=None, tag=None):
    relation_data = []
    for unit in related_units(relid):
        unit_data = relation_for_unit(unit, relid)
        unit_data['__relid__'] = {value}
        relation_data.append(unit_data)
    return relation_data
"""


@pytest.mark.parametrize("value, found", [
    ("relid", []),  # the cache's own key: every call writes the same into the entry
    ("unit", []),
    ("tag", [("AL003", 28, "HIGH")]),  # not what the loader was asked: the next call's tag is another
])
def test_a_cached_entry_written_with_its_own_key_is_written_the_same_each_time(
        tmp_path: Path, value: str, found: list) -> None:
    files = {"pkg/__init__.py": "", "pkg/hookenv.py": HOOKENV.format(value=value)}
    got = run(tmp_path, files, preview=True)
    assert shown(got) == found
    if found:
        assert got[0].message.endswith("copy it first (`copy.deepcopy(relation_for_unit(unit, relid))`)")


@pytest.mark.parametrize("unit, found", [
    ("unit", []),  # another entry each round
    ('"u/0"', [("AL004", 29, "HIGH")]),  # the same entry each round, stored each round
])
def test_a_cached_loader_asked_for_another_entry_each_round_gives_another_object(
        tmp_path: Path, unit: str, found: list) -> None:
    source = HOOKENV.format(value="relid").replace("relation_for_unit(unit, relid)", f"relation_for_unit({unit}, relid)")
    assert shown(run(tmp_path, {"pkg/__init__.py": "", "pkg/hookenv.py": source}, preview=True)) == found


# charmhelpers 1.2.1 core/hookenv.py:66-96, 500-545 (blind set 42, a C)
CLEARED = """\
import json
import subprocess
from functools import wraps

cache = {{}}


def cached(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        key = json.dumps((func.__name__, args, kwargs), sort_keys=True, default=str)
        try:
            return cache[key]
        except KeyError:
            pass
        res = func(*args, **kwargs)
        cache[key] = res
        return res
    return wrapper


def flush(key):
    flush_list = [item for item in cache if key in item]
    for item in flush_list:
        del cache[item]


@cached
def relation_get(rid=None, unit=None):
    return json.loads(subprocess.check_output(["relation-get", "--format=json", rid or "", unit or ""]))


def relation_set(relation_id=None, relation_settings=None):
    subprocess.check_call(["relation-set", relation_id or "", json.dumps(relation_settings)])
    {flush}


def relation_clear(r_id=None):
    settings = relation_get(rid=r_id, unit="local/0")
    for setting in settings:
        if setting not in ["public-address", "private-address"]:
            settings[setting] = None
    relation_set(relation_id=r_id, relation_settings=settings)
    return settings
"""


@pytest.mark.parametrize("flush, tier", [
    ('flush("local/0")', "MEDIUM"),
    ("relation_get.cache_clear()", "MEDIUM"),
    ("return None", "HIGH"),  # nothing clears it: the next call gets the blanked entry
])
def test_a_cached_entry_changed_and_then_cleared_from_the_cache_is_preview(
        tmp_path: Path, flush: str, tier: str) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/hookenv.py": CLEARED.format(flush=flush)}, preview=True)
    assert shown(found) == [("AL003", 42, tier)]
    if tier == "MEDIUM":
        assert "the cache is cleared after the change (`relation_set(...)`, line 43)" in found[0].message


# hcloud 2.27.0 servers/client.py:75-99 (blind set 43): the caller takes an item out with
# ``data.get("image", None)`` and puts the bound model made from it back in its place
BOUND = """\
from typing import Any


class BoundImage:
    def __init__(self, client, data: dict[str, Any]):
        created_from = data.get("created_from")
        if created_from is not None:
            data["created_from"] = BoundServer(client, created_from)
        self.data = data


class BoundServer:
    def __init__(self, client, data: dict[str, Any]):
        image = data.get("image"{default})
        if image is not None:
            data["image"] = BoundImage(client, image)
        self.data = data
"""


@pytest.mark.parametrize("default", ["", ", None"])
def test_an_item_handed_on_and_replaced_by_the_result_is_no_kept_object(tmp_path: Path, default: str) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/models.py": BOUND.format(default=default)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL007", 8)]
    assert not any(r.message.startswith("second use: ") for r in found[0].related), [r.message for r in found[0].related]


# python-ironicclient 6.3.0 v1/create_resources.py:73-79 (blind set 44, a C): the default list
# of ``r.get("nodes", [])`` is made by a call inside the call's own arguments, which runs first
RESOURCES = """\
import json


def load(name):
    with open(name) as f:
        return json.load(f)


def create_nodes(client, node_list):
    for node in node_list:
        node["chassis_uuid"] = client.uuid
    return [client.create(**node) for node in node_list]


def create_resources(client, filenames):
    errors = []
    for r in [load(f) for f in filenames]:
        errors.extend(create_nodes(client, {nodes}))
    return errors
"""


@pytest.mark.parametrize("nodes, verdict", [
    ('r.get("nodes", [])', "fresh"),  # a new default list each round, made before the call
    ("SHARED", "shared"),  # one module-level list for every round
])
def test_a_call_inside_the_arguments_runs_before_the_call(tmp_path: Path, nodes: str, verdict: str) -> None:
    from aliaslint import engine, harm
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project

    (tmp_path / "pkg").mkdir()
    source = RESOURCES.format(nodes=nodes) + ("SHARED = []\n" if nodes == "SHARED" else "")
    (tmp_path / "pkg" / "create.py").write_text(source, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    caller = project.functions["pkg.create.create_resources"]
    (call,) = [c for c in caller.calls if c.text == "create_nodes"]
    (target,) = project.targets(caller, call)
    assert harm.sharing(project, caller, call, project.arg_for(call, target, 1)) == verdict


@pytest.mark.parametrize("signature, copy", [
    ("settings=None", "dict(settings or {})"),  # ``dict(None)`` would raise where the default is meant
    ("settings", "dict(settings)"),
])
def test_the_copy_suggested_in_init_keeps_a_none_default_working(tmp_path: Path, signature: str, copy: str) -> None:
    # ansible-runner 2.4.3's ``BaseConfig(settings=None)`` (blind set 44): the fix text said
    # ``dict(settings)``, a TypeError for the default
    from test_sixteenth_set_kinds import _runner

    files = _runner('self.loader.load_file("env/settings")')
    files["pkg/config/_base.py"] = files["pkg/config/_base.py"].replace("settings=None", signature)
    (finding,) = run(tmp_path, files)
    assert finding.message.endswith(f"copy it in `__init__` (`{copy}`)")
