"""Kinds of Cloud Custodian 0.9.53 (issue 8's sets 6 and 7) where the call graph or the witness
was wrong: a base class reached through a module-level alias (``BaseAction = Action``), a
plug-in derived from a registered class and called through ``self.source``, a dict keyed by call results read back in another loop,
and a plain ``.sort()`` of the caller's list. Each with its twin.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import assert_tier, run, shown

CORE = """
    class Element:
        def __init__(self, data, manager=None):
            self.data = data


    class Action(Element):
        def process(self, resources):
            raise NotImplementedError


    BaseAction = Action
    OldAction = BaseAction
"""

# ami.py:289 (and :447, ebs.py:639): each image is handed to process_image on one action, which
# takes "all" out of the policy's own list; the second image keeps its public permission
REMOVE_ALL = """
    from core import {base}


    class RemoveLaunchPermissions({base}):
        def process(self, images):
            for i in images:
                self.process_image(i)

        def process_image(self, image):
            accounts = self.data.get("accounts")
            remove = []
            if "all" in accounts:
                remove.append({{"Group": "all"}})
                accounts.remove("all")
            image["LaunchPermission"] = remove
"""


@pytest.mark.parametrize("base", ["Action", "BaseAction", "OldAction"])
def test_a_base_class_reached_through_an_alias_gives_its_constructor(tmp_path: Path, base: str) -> None:
    found = run(tmp_path, {"core.py": CORE, "ami.py": REMOVE_ALL.format(base=base)})
    assert shown(found) == [("AL006", 15, "HIGH")]
    assert found[0].message.startswith(
        '`RemoveLaunchPermissions.process_image` removes from `self.data["accounts"]`, but `__init__` keeps '
        "the caller's `data` there by reference")
    assert [(Path(r.location.path).name, r.location.line, r.message) for r in found[0].related] == [
        ("core.py", 4, "kept by reference here"),
        ("ami.py", 8, "second use: the method is called again here on the same object, and starts from the changed one"),
    ]


SOURCES = """
    class Registry:
        def register(self, name):
            return lambda cls: cls


    sources = Registry()


    {deco}
    class DescribeSource:
        def augment(self, resources):
            return resources


    class DescribeBackup(DescribeSource):
        def augment(self, resources):
            results = []
            for r in resources:
                r.update(r.pop("BackupPlan", {{}}))
                results.append(dict(r))
            return results


    class DescribeVault(DescribeSource):
        def augment(self, resources):
            return [r for r in resources if r.get("Vault")]


    class DescribeFirewall(DescribeSource):
        def augment(self, resources):
            return [r for r in resources if r.get("Firewall")]


    class Manager:
        source_mapping = {{"describe": DescribeBackup}}

        def __init__(self, source):
            self.source = source

        def resources(self, query):
            resources = self.source.fetch(query)
            return self.source.augment(resources)
"""


def test_a_hook_of_a_class_derived_from_a_registered_one_is_no_public_entry(tmp_path: Path) -> None:
    assert_tier(tmp_path, {"src.py": SOURCES.format(deco='@sources.register("describe")')}, "AL007", 20, "MEDIUM")


def test_without_the_registry_the_family_is_a_librarys_interface(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"src.py": SOURCES.format(deco="")})) == [("AL007", 20, "HIGH")]


# s3.py:2943: one bucket stored per future, each read back by its own future
FUTURES = """
    from concurrent.futures import as_completed


    def process(pool, buckets, check):
        template = {{"denied": None}}
        results = []
        futures = {{}}
        for b in buckets:
            futures[pool.submit(check, b)] = {value}
        for f in as_completed(futures):
            b = futures[f]
            b["denied"] = f.exception()
            results.append(b)
        return results
"""


@pytest.mark.parametrize(("value", "expected"), [
    # (what is left is the public function's change of each bucket it was given, which it hands
    # back in its result: an in-place enrichment, preview only)
    ("b", []),
    # the same object under every key: every stored entry is that one object
    ("template", [("AL004", 14, "HIGH")]),
])
def test_a_value_stored_per_call_key_is_another_one_each_round_it_is_read(tmp_path: Path, value: str,
                                                                          expected: list) -> None:
    assert shown(run(tmp_path, {"inv.py": FUTURES.format(value=value)})) == expected


SORTS = """
    class SetInventory:
        def __init__(self, data):
            self.data = data

        def matches(self, found):
            fields = self.data["fields"]
            fields.{change}
            return fields == sorted(found)
"""


@pytest.mark.parametrize(("change", "tier"), [
    ("sort()", "MEDIUM"),  # sorted again, the same order
    ("reverse()", "HIGH"),
])
def test_a_plain_sort_of_the_callers_list_is_repeat_safe(tmp_path: Path, change: str, tier: str) -> None:
    assert_tier(tmp_path, {"inv.py": SORTS.format(change=change)}, "AL006", 8, tier)
