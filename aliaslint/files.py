"""Which files a run checks, and reading them as text.

:func:`discover` expands the command line's paths into Python files, honouring ``exclude`` /
``extend-exclude`` and ``.gitignore`` files (gitignore syntax, via ``pathspec``).
:func:`read_source` reads one file as the interpreter would (UTF-8, a BOM, a PEP 263 coding
declaration) and turns every way that can fail into a :class:`SourceError`, which the engine
reports as an ``AL000`` diagnostic.
"""
from __future__ import annotations

import codecs
import io
import os
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Union

import pathspec

if TYPE_CHECKING:
    from aliaslint.config import Settings

__all__ = [
    "SourceError",
    "SourceFile",
    "UsageError",
    "discover",
    "display_path",
    "read_source",
]

StrPath = Union[str, "os.PathLike[str]"]


class UsageError(Exception):
    """The command line names something that cannot be checked (the CLI exits 2)."""


class SourceError(Exception):
    """A file that cannot be read as Python source; the message says why, without the path."""


@dataclass(frozen=True, order=True)
class SourceFile:
    """One file to check: ``path`` is absolute (symlinks not resolved), ``display`` is what
    diagnostics show (relative to the working directory when under it, posix separators)."""

    path: Path
    display: str

    @classmethod
    def from_path(cls, path: StrPath, cwd: Path | None = None) -> SourceFile:
        cwd = Path(os.path.abspath(cwd or Path.cwd()))
        absolute = Path(os.path.abspath(cwd / path))
        return cls(absolute, display_path(absolute, cwd))


def display_path(path: StrPath, cwd: Path | None = None) -> str:
    """``path`` as a user expects to read it: relative to ``cwd`` when under it, else absolute."""
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    absolute = Path(os.path.abspath(cwd / path))
    try:
        return absolute.relative_to(cwd).as_posix()
    except ValueError:
        return absolute.as_posix()


# --- discovery ----------------------------------------------------------------------------


class _Ignores:
    """Exclude patterns (relative to the root) and ``.gitignore`` files (relative to their own
    directory). The deepest ``.gitignore`` with a matching pattern decides, as in git."""

    def __init__(self, settings: Settings) -> None:
        self.root = Path(os.path.abspath(settings.root))
        self.exclude = pathspec.GitIgnoreSpec.from_lines(
            [*settings.exclude, *settings.extend_exclude]
        )
        self.respect_gitignore = settings.respect_gitignore
        self._gitignores: dict[Path, pathspec.GitIgnoreSpec | None] = {}

    def _gitignore(self, directory: Path) -> pathspec.GitIgnoreSpec | None:
        if directory not in self._gitignores:
            spec = None
            try:
                text = (directory / ".gitignore").read_text(encoding="utf-8", errors="replace")
            except OSError:
                pass
            else:
                spec = pathspec.GitIgnoreSpec.from_lines(text.splitlines())
            self._gitignores[directory] = spec
        return self._gitignores[directory]

    def ignored(self, path: Path, is_dir: bool, top: Path) -> bool:
        """Whether ``path`` (found while walking ``top``) is excluded.

        Exclude patterns are taken relative to the root, or to ``top`` when the path lies
        outside the root; ``.gitignore`` files count from the root (or ``top``) downwards.
        """
        base = self.root if _is_under(path, self.root) else top
        suffix = "/" if is_dir else ""
        if self.exclude.match_file(path.relative_to(base).as_posix() + suffix):
            return True
        if not self.respect_gitignore:
            return False
        for directory in (path.parent, *path.parent.parents):
            spec = self._gitignore(directory)
            if spec is not None:
                result = spec.check_file(path.relative_to(directory).as_posix() + suffix)
                if result.include is not None:
                    return result.include
            if directory == base or not _is_under(directory, base):
                break
        return False


def _is_under(path: Path, directory: Path) -> bool:
    return path == directory or directory in path.parents


