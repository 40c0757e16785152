"""Inline suppression: ``# noqa`` (every code) and ``# noqa: AL001, AL002`` on a diagnostic's line.

The syntax is flake8's and ruff's: ``noqa`` in any case, codes after a colon separated by commas
and/or spaces. A ``# noqa:`` followed by no valid code counts as a blanket ``# noqa`` (as in
flake8). ``AL000`` (a file that could not be read or parsed) cannot be suppressed.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from aliaslint.config import UNREADABLE_CODE
from aliaslint.diagnostics import Diagnostic

__all__ = ["filter_suppressed", "noqa_codes"]

_NOQA = re.compile(
    r"#\s*noqa\b(?::\s?(?P<codes>[A-Z]+[0-9]+(?:[,\s]+[A-Z]+[0-9]+)*))?",
    re.IGNORECASE,
)
_CODE = re.compile(r"[A-Z]+[0-9]+", re.IGNORECASE)


def _comment_start(line: str) -> int:
    """Index of the first ``#`` outside a string literal on ``line``, or -1.

    Strings are tracked within the line only: a line inside a multi-line string is read as code,
    and a triple-quoted string left open ends the search.
    """
    quote = ""
    i = 0
    while i < len(line):
        char = line[i]
        if quote:
            if char == "\\":
                i += 2
                continue
            if line.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
        elif char == "#":
            return i
        elif char in "'\"":
            quote = char * 3 if line.startswith(char * 3, i) else char
            i += len(quote)
            continue
        i += 1
    return -1


def noqa_codes(line: str) -> frozenset[str] | None:
    """The codes a ``# noqa`` comment on ``line`` suppresses.

    ``None``: no ``noqa`` comment; an empty frozenset: a blanket ``# noqa`` (everything);
    otherwise the upper-case codes listed. Several ``noqa`` comments on one line add up, and
    a blanket one among them wins.
    """
    start = _comment_start(line)
    if start < 0:
        return None
    codes: set[str] = set()
    found = False
    for match in _NOQA.finditer(line, start):
        found = True
        listed = match.group("codes")
        if listed is None:
            return frozenset()
        codes.update(code.upper() for code in _CODE.findall(listed))
    return frozenset(codes) if found else None


def filter_suppressed(
    diagnostics: Iterable[Diagnostic], read_line: Callable[[str, int], str]
) -> list[Diagnostic]:
    """The diagnostics that no ``# noqa`` on their primary line suppresses, in their order.

    ``read_line(path, line)`` returns the text of a 1-based line of the file that
    ``Location.path`` names ("" when unknown); it is called at most once per line.
    """
    seen: dict[tuple[str, int], frozenset[str] | None] = {}
    kept = []
    for diagnostic in diagnostics:
        if diagnostic.code != UNREADABLE_CODE:
            key = (diagnostic.location.path, diagnostic.location.line)
            if key not in seen:
                seen[key] = noqa_codes(read_line(*key))
            codes = seen[key]
            if codes is not None and (not codes or diagnostic.code in codes):
                continue
        kept.append(diagnostic)
    return kept
