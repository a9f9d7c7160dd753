//! HTTP side of the hub: the WebSocket upgrade, the server-side publish API, and the
//! REST mirror of a channel's history.

use axum::{
    extract::{ws::rejection::WebSocketUpgradeRejection, FromRef, FromRequestParts, Query, State, WebSocketUpgrade},
    http::{header, request::Parts, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};
use vitrine_protocol::{
    bearer_from_subprotocols, limits, Channel, ChannelEvents, Encoding, PublishAccepted, PublishRequest,
};

use super::{outbox, policy::Principal, session, Realtime};
use crate::{
    error::{codes, ApiJson, ApiPath, ApiQuery, AppError, ErrorEnvelope},
    shared::{http::bearer_from_headers, limits::ClientIp},
};

/// Initial read buffer of one WebSocket. tungstenite zeroes the whole window before every
/// read attempt, so every byte of it is resident for every idle socket: at 4 KiB it was
/// the largest part of an idle connection's memory (massif, 2026-11-25: 3.7 of 14 KiB of
/// heap). Clients send small frames (sub, ping, typing, a document edit); a larger one is
/// read whole all the same, the window growing to the length its header announces.
const READ_BUFFER_BYTES: usize = 1024;

/// How much a socket's writes gather before they go to the kernel (tungstenite's
/// `write_buffer_size`, 128 KiB by default). The buffer keeps the largest capacity it ever
/// reached, and a batch of queued events (up to 64 per wake-up) filled it: after the
/// `marketplace` run each of 10,000 watchers held about 100 KiB (0.9-1.1 GiB of RSS,
/// BENCHMARKS.md 2026-11-25). At 8 KiB a batch still goes out in few writes (dozens of
/// small events per write) and a socket keeps at most about 8 KiB plus one frame.
const WRITE_BUFFER_BYTES: usize = 8 * 1024;

/// The hub's routes, for any application state the hub can be taken from.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Realtime: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(upgrade)).routes(routes!(publish)).routes(routes!(channel_events))
}

/// The query `/ws` reads, to refuse it: not in the OpenAPI document, which offers no way
/// of sending a token that the server refuses.
#[derive(Debug, Deserialize)]
pub struct WsQuery {
    /// The old form of the token for browsers: refused (400 `ws.token_in_url`) unless the
    /// server runs with `VITRINE_WS_TOKEN_IN_URL=true`, since proxies and access logs record
    /// URLs. Send `Sec-WebSocket-Protocol: v1.json, vitrine.bearer.<token>` instead.
    pub access_token: Option<String>,
}

/// Opens a WebSocket speaking protocol v1 (see docs/protocol.md). Subprotocol
/// `v1.json` (default) or `v1.msgpack`; the access token goes in `Authorization: Bearer`
/// or, from a browser, as one more subprotocol entry `vitrine.bearer.<token>` (never
/// chosen by the server); a bad token is refused with 401. A token in the URL
/// (`?access_token=`) is refused with 400 `ws.token_in_url` unless the server allows it
/// (`VITRINE_WS_TOKEN_IN_URL`).
#[utoipa::path(get, path = "/ws", tag = "realtime",
    responses((status = 101, description = "Switching to the WebSocket protocol"), (status = 400, body = ErrorEnvelope, description = "Unknown subprotocols only, or a token in the URL while VITRINE_WS_TOKEN_IN_URL is off"), (status = 401, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope, description = "The user (or, anonymous, the client address) already holds the most sockets allowed on this node"), (status = 426, body = ErrorEnvelope), (status = 503, body = ErrorEnvelope, description = "This node cannot deliver events right now (bus down); try another")))]
