"""Baselines: record the current findings once, then report only new ones.

``--write-baseline FILE`` writes every current finding (except ``AL000``: a file that cannot be
read is never accepted) as one entry; ``--baseline FILE`` drops the findings that match an entry
and counts the entries that matched nothing (fixed, or changed beyond recognition).

Entries match by fingerprint (:mod:`aliaslint.fingerprint`), never by line, and as a multiset:
a baseline with one entry for a fingerprint absorbs one finding with it, so a second identical
finding is new. The file is JSON with sorted keys, entries sorted by file, function, code and
fingerprint, two-space indented and ending in a newline, so that it diffs cleanly in review::

    {
      "aliaslint-baseline": 1,
      "findings": [
        {
          "access_path": "worker.template.spec.containers[*].volume_mounts",
          "code": "AL001",
          "file": "ray_operator/controller.py",
          "fingerprint": "6f1e...",
          "function": "RayClusterReconciler.reconcile",
          "message": "...",
          "statement": "self.create_worker_pod(instance, worker)"
        }
      ]
    }

Only ``fingerprint`` is used for matching; the other fields are there for the reviewer.
"""
from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from aliaslint.atomic import write_atomic
from aliaslint.diagnostics import Diagnostic
from aliaslint.files import SourceError, read_regular_file
from aliaslint.fingerprint import Fingerprinter

__all__ = ["BaselineError", "Comparison", "compare", "read_baseline", "write_baseline"]

FORMAT_KEY = "aliaslint-baseline"
FORMAT_VERSION = 1
#: findings that a baseline never accepts
NEVER_BASELINED = ("AL000",)
#: longest statement text kept in an entry (the fingerprint uses all of it)
_STATEMENT_CHARS = 200
#: a baseline file larger than this is refused (an entry takes about 500 bytes)
MAX_BASELINE_BYTES = 64_000_000


class BaselineError(Exception):
    """A baseline file that cannot be read or written; the message names the file."""


@dataclass(frozen=True)
class Comparison:
    """The findings not in the baseline, and how many were in it / how many entries are gone."""

    new: list[Diagnostic]
    baselined: int
    gone: int


def _entry(diagnostic: Diagnostic, fingerprinter: Fingerprinter) -> dict[str, str]:
    identity = fingerprinter.identity(diagnostic)
    statement = " ".join(identity.statement.split())
    if len(statement) > _STATEMENT_CHARS:
        statement = statement[: _STATEMENT_CHARS - 3] + "..."
    return {
        "access_path": identity.access_path,
        "code": identity.code,
        "file": identity.file,
        "fingerprint": identity.fingerprint,
        "function": identity.function,
        "message": diagnostic.message,
        "statement": statement,
    }


def write_baseline(path: Path, diagnostics: Sequence[Diagnostic], fingerprinter: Fingerprinter) -> int:
    """Write the baseline of ``diagnostics`` to ``path`` (atomically); returns the entry count."""
    entries = [_entry(d, fingerprinter) for d in diagnostics if d.code not in NEVER_BASELINED]
    entries.sort(key=lambda e: (e["file"], e["function"], e["code"], e["fingerprint"], e["message"]))
    text = json.dumps({FORMAT_KEY: FORMAT_VERSION, "findings": entries}, indent=2, sort_keys=True,
                      ensure_ascii=False) + "\n"
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot write the baseline {path}: {error.strerror or error}") from None
    return len(entries)


def read_baseline(path: Path) -> Counter[str]:
    """The fingerprints of a baseline file, counted.

    The file is read as the checked files are (:func:`aliaslint.files.read_regular_file`): a
    regular file of at most :data:`MAX_BASELINE_BYTES`, so that a FIFO or a link to a device is
    an error instead of a run that never ends. Raises :class:`BaselineError` naming the file.
    """
    if not os.path.lexists(path):
        raise BaselineError(f"baseline file not found: {path} (create it with --write-baseline)")
    try:
        data = read_regular_file(path, MAX_BASELINE_BYTES, what="the file", setting=None)
    except SourceError as error:
        raise BaselineError(f"cannot read the baseline {path}: {error}") from None
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"{path}: not a baseline file (invalid JSON: {error})") from None
    if not isinstance(document, dict) or document.get(FORMAT_KEY) != FORMAT_VERSION:
        raise BaselineError(
            f"{path}: not an aliaslint baseline of version {FORMAT_VERSION} "
            f"(no \"{FORMAT_KEY}\": {FORMAT_VERSION}); write it again with --write-baseline"
        )
    findings = document.get("findings")
    if not isinstance(findings, list) or not all(
        isinstance(entry, dict) and isinstance(entry.get("fingerprint"), str) for entry in findings
    ):
        raise BaselineError(f"{path}: \"findings\" must be a list of entries with a \"fingerprint\"")
    return Counter(entry["fingerprint"] for entry in findings)


def compare(diagnostics: Sequence[Diagnostic], baseline: Counter[str]) -> Comparison:
    """Split fingerprinted ``diagnostics`` into new ones and baselined ones (in their order)."""
    remaining = Counter(baseline)
    new = []
    baselined = 0
    for diagnostic in diagnostics:
        key = diagnostic.fingerprint
        if diagnostic.code not in NEVER_BASELINED and key is not None and remaining[key] > 0:
            remaining[key] -= 1
            baselined += 1
        else:
            new.append(diagnostic)
    return Comparison(new, baselined, sum(remaining.values()))
