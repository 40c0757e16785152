"""napalm 5.2.0 napalm/base/validate.py:36-170 (Apache-2.0), types simplified: the compliance
comparison issue 8's ninth unseen set was triaged on (tests/test_eighth_set_kinds.py)."""
import copy


def _mode(mode_string: str) -> dict:
    mode = {"strict": False}

    for m in mode_string.split():
        if m not in mode.keys():
            raise ValueError("mode '{}' not recognized".format(m))
        mode[m] = True
    return mode


def _compare_getter_list(
    src: List, dst: List, mode: dict
) -> dict:
    result: dict = {
        "complies": True,
        "present": [],
        "missing": [],
        "extra": [],
    }
    for src_element in src:
        found = False

        i = 0
        while True:
            try:
                intermediate_match = compare(src_element, dst[i])
                if (
                    isinstance(intermediate_match, dict)
                    and intermediate_match["complies"]
                    or not isinstance(intermediate_match, dict)
                    and intermediate_match
                ):
                    found = True
                    result["present"].append(src_element)
                    dst.pop(i)
                    break
                else:
                    i += 1
            except IndexError:
                break

        if not found:
            result["complies"] = False
            result["missing"].append(src_element)

    if mode["strict"] and dst:
        result["extra"] = dst
        result["complies"] = False

    return result


def _compare_getter_dict(
    src: dict, dst: dict, mode: dict
) -> dict:
    result: dict = {
        "complies": True,
        "present": {},
        "missing": [],
        "extra": [],
    }
    dst = copy.deepcopy(dst)  # Otherwise we are going to modify a "live" object

    for key, src_element in src.items():
        try:
            dst_element = dst.pop(key)
            result["present"][key] = {}
            intermediate_result = compare(src_element, dst_element)

            if isinstance(intermediate_result, dict):
                nested = True

                complies = intermediate_result["complies"]

                if not complies:
                    result["present"][key]["diff"] = intermediate_result
            else:
                complies = intermediate_result
                nested = False
                if not complies:
                    result["present"][key]["expected_value"] = src_element
                    result["present"][key]["actual_value"] = dst_element

            if not complies:
                result["complies"] = False

            result["present"][key]["complies"] = complies
            result["present"][key]["nested"] = nested
        except KeyError:
            result["missing"].append(key)
            result["complies"] = False

    if mode["strict"] and dst:
        result["extra"] = list(dst.keys())
        result["complies"] = False

    return result




def compare(
    src: object, dst: object
) -> object:
    if isinstance(src, str):
        src = str(src)

    if isinstance(src, dict):
        mode = _mode(src.pop("_mode", ""))
        if "list" in src.keys():
            if not isinstance(dst, list):
                # This can happen with nested lists
                return False

            return _compare_getter_list(src["list"], dst, mode)
        return _compare_getter_dict(src, dst, mode)

    elif isinstance(src, str):
        if src.startswith("<") or src.startswith(">"):
            cmp_result = _compare_numeric(src, dst)
            return cmp_result
        elif "<->" in src and len(src.split("<->")) == 2:
            cmp_result = _compare_range(src, dst)
            return cmp_result
        elif re.search(r"^\d+%\d+$", src):
            cmp_result = _compare_tolerance(src, dst)
            return cmp_result
        else:
            m = re.search(src, str(dst))
            if m:
                return bool(m)
            else:
                return src == dst

    elif isinstance(src, list) and isinstance(dst, list):
        pairs = zip(src, dst)
