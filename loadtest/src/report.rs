//! The figures of a run: a table for people, the same fields as JSON for `--out`, and the
//! chart's panels. One report type per kind of scenario: [`Report`] (`fanout`, `broadcast`,
//! `cluster`), [`IdleReport`], [`MarketReport`].

use std::fmt::Write;

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

use crate::chart::Panel;
use crate::stats::TimePoint;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub scenario: String,
    /// `vitrine` or the peer's name.
    pub server: String,
    pub target: String,
    /// Every node subscribers were spread over (one unless `cluster`).
    pub nodes: Vec<String>,
    pub encoding: String,
    pub channels: usize,
    /// Events per second asked for, over all channels.
    pub rate: u32,
    pub duration_s: f64,
    /// The harness's file-descriptor limit after raising it.
    pub fd_limit: u64,
    pub connections_requested: usize,
    pub connections_established: usize,
    pub connections_failed: usize,
    /// Established connections that ended before the run stopped them.
    pub connections_dropped: usize,
    pub events_published: u64,
    /// Seconds from the first publication to the last (the asked duration when the target
    /// kept up).
    #[serde(default)]
    pub publish_s: f64,
    /// Events not sent because the target fell too far behind the rate (see `Publisher`).
    #[serde(default)]
    pub events_not_sent: u64,
    pub publish_errors: u64,
    pub deliveries_expected: u64,
    pub delivered: u64,
    pub lost: u64,
    /// Subscribers that missed at least one event, and of those, the ones that heard
    /// nothing at all: tells a server that fell behind from connections it went deaf to.
    #[serde(default)]
    pub subscribers_short: usize,
    #[serde(default)]
    pub subscribers_silent: usize,
    pub duplicated: u64,
    pub out_of_order: u64,
    /// What order was judged by: the hub's `seq`, or the payload `id` (peers).
    pub order_basis: String,
    pub latency_ms: Latency,
    /// Distinct deliveries divided by the time from the first publication to the last delivery.
    pub deliveries_per_sec: f64,
    pub server_usage: ServerUsage,
    /// Server CPU time per distinct delivery, µs: the efficiency figure a noisy neighbour
    /// moves least (it counts the publish path too).
    #[serde(default)]
    pub cpu_us_per_delivery: Option<f64>,
    #[serde(default)]
    pub load_average: LoadAverage,
    /// Vitrine only: each node's bus and the bus messages it lost to lag during the run.
    #[serde(default)]
    pub buses: Vec<crate::bus::NodeBus>,
    pub timeline: Vec<TimePoint>,
}

/// Latency in milliseconds.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct Latency {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub p99_9: f64,
    pub max: f64,
}

impl Latency {
    pub fn from_micros(histogram: &Histogram<u64>) -> Self {
        let ms = |us: u64| us as f64 / 1000.0;
        Latency {
            p50: ms(histogram.value_at_quantile(0.50)),
            p90: ms(histogram.value_at_quantile(0.90)),
            p99: ms(histogram.value_at_quantile(0.99)),
            p99_9: ms(histogram.value_at_quantile(0.999)),
            max: ms(histogram.max()),
        }
    }
}

/// The server processes as `/proc` showed them (summed over nodes); `null` without
/// `--server-pid`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ServerUsage {
    pub pids: Vec<u32>,
    /// Resident memory at the end of the run, MiB.
    pub rss_mib: Option<f64>,
    /// Highest resident memory sampled during the run, MiB.
    pub rss_peak_mib: Option<f64>,
    /// CPU used from the first publication to the end of the drain, % of one core.
    pub cpu_percent: Option<f64>,
    /// The same CPU time in seconds (user plus system, every thread, from `/proc/<pid>/stat`).
    #[serde(default)]
    pub cpu_s: Option<f64>,
}

/// The machine's 1-minute load average when the run started and ended: a busy neighbour
/// shows here (2 cores: above 2 means something waited for a core).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct LoadAverage {
    pub start: f64,
    pub end: f64,
}

pub(crate) fn opt(v: Option<f64>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| format!("{v:.1}"))
}

fn render(rows: Vec<(&str, String)>) -> String {
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (key, value) in rows {
        let _ = writeln!(out, "| {key:<width$} | {value} |");
    }
    out
}

