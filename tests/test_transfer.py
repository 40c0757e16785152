"""Summaries sent from a worker without a cache (issue 9, cold run): pickled on our own pipe,
built back in the main process with the same sharing as the codec's decoder, and nothing but the
codec's classes built."""
from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

from aliaslint import codec, engine, transfer
from aliaslint.analyzer import analyze_module
from aliaslint.config import Settings
from aliaslint.files import SourceFile
from aliaslint.rules import all_rules
from aliaslint.summary import Candidate, ModuleSummary
from aliaslint.values import Opaque, Ref, Root, Site

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

SOURCE = textwrap.dedent("""
    def build(spec, name):
        spec["containers"].append({"name": name})
        return spec
""")


def _summary(module: str = "ops", source: str = SOURCE) -> ModuleSummary:
    return analyze_module(source, module, f"{module}.py", f"/src/{module}.py", list(all_rules()))


def _target(summary: ModuleSummary) -> frozenset:
    [mutation] = summary.functions[f"{summary.module}.build"].mutations
    return mutation.target


def test_real_summaries_come_back_equal_to_what_the_codec_gives() -> None:
    rules = list(all_rules())
    paths = sorted(FIXTURES.rglob("*.py"))[:40]
    for path in paths:
        summary = analyze_module(path.read_text(encoding="utf-8"), path.stem, path.name, str(path), rules)
        got = transfer.unpack(transfer.pack(summary), "/elsewhere.py", codec.Interner())
        assert got == ModuleSummary(**{**vars(summary), "path": "/elsewhere.py"}), path
        assert got == codec.loads(codec.dumps(ModuleSummary(**{**vars(summary), "path": "/elsewhere.py"})))
    assert len(paths) == 40


def test_two_summaries_share_strings_and_values_through_one_interner() -> None:
    interner = codec.Interner()
    ops = transfer.unpack(transfer.pack(_summary("ops")), "ops.py", interner)
    pods = transfer.unpack(transfer.pack(_summary("pods")), "pods.py", interner)
    [ref] = _target(ops)
    assert ref == Ref(Root("param", "spec", 0), ("['containers']",))
    assert _target(ops) is _target(pods)  # the frozenset
    assert ref is next(iter(_target(pods)))  # the Ref in it, and its access path
    assert ref.path is next(iter(_target(pods))).path
    assert ops.functions["ops.build"].params == ("spec", "name")
    assert ops.functions["ops.build"].params is pods.functions["pods.build"].params
    # strings outside the dataclasses' fields (a dict's keys) are interned too
    again = transfer.unpack(transfer.pack(_summary("ops")), "ops.py", interner)
    assert list(ops.functions) == list(again.functions) == ["ops.build", "ops.<module>"]
    assert all(a is b for a, b in zip(ops.functions, again.functions))


def test_a_value_unpacked_is_the_one_read_from_the_cache() -> None:
    """Cache hits (the codec) and workers' summaries (here) are merged in one table."""
    interner = codec.Interner()
    hit = codec.loads(codec.dumps(_summary("ops")), interner)
    sent = transfer.unpack(transfer.pack(_summary("pods")), "pods.py", interner)
    assert _target(hit) is _target(sent)


def test_line_numbers_are_shared_but_a_bool_is_never_taken_for_an_int() -> None:
    interner = codec.Interner()
    source = "\n" * 400 + SOURCE
    first = transfer.unpack(transfer.pack(_summary("ops", source)), "ops.py", interner)
    second = transfer.unpack(transfer.pack(_summary("pods", source)), "pods.py", interner)
    a, b = first.functions["ops.build"].site, second.functions["pods.build"].site
    assert a.line == b.line == 402 and a.line is b.line
    data = {"ints": (1, 0), "bools": (True, False), "nested": ((1,), (True,)), "floats": (1.0,)}
    summary = ModuleSummary("m", "", "m.py", candidates=[Candidate("AL001", "m.f", data)])
    again = ModuleSummary("m", "", "m.py", candidates=[Candidate("AL001", "m.f", dict(reversed(list(data.items()))))])
    got = transfer.unpack(transfer.pack(summary), "m.py", interner).candidates[0].data
    other = transfer.unpack(transfer.pack(again), "m.py", interner).candidates[0].data
    for decoded in (got, other):
        assert [type(x) for x in decoded["ints"]] == [int, int]
        assert [type(x) for x in decoded["bools"]] == [bool, bool]
        assert [type(x[0]) for x in decoded["nested"]] == [int, bool]
        assert [type(x) for x in decoded["floats"]] == [float]
    assert got["ints"] is other["ints"]


class _Boom:
    def __reduce__(self):
        import os

        return (os.system, ("touch /tmp/aliaslint-transfer-should-not-exist",))


