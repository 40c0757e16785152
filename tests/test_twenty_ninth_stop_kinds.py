"""Kinds of issue 8's twenty-ninth stop, kept as tests with their twins.

- Phase 1: a field an ``if`` arm replaces holds the new value alone inside that arm (``if obj:
  c.errors = {}`` then ``c.errors[k] = v`` writes the new dict, not the original's); past the
  arm what it held before is possible again, unless both arms of an ``if``/``else`` replaced it
  (ply 3.11's ``Lexer.clone``, vendored by aerleon 1.18.0: an A of blind set 71).
- Phase 1: a callee handed a part of a parameter (``self.env``) may change what is below that
  part, not the parameter's other fields: ``self.data``, rebound to a deep copy before the call,
  stays the copy (ploomber 0.23.3's ``DAGSpec._init``: an A of blind set 71). Handed the whole
  parameter (``self``), it may rebind any of its fields.
- Phase 1: a search loop that sets a flag on a match before it breaks (``for s in
  m["custom"]: if s["name"] == name: found = True; break``) leaves the container without a
  match under ``if not found:``: an append there adds only what is missing, as after the
  ``return`` and ``for``/``else`` spellings (awsebcli 3.27.5's ``add_unique_manifest_section``: a
  B of blind set 71 whose message said the second iteration got a second section). A search
  also looks through a constant item (``m["deployments"]["custom"]``), not only a name.
- Harm: a call in another arm of an ``if`` inside a loop sees no change made to an object the
  loop makes anew on each round (``args = x[1:]``, then ``undef(args)`` in one arm and
  ``evalexpr(args)`` in another): the next round's arm gets another object (ply 3.11's
  preprocessor, vendored by aerleon 1.18.0: an A of blind set 71).
- Phase 1: ``if mp in mount_points: raise ...`` leaves, past it, the element missing: an
  append of it after that adds only what is missing (diskimage-builder 3.43.0's ``Mount``: a B
  of blind set 71). What is tested and what is added are related by whole dotted places
  (``self.mount_point``), not by a name both read (``self``); and the container tested is the
  one added to, or a local projection of it (``[mp for mp, name in sorted_mount_points]``).
- Call resolution: ``self.<table>`` read in a base class's method is also each subclass's own
  class attribute of that name (``converters = [OpenVpn, ...]``), and a loop over a table calls
  every entry (up to ``MAX_OVERRIDES``), where a lookup by a key the caller does not say stops at
  ``MAX_TABLE_ENTRIES`` (netjsonconfig 1.3.1's backends running their thirteen converters).
- AL006: when every construction in the tree is a method handing over its own object
  (``converter_class(self)``), the instances are the object's parts working on its state in
  turn: preview only (netjsonconfig 1.3.1's converters and the backend's own deep copy of the
  configuration: two B's and an A of blind set 72). Handed a part of it (``self.config``), the
  finding stays.
- AL002: a copy of a module-level dict literal whose keys never include the one written below
  (``dict(config_schema_key_schema)``, then ``node.setdefault("properties", {})[k] = v``) hands
  over an entry made for the copy, when nothing puts an item into the original or binds its
  name again (jsonargparse 4.53.0's JSON schema builder: an A of blind set 69).
"""
from __future__ import annotations

from pathlib import Path

from test_twenty_fourth_stop_kinds import _both

_CLONE = '''\
import copy


class Lexer:
    def __init__(self):
        self.errors = {{}}

    def clone(self, obj=None):
        c = copy.copy(self)
{body}
        return c
'''


def _clone(tmp_path: Path, body: str) -> tuple[list[tuple], list[tuple]]:
    return _both(tmp_path, {"pkg/__init__.py": "", "pkg/lex.py": _CLONE.format(body=body)})


