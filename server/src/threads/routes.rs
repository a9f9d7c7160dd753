//! The HTTP handlers of comments, reactions and image tags, written once for every area
//! whose threads have them (contests' boards and entries, the workroom's project and
//! updates).
//!
//! An area supplies only what is its own:
//! - its paths, its OpenAPI tag, each handler's summary and the failures it documents,
//!   and who reads (anyone, or only signed-in users): the input of [`thread_routes!`],
//!   which writes the area's handlers and its `router()`;
//! - how a request's path finds what it names, the caller's right to see it checked: an
//!   async function of the area for comment threads, and one for what reactions and
//!   image tags hang on, both named in that input;
//! - who may write, react and tag, on what its functions find:
//!   [`CommentThread`](super::comments::CommentThread), [`ReactionTarget`] and
//!   [`TagTarget`].
//!
//! Why a macro and not generic handlers: utoipa documents a handler with an attribute
//! whose path, tag and answers are written out on the function, so one generic handler
//! could carry one area's documentation only. The macro stamps out a small documented
//! handler per area from one template: it finds what the path names with the area's
//! function, then calls [`crate::threads::comments`] or a function of this module,
//! which hold the steps every area follows (check, act, answer) and which the compiler
//! checks like any other code.

use axum::{extract::FromRequestParts, http::StatusCode, Json};

use super::{
    image_tags::{self, TagTarget},
    model::EmojiReactions,
    reactions::{grouped, removed_emoji, ReactionTarget},
    rules::checked_emoji,
};
use crate::{
    accounts::{CurrentUser, MaybeUser},
    api::{Data, Message},
    error::AppError,
    state::AppState,
};

/// Who reads an area's comments and reactions: anyone, where what they hang on is public
/// ([`MaybeUser`]: a contest), or a signed-in user ([`CurrentUser`]: the workroom).
/// Image tags are only ever read signed in. The area's lookups take [`Reader::Who`], so
/// the same lookup serves a reader and a writer.
pub trait Reader: FromRequestParts<AppState, Rejection = AppError> + Send {
    /// The caller as the area's lookups take them.
    type Who<'a>: Copy + Send
    where
        Self: 'a;
    /// The reader of a request.
    fn who(&self) -> Self::Who<'_>;
    /// A signed-in caller (one who writes), as a reader.
    fn signed_in(caller: &CurrentUser) -> Self::Who<'_>;
    /// The caller's id, when there is a caller (reactions mark the caller's own).
    fn id(who: Self::Who<'_>) -> Option<i64>;
}

impl Reader for MaybeUser {
    type Who<'a> = Option<&'a CurrentUser>;
    fn who(&self) -> Option<&CurrentUser> {
        self.0.as_ref()
    }
    fn signed_in(caller: &CurrentUser) -> Option<&CurrentUser> {
        Some(caller)
    }
    fn id(who: Option<&CurrentUser>) -> Option<i64> {
        who.map(CurrentUser::id)
    }
}

impl Reader for CurrentUser {
    type Who<'a> = &'a CurrentUser;
    fn who(&self) -> &CurrentUser {
        self
    }
    fn signed_in(caller: &CurrentUser) -> &CurrentUser {
        caller
    }
    fn id(who: &CurrentUser) -> Option<i64> {
        Some(who.id())
    }
}

// ---- Reactions ----

/// Adds the caller's reaction to `target`: 201 when added, 200 when it already was.
pub async fn add_reaction<T: ReactionTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
    emoji: Option<i64>,
) -> Result<(StatusCode, Json<Data<EmojiReactions>>), AppError> {
    target.may_react(caller)?;
    let emoji = checked_emoji(emoji)?;
    let (added, group) = target.react(state, caller, emoji, true).await?;
    let status = if added { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(Data::new(group))))
}

