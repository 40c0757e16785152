"""Intended aliasing that issue 8's ninth and tenth unseen sets (ScoutSuite 5.14.0, feast 0.54)
showed in the default tier, kept as tests with the twins that are still found: an argument
named or documented as the function's destination, and the element a search found equal to a
constant taken out.
"""
from __future__ import annotations

import pytest

from test_harm import run, shown

# ScoutSuite 5.14.0 ``providers/aws/utils.py:90``: ``get_name(src, dst, ...)`` writes
# ``dst["name"]`` as its docstring says (":param dst: Destination object"), a B
SCOUT_GET_NAME = """
    def get_name(src, target, default_attribute):
        \"\"\"
        :param src:                         Source object
        :param target:                      Destination object
        :param default_attribute:           Default attribute
        \"\"\"
        name_found = False
        if "Tags" in src:
            for tag in src["Tags"]:
                if tag["Key"] == "Name" and tag["Value"] != "":
                    target["name"] = tag["Value"]
                    name_found = True
        if not name_found:
            target["name"] = src[default_attribute]
        return target["name"]


    def parse(groups):
        out = {}
        for g in groups:
            out[g["Id"]] = get_name(g, out, "Id")
        return out
"""


@pytest.mark.parametrize("spelling", [
    SCOUT_GET_NAME,
    # named as the destination, with no docstring
    SCOUT_GET_NAME.replace("target", "dst").replace(":param dst:                      Destination object", ""),
])
def test_an_argument_named_or_documented_as_the_destination_is_meant_to_be_written(tmp_path, spelling) -> None:
    assert shown(run(tmp_path / "p", {"utils.py": spelling}, preview=True)) == [("AL007", 12, "MEDIUM")]
    assert run(tmp_path / "d", {"utils.py": spelling}) == []


def test_an_argument_documented_as_something_else_is_still_found(tmp_path) -> None:
    source = SCOUT_GET_NAME.replace("Destination object", "The resource's description")
    assert shown(run(tmp_path, {"utils.py": source})) == [("AL007", 12, "HIGH")]


# feast 0.54 ``online_response.py:57``: the wrapper takes the dummy entity's column out of the
# proto if it is there; a second wrapper of the same proto finds none (a B)
FEAST_RESPONSE = """
    DUMMY_ENTITY_ID = "__dummy_id"


    class OnlineResponse:
        \"\"\"Defines an online response.\"\"\"

        def __init__(self, online_response_proto, feature_types=None):
            self.proto = online_response_proto
            self._feature_types = feature_types or {}
            for idx, val in enumerate(self.proto.metadata.feature_names.val):
                if val == DUMMY_ENTITY_ID:
                    del self.proto.metadata.feature_names.val[idx]
                    del self.proto.results[idx]
                    break

        def to_dict(self):
            return dict(zip(self.proto.metadata.feature_names.val, self.proto.results))


    def get_online_features(proto):
        response = OnlineResponse(proto)
        print(response.to_dict())
        return OnlineResponse(proto)
"""


def test_the_element_a_search_found_equal_to_a_constant_is_taken_out_once(tmp_path) -> None:
    assert shown(run(tmp_path / "p", {"resp.py": FEAST_RESPONSE}, preview=True)) == [("AL007", 13, "MEDIUM")]
    assert run(tmp_path / "d", {"resp.py": FEAST_RESPONSE}) == []


@pytest.mark.parametrize("twin", [
    ("if val == DUMMY_ENTITY_ID:", "if val != DUMMY_ENTITY_ID:"),  # every other element goes
    ("if val == DUMMY_ENTITY_ID:", "if val == feature_types:"),  # what the caller asked for, each call
])
def test_a_removal_no_search_found_is_still_found(tmp_path, twin) -> None:
    source = FEAST_RESPONSE.replace(*twin)
    assert source != FEAST_RESPONSE
    assert [(d.code, d.confidence.name) for d in run(tmp_path, {"resp.py": source}, preview=True)][:1] == [
        ("AL007", "HIGH")]


