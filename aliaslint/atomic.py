"""Replacing a file's content in one step, so that a reader never sees half of it.

    write_atomic(path, data, *, replace_link=False) -> bool

The data goes to a temporary file in the same folder, is flushed to disk, gets the permission
bits of the file it replaces (a new file: ``0o666`` less the umask), and is renamed over the
file (``os.replace`` is atomic on POSIX and Windows); the folder is then synced, best effort. On
failure the old file is untouched and no temporary file is left behind.

A symbolic link at ``path`` is the one thing the writers disagree on, so the caller says:

- ``--fix``, ``--add-noqa`` and ``--write-baseline`` edit the user's file, and a link to it stays
  a link: its target is replaced (``replace_link=False``);
- ``-o`` writes a report, often into a tree a pull request controls, which may have planted the
  report's name as a link to a file elsewhere: the link itself is replaced and its target never
  touched (``replace_link=True``, see :mod:`aliaslint.reporters.output_file`).
"""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def _new_file_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: bytes, *, replace_link: bool = False) -> bool:
    """Replace the file at ``path`` with ``data``, or create it (see the module docstring).

    ``replace_link`` chooses what happens to a symbolic link at ``path``: ``False`` writes its
    target (created if the link dangles), ``True`` replaces the link by a regular file. Returns
    whether ``path`` was a symbolic link. Raises :class:`OSError` (``path`` is then unchanged).
    """
    path = Path(os.path.abspath(path))
    try:
        was_link = stat.S_ISLNK(os.lstat(path).st_mode)
    except FileNotFoundError:
        was_link = False
    target = path if replace_link else Path(os.path.realpath(path))
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    mode = stat.S_IMODE(info.st_mode) if info is not None and stat.S_ISREG(info.st_mode) else _new_file_mode()
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".aliaslint-tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    return was_link


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
