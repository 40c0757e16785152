"""Kinds of issue 8's twenty-eighth stop, kept as tests with their twins.

- AL001: what a loop hands a callee below an identifier (``parent.id``, then anything below it)
  is a name or a number: a callee that pops a key from it when it is a dict changes nothing the
  next round shares (infrahub-sdk 1.23.2's ``rel_info.get_context(value=parent_node.id)``, whose
  values the nodes created from the context pop ``from_pool`` from: an A of blind set 68, whose
  message said the loop's ``node.id`` lost a key).
- Phase 1: an absence test guards an addition only when it is about what is added: the
  container tested is the one added to (``if x not in seen: seen.append(x)``), or what is added
  is made from the element tested (``if p.name not in names: out.append(p)``). A test about
  another key of the object (``if "query_key" not in rule:`` above ``rule["include"].append``)
  leaves the addition repeated on every call (a miss found by a new user's probe of AL011).
- AL006: a public class that keeps the caller's mapping and updates it with a new nested mapping
  (``self.res.update({"spec": {"replicas": n}})``) replaces the caller's whole part at that key
  with one holding only the entries given: a public-entry finding, shown by default
  (openshift-python-wrapper 11.0.143's ``Deployment.scale_replicas``, a bug of blind set 68 that
  its reader reproduced in the preview tier: the caller's manifest loses its pod template).
- Phase 1: ``value = unk.pop(0)`` in a loop over something else takes another element on each
  round, as ``pop()`` does (jsonargparse 4.53.0's ``_positional_optionals``: an A of blind set
  69, whose message said the loop passed the same object each time).
- Phase 2: adding one of the instance's own bound methods to a list (``listeners.append(
  self._on_lost)``), or removing it, registers the instance, as adding ``self`` does: each
  instance adds its own entry (nodepool 11.0.0's build workers and ZooKeeper components sharing
  one client: two B's of blind set 69, whose suggested fixes copied a live connection).
- Phase 2: a constructor's ``self`` is the instance the call makes from its arguments; what it
  stores of itself (``parent.children.append(self)``) is another object whenever an argument
  varies with the loop (pyang 2.7.1's ``SchemaNode(name, parent)``: four B's of blind set 70).
- Phase 1: an addition after a loop that searched the container and returned on a match
  (``for e in errors: if e == new: return``), or in the ``else`` of a loop that breaks on a match
  (``for t in targets: if t[0] == family: break`` / ``else: targets.append(...)``), adds only what
  is missing (pyang 2.7.1's ``err_add`` and ecs-composex 1.1.9's target and policy helpers:
  thirteen B's of blind set 70).
- Phase 1: a shallow copy's entry replaced under a test that the key is there (``if "skip" in
  kw: kw["skip"] = set(kw["skip"])``) holds nothing of the original's on the path that skips the
  test's body: the key is missing there (jsonargparse 4.53.0's ``print_help``: an A of blind set
  69).
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run
from test_twenty_fourth_stop_kinds import _both

_CONTEXT = '''\
class Attribute:
    def __init__(self, name, data):
        self.pool = None
        if isinstance(data, dict) and "from_pool" in data:
            self.pool = data.pop("from_pool")


class Node:
    def __init__(self, data):
        self.id = data.get("id")
        self.attrs = [Attribute(k, v) for k, v in data.items()]


def create_node(data, context):
    clean = dict(data)
    clean.update(context)
    return Node(clean)


def create_children(parent, rels):
    for rel in rels:
        context = {{"parent": {value}}}
        create_node(rel, context)
'''


def test_a_name_or_number_read_from_an_identifier_has_nothing_to_pop(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/spec.py": _CONTEXT.format(value="parent.id")}
    assert [f for f in _both(tmp_path, files)[0] if f[0] == "AL001"] == []


def test_below_an_identifier_there_is_nothing_either(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/spec.py": _CONTEXT.format(value='{"id": parent.id}["id"]')}
    assert [f for f in _both(tmp_path, files)[0] if f[0] == "AL001"] == []


def test_a_shared_part_that_is_no_identifier_is_still_popped_from(tmp_path: Path) -> None:
    """The twin: the parent's settings dict is one object every round's node pops from."""
    files = {"pkg/__init__.py": "", "pkg/spec.py": _CONTEXT.format(value="parent.settings")}
    found = run(tmp_path / "m", files)
    assert [(d.code, d.location.line, d.location.column) for d in found if d.code == "AL001"] == [("AL001", 23, 9)]


_LOADER = '''\
def load_options(rule, seen):
    if {test}:
        rule["include"].append(rule["query_key"])
    return rule


def load_all(rules, seen):
    for name in ("a", "b"):
        for rule in rules:
            load_options(rule, seen)
'''


def test_a_test_about_another_key_does_not_make_an_append_add_once(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/loader.py": _LOADER.format(test='"query_key" not in seen')}
    assert _both(tmp_path, files) == ([("AL001", 10, "HIGH")], [("AL001", 10, "HIGH")])


def test_a_test_about_the_container_added_to_adds_once(tmp_path: Path) -> None:
    """The twin: the test asks whether the entry is already in the list it is added to."""
    files = {"pkg/__init__.py": "", "pkg/loader.py": _LOADER.format(
        test='rule["query_key"] not in rule["include"]')}
    assert _both(tmp_path, files)[0] == []


def test_a_test_about_what_is_added_adds_once(tmp_path: Path) -> None:
    """The twin: the element tested is what is added (through another container, ``seen``)."""
    files = {"pkg/__init__.py": "", "pkg/loader.py": _LOADER.format(test='rule["query_key"] not in seen')}
    assert _both(tmp_path, files)[0] == []


_RESOURCE = """\
class Resource:
    def __init__(self, name=None, kind_dict=None):
        self.name = name
        self.res = kind_dict

    def update(self, resource_dict):
        return dict(resource_dict)


