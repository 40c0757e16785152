"""Kinds of issue 8's blind twenty-fifth set (apache-airflow-providers-google 22.8.0, certbot
5.8.0, poetry 2.5.1, esphome 2026.6.5) kept as tests, each with twins that show where the kind
stops.
"""
from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from test_harm import run, shown
from aliaslint.analyzer import _version_test

# apache-airflow-providers-google 22.8.0's ``S3ToGCSOperator`` (``s3_to_gcs.py``), cut down: the
# job body's keys are constants imported from the hook; read as "any key", the write into the
# transfer spec's object conditions reached the project id the body also holds
S3_TO_GCS = '''\
from datetime import UTC, datetime

from airflow.providers.amazon.aws.hooks.s3 import S3Hook
from airflow.providers.amazon.aws.operators.s3 import S3ListOperator
from airflow.providers.google.cloud.hooks.cloud_storage_transfer_service import (
    ACCESS_KEY_ID, AWS_ACCESS_KEY, AWS_S3_DATA_SOURCE, BUCKET_NAME, INCLUDE_PREFIXES,
    OBJECT_CONDITIONS, PROJECT_ID, SCHEDULE, SCHEDULE_END_DATE, SCHEDULE_START_DATE, TRANSFER_SPEC,
)
from airflow.providers.google.cloud.hooks.gcs import GCSHook
from airflow.providers.google.cloud.triggers.cloud_storage_transfer_service import JobsTrigger


class S3ToGCSOperator(S3ListOperator):
    def execute(self, context) -> list[str]:
        gcs_hook = GCSHook(gcp_conn_id=self.gcp_conn_id)
        s3_hook = S3Hook(aws_conn_id=self.aws_conn_id)
        s3_objects = self._get_files(context, gcs_hook)
        if self.deferrable:
            self.transfer_files_async(s3_objects, gcs_hook, s3_hook)
        return s3_objects

    def transfer_files_async(self, files: list[str], gcs_hook: GCSHook, s3_hook: S3Hook) -> None:
        job_names = self.submit_transfer_jobs(files=files, gcs_hook=gcs_hook, s3_hook=s3_hook)
        self.defer(trigger=JobsTrigger(project_id=gcs_hook.project_id, job_names=job_names),
                   method_name="execute_complete")

    def submit_transfer_jobs(self, files: list[str], gcs_hook: GCSHook, s3_hook: S3Hook) -> list[str]:
        now = datetime.now(tz=UTC)
        one_time_schedule = {"day": now.day, "month": now.month, "year": now.year}
        config = s3_hook.conn_config
        body = {
            PROJECT_ID: gcs_hook.project_id,
            SCHEDULE: {SCHEDULE_START_DATE: one_time_schedule, SCHEDULE_END_DATE: one_time_schedule},
            TRANSFER_SPEC: {
                AWS_S3_DATA_SOURCE: {
                    BUCKET_NAME: self.bucket,
                    AWS_ACCESS_KEY: {ACCESS_KEY_ID: config.aws_access_key_id},
                },
                OBJECT_CONDITIONS: {INCLUDE_PREFIXES: []},
            },
        }
        chunk_size = self.transfer_job_max_files_number
        job_names = []
        transfer_hook = self.get_transfer_hook()
        for i in range(0, len(files), chunk_size):
            files_chunk = files[i : i + chunk_size]
            body[TRANSFER_SPEC][OBJECT_CONDITIONS][INCLUDE_PREFIXES] = files_chunk
            job = transfer_hook.create_transfer_job(body=body)
            self.log.info("Submitted job %s to transfer %s file(s).", job["name"], len(files_chunk))
            job_names.append(job["name"])
        return job_names
'''


def test_items_under_different_constant_keys_are_different_items(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"s3_to_gcs.py": S3_TO_GCS}, preview=True)) == []


# the twin: a constant key still reaches the object it names (a module-level template whose
# nested list every build appends to)
TEMPLATE = '''\
from pod.keys import CONTAINERS, SPEC

TEMPLATE = {SPEC: {CONTAINERS: []}, "name": "worker"}


def build(container):
    spec = TEMPLATE[SPEC]
    spec[CONTAINERS].append(container)
    return dict(TEMPLATE)
'''


