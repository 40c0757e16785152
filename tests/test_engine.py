"""The engine end to end on small trees: unreadable files, user models, one finding per cause."""
from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from aliaslint import engine
from aliaslint.config import ConfigError, Settings
from aliaslint.files import discover


def run(tmp_path: Path, files: dict[str, str | bytes], **settings) -> list:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8")
    config = Settings(root=tmp_path, no_cache=True, **settings)
    found = discover([tmp_path], config, cwd=tmp_path)
    return engine.check(found, config).diagnostics


LOOP_BUG = """
    def add_shm(spec):
        spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})

    def reconcile(worker, diff):
        for i in range(diff):
            add_shm(worker["template"])
"""


def test_unparsable_and_non_utf8_files_are_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    found = run(tmp_path, {
        "bad_syntax.py": "def broken(:\n    pass\n",
        "latin.py": b"x = 1\ns = '\xe9'\n",
        "ok.py": LOOP_BUG,
    })
    by_file = {(d.location.path, d.code): d for d in found}
    assert set(by_file) == {("bad_syntax.py", "AL000"), ("latin.py", "AL000"), ("ok.py", "AL001")}
    syntax = by_file[("bad_syntax.py", "AL000")]
    assert syntax.message == "cannot parse this file: invalid syntax"
    assert (syntax.location.line, syntax.location.column) == (1, 12)
    assert by_file[("latin.py", "AL000")].message == (
        "cannot read this file: not valid UTF-8: byte 0xe9 at offset 11 (line 2, column 6)"
    )
    assert by_file[("ok.py", "AL001")].location.line == 7


def test_user_model_teaches_a_deep_copy(tmp_path: Path) -> None:
    code = """
        from mycorp.util import clone

        def add_shm(spec):
            spec = clone(spec)
            spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})
            return spec

        def reconcile(worker, diff):
            return [add_shm(worker["template"]) for i in range(diff)]
    """
    (tmp_path / "models.toml").write_text('["mycorp.util.clone"]\nkind = "deepcopy"\n')
    assert run(tmp_path, {"op.py": code}, models=(tmp_path / "models.toml",)) == []
    # without the model, `clone` is unknown: its result might be the argument itself, so the
    # analysis stays silent too (doubt means silence) ...
    assert run(tmp_path, {"op.py": code}) == []


def test_user_model_teaches_a_mutator(tmp_path: Path) -> None:
    code = """
        from mycorp.k8s import attach_sidecar

        def reconcile(worker, diff):
            for i in range(diff):
                attach_sidecar(worker["template"]["spec"], "proxy")
    """
    (tmp_path / "models.toml").write_text(
        '["mycorp.k8s.attach_sidecar"]\nkind = "mutator"\narg = 0\neffect = "accumulate"\n'
    )
    assert run(tmp_path, {"op.py": code}) == []
    found = run(tmp_path, {"op.py": code}, models=(tmp_path / "models.toml",))
    assert [(d.code, d.location.line, d.location.column) for d in found] == [("AL001", 6, 9)]
    assert found[0].message.startswith("`mycorp.k8s.attach_sidecar(...)` gets the same object on every iteration")


def test_bad_models_file_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "models.toml").write_text('["x.y"]\nkind = "teleport"\n')
    with pytest.raises(ConfigError, match=r"models.toml: model 'x.y' needs kind = one of"):
        run(tmp_path, {"op.py": "x = 1\n"}, models=(tmp_path / "models.toml",))


def test_pytest_tests_do_not_consume_their_fixtures(tmp_path: Path) -> None:
    code = """
        def test_build(example_spec):
            example_spec.pop("status")
            return {"spec": example_spec}
    """
    assert run(tmp_path, {"tests/test_pods.py": code}) == []
    found = run(tmp_path, {"pods/build.py": code.replace("test_build", "build")})
    assert [(d.code, d.location.path, d.location.line) for d in found] == [("AL007", "pods/build.py", 3)]


