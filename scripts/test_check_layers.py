#!/usr/bin/env python3
"""Tests of scripts/check_layers.py and scripts/check_sql.py (run by `make check`:
python3 scripts/test_check_layers.py).

The layer check once read `use crate::{...}` only up to the first nested `}` and so
missed links between modules (issue #39): these tests feed it small source trees and
assert that nested use trees, cycles and forbidden imports are all found. The SQL check
(issue #39: SQL belongs in the store of the area that owns the table) is fed a handler
file and a logic module with a query, which fail, and a store file with the same query,
the seed and the hub's outbox, which pass. The layer check also fails on an event
written outside its unit (`outbox::append`, `.publish(` outside the hub).
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_layers  # noqa: E402
import check_sql  # noqa: E402


def tree(files):
    """A temporary server/src holding `files` ({relative path: source})."""
    root = tempfile.TemporaryDirectory()
    for rel, text in files.items():
        path = os.path.join(root.name, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return root


def run(root, check=check_layers):
    """The check's exit status and output on `root`."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = ["check.py", root]
    try:
        with contextlib.redirect_stdout(out):
            status = check.main()
    finally:
        sys.argv = argv
    return status, out.getvalue()


class UseTrees(unittest.TestCase):
    def test_nested_groups_name_every_path(self):
        paths = check_layers.tree_paths("{a::{b, c::{d, e}}, f::g as h, self, i::{self, j}}")
        self.assertEqual(paths, [["a", "b"], ["a", "c", "d"], ["a", "c", "e"], ["f", "g"], ["i"], ["i", "j"]])

    def test_a_module_after_a_nested_group_is_seen(self):
        source = "use crate::{\n    a::{b, c},\n    d::e,\n};\n"
        self.assertEqual(check_layers.targets_of(source), {"a", "d"})

    def test_inline_paths_and_plain_uses_are_seen(self):
        source = "use crate::x::y;\nfn f() { crate::z::w(); }\n"
        self.assertEqual(check_layers.targets_of(check_layers.strip_comments(source)), {"x", "z"})

    def test_comments_name_nothing(self):
        source = "// use crate::{a::{b}, c};\n/* crate::d::e */\nfn f() {}\n"
        self.assertEqual(check_layers.targets_of(check_layers.strip_comments(source)), set())


class Graph(unittest.TestCase):
    def test_a_cycle_through_a_nested_use_is_found(self):
        # b's link to a is the second item of a group after a nested one: the old parser
        # stopped at `c::{d}`'s brace and never saw it.
        root = tree({
            "a/mod.rs": "use crate::b::thing;\n",
            "b/mod.rs": "use crate::{c::{d}, a::other};\n",
            "c.rs": "",
        })
        with root:
            status, out = run(root.name)
        self.assertEqual(status, 1)
        self.assertIn("cycle between a, b:", out)
        self.assertIn("b -> a: b/mod.rs", out)

    def test_a_known_three_module_cycle_is_found(self):
        root = tree({
            "commerce/mod.rs": "use crate::projects::model::Row;\n",
            "projects/mod.rs": "use crate::{error::E, contests::{status::DAY_MS, brief}};\n",
            "contests/mod.rs": "use crate::{accounts::{x, y}, commerce::coupons};\n",
            "accounts/mod.rs": "",
            "error.rs": "",
        })
        with root:
            status, out = run(root.name)
        self.assertEqual(status, 1)
        self.assertIn("cycle between commerce, contests, projects:", out)

    def test_payments_may_not_import_an_area(self):
        root = tree({
            "payments/mod.rs": "use crate::{accounts::CurrentUser, state::AppState};\n",
            "payments/purpose.rs": "use crate::{error::E, contests::{launch::{owned}}};\n",
            "contests/mod.rs": "",
            "accounts/mod.rs": "",
            "state.rs": "",
            "error.rs": "",
        })
        with root:
            status, out = run(root.name)
        self.assertEqual(status, 1)
        self.assertIn("payments imports contests: payments/purpose.rs", out)

    def test_an_area_writing_the_outbox_itself_fails(self):
        root = tree({
            "realtime/outbox.rs": "pub async fn append() {}\n",
            "entries/events.rs": "use crate::realtime::outbox;\nasync fn f() { outbox::append(conn, ch, t, d, n).await; }\n",
        })
        status, out = run(root.name)
        self.assertEqual(status, 1)
        self.assertIn("entries/events.rs:2: an event outside its unit", out)

    def test_an_area_handing_frames_up_to_publish_fails(self):
        root = tree({"bids/routes.rs": "async fn f() { tx.publish(events); tx.publish(vec![event]); }\n"})
        status, out = run(root.name)
        self.assertEqual(status, 1)
        self.assertIn("bids/routes.rs:1", out)

    def test_the_hub_itself_and_a_units_append_pass(self):
        root = tree({
            "realtime/unit.rs": "async fn append() { outbox::append(&mut self.tx).await; self.publish(events); }\n",
            "entries/events.rs": "async fn f(unit: &mut Unit) { unit.append(ch, t, d, n).await; }\n",
        })
        status, out = run(root.name)
        self.assertEqual(status, 0, out)

    def test_a_clean_tree_passes(self):
        root = tree({
            "payments/mod.rs": "use crate::{accounts::{CurrentUser}, realtime::unit::Unit, state::AppState};\n",
            "contests/mod.rs": "use crate::{payments::{payable::{Payable}}, accounts::x};\n",
            "realtime/mod.rs": "use crate::error::E;\n",
            "accounts/mod.rs": "",
            "state.rs": "",
            "error.rs": "",
        })
        with root:
            status, out = run(root.name)
        self.assertEqual(status, 0, out)


