"""Every node's position in a LibCST module, the same :class:`~libcst.metadata.CodeRange` that
LibCST's ``PositionProvider`` gives, about six times faster.

    node_positions(module: libcst.Module) -> NodePositions   # node -> CodeRange (1-based lines, 0-based columns)

LibCST computes positions by generating the module's code with a codegen state that records
where each node starts and ends. Its state does that with a ``contextlib`` generator per
syntactic range, a ``CodePosition`` per node, a regular expression per token and a dictionary
keyed by the nodes (whose ``__hash__`` is Python code): about ten times the cost of generating
the code alone, and half of the per-module pass on the standard library. :class:`_PositionState`
runs the same codegen (every node's own ``_codegen_impl``, so the rules of where a node starts and
ends stay LibCST's) and records the same numbers with plain tuples keyed by ``id(node)``.
``tests/test_positions.py`` checks that every node of real modules gets LibCST's exact range.
"""
from __future__ import annotations

import re
import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.metadata import CodePosition, CodeRange

__all__ = ["NodePositions", "node_positions"]

#: what LibCST's position state counts as a line break in a token
_NEWLINE = re.compile(r"\r\n?|\n")


class NodePositions:
    """``node -> CodeRange`` for every node of one module (LibCST's ``PositionProvider`` values).

    Raises ``KeyError`` for a node of another tree. Nodes are looked up by identity, so the
    module is kept alive with its positions (a node's ``id`` is never another's meanwhile).
    """

    __slots__ = ("_module", "_ranges", "nodes")

    def __init__(self, module: cst.Module, ranges: dict[int, tuple[int, int, int, int]],
                 nodes: list[cst.CSTNode] | None = None) -> None:
        self._module = module
        self._ranges = ranges
        #: every node, in the order their codegen ended (with ``keep_nodes``), else ``None``
        self.nodes = nodes

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        line, column, end_line, end_column = self._ranges[id(node)]
        return CodeRange(CodePosition(line, column), CodePosition(end_line, end_column))

    def span(self, node: cst.CSTNode) -> tuple[int, int, int, int]:
        """``(line, column, end line, end column)`` of ``node``: lines from 1, columns from 0 in
        characters, as in its :class:`CodeRange` (cheaper: no objects are built)."""
        return self._ranges[id(node)]

    def __contains__(self, node: object) -> bool:
        return id(node) in self._ranges

    def __len__(self) -> int:
        return len(self._ranges)


def node_positions(module: cst.Module, keep_nodes: bool = False) -> NodePositions:
    """The position of every node of ``module``, in one codegen pass; ``keep_nodes``: also list
    the nodes (:attr:`NodePositions.nodes`, for looking nodes up by their range)."""
    state = (_NodeListingState if keep_nodes else _PositionState)(module.default_indent, module.default_newline)
    module._codegen(state)
    return NodePositions(module, state.ranges, state.nodes if keep_nodes else None)


class _SyntacticRange:
    """LibCST's ``record_syntactic_position`` as a plain context manager: a node's range is what
    its codegen writes inside the block, or starts at ``start_node`` / ends at ``end_node`` when
    they are given; it replaces the whole-node range ``after_codegen`` would record."""

    __slots__ = ("state", "node", "start_node", "end_node", "line", "column")

    def __init__(self, state: "_PositionState", node: cst.CSTNode, start_node, end_node) -> None:
        self.state = state
        self.node = node
        self.start_node = start_node
        self.end_node = end_node

    def __enter__(self) -> None:
        self.line = self.state.line
        self.column = self.state.column

    def __exit__(self, *exc) -> bool:
        state = self.state
        ranges = state.ranges
        if self.start_node is not None:
            line, column = ranges[id(self.start_node)][:2]
        else:
            line, column = self.line, self.column
        if self.end_node is not None:
            end_line, end_column = ranges[id(self.end_node)][2:]
        else:
            end_line, end_column = state.line, state.column
        ranges[id(self.node)] = (line, column, end_line, end_column)
        return False


class _PositionState(CodegenState):
    """A codegen state that counts lines and columns and records each node's range.

    Mirrors ``libcst.metadata.position_provider.PositionProvidingCodegenState``: a token with line
    breaks moves to the line after its last one (column: what follows it), any other token moves
    the column by its length; a node's whole range is recorded after its codegen unless its
    syntactic range was recorded already.
    """

    __slots__ = ("line", "column", "_starts", "ranges")

    def __init__(self, default_indent: str, default_newline: str) -> None:
        super().__init__(default_indent=default_indent, default_newline=default_newline)
        self.line = 1  # from 1
        self.column = 0  # from 0
        self._starts: list[tuple[int, int]] = []
        self.ranges: dict[int, tuple[int, int, int, int]] = {}

    def _advance(self, value: str) -> None:
        if "\n" in value or "\r" in value:
            segments = _NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        for token in self.indent_tokens:
            self._advance(token)

    def add_token(self, value: str) -> None:
        # the tokens are kept: ``Module._codegen_impl`` looks at them (an empty module); the
        # counting is :meth:`_advance` written out, as this runs for every token of every file
        self.tokens.append(value)
        if "\n" in value or "\r" in value:
            segments = _NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        line, column = self._starts.pop()
        key = id(node)
        if key not in self.ranges:  # the syntactic range, recorded inside, wins
            self.ranges[key] = (line, column, self.line, self.column)

    def record_syntactic_position(self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
                                  end_node: cst.CSTNode | None = None) -> _SyntacticRange:  # type: ignore[override]
        return _SyntacticRange(self, node, start_node, end_node)


class _NodeListingState(_PositionState):
    """:class:`_PositionState` that also lists every node it met."""

    __slots__ = ("nodes",)

    def __init__(self, default_indent: str, default_newline: str) -> None:
        super().__init__(default_indent, default_newline)
        self.nodes: list[cst.CSTNode] = []

    def after_codegen(self, node: cst.CSTNode) -> None:
        super().after_codegen(node)
        self.nodes.append(node)