def test_values_read_from_objects_built_per_iteration_vary(tmp_path: Path) -> None:
    # kopf's namespace observer: each chunk's events are wrapped in a TypedDict; the key removed
    # from the shared set comes from the chunk, so this is bookkeeping, not duplication
    bodies = """
        from typing import NewType, TypedDict

        NamespaceName = NewType("NamespaceName", str)

        class RawEvent(TypedDict):
            type: str
            object: dict
    """
    obs = """
        from pk import bodies

        def revise(*, insights, raw_events=(), raw_bodies=()):
            events = list(raw_events) + [bodies.RawEvent(type=None, object=obj) for obj in raw_bodies]
            for event in events:
                insights.namespaces.discard(bodies.NamespaceName(event["object"]["metadata"]["name"]))

        async def watch(insights, fetch):
            async for chunk, _ in fetch():
                revise(raw_bodies=chunk, insights=insights)
    """
    assert run(tmp_path, {"pk/__init__.py": "", "pk/bodies.py": bodies, "pk/obs.py": obs}) == []
    # the same loop with a constant name: ``discard`` of what the first iteration removed finds
    # nothing the second time (harmless when repeated), ``remove`` raises KeyError
    constant = obs.replace('event["object"]["metadata"]["name"]', '"default"')
    assert run(tmp_path, {"pk/__init__.py": "", "pk/bodies.py": bodies, "pk/obs.py": constant}) == []
    removing = constant.replace(".discard(", ".remove(")
    found = run(tmp_path, {"pk/__init__.py": "", "pk/bodies.py": bodies, "pk/obs.py": removing})
    assert [(d.code, d.location.path, d.location.line) for d in found] == [("AL001", "pk/obs.py", 11)]


def test_method_on_a_shallow_copy_reaches_the_original_only_below_the_top(tmp_path: Path) -> None:
    code = """
        import copy

        class Job:
            def __init__(self, name):
                self.name = name
                self.args = []
                self.status = None

            def run(self):
                self.status = "running"
                return self.name

            def add(self, extra):
                self.args.append(extra)
                return self.name

        class Runner:
            def __init__(self):
                self.template = Job("base")

            def go(self):
                return copy.copy(self.template).run()

            def go_bad(self):
                return copy.copy(self.template).add("x")
    """
    found = run(tmp_path, {"runner.py": code})
    assert [(d.code, d.location.line, d.location.column) for d in found] == [("AL002", 26, 16)]
    assert "appends to `self.template.args`" in found[0].message


def test_one_finding_per_cause(tmp_path: Path) -> None:
    code = """
        def add(spec, item):
            spec["env"].append(item)
            spec["mounts"].append(item)

        def run(template, n):
            for i in range(n):
                add(template, "x")
            for j in range(n):
                add(template, "y")
    """
    found = run(tmp_path, {"op.py": code})
    assert [(d.code, d.location.line) for d in found] == [("AL001", 8)]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (3, '`template["env"]` is mutated here (append)'),
        (7, "second use: the next iteration passes the same object again"),
        (4, "also mutated here (append)"),
        (10, "the same object is passed in a loop here too"),
    ]


def test_absurd_nesting_is_reported_not_crashed(tmp_path: Path) -> None:
    deep = "x = " + "(" * 3000 + "1" + ")" * 3000 + "\n"
    found = run(tmp_path, {"deep.py": deep, "ok.py": "grid = [[]] * 3\ngrid[0].append(1)\n"})
    assert [(d.code, d.location.path, d.message) for d in found] == [
        ("AL000", "deep.py", "cannot parse this file: too many nested parentheses"),
        ("AL005", "ok.py", found[1].message),
    ]


