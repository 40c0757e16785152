"""Writing a report to ``-o FILE``: atomically, and never through a symbolic link.

A CI job often writes the report into the checked-out tree (``-o aliaslint.sarif``), which a pull
request controls: it may commit ``aliaslint.sarif`` as a symbolic link to a file elsewhere on the
runner. Writing through it would overwrite that file. So the report goes to a temporary file in
the same folder, is flushed to disk, and is renamed over ``FILE``: a rename replaces the link
itself and never touches its target (as ``sed -i`` and editors' atomic saves do). The old report
stays whole until the new one is complete, so a failure never leaves a truncated file. The
writing itself is :func:`aliaslint.atomic.write_atomic`, shared with ``--fix`` and ``--add-noqa``
(which, unlike ``-o``, write through a link to the user's file).
"""
from __future__ import annotations

import os

from aliaslint.atomic import write_atomic

__all__ = ["write_report"]


def write_report(path: str | os.PathLike[str], data: bytes) -> bool:
    """Replace ``path`` with a file holding ``data``, atomically.

    Returns whether ``path`` was a symbolic link (now replaced by a regular file; the link's
    target is untouched). An existing regular file keeps its permission bits; a new one gets the
    usual ``0o666`` less the umask. Raises :class:`OSError` when the folder cannot be written
    (``path`` is then left as it was).
    """
    return write_atomic(path, data, replace_link=True)
