"""Kinds of issue 8's blind twenty-eighth set (zuul 14.3.0, craft-parts 2.37.2, pdm 2.29.4,
tutor 22.0.3), and of the set-26 findings (salt 3008.5) they led back to, kept as tests.
"""
from __future__ import annotations

import re
from pathlib import Path

from test_harm import run, shown

from aliaslint import harm
from aliaslint.summary import CallSite, Site

# salt 3008.5's ``salt/utils/channel.py`` ``iter_transport_opts``: each transport gets a deep
# copy of the options, with the class-level secrets put back in; the master's loops hand each
# copy to ``PubServerChannel.factory``, which merges settings into it and keeps it. Four AL001s
# said "they are all one object" (A's of issue 8's twenty-sixth set)
TRANSPORTS = '''\
import copy


class Master:
    secrets = {}


def iter_opts(opts):
    t_opts = copy.deepcopy(opts)
    t_opts["secrets"] = Master.secrets
    yield "zeromq", t_opts


def merge(dest, upd):
    for key in upd:
        sub = dest.get(key)
        if isinstance(sub, dict):
            merge(sub, upd[key])
        else:
            dest[key] = upd[key]
    return dest


def prepare(opts, extra):
    merge(opts, extra)
    return opts


def start(opts, extra):
    channels = []
    for _, t_opts in iter_opts(opts):
        channels.append(prepare(t_opts, extra))
    return channels
'''


def test_an_object_a_generator_yields_outside_its_loops_is_another_each_round(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": TRANSPORTS})) == []


def test_an_object_a_generator_makes_once_and_yields_in_its_loop_is_one(tmp_path: Path) -> None:
    # the twin: one copy, changed and yielded on every round of the generator's loop
    text = TRANSPORTS.replace('''    yield "zeromq", t_opts''', '''\
    for name in ("zeromq", "tcp"):
        t_opts["transport"] = name
        yield name, t_opts''')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL004", 13, "HIGH"), ("AL001", 34, "HIGH")]


# salt 3008.5's ``SyncClientMixin``: ``functions = ()`` at class level, a default each client
# replaces with its loader; ``self.functions[name].__globals__[k] = v`` changes the loader's
# modules (an A of issue 8's twenty-sixth set)
EMPTY_DEFAULT = '''\
class Mixin:
    functions = ()

    def low(self, fun, func_globals):
        for mod_name in list(self.functions):
            for key, value in func_globals.items():
                self.functions[mod_name].__globals__[key] = value


class Runner(Mixin):
    def __init__(self, opts):
        self.functions = load(opts)


def load(opts):
    return {}
'''


def test_nothing_in_an_empty_class_level_tuple_is_changed(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": EMPTY_DEFAULT}, preview=True)) == []


def test_a_class_level_tuple_holding_an_object_is_changed(tmp_path: Path) -> None:
    # the twin: the tuple holds a dict, which every instance without its own loader shares
    text = EMPTY_DEFAULT.replace("functions = ()", "functions = ({},)")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 7, "HIGH")]


# craft-parts 2.37.2's ``ProjectVarInfo``: a pydantic ``RootModel`` whose ``root: dict = {}``
# default each instance gets a copy of (an A of issue 8's twenty-eighth set)
ROOT_MODEL = '''\
import pydantic


class Var(pydantic.BaseModel):
    value: str | None = None
    updated: bool = False
    part_name: str | None = None


class VarInfo(pydantic.RootModel[dict[str, "Var | VarInfo"]]):
    root: dict[str, "Var | VarInfo"] = {}

    def __setitem__(self, key, value):
        self.root[key] = value

    def update_from(self, other, part_name):
        for key, other_value in other.root.items():
            self_value = self.root.get(key)
            if isinstance(self_value, Var) and isinstance(other_value, Var):
                if other_value.updated and other_value.part_name == part_name:
                    self_value.value = other_value.value
                    self_value.updated = True
            elif isinstance(self_value, VarInfo) and isinstance(other_value, VarInfo):
                self_value.update_from(other_value, part_name)
'''


