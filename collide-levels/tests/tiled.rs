//! Tiled maps: tile layers' cells take their tiles' collision shapes (flipped with their
//! tiles, turned for the y axis), every data encoding reads the same cells, layer and group
//! offsets place the maps, object layers become static bodies, and bad files are errors
//! that name the file, layer, cell, tile or object.

mod common;

use collide_core::{Layers, ShapeRef};
use collide_levels::{ErrorKind, TiledMap, TiledObjectShape, TiledOptions, YAxis};
use collide_world::{Obstacles, TileShape};
use common::{data, embedded, solid_at, text};
use glam::Vec2;

fn load(axis: YAxis) -> TiledMap {
    TiledMap::load(
        data("tiled/platforms.tmx"),
        &TiledOptions::new().with_y_axis(axis),
    )
    .unwrap()
}

#[test]
fn tiles_take_their_collision_shapes_as_they_look_in_the_editor() {
    for axis in [YAxis::Down, YAxis::Up] {
        let map = load(axis);
        assert_eq!((map.size, map.tile_size), ((10, 6), Vec2::splat(16.0)));
        let ground = map.layer("ground").unwrap();
        let row = |r: u32| if axis == YAxis::Down { r } else { 5 - r };
        let shape = |x, r| ground.shape(x, row(r)).unwrap();
        // As drawn: ◣ (a ◢ tile flipped across x), a half-rise ramp up to the right, a solid
        // cell, a decoration tile with no collision (empty), a lower half, ◣ from the .tsx.
        assert_eq!(shape(0, 4), axis.shape(TileShape::Slope45UpLeft));
        assert_eq!(shape(2, 4), axis.shape(TileShape::Slope22UpRightLow));
        assert_eq!(shape(3, 4), axis.shape(TileShape::Slope22UpRightHigh));
        assert_eq!(shape(4, 4), TileShape::Solid);
        assert_eq!(shape(6, 4), TileShape::Empty);
        assert_eq!(shape(8, 4), axis.shape(TileShape::HalfBottom));
        assert_eq!(shape(9, 4), axis.shape(TileShape::Slope45UpLeft));
        assert_eq!(
            (shape(6, 2), shape(7, 2)),
            (TileShape::OneWayTop, TileShape::OneWayTop)
        );
        assert!((0..10).all(|x| shape(x, 5) == TileShape::Solid));
        assert_eq!(ground.one_way_up(), axis.up());
        // The pixels: the ◣ at the editor's (0..16, 64..80) is solid at its bottom left,
        // empty at its top right; the lower half at x 128..144 is solid below y = 72 only.
        let solid = |x: f32, y: f32| solid_at(ground, axis.point(Vec2::new(x, y)));
        assert!(solid(3.0, 77.0) && !solid(13.0, 67.0), "{axis:?}");
        assert!(solid(136.0, 74.0) && !solid(136.0, 70.0), "{axis:?}");
        // The half-rise ramp: at x = 40 (a quarter of its length) its floor is 4 px up.
        assert!(
            solid(40.0, 80.0 - 3.5) && !solid(40.0, 80.0 - 4.5),
            "{axis:?}"
        );
    }
}

#[test]
fn every_data_encoding_reads_the_same_cells_and_offsets_place_the_maps() {
    for axis in [YAxis::Down, YAxis::Up] {
        let map = load(axis);
        let ground = map.layer("ground").unwrap();
        for name in ["base64", "zlib", "gzip"] {
            assert_eq!(map.layer(name).unwrap().cells(), ground.cells(), "{name}");
        }
        assert_eq!(ground.origin(), axis.origin_of(Vec2::ZERO, 96.0));
        // The gzip layer is in a group moved 16 px down; the ledge layer moved by (8, -4).
        assert_eq!(
            map.layer("gzip").unwrap().origin(),
            axis.origin_of(Vec2::new(0.0, 16.0), 96.0)
        );
        let ledge = map.layer("ledge").unwrap();
        assert_eq!(ledge.origin(), axis.origin_of(Vec2::new(8.0, -4.0), 96.0));
        // A layer's one_way makes its full tiles one-way tops.
        let row = if axis == YAxis::Down { 1 } else { 4 };
        assert_eq!(
            (ledge.shape(1, row), ledge.shape(2, row)),
            (Some(TileShape::OneWayTop), Some(TileShape::OneWayTop))
        );
        assert_eq!(ledge.cells().iter().filter(|&&c| c != 0).count(), 2);
    }
}

/// The editor's top-left corner of a map `height` pixels tall as its origin on this axis.
trait OriginOf {
    fn origin_of(self, top_left: Vec2, height: f32) -> Vec2;
}

impl OriginOf for YAxis {
    fn origin_of(self, top_left: Vec2, height: f32) -> Vec2 {
        match self {
            YAxis::Down => top_left,
            _ => Vec2::new(top_left.x, -(top_left.y + height)),
        }
    }
}

