from __future__ import annotations

import sys
from pathlib import Path

import pytest

from aliaslint.config import (
    DEFAULT_EXCLUDE,
    ConfigError,
    RuleSelection,
    Settings,
    find_config_file,
    load_settings,
)

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def error_of(*args, **kwargs) -> str:
    with pytest.raises(ConfigError) as info:
        load_settings(*args, **kwargs)
    return str(info.value)


# --- defaults and discovery ---------------------------------------------------------------


def test_defaults_without_a_configuration(project: Path) -> None:
    settings = load_settings([Path(".")], {})
    assert settings == Settings(root=project)
    assert settings.config_file is None
    assert settings.select == () and settings.ignore == ()
    assert settings.exclude == DEFAULT_EXCLUDE
    assert {".git", ".venv", "venv", "__pycache__", "build", "dist", "node_modules", ".tox", ".nox",
            ".mypy_cache", ".eggs"} <= set(DEFAULT_EXCLUDE)
    assert "site-packages" not in DEFAULT_EXCLUDE
    assert settings.respect_gitignore is True and settings.preview is False
    assert settings.cache_dir == project / ".aliaslint_cache"
    assert settings.no_cache is False and settings.jobs is None
    assert settings.max_file_bytes == 2_000_000


def test_reads_every_option(project: Path) -> None:
    write(project / "models" / "kopf.toml", "")
    config = write(project / "pyproject.toml", """
[project]
name = "demo"

[tool.aliaslint]
select = ["AL0", "al00"]
extend-select = ["AL001"]
ignore = ["AL005"]
extend-ignore = ["AL006"]
exclude = ["vendor/"]
extend-exclude = ["generated/*.py"]
respect-gitignore = false
preview = true
models = ["models/kopf.toml"]
cache-dir = "cache"
no-cache = true
jobs = 3
max-file-bytes = 1000
""")
    settings = load_settings([Path("src")], {})
    assert settings == Settings(
        root=project,
        select=("AL0", "AL00"),
        extend_select=("AL001",),
        ignore=("AL005", "AL006"),
        exclude=("vendor/",),
        extend_exclude=("generated/*.py",),
        respect_gitignore=False,
        preview=True,
        models=(project / "models" / "kopf.toml",),
        cache_dir=project / "cache",
        no_cache=True,
        jobs=3,
        max_file_bytes=1000,
        config_file=config,
    )


