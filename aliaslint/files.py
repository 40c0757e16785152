"""Which files a run checks, and reading them safely.

:func:`discover` expands the command line's paths into Python files (``*.py``) and Jupyter
notebooks (``*.ipynb``), honouring ``exclude`` / ``extend-exclude`` and ``.gitignore`` files
(gitignore syntax, via ``pathspec``). :func:`read_source` reads one file as the interpreter
would (UTF-8, a BOM, a PEP 263 coding declaration; a notebook's code cells) and turns every way
that can fail into a :class:`SourceError`, which the engine reports as an ``AL000`` diagnostic.

The checked tree is untrusted input (a pull request, a fresh clone), so:

- only regular files are read (:func:`read_regular_file`): a FIFO, a device, a socket or a
  symbolic link loop is an error for that file, never a hang or an endless read, and the size is
  checked before and while reading;
- while walking a directory, symbolic links whose target lies outside the tree are not followed
  (nor are symbolic links to directories), so no file outside the tree is read or quoted;
- a directory that cannot be listed or entered, a ``.gitignore`` that is not a regular file and a
  ``.gitignore`` line git would accept but ``pathspec`` cannot compile never stop the run: they
  are reported through ``notify`` and skipped.
"""
from __future__ import annotations

import codecs
import errno
import io
import os
import re
import shutil
import stat
import subprocess
import tokenize
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Union

import pathspec

if TYPE_CHECKING:
    from aliaslint.config import Settings

__all__ = [
    "NOTEBOOK_SIZE_FACTOR",
    "SOURCE_SUFFIXES",
    "Notify",
    "SourceError",
    "SourceFile",
    "UsageError",
    "compile_patterns",
    "decode_source",
    "discover",
    "display_path",
    "read_regular_file",
    "read_source",
]

StrPath = Union[str, "os.PathLike[str]"]

#: the file names a directory walk takes
SOURCE_SUFFIXES = (".py", ".ipynb")
#: a notebook file may be this many times ``max-file-bytes`` (outputs, images); its code may not
NOTEBOOK_SIZE_FACTOR = 16
#: a ``.gitignore`` larger than this is not read (a warning says so)
GITIGNORE_MAX_BYTES = 1_000_000

#: ``notify(level, message)``: ``level`` is ``"warning"`` (shown unless ``--quiet``) or ``"note"``
#: (shown with ``--verbose``); ``message`` is one line without the ``aliaslint:`` prefix
Notify = Callable[[str, str], None]


class UsageError(Exception):
    """The command line names something that cannot be checked (the CLI exits 2)."""


class SourceError(Exception):
    """A file that cannot be read as Python source; the message says why, without the path.

    ``line`` and ``column`` (1-based) place the problem in the file when it has a place (an
    undecodable byte, a NUL byte, a notebook's broken JSON); otherwise they are 1, 1.
    """

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


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

    @property
    def is_notebook(self) -> bool:
        return self.path.name.endswith(".ipynb")


def display_path(path: StrPath, cwd: Path | None = None) -> str:
    """``path`` as a user expects to read it: relative to ``cwd`` when under it, else absolute.

    A name that is not valid UTF-8 keeps its undecodable bytes as lone surrogates (Python's
    ``surrogateescape``); reporters escape them (``\\xff``) when they write the name.
    """
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    absolute = Path(os.path.abspath(cwd / path))
    try:
        return absolute.relative_to(cwd).as_posix()
    except ValueError:
        return absolute.as_posix()


def _ignore(level: str, message: str) -> None:
    pass


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


def _too_large(size: int, limit: int, what: str = "file", setting: str | None = "max-file-bytes") -> SourceError:
    return SourceError(f"{what} is {_size(size)}, over the {_limit(limit)} limit" + (f" ({setting})" if setting else ""))


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "a special file"


def _os_error(error: OSError, path: Path) -> SourceError:
    if isinstance(error, FileNotFoundError):
        if os.path.islink(path):
            try:
                return SourceError(f"broken symbolic link to {os.readlink(path)}")
            except OSError:
                pass
        return SourceError("file not found")
    if isinstance(error, PermissionError):
        return SourceError("permission denied")
    if isinstance(error, IsADirectoryError):
        return SourceError("is a directory")
    if error.errno == errno.ELOOP:
        return SourceError("symbolic link loop (too many levels of symbolic links)")
    return SourceError(f"cannot read: {error.strerror or error}")


