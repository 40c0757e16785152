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


# moto 5.2.6's Parallel state (``state_parallel.py``): the loop pushes the branch input and runs
# it; a failure is caught and the loop retries, so the push happens on every attempt
RETRY = '''\
import copy


class Failure(Exception):
    pass


class State:
    def run(self, env):
        input_value = copy.deepcopy(env.stack.pop())
        while env.is_running():
            try:
                env.stack.append(input_value)
                self.evaluate(env)
                break
            except Failure as ex:
{handler}
'''


def _loops_of_changes(tmp_path: Path, text: str) -> list[tuple[int, str, int]]:
    from aliaslint import engine
    from aliaslint.config import Settings
    from aliaslint.files import discover
    from aliaslint.summary import ModuleSummary

    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    settings = Settings(root=tmp_path, no_cache=True)
    summaries = engine.summarize_files(discover([tmp_path], settings, cwd=tmp_path), settings)
    fn = next(s for s in summaries if isinstance(s, ModuleSummary)).functions["m.State.run"]
    return [(m.site.line, m.op, len(m.loops)) for m in fn.mutations]


def test_a_try_body_a_handler_retries_runs_on_every_attempt(tmp_path: Path) -> None:
    text = RETRY.format(handler="                self.note(ex)")
    assert _loops_of_changes(tmp_path, text) == [(10, "pop[]", 0), (13, "append", 1)]


def test_a_try_body_whose_handlers_leave_runs_once(tmp_path: Path) -> None:
    # the twin: the handler gives up, so the body's ``break`` ends the loop's only round
    text = RETRY.format(handler="                raise RuntimeError(ex)")
    assert _loops_of_changes(tmp_path, text) == [(10, "pop[]", 0), (13, "append", 0)]
