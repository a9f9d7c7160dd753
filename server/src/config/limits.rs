//! Settings of the abuse limits ([`crate::shared::limits`]): how often one client address
//! and one account may sign in, sign up, have mail sent, or start a payment, and which
//! proxies' forwarded addresses are believed.
//!
//! A rate reads `COUNT/PERIOD`: `10/1m` is ten calls a minute, and a burst of ten at once
//! after a quiet minute (a full bucket that refills one call every six seconds). PERIOD
//! is a number and a unit (`ms`, `s`, `m`, `h`); the number may be left out (`5/h`).

use std::{fmt, net::IpAddr, str::FromStr, time::Duration};

use clap::{builder::BoolishValueParser, Args};
use ipnet::IpNet;

/// At most `count` calls per `period` for one key, in bursts of up to `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub period: Duration,
}

impl Rate {
    pub const fn new(count: u32, period: Duration) -> Self {
        Self { count, period }
    }
}

impl FromStr for Rate {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wrong = || format!("expected COUNT/PERIOD such as 10/1m or 5/h, got {text:?}");
        let (count, period) = text.trim().split_once('/').ok_or_else(wrong)?;
        let count: u32 = count.trim().parse().map_err(|_| wrong())?;
        let period = period.trim();
        let unit_at = period.find(|c: char| c.is_ascii_alphabetic()).ok_or_else(wrong)?;
        let (number, unit) = period.split_at(unit_at);
        let number: u64 = if number.is_empty() { 1 } else { number.parse().map_err(|_| wrong())? };
        let period = match unit {
            "ms" => Duration::from_millis(number),
            "s" => Duration::from_secs(number),
            "m" => Duration::from_secs(number * 60),
            "h" => Duration::from_secs(number * 3600),
            _ => return Err(wrong()),
        };
        if count == 0 || period.is_zero() {
            return Err(format!("a rate needs a count and a period above 0, got {text:?}"));
        }
        Ok(Self { count, period })
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.period.as_millis();
        match ms {
            _ if ms.is_multiple_of(3_600_000) => write!(f, "{}/{}h", self.count, ms / 3_600_000),
            _ if ms.is_multiple_of(60_000) => write!(f, "{}/{}m", self.count, ms / 60_000),
            _ if ms.is_multiple_of(1000) => write!(f, "{}/{}s", self.count, ms / 1000),
            _ => write!(f, "{}/{ms}ms", self.count),
        }
    }
}

/// A proxy whose `X-Forwarded-For` and `X-Real-IP` are believed: an address or a CIDR range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProxyRange(pub IpNet);

impl FromStr for ProxyRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        match text.parse::<IpNet>() {
            Ok(net) => Ok(Self(net.trunc())),
            Err(_) => text
                .parse::<IpAddr>()
                .map(|ip| Self(IpNet::from(ip)))
                .map_err(|_| format!("expected an address or a CIDR range such as 10.0.0.0/8, got {text:?}")),
        }
    }
}

impl ProxyRange {
    pub fn contains(&self, ip: &IpAddr) -> bool {
        self.0.contains(ip)
    }
}

