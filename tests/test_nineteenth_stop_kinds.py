"""Kinds of issue 8's nineteenth stop, kept as tests with their twins (blind set 41: errbot
6.2.1, opsdroid 0.31.0, kazoo 2.11.0, dns-lexicon 3.25.2, scrapli 2026.10.14).

- AL006: a back-reference to the owner is intended: every construction in the tree passes the
  constructing object itself (kazoo's ``TreeNode(tree, path, self)``, whose ``on_deleted`` takes
  the node out of its parent's children; opsdroid's ``Web(self)`` writing the app's statistics).
  Preview. A class built from one shared object stays a finding, and so does a part whose change
  duplicates (``tests/test_seventeenth_stop_kinds.py``: a parser built with ``Parser(self)``
  appending fragments to its session's list, never started over).
- AL006 / AL007: a change made by a helper the argument is handed down to, documented as its
  purpose ("get the id and inject it into the configuration", opsdroid's ``get_session_id``), is
  intended: preview. Without the docstring it stays a finding.
- Messages: an element moved within its list (``remove`` then ``append`` of the same value,
  errbot's command history) "moves an entry within" it; "reorders" read as a sort.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

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
