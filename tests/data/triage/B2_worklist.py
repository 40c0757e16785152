class State:
    def __init__(self, rargs):
        self.rargs, self.opts = rargs, {}

class Parser:
    def _match_long(self, opt, explicit, state):
        if explicit is not None:
            state.rargs.insert(0, explicit)  # pushed back ...
        state.opts[opt] = state.rargs.pop(0)  # ... and consumed at once
    def _process(self, arg, state):
        name, sep, value = arg.partition("=")
        self._match_long(name, value if sep else None, state)
    def parse(self, args):
        state = State(args)
        while state.rargs:  # the loop drains the work list on purpose
            arg = state.rargs.pop(0)
            if arg.startswith("--"):
                self._process(arg, state)
        return state.opts