/// Takes back the caller's reaction: the query's emoji, else the body's, else like.
pub async fn remove_reaction<T: ReactionTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
    query: Option<i64>,
    body: &[u8],
) -> Result<Json<Data<EmojiReactions>>, AppError> {
    target.may_unreact(caller)?;
    let emoji = removed_emoji(query, body)?;
    let (_, group) = target.react(state, caller, emoji, false).await?;
    Ok(Json(Data::new(group)))
}

/// The reactions per emoji (one emoji only when given, and then one that exists: 422
/// otherwise), `viewer`'s own marked.
pub async fn list_reactions<T: ReactionTarget>(
    state: &AppState,
    target: &T,
    emoji: Option<i64>,
    viewer: Option<i64>,
) -> Result<Json<Data<Vec<EmojiReactions>>>, AppError> {
    let emoji = emoji.map(|id| checked_emoji(Some(id))).transpose()?;
    Ok(Json(Data::new(grouped(state, &target.reacted(), emoji, viewer).await?)))
}

// ---- Image tags ----

/// Writes the caller's tag (201).
pub async fn add_tag<T: TagTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
    req: &T::Request,
) -> Result<(StatusCode, Json<Data<T::Tag>>), AppError> {
    target.may_tag(caller)?;
    let (point, file_id) = target.checked_tag(req)?;
    let tag = image_tags::create(state, caller, &target.tagged(), &point, file_id).await?;
    Ok((StatusCode::CREATED, Json(Data::new(tag))))
}

/// The tags, oldest first.
pub async fn list_tags<T: TagTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
) -> Result<Json<Data<Vec<T::Tag>>>, AppError> {
    target.may_read_tags(caller)?;
    Ok(Json(Data::new(image_tags::list(state, &target.tagged()).await?)))
}

/// Marks tag `tag_id` done; 409 when it already is.
pub async fn complete_tag<T: TagTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
    tag_id: i64,
) -> Result<Json<Data<T::Tag>>, AppError> {
    target.may_tag(caller)?;
    Ok(Json(Data::new(image_tags::complete(state, &target.tagged(), tag_id).await?)))
}

/// Deletes tag `tag_id` (its author or an admin, among those who read the tags).
pub async fn delete_tag<T: TagTarget>(
    state: &AppState,
    caller: &CurrentUser,
    target: &T,
    tag_id: i64,
) -> Result<Json<Message>, AppError> {
    target.may_read_tags(caller)?;
    image_tags::delete::<T::Tag>(state, caller, &target.tagged(), tag_id).await?;
    Ok(Json(Message::new("Image tag deleted")))
}