def test_a_constant_key_still_reaches_the_object_it_names(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": TEMPLATE})
    assert shown(found) == [("AL003", 8, "HIGH")]
    assert "`TEMPLATE[SPEC][CONTAINERS]`" in found[0].message


# a module-level integer constant is a list index, read as any element like ``containers[0]``
# (the reference operator's ``containers[RAY_CONTAINER_INDEX]``); an imported one is a key
INDEX = '''\
{binding}


def mount(pods: list, template) -> list:
    return [build(template, pod) for pod in pods]


def build(template, pod):
    template.spec.containers[INDEX].mounts.append({{"name": "shm"}})
    return Pod(pod, template.spec)


class Pod:
    def __init__(self, name, spec):
        self.name = name
        self.spec = spec
'''


@pytest.mark.parametrize("binding, path", [
    ("INDEX = 0", "template.spec.containers[*].mounts"),
    ("from pod.layout import INDEX", "template.spec.containers[INDEX].mounts"),
])
def test_an_integer_constant_is_a_list_index(tmp_path: Path, binding: str, path: str) -> None:
    found = run(tmp_path, {"m.py": INDEX.format(binding=binding)})
    assert shown(found) == [("AL001", 5, "HIGH")]
    assert f"build appends to `{path}`," in found[0].message


# esphome 2026.6.5's ``gps/__init__.py:104``: each round unpacks another ``(key, setter)`` tuple,
# so ``config.get(key)`` is another sensor's configuration each round
GPS = '''\
from esphome import codegen as cg

CONF_ID = "id"


async def to_code(config):
    return [
        (cg.new_var({conf}), conf, setter)
        for key, setter in (("latitude", "set_latitude"), ("longitude", "set_longitude"))
        if (conf := config.get({key}))
    ]
'''
CODEGEN = '''\
def new_var(id_, type_=None):
    if type_ is not None:
        id_.type = type_
    return Var(id_)


class Var:
    def __init__(self, id_):
        self.id = id_
'''


def test_a_loop_unpacking_tuples_binds_another_value_each_round(tmp_path: Path) -> None:
    files = {"esphome/codegen.py": CODEGEN, "esphome/gps.py": GPS.format(conf="conf[CONF_ID]", key="key")}
    assert shown(run(tmp_path, files)) == []


def test_a_constant_read_on_every_round_is_the_same_object(tmp_path: Path) -> None:
    # the twin: ``config.get("latitude")`` is the same object whatever the round unpacks
    files = {"esphome/codegen.py": CODEGEN, "esphome/gps.py": GPS.format(conf="conf[CONF_ID]", key='"latitude"')}
    assert shown(run(tmp_path, files)) == [("AL001", 8, "HIGH")]


# apache-airflow-providers-google 22.8.0's ``bigquery_dts.py:89``: a key filled only when the
# probe found nothing, through a name bound to the probe
DTS = '''\
from copy import copy


class Hook:
    def create(self, config: dict) -> dict:
        new_config = copy(config)
        schedule_options = new_config.get("schedule_options")
        if schedule_options:
            disable = schedule_options.get("disable_auto_scheduling", None)
            if {test}:
                schedule_options["disable_auto_scheduling"] = True
        else:
            new_config["schedule_options"] = {{"disable_auto_scheduling": True}}
        return new_config
'''


@pytest.mark.parametrize("test", ["disable is None", "not disable"])
def test_a_fill_through_a_probed_name_is_a_fill(tmp_path: Path, test: str) -> None:
    assert shown(run(tmp_path / "preview", {"m.py": DTS.format(test=test)}, preview=True)) == [("AL002", 6, "MEDIUM")]
    assert shown(run(tmp_path / "default", {"m.py": DTS.format(test=test)})) == []


@pytest.mark.parametrize("test", [
    "disable is None or disable",  # written whatever the probe found
    "other is None",  # another name's probe
])
def test_a_write_not_decided_by_the_probe_is_no_fill(tmp_path: Path, test: str) -> None:
    text = DTS.format(test=test).replace("            disable =", "            other = schedule_options.get('x')\n"
                                                                "            disable =")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL002", 6, "HIGH")]


def test_a_probed_name_rebound_probes_nothing(tmp_path: Path) -> None:
    text = DTS.format(test="disable is None").replace(
        "            if disable is None:", "            disable = self.fallback()\n            if disable is None:")
    assert shown(run(tmp_path, {"m.py": text})) == [("AL002", 6, "HIGH")]


# apache-airflow-providers-google 22.8.0's vendored ``json_merge_patch``: the Python 2 branch
# reorders a dict by clearing and refilling it; no Python still run takes it
MERGE = '''\
from collections import OrderedDict
import sys

def merge(*objs, **kw):
    result = objs[0]
    for obj in objs[1:]:
        result = merge_obj(result, obj, kw.get('position'))
    return result

def move_to_start(result, key):
    result_copy = result.copy()
    result.clear()
    result[key] = result_copy.pop(key)
    result.update(result_copy)

def merge_obj(result, obj, position=None):
    if not isinstance(result, dict):
        result = OrderedDict() if position else {}

    if not isinstance(obj, dict):
        return obj

    if position:
        if position not in ('first', 'last'):
            raise ValueError("position can either be first or last")
        if not isinstance(result, OrderedDict) or not isinstance(obj, OrderedDict):
            raise ValueError("If using position all dicts need to be OrderedDicts")

    for key, value in obj.items():
        if isinstance(value, dict):
            target = result.get(key)
            if isinstance(target, dict):
                merge_obj(target, value, position)
                continue
            result[key] = OrderedDict() if position else {}
            if position and position == 'first':
                if VERSION_TEST:
                    result.move_to_end(key, False)
                else:
                    move_to_start(result, key)
            merge_obj(result[key], value, position)
            continue
        if value is None:
            result.pop(key, None)
            continue
        if key not in result and position == 'first':
            result[key] = value
            if VERSION_TEST:
                result.move_to_end(key, False)
            else:
                move_to_start(result, key)
        else:
            result[key] = value

    return result

def create_patch(source, target):
    return create_patch_obj(source, target)

def create_patch_obj(source, target):
    if not isinstance(target, dict) or not isinstance(source, dict):
        return target

    result = {}

    for key in set(source.keys()) - set(target.keys()):
        result[key] = None

    for key, value in target.items():
        if key not in source:
            result[key] = value
            continue
        if value == source[key]:
            continue
        result[key] = create_patch_obj(source[key], value)
    return result
'''


@pytest.mark.parametrize("test", ["sys.version_info >= (3, 2)", "sys.version_info[0] >= 3"])
def test_a_branch_for_a_python_no_longer_run_is_not_walked(tmp_path: Path, test: str) -> None:
    assert shown(run(tmp_path, {"m.py": MERGE.replace("VERSION_TEST", test)}, preview=True)) == []


def test_a_branch_for_a_python_still_run_is_walked(tmp_path: Path) -> None:
    found = run(tmp_path, {"m.py": MERGE.replace("VERSION_TEST", "sys.version_info >= (3, 11)")}, preview=True)
    # (preview: no call in the tree reaches ``merge_obj`` but its own recursion, so nothing is
    # known to hold what it changes)
    assert shown(found) == [("AL007", 33, "MEDIUM")]


@pytest.mark.parametrize("text, known", [
    ("sys.version_info >= (3, 2)", True),
    ("sys.version_info >= (3, 8)", True),
    ("sys.version_info > (3, 7)", True),
    ("sys.version_info[:2] >= (3, 8)", True),
    ("sys.version_info < (3,)", False),
    ("sys.version_info <= (3, 7)", False),
    ("sys.version_info[0] < 3", False),
    ("sys.version_info[0] == 2", False),
    ("sys.version_info[0] >= 3", True),
    ("sys.version_info[:2] == (2, 7)", False),
    ("sys.version_info[:2] != (2, 7)", True),
    ("six.PY2", False),
    ("six.PY3", True),
    ("sys.version_info >= (3, 11)", None),
    ("sys.version_info < (3, 11)", None),
    ("sys.version_info > (3, 8)", None),
    ("sys.version_info[1] >= 8", None),
    ("PY2", None),
    ("version >= (3, 2)", None),
])
def test_version_tests_decided_only_against_pythons_no_longer_run(text: str, known: bool | None) -> None:
    assert _version_test(cst.parse_expression(text)) is known


# esphome 2026.6.5's ``config.py``: ``_get_item_id`` deletes the ``Extend`` marker from each item
# of the user's list, which ``_build_list_index`` hands it once each
ITEMS = '''\
ID = "id"


def _item_id(item: dict):
    item_id = item.get(ID)
    if isinstance(item_id, Extend):
        del item[ID]
    return item_id


def build_index(lst: list) -> dict:
    index = {{}}
    for item in lst:
        index[_item_id({arg})] = item
    return index


class Extend:
    pass
'''


def test_each_element_of_a_users_list_handed_on_once_is_no_second_use(tmp_path: Path) -> None:
    # what stays is the public function taking the user's list apart
    assert shown(run(tmp_path, {"m.py": ITEMS.format(arg="item")})) == [("AL007", 14, "HIGH")]


def test_a_part_of_each_element_may_be_shared_between_elements(tmp_path: Path) -> None:
    # the twin: a part the user may have put into several elements (httpx's one ``headers``)
    found = run(tmp_path, {"m.py": ITEMS.format(arg='item["headers"]')})
    # shown once, at the public function taking the user's list apart: no call in the tree
    # reaches ``build_index``, so the helper's own finding names no second use (eighteenth stop)
    assert shown(found) == [("AL007", 14, "HIGH")]
    assert found[0].access_path == 'lst[*]["headers"]'
