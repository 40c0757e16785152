"""Phase 2, part 1: call resolution. What a name, an attribute or a call denotes in the project.

:class:`CallResolution` is one of the three parts of :class:`aliaslint.project.Project` (with
:class:`aliaslint.dataflow.ValueFlow` and :class:`aliaslint.effects.EffectsFixpoint`). It answers
from the summaries alone: which function or class a dotted name is (following imports, re-exports
and star imports), the classes of an object (constructors, annotations, attribute assignments,
call sites, duck typing, astroid as a last resort), the targets of a call site (plain names,
``module.func``, ``self.method`` and overrides, ``super().method``, ``Class(...)`` -> ``__init__``),
and the argument a call passes for each parameter (keywords, ``**spread``, ``*args``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from aliaslint import inference
from aliaslint.dataflow import MAX_RESOLVE_DEPTH, load
from aliaslint.summary import CallSite, FunctionSummary, ModuleSummary
from aliaslint.values import (
    ANY,
    Fresh,
    Ref,
    Root,
    Site,
    Value,
    key,
    key_name,
    place,
    replace,
)

#: a call of a method of a string or bytes literal (``"{}/".format``, ``f"{a}".join``,
#: ``b"-".join``): what the call text starts with when its receiver is one
_STRING_METHOD = re.compile(r"""^[rRbBuUfF]{0,2}("|')""")

#: how many hops (callers, module-level names, attribute types) a receiver's class is looked up through
MAX_CLASS_DEPTH = 8
#: the most overrides a base class's ``self.method()`` is followed into. Past that the base is a
#: framework's (``unittest.TestCase.run`` calling ``self.setUp()``, which 710 test classes of the
#: standard library and site-packages define): joining every override's effects into the base
#: method, and into every caller of it, gave it 1,500 effects there (the project pass's memory and
#: time grow with subclasses x callers), and says nothing about any one subclass. The corpus and
#: the 23 tuning packages give the same findings with and without it. Raised from 24 to 48:
#: gitlabform 6.3.1's ``AbstractProcessor.process`` retries ``self._process_configuration(...)``
#: on a dropped connection, with a configuration 30 processors take apart in place (a miss of
#: issue 8's blind sixty-sixth set that the reader reproduced: found while 25 or fewer files
#: defined the hook). A framework's hook has hundreds.
MAX_OVERRIDES = 48
#: the most entries of a table of classes or functions a call of one of its entries is followed
#: into (:meth:`CallResolution._table_targets`). Past that the table is a plug-in registry whose
#: key the caller does not say: botocore 1.44.18's ``AUTH_TYPE_MAPS.get(signature_version)``
#: holds eleven signers in its literal, and joining them gave ``generate_presigned_url`` the
#: presigned POST signer's appends to its policy conditions, which a presigned URL never runs.
#: Kombu's three exchange types, the kind this follows, are well under it.
MAX_TABLE_ENTRIES = 8
#: the most constructors followed up a ``super().__init__()`` chain (deeper hierarchies keep the
#: class attribute: see :meth:`CallResolution.instances_hide`)
MAX_INIT_CHAIN = 8
#: modules whose classes are containers or wrap them (``collections.OrderedDict().update`` is a
#: dict's ``update``): their instances are not "another package's object"
_CONTAINER_MODULES = frozenset({"builtins", "collections", "typing", "types", "copy", "weakref", "array", "queue"})
#: the standard library's metaclasses (a class deriving from one is a metaclass too)
_METACLASSES = frozenset({"abc.ABCMeta", "enum.EnumMeta", "enum.EnumType"})
#: library base classes whose instances get their own copy of each field's default
FIELD_COPYING_BASES = frozenset({"BaseModel", "BaseSettings", "SQLModel", "RootModel", "GenericModel"})


#: astroid questions per check (each can cost ~0.1 s on a large module); a count, not a time,
#: so that results do not depend on the machine's speed
ASTROID_QUERIES = 8

#: method names shared with builtin containers and common protocols: one of these alone says
#: nothing about a receiver's class
COMMON_METHODS = {
    "get", "items", "keys", "values", "copy", "update", "append", "extend", "pop", "insert", "remove",
    "clear", "add", "discard", "setdefault", "sort", "index", "count", "format", "join", "split",
    "read", "write", "close", "open", "run", "start", "stop", "send", "call", "execute", "render",
    "__init__", "__call__", "__enter__", "__exit__", "__getitem__", "__setitem__",
    # the file protocol: a parameter read, sought and told is a file, whatever project class
    # happens to define the same methods (imghdr's ``file.tell()``)
    "seek", "tell", "flush", "fileno", "readline", "readlines", "writelines", "truncate", "readable",
    "writable", "seekable", "__iter__", "__next__", "__len__", "__contains__",
}


#: annotations that say nothing of a value's class
_UNTYPED_ANNOTATIONS = frozenset({"typing.Any", "typing_extensions.Any", "object", "builtins.object"})


@dataclass(frozen=True, slots=True)
class Target:
    """A resolved callee: ``function`` is a qualname; ``bound`` means the receiver is param 0."""

    function: str
    bound: bool
    receiver: Value = frozenset()
    constructor: str | None = None  # class qualname when this is ``Class(...)`` -> ``__init__``


