//! `vitrine-loadtest`: the load harness (scenarios arrive with the harness issue).
//! Until then it refuses to pretend: it exits non-zero and says so.

fn main() {
    eprintln!("vitrine-loadtest: no scenarios are implemented yet (see the load-harness issue)");
    std::process::exit(2);
}
