"""Cheap checks before LibCST parses a file: what CPython's own parser refuses, and absurd depth.

LibCST's native parser can crash the process (SIGSEGV on a 10 KB line of unary minuses, a long
``and`` chain, a 10 000-deep attribute or call chain), allocate gigabytes (thousands of chained
conditional expressions) or run for minutes (``1 + 1 + ...`` with 100 000 terms). CPython's parser
turns most of these into a clean error in milliseconds, so every file goes through it first
(about a fifth of LibCST's parse time). It accepts one shape LibCST does not survive: a long
``and`` / ``or`` chain, flat in CPython's tree but nested one level per operand in LibCST's. So
the statements long enough to hold a very deep expression are measured as LibCST would nest them.

    problem(source: str) -> Problem | None

A :class:`Problem` becomes an AL000 diagnostic. Anything these checks miss is still bounded by
the worker's time and memory budget (:mod:`aliaslint.workers`).
"""
from __future__ import annotations

import ast
import itertools
import re
import sys
import warnings
from dataclasses import dataclass

from aliaslint.files import physical_lines

#: nesting (in LibCST nodes) past which a file is not parsed: the per-module pass walks the tree
#: recursively and fails at a few hundred levels anyway (Python's recursion limit is 1000 frames),
#: while LibCST's parser needs hundreds of MB or crashes a few thousand levels down
MAX_EXPRESSION_DEPTH = 1000


@dataclass(frozen=True)
class Problem:
    """Why a file is not handed to LibCST: an AL000 message and its 1-based position.
    ``valid`` when CPython accepts the file (valid Python that LibCST cannot take); ``newer``
    when CPython rejects it at syntax of a newer Python (:func:`newer_syntax_hint`), which
    LibCST's parser, whatever Python runs it, may still take."""

    message: str
    line: int = 1
    column: int = 1
    valid: bool = False
    newer: bool = False


def problem(source: str) -> Problem | None:
    """``None`` when ``source`` may be parsed by LibCST, else what is wrong with it.

    CPython's parser must accept it (its syntax errors are exact, and a NUL byte is refused as
    Python refuses it) and no expression may nest deeper than :data:`MAX_EXPRESSION_DEPTH`.
    """
    peak = _peak_rss()
    try:
        with warnings.catch_warnings():  # invalid escape sequences and the like are not ours to report
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except SyntaxError as err:
        if "null bytes" in str(err.msg):
            return _null_byte(source)
        hint = newer_syntax_hint(source, err)
        return Problem(f"cannot parse this file: {err.msg}{hint}", err.lineno or 1, err.offset or 1, newer=bool(hint))
    except ValueError:  # Python 3.11: "source code string cannot contain null bytes"
        return _null_byte(source)
    except RecursionError:  # CPython's parser gives up on the depth
        return Problem("cannot analyse this file: it is nested too deeply")
    except MemoryError:
        if _near_memory_limit(peak):
            raise  # out of memory, not of depth: the worker reports it against file-memory-mb
        return Problem("cannot analyse this file: it is nested too deeply")
    deep = _deep_expression(tree, source, MAX_EXPRESSION_DEPTH)
    if deep is not None:
        return Problem(
            f"cannot analyse this file: an expression is nested more than {MAX_EXPRESSION_DEPTH} levels deep",
            deep, valid=True,
        )
    return None


#: how close to its address-space limit (bytes) a process is "out of memory": CPython's parser
#: also raises ``MemoryError`` when its stack overflows on deep nesting, with memory to spare
_MEMORY_MARGIN = 64 * 2**20


def _near_memory_limit(peak_before: int | None = None) -> bool:
    """Whether this process is within :data:`_MEMORY_MARGIN` of its ``RLIMIT_AS`` (the worker's
    ``file-memory-mb`` budget, Linux), now or at its peak since ``peak_before`` (its peak
    resident size before the parse, :func:`_peak_rss`): a ``MemoryError`` then is a lack of
    memory. The peak matters because the parser frees what it allocated before the exception
    reaches us, so a large file that used up the budget looks small again by then; a stack
    overflow on deep nesting allocates next to nothing. False where there is no limit or no
    ``/proc``."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return False
        with open("/proc/self/statm") as handle:
            size = int(handle.read().split()[0]) * resource.getpagesize()
    except (ImportError, OSError, ValueError):
        return False
    if size + _MEMORY_MARGIN >= soft:
        return True
    peak = _peak_rss()
    # the peak grew during the parse, to within the margin of the limit or by half of the room it
    # had (a large allocation that failed leaves the peak short of the limit)
    return (peak_before is not None and peak is not None and peak > peak_before
            and (peak + _MEMORY_MARGIN >= soft or peak - peak_before >= (soft - peak_before) // 2))


def _peak_rss() -> int | None:
    """This process's peak resident size in bytes (``VmHWM``, Linux), or ``None``."""
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


