class Deco:
    def __init__(self, name):
        self.name = name

def attach(step, name):
    if name not in [d.name for d in step.decorators]:  # idempotent
        step.decorators.append(Deco(name))

def make_flow(obj, dag_name):
    """Attach @kubernetes to every step, then compile the flow."""
    for step in obj.flow:
        attach(step, "kubernetes")
    return {"dag": dag_name, "steps": [s.name for s in obj.flow]}