def test_taking_things_out_of_an_argument_named_dst_is_no_output(tmp_path) -> None:
    # napalm 5.1.0's ``compare(src, dst)``: ``dst`` is the actual data compared, and popping from
    # it is consuming it (a C of the ninth set, kept in the default tier; taken out of a nested
    # part here: a named key at the top level of a required argument is the function's input,
    # taken apart, preview whatever its name)
    source = """
        def compare(src, dst):
            mode = dst["options"].pop("_mode", "loose")
            return {"mode": mode, "ok": src == dst}
    """
    assert shown(run(tmp_path, {"validate.py": source})) == [("AL007", 3, "HIGH")]


# ansible-navigator 25's ``_process_roles_for_menu``: each role's description read from the
# role itself, or "" when it has none; constants for the rest (a B of the tenth set)
NAVIGATOR_ROLES = """
    class Action:
        def _process_roles_for_menu(self, roles, collection_name):
            processed = []
            for role in roles:
                try:
                    role["__description"] = role["info"]["galaxy_info"]["description"]
                except KeyError:
                    role["__description"] = ""
                role["__type"] = "role"
                processed.append(role)
            return processed

        def run(self):
            self._collections = [{"info": {}}]
            menu = self._process_roles_for_menu(self._collections, "name")
            again = self._process_roles_for_menu(self._collections, "other")
            return menu, again
"""


def test_a_handler_writing_the_fallback_of_what_the_try_read_from_the_object_writes_it_on_every_path(tmp_path) -> None:
    assert shown(run(tmp_path / "p", {"collections.py": NAVIGATOR_ROLES}, preview=True)) == [("AL007", 9, "MEDIUM")]
    assert run(tmp_path / "d", {"collections.py": NAVIGATOR_ROLES}) == []


@pytest.mark.parametrize("twin", [
    # the try body reads something else than the role: another call's value may differ
    ('role["info"]["galaxy_info"]["description"]', 'collection_name'),
    # the try body writes another slot: the handler's write is on its path only
    ('role["__description"] = role["info"]', 'role["__summary"] = role["info"]'),
])
def test_a_handler_write_that_is_no_fallback_of_the_try_is_still_on_some_paths(tmp_path, twin) -> None:
    source = NAVIGATOR_ROLES.replace(*twin)
    assert source != NAVIGATOR_ROLES
    assert [(d.code, d.confidence.name) for d in run(tmp_path, {"collections.py": source})] == [("AL007", "HIGH")]


# determined 0.38 ``deploy/gcp/gcp.py:84``: a key computed from another key of the same dict with
# a string's transforms (a B: the same value on every call)
DETERMINED_GCP = """
    import json


    def terraform_write_variables(configs, variables_to_exclude):
        det_version = configs.get("det_version")
        configs["det_version_key"] = det_version.replace(".", "-")[:12].rstrip("-")
        return json.dumps({k: configs[k] for k in configs if k not in variables_to_exclude})


    def terraform_dir(configs):
        return configs["local_state_path"]


    def terraform_plan(configs, variables_to_exclude):
        vars_file_path = terraform_write_variables(configs, variables_to_exclude)
        return ["terraform", "plan", f"-var-file={vars_file_path}"], terraform_dir(configs)


    def deploy(version, path):
        configs = {"det_version": version, "local_state_path": path}
        plan = terraform_plan(configs, ["password"])
        apply = terraform_plan(configs, [])
        return plan, apply
"""


def test_a_value_computed_from_the_object_with_a_strings_transforms_is_a_normalisation(tmp_path) -> None:
    assert run(tmp_path, {"gcp.py": DETERMINED_GCP}, preview=True) == []


def test_a_value_from_a_call_that_answers_anew_each_time_is_still_found(tmp_path) -> None:
    source = DETERMINED_GCP.replace('det_version.replace(".", "-")[:12].rstrip("-")',
                                    'det_version.upper() + uuid.uuid4().hex').replace("import json", "import json\n    import uuid")
    # found, not as a normalisation; shown by preview only, since the later call writes its own
    # value before anything reads the slot (what a copy would not change either)
    assert [(d.code, d.confidence.name) for d in run(tmp_path, {"gcp.py": source}, preview=True)] == [
        ("AL007", "MEDIUM")]
    assert run(tmp_path / "d", {"gcp.py": source}) == []
