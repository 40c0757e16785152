"""The effects fixpoint's second round analyses again only what changed (issue 9, "Incremental
project pass"; aliaslint.reads): after seeded random edits to a small multi-module project, the
return values and effects of every function, and the JSON report, equal those of a second round
that analyses every component again; and ``-v`` says what was analysed again."""
from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from _cli import runner as cli_runner
from aliaslint import engine, inference
from aliaslint.cli import cli
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.project import Project
from aliaslint.summary import ModuleSummary

NET = '''\
class Sock:
    def __init__(self, family):
        self._closed = False
        self._refs = 0
        self.family = family


def connect(address):
    sock = Sock(address)
    return sock


class Client:
    def __init__(self, host):
        self.host = host
        self.sock = None

    def open(self, host):
        self.sock = connect(host)

    def get_sock(self):
        return self.sock

    def send(self, data):
        self.sock.family.append(data)
'''

#: ``__hash__`` reads its own field (``self._hashcode``), whose value holds its own call results:
#: asked from that deep first, they keep fewer facts (the memo keeps the first depth asked), and a
#: second round must leave them as a full one would (aliaslint.reads)
STAMP = '''\
class Stamp:
    def __init__(self, t, tags):
        self._hashcode = -1
        self.t = t
        self.tags = tags

    def replace(self, t=None):
        return Stamp(t or self.t, self.tags)

    def key(self):
        return (self.t, self.tags)

    def __hash__(self):
        if self._hashcode == -1:
            t = self.replace(t=0)
            self._hashcode = hash(t.key()[0])
        return self._hashcode

    def tag(self, name):
        self.tags.append(name)
        return self
'''

TREES = '''\
from pkg.net import Client, connect
from pkg.stamp import Stamp


class Tree:
    def __init__(self, spec):
        self.spec = spec

    def with_fallback(self, value):
        self.spec["fallback"].append(value)
        return self


def tree(spec):
    return Tree(spec)


def grow(spec, value):
    for _ in range(3):
        tree(spec).with_fallback(value)


def stamp_all(items, tags):
    for item in items:
        Stamp(item, tags).tag("seen")


def talk(host, payload):
    client = Client(host)
    client.open(host)
    for _ in range(2):
        client.send(payload)
    return client.get_sock()
'''

SINKS = '''\
class Sink:
    def put(self, item):
        item.append(1)


class Drain:
    def put(self, item):
        return item


def feed(sink, item):
    sink.put(item)


def pour(item):
    feed(Sink(), item)
'''

#: one text of a file toggled with another (applied twice, the file is back): edits that change
#: call targets in the second round, fields, return values, effects, or nothing
TOGGLES = {
    "mutation removed": ("trees.py", 'self.spec["fallback"].append(value)', 'self.spec["fallback"].count(value)'),
    "callee renamed": ("trees.py", "tree(spec).with_fallback(value)", "tree(spec).without_fallback(value)"),
    "call added": ("trees.py", "        Stamp(item, tags).tag(\"seen\")\n",
                   "        Stamp(item, tags).tag(\"seen\")\n        hash(Stamp(item, tags))\n"),
    "param mutated": ("net.py", "def connect(address):\n", "def connect(address):\n    address.append(1)\n"),
    "field from a parameter": ("net.py", "self.sock = None", "self.sock = host"),
    "returns a copy": ("stamp.py", "        return self\n", "        return Stamp(self.t, list(self.tags))\n"),
    "factory returns its argument": ("trees.py", "    return Tree(spec)\n", "    return spec\n"),
    "another class passed": ("sinks.py", "feed(Sink(), item)", "feed(Drain(), item)"),
    "second caller": ("sinks.py", "    feed(Sink(), item)\n", "    feed(Sink(), item)\n    feed(Drain(), item)\n"),
    "statement added": ("net.py", "    def get_sock(self):\n", "    def get_sock(self):\n        _n = 0\n"),
}

FILES = {"net.py": NET, "stamp.py": STAMP, "trees.py": TREES, "sinks.py": SINKS}


