"""Findings of issue 8's eleventh unseen set (copier 9.19.1, hera 7.1.0, molecule 26.10.0,
sceptre 4.7.0) kept as tests: each a reproduced bug the default tier finds.
"""
from __future__ import annotations

from pathlib import Path

from test_harm import run

# hera 7.1.0 ``UserContainer._build_volume_mounts``: every ``build()`` extends the caller's
# ``volume_mounts`` list with the mounts of the container's volumes again (reproduced: three
# builds give ['/data', '/scratch', '/scratch', '/scratch']); the founding bug's kind, on a
# dataclass whose generated ``__init__`` keeps what the caller passed
HERA_USER_CONTAINER = """
    from dataclasses import dataclass
    from typing import List, Optional


    @dataclass(kw_only=True)
    class UserContainer:
        name: str
        volumes: Optional[List[dict]] = None
        volume_mounts: Optional[List[dict]] = None

        def _build_volume_mounts(self):
            volume_mounts = self.volume_mounts
            extra = None if self.volumes is None else [{"mountPath": v["path"]} for v in self.volumes]
            if volume_mounts is None:
                volume_mounts = extra
            elif extra is not None:
                volume_mounts.extend(extra)
            return volume_mounts

        def build(self):
            # builds the model of the user container, as often as it is asked
            return {"name": self.name, "volumeMounts": self._build_volume_mounts()}
"""


def test_a_public_build_extending_a_kept_field_is_found_with_its_reason(tmp_path: Path) -> None:
    found = run(tmp_path, {"user_container.py": HERA_USER_CONTAINER})
    assert [(d.code, d.location.line, d.confidence.name) for d in found] == [("AL006", 18, "HIGH")]
    assert found[0].message == (
        "`UserContainer._build_volume_mounts` extends `self.volume_mounts`, but `__init__` keeps the caller's "
        "`volume_mounts` there by reference: every `build()` on one UserContainer adds the same entries again, "
        "to the caller's object; copy it in `_build_volume_mounts` before changing it")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (10, "kept by reference here"),
        (21, "public entry point: `volume_mounts` comes from the caller, and every call of the public `build` "
             "adds to what the caller gave again"),
    ]
