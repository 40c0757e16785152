"""Phase 1 helper: properties that stand for a plain attribute, and their accessors' names.

``@property def connection(self): return self._connection`` with ``@connection.setter def
connection(self, value): self._connection = value`` is an attribute spelt through a private
name: what ``__init__`` assigns to ``self.connection`` is what ``self.connection`` reads back.
Read as a call of the getter, its class would be lost (the private attribute is only ever set
from the setter's parameter), and every call made on it would go unresolved (python-keycloak
5.1.1's ``KeycloakOpenID.connection``, behind a reproduced miss of issue 8's blind fifty-third
set). Such a pair is read as the attribute itself.

A setter or deleter has the getter's name; its summary is kept under ``Class.<name>[setter]``
/ ``Class.<name>[deleter]``, so that it does not replace the getter's (``Class.<name>``), and a
message names it so.
"""
from __future__ import annotations

from typing import Sequence

import libcst as cst

#: the accessor decorators (``@name.setter``)
ACCESSORS = ("setter", "deleter")


def accessor_of(node: cst.FunctionDef) -> str | None:
    """``"setter"`` or ``"deleter"`` when ``node`` is decorated ``@<its own name>.setter`` (or
    ``.deleter``); else ``None``."""
    for d in node.decorators:
        dec = d.decorator
        if isinstance(dec, cst.Attribute) and isinstance(dec.value, cst.Name) \
                and dec.value.value == node.name.value and dec.attr.value in ACCESSORS:
            return dec.attr.value
    return None


def method_key(node: cst.FunctionDef) -> str:
    """The name a method is kept under in its class: its own, or ``<name>[setter]`` /
    ``<name>[deleter]`` for a property's accessor (:func:`accessor_of`)."""
    accessor = accessor_of(node)
    return f"{node.name.value}[{accessor}]" if accessor else node.name.value


def _body(node: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    """The simple statements of a function's body, a leading docstring left out; ``[]`` when
    the body holds a compound statement."""
    if not isinstance(node.body, cst.IndentedBlock):
        return list(node.body.body)
    out: list[cst.BaseSmallStatement] = []
    for stmt in node.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            return []
        out.extend(stmt.body)
    if out and isinstance(out[0], cst.Expr) and isinstance(out[0].value, (cst.SimpleString, cst.ConcatenatedString)):
        out = out[1:]
    return out


def _self_attribute(node: cst.BaseExpression, self_name: str) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self_name:
        return node.attr.value
    return None


def _params(node: cst.FunctionDef) -> list[str]:
    return [p.name.value for p in (*node.params.posonly_params, *node.params.params)]


def plain_attributes(defs: Sequence[cst.FunctionDef]) -> frozenset[str]:
    """The names of the properties among a class body's ``defs`` whose getter only returns
    ``self._x`` and whose setter only assigns its value to the same ``self._x``."""
    getters: dict[str, str] = {}
    setters: dict[str, str] = {}
    for node in defs:
        params = _params(node)
        body = _body(node)
        if len(body) != 1 or not params:
            continue
        is_getter = any(isinstance(d.decorator, cst.Name) and d.decorator.value == "property" for d in node.decorators)
        if is_getter and len(params) == 1 and isinstance(body[0], cst.Return) and body[0].value is not None:
            attr = _self_attribute(body[0].value, params[0])
            if attr is not None and attr != node.name.value:
                getters[node.name.value] = attr
        elif accessor_of(node) == "setter" and len(params) == 2 and isinstance(body[0], cst.Assign) \
                and len(body[0].targets) == 1 and isinstance(body[0].value, cst.Name) \
                and body[0].value.value == params[1]:
            attr = _self_attribute(body[0].targets[0].target, params[0])
            if attr is not None:
                setters[node.name.value] = attr
    return frozenset(name for name, attr in getters.items() if setters.get(name) == attr)
