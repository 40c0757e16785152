from copy import copy

class Transferer:
    def _transform(self, obj, in_place=True):
        has_changes, fix_factory = False, "__default_factory" in obj
        for k, v in obj.items():
            if isinstance(v, tuple) or fix_factory:
                has_changes = True
            if has_changes and not in_place:
                obj = copy(obj)  # copy-on-write before the first change
                in_place = True
            if isinstance(v, tuple):
                obj[k] = list(v)
        if fix_factory:
            obj.default_factory = obj["__default_factory"]
            del obj["__default_factory"]
        return obj if has_changes else None
    def pickle_container(self, obj):
        return self._transform(obj, in_place=False)