def test_nearest_pyproject_with_a_table_wins_walking_up_from_the_paths(project: Path) -> None:
    outer = write(project / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL001']\n")
    write(project / "pkg" / "pyproject.toml", "[project]\nname = 'no-table-here'\n")
    inner = write(project / "pkg" / "sub" / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL002']\n")
    (project / "pkg" / "sub" / "src").mkdir()
    (project / "pkg" / "other").mkdir()

    settings = load_settings([Path("pkg/sub/src")], {})
    assert (settings.config_file, settings.root, settings.select) == (inner, inner.parent, ("AL002",))

    # a pyproject.toml without [tool.aliaslint] is passed over
    settings = load_settings([Path("pkg/other")], {})
    assert (settings.config_file, settings.root, settings.select) == (outer, project, ("AL001",))

    # the common parent of several paths is where the search starts
    settings = load_settings([Path("pkg/sub/src"), Path("pkg/other")], {})
    assert settings.config_file == outer
    assert find_config_file(project / "pkg" / "sub" / "src") == inner


def test_paths_outside_the_working_directory_root_at_their_common_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cwd").mkdir()
    (tmp_path / "elsewhere" / "a").mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "cwd")
    settings = load_settings([tmp_path / "elsewhere" / "a"], {})
    assert settings.root == tmp_path / "elsewhere" / "a"


def test_explicit_config_file(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL001']\n")
    other = write(project / "conf" / "aliaslint.toml", "select = ['AL003']\ncache-dir = '.c'\n")
    settings = load_settings([Path(".")], {}, other)
    assert settings.select == ("AL003",)
    assert settings.config_file == other
    assert settings.root == project / "conf"
    assert settings.cache_dir == project / "conf" / ".c"

    explicit = write(project / "x" / "pyproject.toml", "[tool.aliaslint]\nignore = ['AL002']\n")
    assert load_settings([Path(".")], {}, Path("x/pyproject.toml")).ignore == ("AL002",)
    assert load_settings([Path(".")], {}, explicit).root == project / "x"

    assert error_of([Path(".")], {}, Path("missing.toml")) == "config file not found: missing.toml"


# --- overrides ------------------------------------------------------------------------------


def test_command_line_overrides_win(project: Path) -> None:
    write(project / "pyproject.toml", """
[tool.aliaslint]
select = ["AL001"]
extend-select = ["AL002"]
ignore = ["AL003"]
preview = true
jobs = 4
""")
    settings = load_settings([Path(".")], {
        "select": ["AL004"],
        "ignore": ["AL005"],
        "extend_select": ["AL006"],
        "preview": False,
        "jobs": None,  # not given: the file's value stays
        "no_cache": True,
        "cache_dir": Path("elsewhere"),
    })
    # the file's selection stays as written; the command line's is a layer applied after it
    assert (settings.select, settings.extend_select, settings.ignore) == (("AL001",), ("AL002",), ("AL003",))
    assert settings.overrides == (RuleSelection(("AL004",), ("AL006",), ("AL005",)),)
    assert [code for code in ("AL001", "AL002", "AL003", "AL004", "AL005", "AL006") if settings.is_enabled(code)] \
        == ["AL004", "AL006"]
    assert settings.preview is False
    assert settings.jobs == 4
    assert settings.no_cache is True
    assert settings.cache_dir == project / "elsewhere"


def test_extend_select_keeps_an_empty_selection_meaning_all(project: Path) -> None:
    settings = load_settings([Path(".")], {"extend_select": ["AL002"]})
    assert settings.select == ()
    assert settings.is_enabled("AL007")


def test_unknown_override_is_a_programming_error(project: Path) -> None:
    with pytest.raises(TypeError, match="selct"):
        load_settings([Path(".")], {"selct": ["AL001"]})


# --- strict validation ----------------------------------------------------------------------


def test_unknown_option(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselct = ['AL001']\n")
    assert error_of([Path(".")], {}) == "pyproject.toml: unknown option 'selct' in [tool.aliaslint]"


def test_snake_case_option_gets_a_hint(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nextend_exclude = ['x']\n")
    assert error_of([Path(".")], {}) == (
        "pyproject.toml: unknown option 'extend_exclude' in [tool.aliaslint]"
        " (did you mean 'extend-exclude'?)"
    )


def test_unknown_option_in_a_config_file_of_a_subfolder(project: Path) -> None:
    write(project / "sub" / "pyproject.toml", "[tool.aliaslint]\nbogus = 1\n")
    assert error_of([Path("sub")], {}) == "sub/pyproject.toml: unknown option 'bogus' in [tool.aliaslint]"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("select = 'AL001'", "option 'select' in [tool.aliaslint] must be a list of strings, got 'AL001'"),
        ("exclude = [1]", "option 'exclude' in [tool.aliaslint] must be a list of strings, got [1]"),
        ("preview = 1", "option 'preview' in [tool.aliaslint] must be true or false, got 1"),
        ("jobs = true", "option 'jobs' in [tool.aliaslint] must be a positive integer, got True"),
        ("jobs = 0", "option 'jobs' in [tool.aliaslint] must be a positive integer, got 0"),
        ("max-file-bytes = '2MB'",
         "option 'max-file-bytes' in [tool.aliaslint] must be a positive integer, got '2MB'"),
        ("cache-dir = 3", "option 'cache-dir' in [tool.aliaslint] must be a string, got 3"),
        ("extend-ignore = ['al000']",
         "option 'extend-ignore' in [tool.aliaslint]: AL000 cannot be ignored: a file aliaslint cannot read or "
         "parse is always reported; exclude the file instead (exclude = [...])"),
        ("per-file-ignores = {'legacy/*.py' = ['AL000']}",
         "option 'per-file-ignores' in [tool.aliaslint], glob 'legacy/*.py': AL000 cannot be ignored: a file "
         "aliaslint cannot read or parse is always reported; exclude the file instead (exclude = [...])"),
        ("file-memory-mb = 1",
         "option 'file-memory-mb' in [tool.aliaslint] must be at least 256 (analysing an ordinary 60 kB file "
         "can take more than 64 MB; the default is 2048), got 1"),
        ("file-memory-mb = 1048577",
         "option 'file-memory-mb' in [tool.aliaslint] must be from 256 to 1048576 (megabytes, 1 TiB), got 1048577"),
        ("file-timeout = 86401",
         "option 'file-timeout' in [tool.aliaslint] must be from 1 to 86400 (seconds, a day), got 86401"),
        ("ignore = ['AL-1']",
         "option 'ignore' in [tool.aliaslint]: invalid rule selector 'AL-1'"
         " (expected a code such as 'AL001' or a prefix such as 'AL')"),
        ("models = ['missing.toml']",
         "option 'models' in [tool.aliaslint]: file not found: missing.toml"),
        ("exclude = ['build/', '!']", "option 'exclude' in [tool.aliaslint]: invalid pattern '!'"),
        ("extend-exclude = ['gen\\']", "option 'extend-exclude' in [tool.aliaslint]: invalid pattern 'gen\\\\'"),
    ],
)
def test_wrong_types(project: Path, line: str, message: str) -> None:
    write(project / "pyproject.toml", f"[tool.aliaslint]\n{line}\n")
    assert error_of([Path(".")], {}) == f"pyproject.toml: {message}"


def test_table_that_is_not_a_table(project: Path) -> None:
    write(project / "pyproject.toml", "[tool]\naliaslint = 3\n")
    assert error_of([Path(".")], {}) == "pyproject.toml: [tool.aliaslint] must be a table"


@pytest.mark.parametrize("text", ["[tool.aliaslint]\nselect AL001\n", "[tool.aliaslint]\nselect = ['AL001'\n"])
def test_bad_toml(project: Path, text: str) -> None:
    write(project / "pyproject.toml", text)
    with pytest.raises(tomllib.TOMLDecodeError) as parser:
        tomllib.loads(text)
    assert error_of([Path(".")], {}) == f"pyproject.toml: invalid TOML: {parser.value}"


def test_bad_toml_exact_message(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselect AL001\n")
    if sys.version_info >= (3, 11):  # the stdlib parser's wording
        assert error_of([Path(".")], {}) == (
            "pyproject.toml: invalid TOML: Expected '=' after a key in a key/value pair"
            " (at line 2, column 8)"
        )


# --- select / ignore ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("select", "ignore", "code", "enabled"),
    [
        ((), (), "AL001", True),
        (("AL001",), (), "AL001", True),
        (("AL001",), (), "AL002", False),
        (("AL00",), (), "AL003", True),
        (("AL",), ("AL00",), "AL001", False),  # the longer prefix decides
        (("AL001",), ("AL",), "AL001", True),
        (("AL0",), ("AL0",), "AL001", False),  # a tie goes to ignore
        ((), ("AL001",), "AL001", False),
        ((), ("AL001",), "AL002", True),
        (("ALL",), ("AL002",), "AL001", True),
        (("ALL",), ("AL002",), "AL002", False),
        (("AL001",), ("AL",), "AL000", True),  # AL000 is always on
        ((), ("AL000",), "AL000", True),
    ],
)
def test_is_enabled(select: tuple, ignore: tuple, code: str, enabled: bool) -> None:
    assert Settings(root=Path("/"), select=select, ignore=ignore).is_enabled(code) is enabled


def test_settings_are_frozen_and_hashable() -> None:
    settings = Settings(root=Path("/p"))
    with pytest.raises(AttributeError):
        settings.preview = True  # type: ignore[misc]
    assert hash(settings) == hash(Settings(root=Path("/p")))
    assert Settings(root=Path("/p"), cache_dir=Path("/c")).cache_dir == Path("/c")


# --- flags win, per-file-ignores, hierarchical configuration --------------------------------

from aliaslint.config import PerFileIgnore, load_configuration  # noqa: E402


@pytest.mark.parametrize(
    ("flags", "enabled"),
    [
        ({}, ["AL001", "AL002"]),
        ({"extend_select": ["AL005"]}, ["AL001", "AL002", "AL005"]),  # re-enabled: flags win
        ({"select": ["AL005"]}, ["AL005"]),
        # a new selection replaces the file's, ignores included; a prefix enables AL100 too
        ({"select": ["AL"]}, ["AL001", "AL002", "AL003", "AL005", "AL100"]),
        ({"ignore": ["AL002"]}, ["AL001"]),
        ({"extend_select": ["AL100"]}, ["AL001", "AL002", "AL100"]),
    ],
)
def test_command_line_selection_wins_over_the_file(project: Path, flags: dict, enabled: list) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL00']\nignore = ['AL005', 'AL003']\n")
    settings = load_settings([Path(".")], flags)
    assert [c for c in ("AL001", "AL002", "AL003", "AL005", "AL100") if settings.is_enabled(c)] == enabled


def test_unused_noqa_is_off_by_default(project: Path) -> None:
    assert not load_settings([Path(".")], {}).is_enabled("AL100")
    write(project / "pyproject.toml", "[tool.aliaslint]\nextend-select = ['AL100']\n")
    settings = load_settings([Path(".")], {})
    assert settings.is_enabled("AL100") and settings.is_enabled("AL001")


def test_per_file_ignores(project: Path) -> None:
    write(project / "pyproject.toml", """
[tool.aliaslint]
per-file-ignores = { "tests/*.py" = ["AL001"], "__init__.py" = ["AL"], "!src/**" = ["AL007"] }
""")
    settings = load_settings([Path(".")], {})
    assert settings.per_file_ignores == (
        PerFileIgnore("tests/*.py", ("AL001",), project),
        PerFileIgnore("__init__.py", ("AL",), project),
        PerFileIgnore("!src/**", ("AL007",), project),
    )
    def enabled(code: str, path: str) -> bool:
        return settings.is_enabled_for(code, project / path)
    assert not enabled("AL001", "tests/test_a.py") and not enabled("AL001", "tests/deep/test_b.py")
    assert enabled("AL001", "src/tests/x.py") and enabled("AL002", "tests/test_a.py")
    assert not enabled("AL003", "src/pkg/__init__.py")  # a glob without "/" matches the name
    assert enabled("AL000", "src/pkg/__init__.py")  # unreadable files are always reported
    assert enabled("AL007", "src/pkg/mod.py") and not enabled("AL007", "scripts/run.py")  # negated


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("['AL001']", "must be a table of glob = [codes]"),
        ("{ 'a.py' = 'AL001' }", "must be a table of glob = [codes]"),
        ("{ 'a.py' = ['AL99x'] }", "glob 'a.py': invalid rule selector 'AL99x'"),
        # fnmatch would read an unclosed class as a literal '[' and match nothing meant
        ("{ '[' = ['AL001'] }", "invalid glob '[': unclosed character class '['"),
        ("{ 'tests/[!]a.py' = ['AL001'] }", "invalid glob 'tests/[!]a.py': unclosed character class '['"),
    ],
)
def test_per_file_ignores_errors(project: Path, value: str, message: str) -> None:
    write(project / "pyproject.toml", f"[tool.aliaslint]\nper-file-ignores = {value}\n")
    assert message in error_of([Path(".")], {})


