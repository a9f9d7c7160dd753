#!/usr/bin/env python3
"""Checks that the server's dependencies point one way (docs/architecture.md, "Layers").

Reads every `crate::<module>` path in server/src (in `use crate::...` lines, braces
included, and inline paths such as `crate::contests::visibility::may_view`), builds the
graph between top-level modules (a directory or a file directly under server/src), and
fails on:

- a cycle between modules (each one is printed with the files that make its edges);
- a module importing what its layer may not ([`MAY_USE`]): `realtime/` (the hub, a library
  the areas plug into) uses only the foundation (api, config, error, shared, store,
  telemetry); `payments/` uses only the foundation, the hub, `state`, `accounts` and `geo`
  (the areas that sell implement its `Payable` trait and register at start-up, so it
  imports none of them).

Paths are read in full: `use crate::{a::{b, c}, d::e}` names `a` and `d` however deep
its braces nest.

It also fails on an event taking a way up: outside `realtime/`, no code writes to the
outbox itself (`outbox::append`) or hands a unit frames to publish (`.publish(`). An
area appends through the unit of work its handler handed down (`Unit::append`), so
events travel one way, handler to area to hub (docs/architecture.md, "An event's
path"), and no function returns frames for its caller to pass on.

Usage: scripts/check_layers.py [server/src]. Exit status 1 on a failure.
"""

import os
import re
import sys
from collections import defaultdict

# What the hub may import: the layer below the areas.
FOUNDATION = {"api", "config", "error", "shared", "store", "telemetry"}
# Modules whose imports are limited to a list, beyond "no cycle": each may use only these.
MAY_USE = {
    "realtime": FOUNDATION,
    # The payments area charges for what other areas sell without knowing them: they
    # implement `payments::payable::Payable` (docs/architecture.md, "Adding a payable thing").
    "payments": FOUNDATION | {"realtime", "state", "accounts", "geo"},
}
# The application's assembly: routes merged, the OpenAPI document, start-up, seed data,
# binaries. It imports every area, so it counts as one module: an area that imports any
# part of it makes a cycle.
ASSEMBLY = {"lib", "main", "startup", "http", "openapi_answers", "openapi_file", "seed"}
USE_START = re.compile(r"\buse\s+crate::")
# An event going up instead of into the unit: the outbox written directly, or frames
# handed to a unit to publish.
EVENT_UP = re.compile(r"\boutbox::append(?:_each)?\b|\.publish\(\s*(?:vec!\[|\[|events\b|frames\b)")
INLINE = re.compile(r"(?<![A-Za-z0-9_])crate::([a-z_][a-z0-9_]*)")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//", 1)[0] if "//" in line and '"' not in line.split("//", 1)[0] else line
                     for line in text.splitlines())


def use_trees(text):
    """The tree after each `use crate::`, up to its `;`: `a::b`, `{a::{b, c}, d::e}`."""
    for match in USE_START.finditer(text):
        end = text.find(";", match.end())
        yield text[match.end():end if end >= 0 else len(text)]


def tree_paths(tree):
    """Every path a use tree names, each as a list of segments: `{a::{b, c}, d::e as f}`
    gives [a, b], [a, c], [d, e]. Braces nest to any depth; `self` names the prefix."""
    tokens = re.findall(r"::|[{},]|[A-Za-z_][A-Za-z0-9_]*|\*", tree)
    pos = 0

    def parse(prefix):
        # One tree: segments separated by `::`, ending in a name, `*`, `self` or a group.
        nonlocal pos
        path = list(prefix)
        while pos < len(tokens):
            token = tokens[pos]
            if token == "{":
                pos += 1
                paths = []
                while pos < len(tokens) and tokens[pos] != "}":
                    if tokens[pos] == ",":
                        pos += 1
                        continue
                    paths.extend(parse(path))
                pos += 1
                return paths
            if token in (",", "}"):
                break
            if token == "as":
                pos += 2  # the alias names nothing of the crate
                continue
            if token != "::":
                if token == "self":
                    pos += 1
                    continue
                path.append(token)
            pos += 1
        return [path] if path != list(prefix) or prefix else []

    paths = []
    while pos < len(tokens):
        if tokens[pos] in (",", "}"):
            pos += 1
            continue
        paths.extend(parse([]))
    return paths


def targets_of(text):
    """The first segment of every `crate::` path in `text` (comments stripped)."""
    targets = set(INLINE.findall(text))
    for tree in use_trees(text):
        targets.update(path[0] for path in tree_paths(tree) if path)
    return targets


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
            for target in targets_of(text):
                target = "assembly" if target in ASSEMBLY else target
                if target in modules and target != source and target != "self":
                    edges[source][target].add(os.path.relpath(path, root))
    return modules, edges


def forbidden(edges):
    """(source, target, files) for every import a limited module may not make ([`MAY_USE`])."""
    found = []
    for source, allowed in sorted(MAY_USE.items()):
        for target, files in sorted(edges.get(source, {}).items()):
            if target not in allowed:
                found.append((source, target, files))
    return found


def events_going_up(root):
    """(file, line number, line) for every event written outside a unit, outside `realtime/`."""
    found = []
    for dirpath, _, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            if not name.endswith(".rs") or module_of(root, path) == "realtime":
                continue
            with open(path, encoding="utf-8") as f:
                text = strip_comments(f.read())
            for number, line in enumerate(text.splitlines(), 1):
                if EVENT_UP.search(line):
                    found.append((os.path.relpath(path, root), number, line.strip()))
    return found


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
    for source, target, files in forbidden(edges):
        failed = True
        print(f"{source} imports {target}: {', '.join(sorted(files))}")
    for component in cycles(modules, edges):
        failed = True
        members = set(component)
        print(f"cycle between {', '.join(component)}:")
        for source in component:
            for target, files in sorted(edges[source].items()):
                if target in members:
                    print(f"  {source} -> {target}: {', '.join(sorted(files))}")
    for path, number, line in events_going_up(root):
        failed = True
        print(f"{path}:{number}: an event outside its unit (append through `Unit::append`): {line}")
    if failed:
        print("FAILED: dependencies between server areas, and events, must point one way (docs/architecture.md)")
        return 1
    limited = ", ".join(sorted(MAY_USE))
    print(f"layers ok: {len(modules)} modules, no cycle, {limited} import only what they may, "
          "every event appended through its unit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
