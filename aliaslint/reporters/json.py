"""``json``: a list of ruff-compatible objects (see ``_common.json_object``), indented by 2."""
from __future__ import annotations

import json
from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import json_object, sources_or_default
from aliaslint.sources import Sources


def render(
    diagnostics: Sequence[Diagnostic],
    *,
    files_checked: int = 0,
    color: bool = False,
    sources: Sources | None = None,
) -> str:
    sources = sources_or_default(sources)
    objects = [json_object(diagnostic, sources) for diagnostic in diagnostics]
    return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
