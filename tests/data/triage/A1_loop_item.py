import json

def convert(arg, spec):
    """Turn one v1 placeholder item into a v2 tuple (consumes the item)."""
    if isinstance(arg, dict) and "ifPresent" in arg:
        kw = arg["ifPresent"]
        kw["input_name"] = kw.pop("inputName")
        kw["then"] = [convert(e, spec) for e in kw["then"]]
        return ("if", kw)
    return arg

def load(text):
    spec = json.loads(text)  # fresh structure, dropped when load() returns
    command = spec["container"]["command"]
    # each item is converted exactly once; `spec` itself is only read
    return [convert(c, spec) for c in command], spec["name"]
