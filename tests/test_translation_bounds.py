"""The effects fixpoint's bounds on a large recursive component (issue 9; jsonargparse 4.53.0's
``_typehints.py`` took 12 minutes in one file): what a translation may leave out before widening,
and the memo of loads. Both must leave every result as it was: the whole test suite and the
standard library's findings were compared before and after."""
from __future__ import annotations

from aliaslint.dataflow import forget_loads, load
from aliaslint.effects import MAX_PATHS_PER_SITE, _beyond_widening, widen
from aliaslint.values import Ref, Root

VAL = Root("param", "val", 1)
CFG = Root("param", "cfg", 2)


def _reached(root: Root, *paths: tuple[str, ...]) -> list[tuple]:
    return [(Ref(root, path), None, (), None) for path in paths]


def test_a_root_with_few_paths_loses_none() -> None:
    reached = _reached(VAL, (), (".a",), ("[*]",), (".a", ".b"))
    assert MAX_PATHS_PER_SITE == 4
    assert _beyond_widening(reached) == set()


def test_only_paths_widening_would_drop_are_left_out() -> None:
    reached = _reached(VAL, (".a", ".b", ".c"), (".a",), ("[*]",), (".b",), (".c",), (".a", ".b"), ("[*]", ".x")) \
        + _reached(CFG, ("['k']",))
    # the four shortest stay, and the shortest that are not below an item (a parameter's item
    # paths may all be dropped before widening): (".a", ".b") is among those, so it stays too
    assert _beyond_widening(reached) == {(VAL, (".a", ".b", ".c")), (VAL, ("[*]", ".x"))}


def test_what_is_left_out_is_what_widen_drops() -> None:
    paths = [(".a", ".b", ".c"), (".a",), ("[*]",), (".b",), (".c",), (".a", ".b"), ("[*]", ".x")]
    from aliaslint.effects import Effect
    from aliaslint.values import Site

    site = Site("m", 3, 1, 3, 9)
    effects = {(VAL, p, "append", site): Effect(VAL, p, "append", "append", site) for p in paths}
    kept = {k[1] for k in widen(effects)}
    beyond = {p for _, p in _beyond_widening(_reached(VAL, *paths))}
    assert kept == {(".a",), ("[*]",), (".b",), (".c",)}
    assert beyond <= set(paths) - kept


def test_a_memoised_load_gives_what_a_fresh_one_gives() -> None:
    value = frozenset(Ref(VAL, (f".f{i}",)) for i in range(20))
    first = load(value, "['k']")
    forget_loads()
    assert load(value, "['k']") == first == frozenset(Ref(VAL, (f".f{i}", "['k']")) for i in range(20))
