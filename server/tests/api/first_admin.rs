//! `vitrine-server admin create`: the first admin of a deployment without the demo seed,
//! run as the real binary against the suite's database, then used over the API.

use std::process::Stdio;

use reqwest::StatusCode;
use tokio::{io::AsyncWriteExt, process::Command};

use crate::helpers::{spawn_app, TestApp};

const PASSWORD: &str = "correct horse battery staple";

/// Runs `admin create` on the app's database with `password` on standard input:
/// (exit code, standard output, standard error).
async fn admin_create(app: &TestApp, args: &[&str], password: &str) -> (i32, String, String) {
    let data = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_vitrine-server"))
        .args(["admin", "create", "--password-stdin"])
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
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(format!("{password}\n").as_bytes()).await.unwrap();
    drop(stdin);
    let out = child.wait_with_output().await.expect("admin create ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

async fn users(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM app_user").fetch_one(&app.db.pool).await.unwrap()
}

#[tokio::test]
async fn admin_create_makes_an_admin_who_signs_in_and_moderates() {
    let app = spawn_app().await;
    let (code, out, err) =
        admin_create(&app, &["--username", "root-ops", "--email", "ops@vitrine.example", "--name", "Ops"], PASSWORD)
            .await;
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("admin root-ops created"), "{out}");

    let signed_in = app.login("root-ops", PASSWORD).await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    let token = signed_in.body["access_token"].as_str().unwrap().to_owned();
    let me = app.get("/oauth/users", Some(&token)).await;
    assert_eq!(
        (me.body["data"]["user_type_id"].as_i64(), me.body["data"]["name"].as_str()),
        (Some(1), Some("Ops")),
        "{}",
        me.body
    );
    // An admin-only call answers; for a client it is refused.
    let search = app.get("/admin/search?type=users&q=root", Some(&token)).await;
    assert_eq!(search.status, StatusCode::OK, "{}", search.body);
    let (_, client) = app.client_session("plain-client").await;
    app.get("/admin/search?type=users&q=root", Some(&client)).await.assert_error(403, "auth.forbidden");
}

#[tokio::test]
async fn admin_create_refuses_weak_taken_or_malformed_input_and_creates_nothing() {
    let app = spawn_app().await;
    app.client_session("taken-name").await;
    let before = users(&app).await;
    let cases: [(&[&str], &str, &str); 5] = [
        (&["--username", "ops", "--email", "ops@vitrine.example"], "vitrine-demo", "demo password"),
        (&["--username", "ops", "--email", "ops@vitrine.example"], "short", "password"),
        (&["--username", "taken-name", "--email", "new@vitrine.example"], PASSWORD, "already taken"),
        (&["--username", "ops", "--email", "not-an-address"], PASSWORD, "email"),
        (&["--username", "has space", "--email", "ops@vitrine.example"], PASSWORD, "username"),
    ];
    for (args, password, says) in cases {
        let (code, out, err) = admin_create(&app, args, password).await;
        assert_eq!(code, 2, "{args:?} must fail; stdout: {out}\nstderr: {err}");
        assert!(err.contains("admin not created") && err.contains(says), "{args:?}: {err}");
    }
    assert_eq!(users(&app).await, before, "a refused admin create changes nothing");
}
