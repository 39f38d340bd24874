//! Tiled's XML map format (`.tmx`) into the map model: the map's size, its tilesets, and its
//! tile and object layers, groups flattened.

use std::path::Path;

use glam::Vec2;
use roxmltree::Node;

use super::data::decode;
use super::model::{check_depth, check_total_cells, Layer, LayerKind, Map};
use super::tileset::tileset;
use super::xml::{attr, child, document, object, properties, required};
use crate::error::{invalid, Error, ErrorKind};
use crate::read::{cell_count, too_many_cells};

/// The map in `text`, the file `file` in the folder `dir` (`None` for text given directly).
pub(crate) fn parse(file: &str, text: &str, dir: Option<&Path>) -> Result<Map, Error> {
    let doc = document(file, text)?;
    let root = doc.root_element();
    if !root.has_tag_name("map") {
        return Err(invalid(file, "the root element is not <map>"));
    }
    let orientation = root.attribute("orientation").unwrap_or("orthogonal");
    if orientation != "orthogonal" {
        let what = format!("{orientation} maps (only orthogonal ones load)");
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    }
    if root.attribute("infinite") == Some("1") {
        let what = "infinite maps (save the map with a fixed size)".to_owned();
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    }
    let mut map = Map {
        width: required(file, root, "width")?,
        height: required(file, root, "height")?,
        tile_size: Vec2::new(
            required(file, root, "tilewidth")?,
            required(file, root, "tileheight")?,
        ),
        tilesets: Vec::new(),
        layers: Vec::new(),
    };
    for t in root.children().filter(|c| c.has_tag_name("tileset")) {
        map.tilesets.push(tileset(file, t, dir)?);
    }
    let tile_layers = root.descendants().filter(|n| n.has_tag_name("layer"));
    check_total_cells(
        file,
        tile_layers.map(|n| (side(n, "width"), side(n, "height"))),
    )?;
    layers(file, root, Vec2::ZERO, 0, &mut map.layers)?;
    Ok(map)
}

/// The layers among `parent`'s children, their groups' layers in place, each offset by
/// `offset` (the groups' offsets above it); `parent` is inside `depth` groups.
fn layers(
    file: &str,
    parent: Node<'_, '_>,
    offset: Vec2,
    depth: usize,
    out: &mut Vec<Layer>,
) -> Result<(), Error> {
    for node in parent.children().filter(Node::is_element) {
        let name = node.attribute("name").unwrap_or("").to_owned();
        let here = |e: Error| e.in_layer(&name);
        let offset = offset + layer_offset(file, node).map_err(here)?;
        let kind = match node.tag_name().name() {
            "layer" => tiles(file, node).map_err(here)?,
            "objectgroup" => {
                let objects = node.children().filter(|c| c.has_tag_name("object"));
                let objects = objects.map(|o| object(file, o).map_err(here));
                LayerKind::Objects(objects.collect::<Result<_, _>>()?)
            }
            "group" => {
                check_depth(file, depth + 1).map_err(here)?;
                layers(file, node, offset, depth + 1, out)?;
                continue;
            }
            _ => continue,
        };
        out.push(Layer {
            name,
            offset,
            properties: properties(node),
            kind,
        });
    }
    Ok(())
}

/// A layer's side `name` (`width`, `height`) as its attribute says, `0` when it says none:
/// only counted here, `tiles` reports a bad one.
fn side(node: Node<'_, '_>, name: &str) -> u32 {
    node.attribute(name)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// A layer's `offsetx`, `offsety`.
fn layer_offset(file: &str, node: Node<'_, '_>) -> Result<Vec2, Error> {
    Ok(Vec2::new(
        attr(file, node, "offsetx")?.unwrap_or(0.0),
        attr(file, node, "offsety")?.unwrap_or(0.0),
    ))
}

/// A `<layer>` element's size and global tile ids.
fn tiles(file: &str, node: Node<'_, '_>) -> Result<LayerKind, Error> {
    let width: u32 = required(file, node, "width")?;
    let height: u32 = required(file, node, "height")?;
    let Some(count) = cell_count(width, height) else {
        return Err(invalid(file, too_many_cells("a layer", width, height)));
    };
    let data = child(node, "data").ok_or_else(|| invalid(file, "a tile layer with no <data>"))?;
    if child(data, "chunk").is_some() {
        let what = "tile data in chunks (an infinite map)".to_owned();
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    }
    let gids = match data.attribute("encoding") {
        Some(encoding) => decode(
            data.text().unwrap_or(""),
            encoding,
            data.attribute("compression"),
            count,
        )
        .map_err(|kind| Error::new(file, kind))?,
        None => xml_tiles(file, data, count)?,
    };
    Ok(LayerKind::Tiles {
        width,
        height,
        gids,
    })
}

/// Tile data written as `<tile gid="…"/>` elements (the XML encoding).
fn xml_tiles(file: &str, data: Node<'_, '_>, count: usize) -> Result<Vec<u32>, Error> {
    let gids = data.children().filter(|c| c.has_tag_name("tile"));
    let gids: Vec<u32> = gids
        .map(|t| attr(file, t, "gid").map(|g| g.unwrap_or(0)))
        .collect::<Result<_, _>>()?;
    if gids.len() != count {
        let what = format!(
            "the layer's data holds {} tiles for {count} cells",
            gids.len()
        );
        return Err(invalid(file, what));
    }
    Ok(gids)
}
