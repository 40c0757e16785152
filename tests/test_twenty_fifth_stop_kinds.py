"""Kinds of issue 8's twenty-fifth stop, kept as tests with their twins.

- AL007: a keyword argument collected by ``**kwargs`` is the caller's object; a change below an
  item of ``**kwargs`` (``for nic in kwargs.pop("nics", []): nic.pop("net-id")``) changes what
  the caller gave under that keyword, and a public entry point that destroys or duplicates it is
  shown by default, naming the keyword (shade 1.33.0's ``create_server``: a miss the blind reader
  of set 61 reproduced). The keyword dict itself (``kwargs.pop("nics")``, ``kwargs["name"] =
  name``) is made for each call: nothing to report.
- AL007: a public function that returns nothing, takes a named option out of the caller's
  options and hands the rest on (``del options["dependency-update"]``, then
  ``self._upgrade(options)``) uses the object as one that returns what it built does: the caller's
  second call finds the option gone (avionix 0.4.5's ``ChartBuilder.upgrade_chart``, a miss the
  blind reader of set 61 reproduced). An in-place updater that hands nothing on stays silent.
- Phase 1: a local bound once to a string literal (``key = "dependency-update"``) names that key
  where it is used as one (``del options[key]``).
- AL007: a function that takes out a key it also sets in the object itself scopes a value of its
  own (cartography 0.143.0's ``sentinelone._sync_scope``): nothing of the caller's is consumed.
- AL007: a keyword forwarded to a public function that takes it by name (hvac 2.4.0's
  ``Adapter.get(url, **kwargs)`` to ``request(..., headers=None, **kwargs)``) is reported there,
  once.
- Phase 1: elements of a parameter changed and handed back in a new list (``for c in clusters:
  c["instance_id"] = i; out.append(c)``, ``return out``) are transformed in place on purpose, as
  an updater's returned argument is (cartography's ``transform_*`` steps: three B's of blind set
  64); preview only.
- AL007: when the second use writes the same slot itself before it hands the object on
  (cartography's sync steps each setting ``common_job_parameters["ORG_ID"]``: two B's of blind
  set 64), nothing reads what the first wrote.
- AL003: a write into a cached loader's object of values computed from the cached call's own
  arguments (cartography's ``get_botocore_config`` resetting ``retries``, a B of blind set 64)
  writes what every caller with that key writes: preview, saying so.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run
from test_twenty_fourth_stop_kinds import _both, _messages


_CLOUD = '''\
class Cloud:
    def post(self, url, json):
        return {{"url": url, "json": json}}

    def create_server(self, name, group=None, **kwargs):
        """Create a server.

        :param nics: (optional) an ordered list of nics, dicts with net-id.
        :param scheduler_hints: (optional) arbitrary key-value pairs.
        """
        hints = kwargs.pop("scheduler_hints", {{}})
        networks = []
        for nic in kwargs.pop("nics", []):
            net = {{}}
{body}
            networks.append(net)
        kwargs["networks"] = networks
        kwargs["name"] = name
        return self.post("/servers", json={{"server": kwargs, "hints": hints}})
'''


def test_a_public_entry_that_pops_from_a_keyword_arguments_object_is_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/cloud.py": _CLOUD.format(body='''\
            if "net-id" in nic:
                net["uuid"] = nic.pop("net-id")''')}
    assert _both(tmp_path, files) == ([("AL007", 16, "HIGH")], [("AL007", 16, "HIGH")])
    assert _messages(tmp_path / "m", files) == [
        '`Cloud.create_server` pops from `kwargs["nics"][*]`, the caller\'s `nics` (a keyword argument), '
        "while building its result from it; a caller that uses `nics` again finds what was removed gone; "
        "copy it first (`kwargs = copy.deepcopy(kwargs)` at the top of `Cloud.create_server`)"]
    found = run(tmp_path / "r", files)
    assert [r.message for r in found[0].related] == [
        "public entry point: `nics` comes from the caller, and this removes what the caller put in it"]


def test_reading_a_keyword_arguments_object_changes_nothing(tmp_path: Path) -> None:
    """The twin: the entry is read, not popped."""
    files = {"pkg/__init__.py": "", "pkg/cloud.py": _CLOUD.format(body='''\
            if "net-id" in nic:
                net["uuid"] = nic["net-id"]''')}
    assert _both(tmp_path, files) == ([], [])


def test_a_keyword_set_on_some_calls_in_the_callers_object_names_the_keyword(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/cloud.py": _CLOUD.replace(
        "        networks = []\n", "        if group:\n            hints[\"group\"] = group\n        networks = []\n",
    ).format(body="            net['uuid'] = nic['net-id']")}
    assert _both(tmp_path, files) == ([("AL007", 13, "HIGH")], [("AL007", 13, "HIGH")])
    found = run(tmp_path / "r", files)
    assert found[0].message.startswith(
        '`Cloud.create_server` writes an item of `kwargs["scheduler_hints"]`, the caller\'s `scheduler_hints` '
        "(a keyword argument), on some calls only; a caller that passes `scheduler_hints` again, to a call "
        "that does not set that key, passes this call's value on")


def test_the_keyword_dict_itself_is_made_for_each_call(tmp_path: Path) -> None:
    """Popping and setting the keyword dict's own items (``kwargs.pop("nics")``,
    ``kwargs["name"] = name``) changes nothing the caller holds."""
    files = {"pkg/__init__.py": "", "pkg/cloud.py": '''\
def create_server(name, **kwargs):
    """Create a server.

    :param nics: (optional) an ordered list of nics.
    """
    nics = kwargs.pop("nics", [])
    kwargs["networks"] = [{"uuid": n["net-id"]} for n in nics]
    kwargs["name"] = name
    kwargs.setdefault("min_count", 1)
    return dict(server=kwargs)
'''}
    assert _both(tmp_path, files) == ([], [])


def test_a_private_helper_whose_callers_give_new_objects_under_the_keyword_is_silent(tmp_path: Path) -> None:
    """A helper's ``**kwargs`` item is the caller's; when every caller in the tree gives a new
    object under that keyword, nobody else holds it."""
    files = {"pkg/__init__.py": "", "pkg/cloud.py": '''\
def _server(name, **kwargs):
    for nic in kwargs.get("nics", []):
        nic.pop("net-id", None)
    return {"name": name, **kwargs}


def create(name, net):
    return _server(name, nics=[{"net-id": net}])
'''}
    assert _both(tmp_path, files) == ([], [])


def test_a_documented_keyword_of_a_public_function_is_the_users_whoever_calls_it_here(tmp_path: Path) -> None:
    """The twin: the function is public and documents the keyword; its users are outside the
    tree, and what the tree's one call passes proves nothing."""
    files = {"pkg/__init__.py": "", "pkg/cloud.py": '''\
def server(name, **kwargs):
    """Build a server.

    :param nics: (optional) a list of nic dicts.
    """
    for nic in kwargs.get("nics", []):
        nic.pop("net-id", None)
    return {"name": name, **kwargs}


def create(name, net):
    return server(name, nics=[{"net-id": net}])
'''}
    assert _both(tmp_path, files) == ([("AL007", 7, "HIGH")], [("AL007", 7, "HIGH")])