#: statements whose syntax a later Python brought, as (pattern at the start of the failing line,
#: version), checked only when the failing line starts with one: PEP 695's ``type`` aliases and
#: type parameters (3.12), ``except*`` (3.11)
_NEWER_SYNTAX = (
    (re.compile(r"\s*type\s+[^\W\d]\w*\s*[\[=]"), (3, 12)),
    (re.compile(r"\s*(?:async\s+)?def\s+[^\W\d]\w*\s*\["), (3, 12)),
    (re.compile(r"\s*class\s+[^\W\d]\w*\s*\["), (3, 12)),
    (re.compile(r"\s*except\s*\*"), (3, 11)),
)


def newer_syntax_hint(source: str, error: SyntaxError, version: tuple[int, int] | None = None) -> str:
    """`` (this Python is 3.11; the file may need 3.12 or newer)`` when the line CPython
    rejects starts with syntax of a Python newer than ``version`` (the running one): a guess from
    the line's first tokens, so it is only a hint; ``""`` otherwise. Nested quotes in f-strings
    (PEP 701, 3.12) are recognised by CPython's own message (``f-string: ...``) alone."""
    running = version or sys.version_info[:2]
    lines = physical_lines(source)
    number = error.lineno or 0
    text = lines[number - 1] if 0 < number <= len(lines) else ""
    needed = [v for pattern, v in _NEWER_SYNTAX if pattern.match(text)]
    if str(error.msg).startswith("f-string") and not needed:
        needed = [(3, 12)]
    if not needed or needed[0] <= running:
        return ""
    return (f" (this Python is {running[0]}.{running[1]}; the file may need "
            f"{needed[0][0]}.{needed[0][1]} or newer)")


def _null_byte(source: str) -> Problem:
    at = source.find("\0")
    line = source.count("\n", 0, at) + 1
    column = at - (source.rfind("\n", 0, at) + 1) + 1
    return Problem("cannot parse this file: source code cannot contain null bytes", line, column)


def _deep_expression(tree: ast.Module, source: str, limit: int) -> int | None:
    """The line of an expression LibCST would nest deeper than ``limit``, or ``None``.

    Only expressions whose lines hold at least ``limit`` characters are walked: every LibCST
    node has a token of its own, so a shorter one cannot be that deep. Statements are visited
    one by one, so a long function body costs nothing unless one of its statements is long.
    """
    starts = [0, *itertools.accumulate(len(line) + 1 for line in source.split("\n"))]

    def span(node: ast.AST) -> int:
        first, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        if first is None or last is None:
            return limit  # no position (arguments, comprehension, ...): look inside
        return starts[min(last, len(starts) - 1)] - starts[min(first - 1, len(starts) - 1)]

    statements: list[ast.AST] = [tree]
    while statements:
        node = statements.pop()
        for child in ast.iter_child_nodes(node):
            if span(child) < limit:
                continue
            if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case, ast.arguments,
                                  ast.comprehension, ast.withitem)) or not isinstance(child, ast.expr):
                statements.append(child)
            else:
                line = _deeper_than(child, limit)
                if line is not None:
                    return line
    return None


def _deeper_than(expression: ast.expr, limit: int) -> int | None:
    """The line where ``expression`` gets deeper than ``limit`` LibCST nodes, or ``None``.

    LibCST nests an ``and`` / ``or`` chain one level per operand (``(a and b) and c``), where
    CPython keeps one flat node; comparisons are flat in both.
    """
    stack: list[tuple[ast.AST, int]] = [(expression, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return getattr(node, "lineno", None) or getattr(expression, "lineno", 1)
        if isinstance(node, ast.BoolOp):
            count = len(node.values)
            for i, value in enumerate(node.values):
                stack.append((value, depth + count - max(i, 1)))
            continue
        for child in ast.iter_child_nodes(node):
            stack.append((child, depth + 1))
    return None