/// Writes an area's comment, reaction and image-tag handlers, documented for OpenAPI,
/// and `pub fn router()` with them, into the module that invokes it (one invocation a
/// module). Each section is optional; the order is fixed:
///
/// ```text
/// thread_routes! {
///     reads: public, tag: "comments", log: contest_id;
///     comments of CommentView, body CommentRequest, query CommentPageQuery, found by access::thread;
///     own "/contests/{id}/comments" { list …; create …; delete …; }
///     sub "/contests/{id}/entries/{entryId}/comments" ("entryId" entry_id) { … }
///     reactions "/…/{entryId}/reactions" ("entryId" entry_id), body ReactionRequest, found by access::entry {
///         add …; remove …; list … [404] by ReactionRequest;   // `by`: the emoji filter
///     }
///     image_tags "/…/{entryId}/image-tags" ("entryId" entry_id) of ImageTagView, body ImageTagRequest,
///         found by access::entry { create …; list …; complete …; delete …; }
/// }
/// ```
///
/// - `reads`: `public` where comments and reactions are read without a token
///   ([`MaybeUser`]), `signed_in` where they are not ([`CurrentUser`], and the OpenAPI
///   security says so). Everything else needs a signed-in caller.
/// - `found by`: the area's lookup, `async fn(&AppState, who, id, sub) -> Result<_, AppError>`
///   where `who` is the reader as [`Reader::Who`] (`Option<&CurrentUser>` or
///   `&CurrentUser`); for comments `sub` is an `Option<i64>` (None: the thing's own
///   thread) and what it finds a [`CommentThread`](super::comments::CommentThread), for
///   reactions and tags an `i64` and a [`ReactionTarget`] or a [`TagTarget`]. It answers
///   the area's 403 or 404.
/// - Each handler is written `/// summary` then `kind name [failures]`: the handler's
///   name (also its OpenAPI operation id) and the statuses it documents besides its
///   success, each answered with the error envelope.
/// - `log` names the thing's id in the handlers' spans; the part's is named by the
///   section (`entry_id`).
///
/// The types named are the area's own, in scope where the macro is invoked, so they keep
/// their OpenAPI names.
macro_rules! thread_routes {
    // Who reads decides the readers' extractor and the reads' OpenAPI security.
    (reads: public, $($rest:tt)*) => {
        crate::threads::routes::thread_routes!(@sections [crate::accounts::MaybeUser] []; $($rest)*);
    };
    (reads: signed_in, $($rest:tt)*) => {
        crate::threads::routes::thread_routes!(@sections [crate::accounts::CurrentUser] ["bearer"]; $($rest)*);
    };
    (
        @sections [$reader:ty] $scheme:tt; tag: $tag:literal, log: $log:ident;
        $(
            comments of $cview:ident, body $creq:ident, query $cquery:ident, found by $cfind:path;
            own $opath:literal {
                $(#[$oldoc:meta])* list $olist:ident $olist_err:tt;
                $(#[$ocdoc:meta])* create $ocreate:ident $ocreate_err:tt;
                $(#[$oddoc:meta])* delete $odelete:ident $odelete_err:tt;
            }
            sub $spath:literal ($sname:literal $sub:ident) {
                $(#[$sldoc:meta])* list $slist:ident $slist_err:tt;
                $(#[$scdoc:meta])* create $screate:ident $screate_err:tt;
                $(#[$sddoc:meta])* delete $sdelete:ident $sdelete_err:tt;
            }
        )?
        $(
            reactions $rpath:literal ($rname:literal $rsub:ident), body $rreq:ident, found by $rfind:path {
                $(#[$radoc:meta])* add $radd:ident $radd_err:tt;
                $(#[$rrdoc:meta])* remove $rremove:ident $rremove_err:tt;
                $(#[$rldoc:meta])* list $rlist:ident $rlist_err:tt $(by $rfilter:ident)?;
            }
        )?
        $(
            image_tags $tpath:literal ($tname:literal $tsub:ident) of $tview:ident, body $treq:ident,
                found by $tfind:path {
                $(#[$tcdoc:meta])* create $tcreate:ident $tcreate_err:tt;
                $(#[$tldoc:meta])* list $tlist:ident $tlist_err:tt;
                $(#[$tmdoc:meta])* complete $tcomplete:ident $tcomplete_err:tt;
                $(#[$tddoc:meta])* delete $tdelete:ident $tdelete_err:tt;
            }
        )?
    ) => {
        $(
            crate::threads::routes::thread_routes!(@comments [] id id: i64, comment_id (id, comment_id): (i64, i64),
                $reader, $scheme, $tag, $log, $cview, $creq, $cquery, $cfind, $opath,
                [$(#[$oldoc])*] $olist $olist_err, [$(#[$ocdoc])*] $ocreate $ocreate_err,
                [$(#[$oddoc])*] $odelete $odelete_err);
            crate::threads::routes::thread_routes!(@comments [$sname $sub]
                id (id, $sub): (i64, i64), comment_id (id, $sub, comment_id): (i64, i64, i64),
                $reader, $scheme, $tag, $log, $cview, $creq, $cquery, $cfind, $spath,
                [$(#[$sldoc])*] $slist $slist_err, [$(#[$scdoc])*] $screate $screate_err,
                [$(#[$sddoc])*] $sdelete $sdelete_err);
        )?
        $(
            crate::threads::routes::thread_routes!(@reactions $reader, $scheme, $tag, $log, $rpath, $rname, $rsub,
                $rreq, $rfind, [$(#[$radoc])*] $radd $radd_err, [$(#[$rrdoc])*] $rremove $rremove_err,
                [$(#[$rldoc])*] $rlist $rlist_err [$($rfilter)?]);
        )?
        $(
            crate::threads::routes::thread_routes!(@image_tags $reader, $tag, $log, $tpath, $tname, $tsub, $tview, $treq,
                $tfind, [$(#[$tcdoc])*] $tcreate $tcreate_err, [$(#[$tldoc])*] $tlist $tlist_err,
                [$(#[$tmdoc])*] $tcomplete $tcomplete_err, [$(#[$tddoc])*] $tdelete $tdelete_err);
        )?

        /// This module's thread routes.
        pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
            utoipa_axum::router::OpenApiRouter::new()
                $(
                    .routes(utoipa_axum::routes!($olist, $ocreate))
                    .routes(utoipa_axum::routes!($odelete))
                    .routes(utoipa_axum::routes!($slist, $screate))
                    .routes(utoipa_axum::routes!($sdelete))
                )?
                $(.routes(utoipa_axum::routes!($radd, $rlist, $rremove)))?
                $(
                    .routes(utoipa_axum::routes!($tcreate, $tlist))
                    .routes(utoipa_axum::routes!($tcomplete))
                    .routes(utoipa_axum::routes!($tdelete))
                )?
        }
    };

    // A thread's list, create and delete: the thing's own (at `/{id}/…`) or a part's
    // (at `/{id}/…/{sub}/…`, the part's name and id first). The two differ only in the
    // path's ids: their patterns and types are written out by the caller, as `id` or
    // `(id, entry_id)`, `i64` or `(i64, i64)` (utoipa reads the patterns).
    (@comments [$($sname:literal $sub:ident)?] $id:ident $ids:tt: $ids_ty:tt,
        $comment_id:ident $comment_ids:tt: $comment_ids_ty:tt, $reader:ty, [$($scheme:literal)?],
        $tag:literal, $log:ident, $view:ident, $req:ident, $query:ident, $find:path, $path:literal,
        [$(#[$ldoc:meta])*] $list:ident [$($lerr:literal),*],
        [$(#[$cdoc:meta])*] $create:ident [$($cerr:literal),*],
        [$(#[$ddoc:meta])*] $delete:ident [$($derr:literal),*]
    ) => {
        $(#[$ldoc])*
        #[utoipa::path(get, path = $path, tag = $tag,
            params(("id" = i64, Path), $(($sname = i64, Path),)? $query), $(security(($scheme = [])),)?
            responses((status = 200, body = crate::shared::page::Page<$view>)
                $(, (status = $lerr, body = crate::error::ErrorEnvelope))*))]
        pub async fn $list(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            reader: $reader,
            crate::error::ApiPath($ids): crate::error::ApiPath<$ids_ty>,
            crate::error::ApiQuery(query): crate::error::ApiQuery<$query>,
        ) -> Result<axum::Json<crate::shared::page::Page<$view>>, crate::error::AppError> {
            let who = crate::threads::routes::Reader::who(&reader);
            let thread = $find(&state, who, $id, crate::threads::routes::thread_routes!(@some $($sub)?)).await?;
            crate::threads::comments::list(&state, &thread, query.page).await
        }

        $(#[$cdoc])*
        #[utoipa::path(post, path = $path, tag = $tag,
            params(("id" = i64, Path) $(, ($sname = i64, Path))?), request_body = $req, security(("bearer" = [])),
            responses((status = 201, body = crate::api::Data<$view>)
                $(, (status = $cerr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = $id, $($sub,)? user_id = caller.id()))]
        pub async fn $create(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath($ids): crate::error::ApiPath<$ids_ty>,
            crate::error::ApiJson(req): crate::error::ApiJson<$req>,
        ) -> Result<(axum::http::StatusCode, axum::Json<crate::api::Data<$view>>), crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let thread = $find(&state, who, $id, crate::threads::routes::thread_routes!(@some $($sub)?)).await?;
            crate::threads::comments::created(&state, &caller, &thread, req.comment.as_deref()).await
        }

        $(#[$ddoc])*
        #[utoipa::path(delete, path = concat!($path, "/{commentId}"), tag = $tag,
            params(("id" = i64, Path), $(($sname = i64, Path),)? ("commentId" = i64, Path)), security(("bearer" = [])),
            responses((status = 200, body = crate::api::Message)
                $(, (status = $derr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = $id, $($sub,)? $comment_id))]
        pub async fn $delete(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath($comment_ids): crate::error::ApiPath<$comment_ids_ty>,
        ) -> Result<axum::Json<crate::api::Message>, crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let thread = $find(&state, who, $id, crate::threads::routes::thread_routes!(@some $($sub)?)).await?;
            crate::threads::comments::delete(&state, &caller, &thread, $comment_id).await
        }
    };

    // Reactions to a part: add, remove, list (by one emoji where `by` names the query).
    (@reactions $reader:ty, [$($scheme:literal)?], $tag:literal, $log:ident, $path:literal, $sname:literal,
        $sub:ident, $req:ident, $find:path,
        [$(#[$adoc:meta])*] $add:ident [$($aerr:literal),*],
        [$(#[$rdoc:meta])*] $remove:ident [$($rerr:literal),*],
        [$(#[$ldoc:meta])*] $list:ident [$($lerr:literal),*] [$($filter:ident)?]
    ) => {
        $(#[$adoc])*
        #[utoipa::path(post, path = $path, tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path)), request_body = crate::threads::reactions::NewReaction,
            security(("bearer" = [])),
            responses((status = 201, body = crate::api::Data<crate::threads::model::EmojiReactions>),
                (status = 200, body = crate::api::Data<crate::threads::model::EmojiReactions>)
                $(, (status = $aerr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = id, $sub, user_id = caller.id()))]
        pub async fn $add(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub)): crate::error::ApiPath<(i64, i64)>,
            crate::error::ApiJson(req): crate::error::ApiJson<crate::threads::reactions::NewReaction>,
        ) -> Result<
            (axum::http::StatusCode, axum::Json<crate::api::Data<crate::threads::model::EmojiReactions>>),
            crate::error::AppError,
        > {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::add_reaction(&state, &caller, &target, req.emoji_reaction_id).await
        }

        $(#[$rdoc])*
        #[utoipa::path(delete, path = $path, tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path), $req),
            request_body(content = Option<$req>, description = "Or the query"), security(("bearer" = [])),
            responses((status = 200, body = crate::api::Data<crate::threads::model::EmojiReactions>)
                $(, (status = $rerr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = id, $sub, user_id = caller.id()))]
        pub async fn $remove(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub)): crate::error::ApiPath<(i64, i64)>,
            crate::error::ApiQuery(query): crate::error::ApiQuery<$req>,
            body: axum::body::Bytes,
        ) -> Result<axum::Json<crate::api::Data<crate::threads::model::EmojiReactions>>, crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::remove_reaction(&state, &caller, &target, query.emoji_reaction_id, &body).await
        }

        $(#[$ldoc])*
        #[utoipa::path(get, path = $path, tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path) $(, $filter)?), $(security(($scheme = [])),)?
            responses((status = 200, body = crate::api::Data<Vec<crate::threads::model::EmojiReactions>>)
                $(, (status = $lerr, body = crate::error::ErrorEnvelope))*))]
        pub async fn $list(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            reader: $reader,
            crate::error::ApiPath((id, $sub)): crate::error::ApiPath<(i64, i64)>,
            $(crate::error::ApiQuery(query): crate::error::ApiQuery<$filter>,)?
        ) -> Result<axum::Json<crate::api::Data<Vec<crate::threads::model::EmojiReactions>>>, crate::error::AppError> {
            let who = crate::threads::routes::Reader::who(&reader);
            let target = $find(&state, who, id, $sub).await?;
            let emoji = crate::threads::routes::thread_routes!(@some $(query.emoji_reaction_id, by $filter)?);
            let viewer = <$reader as crate::threads::routes::Reader>::id(who);
            crate::threads::routes::list_reactions(&state, &target, emoji, viewer).await
        }
    };

    // Image tags on a part: create, list, complete, delete; always signed in, so the
    // reader only says how the area's lookup takes the caller.
    (@image_tags $reader:ty, $tag:literal, $log:ident, $path:literal, $sname:literal, $sub:ident, $view:ident, $req:ident,
        $find:path,
        [$(#[$cdoc:meta])*] $create:ident [$($cerr:literal),*],
        [$(#[$ldoc:meta])*] $list:ident [$($lerr:literal),*],
        [$(#[$mdoc:meta])*] $complete:ident [$($merr:literal),*],
        [$(#[$ddoc:meta])*] $delete:ident [$($derr:literal),*]
    ) => {
        $(#[$cdoc])*
        #[utoipa::path(post, path = $path, tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path)), request_body = $req, security(("bearer" = [])),
            responses((status = 201, body = crate::api::Data<$view>)
                $(, (status = $cerr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = id, $sub, user_id = caller.id()))]
        pub async fn $create(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub)): crate::error::ApiPath<(i64, i64)>,
            crate::error::ApiJson(req): crate::error::ApiJson<$req>,
        ) -> Result<(axum::http::StatusCode, axum::Json<crate::api::Data<$view>>), crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::add_tag(&state, &caller, &target, &req).await
        }

        $(#[$ldoc])*
        #[utoipa::path(get, path = $path, tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path)), security(("bearer" = [])),
            responses((status = 200, body = crate::api::Data<Vec<$view>>)
                $(, (status = $lerr, body = crate::error::ErrorEnvelope))*))]
        pub async fn $list(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub)): crate::error::ApiPath<(i64, i64)>,
        ) -> Result<axum::Json<crate::api::Data<Vec<$view>>>, crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::list_tags(&state, &caller, &target).await
        }

        $(#[$mdoc])*
        #[utoipa::path(patch, path = concat!($path, "/{tagId}/actions/complete"), tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
            responses((status = 200, body = crate::api::Data<$view>)
                $(, (status = $merr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = id, $sub, tag_id))]
        pub async fn $complete(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub, tag_id)): crate::error::ApiPath<(i64, i64, i64)>,
        ) -> Result<axum::Json<crate::api::Data<$view>>, crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::complete_tag(&state, &caller, &target, tag_id).await
        }

        $(#[$ddoc])*
        #[utoipa::path(delete, path = concat!($path, "/{tagId}"), tag = $tag,
            params(("id" = i64, Path), ($sname = i64, Path), ("tagId" = i64, Path)), security(("bearer" = [])),
            responses((status = 200, body = crate::api::Message)
                $(, (status = $derr, body = crate::error::ErrorEnvelope))*))]
        #[tracing::instrument(skip_all, fields($log = id, $sub, tag_id))]
        pub async fn $delete(
            axum::extract::State(state): axum::extract::State<crate::state::AppState>,
            caller: crate::accounts::CurrentUser,
            crate::error::ApiPath((id, $sub, tag_id)): crate::error::ApiPath<(i64, i64, i64)>,
        ) -> Result<axum::Json<crate::api::Message>, crate::error::AppError> {
            let who = <$reader as crate::threads::routes::Reader>::signed_in(&caller);
            let target = $find(&state, who, id, $sub).await?;
            crate::threads::routes::delete_tag(&state, &caller, &target, tag_id).await
        }
    };

    // `Some` of the part's id, else `None`; the filter's emoji, else `None`.
    (@some) => { None };
    (@some $sub:ident) => { Some($sub) };
    (@some $emoji:expr, by $filter:ident) => { $emoji };
}
pub(crate) use thread_routes;
