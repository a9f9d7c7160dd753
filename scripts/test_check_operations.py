#!/usr/bin/env python3
"""Tests of scripts/check_operations.py (run by `make check`: python3 scripts/test_check_operations.py).

Each test writes a small web/ (openapi.json, README.md with the API-only table, a few sources)
and asserts what the check counts as a call and what it refuses.
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_operations  # noqa: E402

# The shared payment code the check expects to find (its run-time calls).
PAYMENT_CODE = {
    "src/lib/use-file-url.ts": "`${env.apiUrl}${url ?? answer.url}`",
    "src/lib/payments/intents.ts": "apiClient.post<DataEnvelope<PaymentIntent>>(base\n`${base}/finalize/",
    "src/lib/payments/paypal.ts": "apiClient.post<DataEnvelope<PayPalPayment>>(route\n`${route}/execute`",
}

PATHS = {
    "/healthz": ["get"],
    "/contests/{id}": ["get", "delete"],
    "/contests/{id}/entries/{entryId}/reactions": ["post"],
    "/files/{id}/content": ["get"],
    "/files/{id}/download": ["get"],
    "/carts/payments/stripe/payment-intents": ["post"],
    "/carts/payments/stripe/payment-intents/finalize/{intentId}": ["post"],
    "/carts/payments/paypal": ["post"],
    "/carts/payments/paypal/execute": ["get"],
}

README = """# web

## API-only operations

| operation | why |
| --- | --- |
{rows}
## Next
"""


def web(sources, api_only=(("GET /healthz", "probe"),), paths=None):
    root = tempfile.TemporaryDirectory()
    doc = {"paths": {p: {m: {} for m in ms} for p, ms in (paths or PATHS).items()}}
    files = {"openapi.json": json.dumps(doc), **PAYMENT_CODE, **sources}
    rows = "".join(f"| `{op}` | {why} |\n" for op, why in api_only)
    files["README.md"] = README.format(rows=rows)
    for rel, text in files.items():
        path = os.path.join(root.name, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return root


ALL_CALLED = {
    "src/features/a/api.ts": (
        "const REACTIONS = '/contests/{id}/entries/{entryId}/reactions';\n"
        "api.POST(REACTIONS, { params });\n"
        "ok(api.GET('/contests/{id}', { params }));\n"
        "ok(api.DELETE('/contests/{id}', { params }));\n"
        "link.href = `${env.apiUrl}/files/${fileId}/download?token=${token}`;\n"
        "export const CART = '/carts/payments/stripe/payment-intents';\n"
    ),
}


class Calls(unittest.TestCase):
    def test_typed_calls_links_and_payment_routes_reach_every_operation(self):
        with web(ALL_CALLED) as root:
            ops, called, listed, problems = check_operations.check(root, not_yet={})
        self.assertEqual(problems, [])
        self.assertEqual(called, ops - {("GET", "/healthz")})

    def test_an_operation_nobody_calls_fails(self):
        sources = {"src/features/a/api.ts": ALL_CALLED["src/features/a/api.ts"].replace("api.DELETE", "noop")}
        with web(sources) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertEqual(problems, ["no way in from the browser: DELETE /contests/{id}"])

    def test_a_client_route_is_not_an_api_call(self):
        # `/contests/${id}` in a <Link> is the client's page, not GET /contests/{id}.
        sources = {"src/features/a/api.ts": ALL_CALLED["src/features/a/api.ts"].replace("api.GET", "noop")}
        sources["src/features/a/page.tsx"] = "<Link to={`/contests/${id}`}>open</Link>\n"
        with web(sources) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertEqual(problems, ["no way in from the browser: GET /contests/{id}"])

    def test_tests_are_not_callers(self):
        sources = {"src/features/a/api.test.ts": ALL_CALLED["src/features/a/api.ts"]}
        with web(sources) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertIn("no way in from the browser: DELETE /contests/{id}", problems)


class Lists(unittest.TestCase):
    def test_not_yet_reachable_passes_with_its_reason(self):
        sources = {"src/features/a/api.ts": ALL_CALLED["src/features/a/api.ts"].replace("api.DELETE", "noop")}
        with web(sources) as root:
            problems = check_operations.check(root, not_yet={("DELETE", "/contests/{id}"): "TODO: a screen"})[3]
        self.assertEqual(problems, [])

    def test_a_listed_operation_that_is_called_is_stale(self):
        rows = (("GET /healthz", "probe"), ("GET /contests/{id}", "one contest"))
        with web(ALL_CALLED, api_only=rows) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertEqual(problems, ["API-only (web/README.md) lists GET /contests/{id}, which web/src calls: remove the row"])

    def test_an_api_only_row_needs_a_reason_and_a_real_operation(self):
        rows = (("GET /healthz", ""), ("GET /gone", "was here"))
        with web(ALL_CALLED, api_only=rows) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertIn("web/README.md lists GET /healthz as API-only without a reason", problems)
        self.assertIn("API-only (web/README.md) lists GET /gone, which openapi.json does not have", problems)

    def test_payment_code_that_moved_is_reported(self):
        with web({**ALL_CALLED, "src/lib/payments/paypal.ts": "// moved"}) as root:
            problems = check_operations.check(root, not_yet={})[3]
        self.assertTrue(any("src/lib/payments/paypal.ts no longer holds" in p for p in problems), problems)


if __name__ == "__main__":
    unittest.main()
