"""Argument stores (:mod:`aliaslint.arg_stores`): what one call puts of an argument into another,
by reference, and a later call's change that reaches it there.

Two spellings of one kind: configuration layers deep-merged into one dict (the first merge puts the
defaults' nested dicts into it, the next merge writes the user's values into them), and
podman-compose 1.6.0's ``extends`` (``rec_merge({}, base.copy(), service)``, whose one-level
``clone()`` keeps the base service's nested lists; merging the child's ``build.args`` extends the
base's). Each with twins that show where the kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.arg_stores import ArgStore, arg_stores, path_below
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.project import Project
from aliaslint.summary import ModuleSummary
from aliaslint.values import Site
from test_harm import run, shown

MERGE = """\
import copy

DEFAULTS = {"db": {"host": "localhost", "port": 5432}, "plugins": ["core"]}


def deep_merge(dst: dict, src: dict) -> dict:
    for k, v in src.items():
        if k in dst and isinstance(dst[k], dict) and isinstance(v, dict):
            deep_merge(dst[k], v)
        else:
            dst[k] = v
    return dst


"""

LAYERS = MERGE + """\
def load(user: dict) -> dict:
    cfg = {}
    deep_merge(cfg, DEFAULTS)
    deep_merge(cfg, user)
    return cfg


def main():
    return load({"db": {"host": "db1"}}), load({})
"""


def test_a_merge_stores_the_source_items_into_the_target(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(LAYERS, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    project = Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()
    assert arg_stores(project, "m.deep_merge") == (ArgStore(0, ("[*]",), 1, ("[*]",), Site("m", 11, 13, 11, 19)),)
    assert arg_stores(project, "m.load") == ()


def test_a_later_merge_into_what_an_earlier_one_stored_changes_the_template(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": LAYERS})
    assert [(d.code, d.location.line, d.location.column, d.confidence.name) for d in found] == [
        ("AL003", 18, 5, "HIGH")]
    assert found[0].message == (
        "`load` writes an item of `DEFAULTS[*]` (through deep_merge -> deep_merge), a module-level template: an "
        "earlier call put the template's nested objects into what it builds by reference, and this call "
        "changes them there; every later call starts from the changed template; copy it first "
        "(`copy.deepcopy(DEFAULTS)`)")
    assert [(r.location.line, r.message) for r in found[0].related][:2] == [
        (11, "`DEFAULTS[*]` is put into another object here, by reference"),
        (11, "`DEFAULTS[*]` is mutated here ([] =)"),
    ]


def test_layers_merged_in_a_loop_reach_the_first_layer(tmp_path: Path) -> None:
    text = MERGE + (
        "def load(layers: list) -> dict:\n"
        "    cfg = {}\n"
        "    for layer in [DEFAULTS, *layers]:\n"
        "        deep_merge(cfg, layer)\n"
        "    return cfg\n\n\n"
        "def main():\n"
        "    return load([{'db': {'host': 'db1'}}]), load([])\n")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 18, "HIGH")]


@pytest.mark.parametrize("body", [
    # the template is deep-copied before it is merged in: the result holds copies
    "    deep_merge(cfg, copy.deepcopy(DEFAULTS))\n    deep_merge(cfg, user)\n",
    # merged last: nothing changes what it stored
    "    deep_merge(cfg, user)\n    deep_merge(cfg, DEFAULTS)\n",
    # one merge or the other, never both
    "    if user:\n        deep_merge(cfg, user)\n    else:\n        deep_merge(cfg, DEFAULTS)\n",
])
def test_no_later_merge_into_what_was_stored_is_no_finding(tmp_path: Path, body: str) -> None:
    text = MERGE + "def load(user: dict) -> dict:\n    cfg = {}\n" + body + (
        "    return cfg\n\n\ndef main():\n    return load({'db': {'host': 'db1'}}), load({})\n")
    assert run(tmp_path, {"m.py": text}, preview=True) == []


def test_an_attribute_set_on_a_stored_object_is_its_own_state(tmp_path: Path) -> None:
    # a registry: objects stored by name, then configured through their attributes
    text = (
        "def add(registry: dict, plugin) -> None:\n"
        "    registry[plugin.name] = plugin\n\n\n"
        "def enable_all(registry: dict) -> None:\n"
        "    for plugin in registry.values():\n"
        "        plugin.enabled = True\n\n\n"
        "PLUGIN = object()\n\n\n"
        "def setup() -> dict:\n"
        "    registry = {}\n"
        "    add(registry, PLUGIN)\n"
        "    enable_all(registry)\n"
        "    return registry\n")
    assert run(tmp_path, {"m.py": text}, preview=True) == []


EXTENDS = """\
def clone(value):
    return value.copy() if isinstance(value, (list, dict)) else value


def rec_merge_one(target: dict, source: dict) -> dict:
    \"\"\"update target from source recursively\"\"\"
    for key, value in source.items():
        if key not in target:
            target[key] = clone(value)
            continue
        current = target[key]
        if isinstance(value, list):
            current.extend(value)
        elif isinstance(value, dict):
            rec_merge_one(current, value)
        else:
            target[key] = value
    return target


def rec_merge(target: dict, *sources: dict) -> dict:
    for source in sources:
        ret = rec_merge_one(target, source)
    return ret


def resolve_extends(services: dict, names: list) -> None:
    for name in names:
        service = services[name]
        base_name = service.get("extends")
        if not base_name:
            continue
        base = services.get(base_name, {}).copy()
        del base["extends"]
        services[name] = rec_merge({}, base, service)
"""


def test_a_merge_into_a_one_level_clone_reaches_the_copied_base(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": EXTENDS}, preview=True)
    assert shown(found) == [("AL002", 33, "MEDIUM")]
    assert found[0].message.startswith("`services.get(base_name, {}).copy()` copies only the top level")
    assert (9, "the copy's nested object is put into another object here, by reference, without a copy of "
               "what it holds") in [(r.location.line, r.message) for r in found[0].related]
    # the loop merging each source into the target is the merge's purpose: no finding of its own
    assert not any(d.code == "AL001" for d in found)


@pytest.mark.parametrize(("store", "path", "rest"), [
    (("[*]",), ("[*]", ".x"), (".x",)),
    (("['a']",), ("[*]",), ()),
    (("[*]", "['b']"), ("['a']", "['b']", "[*]"), ("[*]",)),
    (("['a']",), ("['b']",), None),
    ((".a",), ("[*]",), None),
    (("[*]", "[*]"), ("[*]",), None),
])
def test_path_below_a_stored_slot(store, path, rest) -> None:
    assert path_below(store, path) == rest
