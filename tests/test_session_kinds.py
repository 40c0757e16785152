"""Kinds found by a new user's trial and by the triage of issue 8's sixth and seventh sets
(Cloud Custodian 0.9.53, Airflow's Amazon provider 9.39.0, nornir 3.6.0, SageMaker 2.257.7,
MkDocs 1.6.1, Zappa 0.63.0), each as the shape in the package and its nearest correct twin.

Missed bugs, now found: a part of an object made once and stored on every iteration changed in
the loop (AL004); a module-level default put into the caller's object by ``setdefault`` and then
grown (AL003); a ``**kwargs`` value the callee changes and hands back in its result (AL001).
Aliasing that is harmless or intended, now in the preview tier only: a string converted under a
probe of its form (``if not role.startswith("arn:")``), the key that chose an entry written into
it, a docstring saying the function adds to that very parameter.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import assert_tier, run, shown

# --- AL004: the stored object's own part changed on every iteration ------------------------------

STORED_PART = """
    def build_services(ports):
        services = []
        svc = {{"spec": {{"ports": []}}}}
        for p in ports:
            {change}
            services.append(svc)
        return services
"""


@pytest.mark.parametrize(("change", "expected"), [
    ('svc["spec"]["ports"] = [{"port": p}]', [("AL004", 7, "HIGH")]),
    ('svc["spec"]["ports"].append({"port": p})', [("AL004", 7, "HIGH")]),
    ('svc["name"] = p', [("AL004", 7, "HIGH")]),  # the top level, found before
    # nothing of the stored object changes in the loop
    ('part = {"ports": [p]}', []),
])
def test_a_part_of_an_object_stored_each_iteration_changed_in_the_loop(tmp_path: Path, change: str,
                                                                       expected: list) -> None:
    assert shown(run(tmp_path, {"svc.py": STORED_PART.format(change=change)})) == expected


def test_a_part_that_is_another_object_each_iteration_is_not_the_stored_objects(tmp_path: Path) -> None:
    source = """
        def build(ports):
            out = []
            svc = {"spec": None}
            for p in ports:
                spec = {"ports": []}
                svc["spec"] = spec
                out.append(dict(svc))
                spec["ports"].append(p)
            return out
    """
    assert shown(run(tmp_path, {"svc.py": source})) == []


# --- AL003: a module-level default handed to the caller's object by setdefault -------------------

SETDEFAULT_TEMPLATE = """
    DEFAULT_TOLERATIONS = []


    def with_tolerations(spec):
        tol = spec.setdefault("tolerations", {default})
        tol.append({{"key": "gpu", "operator": "Exists"}})
        return spec


    def reconcile(names):
        return [with_tolerations({{"name": n}}) for n in names]
"""


@pytest.mark.parametrize(("default", "expected"), [
    ("DEFAULT_TOLERATIONS", [("AL003", 7, "HIGH")]),
    ("list(DEFAULT_TOLERATIONS)", []),  # a copy of its own
    ("[]", []),
])
def test_a_module_default_put_into_the_callers_object_and_grown(tmp_path: Path, default: str,
                                                                 expected: list) -> None:
    found = run(tmp_path, {"tol.py": SETDEFAULT_TEMPLATE.format(default=default)})
    assert shown(found) == expected
    if expected:
        assert found[0].message == (
            "`with_tolerations` appends to `DEFAULT_TOLERATIONS`, a module-level template: it puts "
            "`DEFAULT_TOLERATIONS` into the caller's object by reference (line 6), and the change reaches the "
            "template through it; every later call starts from the changed template; put "
            "`copy.deepcopy(DEFAULT_TOLERATIONS)` there instead")


def test_a_value_computed_from_a_module_object_is_not_the_object(tmp_path: Path) -> None:
    source = """
        _active = []


        def start(tags):
            parent = _active[-1]["id"] if _active else None
            tags["parent"] = parent
            run = {"id": len(_active) + 1}
            _active.append(run)
            return tags
    """
    assert shown(run(tmp_path, {"lib.py": source})) == []


# --- AL001: a **kwargs value changed and handed back in the result -------------------------------

KWARGS = """
    def create_deployment(name, **kwargs):
        labels = kwargs.get("labels", {{}})
        labels["app"] = name
        return {{"metadata": {{"name": name, "labels": {returned}}}}}


    def reconcile(apps, common_labels):
        return [create_deployment(a, labels=common_labels) for a in apps]
