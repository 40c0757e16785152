"""The harm model (issue 8): default findings need a second use that goes wrong; effects that are
harmless when repeated and aliasing the code intends are kept for ``--preview``."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aliaslint import engine, harm
from aliaslint.config import Settings
from aliaslint.diagnostics import Confidence
from aliaslint.files import discover

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
TREES = sorted([*FIXTURES.glob("corpus/*/before"), FIXTURES / "reference_operator" / "buggy"])


def run(tmp_path: Path, files: dict[str, str], preview: bool = False) -> list:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True, preview=preview)
    return engine.check(discover([tmp_path], settings, cwd=tmp_path), settings).diagnostics


def shown(found) -> list[tuple]:
    return [(d.code, d.location.line, d.confidence.name) for d in found]


def assert_tier(tmp_path: Path, files: dict[str, str], code: str, line: int, tier: str) -> None:
    """One finding with ``--preview`` at ``tier``; by default the same when it is HIGH, else none."""
    assert shown(run(tmp_path / "preview", files, preview=True)) == [(code, line, tier)]
    assert shown(run(tmp_path / "default", files)) == ([(code, line, "HIGH")] if tier == "HIGH" else [])


@pytest.mark.parametrize("tree", TREES, ids=lambda t: f"{t.parent.name}/{t.name}")
def test_every_default_finding_names_its_second_use_or_why_it_is_shown(tree: Path) -> None:
    settings = Settings(root=tree, no_cache=True)
    found = engine.check(discover([tree], settings, cwd=tree), settings).diagnostics
    for d in found:
        if d.code in ("AL000", "AL100"):
            continue
        assert any(r.message.startswith(harm.REASONS) for r in d.related), (
            f"{d.location.path}:{d.location.line} {d.code} has no witness:\n"
            + "\n".join(f"  {r.location.line}: {r.message}" for r in d.related))


LOOP = """
    def mark(state):
        state["flags"].{call}

    def run(state, n):
        for i in range(n):
            mark(state)
"""


@pytest.mark.parametrize(("call", "default"), [
    ('append("dirty")', True),            # a second entry each iteration
    ('remove("dirty")', True),            # the second iteration's remove raises
    ('discard("dirty")', False),          # nothing left to discard: harmless when repeated
    ('add("dirty")', False),              # a set holds it once
    ("clear()", False),                   # emptied again: a reset the next round starts from
])
def test_repeated_effects_that_change_nothing_are_preview_only(tmp_path: Path, call: str, default: bool) -> None:
    source = {"m.py": LOOP.format(call=call)}
    assert [d.code for d in run(tmp_path, source)] == (["AL001"] if default else [])


def test_a_membership_guarded_append_fills_only_what_is_missing(tmp_path: Path) -> None:
    source = """
        def register(settings, image):
            if image not in settings["images"]:
                settings["images"].append(image)

        def serialize_all(settings, tasks):
            for task in tasks:
                register(settings, "base:1")
    """
    assert run(tmp_path, {"m.py": source}, preview=True) == []


def test_a_constant_set_on_every_path_is_harmless_but_one_set_on_some_paths_leaks(tmp_path: Path) -> None:
    always = """
        class Client:
            def __init__(self):
                self.headers = {"x-trace": "1"}

            def call(self, body):
                return _prepare(self.headers, body)

        def _prepare(headers, body):
            headers["Accept"] = "application/json"
            return {"headers": headers, "body": body}
    """
    sometimes = always.replace('    headers["Accept"]', '    if body is not None:\n                headers["Content-Type"]')
    assert shown(run(tmp_path / "a", {"m.py": always}, preview=True)) == [("AL007", 10, "MEDIUM")]
    assert shown(run(tmp_path / "b", {"m.py": sometimes})) == [("AL007", 11, "HIGH")]


def test_a_documented_in_place_update_is_intended(tmp_path: Path) -> None:
    source = '''
        def apply_defaults(cfg):
            """Updates the given config in place and returns a summary of it."""
            cfg["spec"]["env"].append({"name": "TZ", "value": "UTC"})
            return {"n": len(cfg["spec"]["env"])}
    '''
    undocumented = source.replace('"""Updates the given config in place and returns a summary of it."""', "pass")
    assert shown(run(tmp_path / "a", {"m.py": source}, preview=True)) == [("AL007", 4, "MEDIUM")]
    assert shown(run(tmp_path / "b", {"m.py": undocumented})) == [("AL007", 4, "HIGH")]


@pytest.mark.parametrize(("doc", "tier"), [
    # ansible-lint 26.10 skip_utils.py:113
    (":returns: original pyyaml_data altered with a 'skipped_rules' list added", "MEDIUM"),
    ("Alters the given config: adds a time zone.", "MEDIUM"),
    ("Returns an altered copy of the config.", "HIGH"),  # says it copies: changing the argument is not
    ("Adds a time zone.", "HIGH"),
    # aws-sam-cli 1.170.0 hook_packages/terraform/hooks/prepare/enrich.py:200-207
    ("Use the metadata to enrich the given config.", "MEDIUM"),
    (":param cfg: the pod config to be enriched", "MEDIUM"),
    ("Returns an enriched copy of the config.", "HIGH"),
])
def test_a_docstring_saying_the_argument_is_altered_is_intended(tmp_path: Path, doc: str, tier: str) -> None:
    source = f'''
        def apply_defaults(cfg):
            """{doc}"""
            cfg["spec"]["env"].append({{"name": "TZ", "value": "UTC"}})
            return {{"n": len(cfg["spec"]["env"])}}
    '''
    assert shown(run(tmp_path, {"m.py": source}, preview=True)) == [("AL007", 4, tier)]


def test_a_consuming_parser_that_rejects_leftovers_is_intended(tmp_path: Path) -> None:
    source = """
        def parse_sender(cfg):
            kind = cfg.pop("class")
            port = cfg.pop("port", 0)
            if cfg:
                raise ValueError(f"unknown options: {sorted(cfg)}")
            return {"kind": kind, "port": port}
    """
    found = run(tmp_path, {"m.py": source}, preview=True)
    assert [(d.code, d.confidence) for d in found] == [("AL007", Confidence.MEDIUM)]


def test_a_public_entry_point_that_pops_a_named_key_is_shown_with_its_reason(tmp_path: Path) -> None:
    source = """
        def client_from_config(config):
            sender = config["sender"]
            name = sender.pop("class")
            return {"sender": name, "rest": sender}
    """
    [finding] = run(tmp_path, {"lib.py": source})
    assert (finding.code, finding.location.line) == ("AL007", 4)
    assert [r.message for r in finding.related] == [
        "public entry point: `config` comes from the caller, and this removes what the caller put in it",
    ]


def test_a_helper_whose_every_caller_passes_a_fresh_object_is_silent(tmp_path: Path) -> None:
    source = """
        def _strip(cfg):
            cfg.pop("legacy")
            return {"cfg": cfg}

        def build(name):
            return _strip({"name": name, "legacy": True})
    """
    assert run(tmp_path, {"m.py": source}, preview=True) == []


def test_a_caller_that_keeps_the_object_is_the_witness(tmp_path: Path) -> None:
    source = """
        def _encode(headers, data):
            headers["Content-Length"] = str(len(data))
            return {"headers": headers, "data": data}

        class Session:
            def __init__(self):
                self.headers = {"Content-Length": "0"}

            def post(self, data):
                return _encode(self.headers, data)
    """
    [finding] = run(tmp_path, {"m.py": source})
    assert (finding.code, finding.location.line) == ("AL007", 3)
    assert [(r.location.line, r.message) for r in finding.related] == [
        (11, "second use: this caller passes an object it keeps; its next call of `_encode` starts from the "
             "changed object"),
    ]


BUILDER = """
    from dataclasses import dataclass
    from typing import List, Optional

    @dataclass
    class Container:
        volume_mounts: Optional[List[str]] = None
        volumes: Optional[List[str]] = None

        def _mounts(self):
            mounts = self.volume_mounts
            extra = None if self.volumes is None else [v + ":/data" for v in self.volumes]
            if mounts is None:
                mounts = extra
            elif extra is not None:
                mounts.extend(extra)
            return mounts

        def build(self):
            return {"volumeMounts": self._mounts()}
"""


def test_a_public_build_method_that_adds_to_a_kept_list_again_is_shown(tmp_path: Path) -> None:
    # hera 7.1.0 UserContainer: every build() extends the user's volume_mounts with the same mounts
    [finding] = run(tmp_path, {"lib.py": BUILDER})
    assert (finding.code, finding.location.line, finding.location.column, finding.confidence) == (
        "AL006", 16, 13, Confidence.HIGH)
    assert finding.message == (
        "`Container._mounts` extends `self.volume_mounts`, but `__init__` keeps the caller's `volume_mounts` "
        "there by reference: every `build()` on one Container adds the same entries again, to the caller's "
        "object; copy it in `_mounts` before changing it")
    assert [(r.location.line, r.message) for r in finding.related] == [
        (7, "kept by reference here"),
        (19, "public entry point: `volume_mounts` comes from the caller, and every call of the public `build` "
             "adds to what the caller gave again"),
    ]


def test_a_public_method_that_adds_its_argument_collects_and_is_preview_only(tmp_path: Path) -> None:
    collector = BUILDER.replace("def build(self):", "def add(self, mount):\n            self.volume_mounts.append(mount)\n\n        def _build(self):")
    assert shown(run(tmp_path, {"lib.py": collector}, preview=True)) == [("AL006", 16, "MEDIUM")]


SEARCH_PATH = """
    import os

    ROOT, TAG = os.path.dirname(__file__), os.environ["TAG"]
    EXTRA = {"PYTHONPATH": ROOT}

    class Manager:
        def run(self, command, env):
            {write}
            return Process(command, env)

    class Runner:
        def __init__(self):
            self.env, self.spm = os.environ.copy(), Manager()

        def run(self):
            return self.spm.run(["true"], self.env)
