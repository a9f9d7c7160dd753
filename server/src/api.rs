//! Shapes every area's handlers share: the `{"data": ...}` wrapper, plain
//! `{"message": ...}` answers, and lenient readers for the 0/1 flags the
//! browser client sends as numbers, booleans or strings.

use serde::{de::Error as _, Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// `{"data": ...}`: the wrapper every resource answer uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Self {
        Self { data }
    }
}

/// `{"message": "..."}`: the answer of actions with nothing else to say.
#[derive(Debug, Serialize, ToSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}

/// Reads a flag sent as `1`/`0`, `true`/`false` or `"1"`/`"true"`/`"on"`; absent is `None`.
pub fn flag<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Bool(bool),
        Int(i64),
        Text(String),
        // `5.0`: the document declares an integer, and JSON Schema counts a whole float as one.
        Float(f64),
    }
    Ok(match Option::<Raw>::deserialize(deserializer)? {
        None => None,
        Some(Raw::Bool(b)) => Some(b),
        Some(Raw::Int(i)) => Some(i != 0),
        // Whole and strictly inside `int64`: what the document's integer allows. The ends are
        // left out, since -2^63 - 1 (an integer past int64) reads as the float -2^63.
        Some(Raw::Float(f))
            if f.fract() == 0.0 && f > -9_223_372_036_854_775_808.0 && f < 9_223_372_036_854_775_808.0 =>
        {
            Some(f != 0.0)
        }
        Some(Raw::Float(_)) => return Err(D::Error::custom("expected a flag: 0 or 1")),
        Some(Raw::Text(s)) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" => Some(true),
            "" | "false" | "off" | "no" => Some(false),
            // A number as text (query strings are all text): what the document declares.
            number => Some(number.parse::<i64>().map_err(|_| D::Error::custom("expected a flag: 0 or 1"))? != 0),
        },
    })
}

/// How a [`flag`] may be sent, for the document: a number (0 is false), a boolean, or one
/// of the words it reads. Fields read with [`flag`] declare
/// `value_type = Option<crate::api::FlagDoc>, inline`.
pub struct FlagDoc;

impl utoipa::PartialSchema for FlagDoc {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))),
            )
            .item(ObjectBuilder::new().schema_type(Type::Boolean))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(r"^\s*([Tt]rue|[Ff]alse|[Oo]n|[Oo]ff|[Yy]es|[Nn]o|[+-]?[0-9]{1,18})?\s*$")),
            )
            .description(Some("A flag: 1 or 0, true or false (also on/off, yes/no)."))
            .into()
    }
}

impl ToSchema for FlagDoc {}

/// A [`flag`] that must be set (a box that must be ticked), for hand-built schemas: what
/// [`FlagDoc`] allows, less the values [`flag`] reads as false.
pub fn flag_set_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
    let set = OneOfBuilder::new()
        .item(id_schema_with(|o| o.minimum(Some(1))))
        .item(id_schema_with(|o| o.maximum(Some(-1))))
        .item(ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([true])))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(r"^\s*([Tt]rue|[Oo]n|[Yy]es|[+-]?0{0,8}[1-9][0-9]{0,9})\s*$")),
        )
        .build();
    Schema::OneOf(set)
}

/// A day as a filter takes it, for the document: `YYYY-MM-DD` (a real date), or blank,
/// which is the same as leaving the filter out. Fields declare `value_type = Option<DayDoc>, inline`.
pub struct DayDoc;

impl utoipa::PartialSchema for DayDoc {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
            )
            .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(r"^\s*$")))
            .into()
    }
}

impl ToSchema for DayDoc {}

/// A document-only type for a field that takes one of a fixed set of values, as the
/// handler checks it: `enum_doc!(/// doc; pub ColorDoc: String = COLORS)` (the values: any
/// iterable of what converts into JSON). Fields declare
/// `required = true, value_type = ColorDoc, inline` (or `Option<ColorDoc>` when optional).
/// The values are the constant the handler checks against, so the two cannot drift.
macro_rules! enum_doc {
    ($(#[$meta:meta])* $vis:vis $name:ident: String = $values:expr) => {
        $(#[$meta])*
        $vis struct $name;
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::schema::{ObjectBuilder, Type};
                ObjectBuilder::new().schema_type(Type::String).enum_values(Some($values)).into()
            }
        }
        impl utoipa::ToSchema for $name {}
    };
    ($(#[$meta:meta])* $vis:vis $name:ident: i64 = $values:expr) => {
        $(#[$meta])*
        $vis struct $name;
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                    .enum_values(Some($values))
                    .into()
            }
        }
        impl utoipa::ToSchema for $name {}
    };
}
pub(crate) use enum_doc;

