"""astroid as the last resort for a receiver's class (aliaslint.inference)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine, inference
from aliaslint.config import Settings
from aliaslint.files import discover

# ``BUILDERS["default"]`` is a subscript of a module-level dict: the alias model does not type
# it, astroid does (a dict literal with a constant key)
CODE = """
    class PodBuilder:
        def add_mount(self, spec):
            spec["volumeMounts"].append({"mountPath": "/dev/shm"})
            return spec


    BUILDERS = {"default": PodBuilder()}


    def reconcile(template, n):
        builder = BUILDERS["default"]
        for i in range(n):
            label = "é"; builder.add_mount(template["spec"])
"""


def check(tmp_path: Path) -> list:
    pkg = tmp_path / "pkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "core.py").write_text(textwrap.dedent(CODE), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    return engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics


def test_astroid_types_the_receiver(tmp_path: Path) -> None:
    found = check(tmp_path)
    assert [(d.code, d.location.path, d.location.line, d.location.column) for d in found] == [
        ("AL001", "pkg/core.py", 14, 22)
    ]
    assert "PodBuilder.add_mount appends to `template[\"spec\"][\"volumeMounts\"]`" in found[0].message


def test_without_astroid_the_call_stays_unresolved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inference, "receiver_classes", lambda *args: None)
    assert check(tmp_path) == []


def test_character_columns_become_byte_offsets() -> None:
    # LibCST counts characters from 1, astroid counts UTF-8 bytes from 0
    assert inference._char_to_byte_column('    label = "é"; builder.add_mount(x)', 22) == 22


def test_unknown_file_is_unknown(tmp_path: Path) -> None:
    inference.reset()
    assert inference.receiver_classes(str(tmp_path / "missing.py"), "missing", 1, 1) is None
