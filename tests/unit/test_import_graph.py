"""No import circle anywhere in the platform or the plugins: each module can be read after the
ones it imports (the layers between features are import-linter's contracts, `make lint`)."""

import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def circles(graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, following = work[-1]
            for imported in following:
                if imported not in index:
                    index[imported] = low[imported] = len(index)
                    stack.append(imported)
                    on_stack.add(imported)
                    work.append((imported, iter(sorted(graph.find_modules_directly_imported_by(imported)))))
                    break
                if imported in on_stack:
                    low[module] = min(low[module], index[imported])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def test_no_module_of_the_platform_or_the_plugins_imports_itself_in_a_circle(monkeypatch):
    monkeypatch.setattr(sys, "path", [str(ROOT / "platform"), str(ROOT / "plugins"), *sys.path])
    assert circles(grimp.build_graph("tessera", "tessera_plugins")) == []


class Graph:
    def __init__(self, edges: dict[str, set[str]]):
        self.edges = edges
        self.modules = set(edges) | {m for targets in edges.values() for m in targets}

    def find_modules_directly_imported_by(self, module: str) -> set[str]:
        return self.edges.get(module, set())


def test_a_circle_is_found():
    graph = Graph({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert circles(graph) == [["a", "b", "c"]]
    assert circles(Graph({"a": {"b"}, "b": {"c"}})) == []
