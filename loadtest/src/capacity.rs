//! The fair race of `make bench` (issue #27): capacity at a latency bound, the same load
//! for every server, and medians of repeated runs, read from the reports the capacity
//! search of `loadtest/bench.sh` leaves in its folder.
//!
//! Files: `<server>-<scenario>-cap<repeat>-<rate>.json` for each step of the search (one
//! fresh server process per step), `<server>-<scenario>-eq<repeat>.json` for the equal-load
//! runs. A step [`sustained`] its load when nothing was lost or refused, every subscriber
//! stayed connected, the publisher reached the asked rate and p99 stayed within the bound.
//! A repeat's capacity is its highest sustained step; the headline is the median of the
//! repeats, with their min and max.

use std::fmt::Write;
use std::path::Path;

use crate::report::Report;

/// One figure of a report, for a row of the equal-load table.
type Figure = dyn Fn(&Report) -> Option<f64>;

/// The latency bound of the capacity search, ms.
pub const P99_BOUND_MS: f64 = 50.0;
/// Share of the asked rate the publisher must reach for a step to count.
const RATE_REACHED: f64 = 0.95;

/// Why a run did not sustain its load, or `Ok` if it did.
pub fn sustained(report: &Report, p99_ms: f64) -> Result<(), String> {
    let reached = offered_events_per_sec(report);
    let mut why = Vec::new();
    if report.connections_failed > 0 || report.connections_dropped > 0 {
        why.push(format!("{} connections failed, {} dropped", report.connections_failed, report.connections_dropped));
    }
    if report.publish_errors > 0 || report.events_not_sent > 0 {
        why.push(format!("{} events refused, {} not sent", report.publish_errors, report.events_not_sent));
    }
    if reached < f64::from(report.rate) * RATE_REACHED {
        why.push(format!("publisher reached {reached:.0} of {} events/s", report.rate));
    }
    if report.lost > 0 {
        why.push(format!("lost {}", report.lost));
    }
    if report.latency_ms.p99 > p99_ms {
        why.push(format!("p99 {:.1} ms", report.latency_ms.p99));
    }
    if report.buses.iter().any(|b| b.lagged > 0) {
        why.push("bus lagged".into());
    }
    if why.is_empty() {
        Ok(())
    } else {
        Err(why.join(", "))
    }
}

/// Events per second the publisher reached.
pub fn offered_events_per_sec(report: &Report) -> f64 {
    if report.publish_s > 0.0 {
        report.events_published as f64 / report.publish_s
    } else {
        0.0
    }
}

/// Deliveries per second offered and sustained: every expected delivery over the seconds
/// publishing took (a sustained step lost none).
pub fn deliveries_per_sec(report: &Report) -> f64 {
    if report.publish_s > 0.0 {
        report.deliveries_expected as f64 / report.publish_s
    } else {
        0.0
    }
}

/// The median, min and max of some values (median of an even count: the mean of the middle two).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub count: usize,
}

impl Spread {
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 };
        Some(Spread { median, min: v[0], max: v[n - 1], count: n })
    }

    /// `median [min-max]` with `digits` decimals (thousands separated when 0).
    pub fn show(&self, digits: usize) -> String {
        let f = |x: f64| if digits == 0 { crate::summary::thousands(x) } else { format!("{x:.digits$}") };
        if self.count == 1 {
            f(self.median)
        } else {
            format!("{} [{}-{}]", f(self.median), f(self.min), f(self.max))
        }
    }
}

/// One step of a search as found on disk.
#[derive(Debug, Clone)]
pub struct Step {
    pub repeat: u32,
    pub rate: u32,
    pub report: Report,
}

/// Every `<server>-<scenario>-<kind><repeat>[-<rate>].json` in `dir`, sorted by repeat and rate.
fn steps(dir: &Path, server: &str, scenario: &str, kind: &str) -> Vec<Step> {
    let prefix = format!("{server}-{scenario}-{kind}");
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix).and_then(|r| r.strip_suffix(".json")) else { continue };
        let (repeat, rate) = match rest.split_once('-') {
            Some((repeat, rate)) => (repeat.parse().ok(), rate.parse().ok()),
            None => (rest.parse().ok(), Some(0)),
        };
        let (Some(repeat), Some(rate)) = (repeat, rate) else { continue };
        let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
        match serde_json::from_str::<Report>(&text) {
            Ok(report) => found.push(Step { repeat, rate: if rate == 0 { report.rate } else { rate }, report }),
            Err(err) => eprintln!("warning: {name} does not read as a report: {err}"),
        }
    }
    found.sort_by_key(|s| (s.repeat, s.rate));
    found
}

