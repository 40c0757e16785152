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
be read, or a line it does not have, just loses its excerpt. Excerpts come from
:class:`aliaslint.sources.Sources`, which reads only the run's files; control characters in a
quoted line are shown as Unicode control pictures (``\x1b`` as ``␛``), so source text cannot
drive the terminal. In a notebook the position is ``nb.ipynb:cell 3:2:5`` and the excerpt is
numbered in the cell. A line longer than :data:`EXCERPT_CHARS` characters is shown cut to a
window around the span, with ``…`` where it was cut.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import click

from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.reporters._common import FixStatus, cell_place, fix_summary, header, notes, sources_or_default
from aliaslint.sources import Sources

TAB_SIZE = 4


def _char_width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _visible(char: str) -> str:
    """A control or bidirectional formatting character as something harmless of width 1."""
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ .. ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    if 0x80 <= code <= 0x9F or unicodedata.category(char) in ("Cf", "Cs") and code not in _JOINERS:
        return "\ufffd"
    return char


#: zero-width (non-)joiners shape emoji and scripts; they cannot reorder or hide text
_JOINERS = (0x200C, 0x200D)


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
            char = _visible(char)
            width = _char_width(char)
            shown.append(char)
        column += width
    starts.append(column)
    return "".join(shown), starts


#: the most characters of a line an excerpt shows (a minified or generated file's line may be
#: megabytes long); a longer line is cut to a window that starts a little before the span
EXCERPT_CHARS = 160
_BEFORE_SPAN = 40


def _window(text: str, start: int, end: int) -> tuple[str, int, int]:
    """``text`` cut to at most :data:`EXCERPT_CHARS` characters around the span ``start:end``
    (character indexes), an ellipsis marking each cut side, and the span's indexes in the cut."""
    if len(text) <= EXCERPT_CHARS:
        return text, start, end
    lo = max(0, min(start - _BEFORE_SPAN, len(text) - EXCERPT_CHARS))
    hi = lo + EXCERPT_CHARS
    head, tail = ("\u2026" if lo else ""), ("\u2026" if hi < len(text) else "")
    shift = len(head) - lo
    return head + text[lo:hi] + tail, start + shift, min(end, hi) + shift


def _excerpt(location: Location, text: str, line_number: int, *, color: bool) -> list[str]:
    start = min(max(location.column - 1, 0), len(text))
    end = location.end_column - 1 if location.end_line == location.line else len(text)
    end = min(max(end, start), len(text))
    text, start, end = _window(text, start, end)
    shown, starts = _layout(text)
    width = max(starts[end] - starts[start], 1)

    number = str(line_number)
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


def _diagnostic(diagnostic: Diagnostic, sources: Sources, *, color: bool, fixable: bool = False) -> list[str]:
    lines = [header(diagnostic, color=color, sources=sources, fixable=fixable)]
    location = diagnostic.location
    text = sources.line(location.path, location.line)
    if text is not None:
        place = cell_place(location, sources)
        lines += _excerpt(location, text, location.line if place is None else place[1], color=color)
    lines += notes(diagnostic, color=color, sources=sources)
    return lines


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    fixes: FixStatus | None = None,
    sources: Sources | None = None,
) -> str:
    fixes = fixes or FixStatus()
    sources = sources_or_default(sources)
    lines: list[str] = []
    for diagnostic in diagnostics:
        lines += _diagnostic(diagnostic, sources, color=color, fixable=fixes.marks(diagnostic))
        lines.append("")
    summary_lines = fix_summary(list(diagnostics), fixes, color=color)
    if color and not diagnostics:
        summary_lines[0] = click.style(summary_lines[0], fg="green", bold=True)
    lines += summary_lines
    return "".join(line + "\n" for line in lines)