"""


@pytest.mark.parametrize(("write", "default"), [
    ('env["PYTHONPATH"] = "%s:%s" % (ROOT, env["PYTHONPATH"])', False),
    ('env["PATH"] = f"{ROOT}:{env.get(\'PATH\', \'\')}"', False),
    ('env["PYTHONPATH"] = os.pathsep.join([ROOT, env["PYTHONPATH"]])', False),
    ('for k, v in EXTRA.items(): env[k] = "%s:%s" % (v, env[k])', False),
    ('env["LD_LIBRARY_PATH"] = env["LD_LIBRARY_PATH"] + ";" + ROOT', False),
    # a ``:`` that does not separate search-path entries: the tag is added again on every run
    ('env["IMAGE"] = "%s:%s" % (env["IMAGE"], TAG)', True),
    # a search path that does not keep what it held: each run puts its own value
    ('env["PATH"] = "%s:%s" % (ROOT, command[0])', True),
])
def test_a_search_path_given_the_same_entry_again_is_repeat_safe(tmp_path: Path, write: str, default: bool) -> None:
    # metaflow 2.19.39 SubprocessManager.run_command prepends its root to the Runner's kept
    # env's PYTHONPATH on every run: ``root:root:/orig`` finds the same modules (triage B8)
    found = run(tmp_path, {"lib.py": SEARCH_PATH.replace("{write}", write)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 9)] if default else [])


@pytest.mark.parametrize(("write", "default"), [
    # what the slot held, put through module-level functions: the same again the second time
    ('env["MODE"] = TAG if env["MODE"] == "auto" else env["MODE"]', False),
    # formatted around what it held, with more: it grows on every run
    ('env["NAME"] = f"{env[\'NAME\']}-{TAG}"', True),
    ('env["NAME"] = "%s-%s" % (env["NAME"], TAG)', True),
])
def test_a_value_recomputed_from_itself_with_module_names_is_normalised_and_a_grown_one_is_not(
        tmp_path: Path, write: str, default: bool) -> None:
    # mlrun 1.12.1 MapValues: ``ranges[v] = [lo if lo != "-inf" else -np.inf, ...]`` (triage F13)
    found = run(tmp_path, {"lib.py": SEARCH_PATH.replace("{write}", write)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 9)] if default else [])


@pytest.mark.parametrize(("write", "default"), [
    ('if "HOME" in env:\n                pass\n            else:\n                env["HOME"] = os.getcwd()', False),
    ('if "HOME" in env or not command:\n                pass\n            else:\n                env["HOME"] = os.getcwd()', False),
    ('if "HOME" in env:\n                env["HOME"] = os.getcwd()', True),
    # the old value whenever it is set (mlrun 1.12.1 get_or_create_ctx: ``meta.get("project") or project``)
    ('env["HOME"] = env.get("HOME") or os.getcwd()', False),
    ('env["HOME"] = env["HOME"] or command or os.getcwd()', False),
    ('env["HOME"] = os.getcwd() or env.get("HOME")', True),
])
def test_a_key_written_in_the_else_branch_of_a_membership_test_or_from_itself_or_a_default_is_a_fill(
        tmp_path: Path, write: str, default: bool) -> None:
    # metaflow 2.19.39 async_run_command: ``if "PYTHONPATH" in env: <prepend> else: env[...] = root``
    found = run(tmp_path, {"lib.py": SEARCH_PATH.replace("{write}", write)})
    assert [d.code for d in found] == (["AL007"] if default else [])


def test_a_key_filled_only_when_missing_inside_an_and_guard_is_repeat_safe(tmp_path: Path) -> None:
    # hera 7.1.0 Volume.__post_init__: ``if r.requests is not None and "storage" not in r.requests:``
    source = """
        class Volume:
            def __init__(self, size, resources):
                self.size = size
                self.resources = resources
                if self.resources.requests is not None and "storage" not in self.resources.requests:
                    self.resources.requests["storage"] = self.size
    """
    assert run(tmp_path, {"lib.py": source}) == []
    # (a value of its own: ``self.size`` would be a setter's, which stays in preview)
    unguarded = source.replace('self.resources.requests is not None and "storage" not in self.resources.requests',
                               "self.resources.requests is not None").replace("= self.size", '= "1Gi"')
    assert [d.code for d in run(tmp_path / "b", {"lib.py": unguarded})] == ["AL007"]


# Reproductions of the default findings a reader triaged on hera 7.1.0, kfp 2.17.3 and metaflow
# 2.19.39 as not aliasing (A*) or aliasing the code intends (B*): none may be a default finding;
# what was demoted stays in the preview tier (nothing is lost, only tiered).
TRIAGE = Path(__file__).resolve().parent / "data" / "triage"
TRIAGED = {
    "A1_loop_item": [],          # the loop binds a different element each round
    "A2_duck_method": [],        # a file-like method name on a class that is not a file
    "A3_cow_flag": [("AL007", 19, "MEDIUM")],      # copy-on-write behind a flag
    "B10_decorator_tuple": [("AL007", 8, "MEDIUM")],  # a decorator adding its option: its purpose
    "B11_facade": [("AL006", 9, "MEDIUM")],        # a handle whose job is to edit the object it holds
    "B12_merge_return": [("AL007", 17, "MEDIUM")],  # changes the config and returns it
    "B2_worklist": [],           # a work list filled and drained
    # normalises the same value again; the preview AL002 of the slice (line 15) yields its change
    # to the function that makes it (a preview finding does not claim its changes)
    "B3_slice_cache": [("AL007", 5, "MEDIUM")],
    "B4_guarded_attach": [],     # attaches only when missing
    "B5_memo": [],               # a module-level cache filled once
    "B6_stack": [("AL007", 9, "MEDIUM")],          # a renderer's own scope stack
    "B7_register": [("AL002", 16, "MEDIUM")],      # sets an id once per registered component
    "B8_same_prepend": [],       # the same directory again in a search path: the first one wins
    "B9_registry": [],           # a registry shared on purpose (says so in a comment)
}
LEFT = {
    # a change on a path that always raises afterwards: the loop's next round never runs
    "B1_raise_after": "no model of functions that never return",
}


@pytest.mark.parametrize("case", sorted(TRIAGED))
def test_triaged_intended_aliasing_is_not_a_default_finding(tmp_path: Path, case: str) -> None:
    files = {f"{case}.py": (TRIAGE / f"{case}.py").read_text(encoding="utf-8")}
    assert run(tmp_path / "default", files) == []
    assert shown(run(tmp_path / "preview", files, preview=True)) == TRIAGED[case]


@pytest.mark.parametrize("case", sorted(LEFT))
def test_triaged_intended_aliasing_still_shown(tmp_path: Path, case: str) -> None:
    files = {f"{case}.py": (TRIAGE / f"{case}.py").read_text(encoding="utf-8")}
    if run(tmp_path, files):
        pytest.xfail(LEFT[case])
    raise AssertionError(f"{case} is no longer a default finding: move it to TRIAGED")


def test_a_class_docstring_saying_options_can_be_modified_is_not_intent(tmp_path: Path) -> None:
    # dask-kubernetes 2022.12.0 KubeCluster (realrel C20): the passive "can be modified" is about
    # the user's options; "mutators edit the ..." (B11_facade) says what the class is for
    source = '''
        class Cluster:
            """Runs a scheduler. These settings can be modified from the constructor."""

            def __init__(self, pod_template):
                self.pod_template = pod_template

            def start(self):
                self.pod_template["spec"]["args"] = ["dask-scheduler"]
                return self
    '''
    assert shown(run(tmp_path / "a", {"lib.py": source})) == [("AL006", 9, "HIGH")]
    facade = source.replace("These settings can be modified from the constructor.",
                            "A handle through which callers edit the template it holds.")
    assert shown(run(tmp_path / "b", {"lib.py": facade}, preview=True)) == [("AL006", 9, "MEDIUM")]


def test_a_loop_that_changes_the_object_it_passes_works_on_it(tmp_path: Path) -> None:
    # metaflow's vendored click parser: ``while state.rargs: ... state.largs.append(arg)`` around
    # ``self._process_opts(arg, state)``, which appends to ``state.largs`` too
    source = """
        class Parser:
            def _process_opts(self, arg, state):
                state.largs.append("--")

            def process(self, state):
                while state.rargs:
                    arg = state.rargs.pop(0)
                    if arg.startswith("-"):
                        self._process_opts(arg, state)
                    else:
                        state.largs.append(arg)
    """
    assert run(tmp_path / "a", {"m.py": source}) == []
    assert shown(run(tmp_path / "b", {"m.py": source}, preview=True)) == [("AL001", 10, "MEDIUM")]
    passing_only = source.replace("                    else:\n                        state.largs.append(arg)\n", "")
    passing_only = passing_only.replace("while state.rargs:\n                    arg = state.rargs.pop(0)",
                                        "for arg in list(state.rargs):")
    assert shown(run(tmp_path / "c", {"m.py": passing_only})) == [("AL001", 9, "HIGH")]


def test_a_class_whose_public_methods_edit_the_object_it_wraps_is_a_handle(tmp_path: Path) -> None:
    # metaflow's MutableFlow: add_parameter, remove_parameter, remove_decorator on the flow it wraps
    source = """
        class MutableFlow:
            def __init__(self, flow):
                self._flow = flow

            def add_parameter(self, name, value):
                self._flow.state["params"][name] = value

            def remove_parameter(self, name):
                del self._flow.state["params"][name]

            def remove_decorator(self, name):
                self._flow.state["decos"].pop(name)

        def mutate(flow, mutators):
            for m in mutators:
                m(MutableFlow(flow))
    """
    assert run(tmp_path / "a", {"m.py": source}) == []
    assert [d.code for d in run(tmp_path / "b", {"m.py": source}, preview=True)] == ["AL006"]
    two_editors = source.replace("            def remove_decorator(self, name):\n"
                                 "                self._flow.state[\"decos\"].pop(name)\n", "")
    assert [(d.code, d.confidence) for d in run(tmp_path / "c", {"m.py": two_editors})] == [
        ("AL006", Confidence.HIGH)]


def test_an_append_unless_present_or_explicitly_allowed_twice_is_guarded(tmp_path: Path) -> None:
    # metaflow's _attach_decorators_to_step: ``if deco.name not in names or deco.allow_multiple:``
    source = """
        def attach(step, deco):
            if deco.name not in [d.name for d in step["decorators"]] or deco.allow_multiple:
                step["decorators"].append(deco)

        def attach_all(steps, deco):
            for step in steps:
                attach(step, deco)

        def make(flow, deco):
            for _ in range(2):
                attach(flow, deco)
    """
    assert run(tmp_path, {"m.py": source}) == []


PAGING = """
    def get_page(params, selector):
        params["labelSelector"] = selector
        return {"query": dict(params)}

    def list_all(params, selector):
        pages = []
        for page in range(3):
            pages.append(get_page(params, selector))
            print(page)
        return pages
"""


def test_a_loop_that_writes_the_same_value_again_is_not_a_second_use(tmp_path: Path) -> None:
    # kr8s 0.20.15 Api.async_get_kind: the paging loop passes the same selector on every page
    assert run(tmp_path / "a", {"m.py": PAGING}) == []
    varying = PAGING.replace('params["labelSelector"] = selector', 'params["labelSelector"] = selector + str(len(params))')
    assert shown(run(tmp_path / "b", {"m.py": varying})) == [("AL007", 3, "HIGH")]
    per_page = PAGING.replace("append(get_page(params, selector))", "append(get_page(params, selector + str(page)))")
    # each page writes its own selector before it reads the dict: no page reads the one before's
    # (python-heatclient 5.3.0's ``_get_stack_events``); read first, the next page sends the stale one
    assert_tier(tmp_path / "c", {"m.py": per_page}, "AL007", 3, "MEDIUM")
    read_first = per_page.replace('params["labelSelector"] = selector\n        return {"query": dict(params)}',
                                  'query = {"query": dict(params)}\n        params["labelSelector"] = selector\n'
                                  '        return query')
    assert shown(run(tmp_path / "d", {"m.py": read_first})) == [("AL007", 4, "HIGH")]


def test_a_loop_that_changes_the_object_itself_is_not_a_victim_of_its_callee(tmp_path: Path) -> None:
    working = PAGING.replace("print(page)", 'params["continue"] = str(page)').replace(
        'params["labelSelector"] = selector', 'params["labelSelector"] = selector + str(len(params))')
    assert run(tmp_path, {"m.py": working}) == []


def test_a_closure_is_not_a_public_entry_point(tmp_path: Path) -> None:
    # patroni 4.1.5 consul HTTPClient.__getattr__ returns ``wrapper``, which pops the token
    source = """
        def client_call(method):
            def wrapper(path, params):
                token = params.pop("token")
                return {"path": path, "params": params, "token": token}
            return wrapper
    """
    assert run(tmp_path / "a", {"m.py": source}) == []
    top_level = """
        def wrapper(path, params):
            token = params.pop("token")
            return {"path": path, "params": params, "token": token}
    """
    assert shown(run(tmp_path / "b", {"m.py": top_level})) == [("AL007", 3, "HIGH")]


RECOVERY = """
    def _check(conninfo, wanted, version):
        if version < 17:
            wanted.pop("dbname", None)
        return conninfo == wanted

    def check_recovery(current, wanted_params, version):
        mismatches = []
        for param, value in current.items():
            if param == "primary_conninfo":
                if not _check(value, wanted_params.get("primary_conninfo", {}), version):
                    mismatches.append(param)
        return mismatches
"""


def test_a_call_guarded_by_one_key_of_the_loop_runs_once_per_loop(tmp_path: Path) -> None:
    # patroni 4.1.5 ConfigHandler._check_recovery_conf: ``elif param == 'primary_conninfo':``
    # runs once per loop: no AL001. (An AL007 was shown here until the nineteenth stop, its
    # witness the ``wanted_params.get(...)`` lookup inside the call's own arguments, taken for a
    # later use; nothing in this tree calls ``check_recovery`` twice with one ``wanted_params``.)
    assert [d.code for d in run(tmp_path / "a", {"m.py": RECOVERY})] == []
    prefix = RECOVERY.replace('if param == "primary_conninfo":', 'if param.startswith("primary"):')
    assert [d.code for d in run(tmp_path / "b", {"m.py": prefix})] == ["AL001"]



def test_a_kept_object_merged_from_itself_is_normalised_not_rewritten(tmp_path: Path) -> None:
    # patroni 4.1.5 RestApiServer.reload_config: http headers updated from the same config's https headers
    source = """
        class Api:
            def __init__(self, config):
                self.config = config

            def reload(self):
                headers = self.config["restapi"]["http_extra_headers"]
                headers.update(self.config["restapi"]["https_extra_headers"])
    """
    assert run(tmp_path / "a", {"lib.py": source}) == []
    from_argument = source.replace("def reload(self):", "def reload(self, extra):").replace(
        'headers.update(self.config["restapi"]["https_extra_headers"])', "headers.update(extra)")
    # merged from the method's own argument: a setter, the caller asks for that change
    assert run(tmp_path / "b", {"lib.py": from_argument}) == []
    assert shown(run(tmp_path / "b", {"lib.py": from_argument}, preview=True)) == [("AL006", 8, "MEDIUM")]
    from_module = from_argument.replace("def reload(self, extra):", "def reload(self):").replace(
        "headers.update(extra)", "headers.update(DEFAULT_HEADERS)")
    assert shown(run(tmp_path / "c", {"lib.py": "DEFAULT_HEADERS = {}\n" + textwrap.dedent(from_module)})) \
        == [("AL006", 9, "HIGH")]


ELEMENTS = """
    TEMPLATE = {"name": "shared"}

    def _from_config(config):
        name = config.pop("name")
        return {"name": name, "rest": config}

    def load(file_mounts):
        pending = []
        for dst, src in file_mounts.items():
            pending.append((dst, src))
        out = []
        for item in pending:
            out.append(_from_config(item[1]))
        return out
