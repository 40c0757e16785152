"""Model files: read safely and validated strictly (a wrong type is an error naming the entry)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from _hostile import needs_fifo, no_hang  # noqa: F401 (fixture)

from aliaslint import models


@pytest.fixture(autouse=True)
def builtin_models_only():
    yield
    models.load_user_models(())


def error_of(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "models.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(models.ModelError) as info:
        models.load_user_models([path])
    assert str(info.value).startswith(f"{path}: ")
    return str(info.value)[len(f"{path}: "):]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('kind = "copy"\nmethod = "yes"', "model 'a.b': method must be true or false, not 'yes'"),
        ('kind = "copy"\nname = 3', "model 'a.b': name must be a non-empty string, not 3"),
        ('kind = "copy"\ncontainer = "deque"',
         "model 'a.b': container must be one of \"dict\", \"list\", \"set\", \"tuple\", not 'deque'"),
        ('kind = "copy"\ncontainer = ["list"]',
         "model 'a.b': container must be one of \"dict\", \"list\", \"set\", \"tuple\", not ['list']"),
        ('kind = "copy"\nkeyword_fields = true',
         "model 'a.b': keyword_fields must be one of \"keys\", \"attributes\", not True"),
        ('kind = "copy"\ndeep_keyword = "not a name"',
         "model 'a.b': deep_keyword must be a keyword argument name, not 'not a name'"),
        ('kind = "copy"\nupdate_keyword = 3',
         "model 'a.b': update_keyword must be a keyword argument name, not 3"),
        ('kind = "opaque"\ncontainer = 1',
         "model 'a.b': container must be one of \"dict\", \"list\", \"set\", \"tuple\", not 1"),
        ('kind = "opaque"\ntext_arg = "0"',
         "model 'a.b': text_arg must be a parameter position (0, 1, ...), not '0'"),
        ('kind = "copy"\ntext_arg = 0', "model 'a.b': unknown key(s) text_arg for kind 'copy'"),
        ('kind = "mutator"\narg = "0"', "model 'a.b': arg must be a parameter position (0, 1, ...), not '0'"),
        ('kind = "mutator"\narg = -1', "model 'a.b': arg must be a parameter position (0, 1, ...), not -1"),
        ('kind = "mutator"\narg = true', "model 'a.b': arg must be a parameter position (0, 1, ...), not True"),
        ('kind = "mutator"\neffect = ["remove"]',
         "model 'a.b': effect must be one of \"accumulate\", \"overwrite\", \"remove\", not ['remove']"),
        ('kind = "mutator"\nname = ""', "model 'a.b': name must be a non-empty string, not ''"),
        # a new user's trial: a mutator without an effect was taken for an overwrite, silently
        ('kind = "mutator"\narg = 1',
         "model 'a.b': kind 'mutator' needs effect = one of \"accumulate\", \"overwrite\", \"remove\""),
    ],
)
def test_value_types_are_checked(tmp_path: Path, entry: str, message: str) -> None:
    assert error_of(tmp_path, f'["a.b"]\n{entry}\n') == message


@pytest.mark.parametrize("name", ["a..b", "a.b-c", "*", "a*b", "", ".", "a b"])
def test_model_names_are_checked(tmp_path: Path, name: str) -> None:
    assert error_of(tmp_path, f'["{name}"]\nkind = "fresh"\n') == (
        f"model {name!r}: the name must be a dotted name (`mycorp.k8s.clone_spec`), a method "
        "(`.model_copy`) or a prefix ending in '*' (`kubernetes.client.V1*`)"
    )


def test_valid_entries_load(tmp_path: Path) -> None:
    path = tmp_path / "models.toml"
    path.write_text(
        '["mycorp.k8s.clone_spec"]\nkind = "deepcopy"\n'
        '[".snapshot"]\nkind = "copy"\nmethod = true\ncontainer = "dict"\nkeyword_fields = "attributes"\n'
        '["mycorp.api.*"]\nkind = "fresh"\n'
        '["mycorp.Model*"]\nkind = "fresh"\n'
        '["mycorp.k8s.attach"]\nkind = "mutator"\narg = 1\neffect = "accumulate"\nname = "attach()"\n',
        encoding="utf-8",
    )
    models.load_user_models([path])
    assert models.lookup("mycorp.k8s.attach") == {"kind": "mutator", "arg": 1, "effect": "accumulate", "name": "attach()"}
    assert models.lookup("mycorp.api.V1Thing") == {"kind": "fresh"}
    assert models.lookup("mycorp.ModelX") == {"kind": "fresh"}


def test_a_models_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    assert error_of(tmp_path, b'["a.b"]\nkind = "copy" # \xff\n') == (
        "models file is not valid UTF-8 (byte 0xff at offset 24)"
    )


@needs_fifo
def test_a_fifo_models_file_is_an_error_not_a_hang(tmp_path: Path, no_hang: None) -> None:
    os.mkfifo(tmp_path / "fifo.toml")
    with pytest.raises(models.ModelError) as info:
        models.load_user_models([tmp_path / "fifo.toml"])
    assert str(info.value) == f"{tmp_path / 'fifo.toml'}: cannot read models file: not a regular file: it is a FIFO (named pipe)"