def read_regular_file(path: StrPath, max_bytes: int, *, what: str = "file", follow_symlinks: bool = True,
                      setting: str | None = "max-file-bytes") -> bytes:
    """The bytes of ``path`` (symbolic links followed) if it is a regular file of at most
    ``max_bytes`` bytes; else a :class:`SourceError` saying why (``what`` names the thing in the
    size message: ``"file"``, ``"notebook"``; ``setting`` the option that sets the limit). With ``follow_symlinks=False`` a ``path`` that is
    itself a symbolic link is refused too (links in the folders above it are still followed).

    The file is checked with ``stat`` before it is opened (opening some devices has effects),
    opened without blocking (a FIFO with no writer would block ``open`` for ever), checked again
    on the open descriptor (it may have been swapped in between), and read at most
    ``max_bytes + 1`` bytes far (``/dev/zero`` never ends; a file may grow).
    """
    path = Path(path)
    try:
        before = os.stat(path) if follow_symlinks else os.lstat(path)
    except OSError as error:
        raise _os_error(error, path) from None
    if stat.S_ISDIR(before.st_mode):
        raise SourceError("is a directory")
    if not stat.S_ISREG(before.st_mode):
        raise SourceError(f"not a regular file: it is {_kind(before.st_mode)}")
    if before.st_size > max_bytes:
        raise _too_large(before.st_size, max_bytes, what, setting)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:  # it may have become a link since the lstat
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if not follow_symlinks and error.errno == errno.ELOOP:
            raise SourceError("not a regular file: it is a symbolic link") from None
        raise _os_error(error, path) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SourceError(f"not a regular file: it is {_kind(info.st_mode)}")
        chunks = []
        remaining = max_bytes + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as error:
        raise _os_error(error, path) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:  # it grew since the stat
        raise _too_large(max(len(data), info.st_size), max_bytes, what, setting)
    return data


def read_source(f: SourceFile, max_bytes: int = 2_000_000) -> str:
    """The Python text of ``f``.

    A ``.py`` file (or any file that is not a notebook) is decoded as Python decodes source files
    (:func:`decode_source`). A ``.ipynb`` notebook gives the code of its code cells, one after the
    other (:mod:`aliaslint.notebook`); its file may be :data:`NOTEBOOK_SIZE_FACTOR` times
    ``max_bytes`` (outputs and images count), its code at most ``max_bytes``.

    Every failure is a :class:`SourceError`: a broken symlink, a symlink loop, a directory, a
    FIFO, device or socket, permission denied, a file larger than ``max_bytes``, bytes that do not
    decode, an unknown declared encoding, a NUL byte, a notebook that is not valid JSON.
    """
    if not f.is_notebook:
        return decode_source(read_regular_file(f.path, max_bytes))
    from aliaslint.notebook import NotebookError, parse_notebook

    data = read_regular_file(f.path, max_bytes * NOTEBOOK_SIZE_FACTOR, what="notebook")
    try:
        notebook = parse_notebook(decode_notebook(data))
    except NotebookError as error:
        raise SourceError(str(error), error.line, error.column) from None
    size = len(notebook.source.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise _too_large(size, max_bytes, "the notebook's code")
    _reject_nul(notebook.source)
    return notebook.source


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in bytes) of byte ``offset``."""
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def _undecodable(data: bytes, error: UnicodeDecodeError, label: str) -> SourceError:
    line, column = _position(data, error.start)
    return SourceError(
        f"not valid {label}: byte 0x{data[error.start]:02x} at offset {error.start}"
        f" (line {line}, column {column})",
        line,
        column,
    )


def _reject_nul(text: str) -> None:
    """CPython refuses source code with a NUL byte anywhere (even in a string or a comment)."""
    offset = text.find("\0")
    if offset >= 0:
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        raise SourceError(
            f"it contains a NUL byte (line {line}, column {column}), which Python does not accept"
            " in source code",
            line,
            column,
        )


#: a line as Python and LibCST count them, with its line break
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def physical_lines(text: str, keepends: bool = False) -> list[str]:
    """``text``'s lines as Python and LibCST number them: broken only at ``\\n``, ``\\r\\n``
    and ``\\r``. ``str.splitlines`` also breaks at a form feed, ``\\v``, ``\\x1c``-``\\x1e``,
    ``\\x85``, U+2028 and U+2029, which moves every later line number (a form feed is common in
    old modules). Like ``splitlines``, no empty last line for a final line break."""
    lines = _LINE.findall(text)
    return lines if keepends else [line.rstrip("\r\n") for line in lines]


def decode_source(data: bytes) -> str:
    """Decode the bytes of a Python file (BOM, PEP 263 declaration, else UTF-8).

    Raises :class:`SourceError` for bytes that do not decode, an unknown or conflicting declared
    encoding, and a NUL byte (which CPython rejects).
    """
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
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        name = codecs.lookup(encoding).name
        label = "UTF-8" if name in ("utf-8", "utf-8-sig") else name
        raise _undecodable(data, error, label) from None
    _reject_nul(text)
    return text


def decode_notebook(data: bytes) -> str:
    """A notebook's JSON text: UTF-8 (JSON's encoding), a BOM tolerated."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _undecodable(data, error, "UTF-8") from None


