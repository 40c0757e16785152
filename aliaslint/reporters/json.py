"""``json``: a list of ruff-compatible objects (see ``_common.json_object``), indented by 2."""
from __future__ import annotations

import json
from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import json_object


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    objects = [json_object(diagnostic) for diagnostic in diagnostics]
    return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