/// The abuse limits: per client address (`_PER_IP`) and per account (`_PER_ACCOUNT`: the
/// login name or e-mail address of an anonymous call, the user of a signed-in one).
#[derive(Debug, Clone, Args)]
pub struct LimitSettings {
    /// `on`, or `off` to lift every abuse limit: only for test and load harnesses that
    /// sign in and pay thousands of times from one address (logged loudly at start).
    #[arg(long = "rate-limits", env = "VITRINE_RATE_LIMITS", default_value = "on",
        value_parser = BoolishValueParser::new(), action = clap::ArgAction::Set)]
    pub enabled: bool,

    /// Sign-ins (password, e-mailed link, new password by reset link) from one client address.
    #[arg(long, env = "VITRINE_RATE_SIGN_IN_PER_IP", default_value = "30/1m")]
    pub sign_in_per_ip: Rate,

    /// Password sign-ins for one login name.
    #[arg(long, env = "VITRINE_RATE_SIGN_IN_PER_ACCOUNT", default_value = "10/1m")]
    pub sign_in_per_account: Rate,

    /// Sign-ups from one client address.
    #[arg(long, env = "VITRINE_RATE_SIGN_UP_PER_IP", default_value = "20/1h")]
    pub sign_up_per_ip: Rate,

    /// Sign-ups for one e-mail address.
    #[arg(long, env = "VITRINE_RATE_SIGN_UP_PER_ACCOUNT", default_value = "5/1h")]
    pub sign_up_per_account: Rate,

    /// Calls that send mail (password reset, sign-in link, coupon invites) from one client address.
    #[arg(long, env = "VITRINE_RATE_MAIL_PER_IP", default_value = "20/1h")]
    pub mail_per_ip: Rate,

    /// Calls that send mail to one address (anonymous calls) or by one user.
    #[arg(long, env = "VITRINE_RATE_MAIL_PER_ACCOUNT", default_value = "5/1h")]
    pub mail_per_account: Rate,

    /// Payments started (Stripe payment intents and charges, PayPal payments, cards saved)
    /// from one client address.
    #[arg(long, env = "VITRINE_RATE_PAYMENT_PER_IP", default_value = "60/1h")]
    pub payment_per_ip: Rate,

    /// Payments started by one user.
    #[arg(long, env = "VITRINE_RATE_PAYMENT_PER_ACCOUNT", default_value = "30/1h")]
    pub payment_per_account: Rate,

    /// Bytes of files one user may upload (`POST /files`), counted as they stream in:
    /// 200 MiB a minute by default, eight full uploads in a burst.
    #[arg(long, env = "VITRINE_RATE_UPLOAD_BYTES_PER_USER", default_value = "209715200/1m")]
    pub upload_bytes_per_user: Rate,

    /// Where the limits are counted in Redis, when `VITRINE_REDIS_URL` is set: every node
    /// of a deployment draws on the same cells under this prefix (two deployments sharing
    /// one Redis give each their own).
    #[arg(long, env = "VITRINE_RATE_REDIS_PREFIX", default_value = "vitrine:rate:")]
    pub redis_prefix: String,

    /// Pixels of pictures one user may upload (`POST /files`), as their headers announce
    /// them, counted before anything is decoded: 400 megapixels a minute by default, four
    /// requests at the 100-megapixel bound of one request in a burst. Decoding (for
    /// thumbnails) is what a picture costs the server, whatever its bytes.
    #[arg(long, env = "VITRINE_RATE_UPLOAD_PIXELS_PER_USER", default_value = "400000000/1m")]
    pub upload_pixels_per_user: Rate,

    /// Views of one page (a contest's) that count from one visitor: a signed-in user, or an
    /// anonymous client address. `1/1h`: one a visitor and page an hour, however often
    /// the page is loaded or the view posted.
    #[arg(long, env = "VITRINE_RATE_VIEWS_PER_VISITOR", default_value = "1/1h")]
    pub views_per_visitor: Rate,

    /// Proxies (comma-separated addresses or CIDR ranges) whose `X-Forwarded-For` and
    /// `X-Real-IP` name the client; unset, the client is the peer address of the connection.
    #[arg(long, env = "VITRINE_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<ProxyRange>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_read_count_slash_period() {
        assert_eq!("10/1m".parse::<Rate>().unwrap(), Rate::new(10, Duration::from_secs(60)));
        assert_eq!("5/h".parse::<Rate>().unwrap(), Rate::new(5, Duration::from_secs(3600)));
        assert_eq!(" 2/500ms ".parse::<Rate>().unwrap(), Rate::new(2, Duration::from_millis(500)));
        assert_eq!("3/90s".parse::<Rate>().unwrap().to_string(), "3/90s");
        assert_eq!("3/120s".parse::<Rate>().unwrap().to_string(), "3/2m");
        for bad in ["10", "0/1m", "10/0s", "10/1d", "ten/1m", "10/m1", "-1/1m"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad} must be refused");
        }
    }

    #[test]
    fn proxies_are_addresses_or_ranges() {
        let one: ProxyRange = "127.0.0.1".parse().unwrap();
        assert!(one.contains(&"127.0.0.1".parse().unwrap()));
        assert!(!one.contains(&"127.0.0.2".parse().unwrap()));
        let range: ProxyRange = "172.16.0.0/12".parse().unwrap();
        assert!(range.contains(&"172.18.0.5".parse().unwrap()));
        assert!(!range.contains(&"192.168.1.1".parse().unwrap()));
        assert!("::1".parse::<ProxyRange>().unwrap().contains(&"::1".parse().unwrap()));
        assert!("nginx".parse::<ProxyRange>().is_err());
    }
}