def test_a_pydantic_root_model_default_is_each_instance_own(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": ROOT_MODEL}, preview=True)) == []


def test_a_plain_class_default_is_shared(tmp_path: Path) -> None:
    # the twin: the same class on a plain base shares the class-level dict
    text = ROOT_MODEL.replace('pydantic.RootModel[dict[str, "Var | VarInfo"]]', "Base").replace(
        "import pydantic\n", "import pydantic\n\n\nclass Base:\n    pass\n")
    # (led by ``self_value.updated = True``: the write of ``value`` above it puts what the key
    # that chose the entry picks, the same again when repeated; see ``_leading_first``)
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 26, "HIGH")]


# zuul 14.3.0's ``zuul_stream.py`` (vendored three times): ``zuul_filter_result`` takes stdout and
# friends out of the result dict a callback hands it, documented as "Remove keys from shell/
# command output."; the callback then fills a message from the dict (three B's of issue 8's
# twenty-eighth set, whose second use was that message)
FILTER = '''\
def zuul_filter_result(result):
    """Remove keys from shell/command output.

    Zuul streams stdout/stderr into the log above, so drop them here.
    """
    stdout = result.pop("stdout", "")
    for key in ("changed", "cmd"):
        result.pop(key, None)
    return stdout.split("\\n")


class Callback:
    def on_ok(self, result_dict):
        lines = zuul_filter_result(result_dict)
        return lines, "Item: Runtime: {delta}".format(**result_dict)
'''


def test_a_function_documented_as_removing_keys_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": FILTER})) == []
    assert shown(run(tmp_path / "preview", {"m.py": FILTER}, preview=True)) == [("AL007", 6, "MEDIUM")]


def test_an_undocumented_public_function_removing_keys_is_shown(tmp_path: Path) -> None:
    # the twin: the same removal, undocumented: the public entry point's caller loses its keys
    text = FILTER.replace("Remove keys from shell/command output.", "Collect the output lines.")
    # (an argument named as configuration: see ``harm._optional``)
    text = re.sub(r"\bresult\b", "result_options", text)
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 6, "HIGH")]


def test_a_string_template_filled_from_the_object_only_displays_it() -> None:
    site = Site("m", 1, 0)
    def call(text: str) -> CallSite:
        return CallSite(0, frozenset(), text, site, ())
    assert harm._displays(call('"Item: Runtime: {delta}".format'))
    assert harm._displays(call("'{name}: {value}'.format_map"))
    # a template held under a name may be anything; a project's own ``format`` is a call of it
    assert not harm._displays(call("template.format"))
    assert not harm._displays(call("formatter.format_spec"))


# zuul 14.3.0's ``ProjectTemplateParser.parseJobList``: ``jobname, attrs = list(conf_job.items())[0]``
# takes the one entry of a YAML job out to name it, then annotates the job's attributes (a B of
# issue 8's twenty-eighth set, said to be a copy made to leave them unchanged)
VIEW_LIST = '''\
def parse_job_list(conf, source_context):
    jobs = []
    for conf_job in conf["jobs"]:
        jobname, attrs = list(conf_job.items())[0]
        attrs["_source_context"] = source_context
        attrs["name"] = jobname
        jobs.append(attrs)
    return jobs


def parse_pipelines(conf, source_context):
    out = []
    for conf_pipeline in conf:
        out.append(parse_job_list(conf_pipeline, source_context))
    return out
'''


def test_a_mapping_view_made_a_list_to_index_it_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": VIEW_LIST})) == []
    assert shown(run(tmp_path / "preview", {"m.py": VIEW_LIST}, preview=True)) == [("AL002", 4, "MEDIUM")]


def test_a_mapping_copied_then_changed_below_is_shown(tmp_path: Path) -> None:
    # the twin: ``dict(conf_job)`` is a copy, whose nested ``vars`` is still the caller's
    text = VIEW_LIST.replace('''        jobname, attrs = list(conf_job.items())[0]
        attrs["_source_context"] = source_context
        attrs["name"] = jobname
''', '''        attrs = dict(conf_job)
        attrs["vars"]["_source_context"] = source_context
''')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL002", 4, "HIGH")]


