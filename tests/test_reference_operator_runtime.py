"""Runtime check of the golden fixture: the buggy reference operator really fails as KubeRay #714
did, and the fixed one really works. Both packages are loaded under distinct module names."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("kubernetes")

from kubernetes.client import (  # noqa: E402
    ApiClient,
    V1Container,
    V1EmptyDirVolumeSource,
    V1ObjectMeta,
    V1PodSpec,
    V1PodTemplateSpec,
    V1Volume,
    V1VolumeMount,
)

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "reference_operator"
CLUSTER = "raycluster-sample"
NAMESPACE = "default"
GROUP = "small-group"
SERIALIZE = ApiClient().sanitize_for_serialization


def _load(version: str, root: Path = FIXTURE):
    name = f"_reference_operator_{version}"
    package_dir = root / version / "ray_operator"
    spec = importlib.util.spec_from_file_location(
        name, package_dir / "__init__.py", submodule_search_locations=[str(package_dir)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def operators():
    saved_path = list(sys.path)
    saved_modules = set(sys.modules)
    saved_dont_write_bytecode = sys.dont_write_bytecode
    sys.dont_write_bytecode = True  # keep __pycache__ out of the fixture tree
    try:
        yield {"buggy": _load("buggy"), "fixed": _load("fixed")}
    finally:
        sys.dont_write_bytecode = saved_dont_write_bytecode
        sys.path[:] = saved_path
        for name in set(sys.modules) - saved_modules:
            del sys.modules[name]


def _template(container_name: str) -> V1PodTemplateSpec:
    return V1PodTemplateSpec(
        metadata=V1ObjectMeta(labels={"app": container_name}),
        spec=V1PodSpec(
            containers=[
                V1Container(
                    name=container_name,
                    image="rayproject/ray:2.9.0",
                    volume_mounts=[V1VolumeMount(name="ray-logs", mount_path="/tmp/ray")],
                )
            ],
            volumes=[V1Volume(name="ray-logs", empty_dir=V1EmptyDirVolumeSource())],
        ),
    )


def _cluster(pkg):
    return pkg.RayCluster(
        metadata=V1ObjectMeta(name=CLUSTER, namespace=NAMESPACE),
        spec=pkg.RayClusterSpec(
            head_group_spec=pkg.HeadGroupSpec(template=_template("ray-head")),
            worker_group_specs=[
                pkg.WorkerGroupSpec(group_name=GROUP, replicas=2, template=_template("ray-worker"))
            ],
        ),
    )


def _by_role(api, role: str) -> list[dict]:
    return [p for p in api.created if p["metadata"]["labels"]["ray.io/node-type"] == role]


def _mount_paths(container: dict) -> list[str]:
    return [m["mountPath"] for m in container["volumeMounts"]]


def test_fixed_creates_two_identical_valid_worker_pods(operators):
    _creates_two_identical_valid_worker_pods(operators["fixed"])


def _creates_two_identical_valid_worker_pods(pkg):
    cluster = _cluster(pkg)
    worker_template_before = SERIALIZE(cluster.spec.worker_group_specs[0].template)
    head_template_before = SERIALIZE(cluster.spec.head_group_spec.template)
    api = pkg.FakeApiServer()

    pkg.RayClusterReconciler(api).reconcile(cluster)

    assert api.create_attempts == [
        f"{CLUSTER}-head-00001",
        f"{CLUSTER}-worker-{GROUP}-00002",
        f"{CLUSTER}-worker-{GROUP}-00003",
    ]
    assert len(api.created) == 3
    assert len(_by_role(api, "head")) == 1
    workers = _by_role(api, "worker")
    assert len(workers) == 2
    assert [p["metadata"]["name"] for p in workers] == [
        f"{CLUSTER}-worker-{GROUP}-00002",
        f"{CLUSTER}-worker-{GROUP}-00003",
    ]
    for pod in api.created:
        assert pkg.fake_apiserver.validate_pod(pod) == []
    for pod in workers:
        (container,) = pod["spec"]["containers"]
        assert container["name"] == "ray-worker"
        assert container["image"] == "rayproject/ray:2.9.0"
        assert _mount_paths(container) == ["/tmp/ray", "/dev/shm"]
        assert _mount_paths(container).count("/dev/shm") == 1
        assert [v["name"] for v in pod["spec"]["volumes"]] == ["ray-logs", "shared-mem"]
        assert pod["spec"]["volumes"][1]["emptyDir"] == {"medium": "Memory"}
        assert [e["name"] for e in container["env"]].count("RAY_ADDRESS") == 1

    first, second = (dict(p, metadata=dict(p["metadata"], name=None)) for p in workers)
    assert first == second
    assert first["spec"] == second["spec"]

    # The templates were not touched.
    assert SERIALIZE(cluster.spec.worker_group_specs[0].template) == worker_template_before
    assert SERIALIZE(cluster.spec.head_group_spec.template) == head_template_before
    assert _mount_paths(worker_template_before["spec"]["containers"][0]) == ["/tmp/ray"]

    # A second reconcile finds everything in place and creates nothing.
    pkg.RayClusterReconciler(api).reconcile(cluster)
    assert len(api.created) == 3


def test_buggy_second_worker_pod_is_rejected(operators):
    pkg = operators["buggy"]
    cluster = _cluster(pkg)
    api = pkg.FakeApiServer()
    reconciler = pkg.RayClusterReconciler(api)

    with pytest.raises(pkg.ApiError) as excinfo:
        reconciler.reconcile(cluster)

    second_worker = f"{CLUSTER}-worker-{GROUP}-00003"
    err = excinfo.value
    assert err.status == 422
    assert err.reason == "Invalid"
    assert "must be unique" in err.message
    assert '"/dev/shm"' in err.message
    assert err.message == (
        f'Pod "{second_worker}" is invalid: '
        'spec.containers[0].volumeMounts[2].mountPath: Invalid value: "/dev/shm": must be unique'
    )
    # The failing call was the second worker pod's create_namespaced_pod.
    assert api.create_attempts == [
        f"{CLUSTER}-head-00001",
        f"{CLUSTER}-worker-{GROUP}-00002",
        second_worker,
    ]
    # Exactly one worker pod was recorded (plus the head pod, built once and correct).
    workers = _by_role(api, "worker")
    assert len(workers) == 1
    assert len(_by_role(api, "head")) == 1
    assert len(api.created) == 2
    assert workers[0]["metadata"]["name"] == f"{CLUSTER}-worker-{GROUP}-00002"
    assert _mount_paths(workers[0]["spec"]["containers"][0]) == ["/tmp/ray", "/dev/shm"]
    # The cause: the worker group's template now carries both appended /dev/shm mounts.
    template_container = cluster.spec.worker_group_specs[0].template.spec.containers[0]
    assert [m.mount_path for m in template_container.volume_mounts] == [
        "/tmp/ray",
        "/dev/shm",
        "/dev/shm",
    ]
    # The head template is untouched (the head pod builds its own container).
    head_container = cluster.spec.head_group_spec.template.spec.containers[0]
    assert [m.mount_path for m in head_container.volume_mounts] == ["/tmp/ray"]
    assert reconciler.events[-1] == f"Failed to create worker pod {second_worker}: {err.message}"


@pytest.mark.parametrize("version", ["buggy", "fixed"])
def test_fake_apiserver_validates_like_the_real_one(operators, version):
    pkg = operators[version]
    api = pkg.FakeApiServer()
    pod = {
        "metadata": {"name": "p"},
        "spec": {
            "containers": [
                {
                    "name": "c",
                    "volumeMounts": [
                        {"name": "shared-mem", "mountPath": "/dev/shm"},
                        {"name": "shared-mem", "mountPath": "/dev/shm"},
                        {"name": "missing", "mountPath": "/data"},
                    ],
                }
            ],
            "volumes": [{"name": "shared-mem"}, {"name": "shared-mem"}],
        },
    }
    with pytest.raises(pkg.ApiError) as excinfo:
        api.create_namespaced_pod(NAMESPACE, pod)
    assert excinfo.value.status == 422
    assert excinfo.value.message == (
        'Pod "p" is invalid: ['
        'spec.volumes[1].name: Duplicate value: "shared-mem", '
        'spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/dev/shm": must be unique, '
        'spec.containers[0].volumeMounts[2].name: Not found: "missing"]'
    )
    assert api.created == []
    assert api.list_namespaced_pod(NAMESPACE).items == []


def test_fixture_versions_differ_only_by_the_deepcopy():
    buggy = (FIXTURE / "buggy" / "ray_operator" / "pod_builder.py").read_text().splitlines()
    fixed = (FIXTURE / "fixed" / "ray_operator" / "pod_builder.py").read_text().splitlines()
    assert sorted(set(fixed) - set(buggy)) == [
        "    template = copy.deepcopy(worker.template)",
        "import copy",
    ]
    assert sorted(set(buggy) - set(fixed)) == ["    template = worker.template"]
    for module in ("__init__.py", "api_types.py", "controller.py", "fake_apiserver.py"):
        assert (FIXTURE / "buggy" / "ray_operator" / module).read_bytes() == (
            FIXTURE / "fixed" / "ray_operator" / module
        ).read_bytes(), module


def test_unsafe_fixes_repair_the_buggy_operator(tmp_path):
    """``aliaslint check --fix --unsafe-fixes`` on a copy of the buggy operator: the fix is the
    deep copy in the pod builder, a second check finds nothing, and the repaired operator passes
    the fixed operator's scenario."""
    from aliaslint.cli import main

    shutil.copytree(FIXTURE / "buggy", tmp_path / "repaired")
    builder = tmp_path / "repaired" / "ray_operator" / "pod_builder.py"
    before = builder.read_text().splitlines()

    def check(*flags: str) -> int:
        with pytest.raises(SystemExit) as exit_info:
            main(["check", "--no-cache", "--quiet", *flags, str(tmp_path / "repaired")])
        return exit_info.value.code

    assert check("--fix", "--unsafe-fixes") == 0
    after = builder.read_text().splitlines()
    added = [line for line in after if line not in before]
    assert added == ["import copy", "    worker = copy.deepcopy(worker)"]
    assert after[after.index("    worker = copy.deepcopy(worker)") - 1].lstrip().startswith('"""A worker pod')
    assert check() == 0  # nothing left to report

    saved_modules = set(sys.modules)
    saved = sys.dont_write_bytecode
    sys.dont_write_bytecode = True
    try:
        _creates_two_identical_valid_worker_pods(_load("repaired", tmp_path))
    finally:
        sys.dont_write_bytecode = saved
        for name in set(sys.modules) - saved_modules:
            del sys.modules[name]
