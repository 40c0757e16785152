"""The text of checked files as reports show it, and positions in notebooks.

A :class:`Sources` is made by the engine for one run and handed to the reporters and to the
``# noqa`` filter. It reads a file only when a report needs one of its lines, reads each file
once, and reads only the files of the run (so a report can never quote a file outside the checked
tree, whatever a diagnostic's path says), and only safely (:func:`files.read_regular_file`).

Diagnostics of a notebook carry positions in the notebook's Python code (the code cells one after
the other, :mod:`aliaslint.notebook`); :meth:`Sources.cell_position` turns them into a cell and a
line in it, :meth:`Sources.file_position` into a line and column of the ``.ipynb`` file itself.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from aliaslint import files
from aliaslint.files import SourceError, SourceFile
from aliaslint.notebook import Notebook, NotebookError, file_positions, parse_notebook

__all__ = ["Sources"]

#: line breaks as Python (and LibCST) count them; ``str.splitlines`` also splits at \f, \v, ...
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class _Loaded:
    __slots__ = ("lines", "notebook", "text", "_positions")

    def __init__(self, lines: Sequence[str], notebook: Notebook | None = None, text: str = "") -> None:
        self.lines = lines
        self.notebook = notebook
        self.text = text  # a notebook's JSON, for file positions
        self._positions = None

    def file_position(self, line: int, column: int) -> tuple[int, int] | None:
        if self.notebook is None:
            return None
        if self._positions is None:
            self._positions = file_positions(self.text, self.notebook)
        return self._positions(line, column)


_NOTHING = _Loaded(())


class Sources:
    """Lines of the files a run checked, by the path diagnostics show (``Location.path``).

    ``checked`` are the run's files; a path that is not one of them has no lines. Without
    ``checked`` (a report of diagnostics made elsewhere, as in tests) a path is read from the
    working directory, still only if it is a regular file. ``max_bytes`` bounds a file as
    ``max-file-bytes`` does. ``texts`` maps some files' paths (``SourceFile.path``) to the text
    the run analysed instead of their content (the fixer's changes), which is then what is quoted.
    """

    def __init__(self, checked: Iterable[SourceFile] | None = None, max_bytes: int = 2_000_000,
                 texts: Mapping[Path, str] | None = None) -> None:
        self._files = None if checked is None else {f.display: f for f in checked}
        self._max_bytes = max_bytes
        self._texts = dict(texts or {})
        self._loaded: dict[str, _Loaded] = {}

    def _file(self, path: str) -> SourceFile | None:
        if self._files is not None:
            return self._files.get(path)
        return SourceFile(Path(os.path.abspath(path)), path)

    def _load(self, path: str) -> _Loaded:
        loaded = self._loaded.get(path)
        if loaded is None:
            loaded = self._loaded[path] = self._read(path)
        return loaded

    def _read(self, path: str) -> _Loaded:
        f = self._file(path)
        if f is None:
            return _NOTHING
        if f.path in self._texts and not f.is_notebook:
            return _Loaded(_LINE_BREAK.split(self._texts[f.path]))
        try:
            if f.is_notebook:
                data = files.read_regular_file(f.path, self._max_bytes * files.NOTEBOOK_SIZE_FACTOR)
                text = files.decode_notebook(data)
                notebook = parse_notebook(text)
                return _Loaded(notebook.lines, notebook, text)
            data = files.read_regular_file(f.path, self._max_bytes)
        except (SourceError, NotebookError):
            return _NOTHING
        try:
            text = files.decode_source(data)
        except SourceError:  # show what can be shown of a file that does not decode
            text = data.decode("utf-8", "replace")
        return _Loaded(_LINE_BREAK.split(text))

    def line(self, path: str, number: int) -> str | None:
        """Line ``number`` (1-based) of the file ``path`` names, without its line break; ``None``
        when the file is not one of the run's, cannot be read, or has no such line. For a notebook
        the numbering is that of its code (see the module docstring)."""
        lines = self._load(path).lines
        return lines[number - 1] if 0 < number <= len(lines) else None

    def _notebook(self, path: str) -> _Loaded | None:
        if not path.endswith(".ipynb"):  # no need to read a .py file to know
            return None
        loaded = self._load(path)
        return loaded if loaded.notebook is not None else None

    def is_notebook(self, path: str) -> bool:
        """Whether ``path`` names a notebook of the run that could be read."""
        return self._notebook(path) is not None

    def cell_position(self, path: str, line: int, column: int) -> tuple[int, int, int] | None:
        """``(cell, line in the cell, column)`` of a position in notebook ``path``; ``None`` when
        ``path`` is not a readable notebook."""
        loaded = self._notebook(path)
        return None if loaded is None else loaded.notebook.cell_position(line, column)

    def file_position(self, path: str, line: int, column: int) -> tuple[int, int] | None:
        """``(line, column)`` in the ``.ipynb`` file of a position in notebook ``path``'s code;
        ``None`` when ``path`` is not a readable notebook."""
        loaded = self._notebook(path)
        return None if loaded is None else loaded.file_position(line, column)