#[test]
fn object_layers_become_static_bodies_and_listed_objects() {
    for axis in [YAxis::Down, YAxis::Up] {
        let map = load(axis);
        let p = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        assert_eq!(map.bodies.len(), 4);
        let object = |name: &str| map.objects.iter().find(|o| o.name == name).unwrap();
        let body = |name: &str| {
            assert_eq!(object(name).bodies.len(), 1, "{name}");
            map.bodies.get(object(name).bodies[0]).unwrap()
        };
        let crate_body = body("crate");
        assert_eq!(crate_body.pose.position, p(32.0, 40.0));
        assert!(
            matches!(crate_body.shape, ShapeRef::Rect(r) if r.half_extents == Vec2::new(16.0, 8.0))
        );
        assert_eq!(crate_body.one_way, None);
        let ball = body("ball");
        assert_eq!(ball.pose.position, p(134.0, 6.0));
        assert!(matches!(ball.shape, ShapeRef::Circle(c) if c.radius == 6.0));
        assert!(matches!(body("rock").shape, ShapeRef::Hull(h) if h.vertices().len() == 3));
        assert_eq!(body("bridge").one_way, Some(axis.up()));
        // The rock's triangle, point down at the editor's (96, 16), base at y = 32.
        assert!(solid_at(&map.bodies, p(96.0, 30.0)) && !solid_at(&map.bodies, p(90.0, 20.0)));
        // The items layer says collide = false: its objects are listed, with no body.
        let coin = object("coin");
        assert_eq!(
            (coin.class.as_str(), coin.layer.as_str()),
            ("Coin", "items")
        );
        assert_eq!(
            (coin.shape.clone(), coin.position, coin.bodies.clone()),
            (TiledObjectShape::Point, p(40.0, 24.0), Vec::new())
        );
        let spawn = object("spawn");
        assert_eq!((spawn.center, spawn.bodies.len()), (p(16.0, 64.0), 0));
        assert_eq!(
            spawn.properties.get("facing").map(String::as_str),
            Some("right")
        );
        // Every body is found by the set's queries (it was refreshed).
        let mut found = 0;
        let everywhere = collide_core::Aabb::new(Vec2::ZERO, Vec2::splat(1000.0));
        map.bodies
            .near(&everywhere, Layers::ALL, &mut |_| found += 1);
        assert_eq!(found, 4);
    }
}

/// The map with `from` replaced by `to` (once, which must be there), given as text with its
/// external tileset embedded.
fn edited(from: &str, to: &str) -> String {
    let map = embedded();
    assert!(map.contains(from), "{from}");
    map.replacen(from, to, 1)
}

#[test]
fn an_embedded_copy_of_the_external_tileset_loads_the_same() {
    let from_text = TiledMap::from_tmx("platforms.tmx", &embedded(), &TiledOptions::new()).unwrap();
    assert_eq!(from_text.layer("ground"), load(YAxis::Down).layer("ground"));
    let err = TiledMap::from_tmx(
        "platforms.tmx",
        &text("tiled/platforms.tmx"),
        &TiledOptions::new(),
    )
    .unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Unsupported(_)), "{err}");
}

#[test]
fn a_tile_of_no_known_shape_names_its_layer_cell_tileset_tile_and_object() {
    // The ground's row 4 ends in gid 10; 11 is the .tsx's quarter-cell tile, 12 its ellipse.
    for (gid, reason) in [("11", "outline"), ("12", "Ellipse")] {
        let text = edited("0,0,5,6,1,0,7,0,3,10", &format!("0,0,5,6,1,0,7,0,3,{gid}"));
        let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
        assert!(
            matches!(&err.kind, ErrorKind::UnknownTileShape(m) if m.contains(reason)),
            "{err}"
        );
        let tile = gid.parse::<u32>().unwrap() - 10;
        assert_eq!(
            (err.layer.as_deref(), err.cell, err.tileset.as_deref()),
            (Some("ground"), Some((9, 4)), Some("extra"))
        );
        assert_eq!((err.tile, err.object), (Some(tile), Some(1)));
        assert!(
            err.to_string().starts_with(&format!(
                "bad.tmx: layer \"ground\", cell (9, 4), tileset \"extra\", tile {tile}, object 1: "
            )),
            "{err}"
        );
    }
    let text = edited("0,0,5,6,1,0,7,0,3,10", "0,0,5,6,1,0,7,0,3,99");
    let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
    assert_eq!(
        (err.kind, err.cell),
        (ErrorKind::UnknownTile(99), Some((9, 4)))
    );
    // A layer that makes every tile one-way, over a slope (the ◢ of tile 1, flipped).
    let text = edited("<layer id=\"1\" name=\"ground\" width=\"10\" height=\"6\">", "<layer id=\"1\" name=\"ground\" width=\"10\" height=\"6\"><properties><property name=\"one_way\" value=\"true\"/></properties>");
    let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::UnknownTileShape(m) if m.contains("one-way")),
        "{err}"
    );
    assert_eq!(
        (err.tileset.as_deref(), err.tile, err.object),
        (Some("shapes"), Some(1), Some(1))
    );
    // Two collision objects: the tile is named, and no one object.
    let text = edited(
        "<object id=\"1\" x=\"0\" y=\"8\" width=\"16\" height=\"8\"/>",
        "<object id=\"1\" x=\"0\" y=\"8\" width=\"16\" height=\"8\"/><object id=\"2\" x=\"0\" y=\"0\" width=\"16\" height=\"8\"/>",
    );
    let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
    assert_eq!(
        (err.tileset.as_deref(), err.tile, err.object),
        (Some("shapes"), Some(2), None),
        "{err}"
    );
}

