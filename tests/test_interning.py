"""Summaries decoded with one interner share their values (issue 9, memory): the project pass
holds one object per distinct string, abstract value and access path, not one per summary."""
from __future__ import annotations

import textwrap
from pathlib import Path

from aliaslint import cache, codec, engine
from aliaslint.analyzer import analyze_module
from aliaslint.config import Settings
from aliaslint.files import SourceFile
from aliaslint.rules import all_rules
from aliaslint.summary import Candidate, ModuleSummary
from aliaslint.values import Ref, Root

SOURCE = textwrap.dedent("""
    def build(spec, name):
        spec["containers"].append({"name": name})
        return spec
""")


def _summary(module: str = "ops") -> ModuleSummary:
    return analyze_module(SOURCE, module, f"{module}.py", f"/src/{module}.py", list(all_rules()))


def _target(summary: ModuleSummary) -> frozenset:
    [mutation] = summary.functions[f"{summary.module}.build"].mutations
    return mutation.target


def test_decoding_the_same_summary_twice_shares_strings_and_values() -> None:
    text = codec.dumps(_summary())
    interner = codec.Interner()
    first, second = codec.loads(text, interner), codec.loads(text, interner)
    assert first == second == _summary()
    a, b = first.functions["ops.build"], second.functions["ops.build"]
    assert a.qualname == "ops.build" and a.qualname is b.qualname
    assert a.params == ("spec", "name") and a.params is b.params
    [ref] = _target(first)
    assert ref == Ref(Root("param", "spec", 0), ("['containers']",))
    assert _target(first) is _target(second)  # the frozenset
    assert ref is next(iter(_target(second)))  # the Ref in it
    assert ref.path is next(iter(_target(second))).path  # the access path
    # a Site is not interned (almost every one is distinct), but its module name is
    assert a.site == b.site and a.site is not b.site and a.site.module is b.site.module


def test_without_a_shared_interner_two_decodings_are_separate_objects() -> None:
    text = codec.dumps(_summary())
    first, second = codec.loads(text), codec.loads(text)
    assert first == second
    assert _target(first) is not _target(second)


def test_equal_values_of_two_modules_are_one_object() -> None:
    interner = codec.Interner()
    ops = codec.loads(codec.dumps(_summary("ops")), interner)
    pods = codec.loads(codec.dumps(_summary("pods")), interner)
    assert _target(ops) == _target(pods) and _target(ops) is _target(pods)
    assert len(interner) > 0


def test_one_and_true_are_never_taken_for_each_other() -> None:
    """``1 == True`` and ``(1,) == (True,)`` in Python: free data (a candidate's) keeps its exact
    scalars, however the values decoded before looked."""
    data = {"ints": (1, 0), "bools": (True, False), "nested": ((1,), (True,)),
            "ints_set": frozenset({1}), "bools_set": frozenset({True}), "floats": (1.0,)}
    interner = codec.Interner()
    got = codec.loads(codec.dumps(Candidate("AL001", "m.f", data)), interner).data
    again = codec.loads(codec.dumps(Candidate("AL001", "m.f", dict(reversed(list(data.items()))))), interner).data
    for decoded in (got, again):
        assert [type(x) for x in decoded["ints"]] == [int, int]
        assert [type(x) for x in decoded["bools"]] == [bool, bool]
        assert [type(x[0]) for x in decoded["nested"]] == [int, bool]
        assert [type(x) for x in decoded["ints_set"]] == [int]
        assert [type(x) for x in decoded["bools_set"]] == [bool]
        assert [type(x) for x in decoded["floats"]] == [float]
    assert got["ints"] is again["ints"]  # exact scalars only: still shared