# --- discovery ----------------------------------------------------------------------------


def compile_patterns(patterns: Iterable[str]) -> pathspec.GitIgnoreSpec:
    """Gitignore-style ``patterns`` as one spec; ``ValueError`` naming the first invalid one."""
    patterns = list(patterns)
    for pattern in patterns:
        if _compile_line(pattern) is None:
            raise ValueError(f"invalid pattern {pattern!r}")
    return pathspec.GitIgnoreSpec.from_lines(patterns)


def _compile_line(line: str) -> list | None:
    """The compiled form of one gitignore line, or ``None`` when ``pathspec`` rejects it."""
    try:
        return list(pathspec.GitIgnoreSpec.from_lines([line]).patterns)
    except (ValueError, re.error, TypeError):
        return None


def _git_top(directory: Path) -> Path | None:
    """The work tree of the git repository holding ``directory`` (the first folder upwards with
    a ``.git`` entry), or ``None`` outside any repository."""
    for folder in (directory, *directory.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return None


def _git_dir(top: Path) -> Path | None:
    """The repository folder of the work tree ``top`` that holds ``info/exclude``: ``.git``, or
    for a linked work tree (``.git`` is a file naming its folder) the common folder it names."""
    dot_git = top / ".git"
    if dot_git.is_dir():
        return dot_git
    try:
        text = read_regular_file(dot_git, 4096).decode("utf-8", "replace")
    except SourceError:
        return None
    if not text.startswith("gitdir:"):
        return None
    git_dir = Path(os.path.join(top, text[len("gitdir:"):].strip()))
    try:
        common = read_regular_file(git_dir / "commondir", 4096).decode("utf-8", "replace").strip()
    except SourceError:
        return git_dir
    return Path(os.path.normpath(git_dir / common))


def _info_exclude(top: Path) -> Path | None:
    git_dir = _git_dir(top)
    return git_dir / "info" / "exclude" if git_dir is not None else None


#: seconds ``git config`` may take to say where ``core.excludesFile`` is
GIT_CONFIG_TIMEOUT = 5


def _excludes_file(top: Path) -> Path | None:
    """The user's ``core.excludesFile`` for the work tree ``top``, as ``git config`` reads it
    (global, system and repository configuration, ``~`` expanded); without git, or when it is not
    set, git's default ``$XDG_CONFIG_HOME/git/ignore`` (``~/.config/git/ignore``)."""
    git = shutil.which("git")
    if git is not None:
        environment = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k.startswith("GIT_CONFIG")}
        try:
            done = subprocess.run([git, "config", "--path", "--get", "core.excludesFile"], cwd=top,
                                  capture_output=True, timeout=GIT_CONFIG_TIMEOUT, env=environment,
                                  stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError):
            done = None
        if done is not None and done.returncode == 0 and done.stdout.strip():
            return Path(top, os.fsdecode(done.stdout.rstrip(b"\r\n")))
    home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(home, "git", "ignore")


