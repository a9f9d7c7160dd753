//! The operators' CLI beyond `admin create` (tests/api/first_admin.rs): the real binary run on
//! the test's database, as an operator would run it.

use std::process::Stdio;

use reqwest::StatusCode;
use tokio::{io::AsyncWriteExt, process::Command};

use crate::helpers::{spawn_app, TestApp, PASSWORD};

const NEW_PASSWORD: &str = "a brand new passphrase";

/// Runs `vitrine-server admin <args>` on the app's database, `stdin` on standard input:
/// (exit code, standard output, standard error).
async fn admin(app: &TestApp, args: &[&str], stdin: &str) -> (i32, String, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vitrine-server"))
        .arg("admin")
        .args(args)
        .env("DATABASE_URL", &app.database_url)
        .env("VITRINE_DATA_DIR", data.path())
        .env_remove("VITRINE_ADMIN_PASSWORD")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("vitrine-server starts");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).await.unwrap();
    drop(input);
    let out = child.wait_with_output().await.expect("the command ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs it and expects success; its standard output.
async fn admin_ok(app: &TestApp, args: &[&str], stdin: &str) -> String {
    let (code, out, err) = admin(app, args, stdin).await;
    assert_eq!(code, 0, "{args:?}: stdout: {out}\nstderr: {err}");
    out
}

/// Runs it and expects a refusal (exit 2) saying `says`.
async fn admin_refused(app: &TestApp, args: &[&str], stdin: &str, says: &str) {
    let (code, out, err) = admin(app, args, stdin).await;
    assert_eq!(code, 2, "{args:?} must be refused; stdout: {out}\nstderr: {err}");
    assert!(err.contains("nothing changed") && err.contains(says), "{args:?}: {err}");
}

async fn user_type(app: &TestApp, id: i64) -> i64 {
    sqlx::query_scalar("SELECT user_type_id FROM app_user WHERE id = $1")
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn reset_password_recovers_a_locked_out_admin_and_ends_the_old_sign_ins() {
    let app = spawn_app().await;
    let (_, old_token) = app.admin_session("locked-out").await;
    let out = admin_ok(&app, &["reset-password", "LOCKED-OUT", "--password-stdin"], &format!("{NEW_PASSWORD}\n")).await;
    assert!(out.contains("password of locked-out"), "{out}");
    assert_eq!(app.login("locked-out", PASSWORD).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("locked-out", NEW_PASSWORD).await.status, StatusCode::OK);
    assert_eq!(app.get("/oauth/users", Some(&old_token)).await.status, StatusCode::UNAUTHORIZED);
    // The e-mail address names the account too; the sign-up rules and the demo password hold.
    admin_refused(&app, &["reset-password", "locked-out@example.com", "--password-stdin"], "short\n", "password").await;
    admin_refused(&app, &["reset-password", "locked-out", "--password-stdin"], "vitrine-demo\n", "demo password").await;
    admin_refused(&app, &["reset-password", "nobody", "--password-stdin"], &format!("{NEW_PASSWORD}\n"), "no account")
        .await;
    assert_eq!(app.login("locked-out", NEW_PASSWORD).await.status, StatusCode::OK);
}

#[tokio::test]
async fn promote_and_demote_hand_the_console_on_but_never_leave_it_without_an_admin() {
    let app = spawn_app().await;
    let (first, _) = app.admin_session("first-admin").await;
    let (client, token) = app.client_session("next-admin").await;
    app.get("/admin/search?type=users&q=next", Some(&token)).await.assert_error(403, "auth.forbidden");

    let out = admin_ok(&app, &["promote", "next-admin"], "").await;
    assert!(out.contains("next-admin (id") && out.contains("is now an admin"), "{out}");
    assert_eq!(app.get("/admin/search?type=users&q=next", Some(&token)).await.status, StatusCode::OK);
    assert!(admin_ok(&app, &["promote", "next-admin"], "").await.contains("already an admin"));

    // The first admin leaves: a client again (it has no designer's level).
    let out = admin_ok(&app, &["demote", "first-admin"], "").await;
    assert!(out.contains("is now a client"), "{out}");
    assert_eq!(user_type(&app, first).await, 2);
    admin_refused(&app, &["demote", "first-admin"], "", "is not an admin").await;
    // The one admin left is neither demoted nor disabled.
    admin_refused(&app, &["demote", "next-admin"], "", "last active admin").await;
    admin_refused(&app, &["disable", "next-admin"], "", "last active admin").await;
    assert_eq!(user_type(&app, client).await, 1);

    let list = admin_ok(&app, &["list"], "").await;
    assert!(list.contains("next-admin") && list.contains("active") && list.contains("1 admin(s)"), "{list}");
    assert!(!list.contains("first-admin"), "{list}");
}

#[tokio::test]
async fn disable_ends_an_accounts_sign_ins_until_it_is_enabled() {
    let app = spawn_app().await;
    app.admin_session("keeper").await;
    let (_, token) = app.client_session("troublemaker").await;
    let out = admin_ok(&app, &["disable", "troublemaker"], "").await;
    assert!(out.contains("troublemaker (id") && out.contains("disabled"), "{out}");
    assert_eq!(app.get("/oauth/users", Some(&token)).await.status, StatusCode::UNAUTHORIZED);
    assert_ne!(app.login("troublemaker", PASSWORD).await.status, StatusCode::OK);
    assert!(admin_ok(&app, &["disable", "troublemaker"], "").await.contains("already disabled"));

    admin_ok(&app, &["enable", "troublemaker"], "").await;
    assert_eq!(app.login("troublemaker", PASSWORD).await.status, StatusCode::OK);
}
