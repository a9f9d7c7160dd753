//! Channel names: `kind:id` for the domain's rooms, bare words for the global ones.
//!
//! A name is parsed once, where it enters (a `sub` frame, a publish call, the REST
//! mirror), and the hub keys its registry by the parsed [`Channel`]. Parsing is strict
//! so that one channel has exactly one spelling: no leading zeros, no signs, no spaces.

use std::{error::Error, fmt, str::FromStr};

use crate::doc::{DocName, DocNameError};

/// Longest name a `bench:` channel may carry, in bytes (the alphabet is ASCII).
pub const BENCH_NAME_MAX_LEN: usize = 64;

/// A channel a client can subscribe to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Channel {
    /// `contest:{id}`: entries, comments, reactions, ratings and status of one contest.
    Contest(i64),
    /// `project:{id}`: bid counts, brief, budget and status of one project (every designer
    /// may watch it; the private side is `workroom:{id}`).
    Project(i64),
    /// `bid:{id}`: the private discussion between a project's owner and one bidder.
    Bid(i64),
    /// `workroom:{id}`: the private side of project `{id}` once a bid is approved: the
    /// designer's updates and what the owner says about them, and the project's comments.
    Workroom(i64),
    /// `user:{id}`: one user's messages, notifications and badge counters.
    User(i64),
    /// `court`: votes and judgments of the design court.
    Court,
    /// `admin`: moderation feed for administrators.
    Admin,
    /// `community`: the community feed's new activities (designers and clients).
    Community,
    /// `bench:{name}`: ephemeral channels for load tests and integrations; no history.
    Bench(String),
    /// `marketplace`: entries listed for sale and leaving the marketplace (sold or withdrawn),
    /// for its pages.
    Marketplace,
    /// `broadcast`: what every open browser may see, signed in or not (admins' banners).
    Broadcast,
    /// `doc:{document}`: a Yjs document edited together (see [`crate::doc`]): no events,
    /// `doc` frames instead, its state kept by the server.
    Doc(DocName),
}

/// The kind of a [`Channel`], without its id or name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChannelKind {
    Contest,
    Project,
    Bid,
    Workroom,
    User,
    Court,
    Admin,
    Community,
    Bench,
    Marketplace,
    Broadcast,
    Doc,
}

/// Why a channel name was refused; every variant is answered with `channel.invalid`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelError {
    /// The prefix (or the bare word) names no channel kind.
    UnknownKind,
    /// A numbered channel whose id is not a positive decimal `i64` without leading zeros.
    InvalidId,
    /// A `bench:` name that is empty, longer than [`BENCH_NAME_MAX_LEN`] or has a
    /// character outside `[A-Za-z0-9_.-]`.
    InvalidBenchName,
    /// A `doc:` name that names no document kind (`workroom-brief:{id}`,
    /// `notes:{contest|project|user}:{id}`, `contest-brief:{id}`).
    InvalidDocName,
}

impl Channel {
    /// Parses a channel name such as `contest:42`, `court` or `bench:load-1`.
    pub fn parse(name: &str) -> Result<Channel, ChannelError> {
        let Some((prefix, rest)) = name.split_once(':') else {
            return match name {
                "court" => Ok(Channel::Court),
                "admin" => Ok(Channel::Admin),
                "marketplace" => Ok(Channel::Marketplace),
                "community" => Ok(Channel::Community),
                "broadcast" => Ok(Channel::Broadcast),
                _ => Err(ChannelError::UnknownKind),
            };
        };
        match prefix {
            "contest" => parse_id(rest).map(Channel::Contest),
            "project" => parse_id(rest).map(Channel::Project),
            "bid" => parse_id(rest).map(Channel::Bid),
            "workroom" => parse_id(rest).map(Channel::Workroom),
            "user" => parse_id(rest).map(Channel::User),
            "bench" => parse_bench_name(rest).map(|name| Channel::Bench(name.to_owned())),
            "doc" => DocName::parse(rest, |text| parse_id(text).ok()).map(Channel::Doc).map_err(|err| match err {
                DocNameError::UnknownDocument => ChannelError::InvalidDocName,
                DocNameError::InvalidId => ChannelError::InvalidId,
            }),
            _ => Err(ChannelError::UnknownKind),
        }
    }

    pub fn kind(&self) -> ChannelKind {
        match self {
            Channel::Contest(_) => ChannelKind::Contest,
            Channel::Project(_) => ChannelKind::Project,
            Channel::Bid(_) => ChannelKind::Bid,
            Channel::Workroom(_) => ChannelKind::Workroom,
            Channel::User(_) => ChannelKind::User,
            Channel::Court => ChannelKind::Court,
            Channel::Admin => ChannelKind::Admin,
            Channel::Community => ChannelKind::Community,
            Channel::Bench(_) => ChannelKind::Bench,
            Channel::Marketplace => ChannelKind::Marketplace,
            Channel::Broadcast => ChannelKind::Broadcast,
            Channel::Doc(_) => ChannelKind::Doc,
        }
    }

