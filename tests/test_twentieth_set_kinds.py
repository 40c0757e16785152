"""False positives of issue 8's blind twentieth set (apache-libcloud 3.9.1, dvc 3.67.1,
datamodel-code-generator 0.97.0, conan 2.34.0) kept as tests: each kind the triage found wrong,
with twins that show where the kind stops.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# datamodel-code-generator 0.97.0's inherited-schema walk: ``active |= {node}`` on a parameter
# annotated ``frozenset[...]`` binds the name to a new set; the caller's is unchanged
FROZEN = """
    def resolve(parent, active: {annotation}):
        while parent.ref:
            if parent.ref in active:
                break
            active |= {{parent.ref}}
            parent = parent.base
        return len(active)


    def walk(branches, active):
        out = []
        for b in branches:
            out.append(resolve(b, active))
        return out
"""


@pytest.mark.parametrize("annotation", ["frozenset[str]", "typing.FrozenSet[str]", "AbstractSet[str] | None",
                                        "tuple[str, ...]"])
def test_or_assigning_to_an_immutable_parameter_rebinds_it(tmp_path: Path, annotation: str) -> None:
    assert run(tmp_path, {"m.py": FROZEN.format(annotation=annotation)}, preview=True) == []


@pytest.mark.parametrize("annotation", ["set[str]", "typing.Set[str]", "MutableSet[str]"])
def test_or_assigning_to_a_mutable_set_parameter_changes_it(tmp_path: Path, annotation: str) -> None:
    found = run(tmp_path, {"m.py": FROZEN.format(annotation=annotation)}, preview=True)
    assert shown(found) == [("AL007", 6, "MEDIUM")]
    assert found[0].message.startswith("`resolve` extends `active`, the caller's `active`")


# datamodel-code-generator 0.97.0: ``copied = schema.model_copy(); copied.__dict__[KEY] = chain``
# (six A's): a shallow copy's ``__dict__`` is its own, so the write sets an attribute of the copy
OWN_DICT = """
    import copy

    KEY = "_read_through"


    class Schema:
        def __init__(self):
            self.extras = {{}}


    def read_within(schema, chain):
        copied = copy.copy(schema)
        {write}
        return copied


    def use(schema, chains):
        return [read_within(schema, c) for c in chains]
"""


@pytest.mark.parametrize("write", ["copied.__dict__[KEY] = chain", "copied.__dict__.update(k=chain)",
                                   "copied.__dict__.pop(KEY, None)"])
def test_a_shallow_copys_own_attributes_are_its_own(tmp_path: Path, write: str) -> None:
    assert run(tmp_path, {"m.py": OWN_DICT.format(write=write)}, preview=True) == []


def test_what_a_shallow_copys_attribute_holds_is_the_originals(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": OWN_DICT.format(write='copied.__dict__["extras"]["k"] = chain')}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL002", 13)]
    assert found[0].message.startswith("`copy.copy(schema)` copies only the top level, so the code that writes "
                                       'an item of `schema["extras"]` also changes the original')


# datamodel-code-generator 0.97.0's ``_header_names``: ``names.setdefault(k, (header.name,
# []))[1].append(...)`` appends to the list the tuple built here holds, not to the header
PLACES = """
    def header_names(spec):
        names = {{}}
        for response in spec.responses:
            for header in response.headers:
                names.setdefault(header.name.lower(), (header, []))[{place}].append(response)
        return names


    def render_all(spec):
        return [header_names(spec) for _ in range(3)]
"""


def test_a_tuple_built_here_gives_what_it_holds_at_a_place(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": PLACES.format(place=1)}, preview=True) == []


def test_a_tuples_other_place_holds_the_callers_object(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": PLACES.format(place=1).replace("(header, [])", "([], header.aliases)")},
                preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL001", 11)]
    assert "appends to `spec.responses[*].headers[*].aliases`" in found[0].message


# datamodel-code-generator 0.97.0's string merger (black's): one new leaf per group, stored in a
# dict in one loop, read back in another by a key that moves with that loop: another leaf each
# round, not one made before the loop
MERGED = """
    class Leaf:
        def __init__(self, value):
            self.value = value
            self.prefix = ""


    def merge(leaves, out):
        merged = {{}}
        shared = Leaf(None)
        index = 0
        while index < len(leaves):
            end = index + 1
            merged[index] = (end - index, {made})
            index = max(end, index + 1)
        index = 0
        while index < len(leaves):
            if index in merged:
                count, leaf = merged[index]
                leaf.prefix = leaves[index]
                out.append(leaf)
                index += count
                continue
            index += 1
        return out
