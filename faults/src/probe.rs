//! Recovery and settling: when does the cluster deliver end to end again, and has every
//! subscriber received everything committed?

use std::time::{Duration, Instant};

use crate::{cluster::Cluster, subscribers::Subscribers};

/// Publishes a probe on the first channel through the proxy until one is accepted and
/// every subscriber receives it; returns the time since `since`. Errors after `bound`.
pub async fn recovered(
    cluster: &Cluster,
    subscribers: &Subscribers,
    since: Instant,
    bound: Duration,
) -> anyhow::Result<Duration> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(5)).build()?;
    let ch = &subscribers.channels[0];
    loop {
        if since.elapsed() > bound {
            anyhow::bail!("no end-to-end delivery within {} s of the fault\n{}", bound.as_secs(), cluster.logs());
        }
        let body = serde_json::json!({"channel": ch, "type": "fault.probe", "data": null});
        let accepted = client
            .post(format!("{}/api/publish", cluster.base_url()))
            .bearer_auth(crate::cluster::api_key())
            .json(&body)
            .send()
            .await
            .is_ok_and(|r| r.status().as_u16() == 202);
        if accepted {
            let head = cluster.heads(std::slice::from_ref(ch)).await.unwrap_or_default();
            let delivered = crate::wait_until("the probe reaches every subscriber", Duration::from_secs(3), || {
                let caught_up = subscribers.states().iter().all(|s| s.last.get(ch).copied().unwrap_or(0) >= head[0]);
                async move { caught_up }
            })
            .await;
            if delivered.is_ok() {
                return Ok(since.elapsed());
            }
        } else {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Waits (bounded) until every subscriber holds every committed event; returns the heads.
/// Returns them anyway after the bound: the report then shows what was lost.
pub async fn settle(cluster: &Cluster, subscribers: &Subscribers) -> anyhow::Result<Vec<u64>> {
    let heads = cluster.heads(&subscribers.channels).await?;
    let _ = crate::wait_until("every subscriber catches up", Duration::from_secs(20), || {
        let caught_up = subscribers.caught_up(&heads);
        async move { caught_up }
    })
    .await;
    Ok(heads)
}