#[test]
fn a_broken_collision_object_of_a_tile_names_its_tileset_tile_and_object() {
    // The ◢ of the embedded tileset "shapes" (tile 1), and the ◣ of "extra" (tile 0).
    for (from, to, tileset, tile) in [
        (
            "<polygon points=\"0,16 16,16 16,0\"/>",
            "<polygon points=\"0,16 16,x 16,0\"/>",
            "shapes",
            1,
        ),
        (
            "<polygon points=\"0,0 16,16 0,16\"/>",
            "<polygon points=\"0,0 16,NaN 0,16\"/>",
            "extra",
            0,
        ),
    ] {
        let err =
            TiledMap::from_tmx("bad.tmx", &edited(from, to), &TiledOptions::new()).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
        assert_eq!(
            (err.tileset.as_deref(), err.tile, err.object),
            (Some(tileset), Some(tile), Some(1)),
            "{err}"
        );
        assert!(
            err.to_string().starts_with(&format!(
                "bad.tmx: tileset \"{tileset}\", tile {tile}, object 1: "
            )),
            "{err}"
        );
    }
}

#[test]
fn objects_no_body_can_be_made_of_name_their_id() {
    let bow_tie = edited(
        "<polygon points=\"0,0 16,16 -16,16\"/>",
        "<polygon points=\"0,0 16,16 16,0 0,16\"/>",
    );
    let oval = edited("width=\"12\" height=\"12\"", "width=\"12\" height=\"20\"");
    // Tiled never writes a negative size: a hand-edited file's crate is an error, not nothing.
    let inside_out = edited(
        "name=\"crate\" x=\"16\" y=\"32\" width=\"32\"",
        "name=\"crate\" x=\"16\" y=\"32\" width=\"-32\"",
    );
    for (text, id) in [(bow_tie, 2), (oval, 3), (inside_out, 1)] {
        let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
        assert!(
            matches!(err.kind, ErrorKind::UnknownObjectShape(_)),
            "{err}"
        );
        assert_eq!(
            (err.layer.as_deref(), err.object),
            (Some("solids"), Some(id))
        );
    }
}

#[test]
fn a_concave_polygon_becomes_a_body_per_convex_piece() {
    // The rock's triangle with a notch cut into its base: two triangles.
    let arrow = edited(
        "<polygon points=\"0,0 16,16 -16,16\"/>",
        "<polygon points=\"0,0 16,16 0,8 -16,16\"/>",
    );
    for axis in [YAxis::Down, YAxis::Up] {
        let options = TiledOptions::new().with_y_axis(axis);
        let map = TiledMap::from_tmx("arrow.tmx", &arrow, &options).unwrap();
        let p = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        let rock = map.objects.iter().find(|o| o.name == "rock").unwrap();
        assert_eq!((rock.bodies.len(), map.bodies.len()), (2, 5));
        assert!(solid_at(&map.bodies, p(86.0, 28.0)) && solid_at(&map.bodies, p(106.0, 28.0)));
        assert!(solid_at(&map.bodies, p(96.0, 20.0)) && !solid_at(&map.bodies, p(96.0, 30.0)));
    }
}

#[test]
fn broken_and_unsupported_maps_are_errors() {
    let options = TiledOptions::new();
    let cases = [
        edited("infinite=\"0\"", "infinite=\"1\""),
        edited("orientation=\"orthogonal\"", "orientation=\"isometric\""),
        edited("compression=\"zlib\"", "compression=\"zstd\""),
        edited("0,0,5,6,1,0,7,0,3,10", "0,0,5,6,1,0,7,0,3"),
        edited("width=\"32\" height=\"16\"", "width=\"NaN\" height=\"16\""),
        edited("<map ", "<map"),
        embedded()[..2000].to_owned(),
    ];
    for text in cases {
        let err = TiledMap::from_tmx("bad.tmx", &text, &options).unwrap_err();
        assert_eq!(err.file, "bad.tmx");
        assert!(!err.to_string().is_empty());
    }
    let err = TiledMap::load(data("tiled/none.tmx"), &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Io(_)), "{err}");
}

