#!/usr/bin/env python3
"""Tests of scripts/check_layers.py (run by `make check`: python3 scripts/test_check_layers.py).

The layer check once read `use crate::{...}` only up to the first nested `}` and so
missed links between modules (issue #39): these tests feed it small source trees and
assert that nested use trees, cycles and forbidden imports are all found.
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_layers  # noqa: E402


def tree(files):
    """A temporary server/src holding `files` ({relative path: source})."""
    root = tempfile.TemporaryDirectory()
    for rel, text in files.items():
        path = os.path.join(root.name, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return root


def run(root):
    """check_layers' exit status and output on `root`."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = ["check_layers.py", root]
    try:
        with contextlib.redirect_stdout(out):
            status = check_layers.main()
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


if __name__ == "__main__":
    unittest.main()