_CHART = '''\
class Chart:
    def _upgrade(self, options):
        return ["helm", "upgrade", *options]

    def upgrade(self, options=None):
        """Upgrade the chart.

        :param options: command line arguments to pass to helm
        """
        flag = "dependency-update"
        if options is not None and flag in options:
            self.update_dependencies()
            del options[flag]
{tail}

    def update_dependencies(self):
        return None
'''


def test_a_function_returning_nothing_that_takes_an_option_out_and_hands_the_rest_on_is_shown(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/chart.py": _CHART.format(tail="        self._upgrade(options)")}
    assert _both(tmp_path, files) == ([("AL007", 13, "HIGH")], [("AL007", 13, "HIGH")])
    found = run(tmp_path / "r", files)
    assert found[0].message == (
        "`Chart.upgrade` deletes from `options`, the caller's `options`, then hands the rest to `self._upgrade`; "
        "a caller that uses `options` again finds what was removed gone; copy it first "
        "(`options = copy.copy(options)` at the top of `Chart.upgrade`)")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (14, "the rest of `options` is handed on here"),
        (5, "public entry point: `options` comes from the caller, and this removes what the caller put in it")]


def test_a_function_returning_nothing_that_hands_nothing_on_is_an_in_place_updater(tmp_path: Path) -> None:
    """The twin: nothing is handed on after the removal; the function updates the caller's
    options, as one that returns nothing does."""
    files = {"pkg/__init__.py": "", "pkg/chart.py": _CHART.format(tail="        self.flags = len(options or ())")}
    assert _both(tmp_path, files) == ([], [])


