"""Fresh containers that were traced back to an argument (the triage's kind K07, the two "not
aliasing" findings of sets 6 and 7): a dict merged by ``update`` keeps its keys apart, and a
name used as a string or a path holds no container. Each with the twin that is still found.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# c7n 0.9.53 ``ConfigS3.convertLifePredicate``: each recursive call returns a new dict; the one
# with "Tags" holds a new list, the one with "Prefix" the caller's string
MERGED_RESULTS = """
    def convert(p):
        if p["type"] == "Prefix":
            return {"Prefix": p["prefix"]}
        if p["type"] == "Tag":
            return {"Tags": [{"Key": p["key"], "Value": p["value"]}]}
        n = {}
        for o in p["operands"]:
            ot = convert(o)
            if "Tags" in n and "Tags" in ot:
                n["Tags"].extend(ot["Tags"])
            else:
                n.update(ot)
        return {"And": n}
"""


def test_a_dict_merged_by_update_keeps_each_key_its_own_value(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"s3.py": MERGED_RESULTS}, preview=True)) == []


@pytest.mark.parametrize("start", ["{}", '{"Tags": []}'])
def test_a_key_merged_from_the_callers_mapping_is_the_callers(tmp_path: Path, start: str) -> None:
    source = f"""
        def merge(p, extra):
            n = {start}
            n.update(p)
            n["Tags"].extend(extra)
            return n
    """
    found = run(tmp_path, {"merge.py": source})
    assert shown(found) == [("AL007", 5, "HIGH")]
    assert found[0].message.startswith('`merge` extends `p["Tags"]`, the caller\'s `p`')


# mkdocs 1.6.1 ``nest_paths``: each path (a string) goes into a tree of new lists
NESTED_PATHS = """
    from pathlib import PurePath

    def find_or_create_node(branch, key):
        for node in branch:
            if not isinstance(node, dict):
                continue
            if key in node:
                return node[key]
        new_branch = []
        branch.append({{key: new_branch}})
        return new_branch

    def nest_paths(paths):
        nested = []
        for path in paths:
            {use}
            branch = nested
            for part in parts:
                branch = find_or_create_node(branch, part)
            branch.append(path)
        return nested
"""


@pytest.mark.parametrize("use", [
    "parts = PurePath(path).parent.parts",
    'parts = path.split("/")[:-1]',
])
def test_a_name_used_as_a_string_or_path_holds_no_part_of_the_argument(tmp_path: Path, use: str) -> None:
    # (nor is the helper's own change of the list it is given one: ``branch`` is rebound to the
    # helper's result on every round, so the loop hands it another list each time)
    assert shown(run(tmp_path, {"nav.py": NESTED_PATHS.format(use=use)}, preview=True)) == []


def test_without_a_use_as_a_string_the_element_may_be_a_container(tmp_path: Path) -> None:
    source = NESTED_PATHS.format(use="parts = path.parts")
    assert shown(run(tmp_path, {"nav.py": source})) == [("AL007", 21, "HIGH")]


def test_a_string_use_on_one_branch_only_keeps_the_alias_on_the_other(tmp_path: Path) -> None:
    source = """
        def collect(items, labels):
            out = []
            for item in items:
                if labels:
                    item.lower()
                else:
                    item["seen"] = True
                out.append(item)
            return out
    """
    assert shown(run(tmp_path, {"c.py": source}, preview=True)) != []