async fn upgrade(
    State(state): State<Realtime>,
    Client(client): Client,
    Query(query): Query<WsQuery>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    // Proxies and access logs keep URLs: a token there is refused unless the server allows
    // the old form, whether or not the request is an upgrade at all.
    if query.access_token.is_some() && !state.settings.ws_token_in_url {
        return Err(AppError::rule(StatusCode::BAD_REQUEST, codes::WS_TOKEN_IN_URL));
    }
    let Ok(upgrade) = upgrade else {
        return Err(AppError::rule(StatusCode::UPGRADE_REQUIRED, codes::WS_UPGRADE_REQUIRED));
    };
    // A socket here would hear nothing until the bus is back: send it elsewhere (a
    // proxy retries another node on 503; a client backs off and reconnects).
    if !state.broker.can_deliver() {
        return Err(AppError::rule(StatusCode::SERVICE_UNAVAILABLE, codes::UNAVAILABLE));
    }
    let offered = headers.get(header::SEC_WEBSOCKET_PROTOCOL).and_then(|v| v.to_str().ok());
    let encoding =
        Encoding::negotiate(offered).ok_or_else(|| AppError::rule(StatusCode::BAD_REQUEST, codes::WS_SUBPROTOCOL))?;
    // The header first, then the subprotocol entry browsers use, then the URL if allowed.
    let token = bearer_from_headers(&headers)
        .or_else(|| bearer_from_subprotocols(offered))
        .map(str::to_owned)
        .or(query.access_token);
    let user = match token {
        None => None,
        Some(token) => Some(authenticate(&state, &token).await?.ok_or_else(AppError::unauthenticated)?),
    };
    // A signed-in socket counts against its user, an anonymous one against its client's
    // address (as the abuse limits see it: forged forwarding headers count for nothing).
    let anonymous_slot = match &user {
        Some(user) => {
            if state.hub.user_connections(user.id) >= state.settings.ws_max_connections_per_user {
                return Err(AppError::rule(StatusCode::TOO_MANY_REQUESTS, codes::WS_TOO_MANY_CONNECTIONS));
            }
            None
        }
        None => Some(
            state
                .hub
                .reserve_anonymous(client.key(), state.settings.ws_max_anonymous_per_address)
                .ok_or_else(|| AppError::rule(StatusCode::TOO_MANY_REQUESTS, codes::WS_TOO_MANY_CONNECTIONS))?,
        ),
    };
    let upgrade = upgrade
        .protocols([encoding.subprotocol()])
        // tungstenite reserves 128 KiB of read buffer per socket by default: with
        // thousands of sockets the default was most of the server's memory.
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .max_message_size(limits::MAX_MESSAGE_BYTES)
        .max_frame_size(limits::MAX_MESSAGE_BYTES);
    Ok(upgrade.on_upgrade(move |socket| session::run(socket, state, encoding, user, anonymous_slot)).into_response())
}

/// Publishes events from a trusted back end or the load harness (`Authorization:
/// Bearer <VITRINE_API_KEY>`). Durable channels get a seq and history; `bench:`
/// channels are ephemeral.
#[utoipa::path(post, path = "/api/publish", tag = "realtime", request_body = PublishBody,
    responses((status = 202, description = "Accepted: {accepted: N}"), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 422, body = ErrorEnvelope)))]
async fn publish(
    State(state): State<Realtime>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<PublishRequest>,
) -> Result<(StatusCode, Json<PublishAccepted>), AppError> {
    // Without a configured key the API does not exist on this server.
    let expected = state.settings.api_key.as_deref().ok_or_else(|| AppError::not_found(codes::PUBLISH_DISABLED))?;
    let offered = bearer_from_headers(&headers).ok_or_else(AppError::unauthenticated)?;
    if !constant_time_eq(offered.as_bytes(), expected.as_bytes()) {
        return Err(AppError::unauthenticated());
    }
    let publications = request.into_publications();
    if publications.is_empty() || publications.len() > limits::PUBLISH_BATCH_MAX {
        return Err(AppError::field("batch", codes::PUBLISH_BATCH_SIZE));
    }
    // Every channel is checked before anything is published.
    let mut parsed = Vec::with_capacity(publications.len());
    for (index, publication) in publications.into_iter().enumerate() {
        let Ok(channel) = Channel::parse(&publication.channel) else {
            let message = format!("Item {} names no valid channel: {:?}.", index + 1, publication.channel);
            return Err(AppError::Rule {
                status: StatusCode::BAD_REQUEST,
                code: codes::CHANNEL_INVALID,
                message: Some(message.into()),
            });
        };
        if publication.event_type.trim().is_empty() {
            return Err(AppError::field(&format!("batch.{index}.type"), codes::REQUIRED));
        }
        parsed.push((channel, publication));
    }

    // Durable events commit together in one unit, which publishes them in batch order;
    // then the ephemeral ones go out, in batch order too.
    let now = state.now_ms();
    let accepted = parsed.len();
    let (durable, ephemeral): (Vec<_>, Vec<_>) = parsed.into_iter().partition(|(c, _)| !c.is_ephemeral());
    if !durable.is_empty() {
        let mut unit = state.begin().await?;
        for (channel, publication) in durable {
            unit.append(&channel, &publication.event_type, publication.data, now).await?;
        }
        unit.commit().await?;
    }
    for (channel, publication) in ephemeral {
        state.publish_ephemeral(&channel.to_string(), &publication.event_type, publication.data, now).await?;
    }
    Ok((StatusCode::ACCEPTED, Json(PublishAccepted { accepted })))
}

