//! Geography: regions, countries and states (with `tax_percentage_off`), read-only
//! reference data behind the sign-up and payment forms.

mod data;
mod routes;
mod store;

pub use data::{COUNTRIES, UNITED_STATES};
pub use routes::router;
pub use store::{country_has_states, country_region, seed, state_in_country};
