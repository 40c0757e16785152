class Task:
    clone_pathspec_mapping = {}  # shared on purpose: a child reads its parent's entry

    def __init__(self, run_id, step, task_id, origin, parent=None):
        self.run_id, self.step, self.parent = run_id, step, parent
        self._path = None
        self._get_task_id(task_id)
        self.clone_pathspec_mapping[self._path] = origin.pathspec

    def _get_task_id(self, task_id):
        self._path = "%s/%s/%s" % (self.run_id, self.step, task_id)

    def origin_parent(self):
        return self.clone_pathspec_mapping[self.parent]