def test_damaged_cache_entries_are_misses(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    files = {"ok.py": "grid = [[]] * 3\ngrid[0].append(1)\n"}
    config = Settings(root=tmp_path, cache_dir=cache)
    (tmp_path / "ok.py").write_text(files["ok.py"])
    found = discover([tmp_path / "ok.py"], config, cwd=tmp_path)
    assert [d.code for d in engine.check(found, config).diagnostics] == ["AL005"]
    entries = [p for p in cache.rglob("*") if p.is_file() and p.name != ".gitignore"]
    assert entries
    for p in entries:
        p.write_bytes(b"garbage\n")
    assert [d.code for d in engine.check(found, config).diagnostics] == ["AL005"]


def test_scripts_with_one_name_in_two_folders_stay_apart(tmp_path: Path) -> None:
    caller = """
        from builders import decorate

        def f(tpl, n):
            for _ in range(n):
                decorate(tpl)
    """
    found = run(tmp_path, {
        "op_a/builders.py": "def decorate(t):\n    t['spec']['x'].append(1)\n",
        "op_a/main.py": caller,
        "op_b/builders.py": "import copy\n\ndef decorate(t):\n    t = copy.deepcopy(t)\n    t['spec']['x'].append(1)\n    return t\n",
        "op_b/main.py": caller,
    })
    assert [(d.code, d.location.path, d.location.line) for d in found] == [("AL001", "op_a/main.py", 6)]


def test_a_long_chain_of_pass_through_calls_is_analysed_not_crashed(tmp_path: Path) -> None:
    # the receiver's class is asked of the callers, and of theirs: once as deep as the chain
    # (a RecursionError on site-packages); now "unknown" past a few callers
    chain = ["class Spec:\n    def __init__(self):\n        self.env = []\n\n    def add(self, x):\n        self.env.append(x)\n"]
    chain.append("def f0(s):\n    s.add(1)\n    return s\n")
    chain += [f"def f{i}(s):\n    return f{i - 1}(s)\n" for i in range(1, 600)]
    chain.append("def main(spec, n):\n    for _ in range(n):\n        f599(spec)\n")
    found = run(tmp_path, {"chain.py": "\n\n".join(chain)})
    assert [(d.code, d.location.line) for d in found] == []


def test_module_level_names_bound_in_a_cycle_are_analysed_not_crashed(tmp_path: Path) -> None:
    # A = make(B); B = make(A): a receiver's class was looked up through them without end
    source = """
        class Spec:
            def add(self, x):
                self.x = x


        def make(v):
            return v


        A = make(B)
        B = make(A)


        def use():
            A.add(1)
            return A
    """
    assert run(tmp_path, {"cycle.py": source}) == []


def test_a_recursive_function_returning_parts_of_its_argument_stays_bounded(tmp_path: Path) -> None:
    # moto's clean_json: every round of the fixpoint made longer paths of the argument in the
    # return value (a run over site-packages did not finish); the paths per root are bounded now
    source = "def clean(doc, refs):\n"
    for i in range(12):
        source += f"    if 'K{i}' in doc:\n        return clean(doc['K{i}'][1], refs)\n"
    source += "    return doc\n\n\ndef use(doc, refs):\n    out = clean(doc, refs)\n    out['seen'] = True\n    return {'out': out}\n"
    found = run(tmp_path, {"clean.py": source}, preview=True)  # setting a flag: not shown by default
    assert [(d.code, d.location.line, d.message.split(",")[0]) for d in found] == [
        ("AL007", 31, "`use` writes an item of `doc[\"K0\"][*]`"),
    ]


def test_valid_python_libcst_cannot_parse_says_so_and_can_be_excluded(tmp_path: Path) -> None:
    files = {
        "pkg/annotated.py": "(x): int = 1\n",  # valid: CPython accepts it, LibCST does not
        "literals.py": "x = " + " ".join(['"a"'] * 500) + "\n",  # LibCST recurses once per literal
        "ok.py": "grid = [[]] * 3\ngrid[0].append(1)\n",
    }
    found = run(tmp_path, files)
    assert [(d.code, d.location.path, d.message) for d in found] == [
        ("AL000", "literals.py", "valid Python that aliaslint's parser does not support (it nests too "
                                 'deeply for LibCST); exclude the file with extend-exclude = ["/literals.py"]'),
        ("AL005", "ok.py", found[1].message),
        ("AL000", "pkg/annotated.py", "valid Python that aliaslint's parser does not support (LibCST: "
                                      "parser error: error at 1:5); exclude the file with extend-exclude = "
                                      '["/pkg/annotated.py"]'),
    ]
    # the advice works
    found = run(tmp_path, {}, extend_exclude=("/literals.py", "/pkg/annotated.py"))
    assert [(d.code, d.location.path) for d in found] == [("AL005", "ok.py")]


def test_a_nul_byte_in_a_string_literal_is_al000(tmp_path: Path) -> None:
    found = run(tmp_path, {"nul.py": b"x = 1\ns = 'a\x00b'\n", "ok.py": "grid = [[]] * 3\ngrid[0].append(1)\n"})
    assert [(d.code, d.location.path, d.location.line, d.location.column, d.message) for d in found] == [
        ("AL000", "nul.py", 2, 7, "cannot read this file: it contains a NUL byte (line 2, column 7), "
                                  "which Python does not accept in source code"),
        ("AL005", "ok.py", 1, 8, found[1].message),
    ]


def test_texts_in_memory_are_what_the_report_quotes(tmp_path: Path) -> None:
    # the fixer's pending changes: analysed instead of the file, and quoted in the excerpts
    (tmp_path / "m.py").write_text("x = 1\n", encoding="utf-8")
    config = Settings(root=tmp_path, no_cache=True)
    found = discover([tmp_path], config, cwd=tmp_path)
    pending = "def f(n):\n    grid = [[]] * n\n    grid[0].append(1)\n"
    result = engine.check(found, config, sources={tmp_path / "m.py": pending})
    assert [(d.code, d.location.line) for d in result.diagnostics] == [("AL005", 2)]
    display = result.diagnostics[0].location.path
    assert result.sources.line(display, 2) == "    grid = [[]] * n"


def test_calls_that_cannot_be_followed_are_listed_with_why(tmp_path: Path) -> None:
    source = """
        import requests

        class Launcher:
            def __init__(self, provider):
                self.provider = provider

            def launch(self, config, n):
                for _ in range(n):
                    self.provider.create_node(config, n)
                    requests.post("http://x", json=config)
                    compute(n)
                    self.start_object(config)
                    "{}: {}".format(n, config)
                    f"{n}".join(config)
    """
    (tmp_path / "launch.py").write_text(textwrap.dedent(source), encoding="utf-8")
    config = Settings(root=tmp_path, no_cache=True)
    result = engine.check(discover([tmp_path], config, cwd=tmp_path), config)
    assert result.unresolved == [
        "launch.py:10:13: `self.provider.create_node(...)` not followed: the class of `self.provider` is not known",
        "launch.py:11:13: `requests.post(...)` not followed: `requests.post` is outside the checked tree and no "
        "model describes it",
        "launch.py:12:13: `compute(...)` not followed: `compute` is not defined in the checked tree (a builtin, or "
        "a name made at run time)",
        # (a method of a base class outside the tree, or none: the class of ``self`` is known)
        "launch.py:13:13: `self.start_object(...)` not followed: `start_object` is not defined by `Launcher` or its "
        "bases in the tree (a base class outside the tree may define it)",
        # (not lines 14 and 15: a string literal's methods change nothing they are given; issue
        # 8's blind fifty-fourth set was shown pynetbox's ``"{}/".format(...)`` here)
    ]


def test_identifiers_are_compared_as_python_compares_them(tmp_path: Path) -> None:
    # "ﬁle_spec" (with the U+FB01 ligature) is the name "file_spec" to Python (NFKC, PEP 3131)
    source = """
        def add_shm(spec):
            spec["containers"][0]["volumeMounts"].append({"mountPath": "/dev/shm"})

        def reconcile(ﬁle_spec, diff):
            for i in range(diff):
                add_shm(file_spec)
    """
    found = run(tmp_path, {"op.py": source})
    assert [(d.code, d.location.line) for d in found] == [("AL001", 7)]


def test_names_are_rebuilt_only_when_one_is_not_in_nfkc_form(monkeypatch) -> None:
    """The rebuilding walk over the whole tree is skipped when every name is normalised already
    (text that is not ASCII in strings and comments only)."""
    from aliaslint import analyzer
    from aliaslint.rules import all_rules

    def leave_name(self, original_node, updated_node):
        raise AssertionError("the names were walked")

    monkeypatch.setattr(analyzer._NormalisedNames, "leave_Name", leave_name)
    source = "# déjà vu\ndef label(spec):\n    spec['names'].append('café')\n    return spec\n"
    summary = analyzer.analyze_module(source, "m", "m.py", "/m.py", list(all_rules()))
    assert list(summary.functions) == ["m.label", "m.<module>"]
    assert [m.op for m in summary.functions["m.label"].mutations] == ["append"]


@pytest.mark.parametrize("source, normalised", [
    ("x = 'café'  # déjà\n", True),
    ("é = 1\n", True),
    ("ﬁle_spec = 1\n", False),  # U+FB01: the name is file_spec to Python
    ("x = 'ﬁ'\n", False),  # in a string: cautious, the names are walked
    ("spec_ﬁle = é\n", False),
    ("x = 'e\u0301'\n", False),  # a combining accent: NFC composes it
])
def test_which_sources_have_their_names_rebuilt(source: str, normalised: bool) -> None:
    from aliaslint.analyzer import _names_normalised

    assert _names_normalised(source) is normalised


@pytest.mark.parametrize("start", ["", "services/api"])
def test_a_script_imports_the_package_beside_it_wherever_the_run_starts(tmp_path: Path, start: str) -> None:
    # the pre-commit hook runs from the repository root, above the script's folder
    files = {
        "services/api/main.py": "import handlers\n\ndef serve(template, n):\n"
                                "    return [handlers.add_mount(template) for _ in range(n)]\n",
        "services/api/handlers/__init__.py": "from .impl import add_mount\n",
        "services/api/handlers/impl.py": "def add_mount(template):\n"
                                         "    template['spec']['volumes'].append({'name': 'shm'})\n"
                                         "    return dict(template)\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    root = tmp_path / start
    settings = Settings(root=root, no_cache=True)
    found = engine.check(discover([root], settings, cwd=root), settings).diagnostics
    assert [(d.code, Path(d.location.path).name, d.location.line) for d in found] == [("AL001", "main.py", 4)]


# --- AL000 for syntax of a newer Python than the running one


def _hint(source: str, line: int, version: tuple[int, int], message: str = "invalid syntax") -> str:
    """The hint for CPython's error at ``line`` (made here: the running Python may read the file)."""
    from aliaslint.guard import newer_syntax_hint

    error = SyntaxError(message)
    error.lineno = line
    return newer_syntax_hint(source, error, version)


@pytest.mark.parametrize(("source", "line", "version", "hint"), [
    ("type Point = tuple[int, int]\n", 1, (3, 11), " (this Python is 3.11; the file may need 3.12 or newer)"),
    ("x = 1\ndef first[T](items: list[T]) -> T:\n    return items[0]\n", 2, (3, 10),
     " (this Python is 3.10; the file may need 3.12 or newer)"),
    ("class Box[T]:\n    pass\n", 1, (3, 11), " (this Python is 3.11; the file may need 3.12 or newer)"),
    ("try:\n    pass\nexcept* ValueError:\n    pass\n", 3, (3, 10),
     " (this Python is 3.10; the file may need 3.11 or newer)"),
    ("type Point = tuple[int, int]\n", 1, (3, 12), ""),  # this Python has it: a real error
    ("x = (1,\n", 1, (3, 10), ""),  # an ordinary error
    ("type = 3 +\n", 1, (3, 10), ""),  # `type` as a name
])
def test_newer_syntax_gets_a_hint(source: str, line: int, version: tuple[int, int], hint: str) -> None:
    assert _hint(source, line, version) == hint


def test_nested_quotes_in_an_f_string_get_a_hint() -> None:
    source = 'name = f"{"x"}"\n'
    assert _hint(source, 1, (3, 11), "f-string: expecting '}'") == (
        " (this Python is 3.11; the file may need 3.12 or newer)")


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python reads 3.12 syntax")
def test_al000_says_the_file_may_need_a_newer_python(tmp_path: Path) -> None:
    # an error on a line of newer syntax that LibCST refuses too: CPython's error, with the hint
    (tmp_path / "new.py").write_text("type Point = tuple[int,\n", encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    (diagnostic,) = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    running = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert (diagnostic.code, diagnostic.location.line, diagnostic.location.column, diagnostic.message) == (
        "AL000", 1, 6, f"cannot parse this file: invalid syntax (this Python is {running}; the file may need 3.12 or newer)"
    )


def test_newer_syntax_that_libcst_parses_is_analysed(tmp_path: Path) -> None:
    # PEP 695 under any Python: LibCST's parser takes it (localstack-core 2026.3.0's nine files)
    (tmp_path / "new.py").write_text(textwrap.dedent("""\
        type Mounts = list[dict]
        DEFAULTS = {"mounts": []}


        def build[T](m: T) -> dict:
            DEFAULTS["mounts"].append(m)
            return dict(DEFAULTS)
    """), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    found = engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics
    assert [(d.code, d.location.line, d.location.column) for d in found] == [("AL003", 6, 5)]


@pytest.mark.parametrize(("signature", "call"), [
    ("*specs", 'add(T["a"])'),
    ("first, *specs", 'add(1, T["a"])'),
])
def test_a_star_args_argument_is_named_as_passed(tmp_path: Path, signature: str, call: str) -> None:
    # the trial of stop 16: the hint named `copy.deepcopy(T)`, the object holding the argument
    code = f"""
        T = {{"a": {{"env": []}}}}

        def add({signature}):
            for s in specs:
                s["env"].append(1)

        def run(n):
            for i in range(n):
                {call}
    """
    found = run(tmp_path, {"m.py": code})
    assert [(d.code, d.location.line) for d in found] == [("AL001", 10)]
    assert found[0].message == (
        '`add(...)` gets the same object on every iteration of the loop, and add appends to `T["a"]["env"]`, '
        "so the object the second iteration gets already holds `1` and gets a second one; pass a deep copy "
        '(`copy.deepcopy(T["a"])`), or copy inside the callee')
