"""aliaslint: find aliasing bugs in Python code (shared nested state mutated by reference)."""
from __future__ import annotations

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("aliaslint")
except _metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