impl Report {
    pub fn table(&self) -> String {
        let l = &self.latency_ms;
        let u = &self.server_usage;
        render(vec![
            (
                "scenario",
                format!("{} ({} via {}, {})", self.scenario, self.server, self.nodes.join(" + "), self.encoding),
            ),
            ("load", format!("{} channels, {} events/s, {} s", self.channels, self.rate, self.duration_s)),
            (
                "connections",
                format!(
                    "{} established, {} failed, {} dropped (of {}; fd limit {})",
                    self.connections_established,
                    self.connections_failed,
                    self.connections_dropped,
                    self.connections_requested,
                    self.fd_limit
                ),
            ),
            (
                "events published",
                format!(
                    "{} in {:.1} s ({} refused, {} not sent)",
                    self.events_published, self.publish_s, self.publish_errors, self.events_not_sent
                ),
            ),
            ("deliveries expected", self.deliveries_expected.to_string()),
            ("delivered", self.delivered.to_string()),
            (
                "lost",
                format!(
                    "{} ({} subscribers short, {} of them heard nothing)",
                    self.lost, self.subscribers_short, self.subscribers_silent
                ),
            ),
            ("duplicated", self.duplicated.to_string()),
            ("out of order", format!("{} (by {})", self.out_of_order, self.order_basis)),
            ("latency p50 / p90 ms", format!("{:.2} / {:.2}", l.p50, l.p90)),
            ("latency p99 / p99.9 ms", format!("{:.2} / {:.2}", l.p99, l.p99_9)),
            ("latency max ms", format!("{:.2}", l.max)),
            ("deliveries per second", format!("{:.0}", self.deliveries_per_sec)),
            ("server RSS MiB (end / peak)", format!("{} / {}", opt(u.rss_mib), opt(u.rss_peak_mib))),
            ("server CPU % of a core", opt(u.cpu_percent)),
            ("server CPU µs per delivery", self.cpu_us_per_delivery.map_or_else(|| "-".into(), |v| format!("{v:.2}"))),
            ("load average start / end", format!("{:.2} / {:.2}", self.load_average.start, self.load_average.end)),
            (
                "bus (lagged messages)",
                if self.buses.is_empty() {
                    "n/a".into()
                } else {
                    self.buses.iter().map(|b| format!("{} ({})", b.bus, b.lagged)).collect::<Vec<_>>().join(", ")
                },
            ),
        ])
    }

    pub fn chart_panels(&self) -> Vec<Panel> {
        latency_and_throughput(&self.timeline, "deliveries/s", "published/s")
    }
}

/// The usual two panels: latency per second, then throughput per second.
pub(crate) fn latency_and_throughput(timeline: &[TimePoint], delivered: &str, published: &str) -> Vec<Panel> {
    let series = |f: fn(&TimePoint) -> f64| timeline.iter().map(f).collect::<Vec<f64>>();
    vec![
        Panel {
            title: "publish-to-deliver latency per second (ms)".into(),
            series: vec![
                ("p50".into(), series(|p| p.p50_ms)),
                ("p99".into(), series(|p| p.p99_ms)),
                ("max".into(), series(|p| p.max_ms)),
            ],
        },
        Panel {
            title: "throughput per second".into(),
            series: vec![
                (delivered.into(), series(|p| p.delivered as f64)),
                (published.into(), series(|p| p.published as f64)),
            ],
        },
    ]
}

/// `idle`: what holding connections costs the server.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct IdleReport {
    pub scenario: String,
    pub server: String,
    pub target: String,
    pub encoding: String,
    pub fd_limit: u64,
    pub connections_requested: usize,
    pub connections_established: usize,
    pub connections_failed: usize,
    /// Established connections that ended while held.
    pub connections_dropped: usize,
    /// Seconds from the first attempt to the last connection up.
    pub ramp_s: f64,
    pub connects_per_sec: f64,
    pub connect_latency_ms: Latency,
    /// Server resident memory before the first connection and with all held, MiB.
    pub server_rss_before_mib: Option<f64>,
    pub server_rss_after_mib: Option<f64>,
    /// With the first half of the connections held (after a pause), MiB.
    #[serde(default)]
    pub server_rss_half_mib: Option<f64>,
    /// (after - before) / established, KiB: includes whatever the process's resident
    /// memory did besides between start-up and the first connection.
    pub server_kib_per_connection: Option<f64>,
    /// (after - half) / connections of the second half, KiB: what one more connection
    /// costs, with the process warmed up.
    #[serde(default)]
    pub server_kib_per_connection_second_half: Option<f64>,
    /// Server CPU during the ramp, % of one core.
    pub server_cpu_percent: Option<f64>,
    pub timeline: Vec<IdlePoint>,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct IdlePoint {
    pub t_s: u32,
    pub connected: usize,
    pub server_rss_mib: Option<f64>,
}