"""


@pytest.mark.parametrize(("returned", "expected"), [
    ("labels", [("AL001", 9, "HIGH")]),
    ("dict(labels)", []),  # a copy goes back: each result has its own, each written once more
])
def test_a_keyword_argument_changed_and_kept_in_every_result(tmp_path: Path, returned: str, expected: list) -> None:
    found = run(tmp_path, {"deploy.py": KWARGS.format(returned=returned)})
    assert shown(found) == expected
    if expected:
        assert found[0].message.startswith(
            "`create_deployment(...)` gets the same object on every iteration of the loop, and create_deployment "
            "writes an item of `common_labels`, and the loop keeps every result: they are all one object")


# --- preview: converted under a probe of the old value's form ---------------------------------------

PROBED = """
    class Policy:
        def __init__(self, data):
            self.data = data

        def get_variables(self, account_id):
            mode = self.data["mode"]
            if {test}:
                mode["role"] = {value}
            return {{"role": mode["role"]}}


    def render(data, accounts):
        return [Policy(data).get_variables(a) for a in accounts]
"""


@pytest.mark.parametrize(("test", "value", "tier"), [
    ('not mode["role"].startswith("arn:aws")', '"arn:aws:iam::%s:role/%s" % (account_id, mode["role"])', "MEDIUM"),
    ('"alias/" in mode["role"]', 'lookup(mode["role"])', "MEDIUM"),
    # the new value is not made from the old one: a replacement, not a conversion
    ('not mode["role"].startswith("arn:aws")', '"arn:aws:iam::%s:role/default" % account_id', "HIGH"),
    # no probe of the value written
    ('account_id', '"arn:aws:iam::%s:role/%s" % (account_id, mode["role"])', "HIGH"),
])
def test_a_conversion_under_a_probe_of_the_old_values_form_is_preview(tmp_path: Path, test: str, value: str,
                                                                      tier: str) -> None:
    assert_tier(tmp_path, {"policy.py": PROBED.format(test=test, value=value)}, "AL006", 9, tier)


# --- preview: the key that chose the entry, written into it -----------------------------------------

CHOSEN_KEY = """
    class Filter:
        def __init__(self, data):
            self.data = data

        def process(self, resources):
            for f in sorted({{"FromPort", "ToPort"}}.intersection(self.data.keys())):
                fv = self.data.get(f)
                if isinstance(fv, dict):
                    fv["key"] = {value}
                else:
                    fv = {{f: fv}}
            return resources


    def run(data, batches):
        return [Filter(data).process(b) for b in batches]
"""


@pytest.mark.parametrize(("value", "tier"), [
    ("f", "MEDIUM"),
    ("len(resources)", "HIGH"),  # this call's own value: the next call writes another
])
def test_the_key_that_chose_an_entry_written_into_it_is_preview(tmp_path: Path, value: str, tier: str) -> None:
    assert_tier(tmp_path, {"filters.py": CHOSEN_KEY.format(value=value)}, "AL006", 10, tier)


# --- preview: a docstring saying the function adds to that very parameter ---------------------------

# (sagemaker's own ``headers[new] = headers.pop("Authorization")`` is a key renamed in place,
# which AL007 leaves alone since the twenty-third stop; here the token is changed on the way, so
# the caller's ``Authorization`` is destroyed)
ADDS_TO = """
    def get_signed_request(app_arn, url, headers):
        '''{doc}'''
        if "Authorization" in headers:
            token = headers.pop("Authorization")
            headers["X-Amz-Partner-App-Authorization"] = "Partner " + token
        headers["X-SageMaker-Partner-App-Server-Arn"] = app_arn
        return url, dict(headers)
"""


@pytest.mark.parametrize(("doc", "tier"), [
    ("Generate the SigV4 header and add it to the request headers.", "MEDIUM"),
    # the verb is about another object than the parameter (Airflow's SES hook: a bug)
    ("Additional headers to add to the MIME message.", "HIGH"),
    ("Sign the request.", "HIGH"),
])
def test_a_docstring_saying_it_adds_to_the_parameter_is_preview(tmp_path: Path, doc: str, tier: str) -> None:
    assert_tier(tmp_path, {"auth.py": ADDS_TO.format(doc=doc)}, "AL007", 5, tier)
