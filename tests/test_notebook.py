"""Jupyter notebooks: code cells analysed together, positions as cell and line (issue 11, part 2)."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from _cli import runner as cli_runner
from aliaslint import engine
from aliaslint.cli import cli
from aliaslint.config import Settings
from aliaslint.files import discover
from aliaslint.notebook import Cell, NotebookError, file_positions, parse_notebook
from aliaslint.reporters import render

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


def code(*lines: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": list(lines)}


def notebook(*cells: dict, language: str | None = "python", nbformat: int = 4) -> str:
    """The JSON of a notebook, written as Jupyter writes it (one-space indent, lines as a list)."""
    metadata = {"language_info": {"name": language}} if language else {}
    document = {"cells": list(cells), "metadata": metadata, "nbformat": nbformat, "nbformat_minor": 5}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


# A template in cell 2, the mutating helper in cell 3, the loop in cell 4; IPython syntax around.
CROSS_CELL = notebook(
    {"cell_type": "markdown", "metadata": {}, "source": ["# Pods\n"]},
    code("%matplotlib inline\n", "TEMPLATE = {\"containers\": [{\"mounts\": []}]}\n"),
    code("def add_shm(spec):\n", "    spec[\"containers\"][0][\"mounts\"].append(\"/dev/shm\")\n"),
    code("!pip install kubernetes\n", "files = !ls\n", "def build_all(n):\n", "    for i in range(n):\n",
         "        add_shm(TEMPLATE)"),
    code("%%bash\n", "echo this is not Python\n"),
)


# --- parsing -------------------------------------------------------------------------------------


def test_code_cells_one_after_the_other_with_ipython_syntax_blanked() -> None:
    parsed = parse_notebook(CROSS_CELL)
    assert parsed.source.splitlines() == [
        "pass",
        'TEMPLATE = {"containers": [{"mounts": []}]}',
        "",
        "def add_shm(spec):",
        '    spec["containers"][0]["mounts"].append("/dev/shm")',
        "",
        "pass",
        "files = ...",
        "def build_all(n):",
        "    for i in range(n):",
        "        add_shm(TEMPLATE)",
        "", "", "",  # the %%bash cell is skipped whole
    ]
    assert parsed.lines[0] == "%matplotlib inline" and parsed.lines[7] == "files = !ls"
    assert parsed.cells == (Cell(2, 1, 1, 3), Cell(3, 2, 4, 3), Cell(4, 3, 7, 5), Cell(5, 4, 12, 3))
    assert parsed.cell_position(11, 9) == (4, 5, 9)
    assert parsed.cell_position(1, 1) == (2, 1, 1)


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        (["?obj\n", "obj??\n", "x = 1"], ["pass", "pass", "x = 1"]),
        (["if x:\n", "    %time f()\n", "    !echo \\\n", "      more\n", "y = 2"],
         ["if x:", "    pass", "    pass", "", "y = 2"]),
        (["t = %timeit -o f()\n", "a, b = !cmd"], ["t = ...", "a, b = ..."]),
        # operators at the start of a continuation line are Python, not IPython
        (["x = (a\n", "     % b\n", "     != c)\n", "s = '''\n", "!not a command\n", "'''"],
         ["x = (a", "     % b", "     != c)", "s = '''", "!not a command", "'''"]),
        (["run = 1\n", "pip = run"], ["run = 1", "pip = run"]),
        (["pip install kubernetes\n"], ["", ""]),  # automagic: the cell is skipped
        (["# comment?\n", "x = 1  # why?"], ["# comment?", "x = 1  # why?"]),
    ],
)
def test_ipython_syntax(cell: list[str], expected: list[str]) -> None:
    assert parse_notebook(notebook(code(*cell))).source.split("\n")[:-1] == expected


def test_cells_as_one_string_and_crlf_line_endings() -> None:
    text = notebook({"cell_type": "code", "metadata": {}, "outputs": [], "source": "a = 1\r\nb = 2\r\n"})
    parsed = parse_notebook(text)
    assert parsed.source == "a = 1\nb = 2\n\n"
    assert parsed.cells == (Cell(1, 0, 1, 3),)


def test_other_languages_have_no_code() -> None:
    assert parse_notebook(notebook(code("x <- 1"), language="R")).source == ""


def _with_metadata(text: str, metadata: dict) -> str:
    document = json.loads(text)
    document["metadata"] = metadata
    return json.dumps(document)


@pytest.mark.parametrize(("metadata", "source"), [
    # a Python 2 kernel (jupyter-enterprise-gateway 3.3's test notebooks): not Python 3 code
    ({"kernelspec": {"language": "python", "name": "python2"}}, ""),
    ({"language_info": {"name": "python", "version": "2.7.10"}}, ""),
    # a Python 3 kernel: its cells are read (and a Python 2 cell there is AL000)
    ({"kernelspec": {"language": "python", "name": "python3"},
      "language_info": {"name": "python", "version": "3.5.1"}}, 'print "x"\n'),
])
def test_a_python_2_notebook_has_no_code(metadata: dict, source: str) -> None:
    assert parse_notebook(_with_metadata(notebook(code('print "x"')), metadata)).source == source


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ('{"cells": [\n  {"cell_type": "code",, }\n]}', "not a valid notebook: invalid JSON: Expecting "
         "property name enclosed in double quotes (line 2, column 24)", (2, 24)),
        ("x = [[]] * 3\n", "not a valid notebook: invalid JSON: Expecting value (line 1, column 1)", (1, 1)),
        ("[1, 2]", "not a valid notebook: the JSON document is not an object", (1, 1)),
        (notebook(code("x"), nbformat=3), "notebook format 3 is not supported (only format 4)", (1, 1)),
        ('{"nbformat": 4, "cells": {}}', "not a valid notebook: 'cells' is not a list", (1, 1)),
        ('{"nbformat": 4, "cells": [{"cell_type": "code", "source": 3}]}',
         "not a valid notebook: cell 1: 'source' is not text", (1, 1)),
        ('{"nbformat": 4, "cells": [{"cell_type": "code", "source": "\\ud800"}]}',
         "cell 1 contains an unpaired surrogate (\\ud800), which is not valid in source code", (1, 1)),
        ("[" * 100_000, "not a valid notebook: the JSON is nested too deeply", (1, 1)),
    ],
)
def test_broken_notebooks(text: str, message: str, position: tuple[int, int]) -> None:
    with pytest.raises(NotebookError) as info:
        parse_notebook(text)
    assert (str(info.value), info.value.line, info.value.column) == (message, *position)


def test_positions_in_the_file_count_json_escapes() -> None:
    text = notebook(code("x = 1\n", 'y = "tab\\there"; z = "éé"; add(x)\n', "\n"))
    text = text.replace("éé", "\\u00e9é")  # the first é written as a JSON escape
    row = next(n for n, line in enumerate(text.splitlines(), 1) if "add(x)" in line)
    line = text.splitlines()[row - 1]
    assert line == '    "y = \\"tab\\\\there\\"; z = \\"\\u00e9é\\"; add(x)\\n",'
    parsed = parse_notebook(text)
    assert parsed.lines[1] == 'y = "tab\\there"; z = "éé"; add(x)'
    positions = file_positions(text, parsed)
    assert positions(2, 1) == (row, line.index("y") + 1)
    column = parsed.lines[1].index("add") + 1
    assert positions(2, column) == (row, line.index("add") + 1)
    assert positions(2, column + 6) == (row, line.index("\\n") + 1)  # the end of the line
    assert positions(2, 99) == (row, line.index("\\n") + 1)  # past it: clamped
    assert positions(1, 1) == (row - 1, text.splitlines()[row - 2].index("x") + 1)
    assert positions(3, 1) == (row + 1, text.splitlines()[row].index('"') + 2)


# --- end to end ------------------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "nb.ipynb").write_text(CROSS_CELL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(root: Path, *paths: Path):
    settings = Settings(root=root, no_cache=True)
    return engine.check(discover(list(paths) or [root], settings, cwd=root), settings)


def test_a_template_mutated_across_cells_is_found(project: Path) -> None:
    result = check(project)
    assert render(result.diagnostics, "full", sources=result.sources) == f"""\
