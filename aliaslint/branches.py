"""Phase 1 helper: which ``self.<name>`` a compound statement sets on every path through it.

A constructor often gives an attribute its value in an ``if``/``elif`` dispatch rather than in one
statement (ciscoconfparse 1.9.52's ``CiscoRange.__init__``: ``if result_type is int:
self._list = ...`` / ``elif result_type is float: ...``, after ``if result_type not in
valid_result_types: raise``). When every branch sets it, the instance never reads the class
attribute of that name. A chain with no ``else`` covers every path only when an earlier check
closed the subject's values (:class:`ClosedValues`) and the chain's tests name each of them.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

#: what a branch that never falls through sets: everything (the path does not go on)
_EVERY = frozenset({"*"})


class ClosedValues:
    """The values a name is known to hold, from the statements of one body so far: ``if s not
    in S: raise ...`` or ``assert s in S``, ``S`` a literal set, list or tuple or a name bound
    to one earlier in the body. Values are compared by their source text (``int``,
    ``CiscoIOSInterface``, ``"tcp"``)."""

    def __init__(self) -> None:
        self.literals: dict[str, frozenset[str]] = {}
        self.closed: dict[str, frozenset[str]] = {}

    def note(self, stmt: cst.BaseStatement) -> None:
        """Learn from one statement of the body (simple or compound), in order."""
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name):
                    values = _literal_values(small.value, {})
                    name = small.targets[0].target.value
                    if values is not None:
                        self.literals[name] = values
                    else:
                        self.literals.pop(name, None)
                    self.closed.pop(name, None)  # rebinding the subject opens it again
                elif isinstance(small, cst.Assert):
                    self._close(small.test, negated=False)
        elif isinstance(stmt, cst.If) and stmt.orelse is None and _never_falls_through(stmt.body):
            self._close(stmt.test, negated=True)

    def _close(self, test: cst.BaseExpression, negated: bool) -> None:
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
                and isinstance(test.left, cst.Name)):
            return
        op = test.comparisons[0].operator
        if not isinstance(op, cst.NotIn if negated else cst.In):
            return
        values = _literal_values(test.comparisons[0].comparator, self.literals)
        if values is not None:
            self.closed[test.left.value] = values


def _literal_values(node: cst.BaseExpression, names: dict[str, frozenset[str]]) -> frozenset[str] | None:
    """The source texts of a set, list or tuple display's elements (or of the display a name in
    ``names`` is bound to); ``None`` for anything else (a starred element included)."""
    if isinstance(node, cst.Name):
        return names.get(node.value)
    if not isinstance(node, (cst.Set, cst.List, cst.Tuple)):
        return None
    out = []
    for el in node.elements:
        if not isinstance(el, cst.Element):
            return None
        out.append(_code(el.value))
    return frozenset(out)


#: what renders a node's source text (one for the process: a module per call was made for each)
_RENDERER = cst.Module(body=[])


def _code(node: cst.CSTNode) -> str:
    return _RENDERER.code_for_node(node)


def _tested_values(test: cst.BaseExpression) -> tuple[str, frozenset[str]] | None:
    """``(subject, values)`` for a branch test that picks values of one name: ``s is X``,
    ``s == X``, ``s in (X, Y)``; else ``None``."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.left, cst.Name)):
        return None
    target = test.comparisons[0]
    if isinstance(target.operator, (cst.Is, cst.Equal)):
        return test.left.value, frozenset({_code(target.comparator)})
    if isinstance(target.operator, cst.In):
        values = _literal_values(target.comparator, {})
        return (test.left.value, values) if values is not None else None
    return None


def _never_falls_through(block: cst.BaseSuite) -> bool:
    """Whether a block ends in ``raise`` (or ``return``) at its top level."""
    if not isinstance(block, cst.IndentedBlock) or not block.body:
        return False
    last = block.body[-1]
    return isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], (cst.Raise, cst.Return))


def self_targets(small: cst.BaseSmallStatement, self_name: str) -> list[str]:
    """The names ``self.<name> = ...`` (``self.<name>: T = ...``) assigns."""
    if isinstance(small, cst.Assign):
        targets = [t.target for t in small.targets]
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        targets = [small.target]
    else:
        return []
    return [t.attr.value for t in targets
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == self_name]


def _block_sets(block: cst.BaseSuite, self_name: str, closed: ClosedValues) -> frozenset[str]:
    """What a block sets on every path that falls out of it (:data:`_EVERY` when none does)."""
    if not isinstance(block, cst.IndentedBlock):
        return frozenset()
    out: set[str] = set()
    for stmt in block.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Raise, cst.Return)):
                    return _EVERY
                out.update(self_targets(small, self_name))
        elif isinstance(stmt, cst.If):
            inner = sets_on_every_branch(stmt, self_name, closed)
            if inner == _EVERY:
                return _EVERY
            out |= inner
    return frozenset(out)


def sets_on_every_branch(stmt: cst.If, self_name: str, closed: ClosedValues) -> frozenset[str]:
    """The names of ``self.<name>`` that every path through the ``if`` statement ``stmt`` that
    goes on after it assigns (:data:`_EVERY`-like ``{"*"}`` when no path goes on). An ``if``
    with no ``else`` sets something on every path only when its chain of tests picks every
    value ``closed`` allows its subject (``if t is int: ... elif t is str: ...`` after ``if t
    not in {int, str}: raise``)."""
    branches: list[frozenset[str]] = []
    tested: set[str] = set()
    subjects: set[str] = set()
    node: cst.If | cst.Else | None = stmt
    while isinstance(node, cst.If):
        branches.append(_block_sets(node.body, self_name, closed))
        picked = _tested_values(node.test)
        if picked is None:
            subjects.add("")  # a test of anything else: no closed chain
        else:
            subjects.add(picked[0])
            tested |= picked[1]
        node = node.orelse
    if isinstance(node, cst.Else):
        branches.append(_block_sets(node.body, self_name, closed))
    else:
        subject = next(iter(subjects)) if len(subjects) == 1 else ""
        allowed = closed.closed.get(subject)
        if allowed is None or not allowed <= tested:
            return frozenset()
    common: frozenset[str] | None = None
    for b in branches:
        if b == _EVERY:
            continue
        common = b if common is None else common & b
    return _EVERY if common is None else common


def names_set_on_every_path(stmt: cst.BaseStatement, self_name: str, closed: ClosedValues) -> Sequence[str]:
    """:func:`sets_on_every_branch` for an ``if`` statement of a body's top level, as a sorted
    list of names; nothing for any other compound statement or for one no path leaves."""
    if not isinstance(stmt, cst.If):
        return ()
    found = sets_on_every_branch(stmt, self_name, closed)
    return () if found == _EVERY else sorted(found)
