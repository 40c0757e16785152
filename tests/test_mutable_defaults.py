"""AL009: a function that changes its own mutable default (cerberus 1.3.8's ``validator_factory``,
a miss of issue 8's blind seventeenth set), with the twins where a default is not shared state."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

FACTORY = """
    def validator_factory(name, bases=(), namespace={}):
        docstrings = [x.__doc__ for x in bases if x.__doc__]
        if docstrings:
            namespace.update({"__doc__": "\\n".join(docstrings)})
        return type(name, bases, namespace)


    def make():
        a = validator_factory("A", (Base,))
        b = validator_factory("B", (Other,))
        return a, b
"""


def test_a_changed_default_names_the_second_call_that_leaves_it_out(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/utils.py": FACTORY})
    assert shown(found) == [("AL009", 2, "HIGH")]
    d = found[0]
    assert (d.location.column, d.location.path) == (49, "pkg/utils.py")
    assert d.message == (
        "`validator_factory` updates `namespace`, but `namespace={}` is made once, when the function is defined: "
        "every call that leaves out `namespace` gets the object earlier calls changed; default to `None` and make "
        "a new one in the body")
    assert [(r.location.line, r.message) for r in d.related] == [
        (5, "`namespace` is changed here (update)"),
        (11, "second use: this call leaves out `namespace`, so it gets the default that the call before changed")]


def test_with_no_call_in_the_tree_a_public_functions_default_is_its_own_second_use(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": "def collect(x, acc=[]):\n    acc.append(x)\n    return acc\n"})
    assert shown(found) == [("AL009", 1, "HIGH")]
    assert found[0].related[-1].message == (
        "second use: every later call that leaves out `acc` gets this same object, already changed")


@pytest.mark.parametrize("src", [
    # an empty default has nothing a test of itself finds (lithops 3.x's ``extra_get_args={}``)
    "def get(key, extra={}):\n    if 'Range' in extra:\n        r = extra.pop('Range')\n"
    "        extra['byte_range'] = r\n    return fetch(key, **extra)\n",
    # replaced by a new object of its own when empty
    "def collect(x, acc=[]):\n    acc = acc or []\n    acc.append(x)\n    return acc\n",
    # copied first
    "def collect(x, acc=[]):\n    acc = list(acc)\n    acc.append(x)\n    return acc\n",
    # only read
    "def options(x, opts={'a': 1}):\n    return dict(opts, x=x)\n",
])
def test_a_default_that_is_not_changed_is_silent(tmp_path: Path, src: str) -> None:
    assert [d for d in run(tmp_path, {"m.py": src}, preview=True) if d.code == "AL009"] == []


@pytest.mark.parametrize("src", [
    # a memo the default keeps on purpose: keyed by the other inputs
    "def fib(n, memo={}):\n    if n not in memo:\n        memo[n] = n if n < 2 else fib(n - 1) + fib(n - 2)\n    return memo[n]\n",
    # a parameter not meant to be passed
    "def collect(x, _seen=[]):\n    _seen.append(x)\n    return len(_seen)\n",
    # a private helper every caller gives the argument
    "def _collect(x, acc=[]):\n    acc.append(x)\n    return acc\n\ndef main():\n    return _collect(1, [])\n",
])
def test_intended_or_unreached_defaults_are_preview(tmp_path: Path, src: str) -> None:
    assert [d for d in run(tmp_path, {"m.py": src}) if d.code == "AL009"] == []
    assert [(d.code, d.confidence.name) for d in run(tmp_path / "preview", {"m.py": src}, preview=True)
            if d.code == "AL009"] == [("AL009", "MEDIUM")]
