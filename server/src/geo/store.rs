//! SQL of the geography area.

use serde::Serialize;
use sqlx::{Any, AnyConnection, Executor};
use tracing::instrument;
use utoipa::ToSchema;

use super::data::{COUNTRIES, REGIONS, UNITED_STATES, US_STATES};

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct Region {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct Country {
    pub id: i64,
    pub region_id: i64,
    pub name: String,
    pub iso2: String,
    pub has_states: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
pub struct State {
    pub id: i64,
    pub country_id: i64,
    pub name: String,
    pub code: String,
    pub tax_percentage_off: f64,
}

/// Inserts the reference geography; rows already there are left as they are.
#[instrument(skip_all)]
pub async fn seed(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for (id, name) in REGIONS {
        sqlx::query("INSERT INTO region (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING")
            .bind(id)
            .bind(*name)
            .execute(&mut *conn)
            .await?;
    }
    for (id, region_id, name, iso2) in COUNTRIES {
        sqlx::query(
            "INSERT INTO country (id, region_id, name, iso2, has_states) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(region_id)
        .bind(*name)
        .bind(*iso2)
        .bind(i64::from(*id == UNITED_STATES))
        .execute(&mut *conn)
        .await?;
    }
    for (index, (code, name, tax)) in US_STATES.iter().enumerate() {
        let id = i64::try_from(index).unwrap_or(0) + 1;
        sqlx::query(
            "INSERT INTO state (id, country_id, name, code, tax_percentage_off) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(UNITED_STATES)
        .bind(*name)
        .bind(*code)
        .bind(*tax)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[instrument(skip_all)]
pub async fn regions<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<Region>, sqlx::Error> {
    sqlx::query_as("SELECT id, name FROM region ORDER BY id").fetch_all(db).await
}

#[instrument(skip_all)]
pub async fn countries<'c>(
    db: impl Executor<'c, Database = Any>,
    region_id: Option<i64>,
) -> Result<Vec<Country>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, region_id, name, iso2, has_states FROM country WHERE ($1 IS NULL OR region_id = $1) ORDER BY name",
    )
    .bind(region_id)
    .fetch_all(db)
    .await
}

#[instrument(skip_all, fields(country_id = id))]
pub async fn country<'c>(db: impl Executor<'c, Database = Any>, id: i64) -> Result<Option<Country>, sqlx::Error> {
    sqlx::query_as("SELECT id, region_id, name, iso2, has_states FROM country WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await
}

#[instrument(skip_all, fields(country_id))]
pub async fn states<'c>(db: impl Executor<'c, Database = Any>, country_id: i64) -> Result<Vec<State>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, country_id, name, code, tax_percentage_off FROM state WHERE country_id = $1 ORDER BY name",
    )
    .bind(country_id)
    .fetch_all(db)
    .await
}

/// `Some(has_states)` for a known country, `None` for an unknown id.
pub async fn country_has_states<'c>(
    db: impl Executor<'c, Database = Any>,
    country_id: i64,
) -> Result<Option<bool>, sqlx::Error> {
    let flag: Option<i64> =
        sqlx::query_scalar("SELECT has_states FROM country WHERE id = $1").bind(country_id).fetch_optional(db).await?;
    Ok(flag.map(|f| f != 0))
}

pub async fn state_in_country<'c>(
    db: impl Executor<'c, Database = Any>,
    state_id: i64,
    country_id: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM state WHERE id = $1 AND country_id = $2")
        .bind(state_id)
        .bind(country_id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// The state's sales-tax percentage (`tax_percentage_off`: 7.25 means 7.25 %); None when
/// there is no such state.
pub async fn state_tax<'c>(db: impl Executor<'c, Database = Any>, state_id: i64) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar("SELECT tax_percentage_off FROM state WHERE id = $1").bind(state_id).fetch_optional(db).await
}

/// The region a country belongs to.
pub async fn country_region<'c>(
    db: impl Executor<'c, Database = Any>,
    country_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT region_id FROM country WHERE id = $1").bind(country_id).fetch_optional(db).await
}
