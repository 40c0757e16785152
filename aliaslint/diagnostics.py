"""Plain data the engine hands to reporters: diagnostics, locations, fixes.

Everything here is a frozen dataclass of strings and ints, so it pickles cheaply
(worker processes, the cache) and compares by value (tests, snapshots).

Positions are 1-based lines and 1-based columns counted in characters (LibCST's
convention; ruff's JSON also counts characters). ``end_*`` is exclusive of the last
character, as in ruff.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Confidence(enum.IntEnum):
    """How sure a rule is that a finding is a real bug (pylint's idea, ordered).

    HIGH: the sharing and the mutation are both proven from the code.
    MEDIUM: proven aliasing, but the mutation may be intended (shown with ``--preview``).
    LOW: depends on a guess (e.g. a receiver type inferred by duck typing).
    """

    LOW = 1
    MEDIUM = 2
    HIGH = 3


class Applicability(str, enum.Enum):
    """Whether ``--fix`` may apply a fix on its own (ruff's terms)."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY_ONLY = "display-only"


@dataclass(frozen=True, order=True)
class Location:
    """A span in one file: ``path`` as given on the command line (or relative to the root)."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class RelatedLocation:
    """Another place that explains a diagnostic: where the object was made, mutated, passed."""

    location: Location
    message: str


@dataclass(frozen=True)
class Edit:
    """Replace the text of ``location`` with ``content``."""

    location: Location
    content: str


@dataclass(frozen=True)
class Fix:
    message: str
    applicability: Applicability
    edits: tuple[Edit, ...] = ()


@dataclass(frozen=True)
class Diagnostic:
    """One finding.

    ``code`` is the rule code (``AL001``; ``AL000`` for a file that could not be read or parsed),
    ``name`` the rule's kebab-case name, ``message`` one sentence naming the object, the access
    path and the mutation. ``related`` lists the other ends of the alias in a useful order.
    """

    code: str
    name: str
    message: str
    location: Location
    related: tuple[RelatedLocation, ...] = ()
    confidence: Confidence = Confidence.HIGH
    fix: Fix | None = None
    url: str | None = None
    #: the mutated access path as the message shows it (``worker.template.spec.containers``), when
    #: the rule names one; part of the fingerprint (:mod:`aliaslint.fingerprint`)
    access_path: str | None = None
    #: a stable identity of the finding, set when a report or a baseline needs one
    #: (:mod:`aliaslint.fingerprint`); ``None`` until then
    fingerprint: str | None = None

    def sort_key(self) -> tuple:
        return (self.location.path, self.location.line, self.location.column, self.code, self.message)
