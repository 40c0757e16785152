"""False positives of issue 8's blind nineteenth set (sqlfluff 4.5.0, celery 5.7.0, python-gitlab
8.6.0, pre-commit 4.7.0) kept as tests: each kind the triage found wrong, with twins that show
where the kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# sqlfluff 4.5.0 ``apply_fixes`` (an A in the nineteenth set): ``seg_buffer.append(s)`` then
# ``seg_buffer[-1].pos_marker = ...`` changes the fix's new segment ``s``, not an element of the
# tree the buffer was also filled from
LAST_ITEM = """
    class Segment:
        def __init__(self, raw):
            self.raw = raw
            self.pos = None


    def apply_fixes(tree, fixes):
        buf = []
        for seg in tree["segments"]:
            buf.append(seg)
            if seg.raw in fixes:
                buf.append(Segment(fixes[seg.raw]))
                {between}
                buf[-1].pos = fixes[seg.raw]
        return buf


    def lint(tree, rules):
        results = []
        for rule in rules:
            results.append(apply_fixes(tree, rule))
        return results
"""


def test_the_last_item_of_a_list_is_what_was_appended_last(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": LAST_ITEM.replace("{between}", "pass")}, preview=True) == []


@pytest.mark.parametrize("between", ["buf.pop()", "buf[-1] = seg", "del buf[-1]", "if seg.pos: buf.append(seg)",
                                     "buf.sort()"])
def test_a_list_changed_after_the_append_may_end_with_another_item(tmp_path: Path, between: str) -> None:
    found = run(tmp_path, {"m.py": LAST_ITEM.replace("{between}", between)}, preview=True)
    # (reported in ``lint``: ``apply_fixes`` hands back the segments it changed, an in-place
    # transform that yields to the caller keeping its results)
    assert shown(found) == [("AL007", 22, "MEDIUM")]
    assert found[0].message.startswith(
        "`lint` sets `pos` on `tree[\"segments\"][*]` (through apply_fixes), the caller's `tree`")


# celery 5.7.0 ``Signature.freeze`` (an A in the nineteenth set): ``self.AsyncResult(tid)`` calls
# the class the ``AsyncResult`` property returns (``current_app.AsyncResult``, a module-level
# proxy's), so the result is a new instance, not the module-level object
PROXY = """
    class Proxy:
        def __init__(self, fn):
            self._fn = fn

        def __getattr__(self, name):
            return getattr(self._fn(), name)


    def get_current_app():
        return None


    current_app = Proxy(get_current_app)
"""
CANVAS = """
    from pkg.state import current_app


    class Signature:
        def __init__(self, app=None):
            self._app = app
            self.options = {}

        @property
        def app(self):
            return self._app or current_app

        @property
        def AsyncResult(self):
            return self.app.AsyncResult

        def freeze(self, _id=None):
            self.options["task_id"] = _id
            {use}


    class Chord(Signature):
        def run(self, body, header_result):
            bodyres = body.freeze("x")
            bodyres.parent = header_result
            return bodyres
"""


def test_calling_what_a_property_returns_is_not_the_getter(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/state.py": PROXY,
             "pkg/canvas.py": CANVAS.replace("{use}", "return self.AsyncResult(_id)")}
    assert run(tmp_path, files, preview=True) == []


def test_the_object_a_property_returns_is_the_getters_result(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/state.py": PROXY,
             "pkg/canvas.py": CANVAS.replace("{use}", "return self.AsyncResult")}
    found = run(tmp_path, files, preview=True)
    assert [(d.code, d.location.path.rsplit("/", 1)[-1], d.location.line) for d in found] \
        == [("AL003", "canvas.py", 26)]
    assert found[0].message.startswith("`Chord.run` sets `parent` on `current_app.AsyncResult`, a module-level")