/// The body of `POST /api/publish` for the document (the wire type lives in the protocol
/// crate, which knows no OpenAPI): one publication, or `{"batch": [...]}` of 1 to
/// `PUBLISH_BATCH_MAX`, each with a channel name and a non-blank type.
pub struct PublishBody;

impl utoipa::PartialSchema for PublishBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Type};
        let publication = || {
            ObjectBuilder::new()
                .property(
                    "channel",
                    ObjectBuilder::new().schema_type(Type::String).description(Some(
                        "A channel name as the protocol writes it: `contest:12`, `user:5`, `bench:load`, `court`...",
                    )),
                )
                .required("channel")
                .property("type", ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"\S")))
                .required("type")
                .property("data", ObjectBuilder::new().description(Some("Any JSON value; null when absent.")))
        };
        let batch =
            ArrayBuilder::new().items(publication()).min_items(Some(1)).max_items(Some(limits::PUBLISH_BATCH_MAX));
        OneOfBuilder::new()
            .item(ObjectBuilder::new().property("batch", batch).required("batch"))
            .item(publication())
            .into()
    }
}

impl utoipa::ToSchema for PublishBody {}

/// The client's address as the abuse limits count it ([`ClientIp`]), behind the proxies
/// the settings trust.
struct Client(ClientIp);

impl<S> FromRequestParts<S> for Client
where
    S: Send + Sync,
    Realtime: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let realtime = Realtime::from_ref(state);
        Ok(Self(ClientIp::of_request(parts, &realtime.settings.limits.trusted_proxies)))
    }
}

/// The caller a token names, as the registered authenticator resolves it.
async fn authenticate(realtime: &Realtime, token: &str) -> Result<Option<Principal>, AppError> {
    realtime.channels.authenticate(&realtime.db, token, realtime.now_ms()).await
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AfterQuery {
    /// Events with a seq above this; 0 for everything kept.
    #[serde(default)]
    pub after: u64,
}

/// The kept events of a channel after a seq, under the same rules as subscribing.
/// Bench channels keep no history: they answer no events and `recovered: false`.
/// `{ch}` is a channel name as `vitrine_protocol::Channel::parse` reads it; the pattern
/// declares that grammar (ids canonical, without leading zeros; 18 digits at most).
#[utoipa::path(get, path = "/realtime/channels/{ch}/events", tag = "realtime",
    params(("ch" = String, Path, pattern = r"^(court|admin|marketplace|community|broadcast|(contest|project|bid|workroom|user):[1-9][0-9]{0,17}|bench:[A-Za-z0-9_.-]{1,64}|doc:(workroom-brief|contest-brief|notes:(contest|project|user)):[1-9][0-9]{0,17})$"), AfterQuery),
    responses((status = 200, description = "ChannelEvents: {ch, head, recovered, events}"), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
async fn channel_events(
    State(state): State<Realtime>,
    headers: HeaderMap,
    ApiPath(ch): ApiPath<String>,
    ApiQuery(query): ApiQuery<AfterQuery>,
) -> Result<Json<ChannelEvents>, AppError> {
    // Unlike public pages, a token that does not work is an error here: the caller
    // would otherwise read a channel's public view while believing it signed in.
    let user = match bearer_from_headers(&headers) {
        None => None,
        Some(token) => Some(authenticate(&state, token).await?.ok_or_else(AppError::unauthenticated)?),
    };
    let channel = Channel::parse(&ch).map_err(|_| AppError::rule(StatusCode::BAD_REQUEST, codes::CHANNEL_INVALID))?;
    if !state.channels.may_subscribe(&state.db, user.as_ref(), &channel).await? {
        return Err(AppError::forbidden(codes::CHANNEL_FORBIDDEN));
    }
    if channel.is_ephemeral() {
        return Ok(Json(ChannelEvents { ch: channel.to_string(), head: 0, recovered: false, events: vec![] }));
    }
    // A seq is an `int64`, as the document declares: beyond it is the caller's mistake.
    if i64::try_from(query.after).is_err() {
        return Err(AppError::rule(StatusCode::BAD_REQUEST, codes::QUERY_INVALID));
    }
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(outbox::history(&mut conn, &channel.to_string(), query.after).await?))
}