def test_a_field_replaced_in_an_if_arm_holds_the_new_object_there(tmp_path: Path) -> None:
    body = "        if obj:\n            c.errors = {}\n            for k, f in self.errors.items():\n" \
           "                c.errors[k] = getattr(obj, f.__name__)"
    assert _clone(tmp_path, body) == ([], [])


def test_past_the_arm_the_original_field_is_possible_again(tmp_path: Path) -> None:
    """The twin: the write after the ``if`` reaches the original's dict when ``obj`` is false."""
    body = "        if obj:\n            c.errors = {}\n        c.errors['k'] = 1"
    assert _clone(tmp_path, body) == ([("AL002", 9, "HIGH")], [("AL002", 9, "HIGH")])


def test_the_other_arm_still_writes_the_original_field(tmp_path: Path) -> None:
    body = "        if obj:\n            c.errors = {}\n        else:\n            c.errors['k'] = 1"
    assert _clone(tmp_path, body) == ([("AL002", 9, "HIGH")], [("AL002", 9, "HIGH")])


def test_a_field_both_arms_replace_holds_no_original_past_the_if(tmp_path: Path) -> None:
    body = "        if obj:\n            c.errors = {}\n        else:\n            c.errors = dict(obj)\n" \
           "        c.errors['k'] = 1"
    assert _clone(tmp_path, body) == ([], [])


def test_a_field_replaced_in_an_inner_if_only_is_the_original_after_it(tmp_path: Path) -> None:
    body = "        if obj:\n            if obj.deep:\n                c.errors = {}\n            c.errors['k'] = 1"
    assert _clone(tmp_path, body) == ([("AL002", 9, "HIGH")], [("AL002", 9, "HIGH")])


_SPEC = '''\
from copy import deepcopy


def expand(raw, mapping):
    out = []
    for key in raw:
        out.append(mapping.render(key))
    return deepcopy(raw), set(out)


def expand_all(raw, mapping):
    return [expand(e, mapping) for e in raw]


class DAGSpec:
    def __init__(self, data, env=None):
        self.env = env
        self._init(data=data)

    def _init(self, data):
        self.data = data
        self.data, tags = expand(self.data, self.env)
        if "location" not in self.data:
            imported = expand_all([], {handed})
            self.data["tasks"].extend(imported)
'''


