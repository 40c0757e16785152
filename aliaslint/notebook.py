"""Jupyter notebooks (``.ipynb``, nbformat 4) as Python source, as ruff reads them.

:func:`parse_notebook` turns a notebook's JSON text into a :class:`Notebook`: the code of its
code cells one after the other (each cell followed by a newline), which the engine analyses as
one module, so that a template made in cell 1 and mutated in a loop in cell 3 is found. Positions
in that code (the ones diagnostics carry) map back to a cell and a line in it
(:meth:`Notebook.cell_position`) and, for formats that annotate the file itself, to the line and
column of the ``.ipynb`` file where that character is stored (:func:`file_positions`).

IPython syntax that is not Python is blanked out, keeping every line and column in place:

- a cell that uses a cell magic (a line starting with ``%%``) or starts with an automagic
  command (``pip install x``, ``cd dir``) is skipped whole, as ruff does;
- a line magic, shell escape or help request that starts a statement (``%matplotlib inline``,
  ``!pip install x``, ``?obj``, ``obj?``) becomes ``pass`` at its indentation, with the lines it
  continues onto (a trailing ``\\``) left empty;
- the value of an assignment from one (``files = !ls``, ``t = %timeit -o f()``) becomes ``...``.

Markdown and raw cells are not code; a notebook whose language is not Python has no code, nor has
one whose kernel is Python 2 (``kernelspec.name == "python2"``, or a ``language_info.version`` of
2.x): aliaslint reads Python 3 (a ``print "x"`` cell is valid there, not a file it cannot parse).
Cells are numbered from 1 among all cells, as Jupyter shows them.
"""
from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Cell", "Notebook", "NotebookError", "file_positions", "parse_notebook"]


class NotebookError(ValueError):
    """A ``.ipynb`` file that is not a notebook aliaslint can read; ``line`` and ``column`` place
    the problem in the file (1, 1 when it has no place)."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass(frozen=True)
class Cell:
    """A code cell in :attr:`Notebook.source`: ``number`` is its 1-based place among all the
    notebook's cells, ``index`` the 0-based one, ``first_line`` the line of ``source`` where it
    starts, ``line_count`` how many lines it has there (a cell ending with a newline has an
    empty last line, as Jupyter shows it)."""

    number: int
    index: int
    first_line: int
    line_count: int


@dataclass(frozen=True)
class Notebook:
    """The Python view of a notebook.

    ``source`` is what is analysed (IPython syntax blanked out); ``lines`` are the cells' lines as
    written (for excerpts and ``# noqa``), numbered as in ``source``; ``cells`` the code cells in
    order.
    """

    source: str
    lines: tuple[str, ...]
    cells: tuple[Cell, ...]
    _starts: list[int] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._starts.extend(cell.first_line for cell in self.cells)

    def cell_at(self, line: int) -> Cell | None:
        """The code cell holding ``line`` of :attr:`source`."""
        i = bisect.bisect_right(self._starts, line) - 1
        if i < 0:
            return None
        cell = self.cells[i]
        return cell if line < cell.first_line + cell.line_count else None

    def cell_position(self, line: int, column: int) -> tuple[int, int, int] | None:
        """``(cell number, line in the cell, column)`` for a 1-based position in :attr:`source`."""
        cell = self.cell_at(line)
        if cell is None:
            return None
        return cell.number, line - cell.first_line + 1, column


# --- JSON -> cells -------------------------------------------------------------------------


def _cells(text: str) -> tuple[list[Any], bool]:
    """The notebook's cells and whether it is a Python 3 notebook."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise NotebookError(
            f"not a valid notebook: invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
            error.lineno,
            error.colno,
        ) from None
    except RecursionError:
        raise NotebookError("not a valid notebook: the JSON is nested too deeply") from None
    except ValueError as error:  # e.g. an integer longer than int_max_str_digits
        raise NotebookError(f"not a valid notebook: invalid JSON: {error}") from None
    if not isinstance(document, dict):
        raise NotebookError("not a valid notebook: the JSON document is not an object")
    version = document.get("nbformat")
    if version != 4:
        raise NotebookError(f"notebook format {version!r} is not supported (only format 4)")
    cells = document.get("cells")
    if not isinstance(cells, list):
        raise NotebookError("not a valid notebook: 'cells' is not a list")
    metadata = document.get("metadata")
    language = None
    python2 = False
    if isinstance(metadata, dict):
        info, kernel = metadata.get("language_info"), metadata.get("kernelspec")
        if isinstance(info, dict) and isinstance(info.get("name"), str):
            language = info["name"]
        elif isinstance(kernel, dict) and isinstance(kernel.get("language"), str):
            language = kernel["language"]
        # (jupyter-enterprise-gateway 3.3's test notebooks: four AL000 of the thirty-fourth set)
        python2 = isinstance(info, dict) and str(info.get("version", "")).startswith("2.") \
            or isinstance(kernel, dict) and kernel.get("name") == "python2"
    return cells, (language is None or language.lower() == "python") and not python2


