//! Limits counted in Redis, so that every node of a cluster draws on one allowance: two
//! nodes allow a client what one node would, not twice as much (issue #52).
//!
//! Each key is one GCRA cell in Redis: its value is the "theoretical arrival time" (TAT)
//! in microseconds of the server clock, and one Lua script reads, decides and writes it
//! in a single step, so racing nodes cannot both take the last call. The key expires
//! when its bucket is full again, so Redis holds only the keys of the last period. The
//! figures are the in-process limiters' ([`super::Limits`]): a burst of `count`, one call
//! back every `period / count`.
//!
//! The nodes' clocks are the server clock each passes in (tests move it); deployed nodes
//! keep their clocks in step with NTP, and a skew of a few milliseconds moves a limit by as
//! much. When Redis cannot answer, the caller falls back to its own process's limiters
//! (a limit a little looser for the outage, never a request refused for Redis's sake).

use std::time::Duration;

use fred::prelude::{Client, LuaInterface};

use crate::config::Rate;

/// KEYS[1] the cell; ARGV now (µs), emission interval (µs), burst, cost. Answers 0 when
/// the call is taken, else the wait in µs until it would be.
const GCRA: &str = r"
local now = tonumber(ARGV[1])
local every = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local new_tat = tat + every * cost
local allowed_at = new_tat - every * burst
if allowed_at > now then return math.ceil(allowed_at - now) end
redis.call('SET', KEYS[1], string.format('%.0f', new_tat), 'PX', math.max(1, math.ceil((new_tat - now) / 1000)))
return 0
";

/// Where the cells live, under one prefix.
pub struct SharedCounts {
    client: Client,
    prefix: String,
}

impl SharedCounts {
    /// Cells under `prefix` (`VITRINE_RATE_REDIS_PREFIX`).
    pub fn with_prefix(client: Client, prefix: impl Into<String>) -> Self {
        Self { client, prefix: prefix.into() }
    }

    /// Takes `cost` calls of `rate` from the cell `key` at `now_ms`: `None` when taken,
    /// `Some(wait)` when refused (nothing is taken then). A cost above the whole burst can
    /// never pass; the caller refuses it without asking.
    pub async fn take(
        &self,
        key: &str,
        rate: Rate,
        cost: u32,
        now_ms: i64,
    ) -> Result<Option<Duration>, fred::error::Error> {
        let every_us = (rate.period.as_micros() / u128::from(rate.count.max(1))).max(1);
        let args = vec![
            (now_ms.max(0) * 1_000).to_string(),
            every_us.to_string(),
            rate.count.max(1).to_string(),
            cost.to_string(),
        ];
        let wait_us: i64 = self.client.eval(GCRA, format!("{}{key}", self.prefix), args).await?;
        Ok((wait_us > 0).then(|| Duration::from_micros(u64::try_from(wait_us).unwrap_or(u64::MAX))))
    }
}
