"""AL010 temporary-change-unrestored."""
from __future__ import annotations

import libcst as cst

from aliaslint.syntax_walk import walk_nodes as _nodes
from aliaslint.diagnostics import WITNESS, Confidence, Diagnostic
from aliaslint.harm import is_test_code
from aliaslint.rule import Facts, Invalid, ProjectRule, short_text

#: calls that do not run the project's code or reach the outside world: they are not the call
#: an exception leaves the temporary value behind for
_PLAIN_CALLS = frozenset({
    "len", "str", "int", "float", "bool", "repr", "isinstance", "issubclass", "hasattr", "getattr",
    "dict", "list", "tuple", "set", "frozenset", "sorted", "min", "max", "format", "type", "id",
})


def _root(node: cst.BaseExpression) -> str | None:
    """The name an attribute or item chain starts from (``self`` for ``self.conn.headers``)."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _depth(node: cst.BaseExpression) -> int:
    """How many attributes and items ``node`` reads below its root name."""
    depth = 0
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node, depth = node.value, depth + 1
    return depth


def _statements(block) -> list:
    """The statements of a block, one per small statement of a simple line."""
    body = block.body if isinstance(block, (cst.IndentedBlock, cst.SimpleStatementSuite)) else [block]
    out = []
    for stmt in body:
        if isinstance(stmt, cst.SimpleStatementLine):
            out += list(stmt.body)
        else:
            out.append(stmt)
    return out


def _names(node: cst.CSTNode) -> set[str]:
    return {n.value for n in _nodes(node) if type(n) is cst.Name}


class TemporaryChangeUnrestored(ProjectRule):
    """
    ## What it does
    Finds a function that saves an entry of a long-lived object
    (`orig = self.connection.headers.get("Authorization")`), puts a temporary value there, calls
    out, and puts the saved value back after the call, outside a `finally:` block, so the old
    value comes back only when the call returns.

    ## Why is this bad?
    When the call raises (a timeout, a refused connection, an error response), the temporary
    value stays in an object the program goes on using: every later request on the same
    connection is sent with it. python-keycloak 5.1.1's `userinfo` writes the user's bearer token
    into the connection's shared headers for one request and takes it out only when the request
    returns; after a failed request, the next user's calls go out with the first user's token.

    ## Example
    ```python
    def userinfo(self, token):
        orig = self.connection.headers.get("Authorization")
        self.connection.headers["Authorization"] = "Bearer " + token
        data = self.connection.raw_get(URL_USERINFO)
        self.connection.headers["Authorization"] = orig
        return data
    ```

    ## Use instead
    ```python
    def userinfo(self, token):
        orig = self.connection.headers.get("Authorization")
        self.connection.headers["Authorization"] = "Bearer " + token
        try:
            data = self.connection.raw_get(URL_USERINFO)
        finally:
            self.connection.headers["Authorization"] = orig
        return data
    ```

    ## Fix safety
    No automatic fix: where the `try:` starts and whether the handler should also re-raise is
    the author's choice.

    ## Tiers
    Shown by default for an entry of a mapping (`headers["Authorization"]`, `os.environ["X"]`)
    or an attribute of an object the instance holds (`self.session.timeout`), reached from `self`
    or a module-level name, set to a value the call computes (a user's token): after a failure,
    the next use gets another call's input. The second use named is the restore itself, which a
    failed call skips. `--preview` only: a literal temporary value (`"Content-Type":
    "application/x-www-form-urlencoded"`: what a failure leaves is what the function always
    sets, a constant), an attribute of the instance itself (`self.indent`, a parser's or
    visitor's working state, thrown away with the object when a call fails), an object the
    function was given (the caller decides what a failure leaves), and test code.
    """

    code = "AL010"
    name = "temporary-change-unrestored"
    summary = "A temporary change to a long-lived object is undone only when the call after it returns"

    VALID = (
        "class C:\n    def f(self, t):\n        old = self.conn.headers.get('A')\n        self.conn.headers['A'] = t\n"
        "        try:\n            return self.conn.get()\n        finally:\n            self.conn.headers['A'] = old\n",
        "class C:\n    def f(self, t):\n        old = self.conn.headers.get('A')\n        self.conn.headers['A'] = t\n"
        "        n = len(t)\n        self.conn.headers['A'] = old\n        return n\n",
        "def f(t):\n    headers = {}\n    old = headers.get('A')\n    headers['A'] = t\n    send(headers)\n"
        "    headers['A'] = old\n",
    )
    INVALID = (
        Invalid(
            "class C:\n    def f(self, t):\n        old = self.conn.headers.get('A')\n        self.conn.headers['A'] = t\n"
            "        data = self.conn.get()\n        self.conn.headers['A'] = old\n        return data\n",
            4, 9, "puts the old value back only when that call returns",
        ),
    )

    # ------------------------------------------------------------ phase 1
    # The walk of each function (the analyzer's) notes the names bound to a slot's value and the
    # names handed back to a slot or a call; only a function with a name in both is read whole
    # (reading every function's statements again was a quarter of the per-module pass).
    def __init__(self, context) -> None:
        super().__init__(context)
        #: per function being walked (nested ones on top): the names bound to an item, to an
        #: attribute; the names put back into a slot, into a call; every name the function binds
        self._open: list[tuple[set, set, set, set, set]] = []
        self._bound: set[str] = set()

    def function_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._open.append((set(), set(), set(), set(), set()))

    def _binds(self, target: cst.BaseExpression | None) -> None:
        if self._open and target is not None:
            bound = self._open[-1][4]
            if isinstance(target, cst.Name):
                bound.add(target.value)
            elif isinstance(target, (cst.Tuple, cst.List)):
                for el in target.elements:
                    self._binds(el.value)
            elif isinstance(target, cst.StarredElement):
                self._binds(target.value)

    def visit_For(self, node: cst.For) -> None:
        self._binds(node.target)

    def visit_With(self, node: cst.With) -> None:
        for item in node.items:
            if item.asname is not None:
                self._binds(item.asname.name)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._binds(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._binds(node.target)

    def visit_Assign(self, node: cst.Assign) -> None:
        if not self._open:
            return
        for t in node.targets:
            self._binds(t.target)
        if len(node.targets) != 1:
            return
        items, attributes, put_back, _, _ = self._open[-1]
        target, value = node.targets[0].target, node.value
        if isinstance(target, cst.Name):
            if isinstance(value, cst.Attribute):
                attributes.add(target.value)
            elif isinstance(value, (cst.Call, cst.Subscript)):
                items.add(target.value)
        elif isinstance(value, cst.Name) and isinstance(target, (cst.Attribute, cst.Subscript)):
            put_back.add(value.value)

    def visit_Call(self, node: cst.Call) -> None:
        # ``self.connection.add_param_headers("Authorization", orig_bearer)``: a setter given the key
        if self._open and len(node.args) >= 2 \
                and any(type(a.value) is cst.SimpleString for a in node.args):
            self._open[-1][3].update(a.value.value for a in node.args if type(a.value) is cst.Name)

    def finished_FunctionDef(self, node: cst.FunctionDef) -> None:
        items, attributes, put_back, given, self._bound = self._open.pop()
        if (items | attributes) & put_back or items & given:
            self._read_whole(node)

    def _read_whole(self, node: cst.FunctionDef) -> None:
        params = {p.name.value for p in (*node.params.posonly_params, *node.params.params,
                                         *node.params.kwonly_params)}
        if isinstance(node.params.star_arg, cst.Param):
            params.add(node.params.star_arg.name.value)
        if node.params.star_kwarg is not None:
            params.add(node.params.star_kwarg.name.value)
        local = self._bound - params
        self._scan(node.body, params, local, protected=frozenset())

    def _scan(self, block, params: set[str], local: set[str], protected: frozenset, after: tuple = ()) -> None:
        """Match every statement of ``block``; ``after``: the statements that run next once the
        block ends (those after its compound statement, and so on outwards), where a change made
        at its end may be undone (``if rpt: orig = ...get("Authorization"); ...add(...)`` and the
        request and the restore after the ``if``: python-keycloak's ``introspect``)."""
        stmts = _statements(block)
        for i in range(len(stmts)):
            self._match([*stmts, *after], i, params, local, protected)
        for k, stmt in enumerate(stmts):
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                continue  # its own function
            rest = (*stmts[k + 1:], *after)
            if isinstance(stmt, cst.Try):
                # a handler or ``finally`` that names the saved value puts it back on failure
                guarded = set()
                for part in (*stmt.handlers, *([stmt.finalbody] if stmt.finalbody else [])):
                    guarded |= _names(part)
                self._scan(stmt.body, params, local, protected | frozenset(guarded))
                for part in (*stmt.handlers, *([stmt.orelse] if stmt.orelse else []),
                             *([stmt.finalbody] if stmt.finalbody else [])):
                    self._scan(part.body, params, local, protected)
                continue
            if isinstance(stmt, cst.If):
                self._scan_if(stmt, params, local, protected, rest)
                continue
            for field in ("body", "orelse"):
                sub = getattr(stmt, field, None)
                if isinstance(sub, (cst.IndentedBlock, cst.SimpleStatementSuite)):
                    self._scan(sub, params, local, protected)
                elif isinstance(sub, cst.Else):
                    self._scan(sub.body, params, local, protected)

    def _scan_if(self, node: cst.If, params, local, protected, after: tuple) -> None:
        self._scan(node.body, params, local, protected, after)
        if isinstance(node.orelse, cst.If):
            self._scan_if(node.orelse, params, local, protected, after)
        elif isinstance(node.orelse, cst.Else):
            self._scan(node.orelse.body, params, local, protected, after)

    def _code(self, node: cst.CSTNode) -> str:
        return self.context.module.code_for(node)

    def _saved_slot(self, stmt) -> tuple[str, cst.BaseExpression, str, str] | None:
        """``orig = X.get(K)`` / ``orig = X[K]`` / ``orig = X.a``: (the name, the holder ``X``,
        the slot's key text (``'A'`` or ``.a``), its kind ``item`` or ``attribute``)."""
        if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0].target, cst.Name)):
            return None
        name, value = stmt.targets[0].target.value, stmt.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "get" \
                and 1 <= len(value.args) <= 2 and value.args[0].keyword is None \
                and isinstance(value.args[0].value, cst.SimpleString):
            return name, value.func.value, self._code(value.args[0].value), "item"
        if isinstance(value, cst.Subscript) and len(value.slice) == 1 and isinstance(value.slice[0].slice, cst.Index) \
                and isinstance(value.slice[0].slice.value, cst.SimpleString):
            return name, value.value, self._code(value.slice[0].slice.value), "item"
        if isinstance(value, cst.Attribute) and isinstance(value.value, (cst.Name, cst.Attribute)):
            return name, value.value, "." + value.attr.value, "attribute"
        return None

    def _writes(self, node: cst.CSTNode, holder: str, key: str) -> cst.CSTNode | None:
        """The part of ``node`` that writes or removes the slot, or None: ``X[K] = v``, ``del X[K]``, ``X.pop(K)``,
        ``X.a = v``, ``X.update({K: v})``, ``setattr(X, "a", v)``, or a method of an object on the
        way to ``X`` given the key (``self.connection.add_param_headers("Authorization", v)`` for
        ``self.connection.headers``)."""
        for n in _nodes(node):
            if isinstance(n, (cst.Assign, cst.AugAssign, cst.Del)):
                for target in ([t.target for t in n.targets] if isinstance(n, cst.Assign) else [n.target]):
                    if key.startswith("."):
                        if isinstance(target, cst.Attribute) and "." + target.attr.value == key \
                                and self._code(target.value) == holder:
                            return n
                    elif isinstance(target, cst.Subscript) and len(target.slice) == 1 \
                            and isinstance(target.slice[0].slice, cst.Index) \
                            and self._code(target.slice[0].slice.value) == key and self._code(target.value) == holder:
                        return n
            elif isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute):
                receiver, method = self._code(n.func.value), n.func.attr.value
                args = [self._code(a.value) for a in n.args]
                if receiver == holder and method in ("pop", "__setitem__", "__delitem__", "setdefault") \
                        and args[:1] == [key]:
                    return n
                if receiver == holder and method == "update" and n.args and isinstance(n.args[0].value, cst.Dict) \
                        and any(isinstance(el, cst.DictElement) and self._code(el.key) == key
                                for el in n.args[0].value.elements):
                    return n
                if holder.startswith(receiver + ".") and args[:1] == [key]:
                    return n  # a setter of the object that holds ``X``, given the key
            elif isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value in ("setattr", "delattr") \
                    and key.startswith(".") and len(n.args) >= 2 and self._code(n.args[0].value) == holder \
                    and isinstance(n.args[1].value, cst.SimpleString) \
                    and n.args[1].value.evaluated_value == key[1:]:
                return n
        return None

    def _outside_call(self, node: cst.CSTNode) -> cst.Call | None:
        """The first call in ``node`` that runs other code than a builtin's."""
        calls = [n for n in _nodes(node) if isinstance(n, cst.Call)]
        calls.sort(key=lambda c: (self.context.site(c).line, self.context.site(c).column))
        for c in calls:
            if not (isinstance(c.func, cst.Name) and c.func.value in _PLAIN_CALLS):
                return c
        return None

    def _match(self, stmts: list, i: int, params: set[str], local: set[str], protected: frozenset) -> None:
        saved = self._saved_slot(stmts[i])
        if saved is None:
            return
        name, holder_node, key, kind = saved
        root = _root(holder_node)
        if root is None or root in local or name in protected:
            return  # an object the function made itself, or one a handler puts back
        holder = self._code(holder_node)
        change = call = None
        for stmt in stmts[i + 1:]:
            if change is None:
                change = self._writes(stmt, holder, key)
                if change is not None:
                    continue  # (``self.indent = old + 1`` reads the saved value: still the change)
                if name in _names(stmt):
                    return  # read before anything changed it
                if self._writes_holder(stmt, holder):
                    return  # the holder itself replaced: another object
                continue
            if name in _names(stmt):
                if call is not None and self._writes(stmt, holder, key) is not None and not isinstance(stmt, cst.Try):
                    self._record(stmts[i], change, call, stmt, holder, key, kind, root, params, holder_node)
                return
            if isinstance(stmt, (cst.Return, cst.Raise, cst.FunctionDef, cst.ClassDef)):
                return
            if call is None:
                call = self._outside_call(stmt)

    def _constant_value(self, change: cst.CSTNode, key: str) -> bool:
        """Whether the temporary value is a literal (``"application/x-www-form-urlencoded"``),
        the same on every call: a later use that gets it gets what some call of the function
        always sets, not another call's input (python-keycloak's ``Content-Type`` for its form
        posts, which the reader of this rule's findings found harmless, against the bearer
        token of one user left for the next)."""
        values: list = []
        if isinstance(change, cst.Assign):
            values = [change.value]
        elif isinstance(change, cst.Call):
            values = [a.value for a in change.args if self._code(a.value) != key]
        return bool(values) and all(_literal(v) for v in values)

    def _writes_holder(self, stmt, holder: str) -> bool:
        return any(isinstance(n, cst.AssignTarget) and self._code(n.target) == holder for n in _nodes(stmt))

    def _record(self, save, change, call: cst.Call, restore, holder: str, key: str, kind: str, root: str,
                params: set[str], holder_node) -> None:
        ctx = self.context
        slot = f"{holder}[{key}]" if kind == "item" else f"{holder}{key}"
        # the object's own working state, or what the function was given: preview
        own_state = kind == "attribute" and _depth(holder_node) == 0
        given = root in params and root not in ("self", "cls")
        ctx.candidate(self, {
            "site": ctx.site(save), "change": ctx.site(change), "call": ctx.site(call), "restore": ctx.site(restore),
            "slot": slot, "holder": holder, "callee": short_text(self._code(call.func), 40),
            "preview": own_state or given or self._constant_value(change, key),
        })

    # ------------------------------------------------------------ phase 3
    @classmethod
    def check_project(cls, project, facts: Facts) -> list[Diagnostic]:
        out, seen = [], set()
        for fn, d in project.candidates(cls.code):
            if d["site"] in seen:
                continue  # (a loop's body is walked again)
            seen.add(d["site"])
            call = d["call"]
            message = (
                f"`{facts.short(fn.qualname)}` sets `{d['slot']}` for the call to `{d['callee']}` (line {call.line}) "
                f"and puts the old value back only when that call returns: if it raises, the temporary value stays, "
                f"and every later use of `{d['holder']}` sees it; put the old value back in a `finally:` block"
            )
            related = (
                facts.related(d["site"], "the old value is saved here"),
                facts.related(call, "this call may raise, and skip what follows"),
                facts.related(d["restore"], WITNESS + "the old value is put back here only when the call returned; "
                                                      "after a failure, the next use of the object gets the temporary one"),
            )
            preview = d["preview"] or is_test_code(fn)
            out.append(Diagnostic(cls.code, cls.name, message, facts.location(d["change"]), related,
                                  confidence=Confidence.MEDIUM if preview else Confidence.HIGH, url=cls.url()))
        return out


def _literal(node: cst.BaseExpression) -> bool:
    """A string, number, ``True``/``False``/``None``, or a display of them."""
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False", "None")
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        return all(isinstance(el, cst.Element) and _literal(el.value) for el in node.elements)
    if isinstance(node, cst.Dict):
        return all(isinstance(el, cst.DictElement) and _literal(el.key) and _literal(el.value) for el in node.elements)
    return False