impl IdleReport {
    pub fn table(&self) -> String {
        let l = &self.connect_latency_ms;
        render(vec![
            ("scenario", format!("{} ({} via {}, {})", self.scenario, self.server, self.target, self.encoding)),
            (
                "connections",
                format!(
                    "{} established, {} failed, {} dropped (of {}; fd limit {})",
                    self.connections_established,
                    self.connections_failed,
                    self.connections_dropped,
                    self.connections_requested,
                    self.fd_limit
                ),
            ),
            ("ramp s / connects per second", format!("{:.1} / {:.0}", self.ramp_s, self.connects_per_sec)),
            ("connect p50 / p99 / max ms", format!("{:.2} / {:.2} / {:.2}", l.p50, l.p99, l.max)),
            (
                "server RSS MiB (before / held)",
                format!("{} / {}", opt(self.server_rss_before_mib), opt(self.server_rss_after_mib)),
            ),
            ("server RSS MiB with half held", opt(self.server_rss_half_mib)),
            (
                "server KiB per connection (all / second half)",
                format!(
                    "{} / {}",
                    opt(self.server_kib_per_connection),
                    opt(self.server_kib_per_connection_second_half)
                ),
            ),
            ("server CPU % of a core (ramp)", opt(self.server_cpu_percent)),
        ])
    }

    pub fn chart_panels(&self) -> Vec<Panel> {
        vec![
            Panel {
                title: "connections open".into(),
                series: vec![("connected".into(), self.timeline.iter().map(|p| p.connected as f64).collect())],
            },
            Panel {
                title: "server RSS (MiB)".into(),
                series: vec![("rss".into(), self.timeline.iter().map(|p| p.server_rss_mib.unwrap_or(0.0)).collect())],
            },
        ]
    }
}

/// `marketplace`: REST latency per call and live latency per event type.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MarketReport {
    pub scenario: String,
    pub server: String,
    pub target: String,
    pub encoding: String,
    pub users_signed_up: usize,
    pub contests: usize,
    pub watchers_requested: usize,
    pub watchers_established: usize,
    pub watchers_failed: usize,
    /// Each contest's pause between two actions (`--think-ms`); 0: none.
    #[serde(default)]
    pub think_ms: u64,
    /// The activity's writes (entries, comments, reactions) per second, all contests.
    #[serde(default)]
    pub writes_per_sec: f64,
    pub rest: Vec<RestCall>,
    pub live: Vec<LiveType>,
    /// Events expected by watchers and not seen, over every type.
    pub lost: u64,
    pub duplicated: u64,
    pub out_of_order: u64,
    pub server_usage: ServerUsage,
    pub timeline: Vec<TimePoint>,
}

/// One REST call's latency over the run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RestCall {
    pub call: String,
    pub count: u64,
    pub errors: u64,
    pub latency_ms: Latency,
}

/// One event type as the watchers got it: from the start of the REST call that caused
/// it to its delivery.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LiveType {
    pub event_type: String,
    pub expected: u64,
    pub delivered: u64,
    pub latency_ms: Latency,
}

impl MarketReport {
    pub fn table(&self) -> String {
        let mut rows = vec![
            ("scenario", format!("{} ({} via {}, {})", self.scenario, self.server, self.target, self.encoding)),
            ("users signed up / contests", format!("{} / {}", self.users_signed_up, self.contests)),
            (
                "watchers",
                format!(
                    "{} established, {} failed (of {})",
                    self.watchers_established, self.watchers_failed, self.watchers_requested
                ),
            ),
            (
                "pause between a contest's actions / writes per second",
                format!(
                    "{} / {:.0}",
                    if self.think_ms == 0 { "none".to_string() } else { format!("{} ms (0.5x-1.5x)", self.think_ms) },
                    self.writes_per_sec
                ),
            ),
            (
                "lost / duplicated / out of order",
                format!("{} / {} / {}", self.lost, self.duplicated, self.out_of_order),
            ),
        ];
        let mut out = String::from("| figure | value |\n|---|---|\n");
        out.push_str(&render(std::mem::take(&mut rows)));
        out.push_str(
            "\n| REST call | count | errors | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|\n",
        );
        for c in &self.rest {
            let l = &c.latency_ms;
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
                c.call, c.count, c.errors, l.p50, l.p90, l.p99, l.max
            );
        }
        out.push_str("\n| live event (REST call start -> watcher) | expected | delivered | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|\n");
        for t in &self.live {
            let l = &t.latency_ms;
            let _ = writeln!(
                out,
                "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
                t.event_type, t.expected, t.delivered, l.p50, l.p90, l.p99, l.max
            );
        }
        let u = &self.server_usage;
        let _ = writeln!(
            out,
            "\nserver RSS MiB (end / peak) {} / {}, CPU {} % of a core",
            opt(u.rss_mib),
            opt(u.rss_peak_mib),
            opt(u.cpu_percent)
        );
        out
    }

    pub fn chart_panels(&self) -> Vec<Panel> {
        latency_and_throughput(&self.timeline, "live deliveries/s", "REST actions/s")
    }
}
