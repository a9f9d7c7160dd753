#!/usr/bin/env python3
"""Checks that the server's dependencies point one way (docs/architecture.md, "Layers").

Reads every `crate::<module>` path in server/src (in `use crate::...` lines, braces
included, and inline paths such as `crate::contests::visibility::may_view`), builds the
graph between top-level modules (a directory or a file directly under server/src), and
fails on:

- a cycle between modules (each one is printed with the files that make its edges);
- `realtime/` importing an area: the hub is a library the areas plug into, and may use
  only the foundation (api, config, error, shared, store, telemetry).

Usage: scripts/check_layers.py [server/src]. Exit status 1 on a failure.
"""

import os
import re
import sys
from collections import defaultdict

# What the hub may import: the layer below the areas.
FOUNDATION = {"api", "config", "error", "shared", "store", "telemetry"}
# The application's assembly: routes merged, the OpenAPI document, start-up, seed data,
# binaries. It imports every area, so it counts as one module: an area that imports any
# part of it makes a cycle.
ASSEMBLY = {"lib", "main", "startup", "http", "openapi_answers", "openapi_file", "seed"}
USE_BLOCK = re.compile(r"\buse\s+crate::(\{.*?\}|[A-Za-z_][A-Za-z0-9_]*)", re.S)
INLINE = re.compile(r"(?<![A-Za-z0-9_])crate::([a-z_][a-z0-9_]*)")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] if "//" in line and '"' not in line.split("//", 1)[0] else line
                     for line in text.splitlines())


def top_level_names(group):
    """The first segments inside `{...}` at brace depth one."""
    names, depth, token = [], 0, ""
    for ch in group:
        if ch == "{":
            if depth == 1 and token.strip():
                names.append(token.strip())
            depth += 1
            token = ""
        elif ch == "}":
            if depth == 1 and token.strip():
                names.append(token.strip())
            depth -= 1
            token = ""
        elif ch == "," and depth == 1:
            if token.strip():
                names.append(token.strip())
            token = ""
        elif depth == 1:
            token += ch
    return [re.split(r"::|\s", n.strip())[0] for n in names if n.strip()]


def module_of(root, path):
    rel = os.path.relpath(path, root)
    first = rel.split(os.sep)[0]
    name = first[:-3] if first.endswith(".rs") else first
    return "assembly" if name in ASSEMBLY else name


def graph(root):
    modules = {module_of(root, os.path.join(root, n)) for n in os.listdir(root)
               if n.endswith(".rs") or os.path.isdir(os.path.join(root, n))}
    edges = defaultdict(lambda: defaultdict(set))
    for dirpath, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            source = module_of(root, path)
            with open(path, encoding="utf-8") as f:
                text = strip_comments(f.read())
            targets = set(INLINE.findall(text))
            for match in USE_BLOCK.finditer(text):
                group = match.group(1)
                targets.update(top_level_names(group) if group.startswith("{") else [group])
            for target in targets:
                target = "assembly" if target in ASSEMBLY else target
                if target in modules and target != source and target != "self":
                    edges[source][target].add(os.path.relpath(path, root))
    return modules, edges


def cycles(modules, edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, on_stack, stack, result, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(modules):
        if v not in index:
            visit(v)
    return result


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "server", "src")
    root = os.path.normpath(root)
    modules, edges = graph(root)
    failed = False
    hub_imports = {t: files for t, files in edges.get("realtime", {}).items() if t not in FOUNDATION}
    for target, files in sorted(hub_imports.items()):
        failed = True
        print(f"realtime imports {target}: {', '.join(sorted(files))}")
    for component in cycles(modules, edges):
        failed = True
        members = set(component)
        print(f"cycle between {', '.join(component)}:")
        for source in component:
            for target, files in sorted(edges[source].items()):
                if target in members:
                    print(f"  {source} -> {target}: {', '.join(sorted(files))}")
    if failed:
        print("FAILED: dependencies between server areas must point one way (docs/architecture.md)")
        return 1
    print(f"layers ok: {len(modules)} modules, no cycle, realtime imports no area")
    return 0


if __name__ == "__main__":
    sys.exit(main())