"""


def test_what_is_read_from_an_iterated_element_is_another_object_each_iteration(tmp_path: Path) -> None:
    # skypilot 0.14.1 task.py: ``for storage in all_storages: ... from_yaml_config(storage[1])``
    assert "AL001" not in [d.code for d in run(tmp_path / "a", {"m.py": ELEMENTS}, preview=True)]
    # the same module-level object put in every element is still one object for all iterations
    shared = ELEMENTS.replace("pending.append((dst, src))", "pending.append((dst, TEMPLATE))")
    assert [(d.code, d.location.line) for d in run(tmp_path / "b", {"m.py": shared})] == [("AL003", 14)]


def test_a_conversion_guarded_by_a_type_test_is_repeat_safe(tmp_path: Path) -> None:
    # skypilot 0.14.1 Resources._set_volumes: ``if isinstance(volume['storage_type'], str):
    # volume['storage_type'] = StorageType(...)``; metaflow's aws_client converts a dict to Config
    source = """
        MODE = "rw"

        def set_volumes(volumes):
            out = []
            for volume in volumes:
                if isinstance(volume["storage_type"], str):
                    volume["storage_type"] = volume["storage_type"].upper() + "_" + MODE
                out.append(volume)
            return out

        def build(spec, n):
            return [set_volumes(spec["volumes"]) for _ in range(n)]
    """
    assert run(tmp_path / "a", {"m.py": source}) == []
    untyped = source.replace('if isinstance(volume["storage_type"], str):', 'if volume["storage_type"]:')
    # (the value grows what the slot held: each build's loop round adds a suffix again)
    assert shown(run(tmp_path / "b", {"m.py": untyped})) == [("AL001", 13, "HIGH")]
    # sagemaker 2.257.7 session.py:7888: ``if hasattr(c["BaseModel"], "_to_request_dict"):
    # c["BaseModel"] = c["BaseModel"]._to_request_dict()``: the converted value lacks the method
    probed = source.replace('if isinstance(volume["storage_type"], str):',
                            'if "storage_type" in volume and hasattr(volume["storage_type"], "upper"):')
    assert run(tmp_path / "c", {"m.py": probed}) == []


SETTER = """
    class Resource:
        def __init__(self, metadata):
            self.metadata = metadata

        def {method}:
            {write}
            return self
"""


@pytest.mark.parametrize(("method", "write", "expected"), [
    # a setter puts there what its caller asks for (mlrun 1.12.1 ``with_annotations``,
    # ``with_source_archive``): preview only
    ("with_owner(self, owner)", 'self.metadata["labels"]["owner"] = owner', []),
    # computed from what the caller passes (jenkins-job-builder 6.5.0: a job's name into its
    # parameter macro, written again by every job before it is read)
    ("with_job(self, data)", 'self.metadata["labels"]["job"] = data["name"].split("/")[-1]', []),
    # a value of its own replaces what the caller gave (dask-kubernetes' scheduler args)
    ("start(self)", 'self.metadata["labels"]["role"] = ["scheduler"]', [("AL006", 7, "HIGH")]),
    # what the caller gave, rendered with this call's input: the placeholder is gone the second
    # time (mlrun 1.12.1 webhook ``override_body``: every later push sends the first runs)
    ("push(self, runs)", 'self.metadata["body"]["text"] = self.metadata["body"]["text"].replace("{{runs}}", runs)',
     [("AL006", 7, "HIGH")]),
])
def test_a_public_setter_is_preview_only_and_a_rewrite_of_what_the_caller_gave_is_shown(
        tmp_path: Path, method: str, write: str, expected: list) -> None:
    source = SETTER.replace("{method}", method).replace("{write}", write)
    assert shown(run(tmp_path, {"lib.py": source})) == expected
    assert len(run(tmp_path / "p", {"lib.py": source}, preview=True)) == 1


def test_a_pydantic_field_default_is_each_instances_own(tmp_path: Path) -> None:
    # mlrun 1.12.1 GrafanaTable(BaseModel): ``rows: list[...] = []`` then ``self.rows.append(...)``;
    # pydantic copies a field's default for each instance (checked with pydantic.v1 and 2)
    source = """
        from pydantic import BaseModel
        import pydantic.v1 as pv1


        class Table(BaseModel):
            rows: list = []

            def add_row(self, *args):
                self.rows.append(list(args))


        class Sub(Table):
            def add_header(self, *args):
                self.rows.append(list(args))


        class V1(pv1.BaseModel):
            rows: list = []

            def add_row(self, *args):
                self.rows.append(list(args))


        class Plain:
            rows: list = []

            def add_row(self, *args):
                self.rows.append(list(args))
    """
    assert shown(run(tmp_path, {"m.py": source})) == [("AL003", 29, "HIGH")]


DECIDED = """
    class Target:
        def __init__(self, kind):
            self.kind = kind
            self.attributes = {}
            self.after_step = None


    def add_steps(targets, graph):
        for target in targets:
            {guard}
                target.attributes["infer_columns"] = True
            graph.append(target.kind)
        return {"graph": graph, "targets": targets}


    def ingest():
        targets = [Target("parquet")]
        first = add_steps(targets, [])
        second = add_steps(targets, ["x"])
        return first, second
"""


@pytest.mark.parametrize(("guard", "default"), [
    # decided by the object itself: the next use takes the same path and writes the same constant
    # (mlrun 1.12.1 add_target_steps: ``if target.after_step: target.attributes[...] = True``)
    ("if target.after_step:", False),
    ("if not target.after_step and len(target.kind) > 1:", False),
    # decided by something else: written on some uses only, and later uses keep it
    ("if graph:", True),
    ("if target.ready(graph):", True),
])
def test_a_constant_written_under_a_test_of_the_object_itself_is_repeat_safe(
        tmp_path: Path, guard: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": DECIDED.replace("{guard}", guard)})
    assert [d.code for d in found] == (["AL007"] if default else [])


OWNED = """
    import socket


    class Launcher:
        def launch(self, task, db):
            run = {"metadata": {"labels": {}}, "spec": task, "status": "new"}
            result = self._execute(run)
            db.store(run)
            return result

        def _execute(self, run):
            run["metadata"]["labels"]["host"] = socket.gethostname()
            return {"state": run["status"]}
"""


def test_a_private_helper_given_an_object_its_caller_made_is_preview_only(tmp_path: Path) -> None:
    # mlrun 1.12.1 ClientLocalLauncher._execute enriches the run its only caller deep-copied from
    # the user's task: the caller's later use (storing the run) is meant to see the enrichment
    assert run(tmp_path / "a", {"lib.py": OWNED}) == []
    assert shown(run(tmp_path / "b", {"lib.py": OWNED}, preview=True)) == [("AL007", 13, "MEDIUM")]
    # made by a module-level function on one path (mlrun: a run parsed from the user's text)
    parsed = "import ast\nDEFAULT = '{}'\n" + textwrap.dedent(OWNED).replace(
        'run = {"metadata": {"labels": {}}, "spec": task, "status": "new"}',
        'run = ast.literal_eval(DEFAULT) if task else {"metadata": {"labels": {}}, "status": "new"}')
    assert run(tmp_path / "e", {"lib.py": parsed}) == []
    # a public function: its callers outside the tree may hand it what they keep
    public = OWNED.replace("_execute", "execute")
    assert shown(run(tmp_path / "c", {"lib.py": public})) == [("AL007", 13, "HIGH")]
    # a template made once, outside the loop that calls: every round gets the last round's change
    looped = OWNED.replace("result = self._execute(run)", "result = [self._execute(run) for _ in task]")
    assert shown(run(tmp_path / "d", {"lib.py": looped})) == [("AL007", 13, "HIGH")]


LOAD_ONCE = """
    class Handler:
        def __init__(self, models):
            self.models = models

        def get(self, name):
            model = self.models[name]
            {guard}
                model.load()
                model.ready = compute()
            return model


    def serve(names):
        models = {}
        for name in names:
            models[name] = load_model(name)
        return Handler(models), Handler(models)
"""


@pytest.mark.parametrize(("guard", "default"), [
    # mlrun 1.12.1 HTTPHandler.get_model_class: a load-once flag, set only while it is unset
    ("if not model.ready:", False),
    ("if model.ready is None:", False),
    ("if model.stale:", True),
])
def test_a_field_set_only_while_it_is_unset_is_filled_once(tmp_path: Path, guard: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": LOAD_ONCE.replace("{guard}", guard)})
    assert [d.code for d in found] == (["AL006"] if default else [])


FLAG = """
    def update_in(obj, key, value, append=False):
        if append:
            obj[key] += [value]
        else:
            obj.setdefault(key, value)
        return obj


    def get_ctx(event, name, flag):
        update_in({call})
        return {"ctx": event["names"]}
"""


@pytest.mark.parametrize(("call", "default"), [
    # the change needs ``append`` true: a call that leaves it at False, or passes a false
    # literal, never makes it (mlrun 1.12.1 ``update_in(event.body, ...)``, triage F19)
    ('event, "names", name', False),
    ('event, "names", name, False', False),
    ('event, "names", name, append=None', False),
    ('event, "names", name, append=True', True),
    ('event, "names", name, append=flag', True),   # unknown: the change may be made
    ('event, "names", name, *flag', True),
])
def test_a_change_behind_a_flag_is_not_made_by_a_call_that_passes_the_flag_off(
        tmp_path: Path, call: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": FLAG.replace("{call}", call)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 11)] if default else [])


# mlrun 1.12.1 package/packagers_manager.py:476-483: ``return [*self._packagers, self._default]``,
# then ``for p in self._all(): p.future_clearing_path_list.clear()``; serving/states.py:3653, a
# filtered index of the graph's steps whose steps are then given a responder
OBJECT_LIST = """
    class Packager:
        def __init__(self):
            self.paths = []
            self.meta = {{}}


    class Manager:
        def __init__(self, default):
            self._packagers = [Packager(), Packager()]
            self._default = default
            self.config = {{"metadata": Packager()}}

        def _all(self):
            return {copy}

        def clear_all(self):
            for p in self._all(){values}:
                {change}
"""


@pytest.mark.parametrize(("copy", "values", "change", "expected"), [
    # the elements of a list or index of objects are worked on: what the copy is for
    ("[*self._packagers, self._default]", "", "p.paths.clear()", []),
    ("list(self._packagers)", "", "p.meta['ready'] = True", []),
    ("{p.name: p for p in self._packagers if p}", ".values()", "p.ready = True", []),
    ("sorted(self._packagers, key=id)", "", "p['paths'].clear()", []),
    # an item of each element (not an object's state), or a named key's object: still shown
    ("list(self._packagers)", "", "p['paths'].clear()", [("AL002", 15, "HIGH")]),
    ("[dict(self.config)['metadata']]", "", "p.paths.clear()", [("AL002", 15, "HIGH")]),
])
def test_a_list_of_objects_copied_to_work_on_them_is_preview_only(
        tmp_path: Path, copy: str, values: str, change: str, expected: list) -> None:
    source = OBJECT_LIST.format(copy=copy, values=values, change=change)
    assert shown(run(tmp_path, {"m.py": source})) == expected
    assert len(run(tmp_path / "p", {"m.py": source}, preview=True)) == 1


# mlrun 1.12.1 model_monitoring/writer.py:337 and :396: ``do(event)`` of two ``storey.MapClass``
# steps pops the keys it consumes from the event the framework hands it
HOOKS = """
    import storey


    class Reconstruct(storey.MapClass):
        def do(self, event):
            kind = event["meta"].pop("kind")
            return {"kind": kind, "body": dict(event)}


    class Alert({base}):
        def do(self, event):
            return event


    class Session(storey.Client):
        def configure(self, options):
            kind = options.pop("kind")
            return {"kind": kind, "rest": dict(options)}
    {call}
"""


@pytest.mark.parametrize(("base", "call", "expected"), [
    # a method several subclasses of one outside class define, and the project never calls
    ("storey.MapClass", "", [("AL007", 18)]),
    # one subclass alone: nothing says the outside class calls it
    ("storey.FlowStep", "", [("AL007", 7), ("AL007", 18)]),
    # called in the project: an entry point of the project's own
    ("storey.MapClass", "\n    def run(cfg):\n        return Reconstruct().do(cfg)\n", [("AL007", 7), ("AL007", 18)]),
])
def test_a_hook_a_framework_calls_is_not_a_public_entry_point(
        tmp_path: Path, base: str, call: str, expected: list) -> None:
    source = HOOKS.replace("{base}", base).replace("{call}", call)
    assert [(c, line) for c, line, _ in shown(run(tmp_path, {"m.py": source}))] == expected


# mlrun 1.12.1 runtimes/pod.py:577-588: ``if resources.setdefault(req, {}).setdefault(kind) is None:
# resources[req][kind] = default[req][kind]``: a default filled only where the caller set none
FILLED = """
    DEFAULTS = {"requests": {"cpu": "1"}, "limits": {"cpu": "2"}}


    class ResourceSpec:
        \"\"\"Resources of a pod.

        :param resources: requests and limits
        \"\"\"

        def __init__(self, resources=None):
            self.resources = self.enrich(resources or {})

        def enrich(self, resources):
            for requirement in ["requests", "limits"]:
                for kind in ["cpu"]:
                    if {test}:
                        resources[requirement][kind] = DEFAULTS[requirement][kind]
            resources["requests"] = dict(resources["requests"])
            return resources