@pytest.mark.parametrize("glob", ["[ab]*.py", "tests/[!]a].py", "x[]]y.py", "*.py"])
def test_per_file_ignores_accepts_closed_classes(project: Path, glob: str) -> None:
    write(project / "pyproject.toml", f"[tool.aliaslint]\nper-file-ignores = {{ '{glob}' = ['AL001'] }}\n")
    assert [e.pattern for e in load_settings([Path(".")], {}).per_file_ignores] == [glob]


def test_aliaslint_toml_is_a_configuration_file_and_wins_in_its_folder(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL001']\n")
    config = write(project / "aliaslint.toml", "select = ['AL002']\n")
    settings = load_settings([Path(".")], {})
    assert (settings.config_file, settings.select) == (config, ("AL002",))


def test_each_file_uses_the_nearest_configuration(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\nignore = ['AL001']\njobs = 3\n")
    sub = write(project / "services" / "api" / "pyproject.toml",
                "[tool.aliaslint]\nselect = ['AL001', 'AL005']\npreview = true\njobs = 1\n"
                "per-file-ignores = { 'gen/*' = ['AL005'] }\n")
    other = write(project / "services" / "web" / "aliaslint.toml", "extend-ignore = ['AL002']\n")
    configuration = load_configuration([Path(".")], {"extend_select": ["AL007"]})
    run = configuration.settings
    assert run.config_file == project / "pyproject.toml" and run.jobs == 3
    top = configuration.for_file(project / "tool.py")
    api = configuration.for_file(project / "services" / "api" / "deep" / "m.py")
    web = configuration.for_file(project / "services" / "web" / "m.py")
    assert top is run
    assert (api.config_file, api.select, api.preview, api.jobs) == (sub, ("AL001", "AL005"), True, 3)
    assert api.is_enabled("AL001") and not api.is_enabled("AL002")
    assert api.is_enabled("AL007")  # the command line applies on top of every file's settings
    assert not api.is_enabled_for("AL005", project / "services" / "api" / "gen" / "x.py")
    # a nested file replaces the outer one: nothing is inherited from it
    assert (web.config_file, web.ignore, web.is_enabled("AL001"), web.is_enabled("AL002")) == (other, ("AL002",), True, False)
    assert configuration.warnings == [
        "services/api/pyproject.toml: 'jobs' applies to the whole run, which takes it from pyproject.toml;"
        " it is not used here (see 'aliaslint check --show-settings FILE')"
    ]
    # the run analyses with every rule some file enables
    files = [type("F", (), {"display": name, "path": project / name})() for name in
             ("tool.py", "services/api/m.py", "services/web/m.py")]
    widened = configuration.run_settings(configuration.for_files(files))
    assert not run.is_enabled("AL001") and widened.is_enabled("AL001")


def test_explicit_config_file_is_used_for_every_file(project: Path) -> None:
    explicit = write(project / "ci.toml", "select = ['AL003']\n")
    write(project / "sub" / "pyproject.toml", "[tool.aliaslint]\nselect = ['AL002']\n")
    configuration = load_configuration([Path(".")], {}, explicit)
    assert configuration.for_file(project / "sub" / "x.py").select == ("AL003",)


def test_nested_configuration_errors_are_errors(project: Path) -> None:
    write(project / "pyproject.toml", "[tool.aliaslint]\n")
    write(project / "sub" / "aliaslint.toml", "selct = ['AL002']\n")
    configuration = load_configuration([Path(".")], {})
    with pytest.raises(ConfigError, match=r"^sub/aliaslint.toml: unknown option 'selct' in the top-level table$"):
        configuration.for_file(project / "sub" / "x.py")


def test_a_pyproject_that_is_not_utf8_is_named(project: Path) -> None:
    (project / "pyproject.toml").write_bytes(b"[tool.aliaslint]\n# caf\xe9\nselect = ['AL001']\n")
    assert error_of([Path(".")], {}) == "pyproject.toml: not valid UTF-8 (byte 0xe9 at offset 22)"


def test_a_pyproject_with_a_byte_order_mark_is_read(project: Path) -> None:
    # it was "invalid TOML: Invalid statement (at line 1, column 1)"; Windows editors write the mark
    (project / "pyproject.toml").write_bytes(b"\xef\xbb\xbf[tool.aliaslint]\nselect = ['AL001']\n")
    settings = load_settings([Path(".")], {})
    assert (settings.config_file, settings.select) == (project / "pyproject.toml", ("AL001",))
    (project / "pyproject.toml").write_bytes(b"\xef\xbb\xbf[tool.aliaslint]\n# caf\xe9\n")
    assert error_of([Path(".")], {}) == "pyproject.toml: not valid UTF-8 (byte 0xe9 at offset 25)"


def test_a_config_file_that_is_not_utf8_is_named(project: Path) -> None:
    (project / "lint.toml").write_bytes(b"select = ['AL001'] # \xff\n")
    assert error_of([Path(".")], {}, Path("lint.toml")) == "lint.toml: not valid UTF-8 (byte 0xff at offset 21)"


def test_a_config_file_holding_only_a_tool_table_is_read_from_tool_aliaslint(tmp_path: Path) -> None:
    # a new user's trial: a copy of a pyproject.toml under another name failed with "unknown
    # option 'tool' in the top-level table"
    other = tmp_path / "other.toml"
    other.write_text('[tool.aliaslint]\nselect = ["AL005"]\n', encoding="utf-8")
    settings = load_settings([tmp_path], config_file=other, cwd=tmp_path)
    assert settings.select == ("AL005",)
    mixed = tmp_path / "mixed.toml"
    mixed.write_text('[project]\nname = "x"\n[tool.aliaslint]\nselect = ["AL002"]\n', encoding="utf-8")
    assert load_settings([tmp_path], config_file=mixed, cwd=tmp_path).select == ("AL002",)
    other_tool = tmp_path / "other-tool.toml"
    other_tool.write_text('[tool.ruff]\nline-length = 99\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"unknown option 'tool' in the top-level table \(a file other than "
                                          r"pyproject.toml holds the options at its top level"):
        load_settings([tmp_path], config_file=other_tool, cwd=tmp_path)