def _cell_text(cell: Any, number: int) -> str | None:
    """A code cell's text (line endings normalised to ``\\n``), ``None`` for other cells."""
    if not isinstance(cell, dict):
        raise NotebookError(f"not a valid notebook: cell {number} is not an object")
    if cell.get("cell_type") != "code":
        return None
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        source = "".join(source)
    if not isinstance(source, str):
        raise NotebookError(f"not a valid notebook: cell {number}: 'source' is not text")
    return _normalise(source)


def _normalise(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


# --- IPython syntax ------------------------------------------------------------------------

#: IPython commands usable without ``%`` (automagic); a cell starting with one is skipped (ruff)
AUTOMAGICS = frozenset("""
    alias alias_magic autoawait autocall automagic bookmark cd code_wrap colors conda config debug
    dhist dirs doctest_mode edit env gui history killbgscripts load load_ext loadpy logoff logon
    logstart logstate logstop lsmagic macro magic mamba matplotlib micromamba notebook page pastebin
    pdb pdef pdoc pfile pinfo pinfo2 pip popd pprint precision prun psearch psource pushd pwd pycat
    pylab quickref recall rehashx reload_ext rerun reset reset_selective run save sc set_env sx
    system tb time timeit unalias unload_ext who who_ls whos xdel xmode
""".split())

_ASSIGNED_ESCAPE = re.compile(r"(\s*[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*)[!%]")
_HELP_AFTER = re.compile(r"[A-Za-z_][\w.]*\?\??")
_OPEN, _CLOSE = "([{", ")]}"
_STRING_PREFIX = re.compile(r"[rRbBuUfF]{0,2}('''|\"\"\"|'|\")")


def _skips_cell(lines: list[str]) -> bool:
    first = lines[0].split() if lines else []
    if first and first[0] in AUTOMAGICS:
        # an automagic command is valid only as the whole cell; `run = 1` is Python
        rest = lines[0].split(None, 1)[1] if len(first) > 1 else ""
        if not rest.startswith(("=", "(", ".", "[", "+=", "-=", ",", ":")):
            return True
    return any(line.lstrip().startswith("%%") for line in lines)


class _Scanner:
    """Tracks, line by line, whether the next line starts a statement (not inside brackets, a
    triple-quoted string or a backslash continuation)."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""  # an open triple-quoted string's quote
        self.continued = False

    @property
    def at_statement_start(self) -> bool:
        return self.depth == 0 and not self.quote and not self.continued

    def feed(self, line: str) -> None:
        i, n = 0, len(line)
        while i < n:
            if self.quote:
                end = line.find(self.quote, i)
                while end > 0 and _escaped(line, end):
                    end = line.find(self.quote, end + 1)
                if end < 0:
                    i = n
                    break
                i = end + len(self.quote)
                self.quote = ""
                continue
            char = line[i]
            if char == "#":
                break
            match = _STRING_PREFIX.match(line, i) if char in "'\"rRbBuUfF" else None
            if match and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
                quote = match.group(1)
                start = match.end()
                if len(quote) == 3:
                    self.quote = quote
                    i = start
                    continue
                end = start
                while end < n and line[end] != quote:
                    end += 2 if line[end] == "\\" else 1
                i = end + 1
                continue
            if char in _OPEN:
                self.depth += 1
            elif char in _CLOSE:
                self.depth = max(0, self.depth - 1)
            i += 1
        self.continued = not self.quote and line.endswith("\\")


def _escaped(line: str, at: int) -> bool:
    backslashes = 0
    while at - backslashes - 1 >= 0 and line[at - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def _mask(lines: list[str]) -> list[str]:
    """``lines`` of one cell with IPython syntax blanked out (see the module docstring)."""
    if _skips_cell(lines):
        return [""] * len(lines)
    out: list[str] = []
    scanner = _Scanner()
    escape_continues = False
    for line in lines:
        if escape_continues:  # a continuation line of an escape command
            out.append("")
            escape_continues = line.endswith("\\")
            continue
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if scanner.at_statement_start and stripped:
            assigned = _ASSIGNED_ESCAPE.match(line)
            if assigned:
                out.append(assigned.group(1) + "...")
                escape_continues = line.endswith("\\")
                continue
            if stripped[0] in "%!?" or _HELP_AFTER.fullmatch(stripped.rstrip()):
                out.append(indent + "pass")
                escape_continues = line.endswith("\\")
                continue
        out.append(line)
        scanner.feed(line)
    return out


_SURROGATE = re.compile("[\ud800-\udfff]")


def parse_notebook(text: str) -> Notebook:
    """The :class:`Notebook` of a ``.ipynb`` file's JSON ``text``; :class:`NotebookError` when
    it is not valid JSON, not nbformat 4, or malformed."""
    cells, is_python = _cells(text)
    source: list[str] = []
    lines: list[str] = []
    found: list[Cell] = []
    if is_python:
        for index, cell in enumerate(cells):
            code = _cell_text(cell, index + 1)
            if code is None:
                continue
            surrogate = _SURROGATE.search(code)
            if surrogate:
                raise NotebookError(
                    f"cell {index + 1} contains an unpaired surrogate "
                    f"(\\u{ord(surrogate.group()):04x}), which is not valid in source code"
                )
            cell_lines = code.split("\n")
            found.append(Cell(index + 1, index, len(lines) + 1, len(cell_lines)))
            lines.extend(cell_lines)
            source.extend(_mask(cell_lines))
    return Notebook("".join(line + "\n" for line in source), tuple(lines), tuple(found))


# --- positions in the .ipynb file ------------------------------------------------------------

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _skip(text: str, pos: int) -> int:
    """The end of the JSON value at ``pos`` (C speed: outputs may be megabytes)."""
    return _DECODER.raw_decode(text, pos)[1]


def _members(text: str, pos: int):
    """``(key, value position)`` of the JSON object at ``pos``."""
    ws = _WHITESPACE.match
    pos = ws(text, pos + 1).end()
    if text[pos] == "}":
        return
    while True:
        key, pos = json.decoder.scanstring(text, pos + 1)
        pos = ws(text, ws(text, pos).end() + 1).end()  # past the colon
        yield key, pos
        pos = ws(text, _skip(text, pos)).end()
        if text[pos] != ",":
            return
        pos = ws(text, pos + 1).end()


def _items(text: str, pos: int):
    """The position of each element of the JSON array at ``pos``."""
    ws = _WHITESPACE.match
    pos = ws(text, pos + 1).end()
    if text[pos] == "]":
        return
    while True:
        yield pos
        pos = ws(text, _skip(text, pos)).end()
        if text[pos] != ",":
            return
        pos = ws(text, pos + 1).end()


def _string_chars(text: str, quote: int) -> list[int]:
    """For the JSON string whose opening quote is at ``quote``: the offset in ``text`` where
    each of its decoded characters is written (an escape counts from its backslash)."""
    offsets: list[int] = []
    i = quote + 1
    while True:
        char = text[i]
        if char == '"':
            return offsets
        offsets.append(i)
        if char != "\\":
            i += 1
        elif text[i + 1] != "u":
            i += 2
        elif (0xD800 <= int(text[i + 2:i + 6], 16) < 0xDC00 and text[i + 6:i + 8] == "\\u"
              and 0xDC00 <= int(text[i + 8:i + 12], 16) < 0xE000):
            i += 12  # a surrogate pair is one character
        else:
            i += 6


def _source_offsets(text: str) -> dict[int, list[int]]:
    """For each cell index, the offset in ``text`` of every character of its source (as
    :func:`_cell_text` normalises it), plus the offset where the source ends."""
    found: dict[int, list[int]] = {}
    start = _WHITESPACE.match(text).end()
    for key, cells in _members(text, start):
        if key != "cells" or text[cells] != "[":
            continue
        for index, cell in enumerate(_items(text, cells)):
            if text[cell] != "{":
                continue
            for name, value in _members(text, cell):
                if name != "source":
                    continue
                if text[value] == '"':
                    strings = [value]
                elif text[value] == "[":
                    strings = [item for item in _items(text, value) if text[item] == '"']
                else:
                    strings = []
                offsets: list[int] = []
                raw: list[str] = []
                end = value
                for string in strings:
                    chars = _string_chars(text, string)
                    offsets.extend(chars)
                    raw.append(json.decoder.scanstring(text, string + 1)[0])
                    end = _skip(text, string) - 1  # the closing quote
                found[index] = _normalised_offsets("".join(raw), offsets) + [end]
    return found


def _normalised_offsets(text: str, offsets: list[int]) -> list[int]:
    """``offsets`` (one per character of ``text``) after ``\\r\\n`` becomes ``\\n``."""
    out = []
    for i, offset in enumerate(offsets):
        if text[i] == "\r" and i + 1 < len(text) and text[i + 1] == "\n":
            continue
        out.append(offset)
    return out


@dataclass(frozen=True)
class _FilePositions:
    notebook: Notebook
    offsets: dict[int, list[int]]
    line_starts: list[int]
    cell_line_starts: dict[int, list[int]]

    def __call__(self, line: int, column: int) -> tuple[int, int] | None:
        cell = self.notebook.cell_at(line)
        if cell is None or cell.index not in self.offsets:
            return None
        offsets = self.offsets[cell.index]
        starts = self.cell_line_starts[cell.index]
        row = line - cell.first_line
        if row >= len(starts):
            return None
        line_end = starts[row + 1] - 1 if row + 1 < len(starts) else len(offsets) - 1
        char = min(starts[row] + max(column, 1) - 1, line_end)
        offset = offsets[char]
        file_line = bisect.bisect_right(self.line_starts, offset)
        return file_line, offset - self.line_starts[file_line - 1] + 1


def file_positions(text: str, notebook: Notebook):
    """A function ``(line, column) -> (file line, file column) | None`` that places a 1-based
    position of ``notebook.source`` in the ``.ipynb`` file's ``text`` (columns in characters,
    counted from the start of the JSON line; an escaped character starts at its backslash)."""
    offsets = _source_offsets(text)
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    cell_line_starts = {}
    for cell in notebook.cells:
        cell_lines = notebook.lines[cell.first_line - 1:cell.first_line - 1 + cell.line_count]
        starts, position = [], 0
        for cell_line in cell_lines:
            starts.append(position)
            position += len(cell_line) + 1
        cell_line_starts[cell.index] = starts
    return _FilePositions(notebook, offsets, line_starts, cell_line_starts)