def test_a_local_bound_twice_names_no_key(tmp_path: Path) -> None:
    """The twin of the literal local: a name bound again may hold another key; the removal is of
    an element not known, not a named option."""
    files = {"pkg/__init__.py": "", "pkg/chart.py": _CHART.replace(
        '        flag = "dependency-update"\n', '        flag = "dependency-update"\n        flag = flag.upper()\n',
    ).format(tail="        self._upgrade(options)")}
    assert _both(tmp_path, files) == ([], [])


def test_a_key_the_function_sets_itself_is_its_own_to_take_out(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/sync.py": """\
def sync_scope(session, params, site_ids=None):
    params["ACCOUNT"] = 1
    if not site_ids:
        site = params.pop("SITE", None)
        run(session, params, site)
        return
    for site in site_ids:
        params["SITE"] = site
        run(session, params, site)


def run(session, params, site):
    return session.query(params, site)
"""}
    assert _both(tmp_path, files) == ([], [])
    # the twin: the key is the caller's only
    twin = {k: v.replace('        params["SITE"] = site\n', "") for k, v in files.items()}
    assert _both(tmp_path / "twin", twin) == ([("AL007", 4, "HIGH")], [("AL007", 4, "HIGH")])
    # a key popped and thrown away (``params.pop("SITE", None)``) is cleared, not acted on
    cleared = {k: v.replace('site = params.pop("SITE", None)', 'params.pop("SITE", None)') for k, v in twin.items()}
    assert _both(tmp_path / "cleared", cleared) == ([], [])


_ADAPTER = 'import requests\n\n\nclass Adapter:\n    def __init__(self, token=None):\n        self.token = token\n        self.session = requests.Session()\n\n    def get(self, url, **kwargs):\n        """GET ``url``; ``kwargs`` go to :meth:`request`."""\n        return self.request("get", url, **kwargs)\n\n    def request(self, method, url, headers=None, **kwargs):\n        """Send a request.\n\n        :param headers: additional headers to include with the request.\n        """\n        if not headers:\n            headers = {}\n        accept = headers.pop("Accept", "application/json")\n        return self.session.request(method, url, headers=dict(headers, accept=accept), **kwargs)\n'


def test_a_keyword_forwarded_to_a_public_function_taking_it_by_name_is_reported_there(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/adapter.py": _ADAPTER})
    assert [(d.code, d.location.line) for d in found] == [("AL007", 20)]
    assert found[0].message.startswith("`Adapter.request` pops from `headers`, the caller's `headers`")


_GROUPS = 'def transform_groups(groups, memberships):\n    """Add each group\'s members.\n\n    :param groups: raw groups from the API\n    :param memberships: members by group id\n    """\n    out = []\n    for group in groups:\n        group["member_ids"] = []\n        for member in memberships.get(group["id"], []):\n            group["member_ids"].append(member["id"])\n        out.append(group)\n    return out\n'


def test_elements_changed_and_handed_back_in_a_new_list_are_transformed_in_place(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/groups.py": _GROUPS}
    assert _both(tmp_path, files) == ([], [("AL007", 9, "MEDIUM")])


def test_elements_changed_and_not_handed_back_are_the_callers(tmp_path: Path) -> None:
    """The twin: the function hands back new records built from the elements; the change to
    the caller's elements is a side effect nobody asked for."""
    files = {"pkg/__init__.py": "", "pkg/groups.py": _GROUPS.replace(
        "out.append(group)", 'out.append({"id": group["id"], "members": len(group["member_ids"])})').replace(
        '        group["member_ids"] = []\n', "")}
    assert _both(tmp_path, files)[0] == [("AL007", 10, "HIGH")]


def _steps(second_step: str) -> dict[str, str]:
    """Two sync steps, each named ``sync``, given one job-parameters dict in turn."""
    return {"pkg/__init__.py": "", "pkg/users.py": 'import requests\nfrom pkg.jobs import cleanup\n\n\ndef sync(session, api, params):\n    org_id = requests.get(params["BASE_URL"]).json()["id"]\n    params["ORG_ID"] = org_id\n    session.load(org_id)\n    return cleanup(session, params)\n', "pkg/workspaces.py": second_step,
            "pkg/jobs.py": 'def cleanup(session, params):\n    return session.run("MATCH (n) WHERE n.org = $ORG_ID DELETE n", org=params["ORG_ID"])\n', "pkg/start.py": 'from pkg import users, workspaces\n\n\ndef start(session, api, config):\n    params = {"UPDATE_TAG": config.tag, "BASE_URL": config.url}\n    users.sync(session, api, params)\n    workspaces.sync(session, api, params)\n'}


def test_a_next_step_that_writes_the_slot_itself_first_reads_nothing_the_first_wrote(tmp_path: Path) -> None:
    found = run(tmp_path, _steps('import requests\nfrom pkg.jobs import cleanup\n\n\ndef sync(session, api, params):\n    org_id = requests.get(params["BASE_URL"]).json()["id"]\n    params["ORG_ID"] = org_id\n    return cleanup(session, params)\n'))
    assert [(Path(d.location.path).name, d.location.line) for d in found if Path(d.location.path).name == "users.py"] == []


def test_a_next_step_that_reads_the_slot_sees_what_the_first_wrote(tmp_path: Path) -> None:
    """The twin: the second step hands the object on without writing the slot."""
    found = run(tmp_path, _steps('import requests\nfrom pkg.jobs import cleanup\n\n\ndef sync(session, api, params):\n    org_id = requests.get(params["BASE_URL"]).json()["id"]\n    session.load(org_id)\n    return cleanup(session, params)\n'))
    assert [(d.code, Path(d.location.path).name, d.location.line, d.confidence.name) for d in found] == [
        ("AL007", "users.py", 7, "HIGH")]
    assert [r.message for r in found[0].related] == [
        "second use: the next call of `workspaces.sync` gets the object the one before changed"]


_CACHED = '''\
import functools


class Config:
    def __init__(self, retries):
        self.retries = retries


@functools.lru_cache(maxsize=None)
def _config(max_attempts=3, mode="standard"):
    return Config({{"max_attempts": max_attempts, "mode": mode}})


def get_config(max_attempts=None, mode=None, total=None):
    attempts = max_attempts if max_attempts is not None else 3
    chosen = mode or "standard"
    config = _config(max_attempts=attempts, mode=chosen)
    config.retries = {{"max_attempts": {value}, "mode": chosen}}
    return config
'''


def test_a_cached_object_given_back_the_values_its_key_chose_is_preview_only(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/config.py": _CACHED.format(value="attempts")}
    assert _both(tmp_path, files) == ([], [("AL003", 18, "MEDIUM")])
    assert "values computed from the arguments the cached call was given" in _messages(
        tmp_path / "m", files, preview=True)[0]


def test_a_cached_object_given_another_inputs_value_is_shown(tmp_path: Path) -> None:
    """The twin: the value comes from an argument the cache was not keyed by."""
    files = {"pkg/__init__.py": "", "pkg/config.py": _CACHED.format(value="total")}
    assert _both(tmp_path, files)[0] == [("AL003", 18, "HIGH")]
