"""Kinds of issue 8's seventeenth stop, kept as tests with their twins.

- AL007, AL002: a caller that hands the object to other calls too is no second use unless one of
  them sees the change: a later call given the part that changed, an earlier one that may have
  kept the object, or an object that outlives the caller's run (a module-level object, a part of
  what the caller was given). litellm 1.110.2's handlers hand a request's ``optional_params`` to a
  provider transform that pops what it consumes, and to other calls that read other parts: of the
  48 default findings of issue 8's blind sets 22 to 35 whose second use was "this caller passes an
  object it shares and uses it again" with no later call named, 24 were harmful only on a reuse
  that no caller makes, 14 intended, 3 bugs (all three still shown). Re-run at the change, 10 of
  them left the default tier (C 4, B 3, untriaged 3) and the others found another second use.
- AL007: a later call given the entry of another named key than those taken out
  (``_log(params["metadata"])`` after ``params.pop("max_retries")``) is no second use of the
  removal.
- AL006: of several parameters reaching one field, the one named like the field is the one
  kept (``tests/test_determinism.py``).
- a shared object the caller replaces with the callee's result is no second use.
- AL006: a class keeping its working buffers on the object it was given (every list it adds to
  also started over empty by it) is preview (ncclient 0.7.1, blind set 37).
- ``dict(mapping, **other)`` is a shallow copy of both mappings, and a preview AL002 does not
  claim its changes from a later rule's default finding (pelican 4.12.0, blind set 33).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

REQUEST = """\
def _transform(params):
    params.pop("max_retries", None)
    return dict(params)


def _log(metadata):
    return "model=" + metadata["model"]


def completion(model, stream=False, max_retries=0):
    params = {"stream": stream, "max_retries": max_retries, "metadata": {"model": model}}
    body = _transform(params)
    _log(params["metadata"])
    return body
"""


def test_a_request_handed_to_other_calls_for_other_parts_has_no_second_use(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/main.py": REQUEST}, preview=True)) == []


def _witness(tmp_path: Path, source: str):
    """What :func:`aliaslint.harm.caller_witness` names as the second use of ``_transform``'s
    ``params`` in ``source`` (one module, ``pkg/main.py``): ``(message, line, column)`` or
    ``None``."""
    from aliaslint import engine, harm
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project
    from rules.argument_consumed import _removed_keys

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "main.py").write_text(source, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = {s.module: s for s in engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)}
    project = Project(summaries).analyse()
    fn = project.functions["pkg.main._transform"]
    # as AL007 asks for a removal at the top level
    witness = harm.caller_witness(project, fn, 0, "_transform", removed=True, top_level=True,
                                  removed_keys=_removed_keys(project, fn, 0), pipeline=False)
    return None if witness is None else (witness.message, witness.site.line, witness.site.column)


def test_no_caller_of_the_request_helper_is_a_second_use(tmp_path: Path) -> None:
    assert _witness(tmp_path, REQUEST) is None


KEPT = ("`SEEN.append(...)` here is given the same object before `_transform` changes it, and may keep it: "
        "what it kept changes too")
OUTLIVES = ("this caller passes an object that outlives its run (a module- or class-level object, or a part "
            "of what it was given): its next run, and every other user of the object, sees what `_transform` "
            "changed")


@pytest.mark.parametrize(("edits", "expected"), [
    # kept before the change by a call that stores it: whoever kept it sees the change (the
    # witness is that call, not the changing one: blind sets 51 and 52's readers)
    ([("    body = _transform(params)\n", "    SEEN.append(params)\n    body = _transform(params)\n")],
     (KEPT, 14, 5)),
    # a module-level object outlives the caller's run: its next run gets it changed
    ([('    params = {"stream": stream, "max_retries": max_retries, "metadata": {"model": model}}\n',
       "    params = DEFAULTS\n"), ('    _log(params["metadata"])\n', "")], (OUTLIVES, 14, 12)),
    # and a later call given the entry of another named key than the one taken out sees nothing
    # taken out: the second use is the module-level object's next user, not ``_log``
    ([('    params = {"stream": stream, "max_retries": max_retries, "metadata": {"model": model}}\n',
       "    params = DEFAULTS\n")], (OUTLIVES, 14, 12)),
])
def test_twin_an_object_kept_before_or_outliving_the_run_is_shared(tmp_path: Path, edits: list,
                                                                   expected: tuple) -> None:
    source = 'SEEN = []\nDEFAULTS = {"stream": False, "max_retries": 3, "metadata": {"model": "m"}}\n' + REQUEST
    for old, new in edits:
        assert old in source
        source = source.replace(old, new)
    assert _witness(tmp_path, source) == expected


# ncclient 0.7.1 transport/parser.py:127-225 and session.py:242: each session builds its parser
# with ``DefaultXMLParser(self)``; the parser keeps its buffers on the session, starting the
# message list over empty and appending fragments to it; a session that swaps its parser
# mid-stream hands the new one what the old one left there
PARSER = """\
from io import StringIO


