"""Kinds of issue 8's sixteenth stop, kept as tests with their twins.

- a change reached through more than :data:`aliaslint.harm.MAX_PLACES_ON_THE_WAY` calls and changes
  is preview: of the 578 default findings triaged blind in sets 22 to 35, the 54 past it held no
  likely bug (litellm 1.110.2's Logging bookkeeping, wandb 0.31.0's ``history_dict_to_json``);
- AL007: a next step that the caller hands the object to after the changing call is meant to see
  what was added or rewritten (preview); it is still a second use after a removal, for a
  module-level object, or when the caller's own callers use the object again;
- a named key taken out of the top level of a public function's required argument not named as
  configuration is the function's input taken apart (preview); an optional argument's, one named
  as configuration, and a nested part's stay public-entry findings;
- an item rewritten as a new container of its old elements and the function's own grows (an
  accumulation), and growing it only when a flag asks is a public-entry finding (netmiko 4.8.0,
  the blind thirty-sixth set's reproduced miss).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from aliaslint.diagnostics import Location, RelatedLocation, places_on_the_way
from test_harm import run, shown


def chain_of_helpers(helpers: int) -> dict[str, str]:
    """A public ``configure(options)`` handing ``options`` down ``helpers`` private helpers, the
    last of which pops the caller's ``"debug"`` (line 2 is the call that starts the chain)."""
    lines = ["def configure(options):", "    _step0(options)", "    return len(options)", ""]
    for i in range(helpers):
        body = f"    _step{i + 1}(options)" if i < helpers - 1 else '    options.pop("debug")'
        lines += [f"def _step{i}(options):", body, ""]
    return {"pkg.py": "\n".join(lines)}


def test_a_change_twelve_places_away_is_a_default_finding(tmp_path: Path) -> None:
    found = run(tmp_path, chain_of_helpers(12))
    assert shown(found) == [("AL007", 2, "HIGH")]
    assert places_on_the_way(found[0].related) == 12


def test_a_change_thirteen_places_away_is_preview(tmp_path: Path) -> None:
    assert run(tmp_path / "default", chain_of_helpers(13)) == []
    found = run(tmp_path / "preview", chain_of_helpers(13), preview=True)
    assert shown(found) == [("AL007", 2, "MEDIUM")]
    assert places_on_the_way(found[0].related) == 13
    assert found[0].message.startswith("`configure` pops from `options` (through _step0 -> _step1 -> ")


def test_places_on_the_way_counts_calls_and_changes_not_reasons() -> None:
    at = Location("pkg.py", 1, 1, 1, 2)
    related = (RelatedLocation(at, "`options` is changed here (pop)"),
               RelatedLocation(at, "calls `_step1`"),
               RelatedLocation(at, "calls `_step1`"),  # the same place once
               RelatedLocation(Location("pkg.py", 2, 1, 2, 2), "also mutated here (append)"),
               RelatedLocation(at, "kept by reference here"),
               RelatedLocation(at, "second use: the next iteration passes the same object again"),
               RelatedLocation(at, "public entry point: `options` comes from the caller (here (x))"))
    assert places_on_the_way(related) == 3


def test_places_left_out_of_a_shown_finding_count_too() -> None:
    at = Location("pkg.py", 1, 1, 1, 2)
    related = (RelatedLocation(at, "`options` is changed here (pop)"),
               RelatedLocation(at, "and 11 more places on the way (calls and changes), not shown"),
               RelatedLocation(at, "and 1 more place on the way (calls and changes), not shown"))
    assert places_on_the_way(related) == 13


def test_the_rule_command_says_what_is_preview_in_every_rule() -> None:
    from click.testing import CliRunner

    from aliaslint.cli import cli

    out = CliRunner().invoke(cli, ["rule", "AL007"]).output
    assert out.endswith("\n\nIn every rule, a change made in test code and a change reached through more than 12 calls "
                        "and\nchanges (counting those the finding leaves out) are preview findings.\n")


# litellm 1.110.2's ``llm_http_handler.py:12689``: a provider transform writes the output format
# into the ``headers`` the handler then sends; the handler put the two steps in that order
NEXT_STEP = """
    HEADERS = {{"Accept": "audio/mpeg"}}


    class TextToSpeechConfig:
        def validate_environment(self, headers):
            return headers

        def transform_request(self, text, options, headers):
            {change}
            return {{"ssml": text, "headers": dict(headers)}}


    def speak(text, options, extra_headers, client):
        config = TextToSpeechConfig()
        headers = config.validate_environment({given})
        request = config.transform_request(text, options, headers)
        return client.post("https://tts.example", headers=headers, data=request["ssml"])
"""
WRITE = 'headers["X-Output-Format"] = options.get("format", "mp3")'
SEND = "second use: the call of `client.post` here gets the same object after `TextToSpeechConfig.transform_request` changed it"