"""


def test_what_one_loop_made_per_round_is_another_object_per_key_in_the_next(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": MERGED.format(made="Leaf(leaves[index:end])")}, preview=True) == []


def test_one_object_stored_under_every_key_is_still_one_object(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": MERGED.format(made="shared")}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL004", 21)]
    assert found[0].message.startswith("`leaf` is made once, outside the loop that stores it, then changed and "
                                       "stored on every iteration of that loop")


# datamodel-code-generator 0.97.0's AsyncAPI parser: two converters, in two ``case`` arms, each
# return a new schema that one helper builds; the analysis names both by the helper's one place,
# but two calls make two objects, so the first arm's keeping its schema shares nothing with the
# second's (an A of the twentieth set). A cached helper returns one object to every call.
CONVERTERS = """
    import copy
    import functools

    BASE = {{"definitions": {{}}}}


    {decorator}
    def build_defs():
        return copy.deepcopy(BASE)


    def convert_a(raw):
        if raw:
            return {{"a": raw}}
        return build_defs()


    def convert_b(raw):
        if raw:
            return {{"b": raw}}
        return build_defs()


    class Parser:
        def __init__(self):
            self.documents = []

        def keep(self, schema):
            self.documents.append(schema)
            return schema

        def mount(self, name, schema):
            schema.pop("definitions", None)
            return {{name: schema}}

        def parse(self, fmt, name, raw):
            match fmt:
                case "a":
                    converted = self.keep(convert_a(raw))
                    return [converted]
                case "b":
                    return self.mount(name, convert_b(raw))
            return []
"""


def test_objects_two_calls_return_are_two_objects(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": CONVERTERS.format(decorator="")}, preview=True) == []


def test_a_cached_helper_returns_one_object_to_every_call(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": CONVERTERS.format(decorator="@functools.cache")}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL003", 43)]
    assert found[0].message.startswith("`Parser.parse` pops from `build_defs()` (through Parser.mount), the object "
                                       "the cached `build_defs()` returns to every caller")


# dynaconf 3.3.5 ``Validators.descriptions``: a key that moves with the inner loop reads another
# list each round, but a validator's own ``description`` (handed in, varying with the outer loop)
# is not made per round here: the per-round reading above leaves it as it was
DESCRIPTIONS = """
    from collections import defaultdict


    class Validators(list):
        def descriptions(self, flat=False):
            if flat:
                descriptions = {}
            else:
                descriptions = defaultdict(list)
            for validator in self:
                for name in validator.names:
                    if flat:
                        descriptions.setdefault(name, validator.description)
                    else:
                        descriptions[name].append(validator.description)
            return descriptions
"""


def test_what_was_handed_in_is_not_made_per_round(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": DESCRIPTIONS}, preview=True) == []


# conan 2.34.0's ``_CMakePresets.generate``: the caller hands ``cache_variables`` to a call in the
# ``if`` arm and to another in the ``else`` arm; one pass runs one of them, so neither sees what
# the other changed (an A of the twentieth set). The same call after the ``if`` does.
PRESETS = """
    import json
    import os


    class Presets:
        @staticmethod
        def generate(path, cache_variables):
            cache_variables = cache_variables or {{}}
            if os.path.exists(path):
                with open(path) as f:
                    data = json.load(f)
                data["configurePresets"] = [Presets._configure_preset(cache_variables)]
            else:
                data = Presets._contents(cache_variables)
            {after}
            return json.dumps(data)

        @staticmethod
        def _contents(cache_variables):
            return {{"configurePresets": [Presets._configure_preset(cache_variables)]}}

        @staticmethod
        def _configure_preset(cache_variables):
            cache_variables["CMAKE_BUILD_TYPE"] = os.environ.get("BUILD_TYPE", "Release")
            return {{"cacheVariables": cache_variables}}
