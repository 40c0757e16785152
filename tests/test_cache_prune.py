"""The cache folder stays bounded: entries a run did not use go, oldest first, past a multiple of
what the run's own entries take; folders of other versions go when nothing touched them for two
weeks (a new user's trial: 40 edits of one file grew the cache from 600 kB to 23 MB)."""
from __future__ import annotations

import os
import time
from pathlib import Path

from aliaslint import cache
from aliaslint.config import Settings


def _entry(folder: Path, name: str, size: int, age: float) -> Path:
    path = folder / name[:2] / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    stamp = time.time() - age
    os.utime(path, (stamp, stamp))
    return path


def test_unused_entries_go_oldest_first_past_the_budget(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(cache, "PRUNE_FLOOR", 1000)
    store = cache.SummaryCache(Settings(root=tmp_path, cache_dir=tmp_path / "c"))
    used = _entry(store.folder, "aa" + "0" * 62, 200, 0)
    old = [_entry(store.folder, f"b{i}" + "0" * 62, 300, 1000 - i) for i in range(5)]  # b0 is the oldest
    freed = cache.prune(store, {used.name})
    # budget: max(4 x 200, 1000) = 1000 bytes; 200 + 5 x 300 = 1700 before, the three oldest go
    assert freed == 900
    assert used.exists()
    assert [p.exists() for p in old] == [False, False, False, True, True]


def test_within_the_budget_nothing_goes(tmp_path: Path) -> None:
    store = cache.SummaryCache(Settings(root=tmp_path, cache_dir=tmp_path / "c"))
    kept = [_entry(store.folder, f"c{i}" + "0" * 62, 100, 10_000) for i in range(3)]
    assert cache.prune(store, set()) == 0
    assert all(p.exists() for p in kept)


def test_stale_folders_of_other_versions_go_and_nothing_else(tmp_path: Path) -> None:
    store = cache.SummaryCache(Settings(root=tmp_path, cache_dir=tmp_path / "c"))
    store.folder.mkdir(parents=True)
    stale, fresh, other = (tmp_path / "c" / "0.0.9-0123abcd"), (tmp_path / "c" / "0.0.9-89abcdef"), (tmp_path / "c" / "notes")
    for folder in (stale, fresh, other):
        (folder / "ab").mkdir(parents=True)
    long_ago = time.time() - cache.STALE_VERSION_SECONDS - 60
    os.utime(stale, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    cache.prune(store, set())
    assert not stale.exists() and fresh.exists() and other.exists() and store.folder.exists()
