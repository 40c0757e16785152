"""Small helpers shared by several reporters: escaping, positions, the human header and notes.

Escaping. File names come from the checked tree, so they may hold anything a file system allows:
bytes that are not UTF-8 (kept by Python as lone surrogates), line breaks, terminal escape
sequences, bidirectional overrides. Every format writes valid UTF-8: :func:`escape_name` spells an
undecodable byte ``\\xff``. Terminal formats also neutralise control and bidirectional characters
(:func:`printable`: ``\\x1b``, ``\\n``, ``\\u202e``), so a file name cannot move the cursor, recolour
the terminal or hide text.

Positions. A diagnostic of a notebook is placed in the notebook's code (see
:mod:`aliaslint.sources`). :func:`position` shows it as ruff does, ``nb.ipynb:cell 3:2:5``;
:func:`file_region` gives the line and column in the ``.ipynb`` file, for the formats whose
readers open the file at a line (github, gitlab, sarif, junit, pylint).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import click

from aliaslint.diagnostics import Applicability, Diagnostic, Fix, Location
from aliaslint.sources import Sources


@dataclass(frozen=True)
class FixStatus:
    """What the human formats say about fixes, as ruff does: ``[*]`` after the code of a
    finding that ``--fix`` would fix (not when fixes were applied), and a summary naming how many
    were fixed, how many ``--fix`` could fix and how many unsafe fixes stay hidden.

    ``unsafe_fixes``: ``--unsafe-fixes`` was given (unsafe fixes count as applicable).
    ``applied``: ``--fix`` ran; ``fixed`` findings were fixed (they are not in the list).
    ``not_written``: files whose fixes ``--fix`` could not write (changed meanwhile, by another
    run for instance, or not writable); with no finding left the summary says so instead of
    "All checks passed!".
    """

    unsafe_fixes: bool = False
    applied: bool = False
    fixed: int = 0
    not_written: int = 0
    #: of ``fixed``, those found only once earlier fixes were made (:attr:`aliaslint.fix.runner.FixRun.found_later`)
    found_later: int = 0

    def marks(self, diagnostic: Diagnostic) -> bool:
        """Whether ``diagnostic`` gets the ``[*]`` marker."""
        return not self.applied and diagnostic.fix is not None and diagnostic.fix.applies(self.unsafe_fixes)

_SURROGATE = re.compile("[\udc80-\udcff]")
_ANY_SURROGATE = re.compile("[\ud800-\udfff]")
#: C0 and C1 controls, DEL, and the bidirectional formatting characters (Trojan Source)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape_name(text: str) -> str:
    """``text`` with each byte that was not UTF-8 (a ``surrogateescape`` surrogate) spelled
    ``\\xNN``, and any other lone surrogate ``\\udNNN``: always encodable as UTF-8."""
    text = _SURROGATE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
    return _ANY_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def escape_char(char: str) -> str:
    """One character as an escape: ``\\n``, ``\\x1b``, ``\\xff`` (an undecodable byte), ``\\u202e``."""
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` safe to print on one terminal line: control characters, bidirectional
    formatting characters and undecodable bytes are written as escapes (``\\x1b``, ``\\n``,
    ``\\u202e``, ``\\xff``)."""
    return _UNPRINTABLE.sub(lambda m: escape_char(m.group()), text)


def one_line(text: str) -> str:
    """Alias of :func:`printable` (line breaks shown as ``\\r`` / ``\\n``)."""
    return printable(text)