"""


@pytest.mark.parametrize(("test", "expected"), [
    ("resources.setdefault(requirement, {}).setdefault(kind) is None", []),
    ("resources.get(requirement, {}).get(kind) is None", []),
    ("not resources.setdefault(requirement, {}).get(kind)", []),
    # replaced where the caller did set a value: what the caller gave is rewritten
    ("resources.setdefault(requirement, {}).setdefault(kind) is not None", [("AL007", 12, "HIGH")]),
])
def test_a_default_filled_where_a_get_or_setdefault_chain_found_none_is_a_fill(
        tmp_path: Path, test: str, expected: list) -> None:
    assert shown(run(tmp_path, {"lib.py": FILLED.replace("{test}", test)})) == expected


# kfp 2.x local/placeholder_utils.py:47: ``replace_placeholders`` resolves references inside the
# caller's executor input; the only caller that uses the dict again is the module's test (a later
# call of ``replace`` given the object writes its own root before reading it: the loop is the
# second use here)
PLACEHOLDERS = """
    def _resolve(inputs, root):
        inputs["inputs"]["values"]["root"] = root
        return inputs


    def replace(cmd, inputs, root):
        inputs = _resolve(inputs, root)
        return [c.replace("{{root}}", inputs["inputs"]["values"]["root"]) for c in cmd]
"""

TWICE = """
    from pkg.lib import replace


    def {name}():
        inputs = {{"inputs": {{"values": {{}}}}}}
        out = []
        for root in ("r1", "r2"):
            out += replace(["a"], inputs, root)
        return out
"""


@pytest.mark.parametrize(("caller", "expected"), [
    ("pkg/app.py", [("AL007", 8, "HIGH")]),      # the package's own code uses it again: shown
    ("tests/test_lib.py", []),                   # only a test does: preview
])
def test_a_second_use_in_test_code_is_no_witness_for_the_package(tmp_path: Path, caller: str, expected: list) -> None:
    files = {"pkg/__init__.py": "", "pkg/lib.py": PLACEHOLDERS,
             caller: TWICE.format(name="test_replace" if "test" in caller else "build")}
    assert shown(run(tmp_path, files)) == expected
    assert len(run(tmp_path / "p", files, preview=True)) == 1


# mlflow 1.22.0 tracking/fluent.py:281-285 (mlflow#5190, fixed in 1.23.0): ``user_specified_tags =
# tags or {}``, then ``if parent_run_id is not None: user_specified_tags[MLFLOW_PARENT_RUN_ID] = ...``
START_RUN = """
    PARENT = "mlflow.parentRunId"
    _active = []


    def start_run(run_name=None, tags=None):
        \"\"\"Start a run.

        :param tags: tags to set on the run
        \"\"\"
        parent_id = _active[-1]["id"] if _active else None
        {default}
        {write}
        run = {{"id": len(_active) + 1, "tags": dict(user_tags)}}
        _active.append(run)
        return run
"""


@pytest.mark.parametrize(("default", "write", "expected"), [
    ("user_tags = tags or {}", "if parent_id is not None:\n            user_tags[PARENT] = parent_id",
     [("AL007", 14, "HIGH")]),
    ("user_tags = tags\n        if user_tags is None:\n            user_tags = {}",
     "if parent_id is not None:\n            user_tags[PARENT] = parent_id", [("AL007", 16, "HIGH")]),
    # set on every call: the next call sets it again
    ("user_tags = tags or {}", "user_tags[PARENT] = parent_id", []),
    # a required mapping the function is given to fill: no mapping of its own
    ("user_tags = tags", "if parent_id is not None:\n            user_tags[PARENT] = parent_id", []),
    # keyed by an argument: a setter
    ("user_tags = tags or {}", "if run_name:\n            user_tags[run_name] = parent_id", []),
])
def test_a_named_key_set_on_some_calls_in_an_optional_mapping_is_shown(
        tmp_path: Path, default: str, write: str, expected: list) -> None:
    source = START_RUN.format(default=default, write=write)
    assert shown(run(tmp_path, {"lib.py": source})) == expected


# dagster-contrib-gcp 0.0.5 cloud_run/run_launcher.py:156 (fixed in 0.0.6): the launcher keeps the
# instance config it is built from, and pops "name" from a nested dict on every launch
LAUNCHER = """
    class RunLauncher:
        def __init__(self, project, jobs):
            self.project = project
            self.jobs = jobs

        def env_override(self, location):
            job = self.jobs[location]
            if isinstance(job, str):
                return None
            job.pop("name")
            return {{k: job.get(k) for k in job}}

        @classmethod
        def from_config_value(cls, inst_data, config_value):
            return cls({args})
"""


@pytest.mark.parametrize(("args", "expected"), [
    # a factory handing on what the framework gave it: not an object of its own
    ("**config_value", [("AL006", 11, "HIGH")]),
    ('config_value["project"], config_value["jobs"]', [("AL006", 11, "HIGH")]),
    # a construction with an object it made itself
    ('config_value["project"], {"loc": {"name": "job"}}', []),
])
def test_a_factory_that_hands_on_its_argument_is_no_construction_of_its_own(
        tmp_path: Path, args: str, expected: list) -> None:
    assert shown(run(tmp_path, {"lib.py": LAUNCHER.format(args=args)})) == expected


# elasticsearch 9.5.1 _sync/client/__init__.py:914-916: ``if not __body: if scroll_id is not None:
# __body["scroll_id"] = scroll_id``: written only while the mapping is empty, the caller gave nothing
EMPTY_BODY = """
    def delete_scroll(scroll_id=None, body=None):
        \"\"\"Delete a scroll.

        :param body: the request body
        \"\"\"
        __body = body if body is not None else {{}}
        {guard}
            if scroll_id is not None:
                __body["scroll_id"] = scroll_id
        return {{"body": dict(__body)}}
"""


@pytest.mark.parametrize(("guard", "expected"), [
    ("if not __body:", []),
    ("if len(__body) == 0:", []),
    ("if True:", [("AL007", 10, "HIGH")]),
])
def test_a_key_written_only_while_the_mapping_is_empty_fills_what_the_caller_did_not_give(
        tmp_path: Path, guard: str, expected: list) -> None:
    assert shown(run(tmp_path, {"lib.py": EMPTY_BODY.format(guard=guard)})) == expected


# openai 3.57.0 _compat.py:122: the original of a copy may be ``datetime.max`` (a value that
# ``parse_datetime`` returns), and the change sets an attribute below it: the class of another
# package's object is unknown, so nothing says the nested object is a shared mutable one
OUTSIDE = """
    import copy
    import datetime

    from somewhere import DEFAULTS

    TEMPLATE = {"info": {"tz": None}}

    def stamp():
        moment = copy.copy(datetime.datetime.max)
        moment.info.tz = "UTC"
        return moment

    def configure():
        options = copy.copy(DEFAULTS)
        options["info"]["tz"] = "UTC"
        return options

    def own():
        options = copy.copy(TEMPLATE)
        options["info"]["tz"] = "UTC"
        return options
"""


def test_another_packages_object_changed_through_its_attributes_is_preview_only(tmp_path: Path) -> None:
    # an item written below another package's object says it is a mapping: still shown
    assert shown(run(tmp_path, {"m.py": OUTSIDE})) == [("AL002", 15, "HIGH"), ("AL002", 20, "HIGH")]
    assert shown(run(tmp_path, {"m.py": OUTSIDE}, preview=True)) == [
        ("AL002", 10, "MEDIUM"), ("AL002", 15, "HIGH"), ("AL002", 20, "HIGH")]


# slack_sdk 3.48.0 web/legacy_base_client.py:217-229: ``self._request(req_args=req_args)`` reads the
# request's arguments before ``SlackResponse(req_args=req_args)`` keeps them; the response's
# paging changes reach no other holder
READ_BEFORE = """
    import audit

    SEEN = []

    class Response:
        def __init__(self, req_args):
            self.req_args = req_args

        def next_page(self, cursor):
            self.req_args["params"].pop("cursor", None)
            self.req_args["params"]["cursor"] = cursor
            return self

    def send(req_args):
        return len(req_args["params"])

    def remember(req_args):
        SEEN.append(req_args)

    def call(method):
        req_args = {{"params": {{"method": method}}}}
        {before}
        response = Response(req_args)
        {after}
        return response
"""


@pytest.mark.parametrize(("before", "after", "expected"), [
    ("send(req_args)", "", []),
    # a call after the construction sees the change; so does one that kept the object
    # (named at the write of the cursor: the ``pop(..., None)`` before it is repeat-safe)
    ("", "send(req_args)", [("AL006", 12, "HIGH")]),
    ("remember(req_args)", "", [("AL006", 12, "HIGH")]),
    # a callee not in the tree may have kept it
    ("audit.record(req_args)", "", [("AL006", 12, "HIGH")]),
])
def test_a_call_that_read_the_object_before_it_was_kept_sees_no_change(
        tmp_path: Path, before: str, after: str, expected: list) -> None:
    assert shown(run(tmp_path, {"m.py": READ_BEFORE.format(before=before, after=after)}, preview=True)) == expected


# redis 8.1.0 client.py:574 and sentinel.py:270: ``Redis(hostname, port, **self.sentinel_kwargs)``
# for each sentinel, with socket options only in the spread; no pool is handed over there
SPREAD = """
    class Pool:
        def __init__(self):
            self.connection_kwargs = {{}}

    class Client:
        def __init__(self, host, connection_pool=None):
            self.host = host
            self.connection_pool = connection_pool

        def set_retry(self, retry):
            self.connection_pool.connection_kwargs.update({{"retry": retry}})

    class Sentinel:
        def __init__(self, hosts, pool, **options):
            self.options = options
            self.clients = [{construction} for host in hosts]
"""


@pytest.mark.parametrize(("construction", "expected"), [
    ("Client(host, **self.options)", [("AL006", 12, "MEDIUM")]),
    ("Client(host, connection_pool=pool)", [("AL006", 12, "HIGH")]),
])
def test_an_item_of_a_spread_mapping_is_no_evidence_of_a_shared_construction(
        tmp_path: Path, construction: str, expected: list) -> None:
    assert shown(run(tmp_path, {"m.py": SPREAD.format(construction=construction)}, preview=True)) == expected


# redis 8.1.0 cluster.py:2485 and :2677: ``self.create_redis_node(host, **self.connection_kwargs)``
# for each node, whose callee sets ``r.connection_pool.himport_registry = self.himport_registry``:
# the spread dict is a shallow copy, so the pool the caller's kwargs hold is changed, but every
# node puts the same registry there
KWARGS_SPREAD = """
    class Pool:
        def __init__(self):
            self.registry = None

    class Client:
        def __init__(self, host, connection_pool=None):
            self.host = host
            self.connection_pool = connection_pool

    class Manager:
        def __init__(self, registry, connection_kwargs):
            self.registry = registry
            self.connection_kwargs = connection_kwargs

        def create_node(self, host, **kwargs):
            r = Client(host, **kwargs)
            r.connection_pool.registry = {value}
            return r

        def create_all(self, nodes):
            for node in nodes:
                node.conn = self.create_node(node.host, **self.connection_kwargs)

        def initialize(self, nodes):
            self.create_all(nodes)
            self.check(nodes)

        def check(self, nodes):
            return [self.connection_kwargs for _ in nodes]
"""


@pytest.mark.parametrize(("value", "found"), [
    # the same registry for every node: repeating changes nothing. The ``**kwargs`` copy's
    # preview finding stands aside for the cause a later rule names, the manager keeping the
    # caller's ``connection_kwargs`` (AL006): one finding either way
    ("self.registry", ("AL006", 18, "MEDIUM")),
    # a constant written into what the caller handed a public class to keep: dask-kubernetes
    # #640's kind (the scheduler's ``args`` written into the caller's pod template), by default
    ('"cluster"', ("AL006", 18, "HIGH")),
    # this node's host, left in the pool every later node shares
    ("host", ("AL002", 23, "HIGH")),
])
def test_a_kwargs_copy_changed_below_the_top_the_same_way_every_time_is_preview_only(
        tmp_path: Path, value: str, found: tuple) -> None:
    files = {"m.py": KWARGS_SPREAD.format(value=value)}
    assert shown(run(tmp_path / "preview", files, preview=True)) == [found]
    assert shown(run(tmp_path / "default", files)) == ([found] if found[2] == "HIGH" else [])


# elasticsearch 9.5.1 dsl/document_base.py:287: ``DocumentMeta.__new__`` hands the class body's
# namespace to ``DocumentOptions``, which pops ``Meta`` from it ("filters attrs in place")
METACLASS = """
    class Options:
        def __init__(self, name, bases, attrs):
            self.meta = attrs.pop("Meta", None)
            self.name = name

    class DocumentMeta({base}):
        def __new__(cls, name, bases, attrs):
            attrs["_doc_type"] = Options(name, bases, attrs)
            return super().__new__(cls, name, bases, attrs)

    class Document(metaclass=DocumentMeta):
        pass
