"""Writing a report to ``-o FILE``: atomically, and never through a symbolic link.

A CI job often writes the report into the checked-out tree (``-o aliaslint.sarif``), which a pull
request controls: it may commit ``aliaslint.sarif`` as a symbolic link to a file elsewhere on the
runner. Writing through it would overwrite that file. So the report goes to a temporary file in
the same folder, is flushed to disk, and is renamed over ``FILE``: a rename replaces the link
itself and never touches its target (as ``sed -i`` and editors' atomic saves do). The old report
stays whole until the new one is complete, so a failure never leaves a truncated file. The
writing itself is :func:`aliaslint.atomic.write_atomic`, shared with ``--fix`` and ``--add-noqa``
(which, unlike ``-o``, write through a link to the user's file).

What is at ``FILE`` decides (a rename must never remove something that is not a report):

- nothing, or a regular file: replaced atomically;
- a character device or a FIFO (``-o /dev/null``, a named pipe a reader waits on): opened and
  written in place, as a shell's ``>`` does; the node stays;
- a symbolic link to a regular file, or a dangling one: the link is replaced by the report;
- a symbolic link to anything else, or to this process's own standard stream
  (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``): refused, since replacing it would
  remove a system link and writing through it breaks the rule above; without ``-o`` the
  report goes to standard output;
- a block device, a socket or a folder: refused.
"""
from __future__ import annotations

import errno
import os
import stat
import sys

from aliaslint.atomic import describe_kind, write_atomic

__all__ = ["write_report"]


def write_report(path: str | os.PathLike[str], data: bytes) -> bool:
    """Write ``data`` to the report file ``path`` (see the module docstring for what happens to
    what is there).

    Returns whether ``path`` was a symbolic link (now replaced by a regular file; the link's
    target is untouched). An existing regular file keeps its permission bits; a new one gets the
    usual ``0o666`` less the umask. Raises :class:`OSError` whose ``strerror`` says why, when the
    folder cannot be written or ``path`` is refused (``path`` is then left as it was).
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISLNK(info.st_mode):
        _check_link(path)
    elif info is not None and (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        _write_in_place(path, data)
        return False
    elif info is not None and not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, f"it is {describe_kind(info.st_mode)}, not a report file", os.fspath(path))
    return write_atomic(path, data, replace_link=True)


def _check_link(path: str | os.PathLike[str]) -> None:
    """Refuse a link that must be neither replaced nor written through (see the module docstring)."""
    try:
        target = os.stat(path)
    except OSError:
        return  # dangling, or a loop: the link itself is replaced
    own_stream = any(_same(target, stream) for stream in (sys.__stdout__, sys.__stderr__, sys.__stdin__))
    if own_stream or not stat.S_ISREG(target.st_mode):
        what = "this process's own standard stream" if own_stream else describe_kind(target.st_mode)
        raise OSError(
            errno.EINVAL,
            f"it is a symbolic link to {what}, and a report is never written through a link "
            "(without -o the report goes to standard output)",
            os.fspath(path),
        )


def _same(info: os.stat_result, stream) -> bool:
    try:
        other = os.fstat(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return False
    return (info.st_dev, info.st_ino) == (other.st_dev, other.st_ino)


def _write_in_place(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to the character device or FIFO at ``path``; opening a FIFO waits for a
    reader, as a shell's redirection does. ``O_NOFOLLOW`` and the check of the open descriptor
    make sure that nothing swapped in since the ``lstat`` is written instead."""
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
            raise OSError(errno.EINVAL, f"it changed while being opened (now {describe_kind(mode)})", os.fspath(path))
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    finally:
        os.close(fd)
