"""Findings of issue 8's blind twelfth set (aws-sam-cli 1.170.0, jenkins-job-builder 6.5.0, kfp
2.17.3, pyinfra 3.10.0) kept as tests: the reproduced bug the default tier missed, and what the
triage found wrong in the message of the one it found.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# pyinfra 3.10.0 ``operations/mysql.py:430``: ``mysql.privileges`` turns a string or a list into
# a set of its own, but keeps a set the caller passed, and adds "GRANT OPTION" to it when asked;
# the same set passed for another user, without the option, grants it to that user too
# (reproduced by the blind triage: a privilege escalation on reuse)
MYSQL_PRIVILEGES = """
    def privileges(user, privileges, database="*", with_grant_option=False):
        \"\"\"Add MySQL privileges for a user.\"\"\"
        if isinstance(privileges, str):
            privileges = {privileges}
        if isinstance(privileges, list):
            privileges = set(privileges)
        if with_grant_option:
            privileges.add("GRANT OPTION")
        return [f"GRANT {p} ON {database} TO {user}" for p in sorted(privileges)]
"""


def test_an_element_added_only_when_a_flag_asks_is_found_with_the_call_that_did_not_ask(tmp_path: Path) -> None:
    found = run(tmp_path, {"mysql.py": MYSQL_PRIVILEGES})
    assert shown(found) == [("AL007", 9, "HIGH")]
    assert found[0].message == (
        "`privileges` adds to `privileges`, the caller's `privileges`, on some calls only; a caller that passes "
        "`privileges` again, to a call that does not ask for \"GRANT OPTION\", still gets it; copy it first "
        "(`privileges = copy.copy(privileges)` at the top of `privileges`)")
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (2, "public entry point: `privileges` comes from the caller, and this adds \"GRANT OPTION\" to it only "
            "when `with_grant_option` is true: a later call that does not ask for it still gets it"),
    ]
    assert found[0].fix is not None and found[0].fix.message == "Copy `privileges` at the top of `privileges`"


def test_a_copy_made_on_a_flag_still_counts_as_the_callers_choice(tmp_path: Path) -> None:
    # the twin: a copy-on-write flag (not a conversion of another type) copies what the caller
    # gives on the paths it asks for; the add is preview only, as before
    source = MYSQL_PRIVILEGES.replace("isinstance(privileges, list)", "copy").replace(
        "with_grant_option=False", "with_grant_option=False, copy=True")
    assert shown(run(tmp_path / "p", {"mysql.py": source}, preview=True)) == [("AL007", 9, "MEDIUM")]
    assert run(tmp_path / "d", {"mysql.py": source}) == []


def test_an_element_the_caller_gave_added_when_asked_is_an_output_parameter(tmp_path: Path) -> None:
    # what the caller asked to be added is not the function's own element: preview only
    source = """
        def collect(items, extra, keep=False):
            if keep:
                items.append(extra)
            return [str(i) for i in items]
    """
    assert shown(run(tmp_path / "p", {"c.py": source}, preview=True)) == [("AL007", 4, "MEDIUM")]
    assert run(tmp_path / "d", {"c.py": source}) == []


def test_an_element_added_on_every_call_stays_in_the_preview_tier(tmp_path: Path) -> None:
    # the twin without the flag: every call adds the same element; a set holds it once
    source = MYSQL_PRIVILEGES.replace("    if with_grant_option:\n            privileges.add", "    privileges.add")
    assert shown(run(tmp_path / "p", {"mysql.py": source}, preview=True)) == [("AL007", 8, "MEDIUM")]


# pyinfra 3.10.0 ``api/util.py:171``: ``get_template`` pops "loader" out of the user's
# ``jinja_env_kwargs``, which the public operation ``files.template`` hands down unchanged
# (reproduced: a second template with the same dict loses its loader, ``TemplateNotFound``).
# The triage: name the operation the user calls, and a shallow copy is the fix (a deep copy
# would copy the loader).
PYINFRA_UTIL = """
    from jinja2 import Environment


    def get_template(source, jinja_env_kwargs=None):
        \"\"\"Gets a jinja2 template for the source string.\"\"\"
        if jinja_env_kwargs is None:
            jinja_env_kwargs = {}
        loader = jinja_env_kwargs.pop("loader", None)
        return Environment(loader=loader, **jinja_env_kwargs).from_string(source)
"""
PYINFRA_FILES = """
    from pkg.util import get_template


    def template(src, dest, data, jinja_env_kwargs=None):
        \"\"\"Renders the template ``src`` with ``data`` to ``dest``.\"\"\"
        output = get_template(src, jinja_env_kwargs).render(data)
        with open(dest, "w") as f:
            f.write(output)
        yield f"upload to {dest}"


    def _render(src, kwargs):
        return get_template(src, kwargs)
