"""Stable fingerprints of findings, for the baseline, GitLab's ``fingerprint`` and SARIF's
``partialFingerprints``.

A finding's fingerprint is a hash of what identifies it in the code, not where it is:

- the rule code;
- the file, relative to the project root (posix separators);
- the enclosing function's qualified name within the module (``Reconciler.reconcile``, ``""`` at
  module level);
- the reported statement, normalised by :func:`ast.unparse` (so layout, line breaks, comments,
  quotes, redundant parentheses and trailing commas do not count: black re-wrapping a call keeps
  it); for a compound statement (``for``, ``with``, ``def``...) only its header counts;
- the mutated access path, when the rule names one (:attr:`Diagnostic.access_path`).

Line numbers are not part of it, so inserting lines above a finding keeps its fingerprint, while
a second finding in the same function on another statement gets a different one. Two findings
that agree on all of the above share a fingerprint; consumers count them (a baseline keeps a
multiset; GitLab gets the n-th duplicate's fingerprint hashed with n).

Each file is read and parsed once, and only files with findings are.
"""
from __future__ import annotations

import ast
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from aliaslint.diagnostics import Diagnostic
from aliaslint.files import SourceError, SourceFile, physical_lines, read_source

__all__ = ["Fingerprinter", "Identity", "digest"]

#: bumped when what goes into a fingerprint changes (old baselines then match nothing)
VERSION = "1"
_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True)
class Identity:
    """What a fingerprint is made of (also what a baseline entry shows a reviewer)."""

    code: str
    file: str
    function: str
    statement: str
    access_path: str

    @property
    def fingerprint(self) -> str:
        return digest(VERSION, self.code, self.file, self.function, self.statement, self.access_path)


def digest(*parts: str) -> str:
    """32 hex digits of SHA-256 over ``parts`` (NUL-separated)."""
    joined = "\0".join(parts).encode("utf-8", "surrogatepass")
    return hashlib.sha256(joined).hexdigest()[:32]


class _Module:
    """One file's lines and statements, for locating findings."""

    def __init__(self, text: str) -> None:
        self.lines = physical_lines(text)
        try:
            tree: ast.AST | None = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
        #: (statement, qualified name of its enclosing function or class)
        self.statements: list[tuple[ast.stmt, str]] = []
        if tree is not None:
            self._collect(tree, "")

    def _collect(self, node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if isinstance(child, ast.stmt):
                self.statements.append((child, scope))
                if isinstance(child, _SCOPES):
                    inner = f"{scope}.{child.name}" if scope else child.name
            self._collect(child, inner)

    def _byte_column(self, line: int, column: int) -> int:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return len(text[: max(column - 1, 0)].encode("utf-8"))

    def identify(self, line: int, column: int) -> tuple[str, str]:
        """(enclosing function, normalised statement) of the position (1-based, characters)."""
        position = (line, self._byte_column(line, column))
        containing = [
            (statement, scope) for statement, scope in self.statements
            if (statement.lineno, statement.col_offset) <= position
            <= (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
        ] or [  # a column that does not fall inside any statement: go by lines
            (statement, scope) for statement, scope in self.statements
            if statement.lineno <= line <= (statement.end_lineno or statement.lineno)
        ]
        # statements nest, so the innermost one starts last
        best = max(containing, key=lambda item: (item[0].lineno, item[0].col_offset), default=None)
        if best is None:
            text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
            return "", " ".join(text.split())
        statement, scope = best
        function = scope
        if isinstance(statement, _SCOPES) and line == statement.lineno:
            function = f"{scope}.{statement.name}" if scope else statement.name
        return function, _normalised(statement)


def _normalised(statement: ast.stmt) -> str:
    """The statement as :func:`ast.unparse` writes it; a compound statement's header only."""
    if any(getattr(statement, name, None) for name in _BODIES):
        fields = {name: getattr(statement, name, None) for name in statement._fields}
        fields.update({name: [] for name in _BODIES if name in fields}, body=[ast.Pass()])
        statement = ast.copy_location(type(statement)(**fields), statement)
    try:
        return ast.unparse(statement).strip()
    except Exception:  # an AST unparse cannot write: its dump is as stable
        return ast.dump(statement, include_attributes=False)


class Fingerprinter:
    """Computes :class:`Identity` and fingerprints for the findings of one run."""

    def __init__(self, files: Sequence[SourceFile], root: Path, max_bytes: int = 2_000_000) -> None:
        self._files = {f.display: f for f in files}
        self._root = Path(os.path.abspath(root))
        self._max_bytes = max_bytes
        self._modules: dict[str, _Module] = {}

    def _module(self, display: str) -> _Module:
        module = self._modules.get(display)
        if module is None:
            # only the run's files, read as the analysis read them (regular files only: a FIFO
            # with an AL000 must not hang the run; a notebook is its cells' code)
            source = self._files.get(display)
            try:
                text = read_source(source, self._max_bytes) if source is not None else ""
            except SourceError:
                text = ""
            module = self._modules[display] = _Module(text)
        return module

    def _relative(self, display: str) -> str:
        source = self._files.get(display)
        if source is None:
            return display
        try:
            return Path(os.path.abspath(source.path)).relative_to(self._root).as_posix()
        except ValueError:
            return display

    def identity(self, diagnostic: Diagnostic) -> Identity:
        location = diagnostic.location
        function, statement = self._module(location.path).identify(location.line, location.column)
        return Identity(diagnostic.code, self._relative(location.path), function, statement,
                        diagnostic.access_path or "")

    def assign(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` with :attr:`Diagnostic.fingerprint` set."""
        return [replace(d, fingerprint=self.identity(d).fingerprint) for d in diagnostics]
