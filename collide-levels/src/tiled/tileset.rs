//! Tilesets: embedded in the map, or in a `.tsx` file of their own; the tiles with collision
//! objects or properties kept, by id.

use std::collections::BTreeMap;
use std::path::Path;

use glam::Vec2;
use roxmltree::Node;

use super::model::{Tile, Tileset};
use super::xml::{attr, child, document, object, properties, required};
use crate::error::{Error, ErrorKind};
use crate::read::read_text;

/// The map's `<tileset>` element `node`: embedded, or the file its `source` names, found in
/// `dir` (the map's folder; `None` when the map was given as text).
pub(crate) fn tileset(
    file: &str,
    node: Node<'_, '_>,
    dir: Option<&Path>,
) -> Result<Tileset, Error> {
    let first_gid = first_gid(file, required(file, node, "firstgid")?)?;
    let Some(source) = node.attribute("source") else {
        return parse(file, node, first_gid, None);
    };
    let Some(dir) = dir else {
        return Err(Error::new(
            file,
            ErrorKind::Unsupported(format!(
                "the tileset {source:?} is in a file of its own: load the map from its path"
            )),
        ));
    };
    let (tsx, text) = read_text(&dir.join(source))?;
    from_tsx(&tsx, &text, first_gid, source)
}

/// A tileset's first global id as the map gives it, `gid`: 1 or more, as global id 0 is the
/// empty cell (a tileset there would have its first tile read as nothing).
pub(crate) fn first_gid(file: &str, gid: u32) -> Result<u32, Error> {
    if gid == 0 {
        let why = "a tileset's firstgid is 0 (global id 0 is the empty cell: 1 or more)";
        return Err(crate::error::invalid(file, why));
    }
    Ok(gid)
}

/// What errors call a tileset: its `name`; else `source`, the file it is in as the map names
/// it; else its first global id (`firstgid=1`).
pub(crate) fn label(name: &str, source: Option<&str>, first_gid: u32) -> String {
    match (name, source) {
        ("", Some(source)) => source.to_owned(),
        ("", None) => format!("firstgid={first_gid}"),
        (name, _) => name.to_owned(),
    }
}

/// The tileset of a `.tsx` file's text, its first global id `first_gid`, named `source` by
/// the map.
pub(crate) fn from_tsx(
    file: &str,
    text: &str,
    first_gid: u32,
    source: &str,
) -> Result<Tileset, Error> {
    let doc = document(file, text)?;
    let root = doc.root_element();
    if !root.has_tag_name("tileset") {
        return Err(crate::error::invalid(
            file,
            "the root element is not <tileset>",
        ));
    }
    parse(file, root, first_gid, Some(source))
}

/// A `<tileset>` element with its tiles, in `file` (from the file `source` names, if any); an
/// error in it names the tileset.
fn parse(
    file: &str,
    node: Node<'_, '_>,
    first_gid: u32,
    source: Option<&str>,
) -> Result<Tileset, Error> {
    let label = label(node.attribute("name").unwrap_or(""), source, first_gid);
    parse_tiles(file, node, first_gid, &label).map_err(|e| e.in_tileset(&label))
}

/// The tileset `parse` reads, called `label`.
fn parse_tiles(
    file: &str,
    node: Node<'_, '_>,
    first_gid: u32,
    label: &str,
) -> Result<Tileset, Error> {
    let tile_size = Vec2::new(
        required(file, node, "tilewidth")?,
        required(file, node, "tileheight")?,
    );
    let tile_count = attr(file, node, "tilecount")?;
    let mut tiles = BTreeMap::new();
    for t in node.children().filter(|c| c.has_tag_name("tile")) {
        let id: u32 = required(file, t, "id")?;
        let mut tile = Tile {
            properties: properties(t),
            objects: Vec::new(),
        };
        if let Some(group) = child(t, "objectgroup") {
            for o in group.children().filter(|c| c.has_tag_name("object")) {
                tile.objects
                    .push(object(file, o).map_err(|e| e.at_tile(id))?);
            }
        }
        if tiles.insert(id, tile).is_some() {
            return Err(listed_twice(file, id));
        }
    }
    Ok(Tileset {
        first_gid,
        label: label.to_owned(),
        tile_size,
        tile_count,
        tiles,
    })
}

/// A tileset that lists tile `id` twice: which of the two the editor meant is not known, so
/// neither is taken quietly.
pub(crate) fn listed_twice(file: &str, id: u32) -> Error {
    let what = "the tile is listed twice in its tileset".to_owned();
    Error::new(file, ErrorKind::Invalid(what)).at_tile(id)
}

/// The tileset holding global id `gid` (flip bits cleared) and the tile's id in it: the one
/// with the greatest first id not above `gid`, if it holds that many tiles.
pub(crate) fn find(tilesets: &[Tileset], gid: u32) -> Option<(&Tileset, u32)> {
    let set = tilesets
        .iter()
        .filter(|t| t.first_gid <= gid)
        .max_by_key(|t| t.first_gid)?;
    let id = gid - set.first_gid;
    set.tile_count.is_none_or(|n| id < n).then_some((set, id))
}
