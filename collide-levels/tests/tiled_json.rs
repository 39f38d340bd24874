//! Tiled's JSON maps (`.tmj`, with a `.tsj` tileset) load as the same map saved as XML does.

mod common;

use collide_levels::{ErrorKind, TiledMap, TiledOptions, YAxis};
use common::{data, embedded_tmj, text};

#[test]
fn the_json_map_loads_as_the_xml_one() {
    for axis in [YAxis::Down, YAxis::Up] {
        let options = TiledOptions::new().with_y_axis(axis);
        let json = TiledMap::load(data("tiled/platforms.tmj"), &options).unwrap();
        let xml = TiledMap::load(data("tiled/platforms.tmx"), &options).unwrap();
        assert_eq!((json.size, json.tile_size), (xml.size, xml.tile_size));
        let names = |m: &TiledMap| m.layers.iter().map(|l| l.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&json), names(&xml));
        for (j, x) in json.layers.iter().zip(&xml.layers) {
            assert_eq!(j.map, x.map, "{axis:?} {}", j.name);
        }
        assert_eq!(json.objects, xml.objects, "{axis:?}");
        assert_eq!(json.bodies.len(), xml.bodies.len());
        for o in json.objects.iter().flat_map(|o| o.bodies.iter().copied()) {
            let (j, x) = (json.bodies.get(o).unwrap(), xml.bodies.get(o).unwrap());
            assert_eq!(format!("{j:?}"), format!("{x:?}"), "{axis:?}");
        }
    }
}

#[test]
fn the_json_map_with_its_tileset_embedded_loads_and_bad_json_is_an_error() {
    let options = TiledOptions::new();
    let embedded = TiledMap::from_tmj("platforms.tmj", &embedded_tmj(), &options).unwrap();
    let xml = TiledMap::load(data("tiled/platforms.tmx"), &options).unwrap();
    assert_eq!(embedded.layer("ground"), xml.layer("ground"));
    let err =
        TiledMap::from_tmj("platforms.tmj", &text("tiled/platforms.tmj"), &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Unsupported(_)), "{err}");
    let err = TiledMap::from_tmj("bad.tmj", "{\"width\": 3", &options).unwrap_err();
    assert!(
        matches!(err.kind, ErrorKind::Json(_)) && err.file == "bad.tmj",
        "{err}"
    );
    // A tile of no known shape names its layer, cell and tile as in XML.
    let bad = embedded_tmj().replacen(
        "2147483650,0,5,6,1,0,7,0,3,10",
        "2147483650,0,5,6,1,0,7,0,3,11",
        1,
    );
    let err = TiledMap::from_tmj("bad.tmj", &bad, &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::UnknownTileShape(_)), "{err}");
    assert_eq!(
        (err.layer.as_deref(), err.cell, err.tile),
        (Some("ground"), Some((9, 4)), Some(1))
    );
    assert_eq!(
        (err.tileset.as_deref(), err.object),
        (Some("extra"), Some(1))
    );
}

#[test]
fn a_map_size_unlike_its_layers_or_past_a_tile_maps_is_an_error() {
    let options = TiledOptions::new();
    let mut map: serde_json::Value = serde_json::from_str(&embedded_tmj()).unwrap();
    map["width"] = serde_json::json!(4_294_967_295u32);
    let err = TiledMap::from_tmj("bad.tmj", &map.to_string(), &options).unwrap_err();
    assert_eq!(err.layer.as_deref(), Some("ground"), "{err}");
    assert_eq!(
        err.kind,
        ErrorKind::Invalid("a layer of 10 × 6 cells in a map of 4294967295 × 6".into())
    );
    // A map of object layers only: its size is checked on its own, naming the file.
    let mut map: serde_json::Value = serde_json::from_str(&text("tiled/concave.tmj")).unwrap();
    for (width, height) in [(4_294_967_295u32, 6u32), (65_536, 65_536), (0, 6)] {
        map["width"] = serde_json::json!(width);
        map["height"] = serde_json::json!(height);
        let err = TiledMap::from_tmj("bad.tmj", &map.to_string(), &options).unwrap_err();
        assert_eq!((err.file.as_str(), err.layer.as_deref()), ("bad.tmj", None));
        assert!(
            err.to_string().starts_with(&format!(
                "bad.tmj: invalid: a map of {width} × {height} cells ("
            )),
            "{err}"
        );
    }
}

#[test]
fn a_broken_collision_object_of_a_tile_names_its_tileset_tile_and_object() {
    // A collision object of the embedded "extra" tileset at x = 1e39: past f32, not finite.
    let mut map: serde_json::Value = serde_json::from_str(&embedded_tmj()).unwrap();
    let object = &mut map["tilesets"][1]["tiles"][1]["objectgroup"]["objects"][0];
    object["x"] = serde_json::json!(1e39);
    let err = TiledMap::from_tmj("bad.tmj", &map.to_string(), &TiledOptions::new()).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
    assert_eq!(
        (err.tileset.as_deref(), err.tile, err.object),
        (Some("extra"), Some(1), Some(1)),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("bad.tmj: tileset \"extra\", tile 1, object 1: "),
        "{err}"
    );
}

/// A tileset listing one tile twice is an error naming the tileset and the tile.
#[test]
fn a_tile_listed_twice_in_its_tileset_is_an_error_naming_it() {
    let mut map: serde_json::Value = serde_json::from_str(&embedded_tmj()).unwrap();
    let first = map["tilesets"][1]["tiles"][0]["id"].clone();
    map["tilesets"][1]["tiles"][1]["id"] = first.clone();
    let err = TiledMap::from_tmj("bad.tmj", &map.to_string(), &TiledOptions::new()).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
    assert_eq!(err.tileset.as_deref(), Some("extra"), "{err}");
    assert_eq!(err.tile.map(u64::from), first.as_u64(), "{err}");
}
