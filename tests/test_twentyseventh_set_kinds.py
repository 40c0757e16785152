"""Kinds of issue 8's blind twenty-seventh set (dask-kubernetes 2026.3.0,
apache-airflow-providers-databricks 7.23.0, moto 5.2.6, pulumi 3.272.0) kept as tests.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run, shown

# moto 5.2.6's ``ec2/models/instances.py`` ``prep_nics``: the primary NIC's dict may be the spec's
# own element, merged into itself; reading through the copies ran out of stack, and the whole
# file was reported as one AL000 ("aliaslint failed on this file (RecursionError ...)")
NICS = '''\
def prep_nics(nic_spec, private_ip):
    primary_nic = {"SubnetId": "subnet-1", "PrivateIpAddress": private_ip}
    primary_nic = {k: v for k, v in primary_nic.items() if v}
    if primary_nic and not nic_spec:
        nic_spec = [primary_nic]
        nic_spec[0]["DeviceIndex"] = 0
    for nic in nic_spec:
        if int(nic.get("DeviceIndex")) == 0 and primary_nic:
            nic.update(primary_nic)
        if "SubnetId" in nic:
            print(nic["SubnetId"])
'''


def test_a_dict_merged_into_itself_is_analysed(tmp_path: Path) -> None:
    assert shown(run(tmp_path, {"m.py": NICS}, preview=True)) == []


def test_the_rest_of_the_file_is_still_analysed(tmp_path: Path) -> None:
    # the twin: a module-level template changed after the merge is still found in the same file
    text = NICS + '''

TEMPLATE = {"tags": []}


def tag(name):
    TEMPLATE["tags"].append(name)
    return dict(TEMPLATE)
'''
    assert shown(run(tmp_path, {"m.py": text})) == [("AL003", 18, "HIGH")]
