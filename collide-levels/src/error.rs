//! What went wrong loading a level, and where: [`Error`] names the file, the level, the layer,
//! the cell, the tileset, the tile or the object it happened at, and [`ErrorKind`] says what.

use std::fmt;

/// A level that could not be loaded: where in which file, and why.
///
/// Every loader answers a bad file with one of these, never a panic. `Display` writes the
/// place and the reason on one line, e.g. `level.tmx: layer "ground", cell (3, 1), tileset
/// "terrain", tile 7, object 2: a collision shape collide has no tile shape for: a collision
/// object turned 30°`. Cells are counted as the editor counts them, row `0` at the top,
/// whichever [`YAxis`](crate::YAxis) the maps are made for.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Error {
    /// The file, as the loader was given it (or the name given with its text).
    pub file: String,
    /// The LDtk level's identifier, when the error is inside one.
    pub level: Option<Box<str>>,
    /// The layer's name (LDtk: its identifier), when the error is inside one.
    pub layer: Option<Box<str>>,
    /// The cell `(column, row)` as the editor counts them (row `0` at the top), when the error
    /// is about one.
    pub cell: Option<(u32, u32)>,
    /// The Tiled tileset, when the error is about it or one of its tiles: its name, or the
    /// file it is in when it has none (or its first global id, `firstgid=N`, when it has
    /// neither).
    pub tileset: Option<Box<str>>,
    /// The Tiled tile (its id in its tileset), when the error is about one.
    pub tile: Option<u32>,
    /// The Tiled object's id, when the error is about one (a tile's collision object, with
    /// the tile and its tileset).
    pub object: Option<u32>,
    /// What went wrong.
    pub kind: ErrorKind,
}

/// What went wrong, without where (see [`Error`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be read: the system's message.
    Io(String),
    /// The file is not the JSON the format needs: the parser's message.
    Json(String),
    /// The file is not the XML the format needs: the parser's message.
    Xml(String),
    /// A field or attribute is missing or holds a value the format does not allow.
    Invalid(String),
    /// Something the format allows that this crate does not load (an infinite Tiled map, an
    /// isometric one, a compression it does not read).
    Unsupported(String),
    /// An LDtk IntGrid value that is not a byte (below `0` or above `255`) and that the
    /// options map to no byte.
    ValueNotAByte(i64),
    /// An LDtk IntGrid value, with no mapping in the options, that is one of the bytes a
    /// tile map reads as a tile shape (`0xE0`–`0xF0`, see
    /// [`TileShape`](collide_world::TileShape)).
    ValueIsAShapeByte(i64),
    /// A Tiled tile whose collision objects are no tile shape collide has: the reason.
    UnknownTileShape(String),
    /// A Tiled object the loader cannot make a static body of: the reason.
    UnknownObjectShape(String),
    /// A global tile id that no tileset of the map holds.
    UnknownTile(u32),
    /// The map's cells make no [`TileMap`](collide_world::TileMap), or its objects no static
    /// body: collide-world's error.
    World(collide_world::Error),
}

impl Error {
    /// An error in `file` with no place inside it yet.
    pub(crate) fn new(file: &str, kind: ErrorKind) -> Self {
        Self {
            file: file.to_owned(),
            level: None,
            layer: None,
            cell: None,
            tileset: None,
            tile: None,
            object: None,
            kind,
        }
    }

    /// The same error inside the level `name`.
    pub(crate) fn in_level(mut self, name: &str) -> Self {
        self.level.get_or_insert_with(|| name.into());
        self
    }

    /// The same error inside the layer `name`.
    pub(crate) fn in_layer(mut self, name: &str) -> Self {
        self.layer.get_or_insert_with(|| name.into());
        self
    }

    /// The same error at cell `(x, y)`, row `0` at the top.
    pub(crate) fn at_cell(mut self, x: u32, y: u32) -> Self {
        self.cell = Some((x, y));
        self
    }

    /// The same error inside the tileset `label` (its name, or its file when it has none).
    pub(crate) fn in_tileset(mut self, label: &str) -> Self {
        self.tileset.get_or_insert_with(|| label.into());
        self
    }

    /// The same error about tile `id` of its tileset.
    pub(crate) fn at_tile(mut self, id: u32) -> Self {
        self.tile = Some(id);
        self
    }

    /// The same error about the object `id`.
    pub(crate) fn at_object(mut self, id: u32) -> Self {
        self.object = Some(id);
        self
    }
}

/// An [`ErrorKind::Invalid`] in `file`.
pub(crate) fn invalid(file: &str, what: impl Into<String>) -> Error {
    Error::new(file, ErrorKind::Invalid(what.into()))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        let mut sep = ": ";
        let mut part = |f: &mut fmt::Formatter<'_>, text: fmt::Arguments<'_>| {
            let r = write!(f, "{sep}{text}");
            sep = ", ";
            r
        };
        if let Some(level) = &self.level {
            part(f, format_args!("level {level:?}"))?;
        }
        if let Some(layer) = &self.layer {
            part(f, format_args!("layer {layer:?}"))?;
        }
        if let Some((x, y)) = self.cell {
            part(f, format_args!("cell ({x}, {y})"))?;
        }
        if let Some(tileset) = &self.tileset {
            part(f, format_args!("tileset {tileset:?}"))?;
        }
        if let Some(tile) = self.tile {
            part(f, format_args!("tile {tile}"))?;
        }
        if let Some(object) = self.object {
            part(f, format_args!("object {object}"))?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Io(m) => write!(f, "cannot read the file: {m}"),
            ErrorKind::Json(m) => write!(f, "bad JSON: {m}"),
            ErrorKind::Xml(m) => write!(f, "bad XML: {m}"),
            ErrorKind::Invalid(m) => write!(f, "invalid: {m}"),
            ErrorKind::Unsupported(m) => write!(f, "not supported: {m}"),
            ErrorKind::ValueNotAByte(v) => write!(
                f,
                "IntGrid value {v} is not a byte (0-255) and the options map it to none"
            ),
            ErrorKind::ValueIsAShapeByte(v) => write!(
                f,
                "IntGrid value {v} is a tile shape's byte (0xE0-0xF0) and the options map it \
                 to none"
            ),
            ErrorKind::UnknownTileShape(m) => {
                write!(f, "a collision shape collide has no tile shape for: {m}")
            }
            ErrorKind::UnknownObjectShape(m) => {
                write!(f, "an object no static body can be made of: {m}")
            }
            ErrorKind::UnknownTile(gid) => write!(f, "global tile id {gid} is in no tileset"),
            ErrorKind::World(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}
