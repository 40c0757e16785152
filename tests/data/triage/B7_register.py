class Component:
    component_id = None

class Store:
    """Holds the user's components by reference, so that they can update them later."""

    def __init__(self, components=None):
        self._map = {}
        for c in list(components or []):
            if c.component_id is None:
                c.component_id = "c%d" % len(self._map)  # registration
            self._map[c.component_id] = c

class Manager:
    def __init__(self, components=None):
        self._store = Store(components=list(components) if components else None)
