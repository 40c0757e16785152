"""AL004 same-object-stored-in-loop."""
from __future__ import annotations

import libcst as cst

from aliaslint.rule import Invalid, Rule


class SameObjectStoredInLoop(Rule):
    """
    ## What it does
    Finds a loop that changes one object created *before* the loop and stores it (append, item
    assignment, `yield`) on every iteration.

    ## Why is this bad?
    Every stored entry is the same object, so all of them show what the last iteration wrote
    (SleekXMPP #13: every roster entry showed the last contact).

    ## Example
    ```python
    item = {}
    for row in rows:
        item["name"] = row.name
        items[row.jid] = item
    ```

    ## Use instead
    ```python
    for row in rows:
        item = {"name": row.name}
        items[row.jid] = item
    ```

    ## Fix safety
    No automatic fix: moving the creation into the loop changes what the code after the loop
    sees.
    """

    code = "AL004"
    name = "same-object-stored-in-loop"
    summary = "A loop stores the same object, changed each time, on every iteration"

    VALID = (
        "def f(rows):\n    out = {}\n    for r in rows:\n        item = {}\n        item['n'] = r\n        out[r] = item\n    return out\n",
        "DEFAULT = {}\n\ndef f(rows):\n    out = []\n    for r in rows:\n        out.append(DEFAULT)\n    return out\n",
        "def f(rows):\n    acc = []\n    out = []\n    for r in rows:\n        out.append(r)\n    return out\n",
    )
    INVALID = (
        Invalid(
            "def f(rows):\n    out = {}\n    item = {}\n    for r in rows:\n        item['n'] = r\n        out[r] = item\n    return out\n",
            6, 9, "`item`",
        ),
        Invalid(
            "def f(rows):\n    row = []\n    for r in rows:\n        row.append(r)\n        yield row\n",
            5, 9,
        ),
        Invalid(
            "def f(rows):\n    out = []\n    cur = {'n': 0}\n    i = 0\n    while i < rows:\n        cur['n'] = i\n        out.append(cur)\n        i += 1\n    return out\n",
            7, 9,
        ),
    )

    def _check(self, node: cst.CSTNode, stored: cst.BaseExpression | None) -> None:
        ctx = self.context
        if not ctx.loops or stored is None or not ctx.recording:
            return
        loop = ctx.loops[-1]
        values = ctx.heap_value(stored)
        objs = [ctx.heap_object(o) for o in values]
        if not objs or any(o is None for o in objs):
            return
        for obj in objs:
            if loop in obj["loops"] or loop not in obj["mutated_in"] or obj["kind"] == "view" or obj.get("immutable"):
                return
        name = ctx.module.code_for(stored)
        made = objs[0]["site"].line
        loop_line = ctx.function.loop_sites[loop].line
        ctx.report(
            self, node,
            f"`{name}` (made at line {made}, before the loop at line {loop_line}) is changed and stored "
            f"on every iteration, so every stored entry is the same object holding the last "
            f"iteration's values; create it inside the loop",
            [ctx.module.location_related(objs[0]["site"], f"`{name}` is made here, once")],
        )

    def leave_Assign(self, node: cst.Assign) -> None:
        if any(isinstance(t.target, cst.Subscript) for t in node.targets):
            self._check(node, node.value)

    def leave_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("append", "add", "insert") and node.args:
            self._check(node, node.args[-1].value)

    def leave_Yield(self, node: cst.Yield) -> None:
        if isinstance(node.value, cst.BaseExpression):
            self._check(node, node.value)
