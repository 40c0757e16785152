"""AL005 replicated-mutable."""
from __future__ import annotations

import libcst as cst

from aliaslint import harm
from aliaslint.diagnostics import Applicability, Confidence, Diagnostic, Fix, FixRequest
from aliaslint.rule import Facts, Invalid, ProjectRule, short_text
from aliaslint.project import load
from aliaslint.syntax_walk import walk_nodes as _nodes
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
    The fix replaces the replication by a comprehension that builds a new object per slot,
    written with the code's own expressions: `[{} for _ in range(len(seats))]`,
    `{k: [] for k in keys}`, `[[0] * m for _ in range(n)]`.

    It is safe when the replicated element is made of literals and names (`[]`, `{}`, `[0] * m`,
    `dict()`): evaluating it once per slot instead of once changes nothing else. It is unsafe when
    the element is an existing object (`[row] * n` becomes `[list(row) for _ in range(n)]`: the
    slots become copies, no longer `row` itself), a call or a comprehension (run once per slot
    instead of once), and for `itertools.repeat` (it becomes a generator). No fix is offered for
    `[a, b] * n`, for another class's `fromkeys`, in a class body when the element uses a name
    (a comprehension there does not see the class's names), or when a comment would be lost.

    ## Tiers
    Shown by default when a slot's object is changed in place somewhere in the tree (the change
    is the related location: every other slot shows it). With `--preview` only: replicated
    objects whose slots are only replaced, or never touched in the tree.
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
        Invalid("def f(keys):\n    hands = dict.fromkeys(keys, [])\n    hands['a'].append(1)\n    return hands\n", 2, 13,
                "`{k: [] for k in keys}`"),
        Invalid("import itertools\n\ndef f(n):\n    rows = list(itertools.repeat({}, n))\n    rows[0]['x'] = 1\n    return rows\n", 4, 17),
        Invalid("def fill(rows):\n    rows[0]['x'] = 1\n\ndef f(n):\n    rows = [{}] * n\n    fill(rows)\n    return rows\n", 5, 12,
                "`[{} for _ in range(n)]`"),
        Invalid("def grid(width, height):\n    cells = [[0] * width] * height\n    cells[0][1] = 5\n    return cells\n",
                2, 13, "`[[0] * width for _ in range(height)]`"),
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
        return self._container(node) is not None

    def _container(self, node: cst.BaseExpression) -> str | None:
        """"list", "dict" or "set" when ``node`` evaluates to such a mutable container."""
        for o in self.context.heap_value(node):
            obj = self.context.heap_object(o)
            if obj is not None and obj.get("container") in MUTABLE_CONTAINERS and obj["kind"] != "view":
                return obj["container"]
        return None

    def leave_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if not isinstance(node.operator, cst.Multiply):
            return
        if any(isinstance(side, cst.Integer) and side.value in ("0", "1") for side in (node.left, node.right)):
            return  # one slot (or none): nothing is shared
        for seq, count in ((node.left, node.right), (node.right, node.left)):
            if isinstance(seq, (cst.List, cst.Tuple)) and seq.elements and any(
                not isinstance(el, cst.StarredElement) and self._mutable(el.value) for el in seq.elements
            ):
                self._report(node, self.context.module.code_for(node), remedy=self._repetition_remedy(node, seq, count))
                return

    def leave_Call(self, node: cst.Call) -> None:
        qual = self.context.module.qualified_callee(node.func) or ""
        if (qual == "dict.fromkeys" or qual.endswith(".fromkeys")) and len(node.args) == 2 and self._mutable(node.args[1].value):
            self._report(node, self.context.module.code_for(node), node.args[1].value,
                         remedy=self._fromkeys_remedy(node, qual))
        elif qual == "itertools.repeat" and node.args and self._mutable(node.args[0].value):
            self._report(node, self.context.module.code_for(node), node.args[0].value,
                         remedy=self._repeat_remedy(node))

    # ------------------------------------------------------------ the remedy (message and fix)
    def _text(self, node: cst.CSTNode) -> str:
        """The source of ``node`` with its own parentheses (positions leave them out)."""
        mod = self.context.module
        first = node.lpar[0] if getattr(node, "lpar", None) else node
        last = node.rpar[-1] if getattr(node, "rpar", None) else node
        start, end = mod.positions[first].start, mod.positions[last].end
        if start.line == end.line:
            return mod.lines[start.line - 1][start.column:end.column]
        parts = [mod.lines[start.line - 1][start.column:], *mod.lines[start.line:end.line - 1],
                 mod.lines[end.line - 1][:end.column]]
        return "".join(parts)

    def _pure(self, node: cst.CSTNode) -> bool:
        """Evaluating ``node`` once per slot instead of once has no other effect: literals,
        displays of them, names, operators on them and ``list()`` / ``dict()`` / ``set()``.
        A comprehension may drain an iterator, a call or an attribute may run code: not pure."""
        if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Name, cst.Ellipsis)):
            return True
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            return all(isinstance(el, cst.Element) and self._pure(el.value) for el in node.elements)
        if isinstance(node, cst.Dict):
            return all(isinstance(el, cst.DictElement) and self._pure(el.key) and self._pure(el.value)
                       for el in node.elements)
        if isinstance(node, cst.UnaryOperation):
            return self._pure(node.expression)
        if isinstance(node, cst.BinaryOperation):
            return self._pure(node.left) and self._pure(node.right)
        if isinstance(node, cst.Call):
            return not node.args and self.context.module.qualified_callee(node.func) in MUTABLE_CONTAINERS
        return False

    def _names(self, node: cst.CSTNode) -> set[str]:
        return {n.value for n in _nodes(node) if type(n) is cst.Name}

    def _per_slot(self, element: cst.BaseExpression) -> tuple[str, bool] | None:
        """Source that makes a new object for one slot from the replicated ``element``, and
        whether evaluating it once per slot is safe; None when there is no such expression."""
        text = self._text(element)
        if isinstance(element, cst.NamedExpr):
            return None
        makes_new = isinstance(element, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp,
                                         cst.BinaryOperation, cst.Call))
        if makes_new:
            in_class = self.context.function.qualname.endswith(".<class>")
            if in_class and self._names(element) - {"True", "False", "None", *MUTABLE_CONTAINERS}:
                # a comprehension in a class body does not see the class's names
                return None
            return text, self._pure(element)
        container = self._container(element)
        if container is None:
            return None
        # an existing object (``[row] * n``): one copy of it per slot
        return f"{container}({text})", False

    def _operand(self, node: cst.BaseExpression, in_call: bool) -> str:
        """``node``'s source where it goes: a call's only argument needs no parentheses (but a
        ``yield``); a comprehension's iterable needs them around a conditional, a lambda, a
        ``:=`` or a ``yield``."""
        if in_call:
            return self._text(node) if isinstance(node, cst.Yield) else self.context.module.code_for(node)
        text = self._text(node)
        if not getattr(node, "lpar", None) and isinstance(node, (cst.IfExp, cst.Lambda, cst.NamedExpr, cst.Yield)):
            return f"({text})"
        return text

    @staticmethod
    def _fresh_name(taken: set[str], preferred: tuple[str, ...]) -> str:
        for name in preferred:
            if name not in taken:
                return name
        index = 0
        while f"{preferred[0]}{index}" in taken:
            index += 1
        return f"{preferred[0]}{index}"

    def _loses_comments(self, node: cst.CSTNode, kept: tuple[cst.CSTNode, ...]) -> bool:
        """Whether replacing ``node`` by new text built from the ``kept`` parts drops a comment."""
        inside = {id(c) for part in kept for c in _nodes(part) if type(c) is cst.Comment}
        return any(id(c) not in inside for c in _nodes(node) if type(c) is cst.Comment)

    def _remedy(self, node: cst.CSTNode, element: cst.BaseExpression, template: str,
                count: cst.BaseExpression, names: tuple[str, ...] = ("_", "_i", "_slot"),
                applicability: str | None = None) -> dict:
        """The per-slot construction that replaces ``node``: ``template`` has ``{elem}`` (a new
        object for one slot), ``{var}`` (the comprehension's variable) and ``{count}`` (the
        slots: ``count``'s source). Returns the candidate's ``suggestion`` (for the message)
        and ``fix`` (replacement, applicability, the replaced source, the help text) or None."""
        per_slot = self._per_slot(element)
        if per_slot is None:
            return {"suggestion": "", "fix": None}
        elem, safe = per_slot
        var = self._fresh_name(self._names(element), names)
        n = self._operand(count, in_call="range(" in template)
        text = template.format(elem=elem, var=var, count=n)
        shown = template.format(elem=short_text(elem, 30), var=var, count=short_text(n, 30))
        fix = None
        if not self._loses_comments(node, (element, count)):
            fix = (text, applicability or ("safe" if safe else "unsafe"), self.context.module.code_for(node),
                   f"Replace with `{shown}`")
        return {"suggestion": shown, "fix": fix}

    def _repetition_remedy(self, node: cst.BinaryOperation, seq, count) -> dict:
        if len(seq.elements) != 1 or not isinstance(seq.elements[0], cst.Element):
            return {"suggestion": "", "fix": None}  # ``[a, b] * n``: no one-line comprehension
        template = "tuple({elem} for {var} in range({count}))" if isinstance(seq, cst.Tuple) \
            else "[{elem} for {var} in range({count})]"
        return self._remedy(node, seq.elements[0].value, template, count)

    def _fromkeys_remedy(self, node: cst.Call, qual: str) -> dict:
        if qual != "dict.fromkeys" or any(a.star or a.keyword for a in node.args):
            return {"suggestion": "", "fix": None}  # another class's ``fromkeys`` keeps its own type
        keys, value = node.args[0].value, node.args[1].value
        return self._remedy(node, value, "{{{var}: {elem} for {var} in {count}}}", keys, ("k", "key", "_key"))

    def _repeat_remedy(self, node: cst.Call) -> dict:
        if any(a.star for a in node.args) or len(node.args) != 2:
            return {"suggestion": "", "fix": None}  # ``repeat(x)`` never ends
        times = node.args[1]
        if times.keyword is not None and times.keyword.value != "times" or node.args[0].keyword is not None:
            return {"suggestion": "", "fix": None}
        # a generator is not an ``itertools.repeat`` object (no ``__length_hint__``, no repr)
        return self._remedy(node, node.args[0].value, "({elem} for {var} in range({count}))", times.value,
                            applicability="unsafe")

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

    def _report(self, node: cst.CSTNode, text: str, filler: cst.BaseExpression | None = None,
                remedy: dict | None = None) -> None:
        """A candidate: whether a slot is changed in place is decided in the project pass."""
        text = short_text(text, 40)
        if filler is not None:
            fillers = [filler]
        else:  # ``[a, b] * n``: every element is replicated
            fillers = [el.value for seq in (node.left, node.right) if isinstance(seq, (cst.List, cst.Tuple))
                       for el in seq.elements]
        elements = self._reachable([o for expr in fillers for o in self.context.heap_value(expr)])
        calls = [o.root.index for o in self.context.heap_value(node) if isinstance(o, Ref) and o.root.kind == "call"]
        self.context.candidate(self, {
            "site": self.context.site(node), "text": text, "elements": elements, "calls": calls,
            "binding": self._binding(node), "global": self.context.function.kind == "module",
            "cls": self.context.function.cls, **(remedy or {"suggestion": "", "fix": None}),
        })

    def _reachable(self, origins: list, depth: int = 3) -> list:
        """Allocation sites of the replicated objects and of the objects inside them: a change to
        any of them shows through every slot (``[[[]] * w] * h``: the rows are shared, so
        ``cube[0][0].append(x)`` changes ``cube[1][0]`` too)."""
        sites: list = []
        seen: set[int] = set()
        todo = [(o, 0) for o in origins]
        while todo:
            o, level = todo.pop()
            obj = self.context.heap_object(o)
            if obj is None or id(obj) in seen:
                continue
            seen.add(id(obj))
            sites.append(obj["site"])
            if level < depth:
                todo += [(inner, level + 1) for value in obj["fields"].values() for inner in value]
        return sites

    # ------------------------------------------------------------ phase 3
    @staticmethod
    def _message(text: str, suggestion: str) -> str:
        remedy = f"`{suggestion}`" if suggestion else "a comprehension"
        return (
            f"`{text}` puts the same mutable object in every slot, so changing one slot changes all "
            f"of them; build a new object per slot with {remedy}"
        )

    @staticmethod
    def _fix(facts: Facts, d: dict) -> Fix | None:
        if not d.get("fix"):
            return None
        text, applicability, expected, help_text = d["fix"]
        request = FixRequest("replace", facts.location(d["site"]), text, expected)
        return Fix(help_text, Applicability(applicability), requests=(request,))

    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out = []
        for fn, d in project.candidates(cls.code):
            changed = cls._slot_changed(project, fn, d)
            related = (facts.related(changed, harm.WITNESS + "a slot's object is changed in place here, and every "
                                     "other slot is that same object"),) if changed else ()
            out.append(Diagnostic(cls.code, cls.name, cls._message(d["text"], d.get("suggestion", "")),
                                  facts.location(d["site"]), related,
                                  confidence=Confidence.HIGH if changed else Confidence.MEDIUM,
                                  fix=cls._fix(facts, d), url=cls.url()))
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
        changes = [fn.mutated_allocations[e] for e in elements if e in fn.mutated_allocations]
        if changes:
            return min(changes)
        for mutation in fn.mutations:  # the slots of a library call's result (``dict.fromkeys(keys, [])``)
            if project.extends_in_place(fn, mutation) and any(
                    isinstance(o, Ref) and o.root.kind == "call" and o.root.index in d["calls"]
                    and cls._inside_slot(o.path) for o in mutation.target):
                return mutation.site
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
                    if not project.extends_in_place(c, m):
                        continue
                    for o in m.target:
                        if isinstance(o, Ref) and o.root.kind == "call" and o.root.index == call.id and cls._inside_slot(o.path):
                            return m.site
        return None
