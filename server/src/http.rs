//! The router: every area's routes merged in one place, the OpenAPI document built
//! from them, the docs page, the built web client with its SPA fallback, and the
//! layers every request passes through.

use axum::{
    extract::{Request, State},
    http::{header, Method, StatusCode},
    middleware,
    response::{IntoResponse, Response},
    routing::get,
    Json, Router,
};
use tower::ServiceExt;
use tower_http::{catch_panic::CatchPanicLayer, services::ServeDir, trace::TraceLayer};
use utoipa::{
    openapi::security::{Http, HttpAuthScheme, SecurityScheme},
    Modify, OpenApi,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_scalar::{Scalar, Servable};

use crate::{
    accounts, contests,
    error::{codes, route_not_found, AppError},
    geo, ops, realtime,
    state::AppState,
};

#[derive(OpenApi)]
#[openapi(
    info(title = "Vitrine API", description = "REST API of the Vitrine design marketplace. Live updates: see docs/protocol.md (GET /ws)."),
    modifiers(&BearerAuth),
    tags(
        (name = "accounts", description = "Sign-up, sign-in, password reset, profiles"),
        (name = "contests", description = "Contest types, brief questions, packages, upgrades, lengths; contests"),
        (name = "entries", description = "Entries: submission, versions, ratings, status, awards, artworks, reports"),
        (name = "comments", description = "Contest and entry comments"),
        (name = "reactions", description = "Likes and other reactions on entries"),
        (name = "image tags", description = "Feedback points on an entry's image"),
        (name = "court", description = "The design court: reported entries, jurors' votes, judgments"),
        (name = "notifications", description = "Notifications, unread counters, preferences"),
        (name = "messages", description = "Direct messages: sending, conversations, unread counters, read receipts"),
        (name = "project catalogue", description = "Project categories, sub-categories, services and brief questions"),
        (name = "projects", description = "Projects: launch, brief, lists, statuses, budget, artworks, invites"),
        (name = "bids", description = "Bids on projects and their discussions"),
        (name = "designers", description = "Designers' project preferences and portfolios"),
        (name = "project updates", description = "The workroom of an assigned project: updates, comments, reactions, image tags"),
        (name = "commerce", description = "Coupons, referrals, subscriptions, the tipping cart and tips"),
        (name = "payments", description = "Saved cards, Stripe payment intents, the Stripe webhook, transactions, invoices"),
        (name = "files", description = "Uploads, file contents, one-time download links"),
        (name = "geography", description = "Regions, countries, states"),
        (name = "operations", description = "Health, readiness, metrics"),
        (name = "realtime", description = "WebSocket hub (docs/protocol.md), publish API, channel history"),
        (name = "marketplace", description = "Entries for sale: listings, search, categories and tags, buying full rights"),
        (name = "profiles", description = "Designers' profiles: information, statistics, winnings (reviews), settings"),
        (name = "admin", description = "The admin console: banners, dashboard figures, lists, search, payouts, notes, tags, feedback"),
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// A reader for an area whose attachments only signed-in users may ever read: an
/// anonymous reader gets `false` without asking the area.
macro_rules! signed_in {
    ($reader:path) => {
        |db, user, id| {
            Box::pin(async move {
                match user {
                    Some(user) => $reader(db, user, id).await,
                    None => Ok(false),
                }
            })
        }
    };
}

/// Who may read a file attached to something an area owns: each area answers for its own
/// attachments, asked in this order (`files::may_read`); `user` is None for a reader who
/// is not signed in.
fn file_readers() -> crate::files::Readers {
    crate::files::Readers::new(vec![
        // Entry images: whoever may see the entry (final artworks: holder and designer).
        |db, user, id| Box::pin(crate::entries::may_read_file(db, user, id)),
        // Contest brief attachments: whoever may read the brief.
        signed_in!(crate::contests::brief_files::may_read_file),
        // Bid files, project artworks, updates' files and brief attachments.
        signed_in!(crate::projects::files::may_read_file),
        // Entries for sale: anyone (a designer's public profile shows them); sold ones their buyer.
        |db, user, id| Box::pin(crate::marketplace::may_read_file(db, user, id)),
        // Profile pictures and covers: anyone (profiles are public).
        |db, user, id| Box::pin(crate::profiles::may_read_file(db, user, id)),
        // Showcases not hidden by an admin: every signed-in user.
        signed_in!(crate::community::may_read_file),
        // Portfolio items: anyone (profiles are public).
        |db, user, id| Box::pin(crate::designers::may_read_file(db, user, id)),
    ])
}

/// The API routes and the OpenAPI document describing exactly them.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(accounts::router())
        .merge(crate::catalogue::router())
        .merge(geo::router())
        .merge(ops::router())
        .merge(realtime::router())
        .merge(crate::files::router().layer(axum::Extension(file_readers())))
        .merge(contests::router())
        .merge(crate::entries::router())
        .merge(crate::comments::router())
        .merge(crate::notifications::router())
        .merge(crate::messages::router())
        .merge(crate::projects::router())
        .merge(crate::bids::router())
        .merge(crate::designers::router())
        .merge(crate::court::router())
        .merge(crate::commerce::router())
        .merge(crate::payments::router())
        .merge(crate::marketplace::router())
        .merge(crate::profiles::router())
        .merge(crate::community::router())
        .merge(crate::admin::router())
        .split_for_parts();
    crate::openapi_file::unique_operation_ids(&mut openapi);
    crate::openapi_answers::add_common_answers(&mut openapi);
    (router, openapi)
}

/// The whole application router, state applied.
pub fn router(state: AppState) -> Router {
    let (api, openapi) = api();
    let document = openapi.clone();
    let docs = Router::<AppState>::from(Scalar::with_url("/docs", openapi)).layer(ops::headers::docs_layer());
    let mut router = api
        .route("/openapi.json", get(move || async move { Json(document) }))
        // A server page, not an API call: the launch e-mails' unsubscribe link (mail::unsubscribe).
        .route(
            crate::mail::unsubscribe::PATH,
            get(crate::mail::unsubscribe::ask).post(crate::mail::unsubscribe::confirm),
        )
        .merge(docs)
        .fallback(web_or_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn(ops::metrics::track_requests))
        .layer(middleware::from_fn_with_state(state.clone(), browser_navigation))
        .layer(CatchPanicLayer::custom(|_: Box<dyn std::any::Any + Send>| {
            AppError::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(TraceLayer::new_for_http())
        .layer(middleware::from_fn(ops::requests::log_requests));
    // Outside the rest: the client's pages, API answers, errors and panics all carry them.
    for layer in ops::headers::layers(&state.settings, state.stripe.js_url.as_deref()) {
        router = router.layer(layer);
    }
    router.with_state(state)
}

/// Paths a browser may open directly that are not the web client's.
/// Downloads (`/files/{id}/download?token=`) are opened by the browser but are not pages.
const SERVER_PAGES: &[&str] =
    &["/docs", "/openapi.json", "/healthz", "/readyz", "/ws", "/files", "/api", "/realtime", "/webhooks", "/mail"];

/// One-time download links end so wherever they live (`/contests/{id}/invoices/download?token=`):
/// the browser follows them to save a file, never to show a page of the client.
const DOWNLOAD_SUFFIX: &str = "/download";

fn is_browser_navigation(request: &Request) -> bool {
    matches!(*request.method(), Method::GET | Method::HEAD)
        && request
            .headers()
            .get(header::ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|accept| accept.contains("text/html"))
}

/// A browser navigating to a path the client owns gets the client, even where the
/// API has a route of the same path (the e-mailed `/password/reset/{token}` link,
/// `/contests/{id}`): API calls ask for JSON, navigations for HTML.
async fn browser_navigation(State(state): State<AppState>, request: Request, next: middleware::Next) -> Response {
    let path = request.uri().path();
    let server_page = SERVER_PAGES.iter().any(|page| path == *page || path.starts_with(&format!("{page}/")))
        || path.ends_with(DOWNLOAD_SUFFIX);
    if is_browser_navigation(&request) && !server_page {
        if let Ok(html) = tokio::fs::read(state.settings.web_dir.join("index.html")).await {
            if !has_file_extension(path) {
                return (
                    [(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")],
                    html,
                )
                    .into_response();
            }
        }
    }
    next.run(request).await
}

fn has_file_extension(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

async fn method_not_allowed() -> AppError {
    AppError::rule(StatusCode::METHOD_NOT_ALLOWED, codes::METHOD_NOT_ALLOWED)
}

/// Files of the built client; for a browser navigation to an unknown path, the
/// client's `index.html` (its router decides); for anything else, the JSON 404.
async fn web_or_not_found(State(state): State<AppState>, request: Request) -> Response {
    let is_navigation = is_browser_navigation(&request);
    let web_dir = &state.settings.web_dir;
    let served = ServeDir::new(web_dir).oneshot(request).await;
    match served {
        Ok(response) if response.status() != StatusCode::NOT_FOUND => response.into_response(),
        _ if is_navigation => match tokio::fs::read(web_dir.join("index.html")).await {
            Ok(html) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response(),
            Err(_) => route_not_found().await.into_response(),
        },
        _ => route_not_found().await.into_response(),
    }
}
