"""The alias model follows the paths the code can take: an alias made where the code that writes
cannot see it is no finding, in any tier, and the same write reached by the alias is one."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import Settings
from aliaslint.files import discover


def found(tmp_path: Path, text: str) -> list[tuple[str, int]]:
    (tmp_path / "m.py").write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, preview=True)
    diagnostics = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    return [(d.code, d.location.line) for d in diagnostics]


# mlrun 1.12.1 serving/v1_serving.py:225-247: ``parsed_event = body`` is the last statement of its
# branch of the ``try``; the handler appends to the fresh ``{"instances": []}``
HANDLER = """
    def parse(event, body):
        parsed = {{"instances": []}}
        try:
            {body}
        except Exception:
            parsed["instances"].append(event.body)
        return parsed

    def serve(events, body):
        for e in events:
            parse(e, body)
"""


@pytest.mark.parametrize(("body", "expected"), [
    # the alias is the body's last step: an exception raised in the body left `parsed` fresh
    ('if "url" in body:\n                check(body)\n            else:\n                parsed = body',
     []),
    ("parsed = body", []),
    # a statement after the alias can raise: the handler may append to the caller's dict
    ("parsed = body\n            check(body)", [("AL007", 8)]),
    # a loop's next round can raise after the alias
    ("for x in body:\n                parsed = body", [("AL007", 8)]),
    # so can a ``with`` block's exit
    ("with open_it():\n                parsed = body", [("AL007", 8)]),
    # a nested ``try`` whose handler does not catch passes its states on
    ("try:\n                parsed = body\n                check(body)\n"
     "            except KeyError:\n                pass", [("AL007", 11)]),
])
def test_a_handler_starts_from_a_state_the_try_body_can_raise_in(tmp_path: Path, body: str, expected: list) -> None:
    assert found(tmp_path, HANDLER.format(body=body)) == expected


# mlrun 1.12.1 datastore/targets.py:476: ``result = list(features.keys())``, the column names
VIEW = """
    def columns(features):
        result = list(features.{view}())
        for c in result:
            c["seen"] = True
        return result
"""


@pytest.mark.parametrize(("view", "expected"), [
    ("keys", []),                     # keys are not the mapping's items
    ("values", [("AL007", 5)]),       # values are
])
def test_a_list_of_a_mappings_keys_shares_none_of_its_items(tmp_path: Path, view: str, expected: list) -> None:
    assert found(tmp_path, VIEW.format(view=view)) == expected