"""


@pytest.mark.parametrize(("base", "default"), [
    ("type", []),                                   # Python makes the namespace per class statement
    ("object", [("AL007", 4, "HIGH")]),             # an ordinary class: its callers' dicts
])
def test_a_metaclass_namespace_is_made_for_each_class_statement(tmp_path: Path, base: str, default: list) -> None:
    files = {"m.py": METACLASS.format(base=base)}
    assert shown(run(tmp_path / "default", files)) == default
    if base == "type":
        assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL007", 9, "MEDIUM")]


# redis 8.1.0 commands/cluster.py:1423 (and three more SCAN loops): each ``self.scan(...,
# target_nodes=node)`` reaches ``reconcile_discards``, which pops from
# ``node.redis_connection.connection._himport_prepared``: the connection's own session state
PRIVATE_STATE = """
    class Connection:
        def __init__(self):
            self.{attr} = {{}}

    def reconcile(connection, name):
        return connection.{attr}.pop(name)

    class Node:
        def __init__(self):
            self.connection = Connection()

    class Client:
        def __init__(self):
            self.nodes = {{}}

        def send(self, node, name):
            return reconcile(node.connection, name)

        def scan_iter(self, names):
            node = self.nodes["a"]
            for name in names:
                self.send(node, "fixed")
"""


@pytest.mark.parametrize(("attr", "tier"), [("_prepared", "MEDIUM"), ("prepared", "HIGH")])
def test_a_change_below_a_private_attribute_is_the_objects_own_state(tmp_path: Path, attr: str, tier: str) -> None:
    files = {"m.py": PRIVATE_STATE.format(attr=attr)}
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL001", 23, tier)]
    assert shown(run(tmp_path / "default", files)) == ([("AL001", 23, "HIGH")] if tier == "HIGH" else [])


# luigi 3.8.1 task_register.py:70: the ``Register`` metaclass appends every Task class it makes
# to ``Register._reg``, the registry its docstring describes
REGISTRY = """
    {imports}

    class Register({base}):
        _reg = []

        def __new__(metacls, classname, bases, classdict, **kwargs):
            cls = super(Register, metacls).__new__(metacls, classname, bases, classdict, **kwargs)
            metacls._reg.append(cls)
            return cls
"""


@pytest.mark.parametrize(("imports", "base", "tier"), [
    ("import abc", "abc.ABCMeta", "MEDIUM"),
    ("from abc import ABCMeta", "ABCMeta", "MEDIUM"),
    ("import enum", "enum.EnumMeta", "MEDIUM"),
    ("", "type", "MEDIUM"),
    # not a metaclass: ``__new__`` keeps every instance it makes in the class-level list, a
    # registry of instances (issue 8's blind fifty-third set, pyghmi's IPMI sessions)
    ("", "object", "MEDIUM"),
])
def test_a_metaclass_registering_each_class_it_makes_is_a_registry(
        tmp_path: Path, imports: str, base: str, tier: str) -> None:
    files = {"m.py": REGISTRY.format(imports=imports, base=base)}
    assert_tier(tmp_path, files, "AL003", 9, tier)
    (finding,) = run(tmp_path / "message", files, preview=True)
    if base == "object":
        assert finding.message == (
            "`Register.__new__` appends to `Register._reg`, a class-level object: the class's `__new__` hands "
            "out instances it keeps here, or keeps the ones it makes here (a registry of instances, shared by "
            "every instance on purpose); nothing to change if that is intended")
    elif tier == "MEDIUM":  # no "copy it in __init__", which would break the registry
        assert finding.message == (
            "`Register.__new__` appends to `Register._reg`, a class-level object: the metaclass runs once per "
            "class statement, so this registers each class it makes: a registry, shared on purpose; nothing to "
            "change if that is intended")


# dvc 3.67.1 output.py:90: ``load_stage`` hands ``loadd_from`` a part of its ``d``, which its only
# caller deep-copies for each call ("we need to deepcopy"): nobody else holds what is popped
STAGE_DATA = """
    import copy

    def report(items):
        return [item.get("path") for item in items]

    def loadd_from(stage, d_list):
        ret = []
        for d in d_list:
            p = d.pop("path", None)
            ret.append((stage, p, d))
        return ret

    class Loader:
        def __init__(self, stage_data):
            self.stage_data = stage_data

        def __getitem__(self, item):
            return self.load_stage({passed})

        @classmethod
        def load_stage(cls, d):
            stage = object()
            outs = loadd_from(stage, d.get("outs") or [])
            return {after}
"""


@pytest.mark.parametrize(("passed", "after", "expected"), [
    ("copy.deepcopy(self.stage_data)", "outs", []),
    ("self.stage_data", "outs", [("AL006", 10, "HIGH")]),                # the loader keeps it
    ("dict(self.stage_data)", "outs", [("AL002", 19, "HIGH")]),          # its parts are the loader's
    ("copy.deepcopy(self.stage_data)", "(outs, report(d['outs']))", [("AL007", 10, "HIGH")]),  # used again
])
def test_a_part_of_an_argument_every_caller_makes_for_the_call_is_held_by_nobody(
        tmp_path: Path, passed: str, after: str, expected: list) -> None:
    files = {"m.py": STAGE_DATA.format(passed=passed, after=after)}
    assert shown(run(tmp_path, files)) == expected


# elasticsearch 9.5.1 _sync/client/_base.py:129: ``resolve_auth_headers`` raises when the caller's
# headers already say ``authorization``, so the write past that test only fills a missing key
EARLY_EXIT = """
    class Headers(dict):
        pass

    def resolve(headers, api_key=None):
        if headers is None:
            headers = Headers()
        elif not isinstance(headers, Headers):
            headers = Headers(headers)
        {guard}
        if api_key:
            headers["authorization"] = "ApiKey " + api_key
        return headers

    class Client:
        def __init__(self, api_key):
            self._headers = Headers(accept="json")
            self._headers = resolve(self._headers, api_key)

        def options(self, api_key):
            return resolve(self._headers, api_key)
"""


@pytest.mark.parametrize(("guard", "expected"), [
    ('if headers and headers.get("authorization", None) is not None:\n            raise ValueError("both")', []),
    ('if "authorization" in headers:\n            raise ValueError("both")', []),
    ('if headers.get("authorization") is not None:\n            return headers', []),
    ('if headers.get("accept") is not None:\n            raise ValueError("both")', [("AL007", 13, "HIGH")]),
    ('if headers.get("authorization") is not None:\n            print("both")', [("AL007", 13, "HIGH")]),  # goes on
])
def test_a_write_past_an_exit_taken_when_the_key_is_there_only_fills_it(
        tmp_path: Path, guard: str, expected: list) -> None:
    # a fill of a missing key is no change a later use can trip on: not reported in any tier,
    # like ``if "k" not in m: m["k"] = v``
    files = {"m.py": EARLY_EXIT.format(guard=guard)}
    assert shown(run(tmp_path, files, preview=True)) == expected


# luigi 3.8.1 configuration/toml_parser.py:91: ``LuigiTomlParser.set`` writes into the class-level
# ``data`` dict, but ``BaseParser.instance()`` hands out one instance per class
# (``cls._instance = cls()``): the class-level state is that instance's own
SINGLETON = """
    class BaseParser:
        _instance = None

        @classmethod
        def instance(cls, *args):
            if cls._instance is None:
                {keep}
            return cls._instance


    class Parser(BaseParser):
        {declared}
        data = dict()

        def set(self, section, option, value=None):
            if section not in self.data:
                self.data[section] = {{}}
            self.data[section][option] = value
"""


@pytest.mark.parametrize(("keep", "declared", "tier"), [
    ("cls._instance = cls(*args)", "", "MEDIUM"),
    ("cls._instance = super().__new__(cls)", "", "MEDIUM"),
    # the subclass declares the field again; the base's getter sets it on the subclass
    ("cls._instance = cls(*args)", "_instance = None", "MEDIUM"),
    # a field named so but holding something else: instances are many
    ("cls._instance = make(*args)", "", "HIGH"),
    # the instance kept on another name than the class-level field
    ("cls._other = cls(*args)", "", "HIGH"),
])
def test_a_singletons_class_level_state_is_its_one_instances_own(
        tmp_path: Path, keep: str, declared: str, tier: str) -> None:
    files = {"m.py": SINGLETON.format(keep=keep, declared=declared)}
    assert_tier(tmp_path, files, "AL003", 19, tier)
    (finding,) = run(tmp_path / "message", files, preview=True)
    assert ("a singleton getter" in finding.message) == (tier == "MEDIUM")


# dbt-core 1.12.6 clients/checked_load.py:33-61: ``class CheckedLoader`` is defined inside
# ``checked_load()``, so its class-level ``check_failures = []`` is a new list on every call
NESTED_CLASS = """
    {outer}
        class Loader:
            failures = []

            def note(self, message):
                self.failures.append(message)

        Loader().note("x")
        return Loader.failures
"""


@pytest.mark.parametrize(("outer", "line", "tier"), [
    ("def load(text):", 7, "MEDIUM"),
    # a class statement at module level runs once: every instance shares the list
    ("if True:", 7, "HIGH"),
])
def test_a_class_made_by_each_call_has_its_own_class_level_state(
        tmp_path: Path, outer: str, line: int, tier: str) -> None:
    files = {"m.py": NESTED_CLASS.format(outer=outer).replace("return Loader.failures", "x = Loader.failures")
             if outer.startswith("if") else NESTED_CLASS.format(outer=outer)}
    assert_tier(tmp_path, files, "AL003", line, tier)
    (finding,) = run(tmp_path / "message", files, preview=True)
    assert ("the class statement is inside `load`" in finding.message) == (tier == "MEDIUM")

# kombu 5.7 utils/scheduling.py:88: ``items.append(items.pop(i))`` moves an element to the end: the
# list neither grows nor loses anything, so no call "adds the same entries again"
ROUND_ROBIN = """
    class round_robin_cycle:
        def __init__(self, it=None):
            self.items = it if it is not None else []

        def rotate(self, last_used):
            items = self.items
            try:
                {move}
            except ValueError:
                pass
            return last_used
"""


@pytest.mark.parametrize(("move", "default", "verb"), [
    ("items.append(items.pop(items.index(last_used)))", [], "moves an entry within"),
    ("items.insert(0, items.pop())", [], "moves an entry within"),
    # an element of its own added again: it grows on every call
    ("items.append(items[-1])", [("AL006", 9, "HIGH")], "appends to"),
])
def test_an_element_moved_within_its_list_is_a_reordering(tmp_path: Path, move: str, default: list, verb: str) -> None:
    files = {"m.py": ROUND_ROBIN.format(move=move)}
    assert shown(run(tmp_path / "default", files)) == default
    (finding,) = run(tmp_path / "preview", files, preview=True)
    assert finding.message.startswith(f"`rotate` {verb} `self.items`")


# tox 4.67 config/set_env.py:423: ``if args.chain[-1:] != [key]: args.chain.append(key)`` appends
# only when the last entry differs: called again with the same key, it adds nothing
# (``load_options``: tox's ``ConfigLoadArgs``, named here as configuration, which a public
# entry point's change is about: :func:`aliaslint.harm.config_like`)
LAST_ENTRY = """
    def load(item, load_options):
        if {test}:
            load_options.chain.append(f"env:{{item}}")
        return replace(item, load_options)

    def replace(item, load_options):
        return {{"item": item, "chain": load_options.chain}}
"""


@pytest.mark.parametrize(("test", "default"), [
    ('load_options.chain[-1:] != [f"env:{item}"]', []),
    ('load_options.chain[-1] != f"env:{item}"', []),
    # another element than the last: a second call appends again
    ('load_options.chain[:1] != [f"env:{item}"]', [("AL007", 4, "HIGH")]),
    ('load_options.chain[0] != f"env:{item}"', [("AL007", 4, "HIGH")]),
])
def test_an_append_after_a_different_last_entry_adds_once(tmp_path: Path, test: str, default: list) -> None:
    assert shown(run(tmp_path, {"m.py": LAST_ENTRY.format(test=test)})) == default


# kombu 5.7 asynchronous/http/base.py:271: a client unregisters itself from the hub it was given,
# ``discard`` and a ``del`` under a test that the attribute is there: a second call removes nothing
DETACH = """
    class Client:
        def __init__(self, hub):
            self.hub = hub
            self.hub.on_close.add(self._on_close)

        def detach(self):
            self.hub.on_close.discard(self._on_close)
            {remove}

        def close(self):
            self.detach()

        def _on_close(self, hub):
            self.detach()
            self.close()
