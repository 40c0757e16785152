"""AL000 unreadable-file."""
from __future__ import annotations

from aliaslint.rule import Invalid, Rule


class UnreadableFile(Rule):
    """
    ## What it does
    Reports a file that aliaslint could not analyse: it does not parse, is not UTF-8 (nor in
    the encoding its PEP 263 comment declares), is larger than `max-file-bytes`, is a broken
    symbolic link, cannot be read, or is nested too deeply for the parser. The message says
    which; the run goes on with the other files. A `.py` file that stops parsing at template
    markup (`{% include ... %}`, `{{ HOST }}`) is called a template, and the message gives the
    `extend-exclude` pattern of its templates folder.

    ## Why is this bad?
    A file that is not analysed can hide the other end of an alias: the loop in one module, the
    mutation in the file that was skipped. It is always reported, and it cannot be switched off
    or suppressed with `# noqa`, so a check never passes by silently skipping code.

    ## Example
    ```python
    def broken(:
        pass
    ```

    ## Use instead
    Fix the syntax or the encoding, or exclude the file (`extend-exclude` in
    `[tool.aliaslint]`) when it is not Python at all (a template, generated data).

    ## Fix safety
    No fix: aliaslint never rewrites a file it cannot parse.
    """

    code = "AL000"
    name = "unreadable-file"
    summary = "A file that could not be read or parsed (always on)"

    VALID = ("x = 1\n",)
    INVALID = (Invalid("def broken(:\n    pass\n", 1, 12, "cannot parse this file: invalid syntax"),)
