//! Kinds every area shares, in the layer below the areas: any area may import them,
//! and they import no area (`docs/architecture.md`, "Layers").
//!
//! - [`http`]: reading a request's bearer token.

pub mod http;
