//! The admin console's calls and the remaining calls of section 7, each as the right
//! and the wrong role; the count of section 7 against `/openapi.json`.

mod banners;
mod calls;
mod console;
pub(crate) mod fixtures;
mod sales;
mod section7;
mod share_links;
mod start_requests;
