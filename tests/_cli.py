"""The command line in process, for tests: a click runner that keeps stderr apart."""
from __future__ import annotations

from click.testing import CliRunner, Result

from aliaslint.cli import cli


def runner() -> CliRunner:
    """A runner whose results have ``stdout`` and ``stderr`` apart (click < 8.2 needs asking)."""
    try:
        return CliRunner(mix_stderr=False)
    except TypeError:
        return CliRunner()  # click >= 8.2 keeps stderr apart by default


def check(*args: str) -> Result:
    """``aliaslint check --no-cache ARGS``; exceptions reach the test."""
    return runner().invoke(cli, ["check", "--no-cache", *args], catch_exceptions=False)
