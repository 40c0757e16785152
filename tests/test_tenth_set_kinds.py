"""Kinds left from issue 8's tenth unseen set (ansible-navigator 26.10.0, determined 0.38.1,
oslo.config 10.7.0, feast 0.67.0), each with the twin that is still found.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from test_harm import run, shown

# feast 0.67.0 ``LocalComputeEngine.get_historical_features``: the job is built in the ``try``
# body's return, and built again in the handler only when that raised
EXCLUSIVE_RETURNS = """
    JOBS = []


    class Job:
        def __init__(self, plan, context, error=None):
            self._plan = plan
            self._context = context
            self._error = error

        def run(self):
            self._context.outputs.append(self._plan)
            return self._context.outputs


    class Context:
        def __init__(self):
            self.outputs = []


    def get_features(plan_builder):
        context = Context()
        try:
            plan = plan_builder()
{body}
        except Exception as e:
            return Job(None, context, error=e)
"""


def test_a_construction_returned_from_a_try_and_one_in_its_handler_are_exclusive(tmp_path: Path) -> None:
    body = "            return Job(plan, context)"
    assert shown(run(tmp_path, {"job.py": EXCLUSIVE_RETURNS.format(body=body)}, preview=True)) == []


@pytest.mark.parametrize("body", [
    # the first job runs, then the handler builds another on the context it changed
    "            job = Job(plan, context)\n            job.run()\n            return job",
    # the first job is kept elsewhere before the return
    "            job = Job(plan, context)\n            JOBS.append(job)\n            return job",
])
def test_a_construction_that_outlives_the_try_is_still_a_second_use(tmp_path: Path, body: str) -> None:
    found = run(tmp_path, {"job.py": EXCLUSIVE_RETURNS.format(body=body)})
    assert shown(found) == [("AL006", 12, "HIGH")]
    related = [r for d in found if d.code == "AL006" for r in d.related if "second use" in r.message]
    assert [(r.location.line, r.message) for r in related] == [
        (25, "second use: another Job is built here from the same object, and sees the change"),
        (29, "second use: another Job is built here from the same object, and sees the change"),
    ]


# ansible-navigator 26.10.0 ``FormPresenter``: ``self._screen`` is a curses window, cleared and
# refreshed on every resize; ``refresh`` is no list's, dict's or set's method
FOREIGN_RECEIVER = """
    class Presenter:
        def __init__(self, screen, fields):
            self._screen = screen
            self._fields = fields

        def present(self):
            for f in range(3):
                self.handle(f)
            self._fields.clear()
            return self._fields

        def handle(self, char):
            if char == 410:
                self._screen.clear()
{elsewhere}


    def show(screen, fields):
        p = Presenter(screen, fields)
        p.present()
        p.present()
"""


@pytest.mark.parametrize("elsewhere", [
    "                self._screen.refresh()",  # in the same function
    "\n        def redraw(self):\n            self._screen.refresh()",  # in another method of the class
])
def test_a_receiver_called_by_a_method_no_builtin_has_is_no_container(tmp_path: Path, elsewhere: str) -> None:
    found = run(tmp_path, {"form.py": FOREIGN_RECEIVER.format(elsewhere=elsewhere)}, preview=True)
    assert [(d.code, d.location.line, d.message.split(",")[0]) for d in found] == [
        ("AL006", 10, "`Presenter.present` clears `self._fields`"),
    ]


@pytest.mark.parametrize("elsewhere", [
    "                self._screen.sort()",  # a list's own method
    "                print(self._screen.refresh)",  # read, not called
])
def test_a_receiver_called_only_by_builtin_methods_is_still_a_container(tmp_path: Path, elsewhere: str) -> None:
    found = run(tmp_path, {"form.py": FOREIGN_RECEIVER.format(elsewhere=elsewhere)}, preview=True)
    assert sorted((d.code, d.location.line) for d in found) == [("AL006", 10), ("AL006", 15)]


# feast 0.67.0 ``LocalComputeEngine.get_historical_features``: before the job is built, the
# context is handed to ``_get_backend``, whose unknown callee gets the context's entity frame
BACKEND_FROM_PART = """
    class Job:
        def __init__(self, plan, context):
            self._plan = plan
            self._context = context

        def run(self):
            self._context.outputs["x"] = self._plan
            return self._context.outputs


    class Context:
        def __init__(self, entity_df):
            self.outputs = {{}}
            self.entity_df = entity_df


    class Engine:
        def _get_backend(self, context):
            return infer({handed})

        def get_features(self, plan, task):
            context = Context(task.entity_df)
            backend = self._get_backend(context)
            return Job(plan, context), backend