"""


def test_calls_in_two_arms_of_an_if_do_not_share_a_pass(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": PRESETS.format(after="pass")}, preview=True) == []


def test_a_call_after_the_if_sees_the_change(tmp_path: Path) -> None:
    after = 'data["extra"] = Presets._configure_preset(cache_variables)'
    found = run(tmp_path, {"m.py": PRESETS.format(after=after)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL007", 21)]
    assert [(r.location.line, r.message) for r in found[0].related][-1] == (
        16, "second use: the call of `Presets._configure_preset` here gets the same object after "
            "`Presets._contents` changed it")


# conan 2.34.0's ``BinaryCompatibility.compatibles``: ``conanfile.info = c`` right before
# ``run_validate_package_id(conanfile)``, one new clone per round: the callee's changes of
# ``conanfile.info`` change the clone (an A of the twentieth set). Set only on some paths, or
# not at all, the field is still the caller's.
COMPATIBLES = """
    class Info:
        def __init__(self):
            self.settings = {{}}
            self.flags = []

        def clone(self):
            out = Info()
            out.settings = dict(self.settings)
            out.flags = list(self.flags)
            return out


    def validate(conanfile):
        conanfile.info.flags.append("validated")


    def compatibles(conanfile, candidates):
        original = conanfile.info
        result = []
        for c in candidates:
            {put}
            validate(conanfile)
            result.append(c)
        conanfile.info = original
        return result


    def check(conanfile, infos):
        for _ in range(2):
            compatibles(conanfile, [i.clone() for i in infos])
        return conanfile
"""


def test_a_field_set_before_the_call_is_what_the_callee_changes(tmp_path: Path) -> None:
    assert run(tmp_path, {"m.py": COMPATIBLES.format(put="conanfile.info = c")}, preview=True) == []


@pytest.mark.parametrize("put", ["conanfile.info = c if c.settings else conanfile.info", "pass"])
def test_a_field_not_surely_set_before_the_call_is_the_callers(tmp_path: Path, put: str) -> None:
    found = run(tmp_path, {"m.py": COMPATIBLES.format(put=put)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL001", 23), ("AL001", 31)]
    assert "validate appends to `conanfile.info.flags`" in found[0].message


# dvc 3.67.1's stage loading: ``_get`` pops from each element of the list ``loadd_from`` walks,
# a part of ``load_stage``'s ``d``, which every caller makes anew (``deepcopy(self.stage_data)``):
# the elements come from no user (an A of the twentieth set). Handed the loader's own data, they do.
STAGES = """
    import copy


    def _get(stage, info):
        params = info.pop("params", None)
        return (stage, params)


    def loadd_from(stage, d_list):
        ret = []
        for d in d_list:
            ret.append(_get(stage, d))
        return ret


    def load_stage(stage, d):
        stage.deps = loadd_from(stage, d.get("deps") or [])
        stage.outs = d.get("outs")
        return stage


    class Loader:
        def __init__(self, stage, data):
            self.stage = stage
            self.stage_data = data

        def __getitem__(self, item):
            return load_stage(self.stage, {passed})
"""


def test_elements_of_an_argument_every_caller_makes_anew_are_no_users(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": STAGES.format(passed="copy.deepcopy(self.stage_data)")}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL006", 18)]


def test_elements_of_the_loaders_own_data_are_its_users(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": STAGES.format(passed="self.stage_data")}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL006", 6), ("AL006", 18)]
    assert found[0].message.startswith("`Loader.__getitem__` pops from `self.stage_data[\"deps\"][*]` through "
                                       "load_stage -> loadd_from -> _get")


# omegaconf 2.4.0's ``OmegaConf.merge`` (an A of issue 8's twenty-first unseen set):
# ``target._merge_with(*configs[1:])`` hands the caller's configs on one by one; the slice is no
# copy meant to leave them as they were, so AL002 keeps it in preview, with no deep-copy fix; so is
# any slice that picks some of them (``list(configs[1:])``: the thirtieth set's
# ``SELECTION_COPY``). A copy of them all bound first and then unpacked is a copy the code keeps.
UNPACKED = """
    import copy


    def merge_with(target, *others):
        for other in others:
            other["meta"]["merged"] = True
            target.update(other)


    def merge(*configs):
        target = copy.deepcopy(configs[0])
        {call}
        return target
