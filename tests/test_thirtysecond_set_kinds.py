"""Kinds of issue 8's blind thirty-first to thirty-third sets (kombu 5.7.0's miss, clearml-agent's
and sentry-sdk's A's; torchx 0.7.0, elyra 4.1.1; pelican 4.12.0) and of what this stop's tuning
compare caught (sagemaker, feast, hydra-core, botocore), kept as tests with their twins.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# kombu 5.7.0: a virtual channel makes one object of each exchange class in its class-level table,
# handing itself over; a direct exchange hands one message to every bound queue's ``_put``, which
# the virtual channel leaves to each transport, and SQS's pops the message's attributes: every
# queue after the first gets none (reproduced by the thirty-first set's reader)
EXCHANGE = '''\
class ExchangeType:
    def __init__(self, channel):
        self.channel = channel


class DirectExchange(ExchangeType):
    def deliver(self, message, exchange, routing_key):
        _put = self.channel._put
        for queue in self.channel._lookup(exchange, routing_key):
            _put(queue, message)


STANDARD_EXCHANGE_TYPES = {"direct": DirectExchange}
'''
BASE = '''\
from pkg.exchange import STANDARD_EXCHANGE_TYPES


class Channel:
    exchange_types = dict(STANDARD_EXCHANGE_TYPES)

    def __init__(self):
        self.exchange_types = {typ: cls(self) for typ, cls in self.exchange_types.items()}

    def _lookup(self, exchange, routing_key):
        return [exchange, routing_key]

    def _put(self, queue, message):
        raise NotImplementedError("Virtual channels must implement _put")
'''
SQS = '''\
from pkg.base import Channel as VirtualChannel


class Channel(VirtualChannel):
    def _put(self, queue, message):
        kwargs = {}
        if "message_attributes" in message["properties"]:
            kwargs["MessageAttributes"] = message["properties"].pop("message_attributes")
        print(queue, message, kwargs)
'''


def test_an_exchange_made_from_a_class_table_hands_one_message_to_each_transports_put(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/exchange.py": EXCHANGE, "pkg/base.py": BASE, "pkg/sqs.py": SQS})
    assert shown(found) == [("AL001", 10, "HIGH")]
    assert [(Path(r.location.path).name, r.location.line, r.message) for r in found[0].related] == [
        ("sqs.py", 8, '`message["properties"]` is mutated here (pop)'),
        ("exchange.py", 9, "second use: the next iteration passes the same object again"),
    ]


def test_a_base_method_with_a_body_of_its_own_is_not_taken_for_its_overrides(tmp_path: Path) -> None:
    # the twin: the virtual channel's ``_put`` does something itself, so a channel of the base
    # class runs that one; a subclass's override is not what every receiver of that class runs
    base = BASE.replace('        raise NotImplementedError("Virtual channels must implement _put")',
                        "        self.sent = (queue, message)")
    assert shown(run(tmp_path, {"pkg/exchange.py": EXCHANGE, "pkg/base.py": base, "pkg/sqs.py": SQS})) == []


def test_a_table_filled_at_run_time_names_no_class(tmp_path: Path) -> None:
    # the twin: a registry that ``register`` fills is not known from the summaries; its entries
    # stay unknown, as any call of an unknown object
    exchange = EXCHANGE.replace('STANDARD_EXCHANGE_TYPES = {"direct": DirectExchange}',
                                'STANDARD_EXCHANGE_TYPES = {}\n\n\n'
                                'def register(name, cls):\n    STANDARD_EXCHANGE_TYPES[name] = cls')
    assert shown(run(tmp_path, {"pkg/exchange.py": exchange, "pkg/base.py": BASE, "pkg/sqs.py": SQS})) == []


HANDLERS = '''\
def add_mount(spec):
    spec["volumeMounts"].append({"name": "shm", "mountPath": "/dev/shm"})


def labels(spec):
    return dict(spec.get("labels", {}))


HANDLERS = {"mount": add_mount, "labels": labels}


def build(spec, kinds):
    pods = []
    for kind in kinds:
        HANDLERS[kind](spec)
        pods.append(dict(spec))
    return pods
'''


def test_a_module_level_table_of_functions_dispatches_to_each_of_them(tmp_path: Path) -> None:
    # the same kind spelled as a dict of functions looked up by key in a loop
    found = run(tmp_path, {"pkg/handlers.py": HANDLERS})
    assert shown(found) == [("AL001", 15, "HIGH")]
    assert found[0].message.startswith(
        "`HANDLERS[kind](...)` gets the same object on every iteration of the loop, and add_mount appends to "
        '`spec["volumeMounts"]`, so the object the second iteration gets already holds')


# clearml-agent 3.0.3's vendored pyrsistent: ``plist.reverse()`` returns a new persistent list,
# and ``_pop_lists`` goes on with that result; the builtin ``list.reverse()`` returns None, so a
# call whose result is bound, or has an attribute read, is another class's method (an A of
# issue 8's thirty-first set)
POP_LISTS = '''\
class PDeque:
    def __init__(self, left_list, right_list):
        self._left_list = left_list
        self._right_list = right_list

    def pop(self, count=1):
        new_right_list, new_left_list = PDeque._pop_lists(self._right_list, self._left_list, count)
        return PDeque(new_left_list, new_right_list)

    @staticmethod
    def _pop_lists(primary_list, secondary_list, count):
        new_primary_list = primary_list
        new_secondary_list = secondary_list
        while count > 0 and (new_primary_list or new_secondary_list):
            count -= 1
            if new_primary_list.rest:
                new_primary_list = new_primary_list.rest
            elif new_primary_list:
                new_primary_list = new_secondary_list.reverse()
                new_secondary_list = None
            else:
                new_primary_list = new_secondary_list.reverse().rest
        return new_primary_list, new_secondary_list
'''


def test_a_reverse_whose_result_the_code_goes_on_with_is_not_the_lists(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/pdeque.py": POP_LISTS}, preview=True)) == []


def test_a_reverse_called_for_its_change_is_the_lists(tmp_path: Path) -> None:
    # the twin: the same function reversing the caller's list in place, the result thrown away
    changed = POP_LISTS.replace("                new_primary_list = new_secondary_list.reverse()\n",
                                "                new_secondary_list.reverse()\n"
                                "                new_primary_list = new_secondary_list\n")
    assert shown(run(tmp_path, {"pkg/pdeque.py": changed})) == [("AL007", 19, "HIGH")]


# sentry-sdk 2.76.0: the global scope is ``None`` at module level and made on first use by a
# function declaring it ``global``; merging copies it with ``copy(_global_scope)``, which runs
# ``Scope.__copy__``, and that copies every container the merge then changes (an A of issue 8's
# thirty-first set: the global's class was not known)
SCOPE = '''\
from copy import copy

_global_scope = None


class Scope:
    def __init__(self):
        self._tags = {}
        self._processors = []

    def __copy__(self):
        rv = object.__new__(self.__class__)
        rv._tags = dict(self._tags)
        rv._processors = list(self._processors)
        return rv

    def set_tag(self, key, value):
        self._tags[key] = value

    def add_processor(self, processor):
        self._processors.append(processor)


def get_global_scope():
    global _global_scope
    if _global_scope is None:
        _global_scope = Scope()
    return _global_scope


def get_merged_scope(tags):
    final_scope = copy(_global_scope) if _global_scope is not None else Scope()
    for key, value in tags.items():
        final_scope.set_tag(key, value)
    final_scope.add_processor(len)
    return final_scope
'''


def test_a_lazily_made_global_copied_by_its_own_copy_method(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/scope.py": SCOPE}, preview=True)) == []


def test_a_lazily_made_global_of_a_class_without_a_copy_method(tmp_path: Path) -> None:
    # the twin: without ``__copy__`` the copy shares the global scope's containers
    start = SCOPE.index("    def __copy__(self):")
    without = SCOPE[:start] + SCOPE[SCOPE.index("    def set_tag"):]
    found = run(tmp_path, {"pkg/scope.py": without}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL002", 26)]


# torchx 0.7.0: ``Scheduler.submit(app)``, a public method, runs the Docker scheduler's dry run,
# which adds the device mounts to each role of the caller's ``AppDef`` (a dataclass) again on every
# submit: 2, then 4, then 6 device entries (reproduced by the thirty-second set's reader, who would
# report it upstream; shown only with --preview before, as an argument typed as a project class)
SPECS = '''\
from dataclasses import dataclass, field


@dataclass
class Role:
    name: str
    devices: dict = field(default_factory=dict)
    mounts: list = field(default_factory=list)
    env: dict = field(default_factory=dict)


@dataclass
class AppDef:
    name: str
    roles: list = field(default_factory=list)
'''
SCHEDULER = '''\
from pkg.specs import AppDef


def device_mounts(devices):
    return [f"/dev/{name}" for name in devices]


class Scheduler:
    def submit(self, app: AppDef) -> dict:
        containers = []
        for role in app.roles:
            role.mounts += device_mounts(role.devices)
            containers.append({"name": role.name, "mounts": list(role.mounts)})
        return {"containers": containers}
'''


def test_a_public_method_adding_to_a_record_argument_again_on_every_call(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/specs.py": SPECS, "pkg/scheduler.py": SCHEDULER})
    assert shown(found) == [("AL007", 12, "HIGH")]
    assert found[0].related[-1].message == (
        "public entry point: `app` comes from the caller, and every call adds to what the caller gave again")


def test_a_public_method_writing_a_key_into_a_record_argument(tmp_path: Path) -> None:
    # the twin: a key written into the role's ``env`` (torchx's ``Runner.dryrun`` sets its
    # ``TORCHX_*`` variables) neither duplicates nor destroys what the caller gave
    scheduler = SCHEDULER.replace("            role.mounts += device_mounts(role.devices)\n",
                                  '            role.env["TORCHX_ROLE"] = role.name\n')
    assert shown(run(tmp_path, {"pkg/specs.py": SPECS, "pkg/scheduler.py": scheduler})) == []


def test_a_public_method_adding_to_a_state_objects_list(tmp_path: Path) -> None:
    # the twin: an argument of a class with changing methods of its own is state the method
    # works on, not a spec
    specs = SPECS.replace("    roles: list = field(default_factory=list)\n",
                          "    roles: list = field(default_factory=list)\n\n"
                          "    def add_role(self, role):\n        self.roles.append(role)\n") \
        .replace("@dataclass\nclass AppDef:", "class AppDef:").replace(
            "    name: str\n    roles: list = field(default_factory=list)\n",
            "    def __init__(self, name, roles):\n        self.name = name\n        self.roles = roles\n")
    assert shown(run(tmp_path, {"pkg/specs.py": specs, "pkg/scheduler.py": SCHEDULER})) == []


# sagemaker 2.257.7's ``_Job.compile``: the request it builds goes through a chain of private
# helpers, each making a shallow copy and changing a nested list of it, the next one handed what the
# previous returned. The request is handed on, not shared by two uses (this stop's kombu change
# resolved more of the chain and made both copies default findings, caught by the tuning compare)
CHAIN = '''\
def _extend_mpirun(request):
    extended = request.copy()
    for channel in extended["inputs"]:
        channel["distribution"] = "replicated"
    return extended


def _extend_spark(request):
    extended = request.copy()
    extended["inputs"].append({"name": "conf"})
    return extended


class Job:
    def compile(self, name):
        request = {"name": name, "inputs": [{"name": "scripts"}]}
        extended = _extend_spark(request)
        extended = _extend_mpirun(extended)
        return extended
'''


def test_a_request_handed_along_a_chain_of_private_helpers(tmp_path: Path) -> None:
    assert shown(run(tmp_path / "default", {"pkg/job.py": CHAIN})) == []
    assert shown(run(tmp_path / "preview", {"pkg/job.py": CHAIN}, preview=True)) == [
        ("AL002", 2, "MEDIUM"), ("AL002", 9, "MEDIUM")]


def test_a_request_whose_copy_is_handed_to_two_helpers(tmp_path: Path) -> None:
    # the twin: what the first helper returns goes to two others, whose changes of its nested list
    # both land in the one list
    two = CHAIN.replace("        extended = _extend_mpirun(extended)\n        return extended\n",
                        "        return _extend_mpirun(extended), _extend_mpirun(extended)\n")
    assert shown(run(tmp_path, {"pkg/job.py": two})) == [("AL002", 2, "HIGH")]


# feast 0.67.0: ``OnDemandFeatureView.transform_dict`` deletes helper columns from what its
# transformation returns; a Trino transformation returns its SQL text under ``isinstance(self.udf,
# str)``, which was taken for the transformation's object (this stop's override resolution made
# every transformation's ``transform`` a target, caught by the tuning compare)
TRANSFORM = '''\
class Transformation:
    def __init__(self, udf):
        self.udf = udf

    def transform(self, inputs):
        raise NotImplementedError


class PythonTransformation(Transformation):
    def transform(self, inputs):
        return {**inputs, **self.udf(inputs)}


class SqlTransformation(Transformation):
    def transform(self, inputs):
        if callable(self.udf):
            return self.udf(inputs)
        elif isinstance(self.udf, str):
            return self.udf
        return None


class View:
    def __init__(self, transformation: Transformation):
        self.transformation = transformation

    def transform_dict(self, features, cleanup):
        out = self.transformation.transform(features)
        for name in cleanup:
            if name in out:
                del out[name]
        return out


def views(transformation):
    return View(transformation), View(transformation)
'''


def test_an_attribute_returned_under_a_string_test_is_no_container(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/view.py": TRANSFORM}, preview=True)) == []


def test_an_attribute_returned_as_it_is(tmp_path: Path) -> None:
    # the twin: without the test, the transformation hands back its own object
    plain = TRANSFORM.replace("        elif isinstance(self.udf, str):\n            return self.udf\n",
                              "        elif self.udf:\n            return self.udf\n")
    assert shown(run(tmp_path, {"pkg/view.py": plain}, preview=True)) == [("AL006", 31, "MEDIUM")]


# hydra-core 1.3.8: composing a config loads each default from a caching repository and pops the
# primary config's ``hydra`` node from what the repository returns; each round of the loop asks for
# another default, so another cached config (this stop's override resolution made the
# repository's ``load_config`` a target, and the finding new in the tuning compare)
LOADER = '''\
class ConfigResult:
    def __init__(self, config):
        self.config = config


class IConfigRepository:
    def load_config(self, config_path):
        raise NotImplementedError()


class CachingConfigRepository(IConfigRepository):
    def __init__(self, delegate):
        self.delegate = delegate
        self.cache = {}

    def load_config(self, config_path):
        cache_key = f"config_path={config_path}"
        if cache_key not in self.cache:
            self.cache[cache_key] = ConfigResult({"hydra": {}, "db": config_path})
        return self.cache[cache_key]


def load_single_config(default, repo: IConfigRepository):
    ret = repo.load_config(config_path=default["config_path"])
    hydra = None
    if default["primary"] and "hydra" in ret.config:
        hydra = ret.config.pop("hydra")
    return ret, hydra


def compose(defaults, repo: IConfigRepository):
    merged = {}
    for default in defaults:
        loaded, _ = load_single_config(default, repo)
        merged.update(loaded.config)
    return merged
'''


def test_a_cached_item_looked_up_by_each_rounds_key(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"pkg/loader.py": LOADER})) == []


def test_one_object_a_repository_returns_whatever_it_is_asked(tmp_path: Path) -> None:
    # the twin: the repository hands back its primary config for any path
    one = LOADER.replace("        return self.cache[cache_key]\n", "        return self.primary\n") \
        .replace("        self.cache = {}\n", "        self.cache = {}\n        self.primary = ConfigResult({'hydra': {}})\n")
    assert shown(run(tmp_path, {"pkg/loader.py": one})) == [("AL001", 35, "HIGH")]


def test_a_registry_of_many_entries_is_not_joined(tmp_path: Path) -> None:
    # the twin of the table kind: nine handlers, one of them chosen by a key the caller gives
    # (botocore's ``AUTH_TYPE_MAPS.get(signature_version)``): no one call runs them all
    readers = "".join(f"def labels{i}(spec):\n    return spec.get('l{i}')\n\n\n" for i in range(8))
    many = HANDLERS.replace('HANDLERS = {"mount": add_mount, "labels": labels}',
                            readers + 'HANDLERS = {"mount": add_mount, '
                            + ", ".join(f'"l{i}": labels{i}' for i in range(8)) + "}")
    assert shown(run(tmp_path, {"pkg/handlers.py": many}, preview=True)) == []


# pelican 4.12.0: the generators share one context and each records its contents in it; the
# finding named the package's own loop building every generator from that context, and next to it
# the tests building one each (the thirty-third set's reader counted 18 such notes in the tests)
GENERATORS = '''\
class Generator:
    def __init__(self, context, settings):
        self.context = context
        self.settings = settings

    def add_source_path(self, location, content, static=False):
        key = "static_content" if static else "generated_content"
        self.context[key][location] = content


class StaticGenerator(Generator):
    pass


def build(settings):
    context = {"generated_content": {}, "static_content": {}}
    return [cls(context, settings) for cls in (Generator, StaticGenerator)], context
'''
GENERATOR_TESTS = '''\
from pkg.generators import Generator

CONTEXT = {"generated_content": {}, "static_content": {}}


def test_add():
    generator = Generator(CONTEXT, {})
    generator.add_source_path("a", 1)
'''


def test_the_witness_is_the_packages_own_construction_not_its_tests(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/generators.py": GENERATORS, "pkg/tests/test_generators.py": GENERATOR_TESTS})
    assert shown(found) == [("AL006", 8, "HIGH")]
    assert [(Path(r.location.path).name, r.location.line) for r in found[0].related
            if r.message.startswith("second use: ")] == [("generators.py", 17)]


# elyra 4.1.1: an operation scrubs the ``inputs`` and ``outputs`` lists of the node's parameters
# (None and "" removed) through a static helper, reading them with ``get(..., [])``; the write's
# value comes from the dict itself, so a second scrub changes nothing (a B of the thirty-second set:
# the empty default's elements were taken for something unknown)
OPERATION = '''\
class Operation:
    def __init__(self, name, component_props):
        self._name = name
        self._component_props = component_props or {}
        self._component_props["inputs"] = Operation._scrub_list(component_props.get("inputs", []))

    @classmethod
    def create_instance(cls, name, component_props):
        return cls(name, component_props)

    @staticmethod
    def _scrub_list(dirty):
        if not dirty:
            return []
        return [clean for clean in dirty if clean]


class Parser:
    def __init__(self, node):
        self.node = node

    def operations(self):
        props = self.node.get("component_parameters", {})
        return [Operation.create_instance(self.node["id"], props)]
'''


def _write_deps(tmp_path: Path, text: str, function: str) -> list[str]:
    """The roots the value of ``function``'s item writes into its parameters comes from."""
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.project import Project
    from aliaslint.summary import ModuleSummary

    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    project = Project({s.module: s for s in summaries if isinstance(s, ModuleSummary)}).analyse()
    return sorted(f"{r.kind}:{r.name}" for e in project.effects[function].values()
                  if e.root.kind == "param" and e.op == "[] =" for r in e.value_deps)


def test_a_list_scrubbed_through_a_helper_is_normalised(tmp_path: Path) -> None:
    # the value comes from the dict itself: the write is a normalising one (not a finding)
    assert _write_deps(tmp_path, OPERATION, "m.Operation.__init__") == ["param:component_props"]


def test_a_list_scrubbed_with_something_added(tmp_path: Path) -> None:
    # the twin: the helper adds what the operation is given besides
    added = OPERATION.replace('Operation._scrub_list(component_props.get("inputs", []))',
                              'Operation._scrub_list(component_props.get("inputs", []), name)') \
        .replace("    def _scrub_list(dirty):\n        if not dirty:\n            return []\n",
                 "    def _scrub_list(dirty, extra):\n        if not dirty:\n            return [extra]\n")
    assert _write_deps(tmp_path, added, "m.Operation.__init__") == ["param:component_props", "param:name"]
