"""``json-lines``: the objects of the ``json`` format, one compact object per line."""
from __future__ import annotations

import json
from collections.abc import Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import json_object


def render(
    diagnostics: Sequence[Diagnostic], *, files_checked: int = 0, color: bool = False
) -> str:
    return "".join(
        json.dumps(json_object(diagnostic), ensure_ascii=False) + "\n" for diagnostic in diagnostics
    )
