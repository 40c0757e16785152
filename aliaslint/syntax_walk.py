"""Walking a LibCST tree without rebuilding it.

LibCST's own walks (``node.visit(visitor)``, ``node.children``) go through
``_visit_and_replace_children``, which builds a new node for every node visited, even for a
visitor that changes nothing. The per-module pass walks statements many times over (is there a
``return`` in this block, what does ``__init__`` read of ``self``): on the standard library's
168 top-level modules those walks were about 15% of the cold run's profile (issue 9, "Cold").
The functions here read a node's children from its dataclass fields instead.
"""
from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import Iterator

import libcst as cst

#: the fields, per node class, that come first and in this order, where the class declares
#: them in another order than the source's (``Arg``: the keyword comes before the value). The
#: remaining fields (whitespace, parentheses) follow in declaration order. Found by comparing
#: with ``node.children`` on the standard library (``tests/test_syntax_walk.py``).
_SOURCE_FIRST: dict[type, tuple[str, ...]] = {
    cst.Arg: ("keyword", "value"),
    cst.ExceptHandler: ("type", "name", "body"),
    cst.ExceptStarHandler: ("type", "name", "body"),
    cst.ClassDef: ("decorators", "name", "type_parameters", "bases", "keywords", "body"),
    cst.FunctionDef: ("decorators", "name", "type_parameters", "params", "returns", "body"),
    cst.IfExp: ("body", "test", "orelse"),
    cst.Parameters: ("posonly_params", "posonly_ind", "params", "star_arg", "kwonly_params", "star_kwarg"),
    cst.MatchCase: ("pattern", "guard", "body"),
}

#: the types of the fields that hold no node (``Name.value``, ``Param.star``, ...)
_SCALARS = frozenset({str, type(None), bool, cst.MaybeSentinel})

_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    names = tuple(f.name for f in dataclass_fields(kind))
    first = tuple(n for n in _SOURCE_FIRST.get(kind, ()) if n in names)
    _FIELDS[kind] = fields = first + tuple(n for n in names if n not in first)
    return fields


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes ``node.children`` gives, read from the node's fields: the same nodes, and those
    that are not whitespace or punctuation in source order (``tests/test_syntax_walk.py``)."""
    fields = _FIELDS.get(type(node)) or _fields(type(node))
    out: list[cst.CSTNode] = []
    for name in fields:
        value = getattr(node, name)
        kind = type(value)
        if kind is tuple or kind is list:
            out.extend(value)
        elif kind not in _SCALARS:
            out.append(value)
    return out


def walk_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and every node below it, depth first (a node before its children; the children
    last to first), for rules and checks that look at a statement's whole subtree."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child_nodes(node))


def visit_tree(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Run a read-only ``visitor`` over ``node``'s tree as ``node.visit(visitor)`` does: in
    source order, ``visit_<Kind>(node)`` before the children (a ``False`` result skips them) and
    ``leave_<Kind>(node)`` after. Not for transformers, nor for visitors that use the
    ``visit_<Kind>_<field>`` hooks or metadata (none here does)."""
    hooks = _HOOKS.get(type(visitor)) or _hooks(type(visitor))
    _visit(node, visitor, hooks)


#: per visitor class, the node kinds it has its own ``visit_``/``leave_`` method for (LibCST's
#: base class has a no-op for every kind: calling those would double the walk's cost)
_HOOKS: dict[type, tuple[frozenset[str], frozenset[str]]] = {}


def _hooks(visitor_class: type) -> tuple[frozenset[str], frozenset[str]]:
    def own(prefix: str) -> frozenset[str]:
        return frozenset(name[len(prefix):] for name in dir(visitor_class) if name.startswith(prefix)
                         and getattr(visitor_class, name) is not getattr(cst.CSTVisitor, name, None))
    _HOOKS[visitor_class] = hooks = (own("visit_"), own("leave_"))
    return hooks


def _visit(node: cst.CSTNode, visitor: cst.CSTVisitor, hooks: tuple[frozenset[str], frozenset[str]]) -> None:
    kind = type(node).__name__
    if kind not in hooks[0] or getattr(visitor, "visit_" + kind)(node) is not False:
        for child in child_nodes(node):
            _visit(child, visitor, hooks)
    if kind in hooks[1]:
        getattr(visitor, "leave_" + kind)(node)
