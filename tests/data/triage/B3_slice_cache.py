from typing import ForwardRef

def evaluate_forwardref(ref, ns):
    if not ref.__forward_evaluated__:  # normalise once; typing caches on the ref too
        ref.__forward_code__ = compile(ref.__forward_arg__, "<hint>", "eval")
    return ref._evaluate(ns, ns, frozenset())

def check_type_internal(value, annotation, ns):
    if isinstance(annotation, ForwardRef):
        annotation = evaluate_forwardref(annotation, ns)
    assert isinstance(value, annotation)

def check_tuple(value, origin_type, args, ns):
    use_ellipsis = args[-1] is Ellipsis
    tuple_params = args[: -1 if use_ellipsis else None]  # drops `...`; not a defensive copy
    if use_ellipsis:
        return [check_type_internal(e, tuple_params[0], ns) for e in value]
    for element, element_type in zip(value, tuple_params):
        check_type_internal(element, element_type, ns)
