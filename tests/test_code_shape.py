"""The shape issue 9 asks of the code: small functions with few positional arguments.

A function of more than about 80 lines, or one taking more than 5 positional arguments,
is hard to read and to test on its own; this test names every one that grows past it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import ctxgraph

PACKAGE = Path(ctxgraph.__file__).parent
MAX_LINES = 85  # "about 80": a docstring line or two of slack
MAX_POSITIONAL = 5


def _functions():
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield path.relative_to(PACKAGE.parent), node


def _positional(node: ast.FunctionDef) -> int:
    names = [a.arg for a in node.args.posonlyargs + node.args.args]
    return len(names) - (1 if names and names[0] in ("self", "cls") else 0)


def test_no_function_is_longer_than_about_80_lines():
    long = [f"{path}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path, node in _functions() if node.end_lineno - node.lineno + 1 > MAX_LINES]
    assert not long, "functions over about 80 lines:\n" + "\n".join(long)


def test_no_function_takes_more_than_5_positional_arguments():
    wide = [f"{path}:{node.lineno} {node.name} ({_positional(node)} positional)"
            for path, node in _functions() if _positional(node) > MAX_POSITIONAL]
    assert not wide, "functions with more than 5 positional arguments:\n" + "\n".join(wide)


def test_the_checks_see_the_package():
    names = {node.name for _, node in _functions()}
    assert {"facts", "find_entities", "observe", "assemble"} <= names