# zuul 14.3.0's ``createDynamicLayout``: one ``ParsedConfig`` gathers, round by round, the errors
# of each project's cached branch configuration, looked up by the project's name (a collector,
# a B of issue 8's twenty-eighth set, said to get "the same ones again")
GATHER = '''\
class Parsed:
    def __init__(self):
        self.errors = []

    def extend(self, other):
        self.errors.extend(other.errors)


class Cache:
    def __init__(self):
        self.entries = {}

    def lookup(self, name):
        ret = Parsed()
        for key in (name + "/zuul.yaml", name + "/.zuul.yaml"):
            entry = self.entries.get(key)
            if entry is not None:
                ret.extend(entry)
        return ret


def add_branch(parsed, branch):
    parsed.errors.extend(branch.errors)


def load_project(cache, parsed, project):
    branch = cache.lookup(project.name)
    if branch:
        add_branch(parsed, branch)


def layout(projects):
    cache = Cache()
    parsed = Parsed()
    for project in projects:
        load_project(cache, parsed, project)
    return parsed
'''


def test_what_a_call_returns_for_each_round_input_is_another_each_round(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": GATHER}, preview=True)) == []


def test_what_a_call_returns_for_the_same_input_is_the_same_again(tmp_path: Path) -> None:
    # the twin: the same entry looked up on every round is added again
    text = GATHER.replace("cache.lookup(project.name)", 'cache.lookup("default")')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL001", 36, "HIGH")]


# pdm 2.29.4's ``MetaConverter``: each converter, marked by ``@convert_from(...)``, takes its keys
# out of the source that ``convert`` hands it (and consumes anyway); no code calls one by name
# (three "public entry point" B's of issue 8's twenty-eighth set)
CONVERTER = '''\
def convert_from(field=None):
    def wrapper(func):
        func._convert_from = field
        return func

    return wrapper


class Converter:
    def __init__(self, source):
        self.source = source

    @convert_from()
    def urls(self, source):
        rv = source.pop("urls", {})
        if "homepage" in source:
            rv["homepage"] = source.pop("homepage")
        return rv

    def convert(self):
        out = {}
        for name in ("urls",):
            out[name] = getattr(self, name)(self.source)
        return out
'''


def test_a_function_a_decorator_marks_for_a_dispatcher_is_no_entry_point(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": CONVERTER})) == []


def test_a_function_a_decorator_wraps_is_still_an_entry_point(tmp_path: Path) -> None:
    # the twin: the decorator hands back a wrapper, the public method a user calls
    text = CONVERTER.replace('''    def wrapper(func):
        func._convert_from = field
        return func
''', '''    def wrapper(func):
        def inner(*args, **kwargs):
            return func(*args, **kwargs)
        return inner
''')
    # (and ``convert`` looks the method up on the class, not by name on the object, which would
    # make it a dispatcher's: the thirtieth set's ``dispatched_by_name``)
    text = text.replace("getattr(self, name)(self.source)", "getattr(Converter, name)(self, self.source)")
    # (an argument named as configuration: see ``harm._optional``)
    text = re.sub(r"\bsource\b", "source_options", text)
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 16, "HIGH")]


# zuul 14.3.0's ``GithubTrigger.getEventFilters``: ``if trigger.get('action') == 'requested':
# trigger['action'] = 'rerequested'``, a deprecated spelling renamed in the parsed configuration
# (a "public entry point" B of issue 8's twenty-eighth set)
RENAME = '''\
class Trigger:
    def get_event_filters(self, trigger_config):
        filters = []
        for trigger in trigger_config:
            if trigger.get("action") == "requested":
                trigger["action"] = "rerequested"
            filters.append(dict(action=trigger["action"]))
        return filters
'''


def test_a_deprecated_value_renamed_in_place_is_no_finding(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": RENAME}, preview=True)) == []


def test_a_value_set_under_a_test_of_another_key_is_shown(tmp_path: Path) -> None:
    # the twin: the test is of another key, so the caller's own action is replaced
    text = RENAME.replace('if trigger.get("action") == "requested":', 'if trigger.get("legacy") == "yes":')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 6, "HIGH")]


