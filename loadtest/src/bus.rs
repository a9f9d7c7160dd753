//! What bus each Vitrine node ran on (`/readyz`) and how many bus messages it lost to lag
//! over a run (the change of `vitrine_bus_lagged_messages_total` on `/metrics`).
//!
//! A pub/sub figure means what its title says only when the single-node runs were on the
//! in-process bus and the cluster runs on Redis, and when no node fell behind its bus (a
//! node that does closes its sockets with 4009, which the figures would show as loss).

use anyhow::Context;
use serde::{Deserialize, Serialize};

/// One node as probed at the start and at the end of a run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NodeBus {
    pub node: String,
    /// `memory` or `redis`, from `/readyz`.
    pub bus: String,
    /// Bus messages the node lost to lag during the run.
    pub lagged: u64,
}

/// One node as probed at the start of a run.
pub struct Started {
    node: String,
    /// Its private metrics page (`http://host:port`).
    metrics: String,
    bus: String,
    /// Bus messages lost to lag before the run.
    lagged: u64,
}

/// The HTTP base of a `ws://host:port[/path]` target.
fn http_base(target: &str) -> String {
    let rest =
        target.strip_prefix("ws://").map(|r| ("http://", r)).or(target.strip_prefix("wss://").map(|r| ("https://", r)));
    let (scheme, rest) = rest.unwrap_or(("http://", target));
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}{host}")
}

/// The lagged-messages counter in a Prometheus text exposition (0 before the first lag:
/// a counter never incremented is not exported).
fn lagged_total(metrics: &str) -> u64 {
    metrics
        .lines()
        .filter(|l| l.starts_with("vitrine_bus_lagged_messages_total"))
        .filter_map(|l| l.split_whitespace().last()?.parse::<f64>().ok())
        .map(|v| v as u64)
        .sum()
}

/// (bus, lagged so far) of one node: its bus from `/readyz`, its lag from the metrics page of
/// its private listener (`metrics`: `http://host:port`).
pub async fn probe(http: &reqwest::Client, target: &str, metrics: &str) -> anyhow::Result<(String, u64)> {
    let base = http_base(target);
    let ready: serde_json::Value = http.get(format!("{base}/readyz")).send().await?.json().await.context("/readyz")?;
    let bus = ready["bus"].as_str().context("/readyz names no bus")?.to_owned();
    let url = format!("{}/metrics", metrics.trim_end_matches('/'));
    let page = http.get(&url).send().await.with_context(|| format!("{url} (the node's VITRINE_METRICS_BIND)"))?;
    anyhow::ensure!(page.status().is_success(), "{url} answered {}", page.status());
    Ok((bus, lagged_total(&page.text().await.context("/metrics")?)))
}

/// Probes every node (`metrics`: each one's metrics page, in the same order); the counters
/// read now are subtracted by [`finish`].
pub async fn start(targets: &[String], metrics: &[String]) -> anyhow::Result<Vec<Started>> {
    anyhow::ensure!(
        metrics.len() == targets.len(),
        "the hub's bus lag is read on each node's private metrics listener: give --metrics \
         http://host:port for each of the {} node(s) (VITRINE_METRICS_BIND)",
        targets.len()
    );
    let http = reqwest::Client::new();
    let mut nodes = Vec::with_capacity(targets.len());
    for (target, metrics) in targets.iter().zip(metrics) {
        let (bus, lagged) = probe(&http, target, metrics).await.with_context(|| format!("probing {target}"))?;
        nodes.push(Started { node: target.clone(), metrics: metrics.clone(), bus, lagged });
    }
    Ok(nodes)
}

pub async fn finish(started: Vec<Started>) -> anyhow::Result<Vec<NodeBus>> {
    let http = reqwest::Client::new();
    let mut nodes = Vec::with_capacity(started.len());
    for Started { node, metrics, bus, lagged: before } in started {
        let (_, after) = probe(&http, &node, &metrics).await.with_context(|| format!("probing {node}"))?;
        nodes.push(NodeBus { node, bus, lagged: after.saturating_sub(before) });
    }
    Ok(nodes)
}

/// What makes a run's figures wrong: a node on another bus than `expected`, or lag.
pub fn problems(nodes: &[NodeBus], expected: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    for n in nodes {
        if !expected.contains(&n.bus.as_str()) {
            problems.push(format!("{} ran on the {} bus, not {}", n.node, n.bus, expected.join(" or ")));
        }
        if n.lagged > 0 {
            problems.push(format!("{} lost {} bus messages to lag", n.node, n.lagged));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_becomes_its_http_base() {
        assert_eq!(http_base("ws://127.0.0.1:9001"), "http://127.0.0.1:9001");
        assert_eq!(http_base("wss://example.org/ws"), "https://example.org");
    }

    #[test]
    fn the_lag_counter_is_read_from_the_exposition_and_absent_means_zero() {
        let text = "# TYPE vitrine_bus_lagged_messages_total counter\nvitrine_bus_lagged_messages_total 906\nother 1\n";
        assert_eq!(lagged_total(text), 906);
        assert_eq!(lagged_total("other 1\n"), 0);
    }

    #[test]
    fn a_wrong_bus_or_any_lag_is_a_problem() {
        let node = |bus: &str, lagged| NodeBus { node: "ws://a".into(), bus: bus.into(), lagged };
        assert!(problems(&[node("memory", 0)], &["memory"]).is_empty());
        assert_eq!(problems(&[node("redis", 0)], &["memory"]).len(), 1);
        assert_eq!(problems(&[node("redis", 3)], &["redis"]).len(), 1);
        // A cluster run may be on one Redis or on a Redis Cluster's shards.
        assert!(problems(&[node("redis-cluster", 0)], &["redis", "redis-cluster"]).is_empty());
    }
}