class CallResolution:
    """Names, classes and call targets (a part of :class:`aliaslint.project.Project`)."""

    def module_of(self, fn: FunctionSummary) -> ModuleSummary:
        return self.modules[fn.module]

    def lookup_qualname(self, dotted: str, _depth: int = 0) -> tuple[str, str] | None:
        """What a dotted name written in the project denotes, following imports as Python does.

        Returns ``("function" | "class" | "global" | "classattr" | "module", qualified name)`` or
        ``None``. Names re-exported by a package (``pkg.NAME`` where ``pkg/__init__.py`` imports
        it), star imports, and module aliases reached through another module
        (``tpl.b.add_mount`` where ``tpl`` does ``from .. import builders as b``) are followed.
        """
        if _depth == 0:
            memo = self._lookups.get(dotted, self)
            if memo is not self:
                return memo
            got = self._lookup(dotted, 0)
            self._lookups[dotted] = got
            return got
        return self._lookup(dotted, _depth)

    def _lookup(self, dotted: str, _depth: int) -> tuple[str, str] | None:
        if dotted in self.functions:
            return ("function", dotted)
        if dotted in self.classes:
            return ("class", dotted)
        if dotted in self.modules:
            return ("module", dotted)
        mod, _, name = dotted.rpartition(".")
        if mod in self.modules:
            m = self.modules[mod]
            if name in m.globals:
                return ("global", dotted)
            if name in m.imports and _depth < 6:
                return self.lookup_qualname(m.imports[name], _depth + 1)
            if _depth < 6:
                for star in m.star_imports:  # ``from .defaults import *``
                    got = self.lookup_qualname(f"{star}.{name}", _depth + 1)
                    if got is not None:
                        return got
        if mod in self.classes:
            cls = self.classes[mod]
            if name in cls.class_attrs:
                return ("classattr", dotted)
        if mod and _depth < 6:
            # the prefix may be an alias of a module or class: rewrite it and look again
            got = self.lookup_qualname(mod, _depth + 1)
            if got is not None and got[0] in ("module", "class") and got[1] != mod:
                return self.lookup_qualname(f"{got[1]}.{name}", _depth + 1)
        return None

    def mro(self, cls_name: str, _seen: set | None = None) -> Iterator[str]:
        """``cls_name`` and its project-local bases, depth first (MRO-ish), each once."""
        seen = set() if _seen is None else _seen
        if cls_name in seen or cls_name not in self.classes:
            return
        seen.add(cls_name)
        yield cls_name
        info = self.classes[cls_name]
        for base in info.bases:
            for b in self.classes_of_value(base, self.modules[info.module]):
                yield from self.mro(b, seen)

    def is_metaclass(self, cls_name: str) -> bool:
        """``cls_name`` derives from the builtin ``type`` or a standard library metaclass
        (``abc.ABCMeta``, ``enum.EnumMeta``), itself or through project bases."""
        for c in self.mro(cls_name):
            info = self.classes[c]
            if info.metaclass or any(
                    isinstance(o, Ref) and o.root.kind == "global" and o.root.name + "".join(o.path) in _METACLASSES
                    for base in info.bases for o in base):
                return True
        return False

    def method_table(self, cls_name: str) -> dict[str, str]:
        """Method name -> the definition an instance of ``cls_name`` runs (inherited ones too)."""
        table: dict[str, str] = {}
        for c in self.mro(cls_name):
            for name, q in self.classes[c].methods.items():
                table.setdefault(name, q)
        return table

    def global_stores(self) -> dict[str, list[tuple[FunctionSummary, Value]]]:
        """Module-level name (qualified) -> the functions that bind it through ``global`` and
        the values they bind it to (an index built on first use)."""
        if self._global_stores is None:
            self._global_stores = {}
            for fn in self.functions.values():
                for name, value, _ in fn.global_stores:
                    self._global_stores.setdefault(f"{fn.module}.{name}", []).append((fn, value))
        return self._global_stores

    def subclass_index(self) -> dict[str, set[str]]:
        """Class -> every project class that derives from it (directly or not)."""
        if self._subclasses is None:
            index: dict[str, set[str]] = {}
            for q in self.classes:
                for base in self.mro(q):
                    if base != q:
                        index.setdefault(base, set()).add(q)
            self._subclasses = index
        return self._subclasses

    def find_method_after(self, cls_name: str, method: str) -> str | None:
        """``super().method``: look ``method`` up in the project bases of ``cls_name``."""
        return next((self.classes[c].methods[method] for c in self.mro(cls_name)
                     if c != cls_name and method in self.classes[c].methods), None)

    def find_method(self, cls_name: str, method: str) -> str | None:
        """Look ``method`` up in ``cls_name`` and its project-local bases."""
        return next((self.classes[c].methods[method] for c in self.mro(cls_name) if method in self.classes[c].methods), None)

    def classes_of_value(self, value: Value, module: ModuleSummary, _depth: int = 0) -> list[str]:
        """Project classes that a (class-object) value names, through module-level aliases of
        a class (``BaseAction = Action``, Cloud Custodian's ``c7n.actions.core``: without it,
        no action class had its project base), as far as :data:`MAX_CLASS_DEPTH` aliases."""
        out = []
        for o in value:
            if isinstance(o, Ref) and o.root.kind == "global" and all(s.startswith(".") for s in o.path):
                dotted = o.root.name + "".join(o.path)
                got = self.lookup_qualname(dotted)
                if got and got[0] == "class":
                    out.append(got[1])
                elif got and got[0] == "global" and _depth < MAX_CLASS_DEPTH:
                    mod, _, name = got[1].rpartition(".")
                    aliased = self.modules[mod].globals[name][0]
                    if all(isinstance(v, Ref) and v.root.kind == "global" for v in aliased):
                        out += self.classes_of_value(aliased, self.modules[mod], _depth + 1)
        return out

    def class_of_instance(self, o, fn: FunctionSummary, _depth: int = 0) -> list[str]:
        """Project classes of the object an origin denotes (instances only).

        ``_depth`` counts the callers asked so far (a parameter passed along a chain of calls):
        the answer is "unknown" past three, rather than a recursion as deep as the chain.
        Module-level names bound to other names or to call results (``A = make(B)``, ``B = A``)
        are followed as far as ``MAX_CLASS_DEPTH`` for the same reason (site-packages has cycles)."""
        if _depth > MAX_CLASS_DEPTH:
            return []
        if isinstance(o, Fresh) and o.kind == "instance" and o.cls is not None:
            return self.classes_of_value(o.cls, self.modules[o.site.module]) if o.site.module in self.modules else []
        if isinstance(o, Ref):
            if o.root.kind == "param" and o.root.index == 0 and fn.cls and fn.kind in ("method", "property", "classmethod"):
                base = [fn.cls]
                path = o.path
            elif o.root.kind == "global" and not o.path:
                got = self.lookup_qualname(o.root.name)
                if got and got[0] == "global":
                    mod, _, name = got[1].rpartition(".")
                    main = self.functions.get(f"{mod}.<module>")
                    # what the module binds it to, and what functions declaring it ``global``
                    # do (``_global_scope = None`` at module level, ``_global_scope =
                    # Scope(...)`` on first use: sentry-sdk 2.76.0's scopes)
                    bindings = [(main, self.modules[mod].globals[name][0]),
                                *self.global_stores().get(got[1], ())]
                    out = []
                    for where, val in bindings:
                        for v in val:
                            if isinstance(v, Ref) and v.root.kind == "call":
                                if where is not None:
                                    for r in self.call_result(where, v.root.index):
                                        out += self.class_of_instance(r, where, _depth + 1)
                            else:
                                out += self.class_of_instance(v, where or fn, _depth + 1)
                    return sorted(set(out))
                return []
            elif o.root.kind == "param":
                base = self.param_classes(fn, o.root.index)
                path = o.path
                if not base:
                    return self.classes_from_callers(o, fn, _depth + 1)
            else:
                return []
            # self.attr.attr...: follow attribute types recorded from assignments in methods
            for sel in path:
                if not sel.startswith("."):
                    return []
                nxt = []
                for c in base:
                    for v in self.attr_types(c).get(sel[1:], ()):
                        nxt += self.class_of_instance(v, fn, _depth + 1)
                base = nxt
            return base
        return []

    def param_classes(self, fn: FunctionSummary, index: int) -> list[str]:
        """Project classes of parameter ``index``: from its annotation, else by duck typing.

        Duck typing: the methods the function calls on the parameter must all be defined by
        exactly one project class, and one of them at least must be a name builtin containers
        and common protocols do not use (``append`` + ``extend`` fit a list as well). Anything
        less certain answers "unknown".
        """
        key = (fn.qualname, index)
        got = self._param_classes.get(key)
        if got is not None:
            return got
        out: list[str] = []
        annotated_outside = False
        if index < len(fn.annotations) and fn.annotations[index]:
            out = self.classes_of_value(fn.annotations[index], self.modules[fn.module])
            # annotated with a class from outside the project (``df: pd.DataFrame``): its methods
            # are that class's, whatever project class has one of the same name (feast 0.67.0's
            # ``df.apply(...)`` was taken for ``FeatureStore.apply``)
            annotated_outside = not out and any(
                isinstance(o, Ref) and o.root.kind == "global"
                and o.root.name.split(".")[0] not in self.modules
                and (o.root.name + "".join(o.path)) not in _UNTYPED_ANNOTATIONS
                for o in fn.annotations[index])
        if not out and not annotated_outside:
            methods = {
                c.path[0][1:]
                for c in (o for call in fn.calls for o in call.callee)
                if isinstance(c, Ref) and c.root.kind == "param" and c.root.index == index and len(c.path) == 1
            }
            if methods - COMMON_METHODS:
                # names a list or a dict also has (``append``, ``extend``) fit builtins as well
                # classes defining every one of these methods themselves (an index, not a scan
                # of all classes per parameter); the answer must be one class
                index = self.method_index()
                having = set.intersection(*(index.get(m, set()) for m in methods))
                if len(having) == 1 and not self._names_of_outside_api(next(iter(having)), methods):
                    out = sorted(having)
        self._param_classes[key] = out
        return out

    def _names_of_outside_api(self, cls: str, methods: set[str]) -> bool:
        """Whether the methods a parameter is called with may be an outside library's, not
        ``cls``'s: ``cls`` derives from a class from outside the project, and every name is public,
        so ``cls`` may define them only to override its base's, which the library's other classes
        have too (wandb 0.31.0's ``ctx.invoke(...)`` in a click callback is ``click.Context.invoke``;
        taken by its name for ``SandboxCommand.invoke``, a ``click.Command`` override, it made a
        click command's option handling look like a change to the caller's context)."""
        if any(m.startswith("_") for m in methods):
            return False
        return bool(external_bases(self, cls))

    def classes_from_callers(self, ref: Ref, fn: FunctionSummary, depth: int = 0) -> list[str]:
        """Classes of ``ref`` (rooted at a parameter of ``fn``) from what every caller passes.

        All call sites in the project must agree; any site that passes something of unknown
        class makes the answer unknown.
        """
        key = ("callers", fn.qualname, ref.root.index, ref.path)
        if key in self._param_classes or depth > 2:
            return self._param_classes.get(key, [])
        self._param_classes[key] = []
        found: set[str] = set()
        callers = self.callers.get(fn.qualname, [])
        for caller_q, call, t in callers:
            caller = self.functions[caller_q]
            arg = self.arg_for(call, t, ref.root.index)
            if arg is None:
                return []
            base = self.resolve(caller, arg)
            for sel in ref.path:
                base = load(base, sel)
            classes = [c for o in base for c in self.class_of_instance(o, caller, depth)]
            if not classes:
                return []
            found.update(classes)
        out = sorted(found) if len(found) == 1 else []
        self._param_classes[key] = out
        return out

    def copies_field_defaults(self, cls_name: str) -> bool:
        """Whether ``cls_name`` derives from a model base that gives each instance its own copy
        of a field's default (pydantic's ``BaseModel``, ``BaseSettings`` and ``RootModel[...]``
        (craft-parts 2.37.2's ``ProjectVarInfo``, an A of issue 8's twenty-eighth set), ``SQLModel``): there,
        ``rows: list = []`` in the class body is not an object the instances share (pydantic
        copies defaults per instance; checked with pydantic 1 and 2, issue 8's triage)."""
        cache = self.__dict__.setdefault("_field_copying", {})
        if cls_name not in cache:
            cache[cls_name] = any(
                isinstance(o, Ref) and o.root.kind == "global"
                and (base_dotted_name(o) or "").rsplit(".", 1)[-1] in FIELD_COPYING_BASES
                and not self.classes_of_value(frozenset({o}), self.modules[self.classes[c].module])
                for c in self.mro(cls_name) for base in self.classes[c].bases for o in base)
        return cache[cls_name]

    def instances_hide(self, fn, name: str) -> bool:
        """Whether ``self.<name>`` in method ``fn`` is always the instance's own attribute, never
        the class attribute of that name: the constructor of ``fn``'s class and of every project
        subclass sets it first thing (:attr:`FunctionSummary.sets_first`, directly or through
        ``super().__init__``); in ``__init__`` itself, when it set it before any use. A class
        whose constructor is not the project's (an outside base's, ``object``'s) keeps the class
        attribute: nothing says its instances set their own."""
        if fn.name == "__init__":
            return name in fn.sets_first
        memo = self.__dict__.setdefault("_hidden_attrs", {})
        key = (fn.cls, name, fn.qualname)
        if key not in memo:
            classes = {fn.cls} | self.subclass_index().get(fn.cls, set())
            memo[key] = all(self._constructor_sets(c, name, fn.qualname) for c in sorted(classes))
        return memo[key]

    def _constructor_sets(self, cls_name: str, name: str, method: str) -> bool:
        """Whether an instance of ``cls_name`` gets ``name`` from its constructor chain before
        ``method`` (qualified name) can run on it: set first thing, or set later in ``__init__``
        by a statement of its top level, and ``method`` not called (through any chain of calls
        the tree resolves) by that ``__init__``."""
        q = self.find_method(cls_name, "__init__")
        for _ in range(MAX_INIT_CHAIN):
            init = self.functions.get(q) if q is not None else None
            if init is None:
                return False
            if name in init.sets_first:
                return True
            if name in init.sets_later and not self._reaches_before(init, method, name):
                return True
            if not init.calls_super_init or init.cls is None:
                return False
            q = self.find_method_after(init.cls, "__init__")
        return False

    def _reaches_before(self, init: FunctionSummary, target: str, name: str) -> bool:
        """Whether a call ``init`` makes before the statement of its top level that sets
        ``self.<name>`` on every path (:attr:`FunctionSummary.sets_always`) reaches ``target``;
        without such a statement, whether any call does. A method called only after the instance
        has its own attribute never sees the class's (platformio 6.2.0's ``ProjectConfigBase``:
        ``self.warnings = []``, then ``self._maintain_renamed_options()`` appending to it; an A
        of issue 8's blind forty-second set)."""
        stores = [site for n, _, site in init.self_stores if n == name and site in init.sets_always]
        if not stores:
            return self._reaches(init, target)
        return self._reaches_unset(init, target, name, {init.qualname})

    def _reaches_unset(self, fn: FunctionSummary, target: str, name: str, seen: set[str]) -> bool:
        """Whether ``fn``, run on the instance, reaches ``target`` (a qualified name) before
        ``self.<name>`` is set on every path: through the calls above (or on the line of) its own
        first such statement (:attr:`FunctionSummary.sets_always`), and through the methods it
        runs on ``self`` the same way (ciscoconfparse 1.9.52's ``ConfigList``: ``self._list =
        self.bootstrap_obj_init_ng(initlist)``, which sets ``self._list`` itself before calling
        ``self._macro_mark_children``). A call on another object is followed whole
        (:meth:`_reaches`). At most 200 functions; past that, yes."""
        stores = [site.line for n, _, site in fn.self_stores if n == name and site in fn.sets_always]
        first = min(stores) if stores else None
        for call in fn.calls:
            if first is not None and call.site.line > first:
                continue  # (a call on the store's line may be in its value, run before it)
            for t in self.targets(fn, call):
                if t.function == target:
                    return True
                callee = self.functions.get(t.function)
                if callee is None or t.function in seen:
                    continue
                if len(seen) >= 200:
                    return True
                seen.add(t.function)
                receiver = self.arg_for(call, t, 0) if t.bound and callee.cls else None
                on_self = bool(receiver) and all(isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0
                                                 and not o.path for o in receiver)
                if self._reaches_unset(callee, target, name, seen) if on_self else self._reaches(callee, target):
                    return True
        return False

    def _reaches(self, fn: FunctionSummary, target: str, limit: int = 200) -> bool:
        """Whether ``fn`` calls ``target`` (a qualified name), directly or through the calls of
        what it calls, as far as the tree resolves them (``limit`` functions; past that, yes)."""
        seen, todo = {fn.qualname}, [fn]
        while todo:
            caller = todo.pop()
            for call in caller.calls:
                for t in self.targets(caller, call):
                    if t.function == target:
                        return True
                    callee = self.functions.get(t.function)
                    if callee is not None and t.function not in seen:
                        if len(seen) >= limit:
                            return True
                        seen.add(t.function)
                        todo.append(callee)
        return False

    def class_attr_owner(self, cls_name: str, name: str) -> str | None:
        """The class (``cls_name`` or a project base) whose body assigns ``name``."""
        return next((c for c in self.mro(cls_name) if name in self.classes[c].class_attrs), None)

    def class_attr_holders(self, cls_name: str, name: str) -> tuple[str, ...]:
        """The classes whose body assigns the class attribute ``name`` that ``self.<name>`` may
        read in a method of ``cls_name``: the one ``cls_name`` sees (its own or a base's,
        :meth:`class_attr_owner`), then the project subclasses that assign it again, sorted
        (``converters = [OpenVpn]`` in a backend subclass, read by the base's ``for
        converter_class in self.converters``: netjsonconfig 1.3.1, issue 8's blind set 72).
        Memoised: every ``self.<name>`` the project pass resolves asks."""
        memo = self.__dict__.setdefault("_attr_holders", {})
        key = (cls_name, name)
        if key not in memo:
            owner = self.class_attr_owner(cls_name, name)
            memo[key] = ((owner,) if owner is not None else ()) + tuple(sorted(
                c for c in self.subclass_index().get(cls_name, ()) if name in self.classes[c].class_attrs))
        return memo[key]

    def field_values(self, cls_name: str, name: str) -> Value:
        """What the methods of ``cls_name`` store into ``self.<name>``, as seen from any method:
        fresh objects and paths from ``self`` or globals (other parameters mean nothing there)."""
        key = (cls_name, name)
        got = self._field_values.get(key)
        if got is not None:
            return got
        self._field_values[key] = frozenset()  # recursion guard
        out: set = set()
        info = self.classes.get(cls_name)
        for q in (info.methods.values() if info else ()):
            m = self.functions.get(q)
            if m is None or m.name == "__init__":
                continue
            for attr_name, value, _ in m.self_stores:
                if attr_name != name:
                    continue
                for o in self.resolve(m, value, MAX_RESOLVE_DEPTH - 2):
                    if isinstance(o, Fresh) or isinstance(o, Ref) and (
                            o.root.kind == "global" or o.root.kind == "param" and o.root.index == 0):
                        out.add(o)
        result = self._values.value(frozenset(out))
        self._field_values[key] = result
        return result

    def attr_types(self, cls_name: str) -> dict[str, Value]:
        got = self._attr_types.get(cls_name)
        if got is not None:
            return got
        out: dict[str, set] = {}
        self._attr_types[cls_name] = {}
        for owner in list(self.mro(cls_name)):  # attributes set in a base class's methods too
            for mname, q in self.classes[owner].methods.items():
                fn = self.functions.get(q)
                if fn is None:
                    continue
                for name, value, site in fn.self_stores:
                    for o in value:
                        if isinstance(o, Ref) and o.root.kind == "call":
                            for r in self.call_result(fn, o.root.index):
                                if isinstance(r, Fresh) and r.kind == "instance":
                                    out.setdefault(name, set()).add(r)
                        elif isinstance(o, Fresh) and o.kind == "instance":
                            out.setdefault(name, set()).add(o)
                        elif isinstance(o, Ref) and o.root.kind == "param" and o.root.index > 0 and not o.path:
                            # ``self.config = config``: the class the constructor's callers pass
                            for c in self.class_of_instance(o, fn):
                                out.setdefault(name, set()).add(
                                    Fresh(site, kind="instance", cls=frozenset({Ref(Root("global", c))})))
        result = {k: self._values.value(frozenset(v)) for k, v in out.items()}
        self._attr_types[cls_name] = result
        return result

    def has_own_mutators(self, cls_name: str, parts: frozenset[str] | None = None) -> bool:
        """Whether a project class has methods (besides ``__init__``) that change ``self``:
        its instances are state holders (collectors, registries, clients), not templates.
        With ``parts`` (attribute selectors, ``{".environments"}``), only changes below one of
        them count: a definition whose own ``resolve()`` rewrites its ``_data`` holds state
        there, not in the ``environments`` dict that others merge into."""
        info = self.classes.get(cls_name)
        if info is None:
            return False
        for name, q in info.methods.items():
            if name == "__init__":
                continue
            for e in self.effects.get(q, {}).values():
                if e.root.kind == "param" and e.root.index == 0 and (parts is None or e.path[:1] == () or e.path[0] in parts):
                    return True
        return False

    def targets(self, fn: FunctionSummary, call: CallSite) -> tuple[Target, ...]:
        """The functions ``call`` (in ``fn``) runs; memoised per function and call id, each
        target kept once (:meth:`aliaslint.hashcons.ValueTable.kept`): the standard library with
        its site-packages has 1.2 million call sites, most of them without a target."""
        memo = self._targets.get(fn.qualname)
        if memo is None:
            memo = self._targets[fn.qualname] = {}
        got = memo.get(call.id)
        if got is None:
            memo[call.id] = ()  # recursion guard
            found = self._resolve_targets(fn, call)
            if found and call.receiver and _builtin_container(call.receiver) \
                    and call.text.rsplit(".", 1)[-1] in COMMON_METHODS:
                # ``(opts or []).append(x)``: one possible receiver is a list, so ``append`` is the
                # builtin one; a project class's method of the same name is a guess
                found = []
            if found and not call.property_read:
                # ``self.AsyncResult(tid)`` with ``AsyncResult`` a property calls what its getter
                # returns (a class, a function): not the getter, whose result is not the call's
                # (celery 5.7.0's ``Signature.freeze`` returning ``current_app.AsyncResult`` itself,
                # an A in issue 8's nineteenth unseen set)
                found = [t for t in found if (callee := self.functions.get(t.function)) is None
                         or callee.kind != "property"]
            got = memo[call.id] = tuple([self._kept_target(t) for t in found]) if found else ()
        return got

    def _kept_target(self, t: Target) -> Target:
        receiver = self._values.value(t.receiver)
        if receiver is not t.receiver:
            t = Target(t.function, t.bound, receiver, t.constructor)
        return self._values.kept(t)

    def _resolve_targets(self, fn: FunctionSummary, call: CallSite) -> list[Target]:
        out: list[Target] = []
        if call.super_call:
            method = call.text.rsplit(".", 1)[-1]
            m = self.find_method_after(fn.cls, method) if fn.cls else None
            if m is None:
                return []
            return [Target(m, self.functions[m].kind != "staticmethod", call.receiver or frozenset())]
        for o in call.callee:
            if not isinstance(o, Ref):
                continue
            if o.root.kind == "global" and all(s.startswith(".") for s in o.path):
                dotted = o.root.name + "".join(o.path)
                got = self.lookup_qualname(dotted)
                if got is not None:
                    kind, q = got
                    if kind == "function":
                        f = self.functions[q]
                        # Class.method(...): a classmethod gets the class as param 0
                        bound = f.cls is not None and f.kind == "classmethod"
                        out.append(Target(q, bound, frozenset({replace(o, path=o.path[:-1])}) if bound else frozenset()))
                        continue
                    if kind == "class":
                        init = self.find_method(q, "__init__")
                        out.append(Target(init or "", bool(init), constructor=q))
                        continue
                # Class.method / module_instance.method
                if o.path:
                    owner = replace(o, path=o.path[:-1])
                    method = o.path[-1][1:]
                    owner_dotted = o.root.name + "".join(o.path[:-1])
                    got = self.lookup_qualname(owner_dotted)
                    if got and got[0] == "class":
                        m = self.find_method(got[1], method)
                        if m:
                            mf = self.functions[m]
                            out.append(Target(m, mf.kind == "classmethod"))
                        continue
                    for c in self.class_of_instance(owner, fn):
                        m = self.find_method(c, method)
                        if m:
                            out.append(Target(m, True, call.receiver or frozenset({owner})))
                continue
            if not o.path or not o.path[-1].startswith("."):
                continue
            method = o.path[-1][1:]
            owner = replace(o, path=o.path[:-1])
            owners = self.resolve(fn, frozenset({owner})) if owner.root.kind == "call" else frozenset({owner})
            for ow in owners:
                for c in self.class_of_instance(ow, fn):
                    m = self.find_method(c, method)
                    if m:
                        mf = self.functions[m]
                        # the receiver as evaluated at the call (``copy(self.t).run()``: the copy)
                        out.append(Target(m, mf.kind not in ("staticmethod",), call.receiver or frozenset({owner})))
                    if m and _abstract(self.functions[m]) or isinstance(ow, Ref) and ow.root.kind == "param" \
                            and ow.root.index == 0 and not ow.path and c == fn.cls:
                        # ``self.method()`` in a base class runs the override of the object's class
                        # (logprep's ``Input.get_next`` calls ``self._get_event``, which each
                        # connector defines); so does a method that is there only to be overridden,
                        # whatever the receiver (kombu's exchanges call ``self.channel._put``,
                        # which each transport's channel defines)
                        overrides = [q for sub in sorted(self.subclass_index().get(c, ()))
                                     if (q := self.classes[sub].methods.get(method)) and q != m and q in self.functions]
                        if len(overrides) > MAX_OVERRIDES:
                            overrides = []  # a framework's hook (see MAX_OVERRIDES)
                        for q in overrides:
                            out.append(Target(q, self.functions[q].kind != "staticmethod",
                                              call.receiver or frozenset({owner})))
        for o in call.callee:
            if isinstance(o, Ref) and o.root.kind == "param" and o.root.index == 0 and len(o.path) == 1 \
                    and fn.cls and fn.kind in ("method", "property", "classmethod") and not out:
                m = self.find_method(fn.cls, o.path[0][1:])
                if m:
                    out.append(Target(m, self.functions[m].kind != "staticmethod", frozenset({replace(o, path=())})))
        if not out:
            out = [t for o in call.callee if isinstance(o, Ref) and o.path and o.path[-1].startswith("[")
                   for t in self._table_targets(fn, o, iterated=call.text.isidentifier())]
        if not out and call.receiver is not None and "." in call.text:
            out = self._inferred_targets(fn, call)
        return out

    def _table_targets(self, fn: FunctionSummary, o: Ref, iterated: bool = False) -> list[Target]:
        """A call of an entry of a table of project classes or functions made once, at module or
        class level (``HANDLERS[kind](spec)``; ``for name, cls in self.exchange_types.items():
        cls(self)`` over ``exchange_types = dict(STANDARD_EXCHANGE_TYPES)``): every class or
        function the table holds, as a plugin registry dispatches to any of them. Kombu 5.7.0's
        virtual channel makes its exchanges this way, and its exchanges hand one message to every
        bound queue's ``_put`` (a miss of issue 8's thirty-first set). ``iterated``: the callee is
        spelt as a name (a loop's element, ``converter_class(self)``), not as a lookup by key: a
        list or tuple of up to :data:`MAX_OVERRIDES` entries is followed then, not only
        :data:`MAX_TABLE_ENTRIES`."""
        containers: set = set()
        entries = self._table_entries(fn, frozenset({replace(o, path=o.path[:-1], loops=frozenset())}), o.path[-1],
                                      containers=containers)
        # (a loop over a list of classes calls every entry in turn, no key picks one:
        # netjsonconfig 1.3.1's backends run each of their thirteen converters on the one
        # configuration; a dict is looked up by key, even through a name bound to the entry,
        # ``action_class = CLASS_MAP[action]``: elasticsearch-curator 5.8.4)
        iterated = iterated and bool(o.loops) and bool(containers) and containers <= {"list", "tuple"}
        if len(entries) > (MAX_OVERRIDES if iterated else MAX_TABLE_ENTRIES):
            return []  # a plug-in registry (see MAX_TABLE_ENTRIES)
        out = []
        for v in entries:
            if not (isinstance(v, Ref) and v.root.kind == "global" and all(s.startswith(".") for s in v.path)):
                continue
            got = self.lookup_qualname(v.root.name + "".join(v.path))
            if got and got[0] == "function" and self.functions[got[1]].cls is None:
                out.append(Target(got[1], False))
            elif got and got[0] == "class":
                init = self.find_method(got[1], "__init__")
                out.append(Target(init or "", bool(init), constructor=got[1]))
        return out

    def _table_entries(self, fn: FunctionSummary, table: Value, selector: str, depth: int = 0,
                       containers: set | None = None) -> Value:
        """What ``table[selector]`` holds when ``table`` is a module-level name or a class attribute
        bound to a literal (or a copy of one, ``dict(OTHER)``), as far as :data:`MAX_CLASS_DEPTH`
        names; the empty set when it is anything else (a table filled at run time is not known).
        ``containers``: filled with the kinds of the literals read (``"list"``, ``"dict"``...)."""
        if depth > MAX_CLASS_DEPTH:
            return frozenset()
        out: set = set()
        if depth == 0:
            # ``self.types``: the class's table, also where ``__init__`` gives each instance one
            # made from it (kombu's ``self.exchange_types = {t: cls(self) for t, cls in ...}``)
            # (and a subclass's own table on its instances: :meth:`class_attr_holders`)
            named = set()
            for t in table:
                holders = self._table_owners(fn, t)
                named.update(Ref(Root("global", f"{c}.{t.path[0][1:]}"), t.path[1:]) for c in holders)
                if not holders:
                    named.add(t)
            table = frozenset(named)
            table = self.resolve(fn, table)
        for t in table:
            if isinstance(t, Fresh) and t.copy_of is not None and not t.fields:
                out |= self._table_entries(fn, t.copy_of, selector, depth + 1, containers)
            elif isinstance(t, Fresh) and t.kind == "literal":
                out |= load(frozenset({t}), selector)
                if containers is not None:
                    containers.add(t.container)
            elif isinstance(t, Ref) and t.root.kind == "global":
                got = self.lookup_qualname(t.root.name)
                if got is None or got[0] not in ("global", "classattr"):
                    continue
                owner, _, name = got[1].rpartition(".")
                bound = self.modules[owner].globals[name][0] if got[0] == "global" \
                    else self.classes[owner].class_attrs[name][0]
                for sel in t.path:
                    bound = load(bound, sel)
                out |= self._table_entries(fn, bound, selector, depth + 1, containers)
        return frozenset(out)

    def _table_owners(self, fn: FunctionSummary, t) -> tuple[str, ...]:
        """For ``self.<name>`` read in a method of ``fn``'s class: the classes whose body assigns
        the class attribute ``name`` that ``self`` may see (its class's or a base's, and the
        subclasses' own); ``()`` for anything else."""
        if not (isinstance(t, Ref) and t.root.kind == "param" and t.root.index == 0 and t.path
                and fn.cls and fn.kind in ("method", "classmethod") and t.path[0].startswith(".")):
            return ()
        return self.class_attr_holders(fn.cls, t.path[0][1:])

    def _inferred_targets(self, fn: FunctionSummary, call: CallSite) -> list[Target]:
        """Last resort for ``x.method(...)``: astroid, asked only when a project class defines
        ``method`` (otherwise no answer could matter)."""
        method = call.text.rsplit(".", 1)[-1]
        if method.startswith("__") or method in COMMON_METHODS or method not in self.method_index():
            return []
        # astroid is slow (it builds and infers whole modules): ask it only for calls in loops,
        # where AL001 needs the callee, and at most ASTROID_QUERIES times per check
        if not call.loops or self._astroid_queries >= ASTROID_QUERIES:
            return []
        loop = call.loops[-1]
        shared = any(
            isinstance(o, Ref) and o.root.kind in ("param", "global") and loop not in o.loops
            for v in call.passed() for o in self.resolve(fn, v)
        )
        if not shared:
            return []  # no loop-invariant object is passed: nothing AL001 could report
        self._astroid_queries += 1
        module = self.modules.get(fn.module)
        if module is None:
            return []
        classes = inference.receiver_classes(module.path, module.module, call.site.line, call.site.column)
        out = []
        for c in classes or ():
            m = self.find_method(c, method) if c in self.classes else None
            if m:
                out.append(Target(m, self.functions[m].kind != "staticmethod", call.receiver))
        return out

    def method_names(self) -> set[str]:
        return set(self.method_index())

    def method_index(self) -> dict[str, set[str]]:
        """Method name -> the project classes that define it."""
        if self._method_index is None:
            self._method_index = {}
            for q, cls in self.classes.items():
                for name in cls.methods:
                    self._method_index.setdefault(name, set()).add(q)
        return self._method_index

    def arg_text(self, call: CallSite, target: Target, index: int) -> str | None:
        """:meth:`arg_text_for`, told apart: ``""`` when nothing is passed for parameter ``index``
        (the default applies), ``None`` when it cannot be told (``*args``, ``**opts``, the
        receiver, a ``*`` parameter)."""
        callee = self.functions.get(target.function)
        if callee is None or index >= len(callee.params) or call.star or callee.params[index].startswith("*") \
                or target.bound and index == 0 or any(k == "**" for k, _ in call.kwarg_texts):
            return None
        text = self.arg_text_for(call, target, index)
        return "" if text is None else text

    def arg_for(self, call: CallSite, target: Target, index: int) -> Value | None:
        """The caller's value passed for parameter ``index`` of ``target`` (None: not passed)."""
        callee = self.functions.get(target.function)
        if callee is None:
            return None
        params = callee.params
        if index >= len(params):
            return None
        name = params[index]
        shift = 1 if target.bound else 0
        if name.startswith("**"):
            return self._keyword_dict(call, callee, shift)
        if name.startswith("*"):
            return self._extra_positionals(call, index, shift)
        if target.bound:
            if index == 0:
                return target.receiver if target.receiver else (call.receiver or None)
        pos = index - shift
        if pos < len(call.args) and index < self._star_at(callee):
            return call.args[pos]
        spread = None
        for k, v in call.kwargs:
            if k == name:
                return v
            if k == "**":
                spread = v
        if spread is not None:
            # ``f(**opts)``: the parameter is bound to the item of the same name (E04's
            # ``fit_stage(**kwargs)`` hands the node's own ``params`` over)
            got = load(spread, key(name))
            return got or None
        return None

    def _star_at(self, callee: FunctionSummary) -> int:
        """The index of ``callee``'s first ``*args`` / ``*`` / ``**kwargs`` parameter (its number of
        parameters when it has none), memoised per function: :meth:`arg_for` asked it 136,000 times
        in the project pass on the standard library's 168 top-level modules (a generator over the
        parameters each time, 6% of the pass in a sampling profile)."""
        got = self._stars.get(callee.qualname)
        if got is None:
            params = callee.params
            got = self._stars[callee.qualname] = next((i for i, p in enumerate(params) if p.startswith("*")), len(params))
        return got

    def _keyword_dict(self, call: CallSite, callee: FunctionSummary, shift: int) -> Value:
        """The ``**kwargs`` parameter: a new dict per call holding the keyword arguments no
        named parameter takes, and a shallow copy of a ``**spread`` dict (its values are the
        caller's objects)."""
        named = {p for p in callee.params if not p.startswith("*")}
        fields = tuple(sorted((key(k), v) for k, v in call.kwargs if k not in named and k not in ("*", "**")))
        spread = dict(call.kwargs).get("**")
        shared = spread is not None and any(isinstance(o, Ref) for o in spread)
        return frozenset({Fresh(call.site, frozenset(call.loops), "copy" if spread is not None else "literal",
                                fields=fields, copy_of=spread, shared_source=shared, how="**kwargs",
                                container="dict")})

    def _extra_positionals(self, call: CallSite, index: int, shift: int) -> Value:
        """The ``*args`` parameter: a new tuple of the positional arguments past the named ones."""
        extra = call.args[index - shift:] if index - shift >= 0 else ()
        spread = dict(call.kwargs).get("*")
        items = frozenset().union(*extra) if extra else frozenset()
        fields: tuple = ()
        if spread is not None:
            items |= load(spread, ANY)
        else:
            # each argument at its place, for ``config, overrides = args[:2]`` (sphinx's Config)
            fields = tuple((place(i), v) for i, v in enumerate(extra))
        return frozenset({Fresh(call.site, frozenset(call.loops), "literal", fields=((ANY, items), *fields),
                                container="tuple")})

    def arg_text_for(self, call: CallSite, target: Target, index: int) -> str | None:
        """Source text of the argument passed for parameter ``index`` (None: not written)."""
        callee = self.functions.get(target.function)
        if callee is None or index >= len(callee.params):
            return None
        if target.bound:
            if index == 0:
                return call.text.rsplit(".", 1)[0] if "." in call.text else None
            pos = index - 1
        else:
            pos = index
        # positional arguments fill only the parameters before a ``*args`` / ``*`` (as in arg_for)
        if pos < len(call.arg_texts) and index < self._star_at(callee):
            return call.arg_texts[pos]
        name = callee.params[index]
        return dict(call.kwarg_texts).get(name)

    def keyword_item_text(self, call: CallSite, target: Target, index: int, selector: str) -> str | None:
        """Source text of the keyword argument that parameter ``index``, a ``**kwargs`` dict,
        holds at ``selector`` (``['ancestry']`` -> what ``ancestry=...`` was given), or None."""
        callee = self.functions.get(target.function)
        if callee is None or index >= len(callee.params) or not callee.params[index].startswith("**"):
            return None
        name = key_name(selector)
        return dict(call.kwarg_texts).get(name) if name else None

    def star_arg_text(self, call: CallSite, target: Target, index: int, selector: str) -> str | None:
        """Source text of the positional argument that parameter ``index``, a ``*args`` tuple,
        holds at ``selector`` (``#1``: the second one; ``[*]``: the only one), or None."""
        callee = self.functions.get(target.function)
        if callee is None or index >= len(callee.params) or call.star or not callee.params[index].startswith("*") \
                or callee.params[index].startswith("**"):
            return None
        first = index - 1 if target.bound else index  # the receiver is no positional argument
        extra = call.arg_texts[first:len(call.args)] if first >= 0 else ()
        if selector.startswith("#") and selector[1:].isdigit() and int(selector[1:]) < len(extra):
            return extra[int(selector[1:])]
        if selector == ANY and len(extra) == 1:
            return extra[0]
        return None

    def outside_fields(self) -> dict[str, dict[str, bool]]:
        """Class -> field -> whether every store of the field in the class's own methods puts an
        instance of another package's class there (``self.progress = rich.progress.Progress()``).

        Such a class's ``update`` or ``pop`` is its own (rich's ``Progress.update(task_id,
        completed=n)``), not a dict's or a list's. "Another package's class": a capitalised name
        (PEP 8's class names) reached from an import of a module outside the project and outside
        the container modules. Computed from the summaries alone (the same in both rounds of
        the fixpoint); memoised."""
        if self._outside_fields is None:
            tops = {m.split(".")[0] for m in self.modules}
            table: dict[str, dict[str, bool]] = {}
            for c, info in self.classes.items():
                stored: dict[str, bool] = {}
                for q in info.methods.values():
                    fn = self.functions.get(q)
                    for name, value, _ in (fn.self_stores if fn is not None else ()):
                        ok = bool(value) and all(self._outside_instance(fn, o, tops) for o in value)
                        stored[name] = stored.get(name, True) and ok
                if stored:
                    table[c] = stored
            self._outside_fields = table
        return self._outside_fields

    def _outside_instance(self, fn: FunctionSummary, o, tops: set[str]) -> bool:
        """``o`` is the result of calling another package's class (see :meth:`outside_fields`)."""
        if not (isinstance(o, Ref) and o.root.kind == "call" and not o.path):
            return False
        call = self.call_site(fn, o.root.index)
        if call is None or not call.callee:
            return False
        for c in call.callee:
            if not (isinstance(c, Ref) and c.root.kind == "global" and all(s.startswith(".") for s in c.path)):
                return False
            dotted = c.root.name + "".join(c.path)
            top, last = dotted.split(".")[0], dotted.rsplit(".", 1)[-1]
            if "." not in dotted or top in tops or top in _CONTAINER_MODULES or not last[:1].isupper() \
                    or self.lookup_qualname(dotted) is not None:
                return False
        return True

    def holds_outside_instance(self, fn: FunctionSummary, ref) -> bool:
        """``ref`` (``self.spinner.progress``) is a field that the classes of the object holding
        it set only to instances of another package's classes (:meth:`outside_fields`)."""
        if not (isinstance(ref, Ref) and ref.path and ref.path[-1].startswith(".")):
            return False
        table, name = self.outside_fields(), ref.path[-1][1:]
        if self._outside_names is None:
            self._outside_names = frozenset(n for fields in table.values() for n, ok in fields.items() if ok)
        if name not in self._outside_names:
            return False
        classes = self.class_of_instance(Ref(ref.root, ref.path[:-1]), fn)
        for c in classes:
            said = [table[b][name] for b in self.mro(c) if name in table.get(b, {})]
            if not said or not all(said):
                return False
        return bool(classes)

    def new_on_each_access(self, fn: FunctionSummary, ref) -> bool:
        """``ref`` (``param_spec.call_spec``) ends in a property of the project classes of the
        object before it whose getter builds a new object on every access (nox's
        ``Param.call_spec``: ``return dict(zip(self.arg_names, self.args))``): a change at that
        object's top level changes nobody else's. The getter's own summary decides (its returns
        before phase 2 resolves them are literals, displays, copies or constructions)."""
        if not (isinstance(ref, Ref) and ref.path and ref.path[-1].startswith(".")):
            return False
        if self._property_names is None:
            self._property_names = frozenset(n for info in self.classes.values() for n in info.properties)
        name = ref.path[-1][1:]
        if name not in self._property_names:
            return False
        classes = self.class_of_instance(Ref(ref.root, ref.path[:-1]), fn)
        for c in classes:
            getter = next((self.classes[b].methods[name] for b in self.mro(c)
                           if name in self.classes[b].properties), None)
            g = self.functions.get(getter) if getter else None
            if g is None or not g.returns or not all(isinstance(o, Fresh) for o in g.returns):
                return False
        return bool(classes)

    def call_site(self, fn: FunctionSummary, call_id: int) -> CallSite | None:
        index = self._calls_by_id.get(fn.qualname)
        if index is None:
            index = self._calls_by_id[fn.qualname] = {c.id: c for c in fn.calls}
        return index.get(call_id)

    def unresolved_calls(self) -> list[tuple[Site, str, str]]:
        """Calls the analysis could not follow although they are handed an object that may be
        shared (a parameter's, a global's): ``(site, call text, why)``, in file order. A finding
        that was missed usually passes through one of these (``-v`` prints them)."""
        out = []
        for fn in self.functions.values():
            for call in fn.calls:
                if call.builtin_guess or _STRING_METHOD.match(call.text) or self.targets(fn, call):
                    continue  # (a string's method changes nothing it is given: ``"{}/".format(base)``)
                passed = list(call.passed())
                if call.receiver:
                    passed.append(call.receiver)
                if not any(isinstance(o, Ref) and o.root.kind in ("param", "global") for v in passed for o in v):
                    continue
                out.append((call.site, call.text, self._why_unresolved(fn, call)))
        out.sort(key=lambda item: (item[0].module, item[0].line, item[0].column))
        return out

    def _why_unresolved(self, fn: FunctionSummary, call: CallSite) -> str:
        # a total order (root, then path): ties broken by set order made the text depend on the
        # hash seed (``os.lchmod`` or ``os.chmod`` for one call), and the text is cached
        for o in sorted((o for o in call.callee if isinstance(o, Ref)),
                        key=lambda r: (r.root.kind, r.root.name, r.path)):
            if o.root.kind == "global":
                dotted = o.root.name + "".join(o.path)
                head = dotted.split(".")[0]
                if not any(m == head or m.startswith(head + ".") for m in self.modules):
                    return f"`{dotted}` is outside the checked tree and no model describes it"
                return f"`{dotted}` is not a function or class of the tree"
            if o.path and o.path[-1].startswith("."):
                owner = call.text.rsplit(".", 1)[0] if "." in call.text else "the receiver"
                if len(o.path) == 1 and o.root.kind == "param" and o.root.index == 0 and fn.cls \
                        and fn.kind in ("method", "property", "classmethod"):
                    # ``self.start_object(...)`` in a class whose bases outside the tree define it
                    # (dockerspawner's ``DockerSpawner`` on JupyterHub's ``Spawner``): its class is
                    # known, the method is not in the tree (set 34's reader found "the class of
                    # `self` is not known" confusing)
                    cls = fn.cls.rsplit(".", 1)[-1]
                    return (f"`{o.path[0][1:]}` is not defined by `{cls}` or its bases in the tree "
                            f"(a base class outside the tree may define it)")
                return f"the class of `{owner}` is not known"
        if call.text.isidentifier():
            return f"`{call.text}` is not defined in the checked tree (a builtin, or a name made at run time)"
        return "the callee is computed at run time"

    def call_graph(self) -> dict[str, set[str]]:
        """Function -> the project functions it calls (one empty set shared by the functions
        that call none); and :attr:`callers`, :attr:`constructed`."""
        graph: dict[str, set[str]] = dict.fromkeys(self.functions, _NO_CALLEES)
        callers: dict[str, list] = {}
        constructed: dict[str, list] = {}
        for q, fn in self.functions.items():
            for call in fn.calls:
                for t in self.targets(fn, call):
                    if t.function in self.functions:
                        if graph[q] is _NO_CALLEES:
                            graph[q] = set()
                        graph[q].add(t.function)
                        callers.setdefault(t.function, []).append((q, call, t))
                    if t.constructor is not None:
                        constructed.setdefault(t.constructor, []).append((q, call, t))
        self.callers = callers
        self.constructed = constructed
        return graph


