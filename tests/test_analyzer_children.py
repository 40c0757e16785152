"""The analyzer's children of a node, read from its fields, are the nodes LibCST's ``children``
gives (in another order): the walks that use them do not depend on the order (issue 9, "Cold")."""
from __future__ import annotations

import sysconfig
from pathlib import Path

import libcst as cst

from aliaslint.analyzer import _child_nodes

STDLIB = Path(sysconfig.get_paths()["stdlib"])
EDGE = (
    "@d(1)\nclass C((B), metaclass=M):\n    x: ((int)) = ((1))\n    async def m(self, /, a, *b, c=1, **d) -> 'T':\n"
    "        await (yield)\n        return lambda *a, **k: (b := a[1:2, ...])\n"
    "match a:\n    case [1, *r] | {'k': 2} | C(x=1) if r:\n        pass\n"
    "f'{x!r:>{10}}' 'y'\ndel (a), b[0]\nfrom . import (x as y,)\nglobal g\ntry:\n    pass\nexcept* E as e:\n    raise\n"
)


def _every_node(module: cst.Module):
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _same_children(module: cst.Module) -> int:
    count = 0
    for node in _every_node(module):
        assert sorted(map(id, _child_nodes(node))) == sorted(map(id, node.children)), type(node).__name__
        count += 1
    return count


def test_child_nodes_are_libcsts_children_on_edge_cases():
    assert _same_children(cst.parse_module(EDGE)) > 100


def test_child_nodes_are_libcsts_children_on_standard_library_modules():
    paths = sorted(p for p in STDLIB.glob("*.py") if p.is_file() and p.stat().st_size <= 60_000)[::6]
    assert len(paths) >= 10
    assert sum(_same_children(cst.parse_module(p.read_text(encoding="utf-8"))) for p in paths) > 100_000
