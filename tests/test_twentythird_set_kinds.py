"""Kinds of issue 8's blind twenty-third set (kserve 0.21.0, podman-compose 1.6.0, tutor 22.0.3,
tmuxp 1.76.0) kept as tests, each with twins that show where the kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# podman-compose 1.6.0's ``rec_merge``: ``for source in sources: rec_merge_one(target, source)``,
# whose docstring says "update target from source recursively": merging every source into the one
# target is what the loop is for
MERGE = '''
    def rec_merge_one(target, source):
        """{doc}"""
        for key, value in target.items():
            value2 = source.get(key)
            if isinstance(value, list) and isinstance(value2, list):
                dups = [ix for ix, v in enumerate(value) if v in value2]
                for ix in reversed(dups):
                    del value[ix]
                value.extend(value2)
        return target


    def rec_merge(target, *sources):
        for source in sources:
            ret = rec_merge_one(target, {given})
        return ret
'''


@pytest.mark.parametrize("doc", ["update target from source recursively", "Modify `target` in place.",
                                 "Fill target with what source holds."])
def test_merging_each_input_into_a_target_documented_as_updated_is_preview(tmp_path: Path, doc: str) -> None:
    text = MERGE.format(doc=doc, given="source")
    assert shown(run(tmp_path / "p", {"m.py": text}, preview=True)) == [("AL001", 16, "MEDIUM")]
    assert run(tmp_path, {"m.py": text}) == []


@pytest.mark.parametrize(("doc", "given"), [
    ("Combine two mappings.", "source"),
    # the docstring says the function changes something, not which argument
    ("Update the headers of the request.", "source"),
    # the same input every round: nothing new is merged after the first
    ("update target from source recursively", "sources[0]"),
])
def test_a_loop_not_merging_new_inputs_into_a_documented_target_stays_default(tmp_path: Path, doc: str,
                                                                             given: str) -> None:
    found = run(tmp_path, {"m.py": MERGE.format(doc=doc, given=given)})
    assert [(d.code, d.location.line) for d in found] == [("AL001", 16)]
    assert found[0].message.startswith("`rec_merge_one(...)` gets the same object on every iteration of the loop, "
                                       "and rec_merge_one deletes from `target[*]`")


# tutor 22.0.3's Open edX settings: ``.py`` files that are Jinja templates, nine AL000 findings a
# reader had to work out were templates, and how to exclude them
TEMPLATE = """
    import os
    from cms.envs.devstack import *

    {% include "partials/common.py" %}

    LMS_BASE = "{{ LMS_HOST }}:8000"
"""


@pytest.mark.parametrize(("path", "hint"), [
    ("pkg/templates/settings/dev.py", 'exclude the templates with extend-exclude = ["/pkg/templates/"]'),
    ("pkg/settings/dev.py", 'exclude it with extend-exclude = ["/pkg/settings/dev.py"]'),
])
def test_a_template_that_does_not_parse_is_called_one(tmp_path: Path, path: str, hint: str) -> None:
    found = run(tmp_path, {path: TEMPLATE})
    assert [(d.code, d.location.line, d.location.column) for d in found] == [("AL000", 5, 2)]
    assert found[0].message == ('cannot parse this file: it is a template, not Python (`{% include "partials/'
                                'common.py" %}` on this line); ' + hint)


def test_a_syntax_error_elsewhere_in_a_template_is_a_syntax_error(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/templates/dev.py": "x = (1,\n" + TEMPLATE})
    assert [(d.code, d.location.line, d.message) for d in found] == [
        ("AL000", 1, "cannot parse this file: '(' was never closed")]
