"""Kinds of issue 8's blind twenty-sixth set (botocore 1.44.18, localstack-core 2026.3.0, salt
3008.5, pykube-ng 23.6.0) kept as tests, each with twins that show where the kind stops.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_harm import run, shown

# localstack-core 2026.3.0's ``template_utils.resolve_condition``: its result may be the
# ``account_id`` it was given (a pseudo parameter), and its ``Fn::Select`` branch writes into the
# list it resolved; ``account_id: str`` says nothing can be written into it
RESOLVE = '''\
def pseudo(account_id: {ann}, name: str):
    if name == "AWS::AccountId":
        return account_id
    return None


def resolve(account_id: {ann}, condition):
    if isinstance(condition, dict):
        for k, v in condition.items():
            if k == "Ref":
                return pseudo(account_id, v)
            if k == "Fn::Select":
                options = v[1]
                if isinstance(options, dict):
                    options = resolve(account_id, options)
                if isinstance(options, list):
                    for i, option in enumerate(options):
                        options[i] = resolve(account_id, option)
                return options[v[0]]
    return condition


def resolve_all(account_id: {ann}, conditions: dict) -> dict:
    result = {{}}
    for name, condition in conditions.items():
        result[name] = resolve(account_id, condition)
    return result
'''


@pytest.mark.parametrize("ann", ["str", "str | None", "Optional[int]"])
def test_a_parameter_annotated_as_a_plain_value_is_never_changed(tmp_path: Path, ann: str) -> None:
    text = "from typing import Optional\n\n\n" + RESOLVE.format(ann=ann)
    # (what stays is the real change: ``resolve`` writes into the conditions it is given, shown
    # at the public entry point ``resolve_all``: no call in the tree hands ``resolve`` a
    # condition twice)
    assert shown(run(tmp_path, {"m.py": text}, preview=True)) == [("AL007", 29, "HIGH")]


@pytest.mark.parametrize("ann", ["dict", "list[str]", "tuple"])
def test_a_parameter_annotated_as_a_container_may_be(tmp_path: Path, ann: str) -> None:
    assert shown(run(tmp_path, {"m.py": RESOLVE.format(ann=ann)})) == [("AL001", 18, "HIGH"), ("AL001", 26, "HIGH")]


# salt 3008.5's ``win_lgpo``: ``policy_vals = dictupdate.update(policy_vals, tdict)`` under
# ``if tdict:``, a fold whenever the call runs
FOLD = '''\
def update(dest, upd):
    for k, v in upd.items():
        if isinstance(v, dict):
            dest[k] = update(dest.get(k, {{}}), v)
        else:
            dest.setdefault(k, []).append(v)
    return dest


def collect(items, defaults):
    vals = defaults["policies"]
    for item in items:
        tdict = {{item: 1}}
        if item:
{call}
    return vals
'''


def test_a_call_whose_statement_rebinds_its_argument_is_a_fold(tmp_path: Path) -> None:
    text = FOLD.format(call="            vals = update(vals, tdict)")
    assert shown(run(tmp_path / "preview", {"m.py": text}, preview=True)) == [("AL001", 15, "MEDIUM")]
    assert shown(run(tmp_path / "default", {"m.py": text})) == []


@pytest.mark.parametrize("call", [
    # the result goes elsewhere: the same object is passed again
    "            other = update(vals, tdict)",
    # another argument rebound
    "            tdict = update(vals, tdict)",
])
def test_a_call_not_rebinding_what_it_is_given_is_no_fold(tmp_path: Path, call: str) -> None:
    assert shown(run(tmp_path, {"m.py": FOLD.format(call=call)})) == [("AL001", 15, "HIGH")]


# salt 3008.5's ``nxos.grains``: a module-level cache item filled while it is empty
CACHE = '''\
DEVICE_DETAILS = {{"grains_cache": {{}}}}


def _load():
    return {{"os": "nxos"}}


def grains(**kwargs):
    if {test}:
        ret = _load()
        DEVICE_DETAILS["grains_cache"].update(ret)
    return DEVICE_DETAILS["grains_cache"]


def grains_refresh():
    DEVICE_DETAILS["grains_cache"] = {{}}
    return grains()
'''


@pytest.mark.parametrize("test", ['not DEVICE_DETAILS["grains_cache"]', 'len(DEVICE_DETAILS["grains_cache"]) == 0'])
def test_an_item_filled_while_empty_is_filled_once(tmp_path: Path, test: str) -> None:
    assert shown(run(tmp_path, {"m.py": CACHE.format(test=test)})) == []


@pytest.mark.parametrize("test", [
    'not DEVICE_DETAILS["other"]',  # another item tested
    'kwargs.get("refresh")',  # not a test of emptiness
])
def test_an_item_filled_under_another_test_is_changed_each_time(tmp_path: Path, test: str) -> None:
    assert shown(run(tmp_path, {"m.py": CACHE.format(test=test)})) == [("AL003", 11, "HIGH")]


# salt 3008.5's ``modules/grains.py``: ``__grains__ = {}`` is the slot salt's loader fills with
# the live grains, which ``grains.append`` is meant to change
TRAVERSE = '''\
DEFAULT_TARGET_DELIM = ":"

def traverse_dict_and_list(data, key, default=None, delimiter=DEFAULT_TARGET_DELIM):
    """
    Traverse a dict or list using a colon-delimited (or otherwise delimited,
    using the 'delimiter' param) target string. The target 'foo:bar:0' will
    return data['foo']['bar'][0] if this value exists, and will otherwise
    return the dict in the default argument.
    Function will automatically determine the target type.
    The target 'foo:bar:0' will return data['foo']['bar'][0] if data like
    {'foo':{'bar':['baz']}} , if data like {'foo':{'bar':{'0':'baz'}}}
    then return data['foo']['bar']['0']
    """
    ptr = data
    if isinstance(key, str):
        key = key.split(delimiter)

    if isinstance(key, int):
        key = [key]

    for each in key:
        if isinstance(ptr, list):
            try:
                idx = int(each)
            except ValueError:
                embed_match = False
                # Index was not numeric, lets look at any embedded dicts
                for embedded in (x for x in ptr if isinstance(x, dict)):
                    try:
                        ptr = embedded[each]
                        embed_match = True
                        break
                    except KeyError:
                        pass
                if not embed_match:
                    # No embedded dicts matched, return the default
                    return default
            else:
                embed_match = False
                # Index was numeric, lets look at any embedded dicts
                # using the converted version of each.
                for embedded in (x for x in ptr if isinstance(x, dict)):
                    try:
                        ptr = embedded[idx]
                        embed_match = True
                        break
                    except KeyError:
                        pass
                if not embed_match:
                    try:
                        ptr = ptr[idx]
                    except IndexError:
                        return default
        else:
            try:
                ptr = ptr[each]
            except KeyError:
                # Late import to avoid circular import
                import salt.utils.args

                # YAML-load the current key (catches integer/float dict keys)
                try:
                    loaded_key = salt.utils.args.yamlify_arg(each)
                except Exception:  # pylint: disable=broad-except
                    return default
                if loaded_key == each:
                    # After YAML-loading, the desired key is unchanged. This
                    # means that the KeyError caught above is a legitimate
                    # failure to match the desired key. Therefore, return the
                    # default.
                    return default
                else:
                    # YAML-loading the key changed its value, so re-check with
                    # the loaded key. This is how we can match a numeric key
                    # with a string-based expression.
                    try:
                        ptr = ptr[loaded_key]
                    except (KeyError, TypeError):
                        return default
            except TypeError:
                return default
    return ptr


'''
GRAINS = '''\
import json

from pkg import data

__grains__ = {}


def get(key, default="", delimiter=":", ordered=True):
    if ordered is True:
        grains = __grains__
    else:
        grains = json.loads(json.dumps(__grains__))
    return data.traverse_dict_and_list(grains, key, default, delimiter)


def append(key, val, convert=False, delimiter=":"):
    grains = get(key, [], delimiter)
    if convert:
        if not isinstance(grains, list):
            grains = [] if grains is None else [grains]
    if not isinstance(grains, list):
        return f"The key {key} is not a valid list"
    if val in grains:
        return f"The val {val} was already in the list {key}"
    if isinstance(val, list):
        for item in val:
            grains.append(item)
    else:
        grains.append(val)
    return {key: grains}
'''


def test_a_module_level_dunder_is_a_slot_a_loader_fills(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/data.py": TRAVERSE, "pkg/grains.py": GRAINS}
    assert shown(run(tmp_path / "preview", files, preview=True)) == [("AL003", 27, "MEDIUM")]
    assert shown(run(tmp_path / "default", files)) == []


def test_a_module_level_template_of_a_plain_name_stays(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/data.py": TRAVERSE, "pkg/grains.py": GRAINS.replace("__grains__", "GRAINS")}
    assert shown(run(tmp_path, files)) == [("AL003", 27, "HIGH")]


# poetry 2.5.1's ``PackageInfo.load``: a public function taking a named key out of its caller's
# mapping; a caller in the tree that looks an entry up afterwards is the second use
LOAD = '''\
class PackageInfo:
    def __init__(self, name, version):
        self.name = name
        self.version = version


def load(data: dict) -> PackageInfo:
    """{doc}"""
    cache_version = data.pop("_cache_version", None)
    return PackageInfo(data["name"], cache_version)
{caller}'''


def test_with_no_caller_reading_it_again_a_required_input_taken_apart_is_preview(tmp_path: Path) -> None:
    # a named key taken out of the top level of a required argument not named as configuration:
    # the function's input, taken apart (``harm._optional``; poetry's C of the twenty-fifth set)
    source = LOAD.format(doc="Load a package's information from the cache.", caller="")
    assert run(tmp_path / "default", {"m.py": source}) == []
    assert shown(run(tmp_path / "preview", {"m.py": source}, preview=True)) == [("AL007", 9, "MEDIUM")]


def test_with_no_caller_reading_it_again_the_public_entry_is_the_reason(tmp_path: Path) -> None:
    # the twin: the argument is named as configuration, which a caller builds once and hands over again
    source = re.sub(r"\bdata\b", "config", LOAD.format(doc="Load a package's information from the cache.", caller=""))
    found = run(tmp_path, {"m.py": source})
    assert shown(found) == [("AL007", 9, "HIGH")]
    assert [r.message for r in found[0].related] == [
        "public entry point: `config` comes from the caller, and this removes what the caller put in it"]


def test_a_caller_reading_the_entries_again_is_the_second_use(tmp_path: Path) -> None:
    # the corpus's D07: ``normalize_task(task)`` pops ``__line__``, then its caller reads the task
    caller = '''

def check(entries: list) -> list:
    out = []
    for entry in entries:
        info = load(entry)
        out.append((info, entry.get("_cache_version")))
    return out
'''
    found = run(tmp_path, {"m.py": LOAD.format(doc="Load a package's information from the cache.", caller=caller)})
    assert shown(found) == [("AL007", 9, "HIGH")]
    assert [(r.location.line, r.message) for r in found[0].related] == [
        (17, "second use: `entry.get` here reads its entries again, after `load` took some out")]


@pytest.mark.parametrize("doc", ["Update inplace a function's template.", "Updates the template in-place."])
def test_a_docstring_saying_inplace_is_intent(doc: str) -> None:
    from aliaslint.harm import _UPDATES_ARGUMENT

    assert _UPDATES_ARGUMENT.search(doc)
