"""AL005 replicated-mutable."""
from __future__ import annotations

import libcst as cst

from aliaslint.rule import Invalid, Rule

MUTABLE_CONTAINERS = {"list", "dict", "set"}


class ReplicatedMutable(Rule):
    """
    ## What it does
    Finds one mutable object replicated into many slots: `[[]] * n`, `[row] * n` where `row` is a
    list, `[{}] * n`, `dict.fromkeys(keys, [])`, `itertools.repeat([], n)`.

    ## Why is this bad?
    Sequence repetition copies *references*: every slot holds the same list, so appending to
    `grid[0]` appends to all of them (majsoulrpa #100: one player's discards shown for all).
    Immutable fillers (`[None] * n`, `[0] * n`, `[name] * n`) are fine and not reported.

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
        Invalid("grid = [[]] * 4\n", 1, 8, "[[]] * 4"),
        Invalid("def f(n):\n    row = []\n    return [row] * n\n", 3, 12),
        Invalid("def f(keys):\n    return dict.fromkeys(keys, [])\n", 2, 12),
        Invalid("import itertools\n\ndef f(n):\n    return list(itertools.repeat({}, n))\n", 4, 17),
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
            self._report(node, self.context.module.code_for(node))
        elif qual == "itertools.repeat" and node.args and self._mutable(node.args[0].value):
            self._report(node, self.context.module.code_for(node))

    def _report(self, node: cst.CSTNode, text: str) -> None:
        if len(text) > 40:
            text = text[:37] + "..."
        self.context.report(
            self, node,
            f"`{text}` puts the same mutable object in every slot, so changing one slot changes all "
            f"of them; build a new object per slot (`[[] for _ in range(n)]`)",
        )
