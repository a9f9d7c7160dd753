//! Image tags: a point on an entry's image with a note, feedback between the
//! contest's owner and the entry's designer, kept by the thread model
//! ([`crate::threads::image_tags`], handlers by [`thread_routes!`]; the rules are
//! [`Target`](super::access::Target)'s).
//!
//! Only those two write and complete tags; they and admins read them. As nobody else
//! may read a tag, its events go to `user:{owner}` and `user:{designer}` on every
//! contest, not only on blind ones: the contest channel would show them to everyone.

use serde::Deserialize;
use utoipa::ToSchema;

use super::{access, model::ImageTagView};
use crate::threads::routes::thread_routes;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ImageTagRequest {
    /// Fraction of the image's width, 0 to 1.
    #[schema(required = true, value_type = f64, minimum = 0, maximum = 1)]
    pub x: Option<f64>,
    /// Fraction of the image's height, 0 to 1.
    #[schema(required = true, value_type = f64, minimum = 0, maximum = 1)]
    pub y: Option<f64>,
    /// 1 to 1000 characters, trimmed.
    #[schema(required = true, value_type = String, pattern = "\\S", max_length = 1000)]
    pub note: Option<String>,
}

thread_routes! {
    reads: public, tag: "image tags", log: contest_id;
    image_tags "/contests/{id}/entries/{entryId}/image-tags" ("entryId" entry_id) of ImageTagView, body ImageTagRequest,
        found by access::entry {
        /// Tags a point of the entry's image (the contest's owner or the entry's designer).
        create create [401, 403, 404, 422];
        /// The entry's tags, oldest first (the contest's owner, the entry's designer, admins).
        list list [401, 403, 404];
        /// Marks a tag done (the entry's designer or the contest's owner); 409 when it already is.
        complete complete [401, 403, 404, 409];
        /// Deletes a tag (its author or an admin).
        delete delete [401, 403, 404];
    }
}
