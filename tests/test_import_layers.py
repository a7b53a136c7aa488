"""The package's layers: every import in its source (at module level, inside functions, and also
under ``if TYPE_CHECKING:``, stricter than tests/test_layers.py) is an edge of a graph of the
modules of ``great_harbor``, and that graph has no cycle; the engine's modules import only those
before them in the order its docstring gives (``great_harbor/engine/__init__.py``); an import
inside a function is there to keep start-up fast and says so (the count is printed); and the
screens and widgets never import the app, directly or through others: they post messages, and
the app handles them.

Checked by reading the source (``ast``), not by importing it: an import inside a function that
no test happens to run counts the same as one at the top of a module."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
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


@cache  # read once per run: the whole package takes a few seconds
def imports(package: str) -> list[Import]:
    """Every import of a module of ``package`` by a module of ``package`` (do not change the list)."""
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

PACKAGES = ["great_harbor"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package: str) -> None:
    found = cycles(imports(package))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


# --- imports inside functions ---------------------------------------------------------------------


def unexplained(edges: list[Import], lines_of: dict[str, list[str]]) -> list[str]:
    """The imports inside functions with no word on start-up on their line or the two above."""
    out = []
    for e in edges:
        near = " ".join(lines_of[e.source][max(0, e.line - 3):e.line]).lower()
        if e.in_function and "start-up" not in near and "startup" not in near:
            out.append(f"{e.source}:{e.line} imports {e.target}")
    return out


def test_the_start_up_check_finds_an_import_inside_a_function_without_a_reason() -> None:
    lines = {"p.a": ["def f():", "    from p import b", "    return b"]}
    edges = [Import("p.a", "p.b", 2, True, False)]
    assert unexplained(edges, lines) == ["p.a:2 imports p.b"]
    lines["p.a"][1] += "  # start-up: only when f is called"
    assert unexplained(edges, lines) == []


def test_imports_inside_functions_keep_start_up_fast_and_say_so() -> None:
    """An import inside a function is allowed only to keep start-up fast (a module the first frame
    does not need), never to dodge a cycle; its comment says so. The count is printed."""
    edges = imports("great_harbor")
    lines_of = {m: p.read_text(encoding="utf-8").splitlines() for m, p in modules("great_harbor").items()}
    inside = [e for e in edges if e.in_function]
    print(f"\n{len(inside)} imports of great_harbor modules inside functions, "
          f"in {len({e.source for e in inside})} modules (the engine: "
          f"{sum(e.source.startswith('great_harbor.engine') for e in inside)})")
    assert unexplained(edges, lines_of) == []


# --- the engine's layers --------------------------------------------------------------------------

ENGINE = "great_harbor.engine"


def engine_order() -> list[list[str]]:
    """The engine's layers as its docstring lists them: numbered items, each naming its modules
    in order (````name````, relative to the engine; "this package" is the engine itself)."""
    doc = ast.get_docstring(ast.parse((ROOT / "great_harbor" / "engine" / "__init__.py").read_text()))
    assert doc
    layers: list[list[str]] = []
    for item in re.split(r"\n(?=\d+\. )", doc)[1:]:
        names = [f"{ENGINE}.{n}" for n in re.findall(r"``([a-z_.]+)``", item.split("\n\n")[0])]
        if "this package" in item:
            names.append(ENGINE)
        layers.append(names)
    return layers


def out_of_order(edges: list[Import], layers: list[list[str]]) -> list[str]:
    """The imports of an engine module by an engine module not listed before it."""
    position = {m: i for i, m in enumerate(m for layer in layers for m in layer)}
    return [f"{e.source}:{e.line} imports {e.target}, listed after it" for e in edges
            if e.source in position and e.target in position and position[e.target] >= position[e.source]]


def test_the_order_check_finds_an_import_of_a_later_module() -> None:
    layers = [["p.state"], ["p.harbor", "p.fleet"], ["p.game"]]
    fine = [Import("p.fleet", "p.harbor", 1, False, False), Import("p.game", "p.state", 1, False, False)]
    assert out_of_order(fine, layers) == []
    assert out_of_order([Import("p.harbor", "p.game", 7, False, False)], layers) == [
        "p.harbor:7 imports p.game, listed after it"]


def test_the_engine_docstring_lists_every_engine_module_once() -> None:
    listed = [m for layer in engine_order() for m in layer]
    assert len(engine_order()) == 6
    assert sorted(listed) == sorted(modules(ENGINE)), "the layers in great_harbor/engine/__init__.py"


def test_engine_modules_import_only_those_listed_before_them() -> None:
    """State and values at the bottom; the table, the registries, the board and the supply above;
    the rule chapters, each importing only earlier ones; the cards and the Automa; the Game and
    the words for players on top. Imports under ``TYPE_CHECKING`` count too."""
    edges = [e for e in imports("great_harbor") if e.source.startswith(ENGINE)]
    assert out_of_order(edges, engine_order()) == []


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