class DefaultXMLParser:
    def __init__(self, session):
        self._session = session

    def parse(self, data):
        self._session._buffer = StringIO()
        for fragment in data.split("]]>"):
            if fragment:
                self._session._message_list.append(fragment)
            else:
                self._session.dispatch("".join(self._session._message_list))
                self._session._message_list = []


class Session:
    def dispatch(self, message):
        return message

    def run(self, chunks):
        for data in chunks:
            try:
                self.parser.parse(data)
            except ValueError:
                self.parser = DefaultXMLParser(self)
                self.parser.parse(data)


class SSHSession(Session):
    def __init__(self):
        self._buffer = StringIO()
        self._message_list = []
        self.parser = DefaultXMLParser(self)
"""


def test_a_parser_keeping_its_buffers_on_its_session_is_preview(tmp_path: Path) -> None:
    assert run(tmp_path / "default", {"pkg/parser.py": PARSER}) == []
    assert shown(run(tmp_path / "preview", {"pkg/parser.py": PARSER}, preview=True)) == [("AL006", 12, "MEDIUM")]


def test_twin_a_list_it_adds_to_without_starting_it_over_is_shown(tmp_path: Path) -> None:
    source = PARSER.replace("                self._session._message_list = []\n", "")
    assert shown(run(tmp_path, {"pkg/parser.py": source})) == [("AL006", 12, "HIGH")]


# pelican 4.12.0 settings.py:188-222: ``read_settings`` merges the user's overrides into the
# defaults with ``dict(copy.deepcopy(DEFAULT_CONFIG), **settings)``; the merged settings' lists are
# the user's, and a later change of them changes what the caller gave (blind set 33's P6)
MERGED = """\
def read_settings(override):
    settings = {make}
    settings["PAGE_EXCLUDES"].append("drafts")
    return settings
"""


@pytest.mark.parametrize("make", [
    'dict({"THEME": "simple"}, **override)',
    '{**{"THEME": "simple"}, **override}',
    "dict(**override)",
])
def test_a_mapping_merged_by_keyword_unpacking_is_a_shallow_copy_of_it(tmp_path: Path, make: str) -> None:
    found = run(tmp_path, {"pkg/settings.py": MERGED.format(make=make)}, preview=True)
    assert [(d.code, d.location.line, d.location.column) for d in found] == [("AL002", 2, 16)]
    assert "the code that appends to `override[\"PAGE_EXCLUDES\"]` also changes the original" in found[0].message


def test_twin_a_keyword_given_by_name_is_an_item_of_the_copy_alone(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/settings.py": MERGED.format(make='dict(override, PAGE_EXCLUDES=[])')}, preview=True)
    assert found == []


# ansible-lint 26.10.1 file_utils.py:491: ``self.state = append_skipped_rules(self.state, self)``:
# the caller replaces what it passed with the result, so it means the object to change
WRITTEN_BACK = """\
CONFIG = {"state": {"stream": False, "max_retries": 3}}


def _transform(params):
    params.pop("max_retries", None)
    return dict(params)


def load():
    CONFIG["state"] = _transform(CONFIG["state"])
    return CONFIG["state"]
"""


def test_a_shared_object_the_caller_replaces_with_the_result_has_no_second_use(tmp_path: Path) -> None:
    assert _witness(tmp_path, WRITTEN_BACK) is None


def test_twin_a_shared_object_the_caller_keeps_is_a_second_use(tmp_path: Path) -> None:
    source = WRITTEN_BACK.replace('    CONFIG["state"] = _transform(CONFIG["state"])', '    _transform(CONFIG["state"])')
    assert _witness(tmp_path, source) == (OUTLIVES, 10, 5)


# pelican 4.12.0 settings.py:221-747: the merged settings' fallback puts ``DEFAULT_CONFIG[key]``
# into them by reference, and the append to it changes the template (blind set 33's reproduced
# M2, an AL003). The preview AL002 of the merge, whose append it also is, must not hide it
DEFAULTS_FALLBACK = """\
import copy

DEFAULT_CONFIG = {"ARTICLE_EXCLUDES": [], "PAGE_PATHS": ["pages"]}


def configure_settings(settings):
    for key in ("ARTICLE_EXCLUDES", "PAGE_PATHS"):
        if isinstance(settings[key], str):
            settings[key] = DEFAULT_CONFIG[key]
    excludes = settings["ARTICLE_EXCLUDES"]
    for path in settings["PAGE_PATHS"]:
        if path not in excludes:
            excludes.append(path)
    return settings


def read_settings(override=None):
    settings = override or {}
    settings = dict(copy.deepcopy(DEFAULT_CONFIG), **settings)
    return configure_settings(settings)
"""


def test_a_preview_copy_finding_does_not_hide_the_template_it_reaches(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/settings.py": DEFAULTS_FALLBACK}, preview=True)
    assert shown(found) == [("AL003", 13, "HIGH")]


def test_twin_without_the_fallback_the_copy_finding_stays(tmp_path: Path) -> None:
    source = DEFAULTS_FALLBACK.replace("            settings[key] = DEFAULT_CONFIG[key]\n", "            raise TypeError(key)\n")
    assert shown(run(tmp_path, {"pkg/settings.py": source}, preview=True)) == [("AL002", 19, "MEDIUM")]
