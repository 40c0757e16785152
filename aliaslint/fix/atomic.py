"""Replace a file's content in one step, so that a reader never sees half of it."""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: a temporary file in the same folder, flushed to disk, given
    the file's permission bits, then renamed over it (``os.replace`` is atomic on POSIX and
    Windows). A symbolic link is followed: its target is replaced and the link stays a link.

    Raises ``OSError`` (the file is then unchanged and no temporary file is left behind).
    """
    target = Path(os.path.realpath(path))
    mode = stat.S_IMODE(os.stat(target).st_mode)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".aliaslint-tmp", dir=target.parent)
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