    /// The document a `doc:` channel names.
    pub fn doc(&self) -> Option<DocName> {
        match self {
            Channel::Doc(name) => Some(*name),
            _ => None,
        }
    }

    /// Whether subscribers learn who else is there (`presence` frames, typing signals).
    pub fn has_presence(&self) -> bool {
        self.kind().has_presence()
    }

    /// Whether this is a `doc:` channel (see [`ChannelKind::is_document`]).
    pub fn is_document(&self) -> bool {
        self.kind().is_document()
    }

    /// Whether events are only relayed live, never kept for recovery.
    pub fn is_ephemeral(&self) -> bool {
        self.kind().is_ephemeral()
    }
}

impl ChannelKind {
    /// Every kind, in declaration order: the one list of what a channel can be. The server
    /// checks at start-up that each has a policy registered (`doc` through its documents'
    /// kinds, [`crate::DocKind::ALL`]).
    pub const ALL: [ChannelKind; 12] = [
        ChannelKind::Contest,
        ChannelKind::Project,
        ChannelKind::Bid,
        ChannelKind::Workroom,
        ChannelKind::User,
        ChannelKind::Court,
        ChannelKind::Admin,
        ChannelKind::Community,
        ChannelKind::Bench,
        ChannelKind::Marketplace,
        ChannelKind::Broadcast,
        ChannelKind::Doc,
    ];

    /// The name's prefix, or the whole name for `court`, `admin`, `marketplace`, `community`
    /// and `broadcast`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ChannelKind::Contest => "contest",
            ChannelKind::Project => "project",
            ChannelKind::Bid => "bid",
            ChannelKind::Workroom => "workroom",
            ChannelKind::User => "user",
            ChannelKind::Court => "court",
            ChannelKind::Admin => "admin",
            ChannelKind::Community => "community",
            ChannelKind::Bench => "bench",
            ChannelKind::Marketplace => "marketplace",
            ChannelKind::Broadcast => "broadcast",
            ChannelKind::Doc => "doc",
        }
    }

    /// Contest, project, bid and workroom rooms show who is in them; the others do not.
    pub const fn has_presence(self) -> bool {
        matches!(self, ChannelKind::Contest | ChannelKind::Project | ChannelKind::Bid | ChannelKind::Workroom)
    }

    /// Bench channels keep no history.
    pub const fn is_ephemeral(self) -> bool {
        matches!(self, ChannelKind::Bench)
    }

    /// Document channels carry `doc` frames, not events: their state is the document.
    pub const fn is_document(self) -> bool {
        matches!(self, ChannelKind::Doc)
    }
}

/// A positive `i64` in canonical decimal form, so `Display` gives back the same text.
fn parse_id(text: &str) -> Result<i64, ChannelError> {
    let canonical = !text.is_empty() && !text.starts_with('0') && text.bytes().all(|byte| byte.is_ascii_digit());
    if !canonical {
        return Err(ChannelError::InvalidId);
    }
    text.parse().map_err(|_| ChannelError::InvalidId)
}

fn parse_bench_name(name: &str) -> Result<&str, ChannelError> {
    let allowed = |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'-');
    if (1..=BENCH_NAME_MAX_LEN).contains(&name.len()) && name.bytes().all(allowed) {
        Ok(name)
    } else {
        Err(ChannelError::InvalidBenchName)
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind().as_str();
        match self {
            Channel::Contest(id)
            | Channel::Project(id)
            | Channel::Bid(id)
            | Channel::Workroom(id)
            | Channel::User(id) => {
                write!(f, "{kind}:{id}")
            }
            Channel::Court | Channel::Admin | Channel::Marketplace | Channel::Community | Channel::Broadcast => {
                f.write_str(kind)
            }
            Channel::Bench(name) => write!(f, "{kind}:{name}"),
            Channel::Doc(name) => write!(f, "{kind}:{name}"),
        }
    }
}

impl FromStr for Channel {
    type Err = ChannelError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Channel::parse(name)
    }
}

impl fmt::Display for ChannelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChannelError::UnknownKind => {
                "unknown channel kind; expected contest:, project:, bid:, workroom:, user:, bench:, doc:, court, admin, \
                 marketplace, community or broadcast"
            }
            ChannelError::InvalidId => "channel id must be a positive integer without leading zeros",
            ChannelError::InvalidBenchName => "bench channel name must be 1-64 characters of [A-Za-z0-9_.-]",
            ChannelError::InvalidDocName => {
                "document must be workroom-brief:{id}, notes:{contest|project|user}:{id} or contest-brief:{id}"
            }
        })
    }
}

