//! `vitrine-server`: `serve` (the default), `migrate`, `seed [--demo]`, and the operators'
//! `admin create | reset-password | promote | demote | disable | enable | list`.

use clap::{Parser, Subcommand};
use vitrine_server::{
    accounts::{
        first_admin::{self, NewAdmin},
        operators::{self, OperatorError, Outcome},
    },
    config::Settings,
    seed,
    store::{clock::SystemClock, Db},
    telemetry, Application,
};

/// jemalloc rather than glibc's malloc: under `marketplace` (10,000 sockets, a write always in
/// flight) glibc's RSS reached 0.9-1.5 GiB and grew from one run to the next while the live
/// heap peaked at 104 MiB (heaptrack); jemalloc held 140 MiB, stable (BENCHMARKS.md,
/// 2026-11-29 05:40).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(name = "vitrine-server", version, about = "Vitrine marketplace server: REST API and real-time hub")]
struct Cli {
    #[command(flatten)]
    settings: Settings,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve HTTP and WebSocket traffic (the default).
    Serve,
    /// Apply pending migrations and reference data, then exit.
    Migrate,
    /// Apply reference data; with --demo also create the demo accounts.
    Seed {
        #[arg(long)]
        demo: bool,
    },
    /// Manage admin accounts (the operators' CLI; README, "Scaled deployment").
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an admin account (migrating first). The password is read from standard input
    /// with --password-stdin, else from VITRINE_ADMIN_PASSWORD; never from the command line.
    Create {
        #[arg(long)]
        username: String,
        #[arg(long)]
        email: String,
        /// The name shown on the account (default: the username).
        #[arg(long)]
        name: Option<String>,
        /// Read the password from the first line of standard input.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Set a new password for an account (read as for `create`) and end all its sign-ins:
    /// recovers a locked-out admin without mail.
    ResetPassword {
        /// The account's username or e-mail address.
        login: String,
        /// Read the password from the first line of standard input.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Make an existing account an admin.
    Promote {
        /// The account's username or e-mail address.
        login: String,
    },
    /// Make an admin a designer again (when it has a designer's level) or a client; never the
    /// last active admin.
    Demote {
        /// The account's username or e-mail address.
        login: String,
    },
    /// Disable an account (it cannot sign in; its sign-ins end); never the last active admin.
    Disable {
        /// The account's username or e-mail address.
        login: String,
    },
    /// Enable a disabled account again.
    Enable {
        /// The account's username or e-mail address.
        login: String,
    },
    /// List the admin accounts, active or disabled.
    List,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    telemetry::init(cli.settings.log_format);
    if let Err(err) = cli.settings.validate() {
        eprintln!("vitrine-server: {err}");
        std::process::exit(2);
    }
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            // The rules of a server about to serve (a deployment's keys), refused as clearly as
            // a bad setting, before anything connects.
            if let Err(err) = cli.settings.validate_for_serving() {
                eprintln!("vitrine-server: {err}");
                std::process::exit(2);
            }
            let app = Application::build(cli.settings).await?;
            println!("Vitrine is serving on http://127.0.0.1:{}", app.port());
            app.run_until_stopped(shutdown_signal()).await
        }
        Command::Migrate => {
            let db = Db::connect(&cli.settings.effective_database_url(), 1).await?;
            db.migrate().await?;
            seed::reference(&db).await?;
            println!("migrations and reference data applied");
            Ok(())
        }
        Command::Seed { demo } => {
            let db = Db::connect(&cli.settings.effective_database_url(), 1).await?;
            db.migrate().await?;
            seed::reference(&db).await?;
            if demo {
                let created = seed::demo(&db, &SystemClock).await?;
                // Pictures for the demo entries, stored where uploads go.
                let storage = vitrine_server::files::Storage::from_settings(&cli.settings)?;
                seed::pictures::seed(&db, &storage, &SystemClock).await?;
                println!("demo accounts (password {}):", seed::DEMO_PASSWORD);
                for (username, _, _, _) in seed::DEMO_ACCOUNTS {
                    let note = if created.contains(username) { "created" } else { "exists" };
                    println!("  {username:<12} {note}");
                }
            }
            Ok(())
        }
        Command::Admin { command: AdminCommand::Create { username, email, name, password_stdin } } => {
            let password = admin_password(password_stdin)?;
            let db = admin_db(&cli.settings).await?;
            let admin = NewAdmin { username: &username, email: &email, name: name.as_deref(), password: &password };
            match first_admin::create(&db, &admin, &SystemClock).await {
                Ok(id) => {
                    println!("admin {username} created (id {id})");
                    Ok(())
                }
                Err(err) => {
                    eprintln!("vitrine-server: admin not created: {err}");
                    std::process::exit(2);
                }
            }
        }
        Command::Admin { command } => {
            let db = admin_db(&cli.settings).await?;
            match operate(&db, command).await {
                Ok(report) => {
                    println!("{report}");
                    Ok(())
                }
                Err(err) => {
                    eprintln!("vitrine-server: nothing changed: {err}");
                    std::process::exit(2);
                }
            }
        }
    }
}

