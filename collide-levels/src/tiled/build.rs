//! The map model into [`TiledMap`]: tile layers into tile maps, object layers into bodies.

use std::collections::BTreeMap;

use collide_world::{StaticBodies, TileMap};

use super::map::{TiledLayer, TiledMap};
use super::model::{is_true, Layer, LayerKind, Map};
use super::objects;
use super::shapes::{tile_byte, FLAGS};
use super::tileset::find;
use crate::axis::YAxis;
use crate::error::{invalid, Error, ErrorKind};
use crate::read::{cell_count, too_many_cells};

/// The map, from the file `file`. Its size must be its tile layers' (so a size that no tile
/// map can have is an error naming a layer, in a map with tile layers).
pub(crate) fn build(file: &str, map: &Map, axis: YAxis) -> Result<TiledMap, Error> {
    let size = map.tile_size;
    if !(size.is_finite() && size.min_element() > 0.0) {
        let what = format!(
            "the map's tilewidth and tileheight ({} × {}): each must be more than 0",
            size.x, size.y
        );
        return Err(invalid(file, what));
    }
    let mut out = TiledMap {
        size: (map.width, map.height),
        tile_size: map.tile_size,
        layers: Vec::new(),
        bodies: StaticBodies::new(),
        objects: Vec::new(),
    };
    for layer in &map.layers {
        match &layer.kind {
            LayerKind::Tiles { width, height, .. } if (*width, *height) != out.size => {
                let what = format!(
                    "a layer of {width} × {height} cells in a map of {} × {}",
                    map.width, map.height
                );
                return Err(invalid(file, what).in_layer(&layer.name));
            }
            LayerKind::Tiles {
                width,
                height,
                gids,
            } => out.layers.push(TiledLayer {
                name: layer.name.clone(),
                map: tiles(file, map, layer, (*width, *height), gids, axis)
                    .map_err(|e| e.in_layer(&layer.name))?,
            }),
            LayerKind::Objects(list) => {
                let listed = objects::add_layer(file, layer, list, axis, &mut out.bodies)?;
                out.objects.extend(listed);
            }
        }
    }
    // With no tile layer to hold it to, the size is checked on its own.
    if cell_count(map.width, map.height).is_none() {
        return Err(invalid(
            file,
            too_many_cells("a map", map.width, map.height),
        ));
    }
    out.bodies.refresh();
    Ok(out)
}

/// A tile layer's map: `gids` row by row from the top, `size` cells.
fn tiles(
    file: &str,
    map: &Map,
    layer: &Layer,
    (width, height): (u32, u32),
    gids: &[u32],
    axis: YAxis,
) -> Result<TileMap, Error> {
    let layer_one_way = is_true(&layer.properties, "one_way");
    let mut bytes: BTreeMap<u32, u8> = BTreeMap::new();
    let mut cells = vec![0; gids.len()];
    for (i, &gid) in gids.iter().enumerate() {
        let (x, row) = ((i % width as usize) as u32, (i / width as usize) as u32);
        let at = |e: Error| e.at_cell(x, row);
        let byte = match bytes.get(&gid) {
            Some(&b) => b,
            None => {
                let b = tile(file, map, gid, layer_one_way, axis).map_err(at)?;
                bytes.insert(gid, b);
                b
            }
        };
        cells[axis.row(row, height) as usize * width as usize + x as usize] = byte;
    }
    let origin = axis.origin(layer.offset, height as f32 * map.tile_size.y);
    let mut tile_map = TileMap::from_cells(width, height, &cells, map.tile_size, origin)
        .map_err(|e| Error::new(file, ErrorKind::World(e)))?;
    tile_map.set_one_way_up(axis.up());
    Ok(tile_map)
}

/// The byte of a cell holding `gid` (flip bits and all).
fn tile(file: &str, map: &Map, gid: u32, layer_one_way: bool, axis: YAxis) -> Result<u8, Error> {
    let id = gid & !FLAGS;
    if id == 0 {
        return Ok(0);
    }
    let Some((set, local)) = find(&map.tilesets, id) else {
        return Err(Error::new(file, ErrorKind::UnknownTile(id)));
    };
    let Some(tile) = set.tiles.get(&local) else {
        return Ok(0);
    };
    let fail = |m| {
        let e = Error::new(file, ErrorKind::UnknownTileShape(m));
        e.in_tileset(&set.label).at_tile(local)
    };
    if !tile.objects.is_empty() && set.tile_size != map.tile_size {
        return Err(fail(format!(
            "a tile of {} on cells of {}",
            set.tile_size, map.tile_size
        )));
    }
    let one_way = layer_one_way || is_true(&tile.properties, "one_way");
    let byte = tile_byte(&tile.objects, set.tile_size, gid, one_way, axis);
    byte.map_err(|m| match &tile.objects[..] {
        // With one collision object, the reason is about it.
        [object] => fail(m).at_object(object.id),
        _ => fail(m),
    })
}