BUILTIN_CONTAINERS = {"list", "dict", "set", "tuple"}

#: the callees of a function that calls no project function (never changed: a new set replaces it)
_NO_CALLEES: frozenset[str] = frozenset()


def _abstract(fn: FunctionSummary) -> bool:
    """Whether ``fn`` is there only to be overridden: it changes nothing, stores nothing, returns
    nothing and calls nothing but ``NotImplementedError`` (``raise NotImplementedError(...)``,
    ``pass``, ``...``, a docstring)."""
    return fn.kind == "method" and not fn.returns_value and not fn.mutations and not fn.stores \
        and not fn.self_stores and all(c.text.rsplit(".", 1)[-1] == "NotImplementedError" for c in fn.calls)


def _builtin_container(value: Value, depth: int = 0) -> bool:
    """Whether ``value`` may be a builtin container made in the project (a literal, a
    comprehension, or a copy of one)."""
    for o in value:
        if isinstance(o, Fresh):
            if o.container in BUILTIN_CONTAINERS:
                return True
            if o.copy_of is not None and depth < 2 and _builtin_container(o.copy_of, depth + 1):
                return True
    return False


def strongly_connected_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components come callees first (reverse topological)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(comp)
    return out


def base_dotted_name(base) -> str | None:
    """The dotted name a module-level base class is spelt with, without its type arguments
    (``pydantic.RootModel[dict[str, int]]`` -> ``pydantic.RootModel``), or ``None`` for
    anything else (a call's result, an item of a mapping)."""
    if not isinstance(base, Ref) or base.root.kind != "global":
        return None
    path = base.path
    while path and path[-1].startswith("["):
        path = path[:-1]
    return base.root.name + "".join(path) if all(p.startswith(".") for p in path) else None


#: modules whose classes give a class its shape (an ABC, a generic, an enum, a mapping) and
#: never call a subclass's methods themselves
SHAPE_MODULES = {"abc", "typing", "typing_extensions", "enum", "collections", "numbers", "dataclasses", "builtins"}


def external_bases(project, cls: str) -> frozenset[str]:
    """Dotted names of the classes from outside the project that ``cls`` derives from, directly
    or through its project bases (``storey.MapClass``), shape-giving ones aside."""
    out = set()
    for c in project.mro(cls):
        info = project.classes[c]
        for base in info.bases:
            if project.classes_of_value(base, project.modules[info.module]):
                continue
            for o in base:
                dotted = base_dotted_name(o)
                if dotted is not None:
                    top = dotted.split(".")[0]
                    if top not in SHAPE_MODULES and top not in project.modules:
                        out.add(dotted)
    return frozenset(out)
