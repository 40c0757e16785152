"""Writing a report to ``-o FILE``: atomically, and never through a symbolic link.

A CI job often writes the report into the checked-out tree (``-o aliaslint.sarif``), which a pull
request controls: it may commit ``aliaslint.sarif`` as a symbolic link to a file elsewhere on the
runner. Writing through it would overwrite that file. So the report goes to a temporary file in
the same folder, is flushed to disk, and is renamed over ``FILE``: a rename replaces the link
itself and never touches its target (as ``sed -i`` and editors' atomic saves do). The old report
stays whole until the new one is complete, so a failure never leaves a truncated file.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

__all__ = ["write_report"]


def _new_file_mode() -> int:
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_report(path: str | os.PathLike[str], data: bytes) -> bool:
    """Replace ``path`` with a file holding ``data``, atomically.

    Returns whether ``path`` was a symbolic link (now replaced by a regular file; the link's
    target is untouched). An existing regular file keeps its permission bits; a new one gets the
    usual ``0o666`` less the umask. Raises :class:`OSError` when the folder cannot be written
    (``path`` is then left as it was).
    """
    path = Path(os.path.abspath(path))
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    was_link = info is not None and stat.S_ISLNK(info.st_mode)
    if info is not None and stat.S_ISREG(info.st_mode):
        mode = stat.S_IMODE(info.st_mode)
    else:
        mode = _new_file_mode()
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)
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
