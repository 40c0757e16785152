"""Helpers for tests that feed aliaslint hostile or unlucky files (FIFOs, devices, permissions)."""
from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator

import pytest

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="the system cannot make FIFOs")


class Hung(BaseException):
    """Raised in a test that blocked; a BaseException, so that no ``except OSError`` or
    ``except Exception`` in the code under test can swallow it."""


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Fail (instead of hanging the suite) when the test blocks for 20 seconds."""

    def timeout(signum, frame):
        raise Hung("blocked: a special file was opened or read as if it were regular")

    previous = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def without_root_powers() -> list[str]:
    """A command prefix under which file permissions apply.

    Nothing for a normal user. Root reads and enters anything, so for root: ``setpriv`` dropping
    the two capabilities that bypass permission checks (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH);
    root's own files then obey their mode bits. Skips the test when that is not possible.
    """
    if os.geteuid() != 0:
        return []
    prefix = ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]
    try:
        probe = subprocess.run([*prefix, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    if probe.returncode != 0:
        pytest.skip("running as root and setpriv cannot drop capabilities here")
    return prefix
