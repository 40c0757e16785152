"""The harm model (issue 8): default findings need a second use that goes wrong; effects that are
harmless when repeated and aliasing the code intends are kept for ``--preview``."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine, harm
from aliaslint.config import Settings
from aliaslint.diagnostics import Confidence
from aliaslint.files import discover

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TREES = sorted([*FIXTURES.glob("corpus/*/before"), FIXTURES / "reference_operator" / "buggy"])


def run(tmp_path: Path, files: dict[str, str], preview: bool = False) -> list:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, preview=preview)
    return engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics


def shown(found) -> list[tuple]:
    return [(d.code, d.location.line, d.confidence.name) for d in found]


@pytest.mark.parametrize("tree", TREES, ids=lambda t: f"{t.parent.name}/{t.name}")
def test_every_default_finding_names_its_second_use_or_why_it_is_shown(tree: Path) -> None:
    settings = Settings(root=tree, no_cache=True)
    found = engine.check(discover([tree], settings, cwd=tree), settings).diagnostics
    for d in found:
        if d.code in ("AL000", "AL100"):
            continue
        assert any(r.message.startswith(harm.REASONS) for r in d.related), (
            f"{d.location.path}:{d.location.line} {d.code} has no witness:\n"
            + "\n".join(f"  {r.location.line}: {r.message}" for r in d.related))


LOOP = """
    def mark(state):
        state["flags"].{call}

    def run(state, n):
        for i in range(n):
            mark(state)
"""


@pytest.mark.parametrize(("call", "default"), [
    ('append("dirty")', True),            # a second entry each iteration
    ('remove("dirty")', True),            # the second iteration's remove raises
    ('discard("dirty")', False),          # nothing left to discard: harmless when repeated
    ('add("dirty")', False),              # a set holds it once
])
def test_repeated_effects_that_change_nothing_are_preview_only(tmp_path: Path, call: str, default: bool) -> None:
    source = {"m.py": LOOP.format(call=call)}
    assert [d.code for d in run(tmp_path, source)] == (["AL001"] if default else [])


def test_a_membership_guarded_append_fills_only_what_is_missing(tmp_path: Path) -> None:
    source = """
        def register(settings, image):
            if image not in settings["images"]:
                settings["images"].append(image)

        def serialize_all(settings, tasks):
            for task in tasks:
                register(settings, "base:1")
    """
    assert run(tmp_path, {"m.py": source}, preview=True) == []


def test_a_constant_set_on_every_path_is_harmless_but_one_set_on_some_paths_leaks(tmp_path: Path) -> None:
    always = """
        class Client:
            def __init__(self):
                self.headers = {"x-trace": "1"}

            def call(self, body):
                return _prepare(self.headers, body)

        def _prepare(headers, body):
            headers["Accept"] = "application/json"
            return {"headers": headers, "body": body}
    """
    sometimes = always.replace('    headers["Accept"]', '    if body is not None:\n                headers["Content-Type"]')
    assert shown(run(tmp_path / "a", {"m.py": always}, preview=True)) == [("AL007", 10, "MEDIUM")]
    assert shown(run(tmp_path / "b", {"m.py": sometimes})) == [("AL007", 11, "HIGH")]


def test_a_documented_in_place_update_is_intended(tmp_path: Path) -> None:
    source = '''
        def apply_defaults(cfg):
            """Updates the given config in place and returns a summary of it."""
            cfg["spec"]["env"].append({"name": "TZ", "value": "UTC"})
            return {"n": len(cfg["spec"]["env"])}
    '''
    undocumented = source.replace('"""Updates the given config in place and returns a summary of it."""', "pass")
    assert shown(run(tmp_path / "a", {"m.py": source}, preview=True)) == [("AL007", 4, "MEDIUM")]
    assert shown(run(tmp_path / "b", {"m.py": undocumented})) == [("AL007", 4, "HIGH")]


def test_a_consuming_parser_that_rejects_leftovers_is_intended(tmp_path: Path) -> None:
    source = """
        def parse_sender(cfg):
            kind = cfg.pop("class")
            port = cfg.pop("port", 0)
            if cfg:
                raise ValueError(f"unknown options: {sorted(cfg)}")
            return {"kind": kind, "port": port}
    """
    found = run(tmp_path, {"m.py": source}, preview=True)
    assert [(d.code, d.confidence) for d in found] == [("AL007", Confidence.MEDIUM)]


def test_a_public_entry_point_that_pops_a_named_key_is_shown_with_its_reason(tmp_path: Path) -> None:
    source = """
        def client_from_config(config):
            sender = config["sender"]
            name = sender.pop("class")
            return {"sender": name, "rest": sender}
    """
    [finding] = run(tmp_path, {"lib.py": source})
    assert (finding.code, finding.location.line) == ("AL007", 4)
    assert [r.message for r in finding.related] == [
        "public entry point: `config` comes from the caller, and this removes what the caller put in it",
    ]


def test_a_helper_whose_every_caller_passes_a_fresh_object_is_silent(tmp_path: Path) -> None:
    source = """
        def _strip(cfg):
            cfg.pop("legacy")
            return {"cfg": cfg}

        def build(name):
            return _strip({"name": name, "legacy": True})
    """
    assert run(tmp_path, {"m.py": source}, preview=True) == []


def test_a_caller_that_keeps_the_object_is_the_witness(tmp_path: Path) -> None:
    source = """
        def _encode(headers, data):
            headers["Content-Length"] = str(len(data))
            return {"headers": headers, "data": data}

        class Session:
            def __init__(self):
                self.headers = {"Content-Length": "0"}

            def post(self, data):
                return _encode(self.headers, data)
    """
    [finding] = run(tmp_path, {"m.py": source})
    assert (finding.code, finding.location.line) == ("AL007", 3)
    assert [(r.location.line, r.message) for r in finding.related] == [
        (11, "second use: this caller passes an object it keeps; its next call of `_encode` starts from the "
             "changed object"),
    ]
