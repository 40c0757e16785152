"""The incremental path gives a cold run's result (issue 9, "Incremental project pass"): random
edits to a small multi-module project, each checked with the cache (summary hits, a replayed run,
a reused project pass) and without it, must print the same JSON; and the early cutoff
(aliaslint.cutoff) reuses the project pass exactly when no summary changed."""
from __future__ import annotations

import json
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from _cli import runner as cli_runner
from aliaslint import cache, cutoff
from aliaslint.cli import cli
from aliaslint.diagnostics import Location

BUILDERS = '''\
TEMPLATE = {"containers": [{"mounts": []}]}


def add_mount(spec, mount):
    spec["containers"][0]["mounts"].append(mount)


def label(spec, key):
    spec.setdefault("labels", {})[key] = "x"


class Worker:
    def __init__(self, spec):
        self.spec = spec

    def configure(self, extra):
        self.spec["containers"].append(extra)
'''

OPS = '''\
import copy

from pkg.builders import TEMPLATE, Worker, add_mount, label


def reconcile(group, count):
    for i in range(count):
        add_mount(group["template"], {"path": "/dev/shm"})


def relabel(specs, spec):
    for key in specs:
        label(spec, "fixed")


def build(items, spec):
    for item in items:
        item.configure(spec)


def make():
    w = Worker(TEMPLATE)
    w.configure({"name": "c"})
    return w


def fork(spec):
    other = copy.copy(spec)
    other["containers"].append({})
    return other
'''

GRID = """\
grid = [[]] * 3
grid[0].append(1)


def rows(n):
    row = []
    out = []
    for i in range(n):
        row.append(i)
        out.append(row)
    return out
"""

EXTRA = '''\
from pkg.builders import add_mount


def again(group, n):
    while n:
        add_mount(group, {"path": "/x"})
        n -= 1
'''

#: edits, each a toggle between two texts of one file: applied twice, it gives the file back
#: (so a sequence of edits also goes back to states checked before)
TOGGLES = {
    # no summary changes: the last project pass is reused
    "comment at a line's end": ("builders.py", "self.spec = spec\n", "self.spec = spec  # kept\n"),
    "comment after a body": ("builders.py", '.append(extra)\n', '.append(extra)\n    # end\n'),
    # no summary changes, but astroid parsed the file (``item.configure`` in a loop): run again
    "comment in a file astroid parsed": ("ops.py", 'label(spec, "fixed")\n', 'label(spec, "fixed")  # note\n'),
    # summaries change, effects do not; lines move
    "statement added to a body": ("builders.py", "def add_mount(spec, mount):\n",
                                  "def add_mount(spec, mount):\n    _n = 0\n"),
    "lines removed": ("builders.py", "\n\n\ndef label(", "\ndef label("),
    "line added at the top": ("ops.py", "import copy\n", "\nimport copy\n"),
    "argument text": ("ops.py", '"/dev/shm"', '"/dev/shm2"'),
    # effects change
    "mutation removed": ("builders.py", '["mounts"].append(mount)', '["mounts"].count(mount)'),
    "deep copy": ("ops.py", "copy.copy(spec)", "copy.deepcopy(spec)"),
    "callee rebinds a copy": ("builders.py", '    spec.setdefault("labels"',
                              '    spec = dict(spec)\n    spec.setdefault("labels"'),
    "override in a subclass": ("builders.py", "        self.spec[\"containers\"].append(extra)\n",
                               "        self.spec[\"containers\"].append(extra)\n\n\nclass Quiet(Worker):\n"
                               "    def configure(self, extra):\n        pass\n"),
    # files come, go, and stop parsing
    "new module": ("extra.py", None, EXTRA),
    "syntax error": ("grid.py", "grid = [[]] * 3\n", "grid = [[]] *\n"),
    # a finding of the file's own (AL004, made in the per-module pass) moves with its lines
    "local finding moved": ("grid.py", "def rows(n):\n", "def rows(n):\n    _n = 0\n"),
}


def _project(root: Path) -> Path:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "builders.py").write_text(BUILDERS)
    (pkg / "ops.py").write_text(OPS)
    (pkg / "grid.py").write_text(GRID)
    return pkg