class Deployment(Resource):
    def scale_replicas(self, replica_count):
        self.res.update({value})
        return self.update(resource_dict=self.res)
"""


def test_an_update_replacing_a_nested_mapping_of_the_callers_is_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/resource.py": _RESOURCE.format(value='{"spec": {"replicas": replica_count}}')}
    assert _both(tmp_path, files) == ([("AL006", 12, "HIGH")], [("AL006", 12, "HIGH")])
    [found] = run(tmp_path / "m", files)
    assert [(r.location.line, r.message) for r in found.related] == [
        (4, "kept by reference here"),
        (2, "public entry point: `kind_dict` comes from the caller, and this replaces a part of it with a new "
             "mapping holding only the entries given: the rest of what the caller put there is gone")]


def test_an_update_of_top_level_entries_is_what_a_wrapper_does(tmp_path: Path) -> None:
    """The twin: setting a field of the kept mapping itself replaces nothing the caller nested."""
    files = {"pkg/__init__.py": "", "pkg/resource.py": _RESOURCE.format(value='{"replicas": replica_count}')}
    assert _both(tmp_path, files) == ([], [("AL006", 12, "MEDIUM")])


_POSITIONALS = """\
def check_value(action, value):
    for k, v in enumerate(value):
        value[k] = action.kind(v)
    return value


def positionals(actions, unk, cfg):
    for action in actions:
        value = {take}
        cfg[action.dest] = check_value(action, value)
    return cfg
"""


def test_an_element_taken_from_the_front_each_round_is_another(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/parse.py": _POSITIONALS.format(take="unk.pop(0)")}
    assert [f for f in _both(tmp_path, files)[1] if f[0] == "AL001"] == []


def test_an_element_read_in_place_each_round_is_the_same(tmp_path: Path) -> None:
    """The twin: reading the front without taking it hands the same list to every round."""
    files = {"pkg/__init__.py": "", "pkg/parse.py": _POSITIONALS.format(take="unk[0]")}
    assert [f[:2] for f in _both(tmp_path, files)[1] if f[0] == "AL001"] == [("AL001", 10)]


_LISTENERS = """\
class Client:
    def __init__(self):
        self.on_lost = []


class Worker:
    def __init__(self, client):
        self.client = client
        self.client.on_lost.append({added})

    def stop(self):
        self.client.on_lost.remove({added})

    def _lost(self):
        return None


def start(n):
    client = Client()
    return [Worker(client) for _ in range(n)]
"""


def test_an_instance_adding_its_own_bound_method_registers_itself(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/workers.py": _LISTENERS.format(added="self._lost")}
    assert _both(tmp_path, files) == ([], [("AL006", 12, "MEDIUM")])


def test_an_instance_adding_a_shared_callback_adds_it_again(tmp_path: Path) -> None:
    """The twin: a module-level function is one object, added once more by every worker."""
    files = {"pkg/__init__.py": "", "pkg/workers.py": _LISTENERS.format(added="print")}
    assert [f for f in _both(tmp_path, files)[0] if f[0] == "AL001"] == [("AL001", 20, "HIGH")]


_TREE = """\
class Node:
    def __init__(self, name, parent=None):
        self.name = name
        self.children = []
        if parent is not None:
            parent.children.append(self)