"""


@pytest.mark.parametrize(("remove", "default"), [
    ("if getattr(self.hub, 'current', None) is self:\n                del self.hub.current", []),
    ("if hasattr(self.hub, 'current'):\n                del self.hub.current", []),
    ("if 'current' in self.hub.state:\n                del self.hub.state['current']", []),
    # removed without looking: the second call raises, or removes what another put there (named
    # first: the ``discard`` before it is repeat-safe)
    ("del self.hub.current", [("AL006", 9, "HIGH")]),
    ("if self.hub.ready:\n                del self.hub.state['current']", [("AL006", 10, "HIGH")]),
])
def test_a_removal_of_what_a_test_found_there_is_repeat_safe(tmp_path: Path, remove: str, default: list) -> None:
    assert shown(run(tmp_path, {"m.py": DETACH.format(remove=remove)})) == default


# The public-entry reason is about what a caller built and may hand over again: configuration (a
# mapping, a list, a template, a record), not an object with behaviour that the function works on
# as it is meant to. Issue 8's triage of eleven unseen packages: cookiecutter 2.7.1's Jinja
# extensions register filters on the ``environment`` they are given (5 findings), prefect 3.9.1's
# client sets headers on the ``httpx.Request`` it sends, paramiko 5.1.0's ``SubDict`` writes
# through to its owner's private entries; none a bug. pyinfra 3.10.0's ``get_template`` popping
# the user's ``jinja_env_kwargs`` is one (reproduced).
CONSUMER = """
    {imports}

    def build({param}):
        {change}
        return Client({name})
"""


@pytest.mark.parametrize(("imports", "param", "change", "default"), [
    ("from jinja2 import Environment", "environment: Environment", "environment.filters['x'] = str", False),
    ("import httpx", "request: httpx.Request", "request.headers['X-Client'] = 'me'", False),
    ("import logging", "logger: logging.Logger", "logger.handlers.append(HANDLER)", False),
    ("", "environment", "environment.filters['x'] = str", False),
    ("", "host", "host._entries.append(HANDLER)", False),
    # an attribute named as configuration on the way (redis' ``stack[*].options``)
    ("", "stack", "stack[0].options.pop('target_nodes')", True),
    ("", "pod_template", "pod_template.spec.containers[0].env.append(HANDLER)", True),
    ("", "environment", "environment['filters'].append(HANDLER)", True),
    ("from typing import Dict", "jinja_env_kwargs: Dict", "jinja_env_kwargs.pop('loader')", True),
    ("from kubernetes.client import V1Pod", "pod: V1Pod", "pod.spec.containers.append(HANDLER)", True),
    ("import typing", "labels: typing.MutableMapping", "del labels['app']", True),
])
def test_a_public_entry_points_change_is_shown_for_configuration_not_for_an_object_it_works_on(
        tmp_path: Path, imports: str, param: str, change: str, default: bool) -> None:
    name = param.split(":")[0]
    source = CONSUMER.format(imports=imports, param=param, change=change, name=name)
    preview = run(tmp_path / "preview", {"lib.py": source}, preview=True)
    assert [(d.code, d.location.line) for d in preview] == [("AL007", 5 + imports.count("\n"))]
    found = run(tmp_path / "default", {"lib.py": source})
    assert [d.code for d in found] == (["AL007"] if default else [])


# dagster 1.13.29 storage/sql.py: a cached alembic ``Config`` gets this call's connection in a
# named slot right before the command that reads it (``stamp_alembic_rev``); eleven storages do
# so, each setting it again: no later use reads what an earlier one wrote.
SLOT = """
    import functools

    @functools.lru_cache(maxsize=3)
    def get_config(path):
        return Config(path)

    def stamp(config, conn):
        {write}
        run_command(config)

    def open_runs(conn):
        stamp(get_config("runs.ini"), conn)
        {tail}

    def open_events(conn):
        stamp(get_config("runs.ini"), conn)
"""


@pytest.mark.parametrize(("write", "tail", "default"), [
    ('config.attributes["connection"] = conn', "", False),
    # on some calls only: a later call that does not set it uses this one's connection
    ('if conn is not None:\n            config.attributes["connection"] = conn', "", True),
    # the result keeps the object: the next call's value reaches the first one's result
    ('config.attributes["connection"] = conn', 'return get_config("runs.ini")', True),
    # growing it is no slot
    ('config.attributes["connections"].append(conn)', "", True),
])
def test_a_slot_every_use_sets_before_passing_the_object_on_is_preview(
        tmp_path: Path, write: str, tail: str, default: bool) -> None:
    source = SLOT.format(write=write, tail=tail)
    line = 13 + write.count("\n")
    preview = run(tmp_path / "p", {"lib.py": source}, preview=True)
    assert [(d.code, d.location.line) for d in preview] == [("AL003", line)]
    assert [(d.code, d.location.line) for d in run(tmp_path / "d", {"lib.py": source})] == (
        [("AL003", line)] if default else [])
    # one cause, one finding: the second function making the same change is a related location
    assert [(r.location.line, r.message) for r in preview[0].related if "same change" in r.message] == [
        (line + 4, "`open_events` makes the same change here")]


# pyinfra 3.10.0 ``pop_global_arguments(state, host, kwargs)``, scrapy 2.19.0
# ``_pop_command_name(argv)``, openstacksdk 4.22.0 ``_consume_attrs(mapping, attrs)``: a function
# named for taking things out of its argument is called for that change
NAMED = """
    def {name}(options):
        value = options.pop("python")
        return [value]
"""


@pytest.mark.parametrize(("name", "default"), [
    ("pop_python", False), ("consume_python", False), ("extract_python", False),
    ("python_of", True), ("popularity", True),
])
def test_a_function_named_for_taking_from_its_argument_is_intended(tmp_path: Path, name: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": NAMED.format(name=name)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 3)] if default else [])


# prefect 3.9.1 events/related.py:224: a bounded cache evicts its oldest entry, a key it chose
# from its own items; the caller hands the same cache to every call on purpose
EVICT = """
    MAX = 100

    def lookup(key, cache):
        if key not in cache:
            cache[key] = (load(key), now())
        if len(cache) > MAX:
            oldest = sorted(cache.items(), key=lambda kv: kv[1][1])[0][0]
            {removal}
        return cache.get(key)

    def run(keys):
        cache = {{}}
        for k in keys:
            lookup(k, cache)
        return cache
"""


@pytest.mark.parametrize(("removal", "default"), [
    ("del cache[oldest]", False),
    ('del cache["settings"]', True),
])
def test_a_store_trimming_itself_by_its_own_keys_is_no_consumption(tmp_path: Path, removal: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": EVICT.format(removal=removal)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 9)] if default else [])


# molecule 26.10.0 config.py:355: ``driver = api.drivers()[name]; driver.name = name``: the
# cached registry is keyed by name, and each entry gets the key that chose it, every time
KEYED = """
    import functools

    @functools.cache
    def drivers():
        return {{"docker": Driver(), "podman": Driver()}}

    def driver(name, other):
        d = drivers()[name]
        d.name = {value}
        return d

    def describe(name):
        return drivers()[name]
"""


@pytest.mark.parametrize(("value", "default"), [("name", False), ("other", True)])
def test_writing_into_an_entry_the_key_that_chose_it_is_repeat_safe(tmp_path: Path, value: str, default: bool) -> None:
    source = KEYED.format(value=value)
    assert shown(run(tmp_path / "p", {"lib.py": source}, preview=True)) == [
        ("AL003", 10, "HIGH" if default else "MEDIUM")]



# (seen in ansible-core 2.19.14 modules/mount_facts.py:583) one change that may reach either of two
# module-level templates is one finding, naming both
def test_a_change_reaching_either_of_two_templates_is_one_finding(tmp_path: Path) -> None:
    source = """
        STATIC = {"fstab": {"path": "/etc/fstab"}}
        DYNAMIC = {"mounts": {"path": "/proc/mounts"}}

        def facts(source, extra):
            fields = STATIC["fstab"] if source == "static" else DYNAMIC["mounts"]
            fields.update(extra)
            return fields
    """
    found = run(tmp_path, {"lib.py": source})
    assert [(d.code, d.location.line) for d in found] == [("AL003", 7)]
    assert [r.location.line for r in found[0].related if "may be the object" in r.message] == [2]


CALLEE_ELEMENTS = {
    "docs.py": """
        def get_docs(names):
            out = {}
            for n in names:
                out[n] = {"doc": {"returns": 1}, "examples": ""}
            return out
    """,
    "cli.py": """
        from docs import get_docs


        def format_doc(plugin, doc, examples):
            doc["plainexamples"] = examples
            doc["returndocs"] = doc.pop("returns", None)
            return " ".join(doc)


        def run(names):
            docs = get_docs(names)
            first = get_docs(["a"])["a"]
            text = []
            for plugin, doc_data in {loop}:
                text.append(format_doc(plugin, {arg}, doc_data["examples"]))
            return text
    """,
}


@pytest.mark.parametrize(("loop", "arg", "expected"), [
    # each iteration's element of the callee's result: a different object every time (ansible-doc)
    ("docs.items()", 'doc_data["doc"]', []),
    # one object, made before the loop, passed on every iteration
    ("docs.items()", 'first["doc"]', [("AL007", 7, "HIGH")]),
])
def test_a_loop_passing_each_element_of_a_callees_result_passes_another_object_each_time(
        tmp_path: Path, loop: str, arg: str, expected: list) -> None:
    files = {k: v.replace("{loop}", loop).replace("{arg}", arg) for k, v in CALLEE_ELEMENTS.items()}
    assert shown(run(tmp_path, files)) == expected


# ansible-core 2.19 cli/doc.py:1436-1463: ``doc = dict(doc)``, then ``removed_in`` filled from
# ``version`` only when missing
COPY_THEN_FILL = """
    def man_text(doc):
        doc = dict(doc)
        if {test}:
            doc["deprecated"]["removed_in"] = doc["deprecated"]["version"]
        return str(doc)

    def main(doc):
        for i in range(3):
            man_text(doc)
"""


@pytest.mark.parametrize(("test", "tier"), [
    ('"removed_in" not in doc["deprecated"]', "MEDIUM"),
    ('doc["deprecated"].get("removed_in") is None', "MEDIUM"),
    # written whatever the original held: its value is replaced
    ('"version" in doc["deprecated"]', "HIGH"),
])
def test_a_nested_fill_through_a_shallow_copy_is_preview(tmp_path: Path, test: str, tier: str) -> None:
    assert_tier(tmp_path, {"m.py": COPY_THEN_FILL.replace("{test}", test)}, "AL002", 3, tier)


# ansible-core 2.19 plugins/callback/__init__.py:436-442 and playbook/play_context.py:212-219
FILLS = """
    class Context:
        def __init__(self, host=None):
            self.host = host

        def override(self, variables, names, task):
            new_info = Context(self.host)
            delegated = variables["ansible_delegated_vars"][task]
{body}
            new_info.host = delegated.get("ansible_host")
            return new_info
"""


@pytest.mark.parametrize(("body", "expected"), [
    # the ``else`` of a loop that stops at the first key present: only when none is there
    ("        for name in names:\n            if name in delegated:\n                break\n"
     "        else:\n            delegated['ansible_host'] = task", []),
    ("        for name in names:\n            if name in delegated: break\n"
     "        else:\n            delegated['ansible_host'] = task", []),
    # a loop that does not stop: the ``else`` always runs
    ("        for name in names:\n            if name in delegated:\n                print(name)\n"
     "        else:\n            delegated['ansible_host'] = task", [("AL007", 13, "MEDIUM")]),
    # an item that holds nothing, filled
    ("        for x in ['before', 'after']:\n            if delegated[x] is None:\n"
     "                delegated[x] = ''", []),
    ("        for x in ['before', 'after']:\n            if delegated[x] == 0:\n"
     "                delegated[x] = ''", [("AL007", 11, "MEDIUM")]),
])
def test_writes_that_run_only_where_the_key_holds_nothing_are_fills(
        tmp_path: Path, body: str, expected: list) -> None:
    found = run(tmp_path, {"m.py": FILLS.replace("{body}", textwrap.indent(body, "    "))}, preview=True)
    assert shown(found) == expected


# apache-libcloud 3.9.1 compute/drivers/ovh.py:521-538: each parsed volume converted once
EACH_ELEMENT_CONVERTED = """
    class StorageVolume:
        def __init__(self, id, state, extra):
            self.id = id
            self.state = state
            self.extra = extra


    class Driver:
        def __init__(self, connection):
            self.connection = connection

        def _to_volume(self, obj):
            extra = obj.copy()
            extra.pop("id")
            state = obj.pop("status", None)
            return StorageVolume(id=obj["id"], state=state, extra=extra)

        def _to_volumes(self, objs, names):
            return {loop}

        def list_volumes(self):
            response = self.connection.request("volume")
            return self._to_volumes(response.object, ["a"])

        def get_volume(self, name):
            response = self.connection.request("volume/" + name)
            return self._to_volume(response.object)
"""


@pytest.mark.parametrize(("loop", "expected"), [
    # the next call gets the next element: nothing seen again
    ("[self._to_volume(obj) for obj in objs]", []),
    ("[self._to_volume(objs[name]) for name in names]", []),
    # one part of the caller's object, handed over on every iteration
    ("[self._to_volume(objs['first']) for name in names]", [("AL001", 20, "HIGH")]),
])
def test_a_loop_handing_over_each_element_of_an_argument_is_no_second_use(
        tmp_path: Path, loop: str, expected: list) -> None:
    assert shown(run(tmp_path, {"m.py": EACH_ELEMENT_CONVERTED.replace("{loop}", loop)}, preview=True)) == expected


# httpx 0.28.1 _multipart.py:150-156, 253-256: each file's tuple is another element, but a user may
# give several files one ``headers`` dict, which the first file's Content-Type then lands in
USER_ELEMENTS = """
    class FileField:
        def __init__(self, name, value):
            filename, fileobj, headers = value
            if "content-type" not in headers:
                headers["Content-Type"] = guess(filename)
            self.headers = headers

    class MultipartStream:
        def __init__(self, files):
            self.fields = list(self._iter_fields(files))

        def _iter_fields(self, files):
            for name, value in files.items():
                yield FileField(name=name, value=value)