def _toggle(pkg: Path, name: str) -> None:
    file, before, after = TOGGLES[name]
    path = pkg / file
    if before is None:  # a file that comes and goes
        if path.exists():
            path.unlink()
        else:
            path.write_text(after)
        return
    text = path.read_text()
    if after in text:
        path.write_text(text.replace(after, before, 1))
    else:
        assert before in text, name
        path.write_text(text.replace(before, after, 1))


def _check(root: Path, *options: str) -> tuple[str, str]:
    runner = cli_runner()
    result = runner.invoke(cli, ["check", "--preview", "--output-format", "json", "-v", *options, str(root / "pkg")],
                           catch_exceptions=False)
    assert result.exit_code in (0, 1), result.stderr
    return result.stdout, result.stderr


def _incremental_equals_cold(root: Path, compare: bool = True) -> str:
    """The JSON of a run with the cache, which must equal a cold run's (when ``compare``);
    returns the run's ``-v`` text."""
    warm, notes = _check(root, "--cache-dir", str(root / "cache"))
    if compare:
        cold, _ = _check(root, "--no-cache")
        assert json.loads(warm) == json.loads(cold)
        assert warm == cold
    return notes


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(TOGGLES)), min_size=1, max_size=4))
def test_random_edits_checked_incrementally_give_the_cold_json(edits: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pkg = _project(root)
        _incremental_equals_cold(root)
        for name in edits:
            _toggle(pkg, name)
            _incremental_equals_cold(root)


@pytest.mark.parametrize("edit, reused", [
    ("comment at a line's end", True),
    ("comment after a body", True),
    ("statement added to a body", True),  # the lines below it moved, nothing else
    ("local finding moved", True),
    ("comment in a file astroid parsed", False),
    ("argument text", False),
    ("mutation removed", False),
    ("syntax error", False),
])
def test_the_project_pass_is_reused_exactly_when_no_summary_changed(tmp_path: Path, edit: str, reused: bool) -> None:
    pkg = _project(tmp_path)
    _incremental_equals_cold(tmp_path, compare=False)
    _toggle(pkg, edit)
    notes = _incremental_equals_cold(tmp_path)
    assert ("no summary changed (but for moved lines): the last project pass reused" in notes) is reused, notes
    assert ("project pass and rules run again" in notes) is not reused, notes
    _toggle(pkg, edit)  # back: one pass is kept per set of files, the last one that ran
    notes = _incremental_equals_cold(tmp_path, compare=False)
    assert ("no summary changed (but for moved lines): the last project pass reused" in notes) is reused, notes


def test_the_files_astroid_parsed_are_kept_with_the_pass(tmp_path: Path) -> None:
    from aliaslint import codec

    _project(tmp_path)
    _incremental_equals_cold(tmp_path, compare=False)
    [entry] = (tmp_path / "cache").rglob("projects/*")
    _, _, body = entry.read_bytes().partition(b"\n")
    states, parsed, local, diagnostics, unresolved = codec.loads(zlib.decompress(body))
    ops = tmp_path / "pkg" / "ops.py"
    assert parsed == [(str(ops), cutoff.file_digest(str(ops)))]
    assert [s[1] for s in states] == ["pkg", "pkg.builders", "pkg.grid", "pkg.ops"]
    assert [len(own) for own in local] == [0, 0, 1, 0]  # grid.py's AL005 is its own
    assert unresolved == [(Location(str(ops), 18, 9, 18, 29),
                           "`item.configure(...)` not followed: the class of `item` is not known")]


@pytest.mark.parametrize("damage", ["garbage", "other context", "pickle", "foreign diagnostic"])
def test_a_damaged_or_planted_project_entry_is_a_miss(tmp_path: Path, damage: str) -> None:
    pkg = _project(tmp_path)
    _incremental_equals_cold(tmp_path, compare=False)
    [entry] = (tmp_path / "cache").rglob("projects/*")
    header, _, body = entry.read_bytes().partition(b"\n")
    if damage == "garbage":
        entry.write_bytes(b"garbage")
    elif damage == "other context":
        meta = json.loads(header)
        meta["key"] = "0" * 64
        entry.write_bytes(json.dumps(meta).encode() + b"\n" + body)
    elif damage == "pickle":
        import pickle

        entry.write_bytes(header + b"\n" + pickle.dumps([]))
    else:  # signed (a leaked key), a value of another type where diagnostics go
        data = json.loads(zlib.decompress(body))
        data[4] = ["l", "not a diagnostic"]  # ["t", states, parsed, local, diagnostics, unresolved]
        body = json.dumps(data, separators=(",", ":")).encode()
        meta = json.loads(header)
        entry.write_bytes(cache.entry_bytes(meta["format"], meta["key"], body))
    _toggle(pkg, "comment at a line's end")
    notes = _incremental_equals_cold(tmp_path)
    assert "project pass and rules run again" in notes, notes


def test_same_compares_dict_order_too() -> None:
    from aliaslint.summary import ModuleSummary

    a = ModuleSummary("m", "m.py", "m.py")
    b = ModuleSummary("m", "m.py", "m.py")
    a.imports.update(x="os", y="sys")
    b.imports.update(y="sys", x="os")
    assert a == b
    assert not cutoff.same(a, b)
    assert cutoff.same(a, ModuleSummary("m", "m.py", "m.py", imports={"x": "os", "y": "sys"}))


def test_lines_are_paired_in_order_and_a_line_without_a_pair_is_refused() -> None:
    from aliaslint.values import Site

    old = (Site("m", 1, 1), Site("m", 4, 5, 6, 1), Location("m.py", 4, 5, 4, 9), Site("n", 4, 1))
    new = (Site("m", 1, 1), Site("m", 5, 5, 7, 1), Location("m.py", 5, 5, 5, 9), Site("n", 4, 1))
    lines = cutoff.line_map(old, new, "m", "m.py")
    assert lines == {0: 0, 1: 1, 4: 5, 6: 7}
    assert cutoff.shift(old, {"m": lines}, {"m.py": lines}) == new
    assert cutoff.line_map(old, (Site("m", 1, 1),), "m", "m.py") is None
    with pytest.raises(KeyError):
        cutoff.shift((Location("m.py", 3, 1, 3, 2),), {}, {"m.py": lines})


#: every compound statement the analyzer records a position of, below the edit in a body
BRANCHES = '''\
def pick(spec, flag, items):
    if flag:
        spec["a"].append(1)
    elif items:
        spec["b"].append(2)
        return spec
    else:
        spec["c"].append(3)
    match flag:
        case 1:
            spec["d"].append(4)
        case _:
            raise ValueError(spec)
    try:
        spec["e"].append(5)
    except KeyError:
        spec["f"].append(6)
    finally:
        spec["g"].append(7)
    while items:
        spec["h"].append(items.pop())
    for item in items:
        if item:
            spec["i"].append(item)
            break
    else:
        spec["j"].append(0)
    with open(spec["path"]) as f:
        spec["k"].append(f)
    return [x for x in items if x]
'''


def _sources_with_branches() -> list[tuple[str, str]]:
    root = Path(__file__).resolve().parents[1] / "fixtures" / "reference_operator" / "buggy" / "ray_operator"
    return [("branches", BRANCHES)] + [(p.stem, p.read_text()) for p in sorted(root.glob("*.py"))
                                       if p.stem in ("controller", "fake_apiserver", "pod_builder")]


@pytest.mark.parametrize("name, source", _sources_with_branches(), ids=lambda x: x if "\n" not in x else "")
def test_a_statement_added_to_any_body_only_moves_lines_in_the_summary(name: str, source: str) -> None:
    """The early cutoff pairs the lines of sites old and new; a summary field holding a bare line
    number (as ``CallSite.arms`` did: ``(line, column, arm)`` of an ``if``) is not renumbered, and
    every edit above an ``if`` then ran the whole project pass again (7 s on std168, where the
    cutoff gives 1 s)."""
    import ast

    from aliaslint.analyzer import analyze_module
    from aliaslint.rules import all_rules

    rules = all_rules()
    old = analyze_module(source, name, f"{name}.py", f"{name}.py", rules)
    lines = source.splitlines(keepends=True)
    functions = [n for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert functions
    for function in functions:
        body = function.body
        docstring = isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
        if docstring and len(body) == 1:
            continue
        first = body[1] if docstring else body[0]
        edited = lines[:first.lineno - 1] + [" " * first.col_offset + "_n = 0\n"] + lines[first.lineno - 1:]
        new = analyze_module("".join(edited), name, f"{name}.py", f"{name}.py", rules)
        moved = cutoff.line_map(old, new, name, f"{name}.py")
        assert moved is not None, function.name
        assert cutoff.same(cutoff.shift(old, {name: moved}, {f"{name}.py": moved}), new), function.name
