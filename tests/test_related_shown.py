"""Tests for :func:`aliaslint.diagnostics.shown_related`: how many related locations a finding
shows, and that its reasons always stay (a new user met one finding with 35 of them)."""
from __future__ import annotations

from aliaslint.diagnostics import MAX_RELATED, Location, RelatedLocation, shown_related


def _at(line: int, message: str) -> RelatedLocation:
    return RelatedLocation(Location("pkg/tree.py", line, 5, line, 20), message)


def test_a_short_list_is_shown_as_it_is_each_entry_once() -> None:
    related = (_at(3, "`a` is mutated here (pop)"), _at(3, "`a` is mutated here (pop)"),
               _at(9, "second use: the next iteration passes the same object again"))
    assert shown_related(related) == related[1:]


def test_a_long_list_keeps_the_first_changes_and_the_reason_and_counts_the_rest() -> None:
    changes = tuple(_at(10 + i, f"also changed here (line {10 + i})") for i in range(30))
    reason = _at(99, "second use: this caller passes an object it keeps")
    shown = shown_related(changes + (reason,))
    assert len(shown) == MAX_RELATED == 10
    assert [(r.location.line, r.message) for r in shown] == [
        *((10 + i, f"also changed here (line {10 + i})") for i in range(8)),
        (18, "and 22 more places on the way (calls and changes), not shown"),
        (99, "second use: this caller passes an object it keeps"),
    ]


def test_a_long_list_without_a_reason_uses_all_the_room_for_changes() -> None:
    changes = tuple(_at(10 + i, "also changed here") for i in range(12))
    shown = shown_related(changes)
    assert [(r.location.line, r.message) for r in shown][-2:] == [
        (18, "also changed here"), (19, "and 3 more places on the way (calls and changes), not shown")]
