//! `vitrine-loadtest`: see the crate documentation in `lib.rs` for the layout.

use anyhow::Context;
use clap::Parser;
use vitrine_loadtest::{
    cli::{Cli, Scenario},
    scenarios::{deadlines, fanout},
};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.scenario {
        Scenario::Fanout(args) => {
            let report = fanout::run(&args).await?;
            println!("{}", report.table());
            if let Some(path) = &args.out {
                let json = serde_json::to_string_pretty(&report)?;
                std::fs::write(path, json + "\n").with_context(|| format!("writing {}", path.display()))?;
                eprintln!("report written to {}", path.display());
            }
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
    }
    Ok(())
}
