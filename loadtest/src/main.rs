//! `vitrine-loadtest`: see the crate documentation in `lib.rs` for the layout.

use std::path::Path;

use anyhow::Context;
use clap::Parser;
use serde::Serialize;
use vitrine_loadtest::{
    chart::{self, Panel},
    cli::{Cli, Scenario},
    scenarios::{
        deadlines, docs, idle, marketplace,
        pubsub::{self, Kind},
    },
    summary,
};

/// Writes the JSON report to `out` and the chart beside it (`.svg`).
fn write_outputs(out: Option<&Path>, report: &impl Serialize, title: &str, panels: &[Panel]) -> anyhow::Result<()> {
    let Some(path) = out else { return Ok(()) };
    let json = serde_json::to_string_pretty(report)?;
    std::fs::write(path, json + "\n").with_context(|| format!("writing {}", path.display()))?;
    let svg = path.with_extension("svg");
    std::fs::write(&svg, chart::render(title, panels)).with_context(|| format!("writing {}", svg.display()))?;
    eprintln!("report written to {} (chart {})", path.display(), svg.display());
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.scenario {
        Scenario::Fanout(args) => pubsub_main(&args, Kind::Fanout).await?,
        Scenario::Broadcast(args) => pubsub_main(&args, Kind::Broadcast).await?,
        Scenario::Cluster(args) => pubsub_main(&args, Kind::Cluster).await?,
        Scenario::Idle(args) => {
            let report = idle::run(&args).await?;
            println!("{}", report.table());
            let title = format!("idle: {} via {}", report.server, report.target);
            write_outputs(args.conn.out.as_deref(), &report, &title, &report.chart_panels())?;
        }
        Scenario::Marketplace(args) => {
            let report = marketplace::run(&args).await?;
            println!("{}", report.table());
            let title = format!("marketplace: {} via {}", report.server, report.target);
            write_outputs(args.conn.out.as_deref(), &report, &title, &report.chart_panels())?;
        }
        Scenario::Deadlines(args) => {
            let report = deadlines::run(&args).await?;
            println!("{}", report.table());
            if let Some(path) = &args.out {
                let json = serde_json::to_string_pretty(&report)?;
                std::fs::write(path, json + "\n").with_context(|| format!("writing {}", path.display()))?;
                eprintln!("report written to {}", path.display());
            }
        }
        Scenario::Docs(args) => {
            let report = docs::run(&args).await?;
            println!("{}", report.table());
            if let Some(path) = &args.out {
                let json = serde_json::to_string_pretty(&report)?;
                std::fs::write(path, json + "\n").with_context(|| format!("writing {}", path.display()))?;
                eprintln!("report written to {}", path.display());
            }
        }
        Scenario::DocsTable(args) => println!("{}", docs::markdown_table(&args.reports)?),
        Scenario::LimitServer(args) => {
            // The peer's own loop, off the runtime: one thread, as a pinned server gets one core.
            tokio::task::spawn_blocking(move || vitrine_loadtest::limit::serve(args.bind)).await??;
        }
        Scenario::Sustained(args) => {
            let text =
                std::fs::read_to_string(&args.report).with_context(|| format!("reading {}", args.report.display()))?;
            let report: vitrine_loadtest::report::Report = serde_json::from_str(&text)?;
            match vitrine_loadtest::capacity::sustained(&report, args.p99_ms) {
                Ok(()) => println!("sustained: {} events/s, p99 {:.1} ms", report.rate, report.latency_ms.p99),
                Err(why) => {
                    println!("not sustained: {why}");
                    std::process::exit(1);
                }
            }
        }
        Scenario::Summarize(args) => {
            let section = summary::section(&args)?;
            summary::prepend(&args.benchmarks, &section)?;
            println!("{section}");
            eprintln!("new section written at the top of {}", args.benchmarks.display());
        }
    }
    Ok(())
}

async fn pubsub_main(args: &vitrine_loadtest::cli::FanoutArgs, kind: Kind) -> anyhow::Result<()> {
    let report = pubsub::run(args, kind).await?;
    println!("{}", report.table());
    let title = format!(
        "{}: {} via {}, {} subscribers, {} events/s",
        report.scenario,
        report.server,
        report.nodes.join(" + "),
        report.connections_established,
        report.rate
    );
    write_outputs(args.conn.out.as_deref(), &report, &title, &report.chart_panels())?;
    // A single node measures the in-process bus, a cluster Redis (one server, or a Redis
    // Cluster's shards); lag voids the figures.
    let expected: &[&str] = if kind == Kind::Cluster { &["redis", "redis-cluster"] } else { &["memory"] };
    let problems = vitrine_loadtest::bus::problems(&report.buses, expected);
    anyhow::ensure!(problems.is_empty(), "this run does not measure what it says: {}", problems.join("; "));
    Ok(())
}
