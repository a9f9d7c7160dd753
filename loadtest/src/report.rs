//! The figures of a run: a table for people, the same fields as JSON for `--out`.

use std::fmt::Write;

use hdrhistogram::Histogram;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub scenario: String,
    /// `vitrine` or the peer's name.
    pub server: String,
    pub target: String,
    pub encoding: String,
    pub channels: usize,
    /// Events per second asked for, over all channels.
    pub rate: u32,
    pub duration_s: f64,
    pub connections_requested: usize,
    pub connections_established: usize,
    pub connections_failed: usize,
    /// Established connections that ended before the run stopped them.
    pub connections_dropped: usize,
    pub events_published: u64,
    pub publish_errors: u64,
    pub deliveries_expected: u64,
    pub delivered: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub out_of_order: u64,
    /// What order was judged by: the hub's `seq`, or the payload `id` (peer).
    pub order_basis: String,
    pub latency_ms: Latency,
    /// Distinct deliveries divided by the time from the first publication to the last delivery.
    pub deliveries_per_sec: f64,
    pub server_usage: ServerUsage,
}

/// Publish-to-deliver latency in milliseconds.
#[derive(Debug, Clone, Copy, Serialize)]
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

/// The server process as `/proc` showed it; all `null` without `--server-pid`.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct ServerUsage {
    pub pid: Option<u32>,
    /// Resident memory at the end of the run, MiB.
    pub rss_mib: Option<f64>,
    /// Highest resident memory sampled during the run, MiB.
    pub rss_peak_mib: Option<f64>,
    /// CPU used from the first publication to the end of the drain, % of one core.
    pub cpu_percent: Option<f64>,
}

impl Report {
    pub fn table(&self) -> String {
        let opt = |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.1}"));
        let l = &self.latency_ms;
        let rows: Vec<(&str, String)> = vec![
            ("scenario", format!("{} ({} via {}, {})", self.scenario, self.server, self.target, self.encoding)),
            ("load", format!("{} channels, {} events/s, {} s", self.channels, self.rate, self.duration_s)),
            (
                "connections",
                format!(
                    "{} established, {} failed, {} dropped (of {})",
                    self.connections_established,
                    self.connections_failed,
                    self.connections_dropped,
                    self.connections_requested
                ),
            ),
            ("events published", format!("{} ({} refused)", self.events_published, self.publish_errors)),
            ("deliveries expected", self.deliveries_expected.to_string()),
            ("delivered", self.delivered.to_string()),
            ("lost", self.lost.to_string()),
            ("duplicated", self.duplicated.to_string()),
            ("out of order", format!("{} (by {})", self.out_of_order, self.order_basis)),
            ("latency p50 / p90 ms", format!("{:.2} / {:.2}", l.p50, l.p90)),
            ("latency p99 / p99.9 ms", format!("{:.2} / {:.2}", l.p99, l.p99_9)),
            ("latency max ms", format!("{:.2}", l.max)),
            ("deliveries per second", format!("{:.0}", self.deliveries_per_sec)),
            (
                "server RSS MiB (end / peak)",
                format!("{} / {}", opt(self.server_usage.rss_mib), opt(self.server_usage.rss_peak_mib)),
            ),
            ("server CPU % of a core", opt(self.server_usage.cpu_percent)),
        ];
        let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
        let mut out = String::new();
        for (key, value) in rows {
            let _ = writeln!(out, "| {key:<width$} | {value} |");
        }
        out
    }
}