/// The tester's case: a map with `tilewidth="0"` was blamed on its first collision tile ("a
/// tile of [16, 16] on cells of [0, 16]"); the map's tile size is now checked first.
#[test]
fn a_map_tile_size_of_zero_is_an_error_naming_the_map_attributes() {
    let map = edited("tilewidth=\"16\"", "tilewidth=\"0\"");
    let err = TiledMap::from_tmx("zero.tmx", &map, &TiledOptions::new()).unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("tilewidth")),
        "{err}"
    );
    assert_eq!(
        (err.file.as_str(), err.layer.as_deref()),
        ("zero.tmx", None)
    );
}

#[test]
fn a_map_size_that_overflows_or_disagrees_with_its_layers_is_an_error_naming_the_layer() {
    let options = TiledOptions::new();
    // 4294967295 × 6 cells overflow a u32, 65536 × 65536 a 32-bit usize; 12 × 6 is just not
    // the 10 × 6 of the layers.
    for (width, height) in [
        ("4294967295", "6"),
        ("65536", "65536"),
        ("12", "6"),
        ("0", "6"),
    ] {
        let text = edited(
            "width=\"10\" height=\"6\" tilewidth",
            &format!("width=\"{width}\" height=\"{height}\" tilewidth"),
        );
        let err = TiledMap::from_tmx("bad.tmx", &text, &options).unwrap_err();
        assert_eq!(
            (err.file.as_str(), err.layer.as_deref()),
            ("bad.tmx", Some("ground")),
            "{err}"
        );
        let why = format!("a layer of 10 × 6 cells in a map of {width} × {height}");
        assert_eq!(err.kind, ErrorKind::Invalid(why), "{err}");
        assert!(
            err.to_string()
                .starts_with("bad.tmx: layer \"ground\": invalid: "),
            "{err}"
        );
    }
    // A layer (and its map) of more cells than a tile map holds is refused before its data
    // is read.
    let huge = embedded()
        .replacen(
            "width=\"10\" height=\"6\" tilewidth",
            "width=\"65536\" height=\"65536\" tilewidth",
            1,
        )
        .replacen(
            "name=\"ground\" width=\"10\" height=\"6\"",
            "name=\"ground\" width=\"65536\" height=\"65536\"",
            1,
        );
    let err = TiledMap::from_tmx("bad.tmx", &huge, &options).unwrap_err();
    assert_eq!(err.layer.as_deref(), Some("ground"), "{err}");
    assert!(
        matches!(&err.kind, ErrorKind::Invalid(m) if m.starts_with("a layer of 65536 × 65536 cells (")),
        "{err}"
    );
}

#[test]
fn a_turned_rectangle_is_a_hull_turned_clockwise_about_its_corner() {
    // The crate (32 × 16 at the editor's (16, 32)) turned 90° clockwise on screen covers
    // x from 0 to 16 and y from 32 to 64.
    let turned = edited(
        "width=\"32\" height=\"16\"/>",
        "width=\"32\" height=\"16\" rotation=\"90\"/>",
    );
    for axis in [YAxis::Down, YAxis::Up] {
        let options = TiledOptions::new().with_y_axis(axis);
        let map = TiledMap::from_tmx("turned.tmx", &turned, &options).unwrap();
        let p = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        let object = map.objects.iter().find(|o| o.name == "crate").unwrap();
        assert_eq!(object.center, p(8.0, 48.0));
        assert_eq!(object.bodies.len(), 1);
        let body = map.bodies.get(object.bodies[0]).unwrap();
        assert!(matches!(body.shape, ShapeRef::Hull(h) if h.vertices().len() == 4));
        assert!(solid_at(&map.bodies, p(2.0, 62.0)) && solid_at(&map.bodies, p(14.0, 34.0)));
        assert!(!solid_at(&map.bodies, p(20.0, 40.0)) && !solid_at(&map.bodies, p(8.0, 66.0)));
    }
}

/// A tileset listing one tile twice (a hand-edited file) is an error naming the tileset and
/// the tile: the loader kept the last of the two without a word.
#[test]
fn a_tile_listed_twice_in_its_tileset_is_an_error_naming_it() {
    let text = edited("<tile id=\"1\">", "<tile id=\"0\">");
    let err = TiledMap::from_tmx("bad.tmx", &text, &TiledOptions::new()).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
    assert_eq!(err.tile, Some(0), "{err}");
    assert!(err.tileset.is_some(), "{err}");
    assert!(err.to_string().contains("listed twice"), "{err}");
}
