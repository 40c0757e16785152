"""Node positions (aliaslint.positions) are LibCST's PositionProvider values, node for node, and
summaries made with them are the summaries made with LibCST's provider (issue 9, "Cold")."""
from __future__ import annotations

import sysconfig
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from aliaslint import analyzer, codec
from aliaslint.positions import NodePositions, node_positions
from aliaslint.rules import all_rules

STDLIB = Path(sysconfig.get_paths()["stdlib"])


def _sample(count: int) -> list[Path]:
    """``count`` of the running interpreter's standard library top-level modules, spread over the
    alphabet (every n-th name), the same ones on every run; the largest (over 60 kB) are left
    out to keep the test short (LibCST's provider takes about 1 s on each)."""
    files = sorted(p for p in STDLIB.glob("*.py") if p.is_file() and p.stat().st_size <= 60_000)
    step = max(1, len(files) // count)
    return files[::step][:count]


def _libcst_positions(module: cst.Module) -> dict:
    return MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)


def _assert_same(module: cst.Module, label: str) -> int:
    theirs = _libcst_positions(module)
    ours = node_positions(module)
    assert len(ours) == len(theirs), label
    for node, expected in theirs.items():
        assert ours[node] == expected, f"{label}: {type(node).__name__} at {expected}"
    return len(theirs)


EDGE_CASES = {
    "empty": "",
    "no trailing newline": "x = 1",
    "only a comment": "# nothing here",
    "crlf": "def f(a):\r\n    a.append(1)\r\n    return [\r\n        a,\r\n    ]\r\n",
    "lone cr": "x = 1\ry = [1,\r 2]\r",
    "backslash continuation": "x = 1 + \\\n    2\nif x and \\\n        y:\n    pass\n",
    "tabs and form feed": "if x:\n\tif y:\n\t\tz = 1\n\x0c\ndef g():\n\treturn (  # c\n\t\t1)\n",
    "non-ascii": "café = {'ключ': [1]}\ndef ƒ(α, *, β=\"é\"):\n    α['ü'].append(β)  # ✓\n",
    "strings": 's = """a\nb\r\nc"""\nt = f"{s!r:>{10}}" \'x\'\nu = rb\'\\n\'\n',
    "parentheses and decorators": "@d(1)\n@e\nclass C((B)):\n    x: ((int)) = ((1))\n    async def m(self): await (yield)\n",
    "semicolons and match": "a = 1; b = 2;\nmatch a:\n    case [1, *r] | {'k': 2}:\n        pass\n",
    "lambda, walrus, star": "f = lambda *a, **k: (b := a[1:2, ...])\nprint(*[x for x in f() if x], sep='')\n",
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_positions_equal_libcst_on_edge_cases(name):
    module = cst.parse_module(EDGE_CASES[name])
    assert _assert_same(module, name) > 0


def test_positions_equal_libcst_on_standard_library_modules():
    """Every node of 40 real modules has LibCST's range."""
    checked = 0
    paths = _sample(40)
    assert len(paths) == 40
    for path in paths:
        source = path.read_text(encoding="utf-8")
        checked += _assert_same(cst.parse_module(source), path.name)
    assert checked > 100_000


def test_a_node_of_another_tree_has_no_position():
    positions = node_positions(cst.parse_module("x = 1\n"))
    other = cst.parse_module("x = 1\n")
    assert other not in positions
    with pytest.raises(KeyError):
        positions[other]
    assert isinstance(positions, NodePositions)


def test_summaries_made_with_libcst_positions_are_the_same(monkeypatch):
    """The whole per-module pass (summaries, candidates, local diagnostics) gives the same
    result, encoded byte for byte, with LibCST's own position provider."""
    rules = list(all_rules())
    paths = _sample(12)
    ours = [codec.dumps(_summary(p, rules)) for p in paths]

    class LibcstPositions:
        #: no generated code: the analysis slices the source's lines by these positions
        code = None

        def __init__(self, module):
            self.ranges = _libcst_positions(module)

        def __getitem__(self, node):
            return self.ranges[node]

        def span(self, node):
            r = self.ranges[node]
            return r.start.line, r.start.column, r.end.line, r.end.column

    monkeypatch.setattr(analyzer, "node_positions", LibcstPositions)
    theirs = [codec.dumps(_summary(p, rules)) for p in paths]
    for path, a, b in zip(paths, ours, theirs):
        assert a == b, path.name


def _summary(path: Path, rules):
    return analyzer.analyze_module(path.read_text(encoding="utf-8"), path.stem, path.name, str(path), rules)
