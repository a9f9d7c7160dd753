#!/usr/bin/env python3
"""Every operation the server documents has a way in from the browser (issue #53).

Reads `web/openapi.json` (every method and path the server serves) and `web/src` (the client,
tests and generated files left out), and fails listing each operation that is

  - not called by the client,
  - not listed as API-only in web/README.md's "API-only operations" table (with why), and
  - not listed below in NOT_YET_REACHABLE (a screen users need that does not exist yet, with a
    TODO saying what is missing).

It also fails on a listed operation that the document no longer has, on an API-only row without
a reason, and on an operation listed while the client calls it (the list would be stale).

What counts as a call:

  1. a typed call, `api.GET('/path', ...)` (or a constant of the same file holding the path:
     `const REACTIONS = '/contests/{id}/...'; api.POST(REACTIONS, ...)`);
  2. a path the client builds at run time, written as a string or template literal that names a
     documented path (`${...}` standing for one segment, `${env.apiUrl}` and the query left out):
     a link the browser follows or a `fetch` (GET), `xhr.open('POST', ...)` or
     `apiClient.post/get/put/delete(...)` (that method);
  3. a payment purpose's intent route, a literal naming `.../payments/stripe/payment-intents`:
     the shared payment code (RUNTIME_DERIVED below, each checked to be still there) creates the
     intent (POST), sets its card (POST .../finalize/{intentId}) and offers the PayPal twin
     (POST .../payments/paypal, then GET .../execute on PayPal's return);
  4. RUNTIME_PATHS below: paths that arrive as data (a file's `full_path`), each with the text
     of the file that follows them.

Usage: python3 scripts/check_operations.py [web-dir]   (default: web/ beside scripts/)
"""

import json
import os
import re
import sys

METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH")

# Operations users need whose screen is not built yet. Each stays here, with what is missing,
# until a screen calls it; the check then fails until the row is removed. Keep this list short.
NOT_YET_REACHABLE: dict = {}

# Paths that reach the client as data rather than as a literal: (method, path, file under web/,
# text that file must still hold for the call to exist).
RUNTIME_PATHS = [
    # The signed links POST /files/links hands out, shown as <img src srcset>.
    ("GET", "/files/{id}/content", "src/lib/use-file-url.ts", "`${env.apiUrl}${url ?? answer.url}`"),
]

# What the shared payment code does with a purpose's intent route (`base`, a literal naming
# `<purpose>/payments/stripe/payment-intents`): (method, path from base, file, text it holds).
# The PayPal rows derive `<purpose>/payments/paypal` as `paypalRouteOf` does; a purpose with no
# PayPal route (purchase-design) simply has no such operation.
INTENT_SUFFIX = "/payments/stripe/payment-intents"
RUNTIME_DERIVED = [
    ("POST", "{base}", "src/lib/payments/intents.ts", "apiClient.post<DataEnvelope<PaymentIntent>>(base"),
    ("POST", "{base}/finalize/{intentId}", "src/lib/payments/intents.ts", "`${base}/finalize/"),
    ("POST", "{purpose}/payments/paypal", "src/lib/payments/paypal.ts", "apiClient.post<DataEnvelope<PayPalPayment>>(route"),
    ("GET", "{purpose}/payments/paypal/execute", "src/lib/payments/paypal.ts", "`${route}/execute`"),
]

README_HEADING = "## API-only operations"


def operations(web):
    with open(os.path.join(web, "openapi.json"), encoding="utf-8") as f:
        doc = json.load(f)
    return {(m.upper(), p) for p, item in doc["paths"].items() for m in item if m.upper() in METHODS}


def sources(web):
    """(relative path, text) of every client source file that is not a test or generated."""
    root = os.path.join(web, "src")
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if not re.search(r"\.tsx?$", name) or re.search(r"\.(test|gen)\.tsx?$", name):
                continue
            if os.path.relpath(dirpath, root).split(os.sep)[0] == "testing":
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                yield os.path.relpath(path, web), f.read()


