"""The UI's layers: every import in its source (at module level, inside functions, and also under
``if TYPE_CHECKING:``, stricter than tests/test_layers.py for the whole package) is an edge of a
graph of its modules, and that graph has no cycle; and the screens and widgets never import the
app, directly or through others: they post messages, and the app handles them.

Checked by reading the source (``ast``), not by importing it: an import inside a function that
no test happens to run counts the same as one at the top of a module."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, dotted
    target: str  # the imported module of the package, dotted
    line: int
    in_function: bool
    commented: bool  # a comment on its line or on one of the two lines above


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    base = ROOT.joinpath(*package.split("."))
    return {module_name(p): p for p in sorted(base.rglob("*.py"))}


def _resolve(source: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = source.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    base = parts[:keep]
    return ".".join(base + ([node.module] if node.module else []))


def imports(package: str) -> list[Import]:
    """Every import of a module of ``package`` by a module of ``package``."""
    known = modules(package)
    out: list[Import] = []
    for source, path in known.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text, filename=str(path))
        in_function: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                in_function.update(id(n) for n in ast.walk(node) if n is not node)
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(source, path.name == "__init__.py", node)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.append(full if full in known else base)  # a submodule, else a name in it
            else:
                continue
            around = lines[max(0, node.lineno - 3):node.lineno]
            commented = any("#" in line for line in around)
            for target in dict.fromkeys(targets):
                if target in known and target != source:
                    out.append(Import(source, target, node.lineno, id(node) in in_function, commented))
    return out


def cycles(edges: list[Import]) -> list[list[str]]:
    """The cycles of the import graph (one per strongly connected group of modules, as a path)."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    # Tarjan's strongly connected components, without recursion.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop(0)
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(_path(sorted(group), graph))
    return groups


def _path(group: list[str], graph: dict[str, set[str]]) -> list[str]:
    """A cycle through the first module of ``group``, for the failure message."""
    members = set(group)
    start = group[0]
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in previous:
                    previous[target] = node
                    nxt.append(target)
        frontier = nxt
    return group


# --- the checks themselves are checked -------------------------------------------------------------


def test_the_walker_finds_a_cycle_through_an_import_inside_a_function(tmp_path: Path) -> None:
    edges = [Import("p.a", "p.b", 1, False, False), Import("p.b", "p.c", 1, False, False),
             Import("p.c", "p.a", 9, True, True), Import("p.c", "p.d", 1, False, False)]
    assert cycles(edges) == [["p.a", "p.b", "p.c", "p.a"]]
    assert cycles(edges[:2] + edges[3:]) == []


def test_the_walker_reads_relative_imports_inside_functions() -> None:
    found = {(e.source, e.target) for e in imports("great_harbor.ui") if e.in_function}
    assert found, "the UI has no import inside a function at all: the walker reads nothing"
    assert all(s.startswith("great_harbor.ui") and t.startswith("great_harbor.ui") for s, t in found)


# --- the package --------------------------------------------------------------------------------

PACKAGES = ["great_harbor.ui"]  # the whole of great_harbor once the engine's layers are untangled


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package: str) -> None:
    found = cycles(imports(package))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_screens_and_widgets_never_import_the_app() -> None:
    """Screens and widgets post messages; the app handles them. Neither they nor anything they
    import, directly or through others, imports ``great_harbor.ui.app``."""
    edges = imports("great_harbor.ui")
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
    offenders = []
    for module in modules("great_harbor.ui"):
        if not module.startswith(("great_harbor.ui.screens", "great_harbor.ui.widgets")):
            continue
        seen, todo = {module}, [module]
        while todo:
            for target in graph.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        if "great_harbor.ui.app" in seen:
            offenders.append(module)
    assert not offenders, f"these reach great_harbor.ui.app: {offenders}"
