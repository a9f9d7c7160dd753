//! `summarize`: turns the JSON reports of one `make bench` run (`<server>-<scenario>.json`
//! in one folder) into a dated Markdown section with the servers side by side, the ratios,
//! the issue's targets, the command and the machine, and puts it at the top of
//! BENCHMARKS.md (older sections stay below it).

use std::fmt::Write;
use std::path::Path;

use anyhow::Context;
use serde::de::DeserializeOwned;

use crate::cli::SummarizeArgs;
use crate::report::{opt, IdleReport, MarketReport, Report};

/// Servers in column order.
const SERVERS: [(&str, &str); 4] =
    [("vitrine", "Vitrine hub"), ("socketio", "Socket.IO peer"), ("sockudo", "Sockudo peer"), ("limit", "limit peer")];

fn load<T: DeserializeOwned>(dir: &Path, server: &str, scenario: &str) -> Option<T> {
    let text = std::fs::read_to_string(dir.join(format!("{server}-{scenario}.json"))).ok()?;
    match serde_json::from_str(&text) {
        Ok(report) => Some(report),
        Err(err) => {
            eprintln!("warning: {server}-{scenario}.json does not read as a report: {err}");
            None
        }
    }
}

pub(crate) fn thousands(value: f64) -> String {
    let digits = format!("{:.0}", value.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `ours / theirs` as "2.1x", or "-" when either is missing or zero.
pub(crate) fn ratio(ours: Option<f64>, theirs: Option<f64>) -> String {
    match (ours, theirs) {
        (Some(a), Some(b)) if b > 0.0 && a.is_finite() => format!("{:.2}x", a / b),
        _ => "-".into(),
    }
}

/// A table: one row per figure, one column per server present, then the ratios of ours
/// to each peer's.
struct Table {
    present: Vec<&'static str>,
    head: String,
    rows: String,
}

impl Table {
    fn new(title: String, present: Vec<&'static str>) -> Self {
        let mut head = format!("| {title} |");
        let mut rule = String::from("|---|");
        for server in &present {
            let name = SERVERS.iter().find(|(s, _)| s == server).map_or(*server, |(_, n)| n);
            let _ = write!(head, " {name} |");
            rule.push_str("---|");
        }
        for server in present.iter().skip(1) {
            let _ = write!(head, " Vitrine / {server} |");
            rule.push_str("---|");
        }
        Table { present, head: format!("{head}\n{rule}\n"), rows: String::new() }
    }

    /// A row of text cells, with ratios of the numeric `value`s when given.
    fn row(&mut self, label: &str, cells: Vec<String>, values: Option<Vec<Option<f64>>>) {
        let _ = write!(self.rows, "| {label} |");
        for cell in &cells {
            let _ = write!(self.rows, " {cell} |");
        }
        for i in 1..self.present.len() {
            let r = values.as_ref().map_or_else(String::new, |v| ratio(v[0], v[i]));
            let _ = write!(self.rows, " {r} |");
        }
        self.rows.push('\n');
    }

    fn render(&self) -> String {
        format!("{}{}", self.head, self.rows)
    }
}

/// Events published divided by the seconds publishing took (from the timeline in reports
/// written before `publish_s` existed).
fn publish_rate(report: &Report) -> f64 {
    if report.publish_s > 0.0 {
        return report.events_published as f64 / report.publish_s;
    }
    let seconds = report.timeline.iter().rposition(|p| p.published > 0).map_or(0, |i| i + 1);
    if seconds == 0 {
        return 0.0;
    }
    // The last second is usually partial: count it by its share of a full one.
    let full = report.timeline[..seconds - 1].iter().map(|p| p.published).max().unwrap_or(0).max(1) as f64;
    let last = report.timeline[seconds - 1].published as f64;
    report.events_published as f64 / ((seconds - 1) as f64 + (last / full).min(1.0))
}

fn pubsub_table(dir: &Path, scenario: &str, out: &mut String) -> Option<Vec<(&'static str, Report)>> {
    let reports: Vec<(&'static str, Report)> =
        SERVERS.iter().filter_map(|(s, _)| load::<Report>(dir, s, scenario).map(|r| (*s, r))).collect();
    let first = &reports.first()?.1;
    let title = format!(
        "`{scenario}`: {} conns, {} channel{}, {} events/s, {} s{}",
        thousands(first.connections_requested as f64),
        first.channels,
        if first.channels == 1 { "" } else { "s" },
        thousands(f64::from(first.rate)),
        first.duration_s,
        if first.nodes.len() > 1 { format!(", {} nodes", first.nodes.len()) } else { String::new() }
    );
    let mut t = Table::new(title, reports.iter().map(|(s, _)| *s).collect());
    let each = |f: &dyn Fn(&Report) -> String| reports.iter().map(|(_, r)| f(r)).collect::<Vec<_>>();
    let vals = |f: &dyn Fn(&Report) -> Option<f64>| Some(reports.iter().map(|(_, r)| f(r)).collect::<Vec<_>>());
    t.row("wire", each(&|r| r.encoding.clone()), None);
    t.row(
        "connections established / failed",
        each(&|r| format!("{} / {}", thousands(r.connections_established as f64), r.connections_failed)),
        None,
    );
    t.row(
        "events published (refused)",
        each(&|r| {
            format!("{} ({}; {} not sent)", thousands(r.events_published as f64), r.publish_errors, r.events_not_sent)
        }),
        None,
    );
    // The peers' publish calls can fall behind the asked rate: then the offered load was
    // lower than ours, and the latencies compare unequal loads.
    t.row("publish rate reached, events/s", each(&|r| thousands(publish_rate(r))), vals(&|r| Some(publish_rate(r))));
    t.row(
        "deliveries expected / delivered",
        each(&|r| format!("{} / {}", thousands(r.deliveries_expected as f64), thousands(r.delivered as f64))),
        None,
    );
    t.row(
        "lost / duplicated / out of order",
        each(&|r| format!("{} / {} / {}", r.lost, r.duplicated, r.out_of_order)),
        None,
    );
    for (label, f) in [
        ("latency p50 ms", (|r: &Report| r.latency_ms.p50) as fn(&Report) -> f64),
        ("latency p90 ms", |r| r.latency_ms.p90),
        ("latency p99 ms", |r| r.latency_ms.p99),
        ("latency p99.9 ms", |r| r.latency_ms.p99_9),
        ("latency max ms", |r| r.latency_ms.max),
    ] {
        t.row(label, each(&|r| format!("{:.2}", f(r))), vals(&|r| Some(f(r))));
    }
    t.row("deliveries per second", each(&|r| thousands(r.deliveries_per_sec)), vals(&|r| Some(r.deliveries_per_sec)));
    t.row(
        "server RSS MiB end / peak",
        each(&|r| format!("{} / {}", opt(r.server_usage.rss_mib), opt(r.server_usage.rss_peak_mib))),
        vals(&|r| r.server_usage.rss_peak_mib),
    );
    t.row(
        "server CPU % of one core",
        each(&|r| opt(r.server_usage.cpu_percent)),
        vals(&|r| r.server_usage.cpu_percent),
    );
    // Cross-node runs: what the Redis servers spent (bench.sh reads `INFO cpu` of each before
    // and after the run), per delivery, so a single Redis and a sharded cluster compare.
    let redis: Vec<Option<RedisCpu>> =
        reports.iter().map(|(s, _)| load::<RedisCpu>(dir, s, &format!("{scenario}.redis"))).collect();
    if redis.iter().any(Option::is_some) {
        let per_delivery = |(r, cpu): (&Report, &Option<RedisCpu>)| {
            cpu.as_ref().filter(|_| r.delivered > 0).map(|c| c.cpu_s * 1e6 / r.delivered as f64)
        };
        let pairs = || reports.iter().map(|(_, r)| r).zip(redis.iter());
        t.row(
            "Redis CPU µs per delivery (servers)",
            pairs()
                .map(|(r, c)| match (per_delivery((r, c)), c) {
                    (Some(us), Some(c)) => format!("{us:.2} ({})", c.servers),
                    _ => "-".to_owned(),
                })
                .collect(),
            Some(pairs().map(per_delivery).collect()),
        );
    }
    let _ = writeln!(out, "{}", t.render());
    Some(reports)
}

/// `<server>-<stem>.redis.json`, written by bench.sh around a cross-node run.
#[derive(serde::Deserialize)]
struct RedisCpu {
    /// Seconds of CPU (user + system) all the Redis servers spent during the run.
    #[serde(rename = "redis_cpu_s")]
    cpu_s: f64,
    /// How many Redis servers: 1, or a sharded cluster's masters.
    #[serde(rename = "redis_servers")]
    servers: usize,
}

fn idle_table(dir: &Path, out: &mut String) -> Option<Vec<(&'static str, IdleReport)>> {
    let reports: Vec<(&'static str, IdleReport)> =
        SERVERS.iter().filter_map(|(s, _)| load::<IdleReport>(dir, s, "idle").map(|r| (*s, r))).collect();
    let first = &reports.first()?.1;
    let title = format!("`idle`: {} connections asked for", thousands(first.connections_requested as f64));
    let mut t = Table::new(title, reports.iter().map(|(s, _)| *s).collect());
    let each = |f: &dyn Fn(&IdleReport) -> String| reports.iter().map(|(_, r)| f(r)).collect::<Vec<_>>();
    let vals = |f: &dyn Fn(&IdleReport) -> Option<f64>| Some(reports.iter().map(|(_, r)| f(r)).collect::<Vec<_>>());
    t.row(
        "established / failed / dropped (fd limit)",
        each(&|r| {
            format!(
                "{} / {} / {} ({})",
                thousands(r.connections_established as f64),
                r.connections_failed,
                r.connections_dropped,
                r.fd_limit
            )
        }),
        None,
    );
    t.row("connects per second", each(&|r| thousands(r.connects_per_sec)), vals(&|r| Some(r.connects_per_sec)));
    t.row(
        "connect p50 / p99 ms",
        each(&|r| format!("{:.2} / {:.2}", r.connect_latency_ms.p50, r.connect_latency_ms.p99)),
        vals(&|r| Some(r.connect_latency_ms.p99)),
    );
    t.row(
        "server RSS MiB before / held",
        each(&|r| format!("{} / {}", opt(r.server_rss_before_mib), opt(r.server_rss_after_mib))),
        vals(&|r| r.server_rss_after_mib),
    );
    t.row(
        "server KiB per connection (held - before) / all",
        each(&|r| opt(r.server_kib_per_connection)),
        vals(&|r| r.server_kib_per_connection),
    );
    t.row(
        "server KiB per connection of the second half (held - half held) / half",
        each(&|r| opt(r.server_kib_per_connection_second_half)),
        vals(&|r| r.server_kib_per_connection_second_half),
    );
    t.row("server CPU % of one core (ramp)", each(&|r| opt(r.server_cpu_percent)), vals(&|r| r.server_cpu_percent));
    let _ = writeln!(out, "{}", t.render());
    Some(reports)
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map_or("unknown CPU".to_owned(), |m| m.trim().to_owned());
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let mem_gib = meminfo
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |kib| kib / 1024.0 / 1024.0);
    format!("{cores} cores ({model}), {mem_gib:.0} GiB memory")
}

fn today() -> String {
    std::process::Command::new("date")
        .args(["-u", "+%Y-%m-%d %H:%M UTC"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown date".into(), |s| s.trim().to_owned())
}

/// A target line: met, missed, or not measured.
fn target(out: &mut String, what: &str, verdict: Option<(bool, String)>) {
    let _ = match verdict {
        Some((true, how)) => writeln!(out, "- {what}: **met** ({how})"),
        Some((false, how)) => writeln!(out, "- {what}: **missed** ({how})"),
        None => writeln!(out, "- {what}: not measured in this run"),
    };
}

/// The `marketplace` goal of issue #27: zero loss, every live type's p99 under 100 ms, every
/// REST call's p99 under 100 ms but the password-hashing ones (reported apart).
fn market_verdict(m: &MarketReport) -> (bool, String) {
    // Sign-up is `POST /oauth/register`, sign-in `POST /oauth/token` (Argon2, slow on purpose).
    let hashing = |call: &str| call == "POST /oauth/register" || call == "POST /oauth/token";
    let live_worst =
        m.live.iter().map(|t| (t.latency_ms.p99, t.event_type.as_str())).max_by(|a, b| a.0.total_cmp(&b.0));
    let rest_worst = m
        .rest
        .iter()
        .filter(|c| !hashing(&c.call))
        .map(|c| (c.latency_ms.p99, c.call.as_str()))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let hashed: Vec<String> = m
        .rest
        .iter()
        .filter(|c| hashing(&c.call))
        .map(|c| format!("{} p99 {:.0} ms", c.call, c.latency_ms.p99))
        .collect();
    let delivered: u64 = m.live.iter().map(|t| t.delivered).sum();
    let pace = match m.think_ms {
        0 => format!("no pause, {:.0} writes/s", m.writes_per_sec),
        ms => format!("a {ms} ms pause between a contest's actions, {:.0} writes/s", m.writes_per_sec),
    };
    let how = format!(
        "{} contests x {} watchers, {pace}: lost {}, worst live p99 {}, worst REST p99 {}; apart: {}",
        m.contests,
        m.watchers_requested,
        m.lost,
        live_worst.map_or("-".into(), |(p, t)| format!("{p:.1} ms ({t})")),
        rest_worst.map_or("-".into(), |(p, c)| format!("{p:.1} ms ({c})")),
        if hashed.is_empty() { "-".into() } else { hashed.join(", ") }
    );
    let ok = m.lost == 0
        && delivered > 0
        && live_worst.is_some_and(|(p, _)| p < 100.0)
        && rest_worst.is_some_and(|(p, _)| p < 100.0);
    (ok, how)
}

/// The section for the reports in `dir`.
pub fn section(args: &SummarizeArgs) -> anyhow::Result<String> {
    let dir = &args.dir;
    let mut out = String::new();
    let _ = writeln!(out, "## {}: `make bench`, our hub and the peers side by side (issues #36, #27, #25)\n", today());
    let _ = writeln!(
        out,
        "Machine: {}; release builds; loopback. Each server under test is pinned to one core \
         (`taskset`), the harness to the other (Redis, not started by the bench, is not pinned); \
         the two `cluster` nodes get one core each with the harness beside them.\n",
        machine()
    );
    let _ = writeln!(out, "```\n{}\n```\n", args.command);
    let _ = writeln!(
        out,
        "Latency is publish-to-deliver on one clock (the publisher stamps each event; the subscriber \
         subtracts on decoding). Ratios are Vitrine / peer: below 1 is better for latency, memory and \
         CPU, above 1 is better for deliveries per second. A missing column means that server was not \
         run (see the notes).\n"
    );
    if let Some(charts) = &args.charts {
        let _ = writeln!(
            out,
            "Charts of latency and throughput per second (connections and memory for `idle`): \
             `{charts}/<server>-<scenario>.svg`.\n"
        );
    }
    out.push_str(&crate::capacity::section(dir));
    // Single fixed-rate runs (`<server>-fanout.json`, run by hand) still get their table.
    let _fanout = pubsub_table(dir, "fanout", &mut out);
    let _broadcast = pubsub_table(dir, "broadcast", &mut out);
    let _cluster = pubsub_table(dir, "cluster", &mut out);
    // Our hub again, its two nodes on a Redis Cluster with sharded pub/sub (issue #36).
    let _sharded = pubsub_table(dir, "cluster-sharded", &mut out);
    let idle = idle_table(dir, &mut out);
    let market = load::<MarketReport>(dir, "vitrine", "marketplace");
    if let Some(market) = &market {
        let _ = writeln!(out, "`marketplace` (Vitrine only: the peers have no product):\n\n{}", market.table());
    }
    // The same run again in the same process: memory a run leaves behind shows as growth here.
    if let Some(again) = load::<MarketReport>(dir, "vitrine", "marketplace-again") {
        let _ = writeln!(out, "`marketplace` again in the same process, right after it:\n\n{}", again.table());
    }
    let paced = load::<MarketReport>(dir, "vitrine", "marketplace-paced");
    if let Some(paced) = &paced {
        let _ = writeln!(
            out,
            "`marketplace` again on a fresh process, each contest's people pausing between actions:\n\n{}",
            paced.table()
        );
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("vitrine-timers.json")) {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
            let _ = writeln!(
                out,
                "`timers` ({} contest deadlines over {} s, {} workers, {}): transitioned {}, not exactly once {}, \
                 lag p50 / p99 / max {} / {} / {} ms.\n",
                v["contests"],
                v["spread_s"],
                v["workers"],
                v["backend"].as_str().unwrap_or("?"),
                v["transitioned"],
                v["not_exactly_once"],
                v["lag_ms"]["p50"].as_f64().unwrap_or(0.0).round(),
                v["lag_ms"]["p99"].as_f64().unwrap_or(0.0).round(),
                v["lag_ms"]["max"].as_f64().unwrap_or(0.0).round()
            );
        }
    }

    let _ = writeln!(out, "Other goals of issue #27 on this machine:\n");
    target(
        &mut out,
        "`idle`: server memory per idle connection at most 8 KiB",
        idle.as_ref().and_then(|r| r.iter().find(|(s, _)| *s == "vitrine")).map(|(_, r)| {
            // The larger of the two readings: the whole ramp's and the second half's.
            let all = r.server_kib_per_connection.unwrap_or(f64::INFINITY);
            let half = r.server_kib_per_connection_second_half.unwrap_or(all);
            let how = format!(
                "{} connections held (fd limit {}), {all:.1} KiB each over the whole ramp, {half:.1} over its second half",
                r.connections_established, r.fd_limit
            );
            (all.max(half) <= 8.0, how)
        }),
    );
    target(
        &mut out,
        "`marketplace`: zero loss, live event p99 under 100 ms, REST p99 under 100 ms but sign-up and sign-in",
        market.as_ref().map(market_verdict),
    );
    if let Some(paced) = &paced {
        target(&mut out, "`marketplace`, people pausing between actions: the same goal", Some(market_verdict(paced)));
    }
    out.push('\n');
    if let Some(notes) = &args.notes {
        let text = std::fs::read_to_string(notes).with_context(|| format!("reading {}", notes.display()))?;
        let _ = writeln!(out, "{}\n", text.trim_end());
    }
    Ok(out)
}

/// Puts `section` at the top of the benchmarks file, below its title and preamble (the
/// text before the first `## `).
pub fn prepend(benchmarks: &Path, section: &str) -> anyhow::Result<()> {
    let existing = std::fs::read_to_string(benchmarks).unwrap_or_else(|_| "# Benchmarks\n\n".into());
    let cut = existing.find("\n## ").map_or(existing.len(), |i| i + 1);
    let updated = format!("{}{}\n{}", &existing[..cut], section.trim_end(), format_args!("\n\n{}", &existing[cut..]));
    std::fs::write(benchmarks, updated.trim_end().to_owned() + "\n")
        .with_context(|| format!("writing {}", benchmarks.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_ratios_read_well() {
        assert_eq!(thousands(1_234_567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(ratio(Some(2.0), Some(4.0)), "0.50x");
        assert_eq!(ratio(Some(2.0), None), "-");
    }

    #[test]
    fn a_new_section_goes_above_the_older_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("BENCHMARKS.md");
        std::fs::write(&path, "# Benchmarks\n\nPreamble.\n\n## Older\n\nold\n").unwrap();
        prepend(&path, "## Newer\n\nnew\n").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let (newer, older) = (text.find("## Newer").unwrap(), text.find("## Older").unwrap());
        assert!(text.starts_with("# Benchmarks\n\nPreamble.\n") && newer < older, "{text}");
    }
}
