"""aliaslint: find aliasing bugs in Python code (shared nested state mutated by reference)."""
from __future__ import annotations

import os as _os
import sys as _sys


def _drop_working_directory_from_path() -> None:
    """``python -m aliaslint`` puts the working directory first on ``sys.path``: a checked
    project's ``tomllib.py`` or ``email/`` would then be imported instead of the standard
    library's and run inside aliaslint. Drop it before anything else is imported (as pylint
    does); the console script ``aliaslint`` never has it."""
    cwd = _os.getcwd()
    _sys.path[:] = [p for p in _sys.path if p not in ("", ".") and _os.path.abspath(p) != cwd]


if _sys.argv[:1] == ["-m"]:  # being imported by ``python -m aliaslint`` (runpy sets this)
    _drop_working_directory_from_path()

from importlib import metadata as _metadata  # noqa: E402  (after the sys.path clean-up)

try:
    __version__ = _metadata.version("aliaslint")
except _metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
