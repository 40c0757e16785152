"""Kinds found on first contact with issue 8's eighth unseen set (airbyte-cdk 7.39.1, kapitan
0.36.3, meltano 4.4.1), each with the twin that is still found.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# airbyte-cdk 7.39.1 ``SchemaInferrer._remove_null_from_type``, called for each field of a
# composite key on one schema node: the removal is guarded by a test that the entry is there
GUARDED_REMOVE = """
    NULL = "null"

    def strip_null(node):
        if isinstance(node["type"], list):
            {guard}
                node["type"].remove({item})

    def mark_required(node, paths):
        for path in paths:
            strip_null(node)
"""


@pytest.mark.parametrize(("guard", "item"), [
    ('if NULL in node["type"]:', "NULL"),
    ('if "null" in node["type"]:', '"null"'),
])
def test_a_removal_of_what_a_test_found_there_is_repeat_safe(tmp_path: Path, guard: str, item: str) -> None:
    source = GUARDED_REMOVE.format(guard=guard, item=item)
    assert shown(run(tmp_path, {"schema.py": source}, preview=True)) == []


@pytest.mark.parametrize(("guard", "item"), [
    # no test: the second round's remove raises ValueError
    ("if True:", "NULL"),
    # the test looks for another entry than the one removed
    ('if "object" in node["type"]:', "NULL"),
])
def test_an_unguarded_removal_in_a_loop_is_still_found(tmp_path: Path, guard: str, item: str) -> None:
    source = GUARDED_REMOVE.format(guard=guard, item=item)
    assert shown(run(tmp_path, {"schema.py": source})) == [("AL001", 11, "HIGH")]


# airbyte-cdk 7.39.1 ``ManifestDeclarativeSource._dynamic_stream_configs``: a constant set under a
# test of the same object's contents, for a manifest its caller keeps
CONSTANT_UNDER_OWN_TEST = """
    class Source:
        def __init__(self, source_config, cache_requests):
            self._source_config = self._pre_process(dict(source_config))
            self.cache_requests = cache_requests

        def _pre_process(self, manifest):
            return resolve_references(manifest)

        @property
        def dynamic_streams(self):
            return self._dynamic_stream_configs(manifest=self._source_config)

        def _dynamic_stream_configs(self, manifest):
            configs = []
            for definition in manifest.get("dynamic_streams", []):
                resolver = definition["components_resolver"]
                {guard}
                    resolver["retriever"]["requester"]["use_cache"] = {value}
                configs.append({{"name": definition.get("name"), "resolver": make(resolver)}})
            return configs
"""


@pytest.mark.parametrize("guard", [
    'if "requester" in resolver.get("retriever", {}):',
    'if resolver["retriever"].get("requester") is not None:',
])
def test_a_constant_set_under_a_test_of_the_object_itself_is_repeat_safe(tmp_path: Path, guard: str) -> None:
    source = CONSTANT_UNDER_OWN_TEST.format(guard=guard, value="True")
    assert shown(run(tmp_path, {"source.py": source}, preview=True)) == [("AL007", 19, "MEDIUM")]


@pytest.mark.parametrize(("guard", "value"), [
    # the test reads another input: a later call that takes the other path keeps this one's value
    ("if self.cache_requests:", "True"),
    # the value differs from one call to the next
    ('if "requester" in resolver.get("retriever", {}):', "time.time()"),
])
def test_a_write_under_another_test_or_of_a_varying_value_is_still_found(tmp_path: Path, guard: str, value: str) -> None:
    source = CONSTANT_UNDER_OWN_TEST.format(guard=guard, value=value)
    assert shown(run(tmp_path, {"source.py": source})) == [("AL007", 19, "HIGH")]


def test_a_test_that_also_decides_what_else_the_function_does_is_no_guard(tmp_path: Path) -> None:
    # Cloud Custodian 0.9.53 ami.py:289: ``if "all" in accounts: remove.append(...)`` decides the
    # output too; the second image finds "all" gone and keeps its public permission
    source = GUARDED_REMOVE.format(guard='if NULL in node["type"]:\n                node["out"] = [NULL]', item="NULL")
    assert shown(run(tmp_path, {"schema.py": source})) == [("AL001", 12, "HIGH")]