nb.ipynb:cell 4:5:9: AL001 {result.diagnostics[0].message}
  |
5 |         add_shm(TEMPLATE)
  |         ^^^^^^^^^^^^^^^^^
  |
  = note: nb.ipynb:cell 3:2:5: `TEMPLATE["containers"][*]["mounts"]` is mutated here (append)
  = note: nb.ipynb:cell 4:4:5: second use: the next iteration passes the same object again

Found 1 error.
"""
    # named on the command line too (it used to be parsed as Python: "All checks passed!")
    assert [d.code for d in check(project, project / "nb.ipynb").diagnostics] == ["AL001"]


def test_structured_formats_place_findings_in_the_ipynb_file(project: Path) -> None:
    result = check(project)
    lines = CROSS_CELL.splitlines()
    row = lines.index('    "        add_shm(TEMPLATE)"') + 1
    column = lines[row - 1].index("add_shm") + 1
    related_row = lines.index('    "    spec[\\"containers\\"][0][\\"mounts\\"].append(\\"/dev/shm\\")\\n"') + 1

    [finding] = json.loads(render(result.diagnostics, "json", sources=result.sources))
    assert (finding["cell"], finding["location"], finding["end_location"], finding["noqa_row"]) == (
        4, {"row": 5, "column": 9}, {"row": 5, "column": 26}, 5)
    assert [(r["cell"], r["location"]) for r in finding["related"]] == [
        (3, {"row": 2, "column": 5}), (4, {"row": 4, "column": 5})]

    github = render(result.diagnostics, "github", sources=result.sources)
    assert github.startswith(
        f"::error title=aliaslint (AL001),file=nb.ipynb,line={row},col={column},endLine={row},"
        f"endColumn={column + 17}::nb.ipynb:cell 4:5:9: AL001 ")

    sarif = json.loads(render(result.diagnostics, "sarif", sources=result.sources))
    jsonschema.validate(sarif, json.loads(SARIF_SCHEMA.read_text(encoding="utf-8")))
    sarif_result = sarif["runs"][0]["results"][0]
    assert sarif_result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": row, "startColumn": column, "endLine": row, "endColumn": column + 17,
        "properties": {"cell": 4, "cellLine": 5, "cellColumn": 9},
    }
    assert sarif_result["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == related_row

    gitlab = json.loads(render(result.diagnostics, "gitlab", sources=result.sources))
    assert gitlab[0]["location"] == {"path": "nb.ipynb", "lines": {"begin": row, "end": row}}
    assert render(result.diagnostics, "pylint", sources=result.sources).startswith(f"nb.ipynb:{row}: [AL001(")
    assert render(result.diagnostics, "concise", sources=result.sources).startswith("nb.ipynb:cell 4:5:9: AL001 ")
    junit = render(result.diagnostics, "junit", sources=result.sources)
    assert f'file="nb.ipynb" line="{row}"' in junit and 'message="nb.ipynb:cell 4:5:9: AL001' in junit


def test_noqa_in_a_cell(project: Path) -> None:
    assert [d.code for d in check(project).diagnostics] == ["AL001"]
    text = CROSS_CELL.replace('"        add_shm(TEMPLATE)"', '"        add_shm(TEMPLATE)  # noqa: AL001"')
    (project / "nb.ipynb").write_text(text, encoding="utf-8")
    assert check(project).diagnostics == []


def test_a_broken_notebook_is_al000_and_the_run_goes_on(project: Path) -> None:
    (project / "broken.ipynb").write_text('{"cells": [\n  {"cell_type": "code",, }\n]}', encoding="utf-8")
    (project / "latin.ipynb").write_bytes(b'{"cells": [], "nbformat": 4, "x": "\xe9"}')
    (project / "bad_cell.ipynb").write_text(notebook(code("x = 1\n"), code("def f(:\n", "    pass")), encoding="utf-8")
    result = check(project)
    assert [(d.code, d.location.path, d.location.line, d.location.column, d.message) for d in result.diagnostics] == [
        ("AL000", "bad_cell.ipynb", 3, 7, "cannot parse this file: invalid syntax"),
        ("AL000", "broken.ipynb", 2, 24, "cannot read this file: not a valid notebook: invalid JSON: Expecting "
                                         "property name enclosed in double quotes (line 2, column 24)"),
        ("AL000", "latin.ipynb", 1, 36, "cannot read this file: not valid UTF-8: byte 0xe9 at offset 35 "
                                        "(line 1, column 36)"),
        ("AL001", "nb.ipynb", 11, 9, result.diagnostics[3].message),
    ]
    shown = render(result.diagnostics[:1], "concise", sources=result.sources)
    assert shown.startswith("bad_cell.ipynb:cell 2:1:7: AL000 cannot parse this file: invalid syntax\n")


def test_the_command_line_checks_notebooks(project: Path) -> None:
    runner = cli_runner()
    result = runner.invoke(cli, ["check", "--no-cache", "--output-format", "concise", "."])
    assert result.exit_code == 1
    assert result.stdout.startswith("nb.ipynb:cell 4:5:9: AL001 ")


def test_add_noqa_leaves_notebooks_alone(project: Path) -> None:
    runner = cli_runner()
    result = runner.invoke(cli, ["check", "--no-cache", "--add-noqa", "."])
    assert result.exit_code == 0
    assert (project / "nb.ipynb").read_text(encoding="utf-8") == CROSS_CELL  # still the notebook
    assert "aliaslint: warning: no `# noqa` added at nb.ipynb:11: notebooks are not rewritten\n" in result.stderr


def test_fix_says_why_a_notebooks_findings_are_not_fixed(project: Path) -> None:
    # the trial: --fix on notebooks printed just "Found 2 errors.", with no word on the fixes
    (project / "grid.ipynb").write_text(notebook(code("grid = [[]] * 3\n", "grid[0].append(1)\n")), encoding="utf-8")
    before = (project / "grid.ipynb").read_bytes()
    result = cli_runner().invoke(cli, ["check", "--no-cache", "--fix", "--output-format", "concise", "grid.ipynb"])
    assert result.exit_code == 1
    assert result.stdout.endswith("\nFound 1 error.\n")  # ruff's wording when nothing was fixed
    assert result.stderr == (
        "aliaslint: warning: 1 finding in notebooks not fixed: --fix never rewrites a notebook\n")
    assert (project / "grid.ipynb").read_bytes() == before
