"""No input file crashes, hangs or stops the run (issue 11, part 2, first item).

LibCST's native parser crashed the whole process on these inputs (SIGSEGV, an abort after
allocating gigabytes) or ran for minutes. Each is generated here; the run must end with one AL000
for each such file and keep the findings of the others.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings as hypothesis_settings, strategies as st

from aliaslint import engine, guard
from aliaslint.config import Settings
from aliaslint.diagnostics import Diagnostic
from aliaslint.files import discover
from aliaslint.summary import ModuleSummary

LOOP_BUG = textwrap.dedent("""
    def add_shm(spec):
        spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})

    def reconcile(worker, diff):
        for i in range(diff):
            add_shm(worker["template"])
""")

#: the shapes of the issue, at the sizes it gives
HOSTILE = {
    "unary.py": "x = " + "-" * 10_000 + "1\n",  # a 10 KB line of unary minuses: SIGSEGV
    "and_chain.py": "x = " + " and ".join(["a"] * 10_000) + "\n",  # SIGSEGV
    "attribute_chain.py": "x = a" + ".a" * 10_000 + "\n",  # SIGSEGV
    "call_chain.py": "x = f" + "()" * 10_000 + "\n",  # SIGSEGV
    "conditionals.py": "x = " + "1 if x else " * 8_000 + "1\n",  # aborts after allocating gigabytes
    "long_sum.py": "x = " + " + ".join(["1"] * 100_000) + "\n",  # runs for minutes
}


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _check(root: Path, **options) -> list[tuple[str, str, int, str]]:
    config = Settings(root=root, no_cache=True, **options)
    found = discover([root], config, cwd=root)
    return [(d.location.path, d.code, d.location.line, d.message) for d in engine.check(found, config).diagnostics]


def test_the_crash_inputs_are_refused_cheaply_and_the_run_keeps_the_other_findings(tmp_path: Path) -> None:
    _write(tmp_path, {**HOSTILE, "op.py": LOOP_BUG})
    deep = "cannot analyse this file: it is nested too deeply"
    chain = "cannot analyse this file: an expression is nested more than 1000 levels deep"
    found = _check(tmp_path)
    assert [row[:3] for row in found] == [
        ("and_chain.py", "AL000", 1),
        ("attribute_chain.py", "AL000", 1),
        ("call_chain.py", "AL000", 1),
        ("conditionals.py", "AL000", 1),
        ("long_sum.py", "AL000", 1),
        ("op.py", "AL001", 7),
        ("unary.py", "AL000", 1),
    ]
    messages = {path: message for path, _, _, message in found}
    assert messages["and_chain.py"] == (  # CPython accepts it: LibCST's nesting is measured
        "valid Python that aliaslint's parser does not support (an expression nested more than 1000 "
        'levels deep); exclude the file with extend-exclude = ["/and_chain.py"]'
    )
    # CPython's parser gives up on the others (how deep it goes depends on its version)
    for name in ("unary.py", "attribute_chain.py", "call_chain.py", "conditionals.py", "long_sum.py"):
        assert messages[name] in (deep, chain), name


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x = 1\ny = 'a\0b'\n", ("cannot parse this file: source code cannot contain null bytes", 2, 7)),
        ("def f(:\n    pass\n", ("cannot parse this file: invalid syntax", 1, 7)),
        ("x = '\\d'\nprint(x)\n", None),  # an invalid escape is a warning, not our business
        ("y = (a and\n" + "     a and\n" * 1_500 + "     a)\n",
         ("cannot analyse this file: an expression is nested more than 1000 levels deep", 1, 1)),
        ("def f():\n    return " + " or ".join(["a"] * 999) + "\n", None),  # 999 operands: allowed
        ("x = [" + ", ".join(["1"] * 50_000) + "]\n", None),  # long but flat
    ],
)
def test_the_guard(source: str, expected: tuple | None) -> None:
    got = guard.problem(source)
    assert (None if got is None else (got.message, got.line, got.column)) == expected


def test_the_guard_tells_a_parser_out_of_memory_from_one_out_of_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    # the trial of stop 17: with a small file-memory-mb, a flat 374 kB file was "nested too deeply"
    def parse(source):
        raise MemoryError

    monkeypatch.setattr(guard.ast, "parse", parse)
    monkeypatch.setattr(guard, "_near_memory_limit", lambda peak=None: True)
    with pytest.raises(MemoryError):  # the worker reports it against file-memory-mb
        guard.problem("def f():\n    return [1, 2]\n" * 3_000)
    monkeypatch.setattr(guard, "_near_memory_limit", lambda peak=None: False)
    got = guard.problem("x = " + "-" * 150 + "1\n")
    assert (got.message, got.line, got.column) == ("cannot analyse this file: it is nested too deeply", 1, 1)


def test_near_the_memory_limit_is_read_from_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    import resource

    limit = [resource.RLIM_INFINITY]
    monkeypatch.setattr(resource, "getrlimit", lambda which: (limit[0], resource.RLIM_INFINITY))
    assert guard._near_memory_limit() is False  # no limit: a MemoryError is the parser's depth
    limit[0] = 1  # far below what this process already holds
    assert guard._near_memory_limit() is True
    limit[0] = 2**62
    assert guard._near_memory_limit() is False


def test_a_large_flat_file_out_of_memory_in_cpythons_parser_is_over_its_budget(tmp_path: Path) -> None:
    # the trial: a 12 MB file of small functions was "nested too deeply" with the default budget;
    # CPython's parser frees what it took before the MemoryError reaches the guard, so the process
    # looked far from its limit. The same at a tenth of the size, with the smallest budget allowed.
    flat = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(80_000))  # 2 MB
    _write(tmp_path, {"flat.py": flat, "op.py": LOOP_BUG, "deep.py": HOSTILE["unary.py"]})
    found = _check(tmp_path, file_memory_mb=256, max_file_bytes=100_000_000, jobs=2)
    assert found[:2] == [
        ("deep.py", "AL000", 1, "cannot analyse this file: it is nested too deeply"),
        ("flat.py", "AL000", 1, "analysing this file needed more than 256 MB (file-memory-mb); raise "
                                "file-memory-mb, or exclude the file with extend-exclude = [\"/flat.py\"]"),
    ]
    assert [row[:3] for row in found[2:]] == [("op.py", "AL001", 7)]


# --- what the guard lets through is bounded by the worker's budget ----------------------------


@pytest.fixture
def unguarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """LibCST gets every file, as if the guard missed a shape (workers are forked: they inherit it)."""
    monkeypatch.setattr(guard, "problem", lambda source: None)


def test_a_parser_crash_is_al000_for_that_file_and_the_run_goes_on(tmp_path: Path, unguarded: None) -> None:
    _write(tmp_path, {"and_chain.py": HOSTILE["and_chain.py"], "op.py": LOOP_BUG, "other.py": "x = 1\n"})
    assert _check(tmp_path, jobs=2) == [
        ("and_chain.py", "AL000", 1, "aliaslint's parser crashed on this file (SIGSEGV)"),
        ("op.py", "AL001", 7, _check(tmp_path)[1][3]),
    ]


def test_a_file_over_its_memory_budget_is_al000(tmp_path: Path, unguarded: None) -> None:
    _write(tmp_path, {"conditionals.py": "x = " + "1 if x else " * 2_000 + "1\n", "op.py": LOOP_BUG})
    found = _check(tmp_path, file_memory_mb=200)
    assert [row[:3] for row in found] == [("conditionals.py", "AL000", 1), ("op.py", "AL001", 7)]
    assert found[0][3] == ("analysing this file needed more than 200 MB (file-memory-mb); raise file-memory-mb, "
                           'or exclude the file with extend-exclude = ["/conditionals.py"]')


def test_a_file_over_its_time_budget_is_al000(tmp_path: Path, unguarded: None) -> None:
    _write(tmp_path, {"long_sum.py": "x = " + " + ".join(["1"] * 30_000) + "\n", "op.py": LOOP_BUG})
    found = _check(tmp_path, file_timeout=1)
    assert [row[:3] for row in found] == [("long_sum.py", "AL000", 1), ("op.py", "AL001", 7)]
    assert found[0][3] == ("analysing this file took longer than 1 s (file-timeout); raise file-timeout, "
                           'or exclude the file with extend-exclude = ["/long_sum.py"]')


def test_budgets_are_settings(tmp_path: Path) -> None:
    from aliaslint.config import ConfigError, load_settings

    (tmp_path / "pyproject.toml").write_text("[tool.aliaslint]\nfile-timeout = 5\nfile-memory-mb = 300\n")
    settings = load_settings([tmp_path], cwd=tmp_path)
    assert (settings.file_timeout, settings.file_memory_mb) == (5, 300)
    (tmp_path / "pyproject.toml").write_text("[tool.aliaslint]\nfile-timeout = 0\n")
    with pytest.raises(ConfigError, match="option 'file-timeout' in \\[tool.aliaslint\\] must be a positive integer"):
        load_settings([tmp_path], cwd=tmp_path)


# --- property: whatever the text, every file ends as a summary or an AL000 --------------------

_SNIPPETS = [
    LOOP_BUG,
    "class A:\n    def __init__(self, spec):\n        self.spec = spec\n    def run(self):\n        self.spec['x'].append(1)\n",
    "import copy\nT = {'a': []}\ndef f():\n    d = copy.copy(T)\n    d['a'].append(1)\n    return d\n",
    "grid = [[]] * 3\ngrid[0].append(1)\n",
    "async def g(x):\n    async with x as y:\n        await y\n",
    "match p:\n    case {'k': [1, *rest]}:\n        pass\n",
    "f = lambda *a, **k: (yield)\n",
]


@st.composite
def _hostile_python(draw) -> str:
    """Generated Python: valid snippets, a pathological shape at a random size, then random edits."""
    parts = draw(st.lists(st.sampled_from(_SNIPPETS), max_size=3))
    shape = draw(st.sampled_from(["", "-", " and a", ".a", "()", " if x else 1", " + 1", "[0]", "(", "not "]))
    if shape:
        parts.append("x = a" + shape * draw(st.integers(min_value=1, max_value=6_000)) + "\n")
    text = "".join(parts)
    for _ in range(draw(st.integers(min_value=0, max_value=4))):  # mutations: cut, insert, repeat
        if not text:
            break
        at = draw(st.integers(min_value=0, max_value=len(text) - 1))
        edit = draw(st.sampled_from(["cut", "insert", "repeat"]))
        if edit == "cut":
            text = text[:at] + text[at + draw(st.integers(min_value=1, max_value=20)):]
        elif edit == "insert":
            text = text[:at] + draw(st.sampled_from(["(", ")", ":", "\n", "    ", "\0", "'", '"""', "\\", "lambda:"])) + text[at:]
        else:
            text = text[:at] + text[at:at + 40] * draw(st.integers(min_value=2, max_value=50)) + text[at:]
    return text


_AL000_STARTS = (
    "cannot parse this file: ",
    "cannot analyse this file: ",
    "cannot read this file: ",
    "valid Python that aliaslint's parser does not support (",
    "aliaslint's parser crashed on this file (",
    "analysing this file took longer than 5 s (file-timeout)",
    "analysing this file needed more than 400 MB (file-memory-mb)",
)


@hypothesis_settings(max_examples=12, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(sources=st.lists(_hostile_python(), min_size=1, max_size=4))
def test_every_file_ends_as_a_summary_or_al000_within_its_budget(tmp_path_factory, sources: list[str]) -> None:
    root = tmp_path_factory.mktemp("generated")
    _write(root, {f"m{i}.py": text for i, text in enumerate(sources)})
    config = Settings(root=root, no_cache=True, jobs=2, file_timeout=5, file_memory_mb=400)
    files = discover([root], config, cwd=root)
    results = engine.summarize_files(files, config)
    assert len(results) == len(sources)
    for f, got in zip(files, results):
        if isinstance(got, Diagnostic):
            assert got.code == "AL000" and got.location.path == f.display
            assert got.message.startswith(_AL000_STARTS), got.message
        else:
            assert isinstance(got, ModuleSummary) and got.display == f.display