def _write(root: Path) -> Path:
    pkg = root / "pkg"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text("")
    for name, text in FILES.items():
        (pkg / name).write_text(text)
    return pkg


def _toggle(pkg: Path, name: str) -> None:
    file, before, after = TOGGLES[name]
    path = pkg / file
    text = path.read_text()
    if after in text:
        path.write_text(text.replace(after, before, 1))
    else:
        assert before in text, name
        path.write_text(text.replace(before, after, 1))


def _summaries(root: Path) -> bytes:
    settings = Settings(root=root, no_cache=True, jobs=1)
    summaries = engine.summarize_files(discover([root], settings, cwd=root), settings)
    return pickle.dumps({s.module: s for s in summaries if isinstance(s, ModuleSummary)})


def _analyse(summaries: bytes, full: bool, monkeypatch: pytest.MonkeyPatch) -> Project:
    monkeypatch.setattr(Project, "full_second_round", full)
    inference.reset()  # astroid's answers must not depend on the run before
    return Project(pickle.loads(summaries)).analyse()  # a copy each: the pass adds to them


def _same_pass(root: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    """The project pass with the second round restricted, checked against one analysing all."""
    summaries = _summaries(root)
    every = _analyse(summaries, True, monkeypatch)
    changed = _analyse(summaries, False, monkeypatch)
    assert set(changed.functions) == set(every.functions)
    for q in every.functions:
        assert dict.get(changed.rets, q) == dict.get(every.rets, q), q
        # the same effects, in the same order (rules pick "the first" of a kind)
        assert list(dict.get(changed.effects, q, {}).items()) == list(dict.get(every.effects, q, {}).items()), q
    assert changed._targets == every._targets
    return changed


def _json(root: Path, full: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(Project, "full_second_round", full)
    result = cli_runner().invoke(cli, ["check", "--no-cache", "-j", "1", "--preview", "--output-format", "json",
                                       str(root / "pkg")],
                                 catch_exceptions=False)
    assert result.exit_code in (0, 1), result.stderr
    return result.stdout


@pytest.mark.parametrize("seed", range(4))
def test_random_edits_give_the_results_of_a_full_second_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              seed: int) -> None:
    pkg = _write(tmp_path)
    rng = random.Random(seed)
    edits = [rng.choice(sorted(TOGGLES)) for _ in range(4)]
    _same_pass(tmp_path, monkeypatch)
    for name in edits:
        _toggle(pkg, name)
        _same_pass(tmp_path, monkeypatch)
    # and the report (the rules read the call results and effects the rounds leave)
    assert _json(tmp_path, False, monkeypatch) == _json(tmp_path, True, monkeypatch)


def test_the_second_round_analyses_again_only_what_it_resolves_differently(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path)
    project = _same_pass(tmp_path, monkeypatch)
    # the second round resolves ``sink.put(item)`` in ``feed`` (its class from the one caller,
    # known once the first round found the callers) and ``t.key()`` in ``__hash__`` (``t`` is
    # what ``self.replace`` returns): these two are analysed again, and ``pour``, since its
    # callee's effects changed; nothing else
    assert project.pass_stats == {"recomputed": 3, "reused": len(project.functions) - 3}
    assert [(e.root.name, e.path, e.callees) for e in project.effects["pkg.sinks.pour"].values()] == [
        ("item", (), ("pkg.sinks.feed", "pkg.sinks.Sink.put"))]
    assert [t.function for call in project.functions["pkg.stamp.Stamp.__hash__"].calls
            for t in project.targets(project.functions["pkg.stamp.Stamp.__hash__"], call)] == [
        "pkg.stamp.Stamp.replace", "pkg.stamp.Stamp.key"]


def test_verbose_says_what_the_second_round_analysed_again(tmp_path: Path) -> None:
    _write(tmp_path)
    result = cli_runner().invoke(cli, ["check", "--no-cache", "-j", "1", "-v", str(tmp_path / "pkg")], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.stderr
    lines = [line for line in result.stderr.splitlines() if "project pass:" in line]
    assert lines == ["aliaslint: project pass: 26 function(s); second round: 3 call-graph component(s) "
                     "analysed again, 23 unchanged since the first"]