impl Error for ChannelError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_kind_once() {
        // The match has no wildcard: a new kind fails to compile here until it is listed.
        let position = |kind: ChannelKind| match kind {
            ChannelKind::Contest => 0,
            ChannelKind::Project => 1,
            ChannelKind::Bid => 2,
            ChannelKind::Workroom => 3,
            ChannelKind::User => 4,
            ChannelKind::Court => 5,
            ChannelKind::Admin => 6,
            ChannelKind::Community => 7,
            ChannelKind::Bench => 8,
            ChannelKind::Marketplace => 9,
            ChannelKind::Broadcast => 10,
            ChannelKind::Doc => 11,
        };
        let positions: Vec<usize> = ChannelKind::ALL.iter().map(|k| position(*k)).collect();
        assert_eq!(positions, (0..ChannelKind::ALL.len()).collect::<Vec<_>>());
    }

    #[test]
    fn valid_names_parse_and_display_back_unchanged() {
        let cases = [
            ("contest:42", Channel::Contest(42)),
            ("project:1", Channel::Project(1)),
            ("bid:7", Channel::Bid(7)),
            ("workroom:3", Channel::Workroom(3)),
            ("user:9223372036854775807", Channel::User(i64::MAX)),
            ("court", Channel::Court),
            ("admin", Channel::Admin),
            ("marketplace", Channel::Marketplace),
            ("community", Channel::Community),
            ("broadcast", Channel::Broadcast),
            ("bench:load-1_a.B", Channel::Bench("load-1_a.B".into())),
            ("doc:workroom-brief:7", Channel::Doc(DocName::WorkroomBrief(7))),
            ("doc:notes:user:3", Channel::Doc(DocName::Notes(crate::doc::NotesEntity::User, 3))),
            ("doc:notes:contest:4", Channel::Doc(DocName::Notes(crate::doc::NotesEntity::Contest, 4))),
            ("doc:notes:project:5", Channel::Doc(DocName::Notes(crate::doc::NotesEntity::Project, 5))),
            ("doc:contest-brief:12", Channel::Doc(DocName::ContestBrief(12))),
        ];
        for (name, expected) in cases {
            let parsed = Channel::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(parsed, expected);
            assert_eq!(parsed.to_string(), name);
            assert_eq!(name.parse::<Channel>(), Ok(expected));
        }
    }

    #[test]
    fn bench_names_may_be_exactly_the_maximum_length() {
        let name = format!("bench:{}", "x".repeat(BENCH_NAME_MAX_LEN));
        assert!(Channel::parse(&name).is_ok());
        let too_long = format!("bench:{}", "x".repeat(BENCH_NAME_MAX_LEN + 1));
        assert_eq!(Channel::parse(&too_long), Err(ChannelError::InvalidBenchName));
    }

    #[test]
    fn numbered_channels_refuse_anything_but_a_canonical_positive_id() {
        for name in [
            "contest:0",
            "contest:-1",
            "contest:+1",
            "contest:abc",
            "contest:",
            "contest:007",
            "contest:42 ",
            "contest: 42",
            "contest:42x",
            "contest:42:1",
            "contest:1.5",
            "user:9223372036854775808",
            "bid:99999999999999999999",
        ] {
            assert_eq!(Channel::parse(name), Err(ChannelError::InvalidId), "{name}");
        }
    }

    #[test]
    fn unknown_kinds_are_refused() {
        for name in ["nope:1", "", ":1", "Contest:1", "court:1", "admin:", "courts", " court", "bench", "broadcast:1"] {
            assert_eq!(Channel::parse(name), Err(ChannelError::UnknownKind), "{name:?}");
        }
    }

    #[test]
    fn bad_document_names_are_refused() {
        for name in ["doc:", "doc:brief:1", "doc:notes:bid:1", "doc:notes:1", "doc:workroom-brief", "doc:Notes:user:1"]
        {
            assert_eq!(Channel::parse(name), Err(ChannelError::InvalidDocName), "{name:?}");
        }
        for name in ["doc:workroom-brief:0", "doc:contest-brief:01", "doc:notes:user:x", "doc:notes:user:1:2"] {
            assert_eq!(Channel::parse(name), Err(ChannelError::InvalidId), "{name:?}");
        }
    }

    #[test]
    fn bad_bench_names_are_refused() {
        for name in ["bench:", "bench:a b", "bench:a/b", "bench:a:b", "bench:é", "bench:a\n"] {
            assert_eq!(Channel::parse(name), Err(ChannelError::InvalidBenchName), "{name:?}");
        }
    }

    #[test]
    fn presence_is_kept_on_contest_project_bid_and_workroom_only() {
        let with: Vec<_> = ["contest:1", "project:1", "bid:1", "workroom:1", "user:1", "court", "admin", "bench:b"]
            .iter()
            .map(|name| Channel::parse(name).unwrap())
            .filter(Channel::has_presence)
            .map(|ch| ch.kind())
            .collect();
        assert_eq!(with, [ChannelKind::Contest, ChannelKind::Project, ChannelKind::Bid, ChannelKind::Workroom]);
    }

    #[test]
    fn only_bench_channels_are_ephemeral() {
        assert!(Channel::Bench("b".into()).is_ephemeral());
        assert!(!Channel::Contest(1).is_ephemeral());
        assert!(!Channel::Court.is_ephemeral());
    }
}
