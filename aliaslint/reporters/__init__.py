"""Reporters: turn diagnostics into the text of one output format (``--output-format``).

Each format lives in its own module with one function,
``render(diagnostics, *, files_checked, color, sources) -> str`` (``full`` and ``concise`` also
take ``fixes``). :func:`render` picks it by name.

The returned text is complete and every line in it ends with ``"\\n"`` (so an empty result
means "print nothing"); write it as is, e.g. ``click.echo(text, nl=False)``. Diagnostics are
rendered in the order given: the engine sorts them (``Diagnostic.sort_key``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from aliaslint.diagnostics import Diagnostic
from aliaslint.reporters._common import FixStatus, printable
from aliaslint.sources import Sources
from aliaslint.reporters import (
    concise,
    full,
    github,
    gitlab,
    json,
    json_lines,
    junit,
    pylint,
    sarif,
)

_Renderer = Callable[..., str]

_RENDERERS: dict[str, _Renderer] = {
    "full": full.render,
    "concise": concise.render,
    "json": json.render,
    "json-lines": json_lines.render,
    "github": github.render,
    "gitlab": gitlab.render,
    "sarif": sarif.render,
    "junit": junit.render,
    "pylint": pylint.render,
}

#: The names accepted by ``--output-format``; the first is the default.
FORMATS: tuple[str, ...] = tuple(_RENDERERS)


def render(
    diagnostics: Sequence[Diagnostic],
    output_format: str,
    *,
    files_checked: int = 0,
    color: bool = False,
    fixes: FixStatus | None = None,
    sources: Sources | None = None,
) -> str:
    """Render ``diagnostics`` in ``output_format``; ``ValueError`` if the format is unknown.

    ``files_checked`` is how many files were analysed (shown where a format has room for it);
    ``color`` turns on ANSI colours in the human formats (``full``, ``concise``), and ``fixes``
    their fix markers and fix summary (:class:`FixStatus`; the other formats carry each fix);
    ``sources`` gives the checked files' lines (excerpts) and notebook positions; without it,
    files are read from the working directory by their diagnostics' paths. The text is always
    encodable as UTF-8: file names that are not UTF-8 are escaped (``\\xff``), and the terminal
    formats neutralise control characters.
    """
    try:
        renderer = _RENDERERS[output_format]
    except KeyError:
        raise ValueError(
            f"unknown output format {output_format!r} (expected one of: {', '.join(FORMATS)})"
        ) from None
    if output_format in _SHOWS_FIX_STATUS:
        return renderer(diagnostics, files_checked=files_checked, color=color, fixes=fixes, sources=sources)
    return renderer(diagnostics, files_checked=files_checked, color=color, sources=sources)


#: the formats that mark fixable findings and summarise the fixes
_SHOWS_FIX_STATUS = frozenset({"full", "concise"})

__all__ = ["FORMATS", "FixStatus", "printable", "render"]
