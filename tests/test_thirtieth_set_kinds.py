"""Kinds of issue 8's blind thirtieth set (dask-gateway-server 2026.3.0, ansible-builder 3.2.0,
taskcat 0.9.58, openshift 0.13.2), kept as tests.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# taskcat 0.9.58's ``BaseConfig.merge`` (in the private ``_dataclasses`` module) merges the other
# config's sources into ``base_config._source.copy()``, so the nested dicts of the original
# change too; its one caller folds every source's config into ``self.config``, rebinding it to
# the result: the original is handed over once and dropped (a C of issue 8's blind thirtieth set,
# shown because "the copy was made to leave it unchanged")
MERGE = '''\
def merge_nested_dict(old, new):
    for k, v in new.items():
        if isinstance(old.get(k), dict) and isinstance(v, dict):
            merge_nested_dict(old[k], v)
        else:
            old[k] = v


class BaseConfig:
    def __init__(self, data, source):
        self.data = data
        self._source = source

    @classmethod
    def from_dict(cls, data):
        return cls(dict(data), {k: {"from": "x"} for k in data})

    @classmethod
    def merge(cls, base_config, merge_config):
        merged_source = base_config._source.copy()
        merge_nested_dict(merged_source, merge_config._source)
        return cls({**base_config.data, **merge_config.data}, merged_source)
'''
FOLD = '''\
from pkg._dataclasses import BaseConfig


class Config:
    def __init__(self, sources):
        self.config = BaseConfig.from_dict({})
        for source in sources:
            source_config = BaseConfig.from_dict(source)
            self.config = BaseConfig.merge(self.config, source_config)
'''


def test_a_config_folded_into_an_attribute_is_handed_over_once(tmp_path: Path) -> None:
    files = {"pkg/_dataclasses.py": MERGE, "pkg/config.py": FOLD}
    assert shown(run(tmp_path / "default", files)) == []
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL002", 20, "MEDIUM")]


def test_a_public_merge_is_shown_whatever_the_trees_callers_pass(tmp_path: Path) -> None:
    # the twin: ``BaseConfig.merge`` in a public module; its callers are mostly a library's users
    files = {"pkg/configs.py": MERGE, "pkg/config.py": FOLD.replace("pkg._dataclasses", "pkg.configs")}
    assert shown(run(tmp_path, files)) == [("AL002", 20, "HIGH")]


def test_one_config_merged_with_each_source_is_handed_over_every_round(tmp_path: Path) -> None:
    # the twin: the attribute keeps the base, and every round merges into a copy of it
    fold = FOLD.replace("            self.config = BaseConfig.merge(self.config, source_config)",
                        "            self.merged = BaseConfig.merge(self.config, source_config)")
    found = run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})
    assert shown(found) == [("AL002", 20, "HIGH")]
    assert [(Path(r.location.path).name, r.location.line, r.message) for r in found[0].related][-1] == (
        "config.py", 9, "second use: this caller passes an object it shares in a loop; the next use sees what "
                        "`BaseConfig.merge` changed")


def test_a_config_a_caller_builds_and_drops_is_the_callees_own(tmp_path: Path) -> None:
    # a library's own parser makes the configs (taskcat's ``from_dict`` is dataclasses-jsonschema's)
    fold = FOLD.replace("        self.config = BaseConfig.from_dict({})\n", "        self.config = load({})\n") \
        .replace("from pkg._dataclasses import BaseConfig\n", "from pkg._dataclasses import BaseConfig\nfrom lib import load\n")
    assert shown(run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})) == []


def test_a_module_level_config_merged_with_each_source_is_shown(tmp_path: Path) -> None:
    fold = FOLD.replace("        self.config = BaseConfig.from_dict({})\n", "") \
        .replace("class Config:", "DEFAULT = BaseConfig.from_dict({})\n\n\nclass Config:") \
        .replace("BaseConfig.merge(self.config, source_config)", "BaseConfig.merge(DEFAULT, source_config)")
    assert shown(run(tmp_path, {"pkg/_dataclasses.py": MERGE, "pkg/config.py": fold})) == [("AL002", 20, "HIGH")]


# moto 5.2.6's ``awslambda/policy.py``: ``decode_policy`` is only ever handed to the JSON decoder
# (``json.loads(raw, object_hook=self.decode_policy)``), which calls it with each dict it has just
# built; "public entry point: `obj` comes from the caller" was a B of issue 8's blind
# twenty-seventh set
HOOK = '''\
import json
from typing import Any


class Policy:
    def __init__(self, parent):
        self.parent = parent
        self.statements = []
        self.revision = ""

    def add_statement(self, raw):
        policy = json.loads(raw, object_hook=self.decode_policy)
        self.statements.extend(policy.statements)

    def decode_policy(self, obj: dict[str, Any]) -> "Policy":
        policy = Policy(self.parent)
        policy.revision = obj.get("RevisionId", "")
        self.transform_property(obj, "StatementId", "Sid", str)
        policy.statements.append(obj)
        return policy

    def transform_property(self, obj: dict[str, Any], old_name: str, new_name: str, formatter) -> None:
        if old_name in obj:
            obj[new_name] = formatter(obj[old_name])
            if new_name != old_name:
                del obj[old_name]
'''


def test_a_method_handed_to_a_decoder_as_its_hook_is_no_entry_point(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": HOOK})) == []
    assert shown(run(tmp_path / "preview", {"m.py": HOOK}, preview=True)) == [("AL007", 18, "MEDIUM")]


def test_a_method_a_user_may_call_is_an_entry_point(tmp_path: Path) -> None:
    # the twin: the decoder is handed a function of its own, and nothing hands ``decode_policy`` on
    text = HOOK.replace("object_hook=self.decode_policy", "object_hook=dict")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 18, "HIGH")]


def test_a_method_handed_to_a_pool_with_the_callers_objects_is_still_an_entry_point(tmp_path: Path) -> None:
    # Cloud Custodian 0.9.53's ``w.submit(self.process_elb_policy_set, client, elb_policy_set)``:
    # the pool calls it with the objects handed over along with it
    text = HOOK.replace("        policy = json.loads(raw, object_hook=self.decode_policy)\n",
                        "        policy = self.pool.submit(self.decode_policy, json.loads(raw)).result()\n")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 18, "HIGH")]


# moto 5.2.6's ``find_nested_key(keys, dct, processed_keys=None, result=None)``: ``result`` is
# where the recursion collects what it found ("Should not be set by the caller, only by recursive
# invocations"); "every call adds to what the caller gave again" was a B of the same set
COLLECTED = '''\
def find_nested_key(keys, dct, processed_keys=None, result=None):
    if result is None:
        result = {}
    if processed_keys is None:
        processed_keys = []
    if not keys:
        return result
    current_key = keys[0]
    if current_key not in dct:
        return {}
    temp_result = result
    for key in processed_keys:
        temp_result = temp_result[key]
    if isinstance(temp_result, list):
        temp_result.append({current_key: {}})
    else:
        temp_result[current_key] = {}
    return find_nested_key(keys[1:], dct[current_key], processed_keys + [current_key], result)
'''


def test_a_parameter_the_function_fills_its_own_object_for_when_missing_is_its_output(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": COLLECTED})) == []
    assert shown(run(tmp_path / "preview", {"m.py": COLLECTED}, preview=True)) == [("AL007", 15, "MEDIUM")]


def test_a_parameter_always_given_is_the_callers(tmp_path: Path) -> None:
    # the twin: no object of its own when none is given; the caller's result gets the entries
    text = COLLECTED.replace("    if result is None:\n        result = {}\n", "")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 13, "HIGH")]


def test_a_parameter_the_function_fills_but_does_not_hand_back_is_the_callers(tmp_path: Path) -> None:
    # the twin: what it returns is a copy; the object given is the caller's, added to
    text = COLLECTED.replace("    if not keys:\n        return result\n", "    if not keys:\n        return dict(result)\n")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 15, "HIGH")]


# moto 5.2.6's ``ReplicationGroup.__init__``: ``self.member_clusters = []``, then each node group's
# round hands it to a helper that appends the group's cluster ids (one of them the same id on
# every round: ``f"{group_id}-001"``); the loop fills the list and nothing in it reads it (two
# AL001 B's of issue 8's blind twenty-seventh set)
COLLECTOR = '''\
class ReplicationGroup:
    def __init__(self, group_id, num_node_groups, enabled):
        self.member_clusters = []
        for i in range(num_node_groups):
            node_group = {"node_group_id": f"{i + 1:0>4}", "node_group_members": []}
            if enabled:
                self._set_enabled(member_clusters=self.member_clusters, group_id=group_id, node_group=node_group)
            else:
                self._set_disabled(member_clusters=self.member_clusters, group_id=group_id, node_group=node_group)

    def _set_enabled(self, member_clusters, group_id, node_group):
        primary = {"cache_cluster_id": f"{group_id}-{node_group['node_group_id']}-001"}
        node_group["node_group_members"].append(primary)
        member_clusters.append(primary["cache_cluster_id"])

    def _set_disabled(self, member_clusters, group_id, node_group):
        primary = {"cache_cluster_id": f"{group_id}-001"}
        node_group["node_group_members"].append(primary)
        member_clusters.append(primary["cache_cluster_id"])
'''


def test_a_list_the_loop_only_fills_is_its_output(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": COLLECTOR})) == []
    assert shown(run(tmp_path / "preview", {"m.py": COLLECTOR}, preview=True)) == [("AL001", 9, "MEDIUM")]


def test_a_list_the_loop_also_hands_to_each_rounds_use_is_shared(tmp_path: Path) -> None:
    # the twin: each round also hands the list to something that reads it, which sees the
    # entries of every earlier round
    text = COLLECTOR.replace(
        "                self._set_disabled(member_clusters=self.member_clusters, group_id=group_id, node_group=node_group)\n",
        "                self._set_disabled(member_clusters=self.member_clusters, group_id=group_id, node_group=node_group)\n"
        "            self.publish(node_group, self.member_clusters)\n") + '''
    def publish(self, node_group, members):
        node_group["members"] = ",".join(members)
'''
    assert shown(run(tmp_path, {"m.py": text})) == [("AL001", 9, "HIGH")]



# salt 3008.5's ``cmdmod._run``: ``run_env`` is the caller's ``env`` (``clean_env``) or a copy of
# the process environment updated from it; ``NOTIFY_SOCKET`` is popped from it only when ``env``
# lacks it, so nothing of the caller's is taken out (an A of issue 8's twenty-sixth set)
NOTIFY = '''\
import os


def run(cmd, env=None, clean_env=False):
    """Run a command."""
    env = env if env is not None else {}
    if clean_env:
        run_env = env
    else:
        run_env = os.environ.copy()
        run_env.update(env)
    if "NOTIFY_SOCKET" not in env:
        run_env.pop("NOTIFY_SOCKET", None)
    return [cmd, run_env]
'''


def test_a_key_popped_only_when_the_callers_object_lacks_it_takes_nothing(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": NOTIFY}, preview=True)) == []


def test_a_key_popped_when_the_callers_object_has_it_is_taken(tmp_path: Path) -> None:
    text = NOTIFY.replace('    if "NOTIFY_SOCKET" not in env:\n', '    if "NOTIFY_SOCKET" in env:\n')
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == [("AL007", 13, "HIGH")]


# salt 3008.5's ``ClearFuncs``: the master's transport looks each request's command up with
# ``get_method(cmd)`` (``return getattr(self, name)`` for the names in ``expose_methods``) and
# calls it with the request's ``clear_load``; ``runner`` pops ``fun`` out of it (three B's of
# issue 8's twenty-sixth set: "public entry point: `clear_load` comes from the caller")
DISPATCHED = '''\
class TransportMethods:
    expose_methods = ()

    def get_method(self, name):
        if name in self.expose_methods:
            return getattr(self, name)
        return None


class ClearFuncs(TransportMethods):
    expose_methods = ("runner",)

    def __init__(self, opts):
        self.opts = opts

    def runner(self, clear_load):
        fun = clear_load.pop("fun")
        return {"fun": fun, "kwarg": clear_load.get("kwarg", {}), "opts": self.opts}


def handle(funcs, cmd, load):
    method = funcs.get_method(cmd)
    return method(load) if method else None
'''


def test_a_method_a_dispatcher_looks_up_by_name_is_no_entry_point(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": DISPATCHED})) == []
    assert shown(run(tmp_path / "preview", {"m.py": DISPATCHED}, preview=True)) == [("AL007", 17, "MEDIUM")]


def test_a_method_of_a_class_that_dispatches_nothing_is_an_entry_point(tmp_path: Path) -> None:
    # the twin: the look-up names one attribute, written out
    text = DISPATCHED.replace("            return getattr(self, name)", '            return getattr(self, "runner")')
    # (its argument named as configuration: see ``harm._optional``)
    assert shown(run(tmp_path, {"m.py": text.replace("clear_load", "clear_kwargs")})) == [("AL007", 17, "HIGH")]


def test_a_method_of_a_class_that_hands_back_values_by_name_is_an_entry_point(tmp_path: Path) -> None:
    # the twin: nornir 3.6.0's ``Host.get(item)`` returns ``getattr(self, item)``, a value its
    # callers read, not a method they call
    text = DISPATCHED.replace("    method = funcs.get_method(cmd)\n    return method(load) if method else None\n",
                              "    return funcs.get_method(cmd)\n")
    assert shown(run(tmp_path, {"m.py": text.replace("clear_load", "clear_kwargs")})) == [("AL007", 17, "HIGH")]


def test_a_dispatcher_whose_receiver_class_is_unknown_is_still_found_by_name(tmp_path: Path) -> None:
    # salt's master holds ``self.clear_funcs`` made elsewhere; what ``get_method`` hands back is
    # called all the same
    text = DISPATCHED.replace('''def handle(funcs, cmd, load):
    method = funcs.get_method(cmd)
    return method(load) if method else None
''', '''class Worker:
    def __init__(self, make_funcs, opts):
        self.clear_funcs = make_funcs(opts)

    def handle(self, cmd, load):
        method = self.clear_funcs.get_method(cmd)
        return method(load) if method else None
''')
    assert shown(run(tmp_path / "default", {"m.py": text})) == []
    assert shown(run(tmp_path / "preview", {"m.py": text}, preview=True)) == [("AL007", 17, "MEDIUM")]




# salt 3008.5's ``apply_minion_config``: ``opts = defaults.copy(); opts.update(overrides)``, then
# ``opts["pillar_roots"] = _validate_pillar_roots(opts["pillar_roots"])``: the slot may hold the
# defaults' object or an override's, and whichever it is, the options keep the result instead
# (its "next call" second use was a B of issue 8's twenty-sixth set)
WRITTEN_BACK = '''\
def _validate_roots(roots):
    for env in list(roots):
        if str(env) != env:
            roots[str(env)] = roots.pop(env)
    return dict(roots)


def apply_config(overrides, defaults):
    opts = defaults.copy()
    opts.update(overrides)
    opts["roots"] = _validate_roots(opts["roots"])
    return opts
'''


def _call_of(tmp_path: Path, text: str, caller: str, callee_text: str):
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project
    from aliaslint.summary import ModuleSummary

    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    project = Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()
    fn = project.functions[caller]
    (call,) = [c for c in fn.calls if c.text == callee_text]
    return fn, call


def test_an_item_given_the_result_in_place_of_the_argument_is_written_back(tmp_path: Path) -> None:
    from aliaslint import harm

    fn, call = _call_of(tmp_path, WRITTEN_BACK, "m.apply_config", "_validate_roots")
    assert call.writes_back == (0,)
    assert len(call.args[0]) > 1  # the defaults' object, an override's, ...
    assert harm._written_back(fn, call, call.args[0])


def test_an_item_handed_over_and_kept_elsewhere_is_not_written_back(tmp_path: Path) -> None:
    from aliaslint import harm

    text = WRITTEN_BACK.replace('    opts["roots"] = _validate_roots(opts["roots"])',
                                '    opts["valid_roots"] = _validate_roots(opts["roots"])')
    fn, call = _call_of(tmp_path, text, "m.apply_config", "_validate_roots")
    assert call.writes_back == ()
    assert not harm._written_back(fn, call, call.args[0])


# sentry-sdk 2.76.0's ``SentrySpanProcessor``: ``__new__`` keeps the one instance in
# ``cls.instance`` (not declared on the class), so the class-level span maps are that one
# processor's working state (two AL003 B's of issue 8's blind thirty-first set)
SINGLETON = '''\
class SpanProcessor:
    open_spans = {}

    def __new__(cls):
        if not hasattr(cls, "instance"):
            cls.instance = super().__new__(cls)
        return cls.instance

    def on_start(self, span_id, minute):
        self.open_spans.setdefault(minute, []).append(span_id)
'''


def test_class_state_of_a_class_whose_new_hands_out_one_instance_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": SINGLETON})) == []
    assert shown(run(tmp_path / "preview", {"m.py": SINGLETON}, preview=True)) == [("AL003", 10, "MEDIUM")]


def test_class_state_of_a_class_whose_new_makes_each_instance_is_shown(tmp_path: Path) -> None:
    # the twin: ``__new__`` makes a new instance every time
    text = SINGLETON.replace('''        if not hasattr(cls, "instance"):
            cls.instance = super().__new__(cls)
        return cls.instance''', '''        return super().__new__(cls)''')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 8, "HIGH")]


# clearml-agent 3.0.3's vendored pyhocon parser: ``values = tokens[2:]`` picks the value tokens
# after ``key`` and ``=``, which the tree it builds then takes over (two AL002 B's of issue 8's
# blind thirty-first set: a selection, not a copy meant to leave the tokens unchanged)
SELECTED = '''\
def make_tree(token_list):
    tree = {}
    for tokens in token_list:
        key = tokens[0]
        values = tokens[2:]
        value = values[0]
        if isinstance(value, dict):
            value["key"] = key
        tree[key] = value
    return tree
'''


def test_a_slice_picking_some_elements_is_a_selection(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": SELECTED})) == []
    assert shown(run(tmp_path / "preview", {"m.py": SELECTED}, preview=True)) == [("AL002", 5, "MEDIUM")]


def test_a_slice_of_every_element_is_a_copy_meant_to_leave_them(tmp_path: Path) -> None:
    text = SELECTED.replace("        values = tokens[2:]\n        value = values[0]\n",
                            "        values = tokens[:]\n        value = values[2]\n")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL002", 5, "HIGH")]



# sentry-sdk 2.76.0's ``set_in_app_in_frames``: ``current_in_app = frame.get("in_app")``, then
# ``if current_in_app is not None: continue``: only frames not marked yet are marked, so a second
# run changes nothing (a B of issue 8's blind thirty-first set)
MARKED = '''\
def set_in_app_in_frames(frames, in_app_include):
    if not frames:
        return None
    for frame in frames:
        current_in_app = frame.get("in_app")
        if current_in_app is not None:
            continue
        module = frame.get("module")
        if module in in_app_include:
            frame["in_app"] = True
            continue
        frame["in_app"] = False
    return {"frames": frames}


class Profiler:
    def __init__(self):
        self.frames = []

    def flush(self, include):
        chunk = set_in_app_in_frames(self.frames, include)
        return chunk
'''


def test_a_key_written_past_a_skip_of_what_has_it_fills_it(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": MARKED}, preview=True)) == []


def test_a_key_written_past_a_skip_of_something_else_is_changed(tmp_path: Path) -> None:
    text = MARKED.replace('        current_in_app = frame.get("in_app")\n', '        current_in_app = frame.get("module")\n')
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == [("AL007", 10, "HIGH")]
