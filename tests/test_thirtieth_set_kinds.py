"""Kinds of issue 8's blind thirtieth set (dask-gateway-server 2026.3.0, ansible-builder 3.2.0,
taskcat 0.9.58, openshift 0.13.2), kept as tests.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# taskcat 0.9.58's ``BaseConfig.merge`` (in the private ``_dataclasses`` module) merges the other
# config's sources into ``base_config._source.copy()``, so the nested dicts of the original
# change too; its one caller folds every source's config into ``self.config``, rebinding it to
# the result: the original is handed over once and dropped (a C of issue 8's blind thirtieth set,
# shown because "the copy was made to leave it unchanged")
MERGE = '''\
def merge_nested_dict(old, new):
    for k, v in new.items():
        if isinstance(old.get(k), dict) and isinstance(v, dict):
            merge_nested_dict(old[k], v)
        else:
            old[k] = v


class BaseConfig:
    def __init__(self, data, source):
        self.data = data
        self._source = source

    @classmethod
    def from_dict(cls, data):
        return cls(dict(data), {k: {"from": "x"} for k in data})

    @classmethod
    def merge(cls, base_config, merge_config):
        merged_source = base_config._source.copy()
        merge_nested_dict(merged_source, merge_config._source)
        return cls({**base_config.data, **merge_config.data}, merged_source)
'''
FOLD = '''\
from pkg._dataclasses import BaseConfig


class Config:
    def __init__(self, sources):
        self.config = BaseConfig.from_dict({})
        for source in sources:
            source_config = BaseConfig.from_dict(source)
            self.config = BaseConfig.merge(self.config, source_config)
'''


def test_a_config_folded_into_an_attribute_is_handed_over_once(tmp_path: Path) -> None:
    files = {"pkg/_dataclasses.py": MERGE, "pkg/config.py": FOLD}
    assert shown(run(tmp_path / "default", files)) == []
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL002", 20, "MEDIUM")]


def test_one_config_merged_with_each_source_is_handed_over_every_round(tmp_path: Path) -> None:
    # the twin: the attribute keeps the base, and every round merges into a copy of it
    fold = FOLD.replace("            self.config = BaseConfig.merge(self.config, source_config)",
                        "            self.merged = BaseConfig.merge(self.config, source_config)")
    found = run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})
    assert shown(found) == [("AL002", 20, "HIGH")]
    assert [(Path(r.location.path).name, r.location.line, r.message) for r in found[0].related][-1] == (
        "config.py", 9, "second use: this caller passes an object it shares in a loop; the next use sees what "
                        "`BaseConfig.merge` changed")


def test_a_config_a_caller_builds_and_drops_is_the_callees_own(tmp_path: Path) -> None:
    # a library's own parser makes the configs (taskcat's ``from_dict`` is dataclasses-jsonschema's)
    fold = FOLD.replace("        self.config = BaseConfig.from_dict({})\n", "        self.config = load({})\n") \
        .replace("from pkg._dataclasses import BaseConfig\n", "from pkg._dataclasses import BaseConfig\nfrom lib import load\n")
    assert shown(run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})) == []


def test_a_module_level_config_merged_with_each_source_is_shown(tmp_path: Path) -> None:
    fold = FOLD.replace("        self.config = BaseConfig.from_dict({})\n", "") \
        .replace("class Config:", "DEFAULT = BaseConfig.from_dict({})\n\n\nclass Config:") \
        .replace("BaseConfig.merge(self.config, source_config)", "BaseConfig.merge(DEFAULT, source_config)")
    assert shown(run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})) == [("AL002", 20, "HIGH")]
