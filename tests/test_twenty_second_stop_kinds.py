"""Kinds of issue 8's twenty-second stop, kept as tests with their twins.

- Phase 1: an attribute the constructor sets in every branch of an ``if``/``elif`` dispatch is
  the instance's own. A chain with no ``else`` covers every path when an earlier check closed
  the subject's values (``if result_type not in valid_result_types: raise``) and its tests name
  each of them (ciscoconfparse 1.9.52's ``CiscoRange._list``: the A of blind set 49). A value
  the check allows and no branch tests leaves a path where the class's list is the one used.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown


def _both(tmp_path: Path, files: dict[str, str]) -> tuple[list[tuple], list[tuple]]:
    """``(default findings, --preview findings)`` as ``(code, line, confidence)``."""
    return shown(run(tmp_path / "default", files)), shown(run(tmp_path / "preview", files, preview=True))


_DISPATCH = '''\
class CiscoRange:
    _list = []

    def __init__(self, text="", result_type=str, empty=False):
        valid = {VALID}
        if result_type not in valid:
            raise ValueError(result_type)
        self.text = text
        if isinstance(text, str) or empty is False:
            if result_type is None:
                self._list = self.parse_any(text)
            elif result_type is int:
                self._list = self.parse_integers(text)
            elif result_type is str:
                self._list = self.parse_strings(text)
        else:
            self._list = []

    def parse_any(self, text):
        return [text]

    def parse_integers(self, text):
        return [int(t) for t in text.split(",")]

    def parse_strings(self, text):
        return text.split(",")

    def __add__(self, other):
        self._list.extend(other._list)
        return CiscoRange(",".join(map(str, self._list)))
'''


def test_a_dispatch_over_every_validated_value_gives_each_instance_its_own_list(tmp_path):
    files = {"ranges.py": _DISPATCH.replace("VALID", "str, int, None")}
    assert _both(tmp_path, files) == ([], [])


def test_a_validated_value_no_branch_tests_leaves_the_class_list_in_use(tmp_path):
    files = {"ranges.py": _DISPATCH.replace("VALID", "str, int, None, float")}
    assert _both(tmp_path, files) == ([("AL003", 29, "HIGH")], [("AL003", 29, "HIGH")])


def test_a_dispatch_with_no_closing_check_leaves_the_class_list_in_use(tmp_path):
    source = _DISPATCH.replace("VALID", "str, int, None").replace(
        "        if result_type not in valid:\n            raise ValueError(result_type)\n", "")
    assert _both(tmp_path, {"ranges.py": source}) == ([("AL003", 27, "HIGH")], [("AL003", 27, "HIGH")])


def test_an_assert_closes_the_values_as_a_raise_does(tmp_path):
    source = _DISPATCH.replace("VALID", "str, int, None").replace(
        "        if result_type not in valid:\n            raise ValueError(result_type)\n",
        "        assert result_type in valid\n")
    assert _both(tmp_path, {"ranges.py": source}) == ([], [])
