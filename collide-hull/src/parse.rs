//! Reading a collider file as its bytes stream in, straight into [`ColliderFile`]. A tree of
//! JSON values in between took 20 to 30 times the file's size in memory; this takes about the
//! size of the frames themselves.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use crate::format::{ColliderFile, FORMAT_VERSION};
use crate::read::open_regular;
use crate::Error;

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads the collider file at `path` (see [`ColliderFile::read`]).
pub(crate) fn read_file(path: &Path) -> Result<ColliderFile, Error> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = BufReader::new(open_regular(path)?);
    skip_bom(&mut reader).map_err(io)?;
    let again = || {
        let mut reader = BufReader::new(open_regular(path).ok()?);
        skip_bom(&mut reader).ok()?;
        Some(reader)
    };
    collider_file(reader, again).map_err(|e| match e {
        // Reading failed part way, which says nothing about the content.
        Error::Json(e) if e.is_io() => io(e.into()),
        e => e,
    })
}

/// Leaves out a leading UTF-8 byte order mark, which some editors write and JSON parsers
/// refuse.
fn skip_bom(reader: &mut impl BufRead) -> io::Result<()> {
    // A fresh `BufReader` fills its whole buffer from a file, so the mark is there entire.
    if reader.fill_buf()?.starts_with(BOM) {
        reader.consume(BOM.len());
    }
    Ok(())
}

/// Parses and validates a collider file from `reader`. `again` reads it once more from the
/// start, only when it is not a version-1 collider file, to find out why.
pub(crate) fn collider_file<R: Read>(
    reader: R,
    again: impl FnOnce() -> Option<R>,
) -> Result<ColliderFile, Error> {
    let error = match shape(reader) {
        Ok(file) => {
            file.validate()?;
            return Ok(file);
        }
        Err(e) => e,
    };
    // A file of another version may have any shape: then its version is what to report.
    match again().map(top_level) {
        Some(Ok(TopLevel::Object { version: Some(v) }))
            if v.get() != FORMAT_VERSION.to_string() =>
        {
            Err(Error::UnsupportedVersion {
                found: v.get().to_owned(),
            })
        }
        Some(Ok(TopLevel::Object { version: None })) => Err(Error::UnsupportedVersion {
            found: "missing".into(),
        }),
        Some(Ok(TopLevel::Other)) => {
            Err(Error::Invalid("the top level is not a JSON object".into()))
        }
        _ => Err(error.into()),
    }
}

/// The file as the version-1 shape, without its validation.
fn shape<R: Read>(reader: R) -> Result<ColliderFile, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_reader(reader);
    let file = ColliderFile::deserialize(ObjectOnly(&mut de))?;
    de.end()?;
    Ok(file)
}

/// A deserializer that reads a struct from a JSON object only: serde_json would also take an
/// array of the field values, which is not a collider file.
struct ObjectOnly<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for ObjectOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// What a JSON document's top level is, as far as telling a collider file's version goes.
enum TopLevel {
    /// An object, with its `"version"` as JSON text when it has one.
    Object { version: Option<Box<RawValue>> },
    /// Anything else.
    Other,
}

/// Reads the whole document, keeping only the version.
fn top_level<R: Read>(reader: R) -> Result<TopLevel, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_reader(reader);
    let top = de.deserialize_any(TopLevelVisitor)?;
    de.end()?;
    Ok(top)
}

/// An object key: `"version"` or another.
#[derive(serde::Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Key {
    Version,
    #[serde(other)]
    Other,
}

struct TopLevelVisitor;

impl<'de> Visitor<'de> for TopLevelVisitor {
    type Value = TopLevel;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TopLevel, A::Error> {
        let mut version = None;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Version if version.is_none() => version = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(TopLevel::Object { version })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<TopLevel, A::Error> {
        IgnoredAny.visit_seq(seq)?;
        Ok(TopLevel::Other)
    }

    fn visit_bool<E>(self, _: bool) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }

    fn visit_i64<E>(self, _: i64) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }

    fn visit_u64<E>(self, _: u64) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }

    fn visit_f64<E>(self, _: f64) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }

    fn visit_str<E>(self, _: &str) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }

    fn visit_unit<E>(self) -> Result<TopLevel, E> {
        Ok(TopLevel::Other)
    }
}
