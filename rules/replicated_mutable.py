"""AL005 replicated-mutable."""
from __future__ import annotations

import libcst as cst

from aliaslint.diagnostics import Confidence, Diagnostic
from aliaslint.rule import Facts, Invalid, ProjectRule
from aliaslint.project import load
from aliaslint.values import ANY, Fresh, Ref

MUTABLE_CONTAINERS = {"list", "dict", "set"}


class ReplicatedMutable(ProjectRule):
    """
    ## What it does
    Finds one mutable object replicated into many slots: `[[]] * n`, `[row] * n` where `row` is a
    list, `[{}] * n`, `dict.fromkeys(keys, [])`, `itertools.repeat([], n)`.

    ## Why is this bad?
    Sequence repetition copies *references*: every slot holds the same list, so appending to
    `grid[0]` appends to all of them (majsoulrpa #100: one player's discards shown for all).
    Immutable fillers (`[None] * n`, `[0] * n`, `[name] * n`) are fine and not reported.

    Reported by default when a slot's object is changed in place somewhere in the project
    (`grid[0].append(x)` in the function, `self.rows[i].append(x)` in another method, a caller
    appending to the returned list's slots, a callee changing the slots it is given). A
    replication whose slots are only ever replaced (`buf[i] = item`) or never changed in the
    tree is shown with `--preview`.

    ## Example
    ```python
    discards = [[]] * players
    ```

    ## Use instead
    ```python
    discards = [[] for _ in range(players)]
    ```

    ## Fix safety
    No automatic fix yet; the comprehension above is the fix and is safe unless the code relies
    on the slots being shared.
    """

    code = "AL005"
    name = "replicated-mutable"
    summary = "One mutable object is replicated into every slot of a sequence or dict"

    VALID = (
        "cells = [None] * 4\n",
        "counts = [0] * 4\n",
        "def f(name, n):\n    return ','.join([name] * n)\n",
        "grid = [[] for _ in range(4)]\n",
        "slots = [[]] * 1\n",
    )
    INVALID = (
        Invalid("grid = [[]] * 4\ngrid[0].append(1)\n", 1, 8, "[[]] * 4"),
        Invalid("def f(n):\n    row = []\n    return [row] * n\n\ndef g():\n    rows = f(3)\n    rows[0].append('x')\n", 3, 12),
        Invalid("def f(keys):\n    hands = dict.fromkeys(keys, [])\n    hands['a'].append(1)\n    return hands\n", 2, 13),
        Invalid("import itertools\n\ndef f(n):\n    rows = list(itertools.repeat({}, n))\n    rows[0]['x'] = 1\n    return rows\n", 4, 17),
        Invalid("def fill(rows):\n    rows[0]['x'] = 1\n\ndef f(n):\n    rows = [{}] * n\n    fill(rows)\n    return rows\n", 5, 12),
        Invalid(
            "class Round:\n    def __init__(self, n):\n        self.discards = [[]] * n\n\n"
            "    def discard(self, seat, tile):\n        self.discards[seat].append(tile)\n",
            3, 25, "[[]] * n",
        ),
    )
    PREVIEW = (
        # slots only ever replaced: sharing the filler is harmless
        Invalid(
            "class Ring:\n    def __init__(self, size):\n        self.buffer = [[None]] * size\n        self.ptr = 0\n\n"
            "    def push(self, item):\n        self.buffer[self.ptr] = item\n",
            3, 23,
        ),
        # nothing in the tree changes a slot
        Invalid("def rows(n):\n    return [[1, 2, 3]] * n\n", 2, 12),
    )

    def _mutable(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)):
            return True
        for o in self.context.heap_value(node):
            obj = self.context.heap_object(o)
            if obj is not None and obj.get("container") in MUTABLE_CONTAINERS and obj["kind"] != "view":
                return True
        return False

    def leave_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if not isinstance(node.operator, cst.Multiply):
            return
        if any(isinstance(side, cst.Integer) and side.value in ("0", "1") for side in (node.left, node.right)):
            return  # one slot (or none): nothing is shared
        for seq in (node.left, node.right):
            if isinstance(seq, (cst.List, cst.Tuple)) and seq.elements and any(
                not isinstance(el, cst.StarredElement) and self._mutable(el.value) for el in seq.elements
            ):
                self._report(node, self.context.module.code_for(node))
                return

    def leave_Call(self, node: cst.Call) -> None:
        qual = self.context.module.qualified_callee(node.func) or ""
        if qual in ("dict.fromkeys", ".fromkeys") and len(node.args) == 2 and self._mutable(node.args[1].value):
            self._report(node, self.context.module.code_for(node), node.args[1].value)
        elif qual == "itertools.repeat" and node.args and self._mutable(node.args[0].value):
            self._report(node, self.context.module.code_for(node), node.args[0].value)

    # ------------------------------------------------------------ phase 1
    def visit_Assign(self, node: cst.Assign) -> None:
        self._statement = node

    def visit_Return(self, node: cst.Return) -> None:
        self._statement = node

    def _binding(self, node: cst.CSTNode) -> tuple[str, str] | None:
        """Where the replicated sequence goes when the statement is ``target = <it>`` or
        ``return <it>``: ("name", n), ("self", attr), ("return", "") or None."""
        stmt = getattr(self, "_statement", None)
        if isinstance(stmt, cst.Return) and stmt.value is node:
            return ("return", "")
        if isinstance(stmt, cst.Assign) and stmt.value is node and len(stmt.targets) == 1:
            target = stmt.targets[0].target
            if isinstance(target, cst.Name):
                return ("name", target.value)
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == "self":
                return ("self", target.attr.value)
        return None

    def _report(self, node: cst.CSTNode, text: str, filler: cst.BaseExpression | None = None) -> None:
        """A candidate: whether a slot is changed in place is decided in the project pass."""
        if len(text) > 40:
            text = text[:37] + "..."
        if filler is not None:
            fillers = [filler]
        else:  # ``[a, b] * n``: every element is replicated
            fillers = [el.value for seq in (node.left, node.right) if isinstance(seq, (cst.List, cst.Tuple))
                       for el in seq.elements]
        elements = [obj["site"] for expr in fillers for o in self.context.heap_value(expr)
                    if (obj := self.context.heap_object(o)) is not None]
        calls = [o.root.index for o in self.context.heap_value(node) if isinstance(o, Ref) and o.root.kind == "call"]
        self.context.candidate(self, {
            "site": self.context.site(node), "text": text, "elements": elements, "calls": calls,
            "binding": self._binding(node), "global": self.context.function.kind == "module",
            "cls": self.context.function.cls,
        })

    # ------------------------------------------------------------ phase 3
    @staticmethod
    def _message(text: str) -> str:
        return (
            f"`{text}` puts the same mutable object in every slot, so changing one slot changes all "
            f"of them; build a new object per slot (`[[] for _ in range(n)]`)"
        )

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        for fn, d in project.candidates(cls.code):
            changed = cls._slot_changed(project, fn, d)
            related = (facts.related(changed, "a slot's object is changed in place here"),) if changed else ()
            out.append(Diagnostic(cls.code, cls.name, cls._message(d["text"]), facts.location(d["site"]), related,
                                  confidence=Confidence.HIGH if changed else Confidence.MEDIUM, url=cls.url()))
        return out

    @staticmethod
    def _inside_slot(path: tuple[str, ...]) -> bool:
        """``x[i].append(...)`` / ``x[i]["k"] = v``: the changed object is a slot's (its path
        starts with an item selector); ``x[i] = v`` changes the sequence itself (path ``()``)."""
        return len(path) >= 1 and path[0].startswith("[")

    @classmethod
    def _slot_changed(cls, project, fn, d):
        """Where a slot's object is changed in place, or None when nothing in the tree does."""
        elements = set(d["elements"])
        if elements & fn.mutated_allocations:
            return min(elements & fn.mutated_allocations)
        for m in fn.mutations:  # the slots of a library call's result (``dict.fromkeys(keys, [])``)
            if any(isinstance(o, Ref) and o.root.kind == "call" and o.root.index in d["calls"]
                   and cls._inside_slot(o.path) for o in m.target):
                return m.site
        binding = d["binding"] or ("", "")
        kind, name = binding
        # passed to a callee that changes what is inside the slots
        for call in fn.calls:
            for t in project.targets(fn, call):
                for e in project.effects.get(t.function, {}).values():
                    if e.root.kind != "param" or not cls._inside_slot(e.path):
                        continue
                    arg = project.arg_for(call, t, e.root.index)
                    if arg and any(isinstance(o, Fresh) and o.site in elements for o in load(project.resolve(fn, arg), ANY)):
                        return e.site
        if kind == "self" and d["cls"] in project.classes:
            for mq in project.classes[d["cls"]].methods.values():
                for e in project.effects.get(mq, {}).values():
                    if e.root.kind == "param" and e.root.index == 0 and e.path[:1] == ("." + name,) \
                            and cls._inside_slot(e.path[1:]):
                        return e.site
        if kind == "name" and d["global"]:
            qual = f"{fn.module}.{name}"
            for other in project.functions.values():
                for e in project.effects.get(other.qualname, {}).values():
                    if e.root.kind == "global" and e.root.name == qual and cls._inside_slot(e.path):
                        return e.site
        if kind == "return":
            for caller, call, t in project.callers.get(fn.qualname, []):
                c = project.functions[caller]
                for m in c.mutations:
                    for o in m.target:
                        if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call.id and cls._inside_slot(o.path):
                            return m.site
        return None
