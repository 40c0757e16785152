"""``full`` (the default): each finding with its source line underlined, its notes and its fix.

    pods.py:3:5: AL001 `template` is mutated by `build_pod` on every iteration
      |
    3 |     build_pod(template)
      |     ^^^^^^^^^^^^^^^^^^^
      |
      = note: pods.py:1:1: `template` is created here
      = help: Pass a deep copy

Columns are characters; the underline is placed by display width (tabs expanded to 4,
East Asian wide characters counted twice) so it stays under the span. A file that cannot
be read, or a line it does not have, just loses its excerpt.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import click

from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.reporters._common import FixStatus, fix_summary, header, notes

TAB_SIZE = 4


class _Sources:
    """The lines of each file, read once per render."""

    def __init__(self) -> None:
        self._files: dict[str, list[str] | None] = {}

    def line(self, path: str, number: int) -> str | None:
        if path not in self._files:
            try:
                with open(path, encoding="utf-8", errors="replace") as file:
                    self._files[path] = file.read().split("\n")
            except (OSError, ValueError):
                self._files[path] = None
        lines = self._files[path]
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def _char_width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _layout(text: str) -> tuple[str, list[int]]:
    """``text`` as displayed, and the display column where each character starts (plus the end)."""
    shown: list[str] = []
    starts: list[int] = []
    column = 0
    for char in text:
        starts.append(column)
        if char == "\t":
            width = TAB_SIZE - column % TAB_SIZE
            shown.append(" " * width)
        else:
            width = _char_width(char)
            shown.append(char)
        column += width
    starts.append(column)
    return "".join(shown), starts


def _excerpt(location: Location, text: str, *, color: bool) -> list[str]:
    shown, starts = _layout(text)
    start = min(max(location.column - 1, 0), len(text))
    end = location.end_column - 1 if location.end_line == location.line else len(text)
    end = min(max(end, start), len(text))
    width = max(starts[end] - starts[start], 1)

    number = str(location.line)
    blank = " " * len(number)
    bar, carets = "|", "^" * width
    if color:
        number = click.style(number, fg="blue", bold=True)
        bar = click.style(bar, fg="blue", bold=True)
        carets = click.style(carets, fg="red", bold=True)
    return [
        f"{blank} {bar}",
        f"{number} {bar}" + (f" {shown}" if shown else ""),
        f"{blank} {bar} {' ' * starts[start]}{carets}",
        f"{blank} {bar}",
    ]


def _diagnostic(diagnostic: Diagnostic, sources: _Sources, *, color: bool, fixable: bool = False) -> list[str]:
    lines = [header(diagnostic, color=color, fixable=fixable)]
    location = diagnostic.location
    text = sources.line(location.path, location.line)
    if text is not None:
        lines += _excerpt(location, text, color=color)
    lines += notes(diagnostic, color=color)
    return lines


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False,
    fixes: FixStatus | None = None,
) -> str:
    fixes = fixes or FixStatus()
    sources = _Sources()
    lines: list[str] = []
    for diagnostic in diagnostics:
        lines += _diagnostic(diagnostic, sources, color=color, fixable=fixes.marks(diagnostic))
        lines.append("")
    summary_lines = fix_summary(list(diagnostics), fixes, color=color)
    if color and not diagnostics:
        summary_lines[0] = click.style(summary_lines[0], fg="green", bold=True)
    lines += summary_lines
    return "".join(line + "\n" for line in lines)
