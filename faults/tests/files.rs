//! Uploaded files in a cluster (issue #52): the native cluster keeps them in one
//! S3-compatible bucket (moto's S3 server, started by `scripts/cluster.sh`), and each node
//! has only its own folder for uploads being received. An entry's image uploaded through
//! node A is served, with its thumbnail, by node B, nothing of it stays on either node's
//! disk, and node A serves it again after it was killed and started.
//!
//! Ignored by a plain `cargo test` (it needs PostgreSQL, `redis-server`, nginx and
//! `moto_server`); `make test-faults` runs it.

use std::{path::Path, time::Duration};

use reqwest::{
    multipart::{Form, Part as FormPart},
    Client, Method,
};
use serde_json::json;
use vitrine_faults::{
    api::{call, client, designer, logo_brief, sign_in},
    cluster::{Cluster, Part},
    wait_until,
};
use vitrine_server::{accounts::operators, store::clock::SystemClock};

/// An entry's image: one of the client's own service illustrations (a 3 KB PNG).
const IMAGE: &[u8] = include_bytes!("../../web/public/images/services/book-cover-1.png");

/// Regular files under `dir` (recursively): what a node keeps on its own disk.
fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_under(&path));
        } else {
            found.push(path.display().to_string());
        }
    }
    found
}

/// `GET {base}/files/{file}/content{query}` as `token`: (status, bytes).
async fn content(http: &Client, base: &str, file: i64, query: &str, token: &str) -> (u16, Vec<u8>) {
    let answer = http.get(format!("{base}/files/{file}/content{query}")).bearer_auth(token).send().await.unwrap();
    (answer.status().as_u16(), answer.bytes().await.unwrap().to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, redis-server, nginx and moto_server: run by `make test-faults`"]
async fn an_entry_uploaded_through_one_node_is_served_by_the_other_and_after_a_restart() {
    let cluster = Cluster::start("files").await.unwrap();
    let http = Client::new();
    let (node_a, node_b) = (cluster.node_url(0), cluster.node_url(1));

    // A running contest: launched by its holder, started by an admin the operators' way.
    let (_, holder) = client(&http, &node_a, "holder").await;
    let brief = logo_brief();
    let (status, contest) = call(&http, Method::POST, format!("{node_a}/contests"), Some(brief), Some(&holder)).await;
    assert_eq!(status, 201, "{contest}");
    let contest = contest["data"]["id"].as_i64().unwrap();
    client(&http, &node_a, "referee").await;
    operators::promote(&cluster.db, "referee", &SystemClock).await.unwrap();
    let admin = sign_in(&http, &node_b, "referee").await;
    let start = json!({"status_id": 2});
    let url = format!("{node_b}/contests/{contest}/statuses");
    let (status, body) = call(&http, Method::PUT, url, Some(start), Some(&admin)).await;
    assert_eq!(status, 200, "{body}");

    // The designer uploads the image and submits the entry through node A.
    let (_, designer) = designer(&http, &node_a, "drafter").await;
    let form = Form::new()
        .text("file_category_id", "5")
        .part("files[]", FormPart::bytes(IMAGE.to_vec()).file_name("book-cover.png"));
    let upload = http.post(format!("{node_a}/files")).bearer_auth(&designer).multipart(form).send().await.unwrap();
    assert_eq!(upload.status().as_u16(), 201, "{}", upload.text().await.unwrap());
    let upload: serde_json::Value = upload.json().await.unwrap();
    let file = upload["data"][0]["id"].as_i64().unwrap();
    let entry = json!({"main_file_id": file, "title": "Owl at night", "description": "Beans under the moon."});
    let url = format!("{node_a}/contests/{contest}/entries");
    let (status, entry) = call(&http, Method::POST, url, Some(entry), Some(&designer)).await;
    assert_eq!(status, 201, "{entry}");
    let entry = entry["data"]["id"].as_i64().unwrap();

    // Node B shows the entry with its image, and serves the bytes and a thumbnail.
    let url = format!("{node_b}/contests/{contest}/entries/{entry}");
    let (status, shown) = call(&http, Method::GET, url, None, Some(&holder)).await;
    assert_eq!(status, 200, "{shown}");
    let files = shown["data"]["files"].as_array().cloned().unwrap_or_default();
    assert!(files.iter().any(|f| f["file_id"] == file), "node B lists the image: {shown}");
    assert_eq!(content(&http, &node_b, file, "", &holder).await, (200, IMAGE.to_vec()), "the original via node B");
    let (status, thumb) = content(&http, &node_b, file, "?size=thumb", &holder).await;
    assert_eq!(status, 200, "its thumbnail via node B:\n{}", cluster.logs());
    assert!(!thumb.is_empty());

    // Nothing of it on either node's own disk: the bucket is the only copy.
    for part in [Part::NodeA, Part::NodeB] {
        let kept = files_under(&cluster.files_dir(part));
        assert!(kept.is_empty(), "{part:?} keeps files on its disk: {kept:?}");
    }

    // Node A crashes and comes back: it serves the image from the bucket again.
    cluster.kill(Part::NodeA).await.unwrap();
    cluster.start_missing().await.unwrap();
    wait_until("node A is ready again", Duration::from_secs(30), || async { cluster.readiness(0).await == 200 })
        .await
        .unwrap();
    assert_eq!(content(&http, &node_a, file, "", &holder).await, (200, IMAGE.to_vec()), "the original via node A");
    let (status, again) = content(&http, &node_a, file, "?size=thumb", &holder).await;
    assert_eq!((status, again), (200, thumb), "the same thumbnail via node A");
    // Through the proxy, whichever node answers.
    let proxy = cluster.base_url();
    assert_eq!(content(&http, &proxy, file, "", &designer).await, (200, IMAGE.to_vec()), "via the proxy");
}
