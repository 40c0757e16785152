"""Turn fix requests into changes of one module's source, with LibCST.

    apply_requests(source: str, requests: Iterable[FixRequest]) -> Transformed

The module is parsed once; each request finds its node by its exact span (positions as the
analysis reports them: 1-based lines, 1-based character columns, parentheses excluded) and
checks that the node is still the one the rule saw (its source text, or the function's name).
Everything outside the changed nodes is printed back as it was: formatting, comments, line
endings and encoding declarations stay. Requests that overlap a request already taken are
left for the next round (the fixer re-checks the file and asks again), as ruff does.

A deep copy needs a name for ``copy.deepcopy`` that means it where it is used: the module's own
``import copy`` or ``from copy import deepcopy`` when there is one, else ``copy.deepcopy`` when
``copy`` is unbound there, else ``deepcopy`` when that is unbound; a missing import is added with LibCST's ``AddImportsVisitor``
(after the docstring and ``__future__`` imports). When both names are taken by something else,
the request is skipped.

The result is parsed again, by LibCST and by CPython's compiler; a text that does not parse is
never returned (:class:`BrokenFix`), so the caller keeps the file as it was.
"""
from __future__ import annotations

import ast
import bisect
import difflib
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import GlobalScope, MetadataWrapper, Scope, ScopeProvider

from aliaslint.diagnostics import FixRequest
from aliaslint.files import physical_lines
from aliaslint.positions import node_positions

__all__ = ["BrokenFix", "Transformed", "apply_requests"]

Span = tuple[int, int, int, int]


class BrokenFix(Exception):
    """The requests, applied together, give a text that does not parse (a bug of a fix: the
    file must be kept as it was). The message says what the parser said."""


@dataclass
class Transformed:
    """``source`` is the new text (the old one when nothing applied); ``applied`` the requests
    it carries out; ``skipped`` maps the others to the reason (for ``-v`` and the tests)."""

    source: str
    applied: set[FixRequest] = field(default_factory=set)
    skipped: dict[FixRequest, str] = field(default_factory=dict)
    #: when the changes were spliced in: each as (start offset, end offset, new text) in the old
    #: text, for line edits without a diff (see :func:`splice_line_edits`)
    splices: tuple[tuple[int, int, str], ...] | None = None


def _span(request: FixRequest) -> Span:
    loc = request.location
    return (loc.line, loc.column, loc.end_line, loc.end_column)


def _overlaps(a: Span, b: Span) -> bool:
    return (a[0], a[1]) < (b[2], b[3]) and (b[0], b[1]) < (a[2], a[3])


def _binding(scope: Scope, name: str, module: str, imported: str | None,
             type_only: frozenset[int] = frozenset()) -> str:
    """What ``name`` means in ``scope``: ``"free"`` (unbound), ``"ours"`` (bound only by
    ``import <module>`` or ``from <module> import <imported>`` at module level) or ``"taken"``
    (also an import only type checkers run: ``type_only`` holds those import statements' ids)."""
    assignments = scope[name]
    if not assignments:
        return "free"
    for a in assignments:
        node = getattr(a, "node", None)
        if not isinstance(a.scope, GlobalScope) or id(node) in type_only:
            return "taken"
        if imported is None and isinstance(node, cst.Import):
            ok = any(
                isinstance(alias.name, cst.Name) and alias.name.value == module
                and (alias.asname is None or cst.ensure_type(alias.asname.name, cst.Name).value == name)
                for alias in node.names
            )
        elif imported is not None and isinstance(node, cst.ImportFrom) and not node.relative \
                and isinstance(node.module, cst.Name) and node.module.value == module \
                and not isinstance(node.names, cst.ImportStar):
            ok = any(
                isinstance(alias.name, cst.Name) and alias.name.value == imported
                and (alias.asname is None or cst.ensure_type(alias.asname.name, cst.Name).value == name)
                for alias in node.names
            )
        else:
            ok = False
        if not ok:
            return "taken"
    return "ours"


_NAMES = ("copy", "deepcopy")


@dataclass(frozen=True)
class _Assignment:
    """The part of a LibCST assignment :func:`_binding` reads."""

    node: cst.CSTNode
    scope: GlobalScope


