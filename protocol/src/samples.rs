//! One value of every frame variant, with the optional parts both present and absent,
//! for the round-trip tests.

use serde_json::json;

use crate::{AccessToken, ClientFrame, DocBytes, ErrorCode, EventFrame, PresenceUser, ServerFrame, SignalKind};

pub fn client_frames() -> Vec<ClientFrame> {
    vec![
        ClientFrame::Sub { ch: "contest:42".into(), since: Some(17), id: Some("r1".into()) },
        ClientFrame::Sub { ch: "court".into(), since: None, id: None },
        ClientFrame::Unsub { ch: "contest:42".into(), id: Some("r2".into()) },
        ClientFrame::Unsub { ch: "contest:42".into(), id: None },
        ClientFrame::Ping,
        ClientFrame::Typing { ch: "bid:7".into() },
        ClientFrame::Auth { token: AccessToken::new("eyJhbGciOi.payload.sig") },
        ClientFrame::Doc { ch: "doc:workroom-brief:3".into(), msg: DocBytes(vec![0, 0, 1, 0]), id: Some("u1".into()) },
        ClientFrame::Doc { ch: "doc:notes:user:3".into(), msg: DocBytes(vec![]), id: None },
    ]
}

pub fn server_frames() -> Vec<ServerFrame> {
    let ana = PresenceUser { id: 5, username: "ana".into() };
    let bo = PresenceUser { id: 6, username: "bo".into() };
    vec![
        ServerFrame::Event(EventFrame {
            ch: "contest:42".into(),
            seq: 21,
            event_type: "entry.created".into(),
            ts: 1_732_150_000_123,
            data: json!({"id": 9, "nested": {"list": [1, -2, 3.5, "x", null, false, {}]}, "empty": []}),
        }),
        ServerFrame::Event(EventFrame {
            ch: "bench:load".into(),
            seq: 1,
            event_type: "bench.tick".into(),
            ts: 0,
            data: json!(null),
        }),
        ServerFrame::Subscribed {
            ch: "contest:42".into(),
            seq: 20,
            recovered: true,
            id: Some("r1".into()),
            presence: Some(vec![ana.clone(), bo.clone()]),
        },
        ServerFrame::Subscribed { ch: "user:5".into(), seq: 0, recovered: false, id: None, presence: None },
        ServerFrame::Unsubscribed { ch: "contest:42".into(), id: Some("r2".into()) },
        ServerFrame::Unsubscribed { ch: "contest:42".into(), id: None },
        ServerFrame::Pong,
        ServerFrame::Presence { ch: "contest:42".into(), joined: vec![ana.clone()], left: vec![bo] },
        ServerFrame::Presence { ch: "bid:7".into(), joined: vec![], left: vec![] },
        ServerFrame::Signal { ch: "bid:7".into(), kind: SignalKind::Typing, user: ana },
        ServerFrame::Error {
            id: Some("r1".into()),
            ch: Some("bid:7".into()),
            code: ErrorCode::ChannelForbidden,
            message: "You may not use this channel.".into(),
        },
        ServerFrame::error(ErrorCode::RateLimited, None, None),
        ServerFrame::Doc { ch: "doc:contest-brief:4".into(), msg: DocBytes(vec![0, 1, 2, 0, 0]) },
        ServerFrame::Ack { ch: "doc:contest-brief:4".into(), id: Some("u1".into()) },
        ServerFrame::Ack { ch: "doc:contest-brief:4".into(), id: None },
    ]
}
