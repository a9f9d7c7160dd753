#!/usr/bin/env python3
"""Checks that SQL lives in stores (server/src/lib.rs, "Handlers are thin"; issue #39).

An area's SQL lives in its store: `store.rs`, or a `store/` folder once it outgrows one
file. A handler parses, calls its area's store functions and shapes the answer; a logic
module (pricing, a timer's move, a notification) applies its rules through named store
functions too. This script reads every `.rs` file in server/src (its `#[cfg(test)]`
module left out) and fails on:

- a handler file holding SQL: the file has a `#[utoipa::path(...)]` handler or builds a
  `Router`, and calls `sqlx::query*`, `query(`, `query_as(`, `query_scalar(`, a
  `QueryBuilder`, or holds a string literal that begins as a SQL statement does
  (`SELECT ... FROM`, `INSERT INTO`, `UPDATE ... SET`, `DELETE FROM`, `WITH ... AS`);
- any other file outside a store holding SQL, unless [`NOT_A_STORE`] names it with why;
- a store named otherwise than the rule: `<anything>_store.rs` (it belongs in
  `store.rs` or `store/<anything>.rs`).

Each offender is printed with the lines that hold its SQL.

Usage: scripts/check_sql.py [server/src] [--list]. `--list` prints every file holding SQL,
each marked `handler`, `store` or `other`, and the counts. Exit status 1 on a failure.
"""

import os
import re
import sys

# A handler file: a documented axum handler or a router built in the file.
HANDLER = re.compile(r"#\[utoipa::path\b|\b(?:OpenApi)?Router\s*(::|<)|\.route\(\s*\"|\broutes!\(")
# A query built by sqlx: the functions, called bare (imported) or through the crate.
QUERY_CALL = re.compile(r"\b(?:sqlx::)?(?:query|query_as|query_scalar|query_with|query_as_with"
                        r"|query_scalar_with|raw_sql)(?:::<[^>]*>)?\s*\(|\bQueryBuilder\b")
# A string literal that opens as a SQL statement does.
SQL_TEXT = re.compile(r"^\s*(?:SELECT\b[\s\S]*\bFROM\b|SELECT\s+(?:COUNT|EXISTS|1\b|CAST|COALESCE)"
                      r"|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s*(?:\([^)]*\))?\s*AS\b)")
STRING = re.compile(r'r(#*)"(.*?)"\1|"((?:[^"\\]|\\.)*)"', re.S)
# Files that hold SQL outside a store, each for a reason of its own.
NOT_A_STORE = {
    # Demo and reference data written at start-up: the seed is part of the assembly and
    # fills every area's tables on purpose.
    "seed/": "demo data",
    "catalogue/seed.rs": "reference data",
    "projects/seed.rs": "reference data",
    # The hub's own tables (`event`, `channel_head`): the outbox is the hub's store.
    "realtime/outbox.rs": "the hub's store",
    # SAVEPOINT / ROLLBACK TO / RELEASE: transaction control, no table.
    "realtime/unit.rs": "savepoints",
    # One compare-and-set for every deadline: the tables and columns are the owning
    # areas' constants (`contests`' and `projects`' `Deadline`s), never input.
    "timers/due.rs": "the areas' deadlines",
}
# The unit tests of a file, left out: their SQL sets up or inspects a test's database.
TESTS = re.compile(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{")


def strip_comments(text):
    """`text` with `//` and `/* */` comments blanked (strings kept; line numbers kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        if c == "r" and re.match(r'r#*"', text[i:i + 40]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = STRING.match(text, i)
            if m:
                out.append(m.group(0))
                i = m.end()
                continue
        if c == '"':
            m = STRING.match(text, i)
            if m:
                out.append(m.group(0))
                i = m.end()
                continue
        if c == "'" and re.match(r"'(?:[^'\\]|\\.[^']*)'", text[i:i + 12]):
            # A char literal ('"' would otherwise open a string).
            m = re.match(r"'(?:[^'\\]|\\.[^']*)'", text[i:i + 12])
            out.append(m.group(0))
            i += m.end()
            continue
        out.append(c)
        i += 1
    return "".join(out)


def without_tests(text):
    """`text` up to its `#[cfg(test)] mod ... {`, which Vitrine keeps at a file's end."""
    match = TESTS.search(text)
    return text[:match.start()] if match else text


def sql_lines(text):
    """The 1-based line numbers of `text` (comments and tests already stripped) holding SQL."""
    lines = set()
    for match in QUERY_CALL.finditer(text):
        lines.add(text.count("\n", 0, match.start()) + 1)
    for match in STRING.finditer(text):
        body = match.group(2) if match.group(2) is not None else match.group(3)
        if body and SQL_TEXT.match(body):
            lines.add(text.count("\n", 0, match.start()) + 1)
    return sorted(lines)


def is_handler(text):
    return bool(HANDLER.search(text))


def is_store(rel):
    parts = rel.split(os.sep)
    return parts[-1] == "store.rs" or "store" in parts[:-1]


def excused(rel):
    """Whether [`NOT_A_STORE`] names `rel` (a file, or a folder ending in `/`)."""
    rel = rel.replace(os.sep, "/")
    return any(rel == name or (name.endswith("/") and rel.startswith(name)) for name in NOT_A_STORE)


def scan(root):
    """(rel path, kind, sql line numbers) for every file holding SQL, and the misnamed stores."""
    found, misnamed = [], []
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if name.endswith("_store.rs"):
                misnamed.append(rel)
            with open(path, encoding="utf-8") as f:
                text = without_tests(strip_comments(f.read()))
            lines = sql_lines(text)
            if not lines:
                continue
            kind = "handler" if is_handler(text) else "store" if is_store(rel) else "other"
            found.append((rel, kind, lines))
    return found, misnamed


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..", "server", "src")
    root = os.path.normpath(root)
    found, misnamed = scan(root)
    if "--list" in sys.argv:
        for rel, kind, lines in found:
            print(f"{kind:8} {rel}: {len(lines)}")
        counts = {k: sum(1 for _, kind, _ in found if kind == k) for k in ("handler", "store", "other")}
        print(f"{len(found)} files with SQL: {counts['handler']} handler, {counts['store']} store, "
              f"{counts['other']} other")
    failed = False
    for rel, kind, lines in found:
        if kind == "handler":
            failed = True
            print(f"handler file holds SQL: {rel}: line {', '.join(map(str, lines))}")
        elif kind == "other" and not excused(rel):
            failed = True
            print(f"SQL outside a store: {rel}: line {', '.join(map(str, lines))} "
                  "(move it to the store of the area that owns the table)")
    for rel in misnamed:
        failed = True
        print(f"store misnamed: {rel} (an area's store is store.rs or store/<name>.rs)")
    if failed:
        print("FAILED: SQL belongs in the store of the area that owns the table "
              "(server/src/lib.rs, \"Handlers are thin\")")
        return 1
    print(f"sql ok: {len(found)} files hold SQL, all of them stores or named in NOT_A_STORE")
    return 0


if __name__ == "__main__":
    sys.exit(main())