def test_the_main_process_builds_nothing_but_the_codecs_classes(tmp_path: Path) -> None:
    marker = Path("/tmp/aliaslint-transfer-should-not-exist")
    marker.unlink(missing_ok=True)
    hostile = transfer.Packed(pickle.dumps(_Boom()))
    assert transfer.unpack(hostile, "ops.py", codec.Interner()) is None
    assert not marker.exists()
    # a pickle of something else than a summary, or cut short
    assert transfer.unpack(transfer.Packed(pickle.dumps([1, 2])), "ops.py", codec.Interner()) is None
    assert transfer.unpack(transfer.Packed(transfer.pack(_summary()).data[:-20]), "ops.py", codec.Interner()) is None
    file = SourceFile.from_path(tmp_path / "ops.py", tmp_path)
    got = engine._received(hostile, file, codec.Interner())
    assert (got.code, got.location.path, got.location.line) == ("AL000", "ops.py", 1)
    assert got.message == "aliaslint failed on this file (its summary could not be decoded); please report it"


def test_workers_pack_what_is_not_cached_and_encode_what_is(tmp_path: Path) -> None:
    file = SourceFile.from_path(tmp_path / "ops.py", tmp_path)
    packed = engine._encoded(_summary(), packed=True)
    assert isinstance(packed, transfer.Packed)
    assert engine._received(packed, file, codec.Interner()) == \
        ModuleSummary(**{**vars(_summary()), "path": str(tmp_path / "ops.py")})
    assert isinstance(engine._encoded(_summary()), bytes)
    (tmp_path / "ops.py").write_text(SOURCE)
    (tmp_path / "pods.py").write_text(SOURCE)
    files = [SourceFile.from_path(tmp_path / f"{name}.py", tmp_path) for name in ("ops", "pods")]
    sent: list[type] = []
    real = engine._received

    def received(value, file, interner):
        sent.append(type(value))
        return real(value, file, interner)

    import pytest

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine, "_received", received)
        cold = engine.summarize_files(files, Settings(root=tmp_path, no_cache=True, jobs=2))
        cached = engine.summarize_files(files, Settings(root=tmp_path, cache_dir=tmp_path / "cache"))
    assert sent == [transfer.Packed, transfer.Packed, bytes, bytes]
    assert cold == cached and _target(cold[0]) is _target(cold[1])


def test_a_set_iterates_in_the_order_the_codec_gives() -> None:
    """The project pass's choices follow the order sets iterate in. Both the codec and pickle
    build a set from the worker's iteration order; built once more from its own order, a set
    may iterate otherwise (97 and 175 share a slot), so it is kept as pickle built it."""
    loops = frozenset([97, 175, 55])
    sent = frozenset(list(loops))  # what the codec and pickle build from the worker's order
    assert list(loops) == [97, 55, 175] and list(sent) == [97, 175, 55] and list(frozenset(list(sent))) == [97, 55, 175]
    summary = ModuleSummary("m", "", "m.py", candidates=[Candidate("AL001", "m.f", {"loops": loops, "names": set(loops)})],
                            globals={"X": (frozenset({Opaque(loops=loops)}), Site("m", 1, 1))})
    got = transfer.unpack(transfer.pack(summary), "m.py", codec.Interner())
    decoded = codec.loads(codec.dumps(summary))
    assert list(decoded.candidates[0].data["loops"]) == [97, 175, 55]
    assert list(got.candidates[0].data["loops"]) == [97, 175, 55]
    assert list(got.candidates[0].data["names"]) == list(decoded.candidates[0].data["names"]) == [97, 175, 55]
    [value], [decoded_value] = got.globals["X"][0], decoded.globals["X"][0]
    assert list(value.loops) == list(decoded_value.loops) == [97, 175, 55]


def test_a_summarised_modules_tree_is_freed_without_a_collection() -> None:
    """The analysis's objects refer to each other (a function's analyser and its rule context)
    and to the tree: it drops them when its summary is out, so no node waits for a collection
    (a worker grew by a module's dead tree: peak RSS 401 -> 442 MB on 647 site-packages files)."""
    import gc

    import libcst as cst

    source = (FIXTURES / "reference_operator" / "buggy" / "ray_operator" / "controller.py").read_text(encoding="utf-8")
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        analyze_module(source, "controller", "controller.py", "/src/controller.py", list(all_rules()))
        gc.collect()
        assert not [o for o in gc.garbage if isinstance(o, cst.CSTNode)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()


def test_a_worker_task_first_frees_the_cycles_the_last_one_left(monkeypatch, tmp_path) -> None:
    """The collector is paused during a task (:func:`engine._summarize_task`): what cycles a
    task leaves are freed when the next one starts, before its tree is built."""
    import gc
    import weakref

    class Node:
        pass

    monkeypatch.setitem(engine._WORKER, "settings", Settings(root=tmp_path, no_cache=True))
    monkeypatch.setitem(engine._WORKER, "rules", list(all_rules()))
    monkeypatch.setitem(engine._WORKER, "store", None)
    path = tmp_path / "ops.py"
    path.write_text(SOURCE, encoding="utf-8")
    enabled = gc.isenabled()
    gc.disable()
    try:
        node = Node()
        node.loop = node
        alive = weakref.ref(node)
        del node
        assert alive() is not None
        _, packed = engine._summarize_task(SourceFile(path, "ops.py"), "ops", False)
        assert isinstance(packed, transfer.Packed)
        assert alive() is None
        assert not gc.isenabled()  # as it was: the task's pause ends with the task
    finally:
        if enabled:
            gc.enable()
