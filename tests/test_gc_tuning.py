"""aliaslint.gc_tuning changes when the collector runs, never what it frees: the settings are
restored on the way out, also after an error, and nested uses keep the outer settings."""
from __future__ import annotations

import gc

import pytest

from aliaslint import gc_tuning


def test_long_lived_raises_the_young_threshold_and_restores_everything():
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with gc_tuning.long_lived():
        assert gc.get_threshold()[0] == max(gc_tuning.YOUNG_THRESHOLD, before[0])
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() > frozen
        with gc_tuning.long_lived():  # nested: the outer settings stay
            assert gc.get_threshold()[0] == max(gc_tuning.YOUNG_THRESHOLD, before[0])
        assert gc.get_threshold()[0] == max(gc_tuning.YOUNG_THRESHOLD, before[0])
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


def test_long_lived_restores_after_an_error_and_cycles_are_still_freed():
    before = gc.get_threshold()
    with pytest.raises(RuntimeError):
        with gc_tuning.long_lived():
            a: list = []
            a.append(a)
            del a
            assert gc.collect() >= 1  # a cycle made inside is garbage the collector finds
            raise RuntimeError
    assert gc.get_threshold() == before


def test_paused_disables_the_collector_and_keeps_a_disabled_one_disabled():
    assert gc.isenabled()
    with pytest.raises(ValueError):
        with gc_tuning.paused():
            assert not gc.isenabled()
            raise ValueError
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_tuning.paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_settle_freezes_what_is_alive_and_pauses_until_the_block_ends():
    frozen = gc.get_freeze_count()
    with pytest.raises(RuntimeError):
        with gc_tuning.long_lived():
            at_entry = gc.get_freeze_count()
            made_inside = [[i] for i in range(1000)]  # objects made after the block's own freeze
            gc_tuning.settle()
            assert gc.get_freeze_count() >= at_entry + len(made_inside)
            assert not gc.isenabled()
            gc_tuning.settle()  # once per block: nothing changes
            assert not gc.isenabled()
            raise RuntimeError
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_settle_outside_a_block_or_with_the_collector_off_changes_nothing():
    frozen = gc.get_freeze_count()
    gc_tuning.settle()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    gc.disable()
    try:
        with gc_tuning.long_lived():
            gc_tuning.settle()
        assert not gc.isenabled()  # it was off before: the block does not turn it on
    finally:
        gc.enable()
