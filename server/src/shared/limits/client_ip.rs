//! The client's address, as the limits count it: the connection's peer, or, when that peer
//! is a proxy of `VITRINE_TRUSTED_PROXIES` (the deployment's nginx), the address that
//! proxy forwarded. Headers from anyone else are ignored: a client cannot pick its key.

use std::{
    convert::Infallible,
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr},
    sync::Arc,
};

use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::{request::Parts, HeaderMap},
};

use super::Limits;
use crate::config::ProxyRange;

/// The address of the client a request comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// From the connection's `peer` and the request's headers. Behind trusted proxies the
    /// client is the right-most `X-Forwarded-For` entry that is not one of them (entries to
    /// its left were written by the client and prove nothing); without that header, the
    /// proxy's `X-Real-IP`.
    pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[ProxyRange]) -> Self {
        let peer = peer.to_canonical();
        let is_trusted = |ip: &IpAddr| trusted.iter().any(|range| range.contains(ip));
        if !is_trusted(&peer) {
            return Self(peer);
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .collect();
        let mut nearest = None;
        for entry in forwarded.iter().rev() {
            match entry.parse::<IpAddr>() {
                Ok(ip) if is_trusted(&ip.to_canonical()) => nearest = Some(ip.to_canonical()),
                Ok(ip) => return Self(ip.to_canonical()),
                // A hop we trust wrote something that is no address: go no further left.
                Err(_) => return Self(nearest.unwrap_or(peer)),
            }
        }
        if let Some(ip) = nearest {
            // Every hop is ours: the client is the left-most one (a call from inside).
            return Self(ip);
        }
        let real_ip =
            headers.get("x-real-ip").and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<IpAddr>().ok());
        Self(real_ip.map(|ip| ip.to_canonical()).unwrap_or(peer))
    }

    /// The client of a request: its connection's peer (connect info) and headers, with
    /// `trusted` proxies believed. For callers that have the proxies without the
    /// [`Limits`] (the hub counts anonymous sockets per address).
    pub fn of_request(parts: &Parts, trusted: &[ProxyRange]) -> Self {
        // The server always serves with connect info; a router driven without it (a
        // one-shot in a unit test) counts every call as one unknown client.
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        Self::resolve(peer, &parts.headers, trusted)
    }

    /// The key the limits count by: an IPv4 address as it is; an IPv6 address by its /64,
    /// the block one subscriber usually holds whole.
    pub fn key(&self) -> IpAddr {
        match self.0 {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        }
    }
}

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Arc<Limits>: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let limits = Arc::<Limits>::from_ref(state);
        Ok(Self::of_request(parts, limits.trusted_proxies()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn resolve(peer: &str, pairs: &[(&'static str, &str)], trusted: &[&str]) -> String {
        let trusted: Vec<ProxyRange> = trusted.iter().map(|t| t.parse().unwrap()).collect();
        ClientIp::resolve(peer.parse().unwrap(), &headers(pairs), &trusted).0.to_string()
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_headers_say() {
        let forged = [("x-forwarded-for", "1.2.3.4"), ("x-real-ip", "5.6.7.8")];
        assert_eq!(resolve("203.0.113.9", &forged, &[]), "203.0.113.9");
        assert_eq!(resolve("203.0.113.9", &forged, &["127.0.0.1"]), "203.0.113.9", "the peer is no proxy of ours");
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let trusted = ["127.0.0.1", "10.0.0.0/8"];
        // nginx appends the address it saw to whatever the client sent.
        let xff = [("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.1.2.3")];
        assert_eq!(resolve("127.0.0.1", &xff, &trusted), "198.51.100.7");
        let split = [("x-forwarded-for", "6.6.6.6"), ("x-forwarded-for", "198.51.100.7")];
        assert_eq!(resolve("127.0.0.1", &split, &trusted), "198.51.100.7");
        assert_eq!(resolve("127.0.0.1", &[("x-real-ip", "198.51.100.8")], &trusted), "198.51.100.8");
        assert_eq!(resolve("127.0.0.1", &[("x-forwarded-for", "10.0.0.5")], &trusted), "10.0.0.5");
        assert_eq!(resolve("127.0.0.1", &[("x-forwarded-for", "garbage")], &trusted), "127.0.0.1");
        assert_eq!(resolve("::ffff:127.0.0.1", &[], &trusted), "127.0.0.1", "v4-mapped peers are IPv4");
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64() {
        let ip = ClientIp("2001:db8:1:2:3:4:5:6".parse().unwrap());
        assert_eq!(ip.key().to_string(), "2001:db8:1:2::");
        assert_eq!(ClientIp("192.0.2.1".parse().unwrap()).key().to_string(), "192.0.2.1");
    }
}