def test_a_callee_handed_another_field_does_not_undo_a_rebinding(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/spec.py": _SPEC.format(handed="self.env")}
    assert _both(tmp_path, files) == ([], [])


def test_a_callee_handed_the_instance_may_rebind_its_fields(tmp_path: Path) -> None:
    """The twin: handed ``self``, the callee may set ``self.data`` back to the caller's."""
    files = {"pkg/__init__.py": "", "pkg/spec.py": _SPEC.format(handed="self")}
    assert _both(tmp_path, files) == ([("AL006", 25, "HIGH")], [("AL006", 25, "HIGH")])


_MANIFEST = '''\
def add_unique(name, manifest, section):
    found = False
    for s in manifest["deployments"]["custom"]:
        if s["name"] == name:
            found = True
            break
    if {test}:
        manifest["deployments"]["custom"].append(section)


def section(name):
    return {{"name": name, "scripts": []}}


def sync_app(app, manifest):
    add_unique("Proxy", manifest, section("Proxy"))


def migrate(apps):
    manifest = {{"deployments": {{"custom": []}}}}
    for app in apps:
        sync_app(app, manifest)
    return manifest
'''


def test_an_append_under_a_search_flag_adds_only_what_is_missing(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/migrate.py": _MANIFEST.format(test="not found")}
    assert _both(tmp_path, files) == ([], [])


def test_an_append_when_the_search_found_a_match_is_no_guard(tmp_path: Path) -> None:
    """The twin: ``if found:`` appends where the entry is there already."""
    files = {"pkg/__init__.py": "", "pkg/migrate.py": _MANIFEST.format(test="found")}
    assert _both(tmp_path, files) == ([("AL001", 22, "HIGH")], [("AL001", 22, "HIGH")])


_PREPROCESSOR = '''\
class Preprocessor:
    def __init__(self):
        self.kept = []

    def undef(self, tokens):
        self.kept.append(tokens)

    def evalexpr(self, tokens):
        del tokens[1:2]
        return eval("".join([str(x.value) for x in tokens]))

    def parsegen(self, lines):
{before}        for x in lines:
            name = x[0].value
{each}            if name == "undef":
                self.undef(args)
            elif name == "if":
                yield self.evalexpr(args)
'''


def test_another_arm_in_a_loop_gets_the_object_of_another_round(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/cpp.py": _PREPROCESSOR.format(before="", each="            args = x[1:]\n")}
    assert _both(tmp_path, files) == ([], [])


def test_another_arm_in_a_loop_gets_the_same_object_made_before_it(tmp_path: Path) -> None:
    """The twin: one ``args`` for every round; the ``undef`` arm keeps what ``evalexpr`` cut."""
    files = {"pkg/__init__.py": "", "pkg/cpp.py": _PREPROCESSOR.format(before="        args = lines[0][1:]\n", each="")}
    assert _both(tmp_path, files) == ([("AL007", 9, "HIGH")], [("AL007", 9, "HIGH")])


_MOUNT = '''\
class Mount:
    def __init__(self, config, state):
        self.mount_point = config["mount"]
        self.name = config["name"]
        sorted_mount_points = state.get("sorted_mount_points", [])
        mount_points = [mp for mp, name in sorted_mount_points]
        if {tested} in {container}:
            raise ValueError("Mount point specified more than once")
        sorted_mount_points.append((self.mount_point, self.name))
        state["sorted_mount_points"] = sorted_mount_points
'''


def test_an_append_past_a_test_that_leaves_when_the_element_is_there_adds_once(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/mount.py": _MOUNT.format(tested="self.mount_point", container="mount_points")}
    assert _both(tmp_path, files) == ([], [])


def test_a_test_of_another_attribute_of_self_is_no_guard(tmp_path: Path) -> None:
    """The twin: ``self.base`` is not what is added, though both read ``self``."""
    files = {"pkg/__init__.py": "", "pkg/mount.py": _MOUNT.format(tested="self.base", container="mount_points")}
    assert _both(tmp_path, files) == ([("AL007", 9, "HIGH")], [("AL007", 9, "HIGH")])


def test_a_test_of_another_container_is_no_guard(tmp_path: Path) -> None:
    """The twin: ``state["names"]`` is not the list added to."""
    files = {"pkg/__init__.py": "", "pkg/mount.py": _MOUNT.format(tested="self.mount_point", container='state["names"]')}
    assert _both(tmp_path, files) == ([("AL007", 9, "HIGH")], [("AL007", 9, "HIGH")])


_STEPS = '''\
def add_a(spec):
    spec["mounts"].append({{"name": "a"}})

def add_b(spec):
    spec["mounts"].append({{"name": "b"}})

def add_c(spec):
    spec["mounts"].append({{"name": "c"}})

def add_d(spec):
    spec["mounts"].append({{"name": "d"}})

def add_e(spec):
    spec["mounts"].append({{"name": "e"}})

def add_f(spec):
    spec["mounts"].append({{"name": "f"}})

def add_g(spec):
    spec["mounts"].append({{"name": "g"}})

def add_h(spec):
    spec["mounts"].append({{"name": "h"}})

def add_i(spec):
    spec["mounts"].append({{"name": "i"}})

def add_j(spec):
    spec["mounts"].append({{"name": "j"}})


class Builder:
    steps = {base}

    def build(self, template, n):
        pods = []
        for i in range(n):
            for step in self.steps:
                step(template)
            pods.append(dict(template, name=str(i)))
        return pods


class PodBuilder(Builder):
    steps = [add_a, add_b, add_c, add_d, add_e, add_f, add_g, add_h, add_i, add_j]
'''


def test_a_subclass_table_of_ten_steps_run_in_a_loop_is_followed(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/build.py": _STEPS.format(base="[]")}
    assert _both(tmp_path, files) == ([("AL001", 39, "HIGH")], [("AL001", 39, "HIGH")])


_CONVERTER = '''\
class BaseConverter:
    def __init__(self, {param}):
        self.netjson = {kept}

    def to_intermediate(self):
        return self.to_intermediate_loop()


class OpenVpn(BaseConverter):
    def to_intermediate_loop(self):
        self.netjson["files"].append({{"path": "/etc/key", "contents": "k"}})
        return {{}}
'''
_BACKEND = '''\
from copy import deepcopy

from pkg import conv


class BaseBackend:
    def __init__(self, config):
        self.config = deepcopy(config)

    def to_intermediate(self):
        out = {{}}
        for converter_class in self.converters:
            converter = converter_class({handed})
            out.update(converter.to_intermediate())
        return out


class OpenVpnBackend(BaseBackend):
    converters = [conv.OpenVpn]
'''


def test_parts_an_object_builds_from_itself_work_on_its_state_in_turn(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/conv.py": _CONVERTER.format(param="backend", kept="backend.config"),
             "pkg/backend.py": _BACKEND.format(handed="self")}
    assert _both(tmp_path, files) == ([], [("AL006", 11, "MEDIUM")])


def test_objects_built_from_a_part_of_the_owner_share_it(tmp_path: Path) -> None:
    """The twin: handed ``self.config``, each converter changes it for the next."""
    files = {"pkg/__init__.py": "", "pkg/conv.py": _CONVERTER.format(param="config", kept="config"),
             "pkg/backend.py": _BACKEND.format(handed="self.config")}
    assert _both(tmp_path, files) == ([("AL006", 11, "HIGH")], [("AL006", 11, "HIGH")])


_SCHEMA = '''\
config_schema_key = "$schema"
config_schema_key_schema = {{
    "type": "string",
    "format": "uri-reference",
{extra}}}


def new_object(description=None, schema_key=True):
    schema = {{"type": "object", "additionalProperties": False}}
    if description:
        schema["description"] = description
    schema["properties"] = {{config_schema_key: dict(config_schema_key_schema)}} if schema_key else {{}}
    return schema


def add_required(schema, key):
    required = schema.setdefault("required", [])
    if key not in required:
        required.append(key)


class ParserJsonschema:
    def generate(self, parser):
        schema = new_object(parser.description)
        for action in parser.actions:
            self.set_dest(schema, action.dest, {{"type": "string"}}, action.required, {{}})
        return schema

    def set_dest(self, schema, dest, dest_schema, required, descriptions):
        keys = dest.split(".")
        node = schema
        for num, key in enumerate(keys[:-1]):
            properties = node.setdefault("properties", {{}})
            if properties.get(key, {{}}).get("type") != "object":
                properties[key] = new_object(descriptions.get(".".join(keys[: num + 1])))
            if required:
                add_required(node, key)
            node = properties[key]
        properties = node.setdefault("properties", {{}})
        properties[keys[-1]] = dest_schema
        if required:
            add_required(node, keys[-1])
'''


def test_a_copy_of_a_module_dict_gets_its_own_entry_at_a_key_the_dict_never_has(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/schema.py": _SCHEMA.format(extra="")}
    assert _both(tmp_path, files) == ([], [])


def test_a_key_the_module_dict_has_is_its_own_object_in_the_copy(tmp_path: Path) -> None:
    """The twin: the original holds ``properties``; the copy hands that dict over."""
    files = {"pkg/__init__.py": "", "pkg/schema.py": _SCHEMA.format(extra='    "properties": {},\n')}
    assert _both(tmp_path, files) == ([("AL002", 13, "HIGH")], [("AL002", 13, "HIGH")])