"""


def test_the_elements_of_what_a_user_hands_in_may_share_their_parts(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": USER_ELEMENTS})
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL007", 6, "HIGH")]
    assert [r.message for r in found[0].related] == [
        "second use: this caller passes an object it keeps; its next call of `FileField.__init__` starts "
        "from the changed object"]


# dbt-core 1.12.6 parser/partial.py:804-806, :1068-1079: for each changed snapshot, the partial
# parser deletes from the saved file record the entries made from it
FILTER = """
    class Partial:
        def __init__(self, saved):
            self.saved = saved

        def delete_snapshot(self, schema_file, snapshot_dict):
            name = snapshot_dict["name"]
            for unique_id in schema_file.snapshots.copy():
                if {test}:
                    {remove}

        def handle(self, schema_file, changed):
            for elem in changed:
                self.delete_snapshot(schema_file, elem)
"""


@pytest.mark.parametrize(("test", "remove", "tier"), [
    ("self.saved[unique_id].name == name", "schema_file.snapshots.remove(unique_id)", "MEDIUM"),
    ("unique_id.endswith(name)", "schema_file.snapshots.remove(unique_id)", "MEDIUM"),
    # what is taken out is used: the next round does not get it
    ("self.saved[unique_id].name == name", "self.saved.use(schema_file.snapshots.pop(0))", "HIGH"),
    # a named entry, not one of its own elements
    ("self.saved[unique_id].name == name", 'schema_file.snapshots.remove("latest")', "HIGH"),
])
def test_a_loop_filtering_one_object_by_each_rounds_test_is_preview(
        tmp_path: Path, test: str, remove: str, tier: str) -> None:
    assert_tier(tmp_path, {"m.py": FILTER.format(test=test, remove=remove)}, "AL001", 14, tier)


# dbt-core 1.12.6 context/providers.py:2143-2168: the resolvers a parse context is built from
# keep the exposure they fill; the only caller makes each Exposure, renders with the context and
# then reads the refs they filled
FILLED_BY_FACTORY = """
    class Resolver:
        def __init__(self, model):
            self.model = model

        def __call__(self, name):
            self.model.refs.append(name)
            return ""

    def context_for(exposure):
        return {{"ref": Resolver(exposure)}}

    class Exposure:
        def __init__(self, name):
            self.name = name
            self.refs = []

    def parse(names, render, keep):
        for name in names:
            {make}
            ctx = context_for(parsed)
            render(ctx, parsed)
            keep(parsed)
"""


@pytest.mark.parametrize(("make", "tier", "witness"), [
    ("parsed = Exposure(name)", "MEDIUM", "the object is made for this call here"),
    # one object for every round: the next context's resolver starts from the filled one
    ("parsed = names[0]", "HIGH", "second use: another Resolver is built here"),
    # the factory called twice with the same new object
    ("parsed = Exposure(name)\n            context_for(parsed)", "HIGH", "second use: another Resolver is built here"),
])
def test_a_factory_filling_an_object_each_caller_makes_for_it_is_preview(
        tmp_path: Path, make: str, tier: str, witness: str) -> None:
    files = {"m.py": FILLED_BY_FACTORY.format(make=make)}
    assert_tier(tmp_path, files, "AL006", 7, tier)
    (finding,) = run(tmp_path / "message", files, preview=True)
    assert any(r.message.startswith(witness) for r in finding.related), [r.message for r in finding.related]
    assert ("filling it is the point" in finding.message) == (tier == "MEDIUM")


# apache-libcloud 3.9.1 common/base.py:143-158: the constructor sets ``self.headers`` to a new
# dict first thing, and on the error path hands it to ``exception_from_message``, which rewrites
# its Retry-After; ``__init__`` runs once per instance, so no later call starts from the change
OWN_NEW = """
    import time
    from email.utils import mktime_tz, parsedate_tz

    class Err(Exception):
        def __init__(self, code, headers=None):
            self.code = code
            self.headers = headers

    def exception_from_message(code, headers=None):
        kwargs = {{"code": code, "headers": headers}}
        if headers and "retry-after" in headers:
            http_date = parsedate_tz(headers["retry-after"])
            if http_date is not None:
                headers["retry-after"] = str(max(0, int(mktime_tz(http_date) - time.time())))
        return Err(**kwargs)

    class Response:
        def __init__(self, response):
            {first}
            self.status = response.status
            if not self.success():
                raise exception_from_message(code=self.status, headers=self.headers)

        def success(self):
            return self.status < 400
"""


@pytest.mark.parametrize(("first", "expected"), [
    ("self.headers = {k.lower(): v for k, v in response.headers.items()}", []),
    ("self.headers = {'retry-after': response.retry_after}", []),
    # the caller's own dict, kept: every Response built from it rewrites it again
    ("self.headers = response.headers", [("AL007", 15, "HIGH")]),
    # set after a method call on ``self``, still before the call that changes it: whatever the
    # method did, the call gets the new dict (octodns 1.22.0's ``Manager.__init__``, four C's of
    # issue 8's blind twenty-ninth set)
    ("self.check()\n            self.headers = {}", []),
    # set after the call: the call gets whatever the instance held before
    ("self.status = response.status\n            if not self.success():\n                raise exception_from_message("
     "code=self.status, headers=self.headers)\n            self.headers = {}", [("AL007", 15, "HIGH")]),
])
def test_a_constructors_own_new_object_is_no_kept_witness(tmp_path: Path, first: str, expected: list) -> None:
    assert shown(run(tmp_path, {"m.py": OWN_NEW.format(first=first)}, preview=True)) == expected


# kubernetes_asyncio 32 utils/create_from_yaml.py:140-146: each item of ``data["items"]`` is
# changed; the fix is one copy of ``data`` at the top, not a copy of it inside the loop
LOOP_FIX = """
    def build(data):
        out = []
        for {loop}:
            {change}
            out.append({{"name": name, "spec": data}})
        return out
"""


@pytest.mark.parametrize(("loop", "change", "fix"), [
    ('item in data["items"]', 'name = item.pop("name")', "copy it first (`data = copy.deepcopy(data)` at the top of `build`)"),
    # a drain of one list: one copy at the top, not the whole again each round
    ("i in range(3)", 'name = data["names"].pop()', "copy it first (`data = copy.deepcopy(data)` at the top of `build`)"),
    # the same object grown on every round, and kept with each entry: each round needs its own
    ("i in range(3)", 'name = str(i)\n            data["ids"].append(name)',
     "copy it inside the loop, before each change (`copy.deepcopy(data)`)"),
])
def test_the_fix_for_a_change_in_a_loop_copies_where_it_separates_the_rounds(
        tmp_path: Path, loop: str, change: str, fix: str) -> None:
    (finding,) = [d for d in run(tmp_path, {"m.py": LOOP_FIX.format(loop=loop, change=change)}, preview=True)
                  if d.code == "AL007"]
    assert finding.message.endswith(fix), finding.message


# apache-libcloud 3.9.1 common/google.py:240-300: the parsed body goes to one exception per
# status branch; each ``raise`` leaves the function, so no other branch's use sees the change
RAISED = """
    import json

    SEEN = []

    def pick(b):
        return b.get("error")

    def keep(b):
        SEEN.append(b)

    class NotFound(Exception):
        def __init__(self, value):
            value["message"] = value["message"] + " (not found)"
            super().__init__(value["message"])

    class Other(Exception):
        def __init__(self, value):
            super().__init__(value)
            self.value = value

    def parse(text, status):
        body = json.loads(text)
        {before}
        if status == 200:
            if "error" in body:
                raise Other(body)
            return body
        elif status == 404:
            raise NotFound(body)
        {after}
        raise Other(body)
"""


@pytest.mark.parametrize(("before", "after", "expected"), [
    ("pass", "pass", []),
    # read before by a helper that only looks things up in it (``err.get("message")``)
    ("pick(body)", "pass", []),
    # kept before the change: the keeper sees it
    ("keep(body)", "pass", [("AL007", 14, "HIGH")]),
    # the raise inside a ``try``: a handler may go on with the changed body, and ``Other(body)``
    # sees it (a next step given what the change rewrote: preview, see ``caller_witness``)
    ("pass", "try:\n            raise NotFound(body)\n        except NotFound:\n            print(body)",
     [("AL007", 14, "MEDIUM")]),
])
def test_a_call_the_function_leaves_with_is_seen_by_no_later_branch(
        tmp_path: Path, before: str, after: str, expected: list) -> None:
    assert shown(run(tmp_path, {"m.py": RAISED.format(before=before, after=after)}, preview=True)) == expected


# docker-compose 1.29.2 project.py:107-172, :252-265: ``from_config`` copies each service's dict,
# pops keys from its copy itself, and has ``get_links`` pop ``links`` before ``Service(**d)``
TAKEN_APART = """
    class Service:
        def __init__(self, name, links=(), **options):
            self.name = name
            self.links = links
            self.options = options

    class Project:
        def get_links(self, service_options):
            links = list(service_options.get("links", []))
            del service_options["links"]
            return links

        def build(self, services):
            out = []
            for service_dict in services:
                {copy}
                links = self.get_links(service_dict)
                {own}
                out.append(Service(links=links, **service_dict))
            return out
"""


@pytest.mark.parametrize(("copy", "own", "tier"), [
    ("service_dict = dict(service_dict)", 'service_dict.pop("networks", None)', "MEDIUM"),
    # the caller takes its copy apart only through the helper: a user's dict passed to the public
    # helper loses its links all the same
    ("service_dict = dict(service_dict)", "pass", "HIGH"),
    # no copy: the caller's own caller's dicts are taken apart
    ("pass", 'service_dict.pop("networks", None)', "HIGH"),
])
def test_a_step_of_a_callers_consuming_build_on_its_own_copy_is_preview(
        tmp_path: Path, copy: str, own: str, tier: str) -> None:
    found = run(tmp_path, {"m.py": TAKEN_APART.format(copy=copy, own=own)}, preview=True)
    assert [f for f in shown(found) if f[1] == 11] == [("AL007", 11, tier)]


# chalice 1.34.0 local.py:342: ``lambda_event = self._update_lambda_event(lambda_event, auth);
# return lambda_event, lambda_context``: the callee changes the event and hands it back, and so
# does the caller (its one caller rebinds both names to the result): an in-place updater, not a
# consumer of what its caller gave
ANNOTATE = """
    class Authorizer:
        def authorize(self, path, lambda_event, lambda_context):
            claims = self._decode(lambda_event["headers"]["authorization"])
            auth_result = {{"context": {{"claims": claims}}, "principalId": path}}
            {call}
            return {ret}

        def _decode(self, token):
            return {{"sub": token}}

        def _update_lambda_event(self, lambda_event, auth_result):
            auth_context = auth_result["context"]
            lambda_event["requestContext"]["authorizer"] = auth_context
            return lambda_event
