"""The project pass's shortcuts give exactly what the long way gives (issue 9: the cold run no slower
than parsing). Exact values only; their speed is measured by ``bench/``, never here.

- :func:`aliaslint.values.replace` makes the object ``dataclasses.replace`` makes;
- roots, sites and copy marks keep the hash their generated ``__hash__`` computes.
"""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from aliaslint.callgraph import Target
from aliaslint.effects import Effect
from aliaslint.summary import Mutation
from aliaslint.values import CopyMark, Fresh, Opaque, Ref, Root, Site, replace

SITE = Site("pkg.mod", 3, 4, 3, 9)
ROOT = Root("param", "spec", 1)
REF = Ref(ROOT, (".a", "[*]"), frozenset({0, -2}), CopyMark(SITE, 1, "dict()"), Site("pkg.mod", 5, 1))
FRESH = Fresh(SITE, frozenset({1}), "instance", frozenset({Ref(Root("global", "pkg.mod.C"))}),
              ((".x", frozenset({REF})), (".y", frozenset())), frozenset({REF}), 7, None, True, "copy", "dict")
OPAQUE = Opaque(frozenset({2}), frozenset({ROOT, Root("unknown")}), "list")


@pytest.mark.parametrize("obj, changes", [
    (ROOT, {"index": 2}),
    (SITE, {"line": 8, "end_column": 1}),
    (REF, {"path": ()}),
    (REF, {"loops": frozenset(), "copy": None, "realias": None}),
    (FRESH, {"fields": (), "copy_of": None}),
    (FRESH, {"loops": frozenset({3}), "kind": "copy", "shared_source": False}),
    (OPAQUE, {"deps": frozenset()}),
    (OPAQUE, {}),
    (Effect(ROOT, (".a",), "accumulate", "append", SITE), {"chain": (SITE,), "path_deps": frozenset({ROOT})}),
    (Target("pkg.mod.f", True, frozenset({REF})), {"constructor": "pkg.mod.C"}),
])
def test_replace_makes_what_dataclasses_replace_makes(obj, changes) -> None:
    got = replace(obj, **changes)
    expected = dataclasses.replace(obj, **changes)
    assert type(got) is type(expected)
    assert got == expected
    assert [getattr(got, f.name) for f in dataclasses.fields(got)] == \
        [getattr(expected, f.name) for f in dataclasses.fields(expected)]
    assert got is not obj


def test_replace_refuses_what_dataclasses_replace_refuses() -> None:
    with pytest.raises(TypeError):
        replace(REF, nope=1)
    with pytest.raises(TypeError):
        replace(object(), a=1)


def test_replace_runs_post_init_and_skips_no_init_fields_as_dataclasses_does() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int
        b: int = dataclasses.field(default=0, init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "b", self.a * 2)

    assert replace(Checked(1), a=4).b == 8
    with pytest.raises(ValueError):  # dataclasses.replace's own refusal of an init=False field
        replace(Checked(1), b=3)


def test_replace_keeps_mutation_fields() -> None:
    m = Mutation(frozenset({REF}), "accumulate", "+=?", SITE, (0,), value=frozenset({OPAQUE}))
    assert replace(m, op="+=") == dataclasses.replace(m, op="+=")


@pytest.mark.parametrize("obj", [ROOT, SITE, CopyMark(SITE, 2, "x[:]"), Root("global", "pkg.mod.NAME")])
def test_kept_hashes_are_the_generated_ones(obj) -> None:
    fields = tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
    assert hash(obj) == hash(fields)
    assert hash(obj) == hash(fields)  # the kept one, asked again
    twin = type(obj)(*fields)
    assert twin == obj and hash(twin) == hash(obj)
    # the kept hash is no field: copies, pickles and replaced objects compute their own
    for other in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
        assert other == obj and hash(other) == hash(fields)
    changed = replace(obj, **{dataclasses.fields(obj)[0].name: "other"})
    assert hash(changed) == hash(tuple(getattr(changed, f.name) for f in dataclasses.fields(changed)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(obj, dataclasses.fields(obj)[0].name, "x")