# salt 3008.5's ``rest_cherrypy`` ``Webhook`` and ``Stats``: ``__init__`` turns authentication off
# in the class-level ``_cp_config`` when the process's API settings say so (two B's of issue 8's
# twenty-sixth set): every instance decides alike
PROCESS_SETTING = '''\
import cherrypy


class LowDataAdapter:
    _cp_config = {"tools.salt_auth.on": True, "tools.lowdata_fmt.on": True}


class Webhook:
    _cp_config = dict(LowDataAdapter._cp_config, **{"tools.salt_auth.on": True})

    def __init__(self):
        self.opts = cherrypy.config["saltopts"]
        if cherrypy.config["apiopts"].get("webhook_disable_auth"):
            self._cp_config["tools.salt_auth.on"] = False
'''


def test_a_constant_set_as_the_process_settings_say_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": PROCESS_SETTING})) == []
    assert shown(run(tmp_path / "preview", {"m.py": PROCESS_SETTING}, preview=True)) == [("AL003", 14, "MEDIUM")]


def test_a_constant_set_as_each_instance_is_told_is_shown(tmp_path: Path) -> None:
    # the twin: each instance's own argument decides, so one instance's choice reaches the others
    text = PROCESS_SETTING.replace("    def __init__(self):", "    def __init__(self, apiopts):").replace(
        'cherrypy.config["apiopts"].get', "apiopts.get")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 14, "HIGH")]


# podman 5.8.0's ``ContainersManager.create``: ``payload = {...}; payload.update(kwargs)`` is made
# for the call, but holds the user's ``volumes=`` dict; ``_render_payload`` copies the payload's
# top level and appends the mount mode to the user's ``extended_mode`` list, walked through
# ``.items()`` (a bug reproduced in issue 8's twenty-ninth set, where it was preview only)
VOLUMES = '''\
import copy
from typing import Any, MutableMapping


class Manager:
    def create(self, image, command=None, **kwargs):
        payload = {"image": image, "command": command}
        payload.update(kwargs)
        payload = self._render_payload(payload)
        return payload

    @staticmethod
    def _render_payload(kwargs: MutableMapping[str, Any]) -> dict[str, Any]:
        args = copy.copy(kwargs)
        params = {"mounts": []}
        for item in args.pop("volumes", {}).items():
            key, value = item
            options = value.get("extended_mode", [])
            mode = value.get("mode")
            if mode is not None:
                options.append(mode)
            params["mounts"].append({"destination": value["bind"], "options": options})
        return params
'''


def test_a_fresh_payload_holding_the_callers_arguments_is_not_the_callees_own(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": VOLUMES})
    assert shown(found) == [("AL002", 14, "HIGH")]
    assert found[0].message.startswith(
        '`copy.copy(kwargs)` copies only the top level, so the code that appends to '
        '`kwargs["volumes"][*]["extended_mode"]` also changes the original')


def test_a_fresh_payload_of_the_callers_own_literals_is_the_callees(tmp_path: Path) -> None:
    # the twin: what the caller hands over holds only what it made for the call
    text = VOLUMES.replace('''        payload = {"image": image, "command": command}
        payload.update(kwargs)
        payload = self._render_payload(payload)
        return payload''', '''        return self._render_payload({"image": image, "volumes": {"/data": {"bind": "/mnt", "extended_mode": []}}})''')
    assert shown(run(tmp_path / "default", {"m.py": text})) == []
    assert shown(run(tmp_path / "preview", {"m.py": text}, preview=True)) == [("AL002", 11, "MEDIUM")]


# octodns 1.22.0's ``Manager.__init__``: the configuration is read from the file into
# ``self.config`` inside ``with open(...)``, then each ``_config_*`` method takes ``class`` out of
# its section, once per manager (four C's of issue 8's twenty-ninth set, whose second use was "its
# next call"). A ``with`` block always runs, so what it sets is the instance's new object; octodns
# itself calls a method on ``self`` before (``self._try_version(...)``), which changes nothing of it
LOADED = '''\
from yaml import load
from yaml.loader import SafeLoader


def safe_load(stream):
    return load(stream, SafeLoader)


class Manager:
    def __init__(self, config_file):
        with open(config_file) as fh:
            self.config = safe_load(fh)
        zones = self.config["zones"]
        self.config["zones"] = self._config_zones(zones)
        providers_config = self.config["providers"]
        self.providers = self._config_providers(providers_config)

    def _config_providers(self, providers_config):
        providers = {}
        for provider_name, provider_config in providers_config.items():
            _class = provider_config.pop("class")
            providers[provider_name] = _class(provider_name, **provider_config)
        return providers

    def _config_zones(self, zones):
        return dict(zones)
'''


def test_a_constructor_taking_apart_what_it_loaded_itself_has_no_next_call(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": LOADED})) == []


def test_a_constructor_taking_apart_what_it_loaded_after_a_method_call_has_no_next_call(tmp_path: Path) -> None:
    text = LOADED.replace('''    def __init__(self, config_file):
        with open(config_file) as fh:''', '''    def __init__(self, config_file):
        self.version = self._try_version("octodns")
        with open(config_file) as fh:''') + '''
    def _try_version(self, name):
        return name
'''
    assert shown(run(tmp_path, {"m.py": text})) == []


def test_a_constructor_taking_apart_what_the_instance_already_held_is_shown(tmp_path: Path) -> None:
    # the twin: the document comes from an object the instance holds, which may hand the same
    # one to every manager
    text = LOADED.replace('''    def __init__(self, config_file):
        with open(config_file) as fh:
            self.config = safe_load(fh)''', '''    source = None

    def __init__(self, config_file):
        self.version = self._try_version("octodns")
        self.config = self.source.get(config_file)''') + '''
    def _try_version(self, name):
        return name
'''
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 23, "HIGH")]


