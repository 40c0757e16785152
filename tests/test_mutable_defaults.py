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


# cerberus 1.3.8's ``UnvalidatedSchema(schema={})`` keeps its default: a constructor that keeps a
# mutable default, changed by another method, gives every instance built without it one object
SCHEMA = """
    class Schema:
        def __init__(self, rules={init_default}):
            self.rules = {kept}

        def add(self, name, rule):
            self.rules[name] = rule


    def build():
        first = Schema()
        first.add("a", {{"type": "string"}})
        second = Schema()
        return first, second
"""


def test_a_kept_default_changed_by_a_method_names_the_second_instance(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": SCHEMA.format(init_default="{}", kept="rules")})
    assert shown(found) == [("AL009", 3, "HIGH")]
    assert found[0].message == (
        "`Schema.add` writes an item of `self.rules`, but `__init__` keeps its default `rules={}` there, which is "
        "made once, when `__init__` is defined: every Schema built without `rules` shares that one object and "
        "sees what the others put in it; default to `None` and make a new one in `__init__`")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (4, "kept here"),
        (7, "`self.rules` is changed here ([] =)"),
        (13, "second use: another Schema built without `rules` is made here, and shares the default with the one "
             "before")]
    # one cause, one finding: AL006's preview finding on the same kept object is not shown too
    assert shown(run(tmp_path / "preview", {"m.py": SCHEMA.format(init_default="{}", kept="rules")},
                     preview=True)) == [("AL009", 3, "HIGH")]


@pytest.mark.parametrize("init_default, kept", [("None", "rules or {}"), ("{}", "dict(rules)")])
def test_a_constructor_that_makes_its_own_object_is_silent(tmp_path: Path, init_default: str, kept: str) -> None:
    found = run(tmp_path, {"m.py": SCHEMA.format(init_default=init_default, kept=kept)}, preview=True)
    assert [d.code for d in found if d.code == "AL009"] == []


# mkdocs 1.6's config options: the base's ``validate`` calls ``self.run_validation``, which one
# subclass (``LangOption``) overrides to append to ``self.default``; another subclass keeping a
# ``default=[]`` of its own never runs that override
OPTIONS = """
    class Option:
        def __init__(self, default=None):
            self.default = default

        def validate(self, value):
            return self.run_validation(value)

        def run_validation(self, value):
            return value


    class Extensions(Option):
        def __init__(self, default=[]):
            super().__init__(default=default)


    class Lang(Option):
        def __init__(self, default=None):
            super().__init__(default=default)

        def run_validation(self, value):
            self.default.append(value)
            return value
"""


def test_an_override_of_another_subclass_does_not_change_this_classs_default(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": OPTIONS}, preview=True)
    assert [d.code for d in found if d.code == "AL009"] == []
    # the twin: the override in the class that keeps the default
    own = OPTIONS.replace("class Lang(Option):\n        def __init__(self, default=None):",
                          "class Lang(Option):\n        def __init__(self, default=[]):")
    assert [(d.code, d.location.line) for d in run(tmp_path / "own", {"m.py": own}) if d.code == "AL009"] == [
        ("AL009", 19)]
