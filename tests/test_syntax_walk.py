"""The syntax walks read a node's children from its fields (``aliaslint.syntax_walk``): the same
nodes as LibCST's ``children``, and a visitor run by ``visit_tree`` sees the same nodes, in the
same order, as ``node.visit`` shows it, whitespace and punctuation aside (issue 9, "Cold")."""
from __future__ import annotations

import sysconfig
from pathlib import Path

import libcst as cst

from aliaslint.syntax_walk import child_nodes, visit_tree, walk_nodes

STDLIB = Path(sysconfig.get_paths()["stdlib"])
EDGE = (
    "@d(1)\nclass C((B), metaclass=M):\n    x: ((int)) = ((1))\n    async def m(self, /, a, *b, c=1, **d) -> 'T':\n"
    "        await (yield)\n        return lambda *a, **k: (b := a[1:2, ...])\n"
    "match a:\n    case [1, *r] | {'k': 2} | C(x=1) if r:\n        pass\n"
    "f'{x!r:>{10}}' 'y'\ndel (a), b[0]\nfrom . import (x as y,)\nglobal g\ntry:\n    pass\nexcept* E as e:\n    raise\n"
    "try:\n    pass\nexcept (A, B) as e:\n    f(k=1, *a, **b)\nx = a if b else c\n"
)

#: whitespace and punctuation: where the fields' order and the source's differ for these, no
#: walk here cares
TRIVIA = (
    cst.BaseParenthesizableWhitespace, cst.EmptyLine, cst.Newline, cst.TrailingWhitespace, cst.Comment,
    cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket, cst.LeftCurlyBrace,
    cst.RightCurlyBrace, cst.Comma, cst.Dot, cst.Semicolon, cst.Colon, cst.AssignEqual, cst.Asynchronous,
    cst.ImportStar, cst.ParamSlash, cst.ParamStar, cst.Annotation,
)
NODE_KINDS = [k for k in vars(cst).values() if isinstance(k, type) and issubclass(k, cst.CSTNode)]


class _Recorder(cst.CSTVisitor):
    """Logs every visit and leave; skips what is below a lambda, as the analyzer's visitors do."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int]] = []


def _hook(skip: bool):
    def enter(self, node):
        self.log.append(("visit", id(node)))
        return False if skip else None

    def leave(self, node):
        self.log.append(("leave", id(node)))
    return enter, leave


for _kind in NODE_KINDS:
    _enter, _leave = _hook(_kind is cst.Lambda)
    setattr(_Recorder, "visit_" + _kind.__name__, _enter)
    setattr(_Recorder, "leave_" + _kind.__name__, _leave)


def _check(module: cst.Module) -> int:
    kinds = {id(n): n for n in walk_nodes(module)}
    by_libcst, by_fields = _Recorder(), _Recorder()
    module.visit(by_libcst)
    visit_tree(module, by_fields)
    assert sorted(by_libcst.log) == sorted(by_fields.log)
    plain = [e for e in by_libcst.log if not isinstance(kinds[e[1]], TRIVIA)]
    assert plain == [e for e in by_fields.log if not isinstance(kinds[e[1]], TRIVIA)]
    for node in kinds.values():
        assert sorted(map(id, child_nodes(node))) == sorted(map(id, node.children)), type(node).__name__
    return len(kinds)


def test_walks_match_libcsts_on_edge_cases():
    assert _check(cst.parse_module(EDGE)) > 100


def test_walks_match_libcsts_on_standard_library_modules():
    paths = sorted(p for p in STDLIB.glob("*.py") if p.is_file() and p.stat().st_size <= 60_000)[::6]
    assert len(paths) >= 10
    assert sum(_check(cst.parse_module(p.read_text(encoding="utf-8"))) for p in paths) > 100_000


def test_a_false_visit_skips_the_children_and_still_leaves():
    recorder = _Recorder()
    visit_tree(cst.parse_expression("lambda: f(x)"), recorder)
    assert len(recorder.log) == 2 and recorder.log[0][0] == "visit" and recorder.log[1][0] == "leave"