def annotate(stmt, parent):
    return Node({name}, parent)


def build(stmts, root):
    for stmt in stmts:
        annotate(stmt, root)
    return root
"""


def test_a_node_made_from_each_round_s_element_is_another_child(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/tree.py": _TREE.format(name="stmt.arg")}
    assert [f for f in _both(tmp_path, files)[1] if f[0] == "AL001"] == []


def test_a_node_made_from_the_same_arguments_each_round_is_a_second_copy(tmp_path: Path) -> None:
    """The twin: nothing the node is made from varies with the loop."""
    files = {"pkg/__init__.py": "", "pkg/tree.py": _TREE.format(name='"annotation"')}
    assert [f[:2] for f in _both(tmp_path, files)[1] if f[0] == "AL001"] == [("AL001", 15)]


_ERRORS = """\
def err_add(errors, pos, tag):
    error = (pos, tag)
{search}
    errors.append(error)


def check(ctx, stmts):
    for stmt in stmts:
        err_add(ctx.errors, ctx.pos, "BAD_VALUE")
"""


def test_an_addition_after_a_search_that_returns_on_a_match_adds_once(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/errors.py": _ERRORS.format(
        search="    for p, t in errors:\n        if p == pos and t == tag:\n            return")}
    assert _both(tmp_path, files)[0] == []


def test_an_addition_after_a_search_that_goes_on_adds_again(tmp_path: Path) -> None:
    """The twin: the loop only counts; nothing stops the addition when an equal entry is there."""
    files = {"pkg/__init__.py": "", "pkg/errors.py": _ERRORS.format(
        search="    n = 0\n    for p, t in errors:\n        n += 1")}
    assert _both(tmp_path, files)[0] == [("AL001", 11, "HIGH")]


_TARGETS = """\
def add_target(resource, family):
    for target in resource.targets:
        if target[0] == family:
            {leave}
    else:
        resource.targets.append((family, True))


def link_all(resource, family, names):
    for name in names:
        add_target(resource, family)
"""


def test_the_else_of_a_search_that_breaks_on_a_match_adds_once(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/targets.py": _TARGETS.format(leave="break")}
    assert _both(tmp_path, files)[0] == []


def test_the_else_of_a_loop_that_never_breaks_adds_again(tmp_path: Path) -> None:
    """The twin: without the ``break`` the ``else`` runs after every search."""
    files = {"pkg/__init__.py": "", "pkg/targets.py": _TARGETS.format(leave="print(target)")}
    assert _both(tmp_path, files)[0] == [("AL001", 11, "HIGH")]


_HELP = """\
class Action:
    def __init__(self, sub_add_kwargs):
        self.sub_add_kwargs = sub_add_kwargs

    def print_help(self, extra, fresh):
        sub_add_kwargs = dict(self.sub_add_kwargs)
        if {test}:
            sub_add_kwargs["skip"] = set(sub_add_kwargs["skip"])
        if extra:
            sub_add_kwargs.setdefault("skip", set()).update(extra)
        return sub_add_kwargs
"""


def test_an_entry_copied_when_present_holds_nothing_of_the_original(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/act.py": _HELP.format(test='"skip" in sub_add_kwargs')}
    assert _both(tmp_path, files) == ([], [])


def test_an_entry_copied_under_another_test_may_still_be_the_original(tmp_path: Path) -> None:
    """The twin: where ``fresh`` is false the copy still holds the original's set."""
    files = {"pkg/__init__.py": "", "pkg/act.py": _HELP.format(test="fresh")}
    assert _both(tmp_path, files) == ([("AL002", 6, "HIGH")], [("AL002", 6, "HIGH")])


def test_a_second_addition_after_one_search_is_a_second_copy(tmp_path: Path) -> None:
    """The twin of the search guard: the first addition puts the entry there; the second adds it
    again."""
    files = {"pkg/__init__.py": "", "pkg/errors.py": _ERRORS.format(
        search="    for p, t in errors:\n        if p == pos and t == tag:\n            return\n"
               "    errors.append(error)")}
    assert _both(tmp_path, files)[0] == [("AL001", 12, "HIGH")]


def test_a_container_bound_again_after_the_search_was_not_searched(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/errors.py": _ERRORS.format(
        search="    for p, t in errors:\n        if p == pos and t == tag:\n            return\n"
               "    errors = pos.errors")}
    assert _both(tmp_path, files)[0] == [("AL001", 12, "HIGH")]