/// A server's capacity in one scenario: per repeat, the highest sustained step, and the
/// first step above it that was not sustained (what limited the figure).
#[derive(Debug, Clone)]
pub struct Capacity {
    /// Per repeat: the best sustained step (None: not even the first step held).
    pub best: Vec<Option<Step>>,
    /// Per repeat: the lowest step above the best that failed, with why.
    pub limited_by: Vec<Option<(u32, String)>>,
    pub steps_run: usize,
}

impl Capacity {
    pub fn read(dir: &Path, server: &str, scenario: &str) -> Option<Capacity> {
        let all = steps(dir, server, scenario, "cap");
        if all.is_empty() {
            return None;
        }
        let mut repeats: Vec<u32> = all.iter().map(|s| s.repeat).collect();
        repeats.dedup();
        let (mut best, mut limited_by) = (Vec::new(), Vec::new());
        for repeat in repeats {
            let mine: Vec<&Step> = all.iter().filter(|s| s.repeat == repeat).collect();
            let top = mine.iter().filter(|s| sustained(&s.report, P99_BOUND_MS).is_ok()).max_by_key(|s| s.rate);
            let floor = top.map_or(0, |s| s.rate);
            let failed = mine
                .iter()
                .filter(|s| s.rate > floor)
                .find_map(|s| sustained(&s.report, P99_BOUND_MS).err().map(|why| (s.rate, why)));
            best.push(top.map(|s| (*s).clone()));
            limited_by.push(failed);
        }
        Some(Capacity { best, limited_by, steps_run: all.len() })
    }

    /// Deliveries per second sustained, per repeat (0 when nothing held).
    pub fn deliveries(&self) -> Spread {
        let v: Vec<f64> = self.best.iter().map(|b| b.as_ref().map_or(0.0, |s| deliveries_per_sec(&s.report))).collect();
        Spread::of(&v).unwrap_or(Spread { median: 0.0, min: 0.0, max: 0.0, count: 0 })
    }

    /// The repeat whose capacity is the median (its step's other figures go in the table).
    pub fn median_step(&self) -> Option<&Step> {
        let mut held: Vec<&Step> = self.best.iter().flatten().collect();
        held.sort_by(|a, b| deliveries_per_sec(&a.report).total_cmp(&deliveries_per_sec(&b.report)));
        held.get(held.len().saturating_sub(1) / 2).copied()
    }

    fn spread(&self, f: impl Fn(&Report) -> Option<f64>) -> Option<Spread> {
        Spread::of(&self.best.iter().flatten().filter_map(|s| f(&s.report)).collect::<Vec<_>>())
    }
}

/// The equal-load runs of a server in one scenario.
pub fn equal_load(dir: &Path, server: &str, scenario: &str) -> Vec<Report> {
    steps(dir, server, scenario, "eq").into_iter().map(|s| s.report).collect()
}

const SERVERS: [(&str, &str); 4] =
    [("vitrine", "Vitrine hub"), ("socketio", "Socket.IO"), ("sockudo", "Sockudo"), ("limit", "limit peer")];

/// A Markdown table: servers as columns, then `ours / theirs` for each other server.
struct Grid {
    present: Vec<&'static str>,
    out: String,
}

impl Grid {
    fn new(title: &str, present: Vec<&'static str>) -> Self {
        let mut out = format!("| {title} |");
        let mut rule = String::from("|---|");
        for s in &present {
            let name = SERVERS.iter().find(|(k, _)| k == s).map_or(*s, |(_, n)| n);
            let _ = write!(out, " {name} |");
            rule.push_str("---|");
        }
        for s in present.iter().skip(1) {
            let _ = write!(out, " Vitrine / {s} |");
            rule.push_str("---|");
        }
        let _ = writeln!(out, "\n{rule}");
        Grid { present, out }
    }

    fn row(&mut self, label: &str, cells: &[String], values: Option<&[Option<f64>]>) {
        let _ = write!(self.out, "| {label} |");
        for c in cells {
            let _ = write!(self.out, " {c} |");
        }
        for i in 1..self.present.len() {
            let r = values.map_or_else(String::new, |v| crate::summary::ratio(v[0], v[i]));
            let _ = write!(self.out, " {r} |");
        }
        self.out.push('\n');
    }
}