def test_summaries_from_workers_are_decoded_with_one_interner(tmp_path: Path) -> None:
    """Workers send the cache's encoding; the main process decodes all of a check's summaries
    with one interner, so two modules' equal values are one object."""
    for name in ("ops", "pods"):
        (tmp_path / f"{name}.py").write_text(SOURCE)
    files = [SourceFile.from_path(tmp_path / f"{name}.py", tmp_path) for name in ("ops", "pods")]
    ops, pods = engine.summarize_files(files, Settings(root=tmp_path, no_cache=True, jobs=2))
    assert ops.path == str(tmp_path / "ops.py") and pods.path == str(tmp_path / "pods.py")
    assert ops.functions["ops.build"].params == ("spec", "name")
    assert _target(ops) == _target(pods) and _target(ops) is _target(pods)
    assert ops.functions["ops.build"].params is pods.functions["pods.build"].params


def test_summaries_read_from_the_cache_are_interned_too(tmp_path: Path) -> None:
    for name in ("ops", "pods"):
        (tmp_path / f"{name}.py").write_text(SOURCE)
    files = [SourceFile.from_path(tmp_path / f"{name}.py", tmp_path) for name in ("ops", "pods")]
    settings = Settings(root=tmp_path, cache_dir=tmp_path / "cache")
    cold = engine.summarize_files(files, settings)
    ops, pods = engine.summarize_files(files, settings)  # every file a cache hit now
    assert [ops, pods] == cold and ops is not cold[0]
    assert _target(ops) is _target(pods)


def test_a_summary_the_main_process_cannot_decode_is_an_al000_for_its_file(tmp_path: Path) -> None:
    file = SourceFile.from_path(tmp_path / "ops.py", tmp_path)
    got = engine._received(b'["os.system","rm"]', file, codec.Interner())
    assert (got.code, got.location.path, got.location.line) == ("AL000", "ops.py", 1)
    assert got.message == "aliaslint failed on this file (its summary could not be decoded); please report it"
    sent = engine._encoded(_summary())
    assert isinstance(sent, bytes) and sent == cache.encode_summary(_summary())
    assert engine._received(sent, file, None) == ModuleSummary(**{**vars(_summary()), "path": str(tmp_path / "ops.py")})


def test_the_main_process_keeps_a_digest_of_each_file_not_its_text(tmp_path: Path) -> None:
    (tmp_path / "ops.py").write_text(SOURCE)
    settings = Settings(root=tmp_path, no_cache=True)
    [entry] = engine._entries([SourceFile.from_path(tmp_path / "ops.py", tmp_path)], settings)
    engine._read_files([entry], settings, {})
    codes = [r.code for r in engine._rules(settings)]
    engine._key_files([entry], codes)
    assert entry.digest == cache.text_digest(SOURCE) and entry.size == len(SOURCE)
    assert SOURCE not in vars(entry).values()
    # the key a worker computes from the text it reads is the one the main process computed
    assert entry.key == cache.key_for(SOURCE, "ops", "ops.py", False, codes)


def test_the_interner_is_gone_before_the_project_pass(tmp_path: Path, monkeypatch) -> None:
    """Its table is about a tenth of the summaries' memory: the project pass does not need it."""
    import gc

    (tmp_path / "ops.py").write_text(SOURCE)
    real = engine._project_pass
    alive: list[int] = []

    def project_pass(*args, **kwargs):
        alive.append(sum(isinstance(o, codec.Interner) for o in gc.get_objects()))
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "_project_pass", project_pass)
    files = [SourceFile.from_path(tmp_path / "ops.py", tmp_path)]
    result = engine.check(files, Settings(root=tmp_path, no_cache=True))
    assert alive == [0] and result.files_checked == 1


def test_line_numbers_are_shared_too_but_never_a_bool_for_an_int() -> None:
    """JSON gives a new int object for every number past 256 (Python caches the small ones)."""
    summary = analyze_module("\n" * 400 + SOURCE, "ops", "ops.py", "/src/ops.py", list(all_rules()))
    text = codec.dumps(summary)
    interner = codec.Interner()
    first, second = codec.loads(text, interner), codec.loads(text, interner)
    a, b = first.functions["ops.build"].site, second.functions["ops.build"].site
    assert a.line == b.line == 402 and a.line is b.line
    assert codec.loads(codec.dumps((True, 1, 402)), interner) == (True, 1, 402)
    assert [type(x) for x in codec.loads(codec.dumps((True, 1, 402)), interner)] == [bool, int, int]
