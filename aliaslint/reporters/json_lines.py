"""``json-lines``: the objects of the ``json`` format, one compact object per line."""
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
    return "".join(
        json.dumps(json_object(diagnostic, sources), ensure_ascii=False) + "\n"
        for diagnostic in diagnostics
    )
