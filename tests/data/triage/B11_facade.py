class MutableFlow:
    """A handle through which mutators edit the flow class itself."""

    def __init__(self, flow_cls):
        self._flow_cls = flow_cls

    def add_parameter(self, name, value):
        setattr(self._flow_cls, name, value)
        self._flow_cls._flow_state["cached_parameters"] = None

def apply_mutators(cls, mutators):
    for m in mutators:
        m.pre_mutate(MutableFlow(cls))  # every handle edits the same class: intended

def apply_step_mutators(cls, steps):
    for s in steps:
        s.mutate(MutableFlow(cls))