"""


def test_a_public_entry_names_the_outermost_public_function_that_hands_the_object_down(tmp_path: Path) -> None:
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/util.py": PYINFRA_UTIL, "pkg/files.py": PYINFRA_FILES})
    assert shown(found) == [("AL007", 9, "HIGH")]
    assert found[0].message == (
        "`get_template` pops from `jinja_env_kwargs`, the caller's `jinja_env_kwargs`, while building its result "
        "from it; a caller that uses `jinja_env_kwargs` again finds what was removed gone; copy it first "
        "(`jinja_env_kwargs = copy.copy(jinja_env_kwargs)` at the top of `get_template`)")
    assert [(Path(r.location.path).name, r.location.line, r.location.column, r.message) for r in found[0].related] == [
        ("util.py", 5, 5, "public entry point: `jinja_env_kwargs` comes from the caller, and this removes what "
                          "the caller put in it"),
        ("files.py", 7, 14, "the public `files.template` hands its caller's `jinja_env_kwargs` on here"),
    ]
    assert found[0].fix is not None and found[0].fix.message == "Copy `jinja_env_kwargs` at the top of `get_template`"


def test_a_private_caller_is_no_outer_entry(tmp_path: Path) -> None:
    files = PYINFRA_FILES.split("\n\n\n    def _render")[0].replace("def template", "def _template")
    found = run(tmp_path, {"pkg/__init__.py": "", "pkg/util.py": PYINFRA_UTIL, "pkg/files.py": files})
    assert shown(found) == [("AL007", 9, "HIGH")]
    assert [(Path(r.location.path).name, r.location.line) for r in found[0].related] == [("util.py", 5)]


# pyinfra 3.10.0 ``api/operation.py:438``: a hash made unique by a ``while`` loop, then appended
# to the host's order (the triage: a B, the host's own state, and the loop avoids duplicates)
OP_HASH_ORDER = """
    def make_hash(order):
        return str(order)


    def solve_operation_consistency(names, state, host):
        op_order = [len(host.op_hash_order)]
        op_hash = make_hash(op_order)
        duplicate_op_count = 0
        while op_hash in host.op_hash_order:
            op_hash = f"{op_hash}-{duplicate_op_count}"
            duplicate_op_count += 1
        host.op_hash_order.append(op_hash)
        return tuple(op_order), op_hash


    def add_op(state, host, names):
        op_order, op_hash = solve_operation_consistency(names, state, host)
        return state.setdefault(op_hash, {"names": names, "host": host, "order": op_order})
"""


def test_an_append_of_what_a_while_loop_made_absent_adds_only_what_is_missing(tmp_path: Path) -> None:
    assert run(tmp_path, {"op.py": OP_HASH_ORDER}, preview=True) == []


@pytest.mark.parametrize("twin", [
    # the loop may stop with the hash still there
    ("while op_hash in host.op_hash_order:", "while op_hash in host.op_hash_order and duplicate_op_count < 3:"),
    # a ``break`` leaves the loop with the hash there
    ("            duplicate_op_count += 1\n", "            duplicate_op_count += 1\n            break\n"),
    # appended twice: the second is a second copy
    ("        host.op_hash_order.append(op_hash)", "        host.op_hash_order.append(op_hash)\n        host.op_hash_order.append(op_hash)"),
    # the hash made again after the loop
    ("        host.op_hash_order.append(op_hash)", "        op_hash = make_hash(names)\n        host.op_hash_order.append(op_hash)"),
])
def test_an_append_the_while_loop_does_not_make_absent_is_still_found(tmp_path: Path, twin) -> None:
    source = OP_HASH_ORDER.replace(*twin)
    assert source != OP_HASH_ORDER
    assert [d.code for d in run(tmp_path, {"op.py": source}, preview=True)] == ["AL007"]


@pytest.mark.parametrize("source, line, said", [
    # a key of its own set in the caller's dict only when a flag asks (apify-client#746's kind)
    ("""
        def build_request(url, headers, compress=False):
            \"\"\"Builds a request.\"\"\"
            if compress:
                headers["Content-Encoding"] = "gzip"
            return {"url": url, "headers": dict(headers)}
    """, 5, "public entry point: `headers` comes from the caller, and this sets a named key in it on some calls "
            "only: the next call that does not set it keeps this one's value"),
    # elements of its own added with ``+=`` when a flag asks
    ("""
        def command(args, verbose=False):
            \"\"\"The command line.\"\"\"
            if verbose:
                args += ["-v", "--debug"]
            return " ".join(args)
    """, 5, 'public entry point: `args` comes from the caller, and this adds ["-v", "--debug"] to it only '
            'when `verbose` is true: a later call that does not ask for it still gets it'),
])
def test_what_only_a_flag_asks_for_leaks_into_the_next_call(tmp_path: Path, source: str, line: int, said: str) -> None:
    found = run(tmp_path, {"m.py": source})
    assert shown(found) == [("AL007", line, "HIGH")]
    assert [r.message for r in found[0].related] == [said]


def test_a_key_set_on_a_test_of_the_object_itself_is_no_flag(tmp_path: Path) -> None:
    # the twin: the test is about the dict, not a flag the caller passes: preview only, as before
    source = """
        def build_request(url, headers):
            \"\"\"Builds a request.\"\"\"
            if "Accept" not in headers:
                headers["Content-Encoding"] = "gzip"
            return {"url": url, "headers": dict(headers)}
    """
    assert run(tmp_path, {"m.py": source}) == []


def test_a_key_set_when_an_optional_value_is_given_is_no_switch(tmp_path: Path) -> None:
    # jupyterhub-kubespawner 7's ``make_pod``: ``if ssl_secret_name and ssl_secret_mount_path:
    # env[...] = ...``; what the caller gave decides it, not a switch flipped call by call (every
    # caller builds ``env`` for the call): preview only
    source = """
        def make_pod(name, env=None, ssl_secret_name=None, ssl_secret_mount_path=None):
            \"\"\"Make a pod.\"\"\"
            if ssl_secret_name and ssl_secret_mount_path:
                env["JUPYTERHUB_SSL_KEYFILE"] = ssl_secret_mount_path + "ssl.key"
            return {"name": name, "env": [{"name": k, "value": v} for k, v in env.items()]}
    """
    assert run(tmp_path / "d", {"objects.py": source}) == []
    flagged = source.replace("ssl_secret_mount_path=None)", "ssl_secret_mount_path=None, ssl: bool = False)").replace(
        "if ssl_secret_name and ssl_secret_mount_path:", "if ssl:")
    assert shown(run(tmp_path / "f", {"objects.py": flagged})) == [("AL007", 5, "HIGH")]