class _ModuleLevel:
    """Every scope of a module whose only bindings of ``copy`` and ``deepcopy`` are imports at
    its top level: each sees those imports (``scope[name]``, as LibCST's scopes answer it)."""

    def __init__(self, assignments: dict[str, list[_Assignment]], local: list[tuple[int, int]]) -> None:
        self.assignments = assignments
        #: lines of the functions and classes that bind one of the names themselves
        self.local = local

    def covers(self, line: int) -> bool:
        return not any(first <= line <= last for first, last in self.local)

    def __getitem__(self, name: str) -> list[_Assignment]:
        return self.assignments.get(name, [])


def _module_level(source: str, tree: cst.Module) -> _ModuleLevel | None:
    """A :class:`_ModuleLevel` for ``tree`` when nothing but top-level imports binds ``copy`` or
    ``deepcopy`` outside functions and classes (CPython's parser finds every binding: a name
    stored or deleted, a parameter, a definition, an ``except ... as``), with the line ranges of
    the functions and classes that bind one (``argparse``'s ``import copy`` inside a function):
    LibCST's scopes answer for what is inside those. ``None`` for anything else (a ``global``, a
    module-level assignment, an import under an ``if``)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    top = {id(s) for s in module.body if isinstance(s, (ast.Import, ast.ImportFrom))}
    ranges: list[tuple[int, int]] = []
    scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)

    def binds(node: ast.AST) -> bool:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return any((a.asname or a.name.split(".")[0]) in _NAMES for a in node.names)
        if isinstance(node, ast.Name):
            return node.id in _NAMES and not isinstance(node.ctx, ast.Load)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return node.name in _NAMES  # bound in the scope around it
        if isinstance(node, ast.arg):
            return node.arg in _NAMES
        if isinstance(node, ast.ExceptHandler):
            return node.name in _NAMES
        if type(node).__name__ in ("MatchAs", "MatchStar", "MatchMapping"):
            return getattr(node, "name", None) in _NAMES or getattr(node, "rest", None) in _NAMES
        return False

    def walk(node: ast.AST, inside: ast.AST | None) -> bool:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Global, ast.Nonlocal)) and any(n in _NAMES for n in child.names):
                return False
            if binds(child) and id(child) not in top:
                if inside is None:
                    return False  # bound at module level by something else than an import
                ranges.append((inside.lineno, inside.end_lineno or inside.lineno))
            # a parameter belongs to its function; a definition's name to the scope around it
            if not walk(child, child if isinstance(child, scopes) else inside):
                return False
        return True

    if not walk(module, None):
        return None
    scope = GlobalScope()
    found: dict[str, list[_Assignment]] = {}
    for statement in tree.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.evaluated_alias or alias.evaluated_name.split(".")[0] \
                        if isinstance(small, cst.Import) else alias.evaluated_alias or alias.evaluated_name
                    if bound in _NAMES:
                        found.setdefault(bound, []).append(_Assignment(small, scope))
    return _ModuleLevel(found, ranges)


class _Edits(cst.CSTTransformer):
    """Replaces the chosen nodes (by identity) and inserts statements at the top of functions."""

    def __init__(self, replace: dict[int, object], insert: dict[int, list[cst.SimpleStatementLine]]) -> None:
        super().__init__()
        self.replace = replace
        self.insert = insert
        self.made: set[int] = set()

    def on_leave(self, original, updated):
        make = self.replace.get(id(original))
        if make is not None:
            new = make(updated)
            self.made.add(id(new))
            return new
        if isinstance(original, cst.FunctionDef) and id(original) in self.insert:
            return _insert_first(updated, self.insert[id(original)])
        if isinstance(updated, cst.Call) and len(updated.args) == 1:
            # ``list(itertools.repeat({}, n))`` -> ``list({} for _ in range(n))``, not ``list((...))``
            arg = updated.args[0]
            if id(arg.value) in self.made and isinstance(arg.value, cst.GeneratorExp) and arg.keyword is None \
                    and not arg.star and len(arg.value.lpar) == 1:
                return updated.with_changes(args=[arg.with_changes(value=arg.value.with_changes(lpar=[], rpar=[]))])
        return updated


def _insert_first(fn: cst.FunctionDef, lines: list[cst.SimpleStatementLine]) -> cst.FunctionDef:
    body = fn.body
    if isinstance(body, cst.SimpleStatementSuite):  # ``def f(x): return x``
        rest = cst.SimpleStatementLine(body=body.body, trailing_whitespace=body.trailing_whitespace)
        return fn.with_changes(body=cst.IndentedBlock(body=[*lines, rest]))
    statements = list(body.body)
    at = 1 if statements and _is_docstring(statements[0]) else 0
    return fn.with_changes(body=body.with_changes(body=[*statements[:at], *lines, *statements[at:]]))


def _is_docstring(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _param_names(fn: cst.FunctionDef) -> set[str]:
    p = fn.params
    params = [*p.posonly_params, *p.params, *p.kwonly_params]
    for star in (p.star_arg, p.star_kwarg):
        if isinstance(star, cst.Param):
            params.append(star)
    return {param.name.value for param in params}


def _is_copy_of(statement: cst.BaseStatement, name: str, shallow: bool = False) -> bool:
    """``name = copy.deepcopy(name)`` or ``name = deepcopy(name)`` (with ``shallow``, also
    ``name = copy.copy(name)`` or ``name = copy(name)``): the fix is already there."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    assign = statement.body[0]
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name) and assign.targets[0].target.value == name):
        return False
    call = assign.value
    if not isinstance(call, cst.Call) or len(call.args) != 1:
        return False
    func = call.func
    names = ("deepcopy", "copy") if shallow else ("deepcopy",)
    is_copy = (isinstance(func, cst.Name) and func.value in names) or (
        isinstance(func, cst.Attribute) and func.attr.value in names
        and isinstance(func.value, cst.Name) and func.value.value == "copy")
    value = call.args[0].value
    return is_copy and isinstance(value, cst.Name) and value.value == name


