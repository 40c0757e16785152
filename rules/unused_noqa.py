"""AL100 unused-noqa."""
from __future__ import annotations

from collections.abc import Callable

from aliaslint.diagnostics import Diagnostic, Location
from aliaslint.rule import Invalid, Rule


class UnusedNoqa(Rule):
    """
    ## What it does
    Reports a `# noqa: ALxxx` comment that lists a code with no finding to suppress on its line:
    the finding was fixed, moved to another line, or its rule is not enabled for this file.
    Off by default (like ruff's RUF100): enable it with `extend-select = ["AL100"]` or
    `--extend-select AL100`.

    Only aliaslint's own codes are checked. A blanket `# noqa` and other linters' codes
    (`# noqa: E501`) are left alone, since they may be doing their job for another tool.

    ## Why is this bad?
    A stale suppression hides the next finding that lands on that line: when the code changes
    and the same line gets a real aliasing bug, nobody sees it. Removing dead `# noqa` comments
    keeps every suppression a decision someone made about a finding that exists.

    ## Example
    ```python
    def build(spec):
        return dict(spec)  # noqa: AL002
    ```

    ## Use instead
    ```python
    def build(spec):
        return dict(spec)
    ```

    ## Fix safety
    No automatic fix yet: remove the codes the message names (the whole comment when none is
    left).
    """

    code = "AL100"
    name = "unused-noqa"
    summary = "A `# noqa` comment lists a code that has nothing to suppress on its line"
    #: only an explicit selector (``AL100``, ``AL1``, ``AL``, ``ALL``) enables it
    enabled_by_default = False

    VALID = (
        "def build(spec):\n    return dict(spec)\n",
        "def build(spec):\n    return dict(spec)  # noqa\n",
        "def build(spec):\n    return dict(spec)  # noqa: E501\n",
    )
    INVALID = (
        Invalid("def build(spec):\n    return dict(spec)  # noqa: AL002\n", 2, 24, "`AL002`"),
        Invalid("import copy\n\nx = [[]] * 3  # noqa: E501, AL005\n", 3, 15, "AL005"),
    )

    @classmethod
    def diagnostic(
        cls, path: str, line: int, column: int, end_column: int, codes: tuple[str, ...],
        is_enabled: Callable[[str], bool], known: frozenset[str],
    ) -> Diagnostic:
        """The finding for one directive whose ``codes`` suppressed nothing, grouped as ruff does:
        unused (the rule ran and found nothing there), non-enabled, unknown."""
        groups = {"unused": [], "non-enabled": [], "unknown": []}
        for code in codes:
            kind = "unknown" if code not in known else "unused" if is_enabled(code) else "non-enabled"
            groups[kind].append(f"`{code}`")
        detail = "; ".join(f"{kind}: {', '.join(items)}" for kind, items in groups.items() if items)
        message = f"Unused `noqa` directive ({detail})"
        return Diagnostic(cls.code, cls.name, message, Location(path, line, column, line, end_column), url=cls.url())
