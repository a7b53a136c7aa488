"""Layers without import cycles: no module of great_harbor imports one that imports it back,
directly or through others, counting imports at module level and inside functions (imports
under ``if TYPE_CHECKING:`` are for type checkers only and never run, so they do not count).

An import inside a function is allowed only to keep start-up fast, with a comment saying so on
the line or the line above (``start-up``)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "great_harbor"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement that runs, with whether it is inside a function."""

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    yield from walk(other, in_function)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
            yield from walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    yield from walk(tree, False)


def _resolve(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The great_harbor modules an import statement loads."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".")
            if not MODULES[module].name == "__init__.py":
                base = base[:-1]
            base = base[: len(base) - node.level + 1]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [prefix] + [f"{prefix}.{a.name}" for a in node.names]
    out = []
    for name in names:
        if name in MODULES:
            out.append(name)
    return out


def graph() -> tuple[dict[str, set[str]], list[str]]:
    """Module -> modules it imports (within the package); and the function-level imports that
    do not say why they are there."""
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    unexplained = []
    for module, path in MODULES.items():
        source = path.read_text()
        lines = source.splitlines()
        for node, in_function in _imports(ast.parse(source)):
            targets = _resolve(module, node)
            # importing a submodule runs its package's __init__ first, which is no edge back
            edges[module] |= {t for t in targets if t != module and not module.startswith(t + ".")}
            if in_function and targets:
                near = " ".join(lines[max(0, node.lineno - 3): node.lineno]).lower()
                if "start-up" not in near and "startup" not in near:
                    unexplained.append(f"{module}:{node.lineno}")
    return edges, unexplained


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_module_imports_one_that_imports_it_back() -> None:
    edges, _ = graph()
    assert cycles(edges) == []


def test_imports_inside_functions_say_why() -> None:
    _, unexplained = graph()
    assert unexplained == []


def test_the_checker_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
