"""Kinds of issue 8's blind thirty-third and thirty-fourth sets, kept as tests with their twins.

- pelican 4.12.0's miss: a module-level default put into the caller's settings under a key not
  known, then grown by an append guarded by a membership test that adds what the inputs give;
- set 34's B's and C's: a cached override of a cached base method (jupyter-repo2docker), a list
  rotated by ``remove`` then ``append`` (wandb's launch agent), ``update({k: v})`` under ``k not
  in d`` (jupyter-enterprise-gateway), a lazily set attribute (wandb's ``ServiceApi``);
- a B left from the thirty-first set: a cache filled at keys counted from the caller's value
  (clearml-agent);
- AL007's message when the function also sets an attribute of the argument for its caller.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# pelican 4.12.0 ``settings.py:737/747``: a setting given as a string falls back to the live default
# list (``settings[key] = DEFAULT_CONFIG[key]`` for each of several keys), and the excludes are then
# extended with the other type's paths through ``settings["..._EXCLUDES"]``: the module's default
# grows with every configuration that falls back (reproduced by the thirty-third set's reader)
SETTINGS = '''\
DEFAULT_CONFIG = {
    "ARTICLE_PATHS": [""],
    "PAGE_PATHS": ["pages"],
    "ARTICLE_EXCLUDES": [],
    "PAGE_EXCLUDES": [],
}


def configure_settings(settings):
    for key in ("ARTICLE_PATHS", "PAGE_PATHS", "ARTICLE_EXCLUDES", "PAGE_EXCLUDES"):
        if isinstance(settings.get(key), str):
            settings[key] = DEFAULT_CONFIG[key]
    for type_1, type_2 in [("ARTICLE", "PAGE"), ("PAGE", "ARTICLE")]:
        includes = settings[type_1 + "_PATHS"]
        excludes = settings[type_2 + "_EXCLUDES"]
        for path in includes:
            if path not in excludes:
                excludes.append(path)
    return settings
'''


def test_a_default_put_under_a_key_not_known_is_changed_through_the_settings(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/settings.py": SETTINGS})
    assert shown(found) == [("AL003", 18, "HIGH")]
    d = found[0]
    assert d.message == (
        "`configure_settings` appends to `DEFAULT_CONFIG[*]`, a module-level template: it puts "
        "`DEFAULT_CONFIG[key]` into the caller's object by reference (line 12), and the change reaches the "
        "template through it; every later call starts from the changed template; put "
        "`copy.deepcopy(DEFAULT_CONFIG[key])` there instead")
    assert [(r.location.line, r.message) for r in d.related] == [
        (12, "`DEFAULT_CONFIG`'s object is put into the caller's object here, by reference"),
        (1, "second use: the next call of `configure_settings` builds from this template, already changed"),
    ]


def test_the_setting_read_by_its_name_after_the_fallback_loop_is_the_default_too(tmp_path: Path) -> None:
    source = SETTINGS.replace('excludes = settings[type_2 + "_EXCLUDES"]', 'excludes = settings["PAGE_EXCLUDES"]')
    assert shown(run(tmp_path, {"pkg/settings.py": source})) == [("AL003", 18, "HIGH")]


def test_twin_a_copy_of_the_default_put_in_is_the_settings_own(tmp_path: Path) -> None:
    source = "import copy\n" + SETTINGS.replace("settings[key] = DEFAULT_CONFIG[key]",
                                                "settings[key] = copy.deepcopy(DEFAULT_CONFIG[key])")
    assert shown(run(tmp_path, {"pkg/settings.py": source}, preview=True)) == []


def test_twin_the_loop_that_puts_the_default_in_does_not_read_it_back_as_a_later_rounds_value(
        tmp_path: Path) -> None:
    # the round that stores ``DEFAULTS[k]`` under its key is the only one that reads that key:
    # the loop's own head never gives it back as ``v`` (each round reads another key)
    source = '''\
DEFAULTS = {"paths": []}


def fix(settings):
    for k, v in settings.items():
        if isinstance(v, str):
            settings[k] = DEFAULTS[k]
        else:
            v.append("extra")
    return settings
'''
    assert shown(run(tmp_path, {"pkg/fix.py": source}, preview=True)) == []


def test_twin_a_constant_appended_under_the_guard_is_added_once_ever(tmp_path: Path) -> None:
    # the guard keeps the one entry from being added twice: every later call finds it there
    source = SETTINGS.replace("excludes.append(path)", 'excludes.append("drafts")')
    assert shown(run(tmp_path, {"pkg/settings.py": source}, preview=True)) == []


# a class-level set of what was seen, grown under a membership test through ``self`` (pelican's
# ``LimitFilter._raised_messages``, shared by every filter on purpose) stays where it was
LIMIT = '''\
class LimitFilter:
    _raised_messages = set()

    def filter(self, record):
        key = (record.levelno, record.getMessage())
        if key in self._raised_messages:
            return False
        self._raised_messages.add(key)
        return True
'''


def test_twin_a_seen_set_shared_by_the_instances_is_not_a_template(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/log.py": LIMIT}, preview=True)) == []


# clearml-agent 3.0 ``helper/package/pytorch.py:781``: a class-level cache filled at keys counted down
# from the caller's CUDA version (``for c in range(cuda, cuda - 15, -1): self.lookup[c] = url``): a
# cache keyed by the inputs, shared by every instance on purpose (a B of the thirty-first set)
CACHE = '''\
import requests


class Requirement:
    lookup = {}

    def index_url(self, cuda_version):
        cuda = int(cuda_version)
        if cuda in self.lookup:
            return self.lookup[cuda]
        for c in range(cuda, cuda - 15, -1):
            url = "https://download.pytorch.org/whl/cu{}".format(c)
            if requests.get(url).ok:
                self.lookup[c] = url
                return self.lookup[c]
'''


def test_a_cache_filled_at_keys_counted_from_the_callers_value_is_keyed_by_the_inputs(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/torch.py": CACHE}, preview=True)) == []


def test_twin_a_class_level_dict_filled_at_constant_keys_is_a_template_every_instance_shares(
        tmp_path: Path) -> None:
    source = CACHE.replace("for c in range(cuda, cuda - 15, -1):", "for c in range(11, -4, -1):")
    assert shown(run(tmp_path, {"pkg/torch.py": source})) == [("AL003", 14, "HIGH")]


# pelican 4.12.0 ``get_instance``: it sets ``args.settings`` for its caller (autoreload reads it next)
# and, through the settings it reads, changes ``args.overrides``; a copy of the whole ``args`` at the
# top would hide the attribute it sets (the thirty-third set's reader: the offered fix broke
# ``pelican -r``), so the message says to copy the changed part
INSTANCE = '''\
def get_instance(args):
    if args.settings is None:
        args.settings = "pelicanconf.py"
    args.overrides["EXCLUDES"].append(args.settings)
    return dict(args.overrides)
'''


def test_the_fix_copies_the_changed_part_when_the_function_also_sets_an_attribute_for_its_caller(
        tmp_path: Path) -> None:
    found = [d for d in run(tmp_path, {"pkg/app.py": INSTANCE}, preview=True) if d.location.line == 4]
    assert [(d.code, d.message.split("; ")[-1], d.fix) for d in found] == [(
        "AL007", "copy `args.overrides` before changing it (`copy.deepcopy(args.overrides)`), not the whole "
                 "`args`: `get_instance` also sets `args.settings` for its caller", None)]


def test_twin_without_the_attribute_set_the_whole_is_copied_at_the_top(tmp_path: Path) -> None:
    source = INSTANCE.replace('    if args.settings is None:\n        args.settings = "pelicanconf.py"\n', "")
    found = [d for d in run(tmp_path, {"pkg/app.py": source}, preview=True) if d.location.line == 2]
    assert [(d.code, d.message.split("; ")[-1]) for d in found] == [
        ("AL007", "copy it first (`args = copy.deepcopy(args)` at the top of `get_instance`)")]


# jupyter-repo2docker 2026.4 build packs: each cached method of a subclass asks the base class's
# cached method for the same instance (``super().get_path()``) and adds to what it returns; it runs
# once per instance, so it changes what the base cached once, before any caller gets it (twelve
# default findings of the thirty-fourth set)
BUILDPACK = '''\
from functools import lru_cache


class BuildPack:
    @lru_cache
    def get_path(self):
        return ["${HOME}/.local/bin"]


class CondaBuildPack(BuildPack):
    @lru_cache
    def get_path(self):
        path = super().get_path()
        path.insert(0, "${CONDA_DIR}/bin")
        return path
'''


def test_a_cached_override_changes_what_the_base_cached_once_per_instance(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/buildpacks.py": BUILDPACK}, preview=True)
    assert shown(found) == [("AL003", 14, "MEDIUM")]
    assert found[0].message.endswith(
        "`CondaBuildPack.get_path` is cached too and overrides `BuildPack.get_path`: it changes the object "
        "`BuildPack.get_path` cached for the same instance once, before any caller gets it (its own result is "
        "built from it); nothing to change unless other code calls `BuildPack.get_path`")


def test_twin_an_override_not_cached_changes_the_bases_cached_object_on_every_call(tmp_path: Path) -> None:
    source = BUILDPACK.replace("class CondaBuildPack(BuildPack):\n    @lru_cache\n",
                               "class CondaBuildPack(BuildPack):\n")
    assert shown(run(tmp_path, {"pkg/buildpacks.py": source})) == [("AL003", 13, "HIGH")]


# wandb 0.31 ``LaunchAgent.get_job_and_queue``: ``self._queues.remove(queue); self._queues.append(queue)``
# rotates the list the agent keeps from its config (each queue served in turn): nothing is added or
# lost, and the offered copy would have starved every queue but the first (a B of the thirty-fourth
# set, reproduced by its reader)
AGENT = '''\
class LaunchAgent:
    def __init__(self, config):
        self._queues = config["queues"]

    def next_queue(self):
        queue = self._queues[0]
        self._queues.remove(queue)
        self._queues.append(queue)
        return queue
'''


def test_an_element_removed_and_appended_again_is_a_rotation(tmp_path: Path) -> None:
    # (the caller's list is reordered, on purpose: the preview tier keeps it)
    assert shown(run(tmp_path / "default", {"pkg/agent.py": AGENT})) == []
    assert shown(run(tmp_path / "preview", {"pkg/agent.py": AGENT}, preview=True)) == [("AL006", 7, "MEDIUM")]


def test_twin_another_element_appended_after_the_removal_changes_the_callers_list(tmp_path: Path) -> None:
    source = AGENT.replace("self._queues.append(queue)", 'self._queues.append("default")')
    assert shown(run(tmp_path, {"pkg/agent.py": source})) == [("AL006", 8, "HIGH")]


def test_twin_the_name_bound_again_between_is_another_element(tmp_path: Path) -> None:
    source = AGENT.replace("        self._queues.append(queue)", "        queue = queue + '-retry'\n"
                                                                    "        self._queues.append(queue)")
    assert shown(run(tmp_path, {"pkg/agent.py": source})) == [("AL006", 9, "HIGH")]


# jupyter-enterprise-gateway 3.3 ``remotemanager.py:81``: ``if "config" not in process_proxy:
# process_proxy.update({"config": {}})`` fills a missing key of the caller's kernel spec, as
# ``process_proxy["config"] = {}`` would: a second call finds it there (a B of the thirty-fourth set)
PROXY = '''\
def get_process_proxy_config(kernelspec):
    process_proxy = kernelspec.metadata.get("process_proxy", {})
    if process_proxy:
        if "config" not in process_proxy:
            process_proxy.update({"config": {}})
        return process_proxy
    return {"class_name": "LocalProcessProxy", "config": {}}
'''


def test_an_update_with_only_the_missing_key_fills_it(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/proxy.py": PROXY}, preview=True)) == []


def test_twin_an_update_with_another_key_too_changes_what_the_caller_set(tmp_path: Path) -> None:
    source = PROXY.replace('process_proxy.update({"config": {}})', 'process_proxy.update({"config": {}, "debug": 1})')
    assert shown(run(tmp_path, {"pkg/proxy.py": source})) == [("AL007", 5, "HIGH")]


# wandb 0.31 ``ServiceApi._get_api_session``: ``if self._api_session is not None: return
# self._api_session``, then ``self._api_session = session``: set while unset, once (a B of the
# thirty-fourth set, reached through a logged object's artifact); the mirror of ``if self.client
# is None: self.client = ...``, which was a fill already
LAZY = '''\
class ServiceApi:
    def get_session(self):
        if self._session {test}:
            return self._session
        self._session = open_session(self._settings)
        return self._session
'''


def _attribute_write_kind(source: str) -> str:
    from aliaslint.engine import summarize_source
    from aliaslint.files import SourceFile

    summary = summarize_source(source, SourceFile(Path("api.py"), "api.py"), "api", False, [])
    (mutation,) = [m for m in summary.functions["api.ServiceApi.get_session"].mutations if m.op == "._session ="]
    return mutation.kind


def test_an_attribute_set_past_an_exit_taken_when_it_is_set_fills_it_once() -> None:
    assert _attribute_write_kind(LAZY.format(test="is not None")) == "setdefault"


def test_twin_an_exit_taken_when_it_is_unset_leaves_a_write_that_replaces_it() -> None:
    assert _attribute_write_kind(LAZY.format(test="is None")) == "overwrite"



# cerberus 1.3.8 ``validator_factory(name, bases=None, namespace={})``: ``if "__doc__" not in
# namespace: namespace.update({"__doc__": ...})`` fills the shared default with this call's
# docstrings, and every later class made without ``namespace`` gets the first one's (caught by the
# tuning compare when the update became a fill)
FACTORY = '''\
def validator_factory(name, bases=(), namespace={}):
    docstrings = [b.__doc__ for b in bases if b.__doc__]
    if len(docstrings) > 1 and "__doc__" not in namespace:
        namespace.update({"__doc__": "\\\\n".join(docstrings)})
    return type(name, bases, namespace)
'''


def test_a_shared_default_filled_with_what_the_call_was_given_keeps_the_first_calls(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/utils.py": FACTORY})) == [("AL009", 1, "HIGH")]


def test_twin_a_shared_default_filled_with_a_constant_is_the_same_for_every_call(tmp_path: Path) -> None:
    source = FACTORY.replace('"\\\\n".join(docstrings)', '"A validator."')
    assert shown(run(tmp_path, {"pkg/utils.py": source}, preview=True)) == [("AL009", 1, "MEDIUM")]
