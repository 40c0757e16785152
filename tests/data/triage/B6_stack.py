PARTIALS = {"p": [("section", "inner"), ("var", "x"), ("end", "inner")]}

def render(tokens, data=None, scopes=None):
    if scopes is None:
        scopes = [data]
    out = ""
    for tag, key in tokens:
        if tag == "end":
            del scopes[0]  # pop what the matching section pushed
        elif tag == "section":
            scopes.insert(0, scopes[0].get(key, {}))
        elif tag == "partial":
            out += render(PARTIALS[key], scopes=scopes)  # balanced push/pop
        else:
            out += str(scopes[0].get(key, ""))
    return out
