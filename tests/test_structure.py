"""Structure: no import cycles inside the ctxgraph package (issue 9).

Every module is parsed with ``ast`` (nothing is imported); an edge A -> B is an import of
B written in A, absolute or relative, at module level or inside a function. Imports under
``if TYPE_CHECKING:`` are left out: they never run. ``from pkg import name`` counts as an
import of ``pkg.name`` when that is a module, else of ``pkg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import ctxgraph

PACKAGE = Path(ctxgraph.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = ["ctxgraph", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Import statements that run, anywhere in the tree (``if TYPE_CHECKING:`` bodies skipped)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _type_checking_only(node):
            todo.extend(node.orelse)  # the else branch runs
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The ctxgraph modules that module ``name`` (file ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        for target in targets:
            while target and target not in known and target.startswith("ctxgraph."):
                target = target.rpartition(".")[0]  # `import ctxgraph.x.y` where y is a name
            if target in known and target != name:
                out.add(target)
    return out


def import_graph() -> nx.DiGraph:
    found = modules()
    G = nx.DiGraph()
    G.add_nodes_from(found)
    for name, path in found.items():
        G.add_edges_from((name, target) for target in imported_modules(name, path, set(found)))
    return G


def test_structure_import_graph_is_read_from_the_sources():
    G = import_graph()
    assert "ctxgraph._tracker" in G and "ctxgraph._fit" in G
    assert G.has_edge("ctxgraph._tracker", "ctxgraph._fit")  # `from ._fit import ...`
    assert G.has_edge("ctxgraph._tracker", "ctxgraph._graph")  # `from . import _graph as g`
    assert G.has_edge("ctxgraph.integrations.openai", "ctxgraph._fit")  # absolute imports  # absolute `from ctxgraph._fit import ...`


def test_structure_type_checking_imports_do_not_count(tmp_path):
    src = tmp_path / "m.py"
    src.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ._tracker import Tracker\n"
        "def f():\n    from ._graph import apply\n    from . import _fit\n",
        encoding="utf-8",
    )
    known = {"ctxgraph._tracker", "ctxgraph._graph", "ctxgraph._fit", "ctxgraph.m"}
    assert imported_modules("ctxgraph.m", src, known) == {"ctxgraph._graph", "ctxgraph._fit"}


def test_structure_no_import_cycles():
    G = import_graph()
    cycles = sorted(sorted(nx.simple_cycles(G), key=len)[:10], key=lambda c: (len(c), c))
    shown = ["  " + " -> ".join([*c, c[0]]) for c in cycles]
    assert not cycles, "import cycles inside ctxgraph:\n" + "\n".join(shown)