/// The database of the admin commands, migrated first (they may be the first thing run).
async fn admin_db(settings: &Settings) -> anyhow::Result<Db> {
    let db = Db::connect(&settings.effective_database_url(), 1).await?;
    db.migrate().await?;
    seed::reference(&db).await?;
    Ok(db)
}

/// The admin commands but `create`: what was done, for the operator.
async fn operate(db: &Db, command: AdminCommand) -> Result<String, OperatorError> {
    let clock = SystemClock;
    let already = |outcome: Outcome, done: String, so: String| if outcome == Outcome::Changed { done } else { so };
    Ok(match command {
        AdminCommand::Create { .. } => unreachable!("handled by first_admin"),
        AdminCommand::ResetPassword { login, password_stdin } => {
            let password = admin_password(password_stdin)?;
            let user = operators::reset_password(db, &login, &password, &clock).await?;
            format!("password of {} (id {}) set; its sign-ins ended", user.username, user.id)
        }
        AdminCommand::Promote { login } => {
            let (user, outcome) = operators::promote(db, &login, &clock).await?;
            already(
                outcome,
                format!("{} (id {}) is now an admin", user.username, user.id),
                format!("{} is already an admin", user.username),
            )
        }
        AdminCommand::Demote { login } => {
            let (user, to) = operators::demote(db, &login, &clock).await?;
            format!("{} (id {}) is now a {}", user.username, user.id, format!("{to:?}").to_lowercase())
        }
        AdminCommand::Disable { login } => {
            let (user, outcome) = operators::set_active(db, &login, false, &clock).await?;
            already(
                outcome,
                format!("{} (id {}) is disabled; its sign-ins ended", user.username, user.id),
                format!("{} is already disabled", user.username),
            )
        }
        AdminCommand::Enable { login } => {
            let (user, outcome) = operators::set_active(db, &login, true, &clock).await?;
            already(
                outcome,
                format!("{} (id {}) is enabled", user.username, user.id),
                format!("{} is already enabled", user.username),
            )
        }
        AdminCommand::List => {
            let admins = operators::list(db).await?;
            let mut out = format!("{:<6} {:<24} {:<32} {}", "id", "username", "email", "status");
            for admin in &admins {
                let status = if admin.is_active() { "active" } else { "disabled" };
                out.push_str(&format!("\n{:<6} {:<24} {:<32} {status}", admin.id, admin.username, admin.email));
            }
            out.push_str(&format!("\n{} admin(s)", admins.len()));
            out
        }
    })
}

/// The new admin's password: the first line of standard input, or `VITRINE_ADMIN_PASSWORD`.
fn admin_password(from_stdin: bool) -> anyhow::Result<String> {
    if from_stdin {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    std::env::var("VITRINE_ADMIN_PASSWORD")
        .map_err(|_| anyhow::anyhow!("give the password with --password-stdin or VITRINE_ADMIN_PASSWORD"))
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}