TYPED_CALL = re.compile(r"\bapi\.(GET|POST|PUT|DELETE|PATCH)\(\s*(?:'([^']*)'|\"([^\"]*)\"|([A-Za-z_]\w*))")
CONSTANT = re.compile(r"\bconst\s+([A-Za-z_]\w*)\s*=\s*['\"]([^'\"]+)['\"]")
LITERAL = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|`([^`]*)`")
HOLE = "\0"


def typed_calls(text):
    constants = dict(CONSTANT.findall(text))
    for method, single, double, name in TYPED_CALL.findall(text):
        path = single or double or constants.get(name)
        if path:
            yield method, path


def segments_match(literal, template):
    """Whether a literal (holes for `${...}`) names the documented path `template`."""
    a, b = literal.strip("/").split("/"), template.strip("/").split("/")
    if len(a) != len(b):
        return False
    for got, want in zip(a, b):
        if want.startswith("{"):
            if not got or "/" in got:
                return False
        elif got != want:
            return False
    return True


# Where a literal is a request rather than a route of the client's own (`/contests/${id}` is
# both a page and an API path): prefixed with the API's origin, or handed to a request.
REQUEST_CONTEXT = re.compile(r"(apiClient\.\w+|xhr\.open|fetch|new URL)\([^;]*$")


def literal_paths(text):
    """(path literal with holes, the text before it on its line, whether it is a request)."""
    for match in LITERAL.finditer(text):
        raw = next(g for g in match.groups() if g is not None)
        api_origin = raw.startswith("${env.apiUrl}")
        value = re.sub(r"^\$\{env\.apiUrl\}", "", raw)
        value = re.sub(r"\$\{[^}]*\}", HOLE, value).split("?")[0]
        if not value.startswith("/") or value == "/":
            continue
        line_start = text.rfind("\n", 0, match.start()) + 1
        before = text[line_start : match.start()]
        yield value, before, api_origin or bool(REQUEST_CONTEXT.search(before))


def method_of(before):
    """The method a literal is used with, from the code before it on its line (GET: a link)."""
    call = re.search(r"(?:xhr\.open\(\s*'(\w+)'|apiClient\.(get|post|put|delete|patch)\b)[^;]*$", before)
    if call:
        return (call.group(1) or call.group(2)).upper()
    return "GET"


def called_operations(web, ops):
    files = dict(sources(web))
    paths = sorted({p for _, p in ops})
    called, problems = set(), []
    for rel, text in files.items():
        called.update(typed_calls(text))
        for literal, before, request in literal_paths(text):
            named = [p for p in paths if segments_match(literal, p)]
            for path in named:
                if path.endswith(INTENT_SUFFIX):
                    purpose = path[: -len(INTENT_SUFFIX)]
                    for method, pattern, _, _ in RUNTIME_DERIVED:
                        called.add((method, pattern.format(base=path, purpose=purpose, intentId="{intentId}")))
                elif request:
                    called.add((method_of(before), path))
    evidence = [(m, p, f, t) for m, p, f, t in RUNTIME_PATHS] + [(m, None, f, t) for m, _, f, t in RUNTIME_DERIVED]
    for method, path, rel, needle in evidence:
        if needle not in files.get(rel, ""):
            problems.append(f"{rel} no longer holds {needle!r}: update check_operations.py's run-time calls")
        elif path:
            called.add((method, path))
    return called & ops, problems


def api_only(web):
    """{(method, path): reason} from web/README.md's API-only table, and any malformed row."""
    with open(os.path.join(web, "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.find(README_HEADING)
    if start < 0:
        return {}, [f"web/README.md has no {README_HEADING!r} section"]
    section = text[start + len(README_HEADING) :]
    section = section[: section.find("\n## ")] if "\n## " in section else section
    listed, problems = {}, []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) < 2 or cells[0] in ("operation", "---") or set(cells[0]) <= set("-: "):
            continue
        op = re.fullmatch(r"`(GET|POST|PUT|DELETE|PATCH) (/[^`]*)`", cells[0])
        if not op:
            problems.append(f"web/README.md API-only row not `METHOD /path`: {cells[0]}")
            continue
        key = (op.group(1), op.group(2))
        if not cells[1]:
            problems.append(f"web/README.md lists {key[0]} {key[1]} as API-only without a reason")
        listed[key] = cells[1]
    return listed, problems


def check(web, not_yet=None):
    """(operations, called, API-only, problems) of the client in `web`."""
    not_yet = NOT_YET_REACHABLE if not_yet is None else not_yet
    ops = operations(web)
    called, problems = called_operations(web, ops)
    listed, more = api_only(web)
    problems += more
    for name, table in (("API-only (web/README.md)", listed), ("NOT_YET_REACHABLE", not_yet)):
        for key in sorted(table):
            if key not in ops:
                problems.append(f"{name} lists {key[0]} {key[1]}, which openapi.json does not have")
            elif key in called:
                problems.append(f"{name} lists {key[0]} {key[1]}, which web/src calls: remove the row")
    both = set(listed) & set(not_yet)
    problems += [f"{m} {p} is both API-only and not yet reachable" for m, p in sorted(both)]
    unreached = sorted(ops - called - set(listed) - set(not_yet), key=lambda k: (k[1], k[0]))
    problems += [f"no way in from the browser: {m} {p}" for m, p in unreached]
    return ops, called, listed, problems


def main():
    web = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web")
    ops, called, listed, problems = check(web)
    for problem in problems:
        print(problem)
    if problems:
        print(
            f"check_operations: {len(problems)} problem(s). Give each operation a screen, or list it "
            "in web/README.md's API-only table with why (or, until its screen exists, in "
            "NOT_YET_REACHABLE with what is missing)."
        )
        return 1
    print(
        f"check_operations: {len(ops)} operations: {len(called)} called from web/src, {len(listed)} API-only, "
        f"{len(NOT_YET_REACHABLE)} not yet reachable"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