class _Ignores:
    """Exclude patterns (relative to the root) and ``.gitignore`` files (relative to their own
    directory). The deepest ``.gitignore`` with a matching pattern decides, as in git. Inside a
    git repository the ``.gitignore`` files above the root, up to the repository's top, count too
    (git applies them to the whole work tree)."""

    def __init__(self, settings: Settings, notify: Notify, cwd: Path) -> None:
        self.root = Path(os.path.abspath(settings.root))
        self.real_root = Path(os.path.realpath(self.root))
        try:
            self.exclude = compile_patterns([*settings.exclude, *settings.extend_exclude])
        except ValueError as error:
            raise UsageError(f"exclude / extend-exclude: {error}") from None
        self.respect_gitignore = settings.respect_gitignore
        self.notify = notify
        self.cwd = cwd
        self.settings = settings
        self._gitignores: dict[Path, pathspec.GitIgnoreSpec | None] = {}
        self._stops: dict[Path, Path] = {}
        self._global_excludes: dict[Path, pathspec.GitIgnoreSpec | None] = {}

    def _gitignore(self, directory: Path) -> pathspec.GitIgnoreSpec | None:
        if directory not in self._gitignores:
            self._gitignores[directory] = self._read_gitignore(directory / ".gitignore")
        return self._gitignores[directory]

    def _read_gitignore(self, path: Path, *, in_tree: bool = True) -> pathspec.GitIgnoreSpec | None:
        """The patterns of a ``.gitignore`` (``in_tree``), or of the repository's ``info/exclude``
        or the user's ``core.excludesFile`` (not part of the checked tree: a link is followed, as
        git follows it); ``None`` when there is no such file or it cannot be used."""
        try:
            if not os.path.lexists(path):
                return None
        except OSError:
            return None
        shown = display_path(path, self.cwd)
        if in_tree and os.path.islink(path):  # git (2.32+) does not follow them either: it may point anywhere
            self.notify("note", f"ignoring {shown}: it is a symbolic link (git does not follow them)")
            return None
        try:
            data = read_regular_file(path, GITIGNORE_MAX_BYTES)
        except SourceError as error:
            self.notify("warning", f"ignoring {shown}: {error}")
            return None
        patterns = []
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            compiled = _compile_line(line)
            if compiled is None:  # git accepts it and it matches nothing: so does aliaslint
                self.notify("note", f"{shown}:{number}: pattern {line!r} matches nothing; skipped")
            else:
                patterns.extend(compiled)
        return pathspec.GitIgnoreSpec(patterns)

    def _excludes(self, top: Path) -> pathspec.GitIgnoreSpec | None:
        """The patterns git takes besides the ``.gitignore`` files, for the work tree ``top``: the
        user's ``core.excludesFile``, then the repository's ``info/exclude`` (which wins: in one
        spec the last matching pattern decides). Both are relative to ``top``."""
        if top not in self._global_excludes:
            patterns = []
            for path in (_excludes_file(top), _info_exclude(top)):
                spec = self._read_gitignore(path, in_tree=False) if path is not None else None
                if spec is not None:
                    patterns.extend(spec.patterns)
            self._global_excludes[top] = pathspec.GitIgnoreSpec(patterns) if patterns else None
        return self._global_excludes[top]

    def _stop(self, base: Path) -> Path:
        """The highest folder whose ``.gitignore`` applies below ``base``."""
        if base not in self._stops:
            top = _git_top(base)
            self._stops[base] = top if top is not None else base
        return self._stops[base]

    def ignored(self, path: Path, is_dir: bool, top: Path) -> bool:
        """Whether ``path`` (found while walking ``top``) is excluded.

        Exclude patterns are taken relative to the root, or to ``top`` when the path lies
        outside the root; ``.gitignore`` files count from the root (or ``top``) downwards, and
        from the top of the git repository holding it when there is one.
        """
        base = self.root if _is_under(path, self.root) else top
        suffix = "/" if is_dir else ""
        if self.exclude.match_file(path.relative_to(base).as_posix() + suffix):
            return True
        if not self.respect_gitignore:
            return False
        stop = self._stop(base)
        for directory in (path.parent, *path.parent.parents):
            spec = self._gitignore(directory)
            if spec is not None:
                result = spec.check_file(path.relative_to(directory).as_posix() + suffix)
                if result.include is not None:
                    return result.include
            if directory == stop or not _is_under(directory, stop):
                break
        if stop in self._global_excludes or _git_top(stop) == stop:  # a git work tree's other ignores
            spec = self._excludes(stop)
            if spec is not None and _is_under(path, stop):
                return spec.match_file(path.relative_to(stop).as_posix() + suffix)
        return False


    def why_excluded(self, directory: Path) -> tuple[str, str] | None:
        """Why walking ``directory`` (named on the command line) finds nothing when it, or a folder
        above it inside the root, is excluded: ``(the pattern and where it comes from, how to
        check it after all)``; ``None`` when it is not excluded (by a pattern or a ``.gitignore``)."""
        chain = [d for d in (directory, *directory.parents) if _is_under(d, self.root) and d != self.root]
        for folder in reversed(chain):  # the outermost excluded folder explains the rest
            relative = folder.relative_to(self.root).as_posix() + "/"
            settings = self.settings
            origins = dict(settings.origins)
            for key, patterns in (("exclude", settings.exclude), ("extend-exclude", settings.extend_exclude)):
                for pattern in patterns:
                    if compile_patterns([pattern]).match_file(relative):
                        origin = origins.get(key, "default")
                        if key == "exclude" and origin == "default":
                            return (f"default exclude pattern {pattern!r}", "set exclude in the configuration: it "
                                    "replaces the defaults (see --show-settings)")
                        return f"{key} pattern {pattern!r} in {origin}", f"remove the pattern from {key}"
            if self.ignored(folder, True, self.root):
                return "a .gitignore or git's excludes", "set respect-gitignore = false in the configuration"
        return None