"""


@pytest.mark.parametrize(("call", "ret", "tier"), [
    ("lambda_event = self._update_lambda_event(lambda_event, auth_result)", "lambda_event, lambda_context", "MEDIUM"),
    ("self._update_lambda_event(lambda_event, auth_result)", "lambda_event, lambda_context", "MEDIUM"),
    # nothing built from it is returned, only the event itself: no consumption at all
    ("lambda_event = self._update_lambda_event(lambda_event, auth_result)", "lambda_event", None),
    # what is handed back is built from the event, not the event: the caller's is consumed
    ("self._update_lambda_event(lambda_event, auth_result)", 'dict(lambda_event["requestContext"]), lambda_context',
     "HIGH"),
    # the call handing the event back is another call than the one that changed it
    ("lambda_event = self._update_lambda_event(lambda_event, auth_result)",
     "self._update_lambda_event(lambda_event, {}), lambda_context", "HIGH"),
])
def test_a_callees_change_the_function_hands_back_is_an_in_place_update(
        tmp_path: Path, call: str, ret: str, tier: str | None) -> None:
    source = ANNOTATE.format(call=call, ret=ret)
    assert shown(run(tmp_path / "p", {"lib.py": source}, preview=True)) == ([("AL007", 6, tier)] if tier else [])
    assert shown(run(tmp_path / "d", {"lib.py": source})) == ([("AL007", 6, "HIGH")] if tier == "HIGH" else [])


# the corpus' D02 (jupyterhub-kubespawner): ``get_k8s_model`` returns its argument only on the
# path where it changes nothing (``if isinstance(d, model_type): return d``); on the other it
# renames the caller's keys and returns a model built from them: still consumed
def test_a_return_of_the_argument_on_another_path_hands_back_no_change(tmp_path: Path) -> None:
    source = """
        class V1Container:
            attribute_map = {
                "name": "name",
                "image": "image",
                "image_pull_policy": "imagePullPolicy",
                "working_dir": "workingDir",
                "security_context": "securityContext",
            }

            def __init__(self, name=None, image=None, image_pull_policy=None, working_dir=None, security_context=None):
                self.name = name
                self.image = image
                self.image_pull_policy = image_pull_policy
                self.working_dir = working_dir
                self.security_context = security_context


        def model_attribute(model_type, field_name):
            for attribute, api_name in model_type.attribute_map.items():
                if field_name in (attribute, api_name):
                    return attribute
            raise ValueError(f"{model_type.__name__} has no field {field_name!r}")


        def map_dict_keys_to_model_attributes(model_type, model_dict):
            for key in list(model_dict.keys()):
                model_dict[model_attribute(model_type, key)] = model_dict.pop(key)
            return model_dict


        def get_k8s_model(model_type, model_dict):
            if isinstance(model_dict, model_type):
                return model_dict
            map_dict_keys_to_model_attributes(model_type, model_dict)
            return model_type(**model_dict)


        def make_container(name, image, extra_container_config):
            model = get_k8s_model(V1Container, extra_container_config)
            if model.image_pull_policy not in (None, "Always", "IfNotPresent", "Never"):
                raise ValueError(f"bad imagePullPolicy {model.image_pull_policy!r}")
            container = {"name": name, "image": image}
            container.update(extra_container_config)
            return container


        if __name__ == "__main__":
            extra_container_config = {"imagePullPolicy": "Always", "workingDir": "/home/jovyan"}
            for user in ("alice", "bob"):
                print(user, make_container(f"notebook-{user}", "jupyter/base-notebook:4", extra_container_config))
            print("configured:", extra_container_config)
    """
    assert shown(run(tmp_path, {"lib.py": source})) == [("AL007", 35, "HIGH")]


# sagemaker 2.257.7 (issue 8's sixth set, three B's): an append under a test that the list lacks
# what is added, spelt as a predicate handed the list (``if not tag_key_in_array(key, tags):``,
# ``if not has_instance_rate_stat(stats):``), or as a test that it is empty: the added entry makes
# the test false, so a second round adds nothing. A predicate handed another object, or a test
# that the list holds something, guards nothing of the kind
ABSENT = """
    def {predicate}(key, tags):
        return any(t["Key"] == key for t in tags)

    def add_uri_tag(spec, uri, other):
        tags = spec["tags"]
        if {test}:
            tags.append({{"Key": "uri", "Value": uri}})

    def build(spec, model_uri, steps):
        for step in steps:
            add_uri_tag(spec, model_uri, [])
"""


@pytest.mark.parametrize(("test", "default"), [
    ('not tag_key_in_array("uri", tags)', False),
    ('not tag_key_in_array("uri", tags) and uri', False),
    ("not tags", False),
    ("len(tags) == 0", False),
    ('not tag_key_in_array("uri", other)', True),
    ('tag_key_in_array("uri", tags)', True),
    ("tags", True),
])
def test_an_append_under_a_test_that_the_list_lacks_it_is_a_fill(tmp_path: Path, test: str, default: bool) -> None:
    source = ABSENT.format(predicate="tag_key_in_array", test=test)
    assert [(d.code, d.location.line) for d in run(tmp_path, {"lib.py": source})] == ([("AL001", 12)] if default else [])


# sagemaker 2.257.7 workflow/properties.py:46: a class-level cache loaded when it is empty
# (``if len(mcs._shapes_map.keys()) == 0: mcs._shapes_map["sagemaker"] = ...``) is filled once
SHAPES = """
    from abc import ABCMeta

    import botocore.loaders


    class PropertiesMeta(ABCMeta):
        _shapes_map = dict()

        def __new__(mcs, *args, **kwargs):
            if {test}:
                loader = botocore.loaders.Loader()
                model = loader.load_service_model("sagemaker", "service-2")
                mcs._shapes_map["sagemaker"] = model["shapes"]
            return super().__new__(mcs, *args, **kwargs)


    class Properties(metaclass=PropertiesMeta):
        def __init__(self, shape_name):
            self.shape = Properties._shapes_map.get("sagemaker", {{}}).get(shape_name)
"""


@pytest.mark.parametrize(("test", "default"), [
    ("len(mcs._shapes_map.keys()) == 0", False),
    ("len(mcs._shapes_map) == 0", False),
    ("not mcs._shapes_map", False),
    ("shapes_wanted()", True),
])
def test_a_class_level_cache_loaded_when_empty_is_filled_once(tmp_path: Path, test: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": SHAPES.format(test=test)})
    assert [(d.code, d.location.line) for d in found] == ([("AL003", 14)] if default else [])


# sagemaker 2.257.7 _studio.py:50: ``additional = [t for t in additional if t not in all_tags];
# all_tags.extend(additional)``: only what the list lacks is added, so a second round adds nothing
PREFILTERED = """
    def add_project_tags(spec, extra):
        tags = spec["tags"]
        {filtered}
        tags.extend(extra)

    def build(spec, extra, steps):
        for step in steps:
            add_project_tags(spec, extra)
"""


@pytest.mark.parametrize(("filtered", "default"), [
    ("extra = [t for t in extra if t not in tags]", False),
    ("extra = (t for t in extra if t not in tags)", False),
    ("extra = [t for t in extra if t not in spec['other']]", True),
    ("extra = [t for t in extra if t]", True),
])
def test_an_extend_by_what_the_list_lacks_is_a_fill(tmp_path: Path, filtered: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": PREFILTERED.format(filtered=filtered)})
    assert [(d.code, d.location.line) for d in found] == ([("AL001", 9)] if default else [])


# sagemaker 2.257.7 _event_bridge_rule_helper.py:214: a module template copied in a loop, its
# nested dict written, each copy kept: the witness is the copies earlier rounds kept, not a later call
def test_copies_kept_by_every_round_are_the_witness_of_a_nested_change(tmp_path: Path) -> None:
    source = """
        BASE = {{"source": ["aws.sagemaker"], "detail": {{}}}}

        def event_pattern(status_map):
            filters = []
            for status in status_map:
                current = BASE.copy()
                current["detail"]["pipelineArn"] = status_map[status]
                filters.{keep}
            return {{"$or": filters}}
    """
    found = run(tmp_path / "kept", {"lib.py": source.format(keep="append(current)")})
    assert [(d.code, d.location.line, [(r.location.line, r.message) for r in d.related]) for d in found] == [
        ("AL002", 7, [(8, "the original's nested object is mutated here ([] =)"),
                      (9, "second use: the copies kept here on earlier iterations share the nested object, so each "
                          "iteration's change reaches all of them: they all end as the last one")])]
    found = run(tmp_path / "not_kept", {"lib.py": source.format(keep="append(dict(current))")})
    assert [(d.code, d.location.line, d.related[-1].location.line, d.related[-1].message) for d in found] == [
        ("AL002", 7, 2, "second use: every later call copies this object again, already changed")]


# Cloud Custodian 0.9.53 apigw.py:810: ``resource_map = {r["id"]: r for r in resources}`` indexes
# the caller's resources by id, to find each one again; annotating them through it is no change
# to a copy made to leave them as they were (nor through a sorted list of them: ssm.py:604); a
# comprehension over a mapping's items is a copy
INDEX = """
    def annotate(resources, results):
        resource_map = {comprehension}
        for rid, found in results:
            resource_map[rid].setdefault("c7n:matched", []).append(found)
        return list(resource_map.values())
"""


@pytest.mark.parametrize(("comprehension", "tier"), [
    ('{r["id"]: r for r in resources}', "MEDIUM"),
    ("{r.name: r for r in resources}", "MEDIUM"),
    ('sorted(resources, key=lambda r: r["id"])', "MEDIUM"),
    ("{k: v for k, v in resources.items()}", "HIGH"),
    ("{k: resources[k] for k in resources}", "HIGH"),
])
def test_a_collection_indexed_or_ordered_to_find_its_elements_is_no_copy_to_leave_them(
        tmp_path: Path, comprehension: str, tier: str) -> None:
    source = INDEX.format(comprehension=comprehension)
    if comprehension.startswith("sorted"):
        source = source.replace("resource_map[rid]", "resource_map[int(rid)]")
    found = run(tmp_path, {"lib.py": source}, preview=True)
    assert [t for t in shown(found) if t[0] == "AL002"] == [("AL002", 3, tier)]


# Cloud Custodian 0.9.53: its filters and actions (``process(self, resources)``, defined by
# hundreds of classes under ``Filter`` / ``BaseAction``) annotate the resource records the
# policy's own loop hands every plug-in (``for f in self.filters: resources = f.process(...)``);
# that argument is the framework's for this run, not what a library's user passes (``Age`` hands
# back copies: one that handed back the records it changed would transform them in place, on
# purpose, and be preview only whoever calls it)
PLUGINS = """
    class Registry:
        def register(self, name):
            return lambda cls: cls


    filters = Registry()


    class Filter:
        def process(self, resources, event=None):
            return resources


    {deco}
    class Age(Filter):
        def process(self, resources, event=None):
            for r in resources:
                r.pop("LaunchTime")
            return [dict(r) for r in resources if r]


    {deco}
    class Tagged(Filter):
        def process(self, resources, event=None):
            return [r for r in resources if r.get("Tags")]
{third}

    class Policy:
        def __init__(self, filters):
            self.filters = filters

        def run(self, resources):
            for f in self.filters:
                resources = f.process(resources)
            return resources
"""
THIRD = '''

    class Public(Filter):
        def process(self, resources, event=None):
            return [r for r in resources if r.get("Public")]
'''


@pytest.mark.parametrize(("third", "deco", "default"), [
    (THIRD, '@filters.register("age")', False),
    # two overrides are no family
    ("", '@filters.register("age")', True),
    # a family no registry finds by name is a library's interface (apache-libcloud's drivers)
    (THIRD, "", True),
])
def test_a_plugin_familys_hook_called_by_the_framework_is_no_public_entry(
        tmp_path: Path, third: str, deco: str, default: bool) -> None:
    found = run(tmp_path, {"lib.py": PLUGINS.format(third=third, deco=deco)})
    assert [(d.code, d.location.line) for d in found] == ([("AL007", 19)] if default else [])



# Cloud Custodian 0.9.53 ssm.py:293: ``for resource_set in chunks(resources, 50)``: a batching
# generator hands each round other elements; a generator wrapping one template in a new dict per
# round still hands every round the same template
BATCHES = """
    def chunks(iterable, size=50):
        batch = []
        for n in iterable:
            batch.append(n)
            if len(batch) % size == 0:
                yield batch
                batch = []
        if batch:
            yield batch

    def jobs(template, n):
        for i in range(n):
            yield {"spec": template, "index": i}

    def send(resources, command_id):
        for resource_set in chunks(resources, 50):
            annotate(resource_set, command_id)

    def annotate(resources, command_id):
        for r in resources:
            r.setdefault("c7n:SendCommand", []).append(command_id)

    def submit(template, n):
        for job in jobs(template, n):
            add_shm(job)

    def add_shm(job):
        job["spec"]["env"].append("SHM=1")
"""


def test_a_batching_generator_hands_each_round_other_elements(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"lib.py": BATCHES}, preview=True)) == [("AL001", 26, "HIGH")]


# Cloud Custodian 0.9.53 org.py:476-480 (a bug of issue 8's seventh set): the ``ou`` filter walks
# the policy's ``units`` list as its work queue (``while roots: roots.pop(0) ... roots.extend``)
# and leaves it empty: the message says so, not that the entries are added again
QUEUE = """
    class Filter:
        def __init__(self, data, manager=None):
            self.data = data
            self.manager = manager


    class OrganizationUnit(Filter):
        def process(self, resources, event=None):
            ous = self.get_ous_for_roots(self.data["units"])
            return [r for r in resources if r["Parent"] in ous]

        def get_ous_for_roots(self, roots):
            folders = set(roots)
            while roots:
                {take}
                for child in children_of(r):
                    roots.extend([child["Id"]])
                    folders.add(child["Id"])
            return folders


    def children_of(r):
        return [{{"Id": r + "/a"}}]
"""


@pytest.mark.parametrize(("take", "wrong", "reason"), [
    ("r = roots.pop(0)",
     "every `process()` on one OrganizationUnit takes the caller's entries out of it as a work queue, so the "
     "next one starts from what this one left",
     "works through it as a queue, taking out what the caller put in"),
    ("r = roots[-1]",
     "every `process()` on one OrganizationUnit adds the same entries again, to the caller's object",
     "adds to what the caller gave again"),
])
def test_a_kept_list_worked_through_as_a_queue_is_said_to_be_taken_out(
        tmp_path: Path, take: str, wrong: str, reason: str) -> None:
    found = [d for d in run(tmp_path, {"lib.py": QUEUE.format(take=take)}) if d.code == "AL006"]
    assert len(found) == 1
    assert wrong in found[0].message
    assert [r.message for r in found[0].related if r.message.startswith(harm.PUBLIC_ENTRY)] == [
        harm.PUBLIC_ENTRY + "`data` comes from the caller, and every call of the public `process` " + reason]
