"""Shared by every test: the user's own cache folder (where the cache's signing key lives,
:func:`aliaslint.cache.signing_key`) is a folder of the test session's, so that the tests
neither read nor write the real one; aliaslint run in a child process inherits it."""
from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _user_cache_folder(tmp_path_factory: pytest.TempPathFactory):
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before