def _is_under(path: Path, directory: Path) -> bool:
    return path == directory or directory in path.parents


def _walk(top: Path, ignores: _Ignores) -> Iterator[Path]:
    """Python files and notebooks below ``top``.

    Symbolic links to directories are not followed; a symbolic link to a file is followed only
    when its target lies inside the tree (the project root or ``top``); broken links and link
    loops inside the tree are returned, so that they are reported. A directory that cannot be
    listed or entered is reported as a warning and skipped.
    """
    notify, cwd = ignores.notify, ignores.cwd
    real_top = Path(os.path.realpath(top))
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            with os.scandir(directory) as listing:
                entries = list(listing)
        except FileNotFoundError:
            continue  # removed while walking
        except OSError as error:
            notify("warning", f"cannot read directory {display_path(directory, cwd)}: "
                              f"{_reason(error)}; its files are not checked")
            continue
        if entries and not _searchable(entries[0]):
            notify("warning", f"cannot enter directory {display_path(directory, cwd)}: "
                              "permission denied; its files are not checked")
            continue
        for entry in entries:
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                if not ignores.ignored(path, True, top):
                    stack.append(path)
            elif entry.is_symlink() and _is_directory(entry):
                if not ignores.ignored(path, True, top):
                    notify("note", f"not following {display_path(path, cwd)}: "
                                   "it is a symbolic link to a directory")
            elif entry.name.endswith(SOURCE_SUFFIXES):
                if entry.is_symlink() and not _follow_link(path, ignores, real_top):
                    continue
                if not ignores.ignored(path, False, top):
                    yield path