"""


def test_a_callee_handing_on_another_part_does_not_keep_the_object(tmp_path: Path) -> None:
    source = BACKEND_FROM_PART.format(handed="context.entity_df")
    assert shown(run(tmp_path, {"job.py": source}, preview=True)) == []


@pytest.mark.parametrize("handed", ["context", "context.outputs", "[context]"])
def test_a_callee_handing_on_the_object_or_its_changed_part_may_keep_it(tmp_path: Path, handed: str) -> None:
    found = run(tmp_path, {"job.py": BACKEND_FROM_PART.format(handed=handed)}, preview=True)
    assert [(d.code, d.location.line) for d in found] == [("AL006", 8)]


# feast 0.67.0 ``SparkDataSourceCreator``: ``__init__`` calls a method of its own, then gives
# the instance its own ``tables`` list, which hides the class attribute from every method
SET_AFTER_OWN_CALL = """
    class Creator:
        tables = []

        def __init__(self):
            self.conf = {{}}
            self.setup()
            self.tables = []

        def setup(self):
            self.conf["master"] = "local"
    {setup_adds}

        def create(self, path):
            self.tables.append(path)
            return path


    def run(paths):
        for p in paths:
            Creator().create(p)
"""


def test_an_attribute_init_sets_after_its_own_calls_hides_the_class_attribute(tmp_path: Path) -> None:
    found = run(tmp_path, {"creator.py": SET_AFTER_OWN_CALL.format(setup_adds="")}, preview=True)
    assert shown(found) == []


def test_a_method_init_calls_before_setting_it_still_changes_the_class_attribute(tmp_path: Path) -> None:
    # ``setup`` runs before ``self.tables = []``: ``create`` appends to the class's list then
    source = SET_AFTER_OWN_CALL.format(setup_adds='        self.create("warmup")')
    found = run(tmp_path, {"creator.py": source})
    assert [(d.code, d.location.line) for d in found] == [("AL003", 15)]


# feast 0.67.0 ``RedisOnlineStore._read_features_per_fv``: a first loop builds one work item per
# feature view, keeping what calls answered for it; a second loop over the items fills the one
# response with each view's own features and rows
WORK_ITEMS = """
    def populate(requested, rows, response):
        response.names.extend([f"{{name}}" for name in requested])
        response.results.append({{"rows": rows}})


    def features_for(values, requested):
        return (len(values), {{name: values for name in requested}})


    def convert(values, requested):
        return [features_for(v, requested) for v in values]


    def empty_rows():
        return [(0, {{}})]


    def read(store, grouped, response):
        work_items = []
        for table, requested in grouped:
            req_features = store.keys_for(table, requested)
            work_items.append((table, req_features))
        all_rows = store.read_all()
        for table, req_features in work_items:
            rows = {rows}
            populate(req_features, rows, response)
        return response
"""


def test_each_round_over_work_items_adds_that_items_entries(tmp_path: Path) -> None:
    source = WORK_ITEMS.format(rows="convert(all_rows[0:2], req_features)")
    assert shown(run(tmp_path, {"reader.py": source}, preview=True)) == []


def test_a_call_answering_the_same_each_round_still_adds_a_second_copy(tmp_path: Path) -> None:
    # ``empty_rows()`` is handed nothing that varies: the same rows are appended again
    source = WORK_ITEMS.format(rows="empty_rows()")
    found = run(tmp_path, {"reader.py": source})
    assert [(d.code, d.location.line, d.message.split(",")[0]) for d in found] == [
        ("AL001", 27, "`populate(...)` gets the same object on every iteration of the loop"),
    ]
