"""The project pass keeps compact data (issue 9, "Memory"), and what it computes does not change:
values shared through one table (aliaslint.hashcons) give the facts and the report of values kept
apart."""
from __future__ import annotations

import copy
import pickle
import shutil
from pathlib import Path

import pytest

from _cli import runner as cli_runner
from aliaslint import engine, inference
from aliaslint.cli import cli
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.hashcons import ValueTable
from aliaslint.project import Project
from aliaslint.summary import ModuleSummary
from aliaslint.values import Fresh, Opaque, Ref, Root, Site

OPERATOR = Path(__file__).resolve().parent.parent / "fixtures" / "reference_operator" / "buggy"


def _tree(tmp_path: Path) -> Path:
    """A project with classes, loops, call results and copies: the reference operator, with
    CPython's ``copy.py`` and ``shutil.py`` beside it."""
    root = tmp_path / "tree"
    shutil.copytree(OPERATOR, root)
    shutil.copy(copy.__file__, root / "copy_module.py")
    shutil.copy(shutil.__file__, root / "shutil_module.py")
    return root


def _summaries(root: Path) -> bytes:
    settings = Settings(root=root, no_cache=True, jobs=1)
    summaries = engine.summarize_files(discover([root], settings, cwd=root), settings)
    return pickle.dumps({s.module: s for s in summaries if isinstance(s, ModuleSummary)})


def _keep_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the table keep nothing: every value stays the object the pass made."""
    monkeypatch.setattr(ValueTable, "value", lambda self, value: value)
    monkeypatch.setattr(ValueTable, "stored", lambda self, value: value)
    monkeypatch.setattr(ValueTable, "kept", lambda self, obj: obj)
    monkeypatch.setattr(ValueTable, "effects", lambda self, effects: effects)


def _analyse(summaries: bytes) -> Project:
    inference.reset()
    return Project(pickle.loads(summaries)).analyse()


def test_a_value_put_through_the_table_twice_is_one_object() -> None:
    site = Site("m", 1, 1)
    inner = lambda: frozenset({Ref(Root("param", "spec", 0), (".containers",)), Opaque(frozenset({3}))})  # noqa: E731
    made = lambda: frozenset({Fresh(site, kind="instance", fields=((".spec", inner()),), copy_of=inner())})  # noqa: E731
    table = ValueTable()
    first, second = table.value(made()), table.value(made())
    assert first == made() and first is second
    [fresh] = first
    # the parts too: the field's value and the copy's source are one object
    assert fresh.fields[0][1] is fresh.copy_of is table.value(inner())
    # a stored value is equal, shared inside, and a new object (the traces compare it by identity)
    stored = table.stored(made())
    assert stored == first and stored is not first and next(iter(stored)) is fresh


def test_shared_values_give_the_facts_and_the_report_of_values_kept_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summaries = _summaries(_tree(tmp_path))
    shared = _analyse(summaries)
    _keep_apart(monkeypatch)
    apart = _analyse(summaries)
    assert len(apart._values) == 0 and len(shared._values) > 0
    assert set(shared.functions) == set(apart.functions)
    for q in apart.functions:
        assert dict.get(shared.rets, q) == dict.get(apart.rets, q), q
        assert list(dict.get(shared.effects, q, {}).items()) == list(dict.get(apart.effects, q, {}).items()), q
    assert shared._targets == apart._targets
    assert shared._attr_types == apart._attr_types and shared._field_values == apart._field_values

    def report() -> str:
        result = cli_runner().invoke(cli, ["check", "--no-cache", "-j", "1", "--preview", "--output-format", "json",
                                           str(tmp_path / "tree")], catch_exceptions=False)
        assert result.exit_code in (0, 1), result.stderr
        return result.stdout

    kept_apart = report()
    monkeypatch.undo()
    assert report() == kept_apart