def _is_directory(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a loop, or a target that cannot be reached
        return False


def _reason(error: OSError) -> str:
    return "permission denied" if isinstance(error, PermissionError) else (error.strerror or str(error))


def _searchable(entry: os.DirEntry) -> bool:
    """Whether the directory holding ``entry`` can be entered: listing a directory needs read
    permission, reaching what it holds needs search (execute) permission."""
    try:
        os.lstat(entry.path)
    except PermissionError:
        return False
    except OSError:
        pass
    return True


def _follow_link(path: Path, ignores: _Ignores, real_top: Path) -> bool:
    """Whether the symbolic link ``path`` (named like a source file) is taken while walking."""
    target = Path(os.path.realpath(path))
    if not (_is_under(target, ignores.real_root) or _is_under(target, real_top)):
        ignores.notify("note", f"not following {display_path(path, ignores.cwd)}: "
                               "it is a symbolic link that leaves the checked tree")
        return False
    try:
        return not stat.S_ISDIR(os.stat(path).st_mode)  # a directory named *.py is not walked
    except OSError:
        return True  # broken or a loop: reported when read


def discover(
    paths: Sequence[StrPath],
    settings: Settings,
    cwd: Path | None = None,
    *,
    notify: Notify | None = None,
) -> list[SourceFile]:
    """The files to check for ``paths`` (as given on the command line), sorted, without duplicates.

    A file named explicitly is always taken, whatever its name and the exclusions (and followed
    if it is a symbolic link); a directory is walked for ``*.py`` and ``*.ipynb`` files, skipping
    what ``exclude`` / ``extend-exclude`` and (unless ``respect-gitignore = false``) ``.gitignore``
    files exclude, and symbolic links that leave the tree (see :func:`_walk`). Raises
    :class:`UsageError` for a path that does not exist or cannot be reached. Directories that
    cannot be read and skipped links are reported through ``notify`` (see :data:`Notify`).
    """
    cwd = Path(os.path.abspath(cwd or Path.cwd()))
    ignores = _Ignores(settings, notify or _ignore, cwd)
    found: dict[Path, None] = {}
    named: set[Path] = set()  # files named on the command line: always taken
    for given in paths:
        if not os.fspath(given):  # "" is no path; the current directory is "." (or no path at all)
            raise UsageError("empty path: give a file or a directory (none checks the current directory)")
        absolute = Path(os.path.abspath(cwd / given))
        try:
            os.lstat(absolute)
        except (FileNotFoundError, NotADirectoryError):
            raise UsageError(f"path does not exist: {os.fspath(given)}") from None
        except OSError as error:
            raise UsageError(f"cannot access {os.fspath(given)}: {_reason(error)}") from None
        try:
            is_dir = stat.S_ISDIR(os.stat(absolute).st_mode)
        except OSError:
            is_dir = False  # a broken link or a loop: reported as a file
        if is_dir:  # a symlink to a directory is walked only when named explicitly
            walked = dict.fromkeys(_walk(absolute, ignores))
            if settings.tracked_only:
                tracked = _tracked_by_git(absolute, os.fspath(given))
                walked = {p: None for p in walked if p in tracked}
            why = None if walked else ignores.why_excluded(absolute)
            if why is not None:
                ignores.notify("warning", f"{os.fspath(given)} is excluded ({why[0]}), so none of its files are "
                                          f"checked; to check them, {why[1]}")
            found.update(walked)
        else:
            found[absolute] = None
            named.add(absolute)
    return sorted(SourceFile(path, display_path(path, cwd)) for path in _one_per_file(found, named, ignores))


def _tracked_by_git(folder: Path, given: str) -> set[Path]:
    """The files under ``folder`` that git tracks or has staged (``git ls-files --cached``), as
    absolute paths. Raises :class:`UsageError` when git cannot tell (not installed, not a work
    tree): ``--tracked-only`` then has nothing to go by."""
    try:
        listed = subprocess.run(["git", "-C", os.fspath(folder), "ls-files", "-z", "--cached", "--full-name"],
                                capture_output=True, timeout=60, check=False)
        top = subprocess.run(["git", "-C", os.fspath(folder), "rev-parse", "--show-toplevel"],
                             capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        raise UsageError(f"--tracked-only: cannot run git ({error})") from None
    if listed.returncode or top.returncode:
        raise UsageError(f"--tracked-only: {given} is not in a git work tree")
    root = Path(os.fsdecode(top.stdout).rstrip("\n"))
    return {Path(os.path.abspath(root / os.fsdecode(name))) for name in listed.stdout.split(b"\0") if name}


def _one_per_file(found: dict[Path, None], named: set[Path], ignores: "_Ignores") -> list[Path]:
    """``found`` without the links met while walking whose target is checked already under its
    own name: one file, one set of findings, one fix (``link.py -> a.py`` was fixed twice)."""
    links = [p for p in found if p not in named and os.path.islink(p)]
    if not links:
        return list(found)
    real = {os.path.realpath(p) for p in found if p not in links}
    out = []
    for path in found:
        if path in links and os.path.realpath(path) in real:
            ignores.notify("note", f"not following {display_path(path, ignores.cwd)}: "
                                   "its target is checked under its own name")
            continue
        out.append(path)
    return out
