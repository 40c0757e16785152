"""The summary codec (aliaslint.codec) after its speed-up: the same text, the same values back,
and every field test as strict as the plain ``isinstance`` tests it replaced (issue 9, cache format)."""
from __future__ import annotations

import json
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from aliaslint import codec
from aliaslint.analyzer import analyze_module
from aliaslint.diagnostics import Applicability, Confidence
from aliaslint.rules import all_rules
from aliaslint.values import Fresh, Opaque, Ref, Root, Site

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _reference_check(hint: Any, v: Any) -> bool:
    """The field test as the codec wrote it before (``isinstance`` per element): the spec the
    faster tests must agree with on every decodable value."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is type(None):
        return v is None
    if origin in (typing.Union, types.UnionType):
        return any(_reference_check(a, v) for a in args)
    if hint is bool:
        return type(v) is bool
    if hint is int:
        return type(v) is int
    if hint is frozenset:
        return type(v) is frozenset and all(isinstance(o, (Ref, Fresh, Opaque)) for o in v)
    if hint is dict:
        return type(v) is dict and all(type(k) is str for k in v)
    if isinstance(hint, type) and origin is None:
        return isinstance(v, hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return type(v) is tuple and all(_reference_check(args[0], x) for x in v)
        return type(v) is tuple and len(v) == len(args) and all(_reference_check(a, x) for a, x in zip(args, v))
    if origin in (list, set, frozenset):
        return type(v) is origin and all(_reference_check(args[0], x) for x in v)
    if origin is dict:
        return type(v) is dict and all(_reference_check(args[0], k) and _reference_check(args[1], x) for k, x in v.items())
    raise AssertionError(hint)


SITE = Site("m", 1, 2, 1, 5)
ROOT = Root("param", "", 0)
#: one decoded value of every kind the decoder can build, hashable ones first
SCALARS = [None, True, False, 0, 7, -1, 1.5, "", "x", Confidence.HIGH, Applicability.SAFE, SITE, ROOT,
           Ref(ROOT), Opaque(), Fresh(SITE), frozenset(), frozenset({Opaque()}), frozenset({"x"}),
           (), ("a",), (1, 2), ("k", frozenset({Ref(ROOT)})), (SITE,), (True,)]
HASHABLE = st.sampled_from(SCALARS)
VALUES = st.recursive(
    HASHABLE,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(tuple),
        st.lists(inner, max_size=3),
        st.frozensets(HASHABLE, max_size=3),
        st.sets(HASHABLE, max_size=3),
        st.dictionaries(HASHABLE, inner, max_size=3),
    ),
    max_leaves=8,
)
FIELDS = [(cls, name, hint) for cls in codec.TYPES.values()
          for name, hint in typing.get_type_hints(cls).items() if name in codec._FIELDS[cls]]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(FIELDS), VALUES)
def test_every_field_test_agrees_with_the_isinstance_tests(field, value):
    cls, name, hint = field
    check = codec._CHECKS[cls][codec._FIELDS[cls].index(name)]
    assert check(value) == _reference_check(hint, value), (cls.__name__, name, value)


@pytest.mark.parametrize("field", FIELDS, ids=lambda f: f"{f[0].__name__}.{f[1]}")
def test_the_fast_type_test_of_each_field_agrees_too(field):
    """The decoder's own path: the field's possible types, then the tests of its contents."""
    cls, name, hint = field
    index = codec._FIELDS[cls].index(name)
    kinds = codec._FIELD_KINDS[cls][index]
    contents = dict(codec._CONTENT_CHECKS[cls]).get(index)
    for value in SCALARS + [[], [SITE], {"k": 1}, {1: 2}, {SITE: SITE}, {"a"}, (("k", frozenset()),)]:
        fast = type(value) in kinds and (contents is None or contents(value))
        assert fast == _reference_check(hint, value), (cls.__name__, name, value)


def _fixture_summaries():
    rules = list(all_rules())
    for path in sorted(FIXTURES.rglob("*.py"))[:60]:
        source = path.read_text(encoding="utf-8")
        yield analyze_module(source, path.stem, path.name, str(path), rules)


def test_real_summaries_round_trip_to_equal_values():
    count = 0
    for summary in _fixture_summaries():
        back = codec.loads(codec.dumps(summary))
        assert back == summary
        count += 1
    assert count == 60


@pytest.mark.parametrize("text, message", [
    ('["Site","m","1",2,1,5]', "Site.line has a value of the wrong type"),
    ('["Site","m",true,2,1,5]', "Site.line has a value of the wrong type"),
    ('["Ref",["Root","param","",0],["t",".a",3],["f"],null,null]', "Ref.path has a value of the wrong type"),
    ('["Ref",["Root","param","",0],["t"],["f","x"],null,null]', "Ref.loops has a value of the wrong type"),
    ('["Opaque",["f"],["f",["Site","m",1,2,1,5]],null]', "Opaque.deps has a value of the wrong type"),
    ('["Store",["f",["Opaque",["f"],["f"],null]],["Site","m",1,2,1,5],["t",true],"append",null]',
     "Store.loops has a value of the wrong type"),
    ('["Store",["f",["Site","m",1,2,1,5]],["Site","m",1,2,1,5],["t"],"append",null]',
     "Store.value has a value of the wrong type"),
    ('["Store",["f"],["Site","m",1,2,1,5],["t"],"[] =",["t","0"]]', "Store.slot_loops has a value of the wrong type"),
    ('["Site","m",1,2]', "Site takes 5 fields, got 3"),
    ('["os.system",["l",["^",99]]]', "unknown tag 'os.system'"),
    ('["t",{"a":1}]', "a JSON object is not part of the format"),
    ('["^",0]', "a reference to a value not decoded yet"),
    ('["d","a"]', "a dict with an odd number of items"),
    ('["eConfidence",1,2]', "enum Confidence takes one value"),
    ('[1]', "an array without a tag"),
    ('["f",["l"]]', "malformed value: unhashable type: 'list'"),
    ('["eConfidence",99]', "malformed value"),
])
def test_hostile_texts_are_refused_with_the_reason(text, message):
    with pytest.raises(codec.DecodeError, match=message.replace("(", r"\(").replace("[", r"\[")):
        codec.loads(text)


def test_nesting_past_the_limit_is_refused_not_a_crash():
    deep = '["t",' * (codec.MAX_DEPTH + 5) + "1" + "]" * (codec.MAX_DEPTH + 5)
    with pytest.raises(codec.DecodeError, match="nested too deeply"):
        codec.loads(deep)
    shallow = '["t",' * 50 + "1" + "]" * 50
    value = codec.loads(shallow)
    for _ in range(49):
        value = value[0]
    assert value == (1,)


def test_a_str_field_takes_the_str_enum_as_before_and_an_int_field_refuses_the_int_enum():
    assert json.loads(codec.dumps(SITE)) == ["Site", "m", 1, 2, 1, 5]
    assert codec.loads('["Site",["eApplicability","safe"],1,2,1,5]').module is Applicability.SAFE
    with pytest.raises(codec.DecodeError, match="Site.line"):
        codec.loads('["Site","m",["eConfidence",2],2,1,5]')