/// The document of a create whose body is `base` (a registered schema) with `fields`
/// required: `allOf` of the two. For a struct shared by a create and an edit, where only the
/// create needs the fields.
pub fn requiring(
    base: &str,
    fields: Vec<(&str, utoipa::openapi::schema::Object)>,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder};
    let mut required = ObjectBuilder::new();
    for (name, schema) in fields {
        required = required.property(name, schema).required(name);
    }
    AllOfBuilder::new().item(utoipa::openapi::Ref::from_schema_name(base)).item(required).into()
}

/// Registers `T`'s schema and those it names: for a document-only body built over `T`
/// (`allOf` of a `$ref` to it and a rule), where no route names `T` itself.
pub fn register_schema<T: ToSchema>(
    schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>,
) {
    schemas.push((T::name().into(), <T as utoipa::PartialSchema>::schema()));
    T::schemas(schemas);
}

/// An id in a hand-built schema: an `int64` integer.
pub fn id_schema() -> utoipa::openapi::schema::Object {
    id_schema_with(|o| o)
}

/// [`id_schema`] with more said (`|o| o.minimum(Some(1))`).
pub fn id_schema_with(
    more: impl FnOnce(utoipa::openapi::schema::ObjectBuilder) -> utoipa::openapi::schema::ObjectBuilder,
) -> utoipa::openapi::schema::Object {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    more(ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))))
        .build()
}

/// Reads an id sent as a number or a numeric string (empty text is absent). Anything else,
/// such as a number past `i64`, is refused: the document declares an `int64`.
pub fn loose_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Int(i64),
        Text(String),
        // Named as serde names it for a plain `i64`: `5.0` is refused like any float.
        Float(f64),
        Other(serde::de::IgnoredAny),
    }
    match Option::<Raw>::deserialize(deserializer)? {
        Some(Raw::Int(i)) => Ok(Some(i)),
        Some(Raw::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(Raw::Text(s)) => s.trim().parse().map(Some).map_err(|_| D::Error::custom("expected an integer id")),
        Some(Raw::Float(f)) => {
            Err(D::Error::custom(format_args!("invalid type: floating point `{f:?}`, expected i64")))
        }
        Some(Raw::Other(_)) => Err(D::Error::custom("expected an integer id")),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Form {
        #[serde(default, deserialize_with = "flag")]
        agree: Option<bool>,
        #[serde(default, deserialize_with = "loose_id")]
        id: Option<i64>,
    }

    #[test]
    fn flags_and_ids_are_read_leniently() {
        let f: Form = serde_json::from_str(r#"{"agree":1,"id":"7"}"#).unwrap();
        assert_eq!((f.agree, f.id), (Some(true), Some(7)));
        let f: Form = serde_json::from_str(r#"{"agree":"false","id":" "}"#).unwrap();
        assert_eq!((f.agree, f.id), (Some(false), None));
        let f: Form = serde_json::from_str(r#"{"agree":"0"}"#).unwrap();
        assert_eq!(f.agree, Some(false));
        // A whole float is the integer the document allows; a fraction or past int64 is not.
        let f: Form = serde_json::from_str(r#"{"agree":48517762876594.0}"#).unwrap();
        assert_eq!(f.agree, Some(true));
        let f: Form = serde_json::from_str(r#"{"agree":0.0}"#).unwrap();
        assert_eq!(f.agree, Some(false));
        assert!(serde_json::from_str::<Form>(r#"{"agree":0.5}"#).is_err());
        assert!(serde_json::from_str::<Form>(r#"{"agree":9223372036854775808}"#).is_err());
        assert!(serde_json::from_str::<Form>(r#"{"agree":-9223372036854775809}"#).is_err());
        let f: Form = serde_json::from_str(r#"{}"#).unwrap();
        assert_eq!((f.agree, f.id), (None, None));
    }

    #[test]
    fn what_is_not_a_flag_or_an_id_is_refused() {
        for body in [
            r#"{"id":"x"}"#,
            r#"{"id":[1]}"#,
            r#"{"id":9223372036854775808}"#,
            r#"{"agree":"maybe"}"#,
            r#"{"agree":"9223372036854775808"}"#,
        ] {
            assert!(serde_json::from_str::<Form>(body).is_err(), "{body} should be refused");
        }
    }
}
