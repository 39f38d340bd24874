//! Tiled's JSON map format (`.tmj`) into the map model, with its tilesets embedded or in
//! `.tsj` (JSON) or `.tsx` (XML) files of their own.

use std::collections::BTreeMap;
use std::path::Path;

use glam::Vec2;
use serde::Deserialize;
use serde_json::Value;

use super::data::decode;
use super::model::{
    check_depth, check_total_cells, Layer, LayerKind, Map, Object, ObjectKind, Properties, Tile,
    Tileset,
};
use super::tileset::{first_gid, from_tsx, label, listed_twice};
use crate::error::{invalid, Error, ErrorKind};
use crate::read::{cell_count, read_text, too_many_cells};

#[derive(Deserialize)]
struct JsonMap {
    #[serde(default)]
    orientation: Option<String>,
    #[serde(default)]
    infinite: bool,
    width: u32,
    height: u32,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    tilesets: Vec<JsonTileset>,
    #[serde(default)]
    layers: Vec<JsonLayer>,
}

#[derive(Deserialize)]
struct JsonTileset {
    #[serde(default)]
    firstgid: u32,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    tilewidth: u32,
    #[serde(default)]
    tileheight: u32,
    #[serde(default)]
    tilecount: Option<u32>,
    #[serde(default)]
    tiles: Vec<JsonTile>,
}

#[derive(Deserialize)]
struct JsonTile {
    id: u32,
    #[serde(default)]
    properties: Vec<JsonProperty>,
    #[serde(default)]
    objectgroup: Option<JsonObjects>,
}

#[derive(Deserialize)]
struct JsonObjects {
    #[serde(default)]
    objects: Vec<JsonObject>,
}

#[derive(Deserialize)]
struct JsonProperty {
    name: String,
    #[serde(default)]
    value: Value,
}

#[derive(Deserialize)]
struct JsonLayer {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    width: u32,
    #[serde(default)]
    height: u32,
    #[serde(default)]
    offsetx: f32,
    #[serde(default)]
    offsety: f32,
    #[serde(default)]
    data: Option<Value>,
    #[serde(default)]
    encoding: Option<String>,
    #[serde(default)]
    compression: Option<String>,
    #[serde(default)]
    properties: Vec<JsonProperty>,
    #[serde(default)]
    objects: Vec<JsonObject>,
    #[serde(default)]
    layers: Vec<JsonLayer>,
}

#[derive(Deserialize)]
struct JsonObject {
    #[serde(default)]
    id: u32,
    #[serde(default)]
    name: String,
    #[serde(default, alias = "type")]
    class: String,
    #[serde(default)]
    x: f32,
    #[serde(default)]
    y: f32,
    #[serde(default)]
    width: f32,
    #[serde(default)]
    height: f32,
    #[serde(default)]
    rotation: f32,
    #[serde(default)]
    gid: Option<u32>,
    #[serde(default)]
    ellipse: bool,
    #[serde(default)]
    point: bool,
    #[serde(default)]
    text: Option<Value>,
    #[serde(default)]
    polygon: Option<Vec<JsonPoint>>,
    #[serde(default)]
    polyline: Option<Vec<JsonPoint>>,
    #[serde(default)]
    properties: Vec<JsonProperty>,
}

#[derive(Deserialize)]
struct JsonPoint {
    x: f32,
    y: f32,
}

/// The map in `text`, the file `file` in the folder `dir` (`None` for text given directly).
pub(crate) fn parse(file: &str, text: &str, dir: Option<&Path>) -> Result<Map, Error> {
    let json: JsonMap = from_json(file, text)?;
    let orientation = json.orientation.as_deref().unwrap_or("orthogonal");
    if orientation != "orthogonal" {
        let what = format!("{orientation} maps (only orthogonal ones load)");
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    }
    if json.infinite {
        let what = "infinite maps (save the map with a fixed size)".to_owned();
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    }
    let mut map = Map {
        width: json.width,
        height: json.height,
        tile_size: Vec2::new(json.tilewidth as f32, json.tileheight as f32),
        tilesets: Vec::new(),
        layers: Vec::new(),
    };
    for t in json.tilesets {
        map.tilesets.push(tileset(file, t, dir)?);
    }
    check_total_cells(file, tile_layer_sizes(&json.layers).into_iter())?;
    layers(file, json.layers, Vec2::ZERO, 0, &mut map.layers)?;
    Ok(map)
}

/// The JSON in `text`, in `file`.
fn from_json<T: for<'de> Deserialize<'de>>(file: &str, text: &str) -> Result<T, Error> {
    serde_json::from_str(text).map_err(|e| Error::new(file, ErrorKind::Json(e.to_string())))
}

/// A tileset: embedded, or from the `.tsj` or `.tsx` file its `source` names.
fn tileset(file: &str, mut t: JsonTileset, dir: Option<&Path>) -> Result<Tileset, Error> {
    t.firstgid = first_gid(file, t.firstgid)?;
    let Some(source) = t.source else {
        return embedded(file, t.firstgid, t, None);
    };
    let Some(dir) = dir else {
        let what = format!("the tileset {source:?} is in a file of its own: load from the path");
        return Err(Error::new(file, ErrorKind::Unsupported(what)));
    };
    let (path, text) = read_text(&dir.join(&source))?;
    if source.ends_with(".tsx") {
        return from_tsx(&path, &text, t.firstgid, &source);
    }
    embedded(&path, t.firstgid, from_json(&path, &text)?, Some(&source))
}

