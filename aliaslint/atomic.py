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

Only a regular file is ever replaced: a FIFO, a device, a socket or a folder at the place to
write (``--write-baseline /dev/null``: the rename would remove the device node) is an
:class:`OSError`, and nothing is written.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["describe_kind", "write_atomic"]


def describe_kind(mode: int) -> str:
    """What a file that is not a regular file is, from its ``st_mode``: ``"a character device"``."""
    for test, kind in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return kind
    return "a special file"


def _new_file_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: bytes, *, replace_link: bool = False) -> bool:
    """Replace the file at ``path`` with ``data``, or create it (see the module docstring).

    ``replace_link`` chooses what happens to a symbolic link at ``path``: ``False`` writes its
    target (created if the link dangles), ``True`` replaces the link by a regular file. Returns
    whether ``path`` was a symbolic link. Raises :class:`OSError` (``path`` is then unchanged),
    also when the file to replace is not a regular file (its ``strerror`` says what it is).
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
    if info is not None and not (stat.S_ISREG(info.st_mode) or (replace_link and stat.S_ISLNK(info.st_mode))):
        # a rename would unlink the device node or the pipe (as root: /dev/null itself)
        raise OSError(errno.EINVAL, f"not a regular file: it is {describe_kind(info.st_mode)}", os.fspath(target))
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