HANDLER = """use axum::{extract::State, Json};

#[utoipa::path(get, path = "/things", tag = "things")]
pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<i64>>, AppError> {
    let ids: Vec<i64> = sqlx::query_scalar("SELECT id FROM thing ORDER BY id")
        .fetch_all(&state.db.pool)
        .await?;
    Ok(Json(ids))
}
"""

STORE = """//! SQL of things.

pub async fn ids<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM thing ORDER BY id").fetch_all(db).await
}
"""


class Sql(unittest.TestCase):
    def test_a_handler_file_with_a_query_fails(self):
        root = tree({"things/routes.rs": HANDLER, "things/store.rs": STORE})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 1)
        self.assertIn("handler file holds SQL: things/routes.rs: line 5", out)
        self.assertNotIn("things/store.rs", out)

    def test_sql_text_alone_in_a_router_file_fails(self):
        # A query string built in the file that makes the router is SQL there too, even
        # when another module's function runs it.
        source = ("pub fn router() -> OpenApiRouter<AppState> { OpenApiRouter::new() }\n"
                  "const LIST: &str = \"UPDATE thing SET seen = 1 WHERE id = $1\";\n")
        root = tree({"things/mod.rs": source})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 1)
        self.assertIn("handler file holds SQL: things/mod.rs: line 2", out)

    def test_a_store_file_passes_and_comments_and_tests_hold_no_sql(self):
        handler = ("//! Calls `sqlx::query(\"SELECT id FROM thing\")` through the store.\n"
                   "#[utoipa::path(get, path = \"/things\")]\npub async fn list() {}\n"
                   "#[cfg(test)]\nmod tests {\n    fn f() { sqlx::query(\"DELETE FROM thing\"); }\n}\n")
        root = tree({"things/routes.rs": handler, "things/store.rs": STORE, "other/store/rows.rs": STORE})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 0, out)
        self.assertIn("sql ok: 2 files hold SQL", out)

    def test_a_logic_module_with_a_query_fails(self):
        logic = ("//! Prices things.\n\npub async fn price(conn: &mut AnyConnection) -> i64 {\n"
                 "    sqlx::query_scalar(\"SELECT price FROM thing\").fetch_one(conn).await.unwrap()\n}\n")
        root = tree({"things/pricing.rs": logic, "things/store.rs": STORE})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 1)
        self.assertIn("SQL outside a store: things/pricing.rs: line 4", out)

    def test_the_seed_and_the_hubs_outbox_may_hold_sql(self):
        root = tree({"seed/things.rs": STORE, "realtime/outbox.rs": STORE, "catalogue/seed.rs": STORE})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 0, out)

    def test_a_store_named_otherwise_fails(self):
        root = tree({"things/thing_store.rs": STORE})
        with root:
            status, out = run(root.name, check_sql)
        self.assertEqual(status, 1)
        self.assertIn("store misnamed: things/thing_store.rs", out)


if __name__ == "__main__":
    unittest.main()