def test_a_constructor_taking_apart_what_it_was_given_is_shown(tmp_path: Path) -> None:
    # the twin: the configuration is the caller's, which another manager may be built from
    text = LOADED.replace('''    def __init__(self, config_file):
        with open(config_file) as fh:
            self.config = safe_load(fh)''', '''    def __init__(self, config):
        self.config = config''')
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 15, "HIGH")]


# salt 3008.5's fileserver backends: ``if "env" in load: load.pop("env")``, a retired option
# refused, its value thrown away (B's of issue 8's twenty-sixth set)
DROPPED = '''\
def serve_file(load, fnd):
    """Return a chunk from a file based on the data received."""
    if "env" in load:
        # "env" is not supported; use "saltenv"
        load.pop("env")
    ret = {"data": "", "dest": ""}
    if "path" not in load or "saltenv" not in load:
        return ret
    ret["dest"] = fnd["rel"]
    ret["data"] = load["path"]
    return ret
'''


def test_an_option_dropped_when_present_is_preview(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"m.py": DROPPED})) == []
    assert shown(run(tmp_path / "preview", {"m.py": DROPPED}, preview=True)) == [("AL007", 5, "MEDIUM")]


def test_an_option_taken_out_to_use_is_shown(tmp_path: Path) -> None:
    # the twin: the value is taken out to be used, whatever the caller meant to keep
    text = DROPPED.replace('''    if "env" in load:
        # "env" is not supported; use "saltenv"
        load.pop("env")''', '''    env = load.pop("env", None)''').replace(
        '''    ret["data"] = load["path"]''', '''    ret["data"] = load["path"] if env is None else env''')
    # (an argument named as configuration: see ``harm._optional``)
    text = re.sub(r"\bload\b", "load_options", text)
    assert shown(run(tmp_path, {"m.py": text})) == [("AL007", 3, "HIGH")]


def test_an_element_a_search_of_other_inputs_found_is_still_taken_from_the_caller(tmp_path: Path) -> None:
    # the other twin, napalm 5.2.0's ``_compare_getter_list`` (the module as released, stored for
    # the eighth set's tests): each element of the caller's list that matches an expected one is
    # popped, decided by the expected ones, not by the list alone (its dict twin deep-copies
    # first: "Otherwise we are going to modify a live object")
    text = (Path(__file__).parent / "data" / "unseen" / "napalm_validate.py").read_text(encoding="utf-8")
    assert shown(run(tmp_path, {"validate.py": text})) == [("AL001", 31, "HIGH"), ("AL007", 120, "HIGH")]