class _Module:
    """One parse of the module, with the metadata the requests need."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines = physical_lines(source, keepends=True)
        self.tree = cst.parse_module(source)
        self.wrapper = MetadataWrapper(self.tree, unsafe_skip_copy=True)
        # the analysis's own positions: LibCST's ranges, several times faster (aliaslint.positions)
        self.positions = node_positions(self.tree, keep_nodes=True)
        self._scopes = None
        self._by_span: dict[Span, list[cst.CSTNode]] | None = None
        self._type_only: frozenset[int] | None = None
        self._imports: dict[frozenset, list[tuple[int, int, str]]] = {}
        self._module_level: "_ModuleLevel | bool | None" = None
        #: the offset in ``source`` where each line starts, and one past the end
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    @property
    def scopes(self):
        if self._scopes is None:
            self._scopes = self.wrapper.resolve(ScopeProvider)
        return self._scopes

    @property
    def type_only(self) -> frozenset[int]:
        """Ids of the import statements under a module-level ``if TYPE_CHECKING:``: nothing
        they import exists when the code runs (a deep copy spelled with such a ``copy`` raises
        ``NameError``)."""
        if self._type_only is None:
            found = set()
            for statement in self.tree.body:
                if isinstance(statement, cst.If) and self.tree.code_for_node(statement.test).strip().endswith(
                        "TYPE_CHECKING") and isinstance(statement.body, cst.IndentedBlock):
                    for line in statement.body.body:
                        if isinstance(line, cst.SimpleStatementLine):
                            found.update(id(s) for s in line.body if isinstance(s, (cst.Import, cst.ImportFrom)))
            self._type_only = frozenset(found)
        return self._type_only

    def import_edits(self, imports: frozenset[tuple[str, str | None]]) -> list[tuple[int, int, str]]:
        """The changes ``AddImportsVisitor`` makes to this text to add ``imports``, as (start
        offset, end offset, new text) over whole lines; worked out once per set of imports (one
        whole-tree transform, whatever the number of findings needing them)."""
        if imports not in self._imports:
            from libcst.codemod import CodemodContext  # half a second to import: only now
            from libcst.codemod.visitors import AddImportsVisitor

            def changes(tree: cst.Module) -> list:
                context = CodemodContext()
                for module_name, obj in sorted(imports, key=lambda i: (i[0], i[1] or "")):
                    AddImportsVisitor.add_needed_import(context, module_name, obj)
                before = physical_lines(tree.code, keepends=True)
                after = physical_lines(AddImportsVisitor(context).transform_module(tree).code, keepends=True)
                return [(i1, i2, "".join(after[j1:j2])) for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
                    None, before, after, autojunk=False).get_opcodes() if tag != "equal"]

            # the visitor looks only at the docstring, the import block after it and the first
            # statement past the block (it may get an empty line before it): given just those,
            # it changes the same lines, without walking the whole module
            body = self.tree.body
            end = 1
            while end < len(body) and isinstance(body[end], cst.SimpleStatementLine) \
                    and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in body[end].body):
                end += 1
            head = self.tree.with_changes(body=body[:end + 1], footer=())
            prefix = physical_lines(head.code, keepends=True)
            hunks = changes(head) if self.lines[:len(prefix)] == prefix else None
            if hunks is None or any(i2 >= len(prefix) for _, i2, _ in hunks):
                hunks = changes(self.tree)
            self._imports[imports] = [(self.starts[i1], self.starts[i2], text) for i1, i2, text in hunks]
        return self._imports[imports]

    def scope_of(self, node: cst.CSTNode):
        """What :func:`_binding` needs of ``node``'s scope: LibCST's, or, when ``copy`` and
        ``deepcopy`` are bound only by imports at the module's top level (or not at all), the
        same answer for every scope (:class:`_ModuleLevel`) without resolving the scopes of the
        whole module (a third of the time of a fix on a large module)."""
        if self._module_level is None:
            self._module_level = _module_level(self.source, self.tree) or False
        if self._module_level and self._module_level.covers(self.positions[node].start.line):
            return self._module_level
        return self.scopes[node]

    def nodes_at(self, spans: set[Span]) -> dict[Span, list[cst.CSTNode]]:
        """The nodes at each span, outermost first (an index built on first use)."""
        if self._by_span is None:
            self._by_span = {}
            for node in self.positions.nodes:
                line, column, end_line, end_column = self.positions.span(node)
                self._by_span.setdefault((line, column + 1, end_line, end_column + 1), []).append(node)
        return {span: self._by_span[span] for span in spans if span in self._by_span}

    def text(self, node: cst.CSTNode) -> str:
        r = self.positions[node]
        if r.start.line == r.end.line:
            return self.lines[r.start.line - 1][r.start.column:r.end.column]
        return "".join([self.lines[r.start.line - 1][r.start.column:], *self.lines[r.start.line:r.end.line - 1],
                        self.lines[r.end.line - 1][:r.end.column]])

    def deepcopy_name(self, scope: Scope) -> tuple[str, tuple[str, str | None] | None] | None:
        """The callee text for a deep copy in ``scope`` and the import it needs (or None), or
        None when ``copy`` and ``deepcopy`` are both taken there."""
        copy_binding = _binding(scope, "copy", "copy", None, self.type_only)
        deepcopy_binding = _binding(scope, "deepcopy", "copy", "deepcopy", self.type_only)
        if copy_binding == "ours" or copy_binding == "free" and deepcopy_binding != "ours":
            return "copy.deepcopy", (("copy", None) if copy_binding == "free" else None)
        if deepcopy_binding != "taken":  # ``from copy import deepcopy`` is there, or ``copy`` is taken
            return "deepcopy", (("copy", "deepcopy") if deepcopy_binding == "free" else None)
        return None

    def shallow_copy_name(self, scope: Scope) -> tuple[str, tuple[str, str | None] | None] | None:
        """The callee text for a shallow copy in ``scope`` (``copy.copy``, or ``copy`` where
        ``from copy import copy`` is there) and the import it needs (or None), or None when the
        name ``copy`` means something else there."""
        module_binding = _binding(scope, "copy", "copy", None, self.type_only)
        if module_binding != "taken":
            return "copy.copy", (("copy", None) if module_binding == "free" else None)
        if _binding(scope, "copy", "copy", "copy", self.type_only) == "ours":
            return "copy", None
        return None

    def is_copy_copy(self, func: cst.BaseExpression, scope: Scope) -> bool:
        """``copy.copy`` (``import copy``) or ``copy`` (``from copy import copy``)."""
        if isinstance(func, cst.Attribute) and func.attr.value == "copy" and isinstance(func.value, cst.Name):
            return func.value.value == "copy" and _binding(scope, "copy", "copy", None) == "ours"
        if isinstance(func, cst.Name) and func.value == "copy":
            return _binding(scope, "copy", "copy", "copy") == "ours"
        return False


def _deep_copy_of(node: cst.BaseExpression, callee: str, module: _Module, scope: Scope):
    """A function making the deep-copy expression from the (updated) copy expression."""
    dotted = cst.parse_expression(callee)

    def make(updated: cst.BaseExpression) -> cst.BaseExpression:
        if isinstance(updated, cst.Call) and not any(a.star or a.keyword for a in updated.args):
            if len(updated.args) == 1 and module.is_copy_copy(node.func, scope):
                # ``copy.copy(x)`` -> ``copy.deepcopy(x)``
                return updated.with_changes(func=dotted)
            if not updated.args and isinstance(updated.func, cst.Attribute) and updated.func.attr.value == "copy":
                # ``x.copy()`` -> ``copy.deepcopy(x)`` (same type for dicts, lists and sets)
                return cst.Call(func=dotted, args=[cst.Arg(updated.func.value)], lpar=updated.lpar, rpar=updated.rpar)
        # anything else keeps its own meaning (``dict(x)`` stays a dict): deep-copy its result
        inner = updated.with_changes(lpar=[], rpar=[]) if updated.lpar else updated
        return cst.Call(func=dotted, args=[cst.Arg(inner)], lpar=updated.lpar, rpar=updated.rpar)

    return make


def _replacement(text: str):
    new = cst.parse_expression(text)

    def make(updated: cst.BaseExpression) -> cst.BaseExpression:
        if updated.lpar:
            return new.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        return new

    return make


def parse(source: str) -> "_Module":
    """One parse of ``source`` with its metadata, for several :func:`apply_requests` calls on
    the same text (each finding's fix resolved on its own: ``--output-format json``). Raises
    ``libcst.ParserSyntaxError`` when ``source`` does not parse."""
    return _Module(source)


def apply_requests(source: str, requests: Iterable[FixRequest], parsed: "_Module | None" = None,
                   splice: bool = False, validate: bool = True) -> Transformed:
    """Apply ``requests`` (all for this module) to ``source``; ``parsed`` is :func:`parse`'s
    result for this very text, when the caller keeps one.

    ``splice``: print only the changed nodes and put them into the text in place
    (:func:`_splice_edits`), instead of transforming and printing the whole tree and parsing the result
    with LibCST again: the same text, for a fraction of the time on a large module (each finding's
    fix resolved on its own for ``--output-format json``: a 4,000-line module took about a second
    per finding). Changes it cannot place exactly fall back to the whole tree. ``validate=False``
    leaves the spliced text's check to the caller (:func:`parses`; ``with_edits`` parses all of
    a file's fixes together once).

    Raises :class:`BrokenFix` when the changed text does not parse, and
    ``libcst.ParserSyntaxError`` when ``source`` itself does not.
    """
    requests = sorted(set(requests), key=lambda r: (_span(r), r.kind, r.text))
    out = Transformed(source)
    if not requests:
        return out
    module = parsed if parsed is not None and parsed.source is source else _Module(source)
    found = module.nodes_at({_span(r) for r in requests})
    replace: dict[int, object] = {}
    insert: dict[int, list[cst.SimpleStatementLine]] = {}
    taken: list[Span] = []
    imports: set[tuple[str, str | None]] = set()
    functions: dict[int, cst.FunctionDef] | None = None
    made: list[tuple[cst.CSTNode, object]] = []  # the nodes replaced, in order, for splicing
    inserted: dict[int, cst.FunctionDef] = {}

    for request in requests:
        span = _span(request)
        nodes = found.get(span, [])
        if request.kind in ("replace", "deepcopy"):
            expressions = [n for n in nodes if isinstance(n, cst.BaseExpression)]
            if request.expected:
                expressions = [n for n in expressions if module.text(n) == request.expected]
            if not expressions:
                out.skipped[request] = "the code at this place changed"
                continue
            node = expressions[0]
            if any(_overlaps(span, other) for other in taken):
                out.skipped[request] = "overlaps another fix (left for the next round)"
                continue
            if request.kind == "replace":
                try:
                    make = _replacement(request.text)
                except cst.ParserSyntaxError:
                    out.skipped[request] = "the replacement does not parse"
                    continue
            else:
                scope = module.scope_of(node)
                name = module.deepcopy_name(scope)
                if name is None:
                    out.skipped[request] = "`copy` and `deepcopy` are both taken here"
                    continue
                callee, needed = name
                if needed:
                    imports.add(needed)
                make = _deep_copy_of(node, callee, module, scope)
            taken.append(span)
            replace[id(node)] = make
            made.append((node, make))
            out.applied.add(request)
        elif request.kind in ("copy-parameter", "shallow-copy-parameter"):
            shallow = request.kind == "shallow-copy-parameter"
            if functions is None:
                functions = {id(n.name): n for n in module.positions.nodes if isinstance(n, cst.FunctionDef)}
            fn = next((functions[id(n)] for n in nodes if id(n) in functions), None)
            if fn is None or fn.name.value != request.expected:
                out.skipped[request] = "the function at this place changed"
                continue
            if request.text not in _param_names(fn):
                out.skipped[request] = f"`{request.text}` is not a parameter of `{fn.name.value}`"
                continue
            body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
            first = list(body[1:] if body and _is_docstring(body[0]) else body)
            if any(_is_copy_of(s, request.text, shallow) for s in first[:5]):
                out.skipped[request] = "the copy is already there"
                continue
            inside = body[0] if body else fn.body
            scope = module.scope_of(inside)
            # (where the name ``copy`` is something else, a deep copy is as right, only heavier)
            name = (module.shallow_copy_name(scope) if shallow else None) or module.deepcopy_name(scope)
            if name is None:
                out.skipped[request] = "`copy` and `deepcopy` are both taken here"
                continue
            callee, needed = name
            if needed:
                imports.add(needed)
            line = cst.parse_statement(f"{request.text} = {callee}({request.text})\n")
            insert.setdefault(id(fn), []).append(cst.ensure_type(line, cst.SimpleStatementLine))
            inserted[id(fn)] = fn
            out.applied.add(request)
        else:
            out.skipped[request] = f"unknown fix kind {request.kind!r}"

    if not out.applied:
        return out
    if splice:
        edits = _splice_edits(module, made, [(inserted[k], lines) for k, lines in insert.items()], imports)
        if edits is not None:
            spliced = spliced_text(module.source, edits)
            if not validate or parses(spliced):
                out.source, out.splices = spliced, tuple(edits)
                return out
    tree = module.tree.visit(_Edits(replace, insert))
    if imports:
        # imported here: ``libcst.codemod`` takes half a second to import, needed only now
        from libcst.codemod import CodemodContext
        from libcst.codemod.visitors import AddImportsVisitor

        context = CodemodContext()
        for module_name, obj in sorted(imports, key=lambda i: (i[0], i[1] or "")):
            AddImportsVisitor.add_needed_import(context, module_name, obj)
        tree = AddImportsVisitor(context).transform_module(tree)
    out.source = tree.code
    check_parses(out.source)
    return out


def _splice_edits(module: "_Module", made, inserts, imports: set[tuple[str, str | None]]) -> list | None:
    """The changes that give the text :func:`apply_requests` would print, as (start offset, end
    offset, new text) in the old text: each changed node's own text in place of the old one's
    (``made``: (node, make) pairs; ``inserts``: (function, lines) to add at the top of its body;
    ``imports``: as for ``AddImportsVisitor``), or ``None`` when a change cannot be placed exactly: a generator whose parentheses the whole tree would drop
    (``list(itertools.repeat({}, n))``), an expression over several lines (printed in its block,
    its continuation lines get the block's indentation), a one-line function body, an added
    import that touches a changed line (the whole tree then decides; so it does when the result
    does not parse, :func:`parses`)."""
    starts = module.starts

    def offset(position) -> int:
        return starts[position.line - 1] + position.column

    edits: list[tuple[int, int, str]] = []
    for node, make in made:
        new = make(node)  # no change is nested in another (overlaps wait for the next round)
        if isinstance(new, cst.GeneratorExp) or not isinstance(new, cst.BaseExpression):
            return None
        keep = len(node.lpar)  # the node's own parentheses are outside its span, and stay
        if len(new.lpar) < keep or len(new.rpar) < keep:
            return None
        bare = new.with_changes(lpar=new.lpar[keep:], rpar=new.rpar[:len(new.rpar) - keep])
        text = module.tree.code_for_node(bare)
        if "\n" in text or "\r" in text:
            return None  # its continuation lines take the block's indentation from the whole tree
        r = module.positions[node]
        edits.append((offset(r.start), offset(r.end), text))
    for fn, lines in inserts:
        body = fn.body
        if not isinstance(body, cst.IndentedBlock) or not body.body:
            return None
        statements = list(body.body)
        at = 1 if _is_docstring(statements[0]) else 0
        first = module.positions[statements[0]].start
        indent = module.lines[first.line - 1][:first.column]
        if indent.strip():
            return None
        if at < len(statements):
            line = module.positions[statements[at]].start.line - len(statements[at].leading_lines)
        else:
            line = module.positions[statements[0]].end.line + 1
        text = "".join(indent + module.tree.code_for_node(s) for s in lines)
        edits.append((starts[line - 1], starts[line - 1], text))
    if imports:
        for begin, end, text in module.import_edits(frozenset(imports)):
            if any(b < end and begin < e or b == e == begin for b, e, _ in edits):
                return None
            edits.append((begin, end, text))
    return sorted(edits, key=lambda e: (e[0], e[1]))


def spliced_text(source: str, edits) -> str:
    """``source`` with ``edits`` ((start offset, end offset, new text), not overlapping) made."""
    parts, at = [], 0
    for begin, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        parts += [source[at:begin], text]
        at = end
    parts.append(source[at:])
    return "".join(parts)


def parses(source: str) -> bool:
    """Whether CPython parses ``source`` (what a spliced text is checked with: LibCST printed
    every piece of it)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def splice_line_edits(module: "_Module", edits) -> list[tuple[int, int, str]]:
    """Whole-line changes that make ``edits`` (as in :attr:`Transformed.splices`) in ``module``'s
    text: (first line, end line (exclusive), new text), lines from 1, as a line diff of the two
    texts gives them (changes on the same or adjacent lines are one) but without diffing: a file
    with hundreds of findings took a diff of the whole file per finding."""
    source, starts = module.source, module.starts
    regions: list[list] = []  # [first line index, end line index, edits]
    for begin, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        first = bisect.bisect_right(starts, begin) - 1
        if begin == end:  # an insertion: before its line, or inside it
            last = first if starts[first] == begin else first + 1
        else:  # the lines up to the one holding the last character replaced
            last = bisect.bisect_right(starts, end - 1)
        last = min(last, len(module.lines))
        if regions and first <= regions[-1][1]:
            regions[-1][1] = max(regions[-1][1], last)
            regions[-1][2].append((begin, end, text))
        else:
            regions.append([first, last, [(begin, end, text)]])
    out = []
    for first, last, inside in regions:
        old = source[starts[first]:starts[last]]
        new = spliced_text(old, [(b - starts[first], e - starts[first], t) for b, e, t in inside])
        if new != old:
            out.append((first + 1, last + 1, new))
    return out


def check_parses(source: str) -> None:
    """Raise :class:`BrokenFix` unless both LibCST and CPython parse ``source``."""
    try:
        cst.parse_module(source)
        with warnings.catch_warnings():  # ``"\d"`` and the like: the user's, not ours to print
            warnings.simplefilter("ignore")
            ast.parse(source)
    except (cst.ParserSyntaxError, SyntaxError, ValueError) as error:
        raise BrokenFix(str(error).splitlines()[0] if str(error) else type(error).__name__) from None
