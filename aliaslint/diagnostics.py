"""Plain data the engine hands to reporters: diagnostics, locations, fixes.

Everything here is a frozen dataclass of strings and ints, so it pickles cheaply
(worker processes, the cache) and compares by value (tests, snapshots).

Positions are 1-based lines and 1-based columns counted in characters (LibCST's
convention; ruff's JSON also counts characters). ``end_*`` is exclusive of the last
character, as in ruff.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass


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
class FixRequest:
    """A change a rule asks for, declared without reading the source (phase 3 works from
    summaries); :mod:`aliaslint.fix` turns it into LibCST edits only when fixes are applied,
    diffed or shown.

    ``kind`` is one of :data:`FIX_KINDS`:

    - ``"replace"``: replace the expression at ``location`` by the expression ``text``
      (``expected`` is the source text of the expression the rule saw);
    - ``"deepcopy"``: make the shallow copy at ``location`` (``copy.copy(x)``, ``x.copy()``,
      ``dict(x)``, ``{**x}``, ...) a deep copy with ``copy.deepcopy``;
    - ``"copy-parameter"``: insert ``text = copy.deepcopy(text)`` as the first statement (after
      the docstring) of the function whose name is at ``location`` (``expected`` is that name);
    - ``"shallow-copy-parameter"``: the same with ``text = copy.copy(text)`` (every change is at
      the argument's top level).
    """

    kind: str
    location: Location
    text: str = ""
    expected: str = ""


FIX_KINDS = ("replace", "deepcopy", "copy-parameter", "shallow-copy-parameter")


@dataclass(frozen=True)
class Fix:
    """A suggested change: ``message`` says what it does (shown as ``help:``), ``applicability``
    whether ``--fix`` applies it alone (safe) or only with ``--unsafe-fixes`` (unsafe).

    ``requests`` are the rule's declarative changes; ``edits`` are the text edits they resolve to
    (filled only when a report shows them, e.g. ``--output-format json``).
    """

    message: str
    applicability: Applicability
    edits: tuple[Edit, ...] = ()
    requests: tuple[FixRequest, ...] = ()

    def applies(self, unsafe_fixes: bool) -> bool:
        """Whether ``--fix`` applies this fix (with ``--unsafe-fixes`` when ``unsafe_fixes``)."""
        if not self.requests and not self.edits:
            return False
        if self.applicability is Applicability.SAFE:
            return True
        return unsafe_fixes and self.applicability is Applicability.UNSAFE


#: the most related locations a finding shows; past it the reasons (its witness, its public-entry
#: or copy-intent reason) stay and the rest is counted in one last entry. Where it comes from: a
#: new user's triage of clearml-agent 3.0.3 (issue 8's thirty-first set) met one finding with 35,
#: a chain of calls and changes nobody reads past the first few
MAX_RELATED = 10
#: the prefix of a related location that is a finding's witness (tests and reporters look for it)
WITNESS = "second use: "
#: the prefixes of the related location that says why a finding without a witness is shown: a
#: public entry point whose change destroys what the caller gave, or a copy made to leave the
#: original unchanged that does not (AL002, AL008)
PUBLIC_ENTRY = "public entry point: "
COPY_INTENT = "copied to leave it unchanged: "
#: every default finding has a related location starting with one of these (:mod:`aliaslint.harm`)
REASONS = (WITNESS, PUBLIC_ENTRY, COPY_INTENT)


#: the end of a related location that is a change on the way (``... is mutated here (append)``)
_CHANGE_HERE = re.compile(r" here \([^()]*\)$")
#: the entry :func:`shown_related` puts in place of those it leaves out
_LEFT_OUT = re.compile(r"and (\d+) more places? on the way ")


def places_on_the_way(related: tuple[RelatedLocation, ...]) -> int:
    """How many calls (``calls `f```) and changes (``... changed here (pop)``) of ``related``
    explain how the change is reached: what a reader follows to check the finding. The reasons
    and where the object was made or kept are not places on the way; the entry that counts those
    :func:`shown_related` left out adds its count, so a shown finding gives the same number."""
    count = 0
    for r in dict.fromkeys(related):
        left_out = _LEFT_OUT.match(r.message)
        if left_out:
            count += int(left_out.group(1))
        elif not r.message.startswith(REASONS) and (r.message.startswith("calls ") or _CHANGE_HERE.search(r.message)):
            count += 1
    return count


def shown_related(related: tuple[RelatedLocation, ...]) -> tuple[RelatedLocation, ...]:
    """``related`` as a finding shows it: each (location, message) once, in order, and at most
    :data:`MAX_RELATED` entries, the reasons always among them; what is left out is counted in an
    entry at the first location left out (``and 25 more places on the way``)."""
    unique = tuple(dict.fromkeys(related))
    if len(unique) <= MAX_RELATED:
        return unique
    reasons = [r for r in unique if r.message.startswith(REASONS)]
    others = [r for r in unique if not r.message.startswith(REASONS)]
    room = max(MAX_RELATED - len(reasons) - 1, 0)
    dropped = others[room:]
    if not dropped:
        return unique
    kept = set(others[:room]) | set(reasons)
    more = RelatedLocation(dropped[0].location,
                           f"and {len(dropped)} more place{'s' if len(dropped) > 1 else ''} on the way "
                           f"(calls and changes), not shown")
    out = [r for r in unique if r in kept]
    at = next((i for i, r in enumerate(out) if r.message.startswith(REASONS)), len(out))
    return tuple(out[:at] + [more] + out[at:])


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

    @property
    def tier(self) -> str:
        """``"default"`` for a finding shown by default (``HIGH`` confidence), else ``"preview"``
        (shown only with ``--preview``): the word the reports print, where every default
        finding's confidence would read "high"."""
        return "default" if self.confidence >= Confidence.HIGH else "preview"

    def sort_key(self) -> tuple:
        return (self.location.path, self.location.line, self.location.column, self.code, self.message)
