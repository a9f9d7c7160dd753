//! Collaborative documents on the hub: their channel names and the bytes they carry.
//!
//! A document channel (`doc:...`) carries Yjs documents edited together. Its frames
//! (`doc` both ways, `ack` from the server) wrap the standard y-protocols messages
//! byte for byte: a varuint tag (0 sync, 1 awareness, 3 awareness query), then for
//! sync a varuint sub-tag (0 step 1 with a state vector, 1 step 2, 2 update) and a
//! length-prefixed payload. So any Yjs client reads them with `y-protocols` as is.
//!
//! [`DocBytes`] holds such a message: raw bytes (`bin`) in MessagePack, a base64
//! string (standard alphabet, padded) in JSON, whose text frames cannot carry bytes.

use std::fmt;

use base64::{engine::general_purpose::STANDARD, Engine as _};
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

/// Which document a `doc:` channel names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DocName {
    /// `doc:workroom-brief:{projectId}`: the working brief the client and the hired
    /// designer shape together in the project's workroom.
    WorkroomBrief(i64),
    /// `doc:notes:{entity}:{id}`: administrators' notes on a contest, project or user.
    Notes(NotesEntity, i64),
    /// `doc:contest-brief:{id}`: the description of a contest's brief.
    ContestBrief(i64),
}

/// The kind of a [`DocName`], without its ids: what an area registers a policy for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocKind {
    WorkroomBrief,
    ContestBrief,
    Notes,
}

impl DocKind {
    /// Every kind of document, the one list of them.
    pub const ALL: [DocKind; 3] = [DocKind::WorkroomBrief, DocKind::ContestBrief, DocKind::Notes];
}

/// What admin notes may be kept on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NotesEntity {
    Contest,
    Project,
    User,
}

impl NotesEntity {
    pub const fn as_str(self) -> &'static str {
        match self {
            NotesEntity::Contest => "contest",
            NotesEntity::Project => "project",
            NotesEntity::User => "user",
        }
    }

    fn parse(text: &str) -> Option<NotesEntity> {
        match text {
            "contest" => Some(NotesEntity::Contest),
            "project" => Some(NotesEntity::Project),
            "user" => Some(NotesEntity::User),
            _ => None,
        }
    }
}

/// Why a `doc:` name was refused (answered `channel.invalid`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocNameError {
    /// Not `workroom-brief`, `notes:{contest|project|user}` or `contest-brief`.
    UnknownDocument,
    /// The id is not a positive decimal `i64` without leading zeros.
    InvalidId,
}

impl DocName {
    pub const fn kind(self) -> DocKind {
        match self {
            DocName::WorkroomBrief(_) => DocKind::WorkroomBrief,
            DocName::ContestBrief(_) => DocKind::ContestBrief,
            DocName::Notes(..) => DocKind::Notes,
        }
    }

    /// Parses what follows `doc:`; `parse_id` is the channel module's strict id rule.
    pub(crate) fn parse(rest: &str, parse_id: fn(&str) -> Option<i64>) -> Result<DocName, DocNameError> {
        let (kind, tail) = rest.split_once(':').ok_or(DocNameError::UnknownDocument)?;
        let id = |text: &str| parse_id(text).ok_or(DocNameError::InvalidId);
        match kind {
            "workroom-brief" => id(tail).map(DocName::WorkroomBrief),
            "contest-brief" => id(tail).map(DocName::ContestBrief),
            "notes" => {
                let (entity, id_text) = tail.split_once(':').ok_or(DocNameError::UnknownDocument)?;
                let entity = NotesEntity::parse(entity).ok_or(DocNameError::UnknownDocument)?;
                id(id_text).map(|id| DocName::Notes(entity, id))
            }
            _ => Err(DocNameError::UnknownDocument),
        }
    }
}

impl fmt::Display for DocName {
    /// The part after `doc:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocName::WorkroomBrief(id) => write!(f, "workroom-brief:{id}"),
            DocName::Notes(entity, id) => write!(f, "notes:{}:{id}", entity.as_str()),
            DocName::ContestBrief(id) => write!(f, "contest-brief:{id}"),
        }
    }
}

/// One y-protocols message: `bin` in MessagePack, base64 text in JSON.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct DocBytes(pub Vec<u8>);

impl DocBytes {
    pub fn as_slice(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for DocBytes {
    fn from(bytes: Vec<u8>) -> Self {
        DocBytes(bytes)
    }
}

impl fmt::Debug for DocBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DocBytes({} bytes)", self.0.len())
    }
}

impl Serialize for DocBytes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // serde_json is human-readable, rmp-serde is not: the encoding picks the form.
        if serializer.is_human_readable() {
            serializer.serialize_str(&STANDARD.encode(&self.0))
        } else {
            serializer.serialize_bytes(&self.0)
        }
    }
}

impl<'de> Deserialize<'de> for DocBytes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> de::Visitor<'de> for Visit {
            type Value = DocBytes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("bytes (MessagePack bin) or a base64 string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<DocBytes, E> {
                STANDARD.decode(text).map(DocBytes).map_err(|_| E::custom("not valid base64"))
            }
            fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<DocBytes, E> {
                Ok(DocBytes(bytes.to_vec()))
            }
            fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<DocBytes, E> {
                Ok(DocBytes(bytes))
            }
        }
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(Visit)
        } else {
            deserializer.deserialize_bytes(Visit)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_document_kind_is_listed_once() {
        let names = [DocName::WorkroomBrief(1), DocName::ContestBrief(1), DocName::Notes(NotesEntity::User, 1)];
        let kinds: Vec<DocKind> = names.iter().map(|n| n.kind()).collect();
        assert_eq!(kinds, DocKind::ALL);
        // No wildcard: a new kind fails to compile here until it is in `ALL`.
        for kind in DocKind::ALL {
            match kind {
                DocKind::WorkroomBrief | DocKind::ContestBrief | DocKind::Notes => {}
            }
        }
    }

    #[test]
    fn bytes_are_base64_in_json_and_bin_in_msgpack() {
        let bytes = DocBytes(vec![0, 1, 2, 255]);
        assert_eq!(serde_json::to_string(&bytes).unwrap(), "\"AAEC/w==\"");
        assert_eq!(serde_json::from_str::<DocBytes>("\"AAEC/w==\"").unwrap(), bytes);
        let packed = rmp_serde::to_vec(&bytes).unwrap();
        assert_eq!(packed, [0xc4, 4, 0, 1, 2, 255], "a MessagePack bin 8");
        assert_eq!(rmp_serde::from_slice::<DocBytes>(&packed).unwrap(), bytes);
        assert!(serde_json::from_str::<DocBytes>("\"not base64!\"").is_err());
    }
}
