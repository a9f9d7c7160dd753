//! The community: the feed (`/activities/community`, live on `community`) for
//! designers and clients only, never showing private or blind contests' entries; and
//! showcases (`/externals/showcases`) by role.

mod feed;
mod showcases;