def _walk(top: Path, ignores: _Ignores) -> Iterator[Path]:
    """Python files below ``top``; symlinked directories are not followed, broken symlinks
    named ``*.py`` are returned (so that they are reported)."""
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                if not ignores.ignored(path, True, top):
                    stack.append(path)
            elif entry.name.endswith(".py") and not (
                entry.is_symlink() and entry.is_dir(follow_symlinks=True)
            ):
                if not ignores.ignored(path, False, top):
                    yield path


def discover(paths: Sequence[StrPath], settings: Settings, cwd: Path | None = None) -> list[SourceFile]:
    """The files to check for ``paths`` (as given on the command line), sorted, without duplicates.

    A file named explicitly is always taken, whatever its name and the exclusions; a directory is
    walked for ``*.py`` files, skipping what ``exclude`` / ``extend-exclude`` and (unless
    ``respect-gitignore = false``) ``.gitignore`` files exclude. Raises :class:`UsageError` for a
    path that does not exist.
    """
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    ignores = _Ignores(settings)
    found: dict[Path, None] = {}
    for given in paths:
        absolute = Path(os.path.abspath(cwd / given))
        if not os.path.lexists(absolute):
            raise UsageError(f"path does not exist: {os.fspath(given)}")
        if absolute.is_dir():  # a symlink to a directory is walked only when named explicitly
            found.update(dict.fromkeys(_walk(absolute, ignores)))
        else:
            found[absolute] = None
    return sorted(SourceFile(path, display_path(path, cwd)) for path in found)


# --- reading ------------------------------------------------------------------------------


def _size(size: int) -> str:
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f} MB"
    if size >= 1_000:
        return f"{size / 1_000:.1f} kB"
    return f"{size} bytes"


def _limit(size: int) -> str:
    text = _size(size)
    number, unit = text.split(" ")
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    return f"{number} {unit}"


def read_source(f: SourceFile, max_bytes: int = 2_000_000) -> str:
    """The text of ``f``, decoded as Python decodes source files.

    UTF-8 by default; a UTF-8 BOM is removed; a PEP 263 declaration (``# -*- coding: latin-1 -*-``
    on line 1 or 2) selects the codec. Line endings are kept as they are. Every failure is a
    :class:`SourceError`: a broken symlink, a directory, permission denied, a file larger than
    ``max_bytes``, bytes that do not decode, an unknown declared encoding.
    """
    path = f.path
    try:
        status = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise SourceError(f"broken symbolic link to {os.readlink(path)}") from None
        raise SourceError("file not found") from None
    except PermissionError:
        raise SourceError("permission denied") from None
    except OSError as error:
        raise SourceError(f"cannot read: {error.strerror or error}") from None
    if path.is_dir():
        raise SourceError("is a directory")
    if status.st_size > max_bytes:
        raise SourceError(
            f"file is {_size(status.st_size)}, over the {_limit(max_bytes)} limit (max-file-bytes)"
        )
    try:
        data = path.read_bytes()
    except PermissionError:
        raise SourceError("permission denied") from None
    except IsADirectoryError:
        raise SourceError("is a directory") from None
    except OSError as error:
        raise SourceError(f"cannot read: {error.strerror or error}") from None
    if len(data) > max_bytes:  # grew since the stat, or a special file
        raise SourceError(
            f"file is {_size(len(data))}, over the {_limit(max_bytes)} limit (max-file-bytes)"
        )
    return decode_source(data)


def decode_source(data: bytes) -> str:
    """Decode the bytes of a Python file (BOM, PEP 263 declaration, else UTF-8)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if error.msg.startswith("encoding problem"):
            raise SourceError(
                "cannot decode: the file starts with a UTF-8 BOM but declares another encoding"
            ) from None
        if "invalid or missing encoding declaration" not in error.msg:
            raise SourceError(f"cannot decode: {error.msg}") from None  # an unknown codec
        encoding = "utf-8"  # undecodable bytes in the first two lines: reported below
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        name = codecs.lookup(encoding).name
        label = "UTF-8" if name in ("utf-8", "utf-8-sig") else name
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise SourceError(
            f"not valid {label}: byte 0x{data[error.start]:02x} at offset {error.start}"
            f" (line {line}, column {column})"
        ) from None