/// A tileset written in JSON, in `file` (from the file `source` names, if any); an error in
/// it names the tileset.
fn embedded(
    file: &str,
    first_gid: u32,
    t: JsonTileset,
    source: Option<&str>,
) -> Result<Tileset, Error> {
    let label = label(&t.name, source, first_gid);
    let mut tiles = BTreeMap::new();
    for tile in t.tiles {
        let objects = tile.objectgroup.map(|g| g.objects).unwrap_or_default();
        let objects = objects.into_iter().map(|o| object(file, o));
        let objects = objects
            .collect::<Result<_, _>>()
            .map_err(|e| e.at_tile(tile.id).in_tileset(&label))?;
        let properties = properties(tile.properties);
        let tile_data = Tile {
            properties,
            objects,
        };
        if tiles.insert(tile.id, tile_data).is_some() {
            return Err(listed_twice(file, tile.id).in_tileset(&label));
        }
    }
    Ok(Tileset {
        first_gid,
        label,
        tile_size: Vec2::new(t.tilewidth as f32, t.tileheight as f32),
        tile_count: t.tilecount,
        tiles,
    })
}

/// Custom properties, each value as text (`true`, `3`, the string itself).
fn properties(list: Vec<JsonProperty>) -> Properties {
    let text = |v: Value| match v {
        Value::String(s) => s,
        other => other.to_string(),
    };
    list.into_iter().map(|p| (p.name, text(p.value))).collect()
}

/// The layers of a list, groups' layers in place, each offset by `offset`; the list is
/// inside `depth` groups.
fn layers(
    file: &str,
    list: Vec<JsonLayer>,
    offset: Vec2,
    depth: usize,
    out: &mut Vec<Layer>,
) -> Result<(), Error> {
    for layer in list {
        let here = |e: Error| e.in_layer(&layer.name);
        let moved = Vec2::new(layer.offsetx, layer.offsety);
        if !moved.is_finite() {
            return Err(here(invalid(file, "the layer's offset")));
        }
        let offset = offset + moved;
        let kind = match layer.kind.as_str() {
            "tilelayer" => tiles(file, &layer).map_err(here)?,
            "objectgroup" => {
                let objects = layer
                    .objects
                    .into_iter()
                    .map(|o| object(file, o).map_err(here));
                LayerKind::Objects(objects.collect::<Result<_, _>>()?)
            }
            "group" => {
                check_depth(file, depth + 1).map_err(here)?;
                layers(file, layer.layers, offset, depth + 1, out)?;
                continue;
            }
            _ => continue,
        };
        out.push(Layer {
            name: layer.name,
            offset,
            properties: properties(layer.properties),
            kind,
        });
    }
    Ok(())
}

/// The sizes of the tile layers in `list` and its groups, walked without recursion.
fn tile_layer_sizes(list: &[JsonLayer]) -> Vec<(u32, u32)> {
    let mut sizes = Vec::new();
    let mut todo: Vec<&JsonLayer> = list.iter().collect();
    while let Some(layer) = todo.pop() {
        if layer.kind == "tilelayer" {
            sizes.push((layer.width, layer.height));
        }
        todo.extend(&layer.layers);
    }
    sizes
}

/// A tile layer's size and global tile ids.
fn tiles(file: &str, layer: &JsonLayer) -> Result<LayerKind, Error> {
    let (width, height) = (layer.width, layer.height);
    let Some(count) = cell_count(width, height) else {
        return Err(invalid(file, too_many_cells("a layer", width, height)));
    };
    let gids = match &layer.data {
        Some(Value::Array(ids)) => {
            let ids = ids
                .iter()
                .map(|v| v.as_u64().and_then(|g| u32::try_from(g).ok()));
            let ids: Option<Vec<u32>> = ids.collect();
            let ids = ids.ok_or_else(|| invalid(file, "a tile id that is not a u32"))?;
            if ids.len() != count {
                let what = format!(
                    "the layer's data holds {} tiles for {count} cells",
                    ids.len()
                );
                return Err(invalid(file, what));
            }
            ids
        }
        Some(Value::String(text)) => {
            let encoding = layer.encoding.as_deref().unwrap_or("base64");
            decode(text, encoding, layer.compression.as_deref(), count)
                .map_err(|kind| Error::new(file, kind))?
        }
        _ => return Err(invalid(file, "a tile layer with no data (or in chunks)")),
    };
    Ok(LayerKind::Tiles {
        width,
        height,
        gids,
    })
}

/// An object.
fn object(file: &str, o: JsonObject) -> Result<Object, Error> {
    let numbers = [o.x, o.y, o.width, o.height, o.rotation];
    if numbers.iter().any(|n| !n.is_finite()) {
        return Err(invalid(file, "the object's position, size or rotation").at_object(o.id));
    }
    let points = |list: Vec<JsonPoint>| list.into_iter().map(|p| Vec2::new(p.x, p.y)).collect();
    let kind = if let Some(gid) = o.gid {
        ObjectKind::Tile(gid)
    } else if o.ellipse {
        ObjectKind::Ellipse
    } else if o.point {
        ObjectKind::Point
    } else if o.text.is_some() {
        ObjectKind::Text
    } else if let Some(p) = o.polygon {
        ObjectKind::Polygon(points(p))
    } else if let Some(p) = o.polyline {
        ObjectKind::Polyline(points(p))
    } else {
        ObjectKind::Rect
    };
    if matches!(&kind, ObjectKind::Polygon(p) | ObjectKind::Polyline(p) if p.iter().any(|p| !p.is_finite()))
    {
        return Err(invalid(file, "the object's points").at_object(o.id));
    }
    Ok(Object {
        id: o.id,
        name: o.name,
        class: o.class,
        position: Vec2::new(o.x, o.y),
        size: Vec2::new(o.width, o.height),
        rotation: o.rotation,
        kind,
        properties: properties(o.properties),
    })
}