def json_safe(value: Any) -> Any:
    """``value`` (JSON data) with every string passed through :func:`escape_name`."""
    if isinstance(value, str):
        return escape_name(value)
    if isinstance(value, dict):
        return {json_safe(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_safe(item) for item in value]
    return value


def sources_or_default(sources: Sources | None) -> Sources:
    return sources if sources is not None else Sources()


def cell_place(location: Location, sources: Sources) -> tuple[int, int, int, int, int] | None:
    """``(cell, line, column, end line, end column)`` in the cell of a notebook's location, with
    the end moved to the cell's end when it lies in a later cell; ``None`` for other files."""
    start = sources.cell_position(location.path, location.line, location.column)
    if start is None:
        return None
    end = sources.cell_position(location.path, location.end_line, location.end_column)
    if end is None or end[0] != start[0]:
        end = (start[0], start[1], start[2])
    return start[0], start[1], start[2], end[1], end[2]


def file_region(location: Location, sources: Sources) -> tuple[int, int, int, int]:
    """``(line, column, end line, end column)`` of ``location`` in the file itself: for a
    notebook, where the code is written in the ``.ipynb`` file; otherwise the location's own."""
    start = sources.file_position(location.path, location.line, location.column)
    if start is None:
        return location.line, location.column, location.end_line, location.end_column
    end = sources.file_position(location.path, location.end_line, location.end_column) or start
    if end < start:
        end = start
    return start[0], start[1], end[0], end[1]


def line_column(location: Location, sources: Sources | None = None) -> str:
    """``line:col``, or ``cell N:line:col`` in a notebook."""
    place = cell_place(location, sources) if sources is not None else None
    if place is not None:
        return f"cell {place[0]}:{place[1]}:{place[2]}"
    return f"{location.line}:{location.column}"


def position(location: Location, sources: Sources | None = None) -> str:
    """``path:line:col``, or ``path:cell N:line:col`` in a notebook, printable."""
    return f"{printable(location.path)}:{line_column(location, sources)}"


def header(diagnostic: Diagnostic, *, color: bool = False, sources: Sources | None = None,
           fixable: bool = False) -> str:
    """``path:line:col: CODE message``, the first line of the human formats; ``CODE [*] message``
    when ``fixable``, ``CODE (preview) message`` for a finding only ``--preview`` shows."""
    path = printable(diagnostic.location.path)
    code = diagnostic.code
    marker = "[*] " if fixable else ""
    if diagnostic.tier == "preview":
        marker = "(preview) " + marker
    if color:
        path = click.style(path, bold=True)
        code = click.style(code, fg="red", bold=True)
        if fixable:
            marker = "[" + click.style("*", fg="cyan") + "] "
    return f"{path}:{line_column(diagnostic.location, sources)}: {code} {marker}{printable(diagnostic.message)}"


def notes(diagnostic: Diagnostic, *, color: bool = False, sources: Sources | None = None) -> list[str]:
    """The lines after a finding's header and excerpt: its related locations, then its fix."""

    def label(name: str) -> str:
        text = f"= {name}:"
        return click.style(text, fg="cyan", bold=True) if color else text

    lines = [
        f"  {label('note')} {position(related.location, sources)}: {printable(related.message)}"
        for related in diagnostic.related
    ]
    if diagnostic.fix is not None:
        lines.append(f"  {label('help')} {printable(diagnostic.fix.message)}")
    return lines


def summary(count: int) -> str:
    """The last line of the human formats."""
    if count == 0:
        return "All checks passed!"
    return f"Found {count} error{'' if count == 1 else 's'}."


def fix_summary(diagnostics: list[Diagnostic] | tuple[Diagnostic, ...], status: FixStatus,
                *, color: bool = False) -> list[str]:
    """The summary lines with fixes, worded as ruff's: ``Found 3 errors (2 fixed, 1 remaining).``
    then ``[*] 1 fixable with the `--fix` option (2 hidden fixes can be enabled with the
    `--unsafe-fixes` option).`` or ``No fixes available (...)``."""
    remaining = len(diagnostics)
    total = remaining + status.fixed
    if status.fixed:
        later = f"; {status.found_later} of them found once the first fixes were made" if status.found_later else ""
        lines = [f"Found {total} error{'' if total == 1 else 's'} ({status.fixed} fixed{later}, {remaining} remaining)."]
    elif status.not_written and not remaining:  # the findings listed say enough otherwise
        files = f"{status.not_written} file{'' if status.not_written == 1 else 's'}"
        lines = [f"{files} not fixed: changed while aliaslint was fixing or not writable (see the warnings)."]
    else:
        lines = [summary(remaining)]
    fixable = sum(1 for d in diagnostics if d.fix is not None and d.fix.applies(status.unsafe_fixes))
    hidden = 0 if status.unsafe_fixes else sum(
        1 for d in diagnostics
        if d.fix is not None and d.fix.applicability is Applicability.UNSAFE and d.fix.applies(True)
    )
    star = "[" + click.style("*", fg="cyan") + "]" if color else "[*]"
    hint = f" ({hidden} hidden fix{'' if hidden == 1 else 'es'} can be enabled with the `--unsafe-fixes` option)"
    if fixable:
        lines.append(f"{star} {fixable} fixable with the `--fix` option{hint if hidden else ''}.")
    elif hidden:
        lines.append(f"No fixes available{hint}.")
    return lines


def _point(line: int, column: int) -> dict[str, int]:
    return {"row": line, "column": column}


def _fix_object(fix: Fix | None, filename: str, sources: Sources | None) -> dict[str, Any] | None:
    """ruff's ``fix`` object; an edit of another file than the finding's (a copy added in the
    callee) also names its ``filename``, which ruff's edits never need."""
    if fix is None:
        return None
    edits = []
    for edit in fix.edits:
        span = _span(edit.location, sources, {"content": edit.content})
        span.pop("cell", None)
        if edit.location.path != filename:
            span["filename"] = edit.location.path
        edits.append(span)
    return {"message": fix.message, "applicability": fix.applicability.value, "edits": edits}


def _span(location: Location, sources: Sources | None, target: dict[str, Any]) -> dict[str, Any]:
    """``location`` / ``end_location`` (and ``cell`` in a notebook, as ruff writes them)."""
    place = cell_place(location, sources) if sources is not None else None
    if place is None:
        target["location"] = _point(location.line, location.column)
        target["end_location"] = _point(location.end_line, location.end_column)
    else:
        target["cell"] = place[0]
        target["location"] = _point(place[1], place[2])
        target["end_location"] = _point(place[3], place[4])
    return target


def json_object(diagnostic: Diagnostic, sources: Sources | None = None) -> dict[str, Any]:
    """One diagnostic as ruff's JSON object, plus ``name``, ``confidence``, ``tier``
    (``"default"``, or ``"preview"`` for a finding only ``--preview`` shows) and ``related``.

    In a notebook, rows are counted in the cell and ``cell`` names it (ruff's convention); every
    string is UTF-8-safe (:func:`escape_name`).
    """
    location = diagnostic.location
    span = _span(location, sources, {})
    result: dict[str, Any] = {}
    if "cell" in span:
        result["cell"] = span["cell"]
    result.update({
        "code": diagnostic.code,
        "message": diagnostic.message,
        "filename": location.path,
        "location": span["location"],
        "end_location": span["end_location"],
        "fix": _fix_object(diagnostic.fix, location.path, sources),
        "url": diagnostic.url,
        "noqa_row": span["location"]["row"],
        "name": diagnostic.name,
        "confidence": diagnostic.confidence.name.lower(),
        "tier": diagnostic.tier,
        "related": [
            _span(related.location, sources, {"message": related.message, "filename": related.location.path})
            for related in diagnostic.related
        ],
    })
    return json_safe(result)