/// What the capacity search and the equal-load runs found, as Markdown, plus the goals of
/// issue #27 they bear on. Empty when the folder holds no such reports.
pub fn section(dir: &Path) -> String {
    let mut out = String::new();
    let mut goals = String::new();
    for scenario in ["fanout", "broadcast"] {
        let caps: Vec<(&'static str, Capacity)> =
            SERVERS.iter().filter_map(|(s, _)| Capacity::read(dir, s, scenario).map(|c| (*s, c))).collect();
        if let Some((_, first)) = caps.first() {
            capacity_table(scenario, &caps, first, &mut out, &mut goals);
        }
        let equal: Vec<(&'static str, Vec<Report>)> = SERVERS
            .iter()
            .map(|(s, _)| (*s, equal_load(dir, s, scenario)))
            .filter(|(_, runs)| !runs.is_empty())
            .collect();
        if !equal.is_empty() {
            equal_table(scenario, &equal, &mut out, &mut goals);
        }
    }
    if !goals.is_empty() {
        let _ = writeln!(out, "Goals of issue #27 these tables bear on:\n\n{goals}");
    }
    out
}

fn capacity_table(
    scenario: &str,
    caps: &[(&'static str, Capacity)],
    first: &Capacity,
    out: &mut String,
    goals: &mut String,
) {
    let sample = first.best.iter().flatten().next().map(|s| &s.report);
    let shape = sample.map_or_else(String::new, |r| {
        format!(
            ", {} subscribers, {} channel{}",
            r.connections_requested,
            r.channels,
            if r.channels == 1 { "" } else { "s" }
        )
    });
    let repeats = caps.iter().map(|(_, c)| c.best.len()).max().unwrap_or(0);
    let title = format!(
        "`{scenario}` capacity: deliveries/s at p99 <= {P99_BOUND_MS} ms, zero loss{shape}; median of {repeats} \
         [min-max], one fresh process per step"
    );
    let mut g = Grid::new(&title, caps.iter().map(|(s, _)| *s).collect());
    let each = |f: &dyn Fn(&Capacity) -> String| caps.iter().map(|(_, c)| f(c)).collect::<Vec<_>>();
    let vals = |f: &dyn Fn(&Capacity) -> Option<f64>| caps.iter().map(|(_, c)| f(c)).collect::<Vec<_>>();
    g.row("deliveries/s sustained", &each(&|c| c.deliveries().show(0)), Some(&vals(&|c| Some(c.deliveries().median))));
    g.row(
        "events/s published at that step",
        &each(&|c| c.spread(|r| Some(offered_events_per_sec(r))).map_or("-".into(), |s| s.show(0))),
        None,
    );
    g.row(
        "p99 / p99.9 ms at that step (median repeat)",
        &each(&|c| {
            c.median_step()
                .map_or("-".into(), |s| format!("{:.1} / {:.1}", s.report.latency_ms.p99, s.report.latency_ms.p99_9))
        }),
        None,
    );
    g.row(
        "server CPU µs per delivery at that step",
        &each(&|c| c.spread(|r| r.cpu_us_per_delivery).map_or("-".into(), |s| s.show(2))),
        Some(&vals(&|c| c.spread(|r| r.cpu_us_per_delivery).map(|s| s.median))),
    );
    g.row(
        "server CPU % of its core at that step",
        &each(&|c| c.spread(|r| r.server_usage.cpu_percent).map_or("-".into(), |s| s.show(0))),
        None,
    );
    g.row(
        "the next step up failed by (limited by)",
        &each(&|c| {
            c.limited_by
                .iter()
                .map(|l| l.as_ref().map_or("no failing step".into(), |(rate, why)| format!("{rate} ev/s: {why}")))
                .collect::<Vec<_>>()
                .join("; ")
        }),
        None,
    );
    g.row(
        "steps run / load average seen",
        &each(&|c| {
            let loads: Vec<f64> = c
                .best
                .iter()
                .flatten()
                .flat_map(|s| [s.report.load_average.start, s.report.load_average.end])
                .collect();
            let l = Spread::of(&loads);
            format!("{} / {}", c.steps_run, l.map_or("-".into(), |l| format!("{:.1}-{:.1}", l.min, l.max)))
        }),
        None,
    );
    let _ = writeln!(out, "{}", g.out);
    let ours = caps.iter().find(|(s, _)| *s == "vitrine").map(|(_, c)| c.deliveries().median);
    for (peer, times) in [("socketio", 5.0), ("sockudo", 2.0), ("limit", 0.6)] {
        let theirs = caps.iter().find(|(s, _)| *s == peer).map(|(_, c)| c.deliveries().median);
        let what = if peer == "limit" {
            format!("`{scenario}` capacity at least 60 % of the limit peer's")
        } else {
            format!("`{scenario}` capacity at least {times}x {peer}'s")
        };
        let _ = match (ours, theirs) {
            (Some(o), Some(t)) if t > 0.0 => writeln!(
                goals,
                "- {what}: **{}** ({:.2}x: {} vs {} deliveries/s, medians)",
                if o / t >= times { "met" } else { "missed" },
                o / t,
                crate::summary::thousands(o),
                crate::summary::thousands(t)
            ),
            _ => writeln!(goals, "- {what}: not measured in this run"),
        };
    }
}

fn equal_table(scenario: &str, equal: &[(&'static str, Vec<Report>)], out: &mut String, goals: &mut String) {
    let sample = &equal[0].1[0];
    let runs = equal.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
    let title = format!(
        "`{scenario}` at equal load: {} events/s, {} subscribers, {} channel{}, {} s; median of {runs} [min-max]",
        sample.rate,
        sample.connections_requested,
        sample.channels,
        if sample.channels == 1 { "" } else { "s" },
        sample.duration_s
    );
    let mut g = Grid::new(&title, equal.iter().map(|(s, _)| *s).collect());
    let spread = |runs: &[Report], f: &dyn Fn(&Report) -> Option<f64>| {
        Spread::of(&runs.iter().filter_map(f).collect::<Vec<_>>())
    };
    let each = |f: &dyn Fn(&Report) -> Option<f64>, digits: usize| {
        equal.iter().map(|(_, runs)| spread(runs, f).map_or("-".into(), |s| s.show(digits))).collect::<Vec<_>>()
    };
    let vals = |f: &dyn Fn(&Report) -> Option<f64>| {
        equal.iter().map(|(_, runs)| spread(runs, f).map(|s| s.median)).collect::<Vec<_>>()
    };
    g.row(
        "lost / failed connections (all runs)",
        &equal
            .iter()
            .map(|(_, runs)| {
                format!(
                    "{} / {}",
                    runs.iter().map(|r| r.lost).sum::<u64>(),
                    runs.iter().map(|r| r.connections_failed).sum::<usize>()
                )
            })
            .collect::<Vec<_>>(),
        None,
    );
    g.row("events/s published", &each(&|r| Some(offered_events_per_sec(r)), 0), None);
    let rows: [(&str, &Figure, usize); 6] = [
        ("latency p50 ms", &|r| Some(r.latency_ms.p50), 2),
        ("latency p99 ms", &|r| Some(r.latency_ms.p99), 2),
        ("latency p99.9 ms", &|r| Some(r.latency_ms.p99_9), 2),
        ("server CPU µs per delivery", &|r| r.cpu_us_per_delivery, 2),
        ("server CPU % of its core", &|r| r.server_usage.cpu_percent, 0),
        ("server RSS peak MiB", &|r| r.server_usage.rss_peak_mib, 1),
    ];
    for (label, f, digits) in rows {
        g.row(label, &each(f, digits), Some(&vals(f)));
    }
    g.row(
        "load average seen",
        &equal
            .iter()
            .map(|(_, runs)| {
                let l: Vec<f64> = runs.iter().flat_map(|r| [r.load_average.start, r.load_average.end]).collect();
                Spread::of(&l).map_or("-".into(), |l| format!("{:.1}-{:.1}", l.min, l.max))
            })
            .collect::<Vec<_>>(),
        None,
    );
    let _ = writeln!(out, "{}", g.out);
    let p99 = vals(&|r| Some(r.latency_ms.p99));
    let ours = equal.iter().position(|(s, _)| *s == "vitrine").and_then(|i| p99[i]);
    for peer in ["socketio", "sockudo"] {
        let theirs = equal.iter().position(|(s, _)| *s == peer).and_then(|i| p99[i]);
        let what = format!("`{scenario}` at equal load: p99 no worse than {peer}'s");
        let _ = match (ours, theirs) {
            (Some(o), Some(t)) => writeln!(
                goals,
                "- {what}: **{}** ({o:.2} vs {t:.2} ms, medians)",
                if o <= t { "met" } else { "missed" }
            ),
            _ => writeln!(goals, "- {what}: not measured in this run"),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreads_take_the_middle() {
        let s = Spread::of(&[3.0, 1.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (2.0, 1.0, 3.0));
        assert_eq!(Spread::of(&[1.0, 4.0]).unwrap().median, 2.5);
        assert!(Spread::of(&[]).is_none());
        assert_eq!(Spread::of(&[1234.0]).unwrap().show(0), "1,234");
        assert_eq!(Spread::of(&[1.0, 2.0, 3.0]).unwrap().show(1), "2.0 [1.0-3.0]");
    }
}