"""


@pytest.mark.parametrize("call, tier", [("merge_with(target, *configs[1:])", "MEDIUM"),
                                        ("rest = list(configs[1:]); merge_with(target, *rest)", "MEDIUM"),
                                        ("rest = list(configs); merge_with(target, *rest)", "HIGH")])
def test_a_slice_unpacked_into_a_call_hands_the_elements_on(tmp_path: Path, call: str, tier: str) -> None:
    found = run(tmp_path, {"m.py": UNPACKED.format(call=call)}, preview=True)
    assert shown(found) == [("AL002", 13, tier)]
    assert (found[0].fix is None) == (tier == "MEDIUM")


# datamodel-code-generator 0.97.0's ``copy_with``: ``self.model_copy(update={"data_type": copied,
# ...})`` gives the copy its own ``data_type``, so setting ``is_optional`` on it changes the new
# one (an A of the twentieth set); a copy whose update names other fields shares the original's.
MODEL_COPY = """
    class DataType:
        def __init__(self):
            self.is_optional = False


    def copy_type(data_type):
        return DataType()


    class Field:
        def __init__(self, data_type):
            self.data_type = data_type

        def copy_with(self):
            copied = self.model_copy({update})
            return copied


    def nullable(field):
        copied = field.copy_with()
        copied.data_type.is_optional = True
        return copied
"""


def test_the_fields_a_model_copys_update_names_are_its_own(tmp_path: Path) -> None:
    update = 'update={"data_type": copy_type(self.data_type)}'
    assert run(tmp_path, {"m.py": MODEL_COPY.format(update=update)}, preview=True) == []


def test_the_fields_a_model_copys_update_leaves_out_are_the_originals(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": MODEL_COPY.format(update='update={"name": "x"}')}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL002", 16)]
    assert "sets `is_optional` on `field.data_type` also changes the original" in found[0].message


# datamodel-code-generator 0.97.0's ``_copied_node``: ``copied = data_type.model_copy()``, then
# ``if (kwargs := data_type.kwargs) is not None: copied.kwargs = deepcopy(kwargs)``; where the
# body is skipped, the copy shares only ``None``, which nothing can change
NONE_GUARDED = """
    import copy


    class Node:
        def __init__(self):
            self.kwargs = None
            self.children = []


    def copied_node(node, deep=True):
        copied = copy.copy(node)
        copied.children = []
        {test}
            copied.kwargs = copy.deepcopy(node.kwargs)
        return copied


    def merge(new, current):
        if current.kwargs is None:
            return
        if new.kwargs is None:
            new.kwargs = dict(current.kwargs)
            return
        for name, value in current.kwargs.items():
            new.kwargs[name] = value


    def use(nodes, current):
        out = []
        for n in nodes:
            c = copied_node(n)
            merge(c, current)
            out.append(c)
        return out
"""


@pytest.mark.parametrize("test", ["if (kwargs := node.kwargs) is not None:", "if node.kwargs is not None:",
                                  "if copied.kwargs is not None:"])
def test_a_field_replaced_whenever_it_is_not_none_is_the_copys_own(tmp_path: Path, test: str) -> None:
    assert run(tmp_path, {"m.py": NONE_GUARDED.format(test=test)}, preview=True) == []


@pytest.mark.parametrize("test", ["if node.kwargs:", "if node.kwargs is not None and deep:",
                                  "if node.children is not None:"])
def test_a_field_replaced_on_a_path_that_may_skip_a_set_value_stays_shared(tmp_path: Path, test: str) -> None:
    found = run(tmp_path, {"m.py": NONE_GUARDED.format(test=test)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL002", 12)]
    assert found[0].message.startswith("`copy.copy(node)` copies only the top level, so the code that writes an item "
                                       "of `nodes[*].kwargs` also changes the original")