def test_a_next_step_meant_to_see_what_was_written_is_preview(tmp_path: Path) -> None:
    files = {"tts.py": NEXT_STEP.format(change=WRITE, given="extra_headers or {}")}
    assert run(tmp_path / "default", files) == []
    (finding,) = run(tmp_path / "preview", files, preview=True)
    assert shown([finding]) == [("AL007", 10, "MEDIUM")]
    assert [r.message for r in finding.related] == [SEND]


def test_a_next_step_given_a_module_level_object_is_still_a_second_use(tmp_path: Path) -> None:
    # the module's one ``HEADERS`` dict: the next call of ``speak`` starts from the written one
    (finding,) = run(tmp_path, {"tts.py": NEXT_STEP.format(change=WRITE, given="HEADERS")})
    assert shown([finding]) == [("AL007", 10, "HIGH")]


def test_a_next_step_after_entries_were_taken_out_is_still_a_second_use(tmp_path: Path) -> None:
    # it may look up what was taken out (cookiecutter's ``render`` after ``prompt_for``)
    change = 'text = text.format(voice=headers.pop("X-Voice"))'
    (finding,) = run(tmp_path, {"tts.py": NEXT_STEP.format(change=change, given="extra_headers or {}")})
    assert shown([finding]) == [("AL007", 10, "HIGH")]
    assert [r.message for r in finding.related][-1] == SEND


# salt 3008.5's master handlers (``LocalFuncs.runner(load)``), prefect 3.9.1's
# ``ArtifactCreate.from_result(data)``: a public function takes the named keys it handles out of
# the top level of its required input (B's and C's of issue 8's sets 22 to 35, none a bug)
TAKEN_APART = """
    def runner({param}):
        fun = {path}.pop("fun")
        return {{"fun": fun, "kwarg": {path}.get("kwarg", {{}})}}
"""


def test_a_named_key_taken_out_of_a_required_input_is_preview(tmp_path: Path) -> None:
    files = {"m.py": TAKEN_APART.format(param="load", path="load")}
    assert run(tmp_path / "default", files) == []
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL007", 3, "MEDIUM")]


@pytest.mark.parametrize(("param", "path"), [
    ("load=None", "load"),  # an option the caller may leave out (pyinfra's ``jinja_env_kwargs``)
    ("opts", "opts"),  # named as configuration (``cfg.pop("name")``)
    ("load", 'load["kwargs"]'),  # below the top level (metlog's ``config["sender"].pop("class")``)
])
def test_twin_an_option_a_configuration_or_a_nested_part_is_still_shown(tmp_path: Path, param: str, path: str) -> None:
    found = run(tmp_path, {"m.py": TAKEN_APART.format(param=param, path=path)})
    assert shown(found) == [("AL007", 3, "HIGH")]
    assert found[0].related[-1].message.startswith("public entry point: ")


# netmiko 4.8.0 ``base_connection.py:483`` (issue 8's blind thirty-sixth set, reproduced): with
# ``disable_sha2_fix=True`` the constructor adds the sha2 key types to the caller's
# ``disabled_algorithms["pubkeys"]``; the next connection given the same dict, without the fix,
# still has them disabled
SHA2 = """
    class BaseConnection:
        def __init__(self, host, disabled_algorithms=None, disable_sha2_fix=False):
            self.host = host
            self.disabled_algorithms = disabled_algorithms
            if disable_sha2_fix:
                sha2_pubkeys = ["rsa-sha2-256", "rsa-sha2-512"]
                if self.disabled_algorithms is None:
                    self.disabled_algorithms = {{"pubkeys": sha2_pubkeys}}
                else:
                    current_pubkeys = self.disabled_algorithms.get("pubkeys", [])
                    self.disabled_algorithms["pubkeys"] = {value}

        def connect(self):
            return {{"host": self.host, "disabled_algorithms": self.disabled_algorithms}}
"""


def test_an_item_grown_with_elements_of_its_own_on_a_flag_is_a_default_finding(tmp_path: Path) -> None:
    found = run(tmp_path, {"conn.py": SHA2.format(value="list(set(current_pubkeys + sha2_pubkeys))")})
    assert shown(found) == [("AL007", 12, "HIGH")]
    assert found[0].message.startswith("`BaseConnection.__init__` extends an item of `disabled_algorithms`, the "
                                       "caller's `disabled_algorithms`, on some calls only; a caller that passes "
                                       "`disabled_algorithms` again, to a call that does not ask for it, still gets it")
    assert [r.message for r in found[0].related] == [
        "public entry point: `disabled_algorithms` comes from the caller, and this adds to an item of it only when "
        "`disable_sha2_fix` is true: a later call that does not ask for it still gets it"]


def test_twin_an_item_rebuilt_from_its_own_elements_is_a_normalisation(tmp_path: Path) -> None:
    # ``sorted(set(...))`` of what was there: the same value again on the next call
    assert run(tmp_path, {"conn.py": SHA2.format(value="sorted(set(current_pubkeys))")}, preview=True) == []
