//! Geography: regions, countries and states (with `tax_percentage_off`), read-only
//! reference data behind the sign-up and payment forms.

mod data;
mod routes;
mod store;

pub use data::{COUNTRIES, UNITED_STATES};
pub use routes::router;
pub use store::{country_has_states, country_region, seed, state_in_country, state_tax};

crate::api::enum_doc!(
    /// A country of the reference geography ([`COUNTRIES`]), as the OpenAPI document
    /// names the ids a payment's or a cart's place accepts.
    pub CountryDoc: i64 = COUNTRIES.iter().map(|c| c.0)
);
