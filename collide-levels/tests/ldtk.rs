//! LDtk projects: IntGrid cells kept as bytes or mapped to shapes, the maps' cell sizes and
//! origins from the levels' and layers' offsets, with y down and y up, entities in the world,
//! levels saved apart, and errors that name the file, level, layer and cell.

mod common;

use collide_levels::{ErrorKind, LdtkOptions, LdtkProject, YAxis};
use collide_world::TileShape;
use common::{data, solid_at, text};
use glam::Vec2;
use serde_json::json;

fn load(options: &LdtkOptions) -> LdtkProject {
    LdtkProject::load(data("ldtk/platforms.ldtk"), options).unwrap()
}

#[test]
fn y_down_keeps_the_editors_rows_values_and_pixels() {
    let project = load(&LdtkOptions::new());
    assert_eq!(project.levels.len(), 2);
    let level = project.level("Level_0").unwrap();
    assert_eq!(level.world_position, Vec2::ZERO);
    let map = level.int_grid("Collisions").unwrap();
    assert_eq!((map.width(), map.height()), (12, 8));
    assert_eq!(
        (map.cell_size(), map.origin()),
        (Vec2::splat(16.0), Vec2::ZERO)
    );
    assert_eq!(map.one_way_up(), Vec2::NEG_Y);
    for x in 0..12 {
        assert_eq!(map.get(x, 7), Some(1), "floor at {x}");
    }
    assert_eq!(
        (map.get(11, 6), map.get(11, 5), map.get(10, 6)),
        (Some(2), Some(2), Some(3))
    );
    assert_eq!(
        (map.get(7, 3), map.get(0, 0), map.get(6, 3)),
        (Some(4), Some(0), Some(0))
    );
    // The floor's pixels, as the editor has them: y from 112 to 128.
    assert!(solid_at(map, Vec2::new(40.0, 113.0)));
    assert!(!solid_at(map, Vec2::new(40.0, 111.0)));

    // The second level: placed at (192, 32) in its world, its layer moved by (8, 4).
    let level = project.level("Level_1").unwrap();
    assert_eq!(level.world_position, Vec2::new(192.0, 32.0));
    let map = level.int_grid("Collisions").unwrap();
    assert_eq!(
        (map.width(), map.height(), map.origin()),
        (4, 3, Vec2::new(200.0, 36.0))
    );
    let rows: Vec<_> = (0..3)
        .map(|y| (0..4).map(|x| map.get(x, y).unwrap()).collect::<Vec<_>>())
        .collect();
    assert_eq!(rows, [vec![1, 0, 0, 2], vec![0, 0, 0, 0], vec![7, 7, 7, 7]]);
}

#[test]
fn y_up_turns_the_rows_over_and_negates_y() {
    let project = load(&LdtkOptions::new().with_y_axis(YAxis::Up));
    let map = project.levels[0].int_grid("Collisions").unwrap();
    assert_eq!(map.origin(), Vec2::new(0.0, -128.0));
    assert_eq!(map.one_way_up(), Vec2::Y);
    assert_eq!(
        (map.get(0, 0), map.get(11, 1), map.get(10, 1), map.get(7, 4)),
        (Some(1), Some(2), Some(3), Some(4))
    );
    assert!(solid_at(map, Vec2::new(40.0, -113.0)));
    assert!(!solid_at(map, Vec2::new(40.0, -111.0)));
    let map = project.levels[1].int_grid("Collisions").unwrap();
    // The layer's top-left is the editor's (200, 36); it is 48 pixels tall.
    assert_eq!(map.origin(), Vec2::new(200.0, -84.0));
    assert_eq!(
        (map.get(0, 2), map.get(3, 2), map.get(0, 0)),
        (Some(1), Some(2), Some(7))
    );
}

#[test]
fn mapped_values_become_shapes_that_look_as_in_the_editor_either_way() {
    let options = LdtkOptions::new()
        .with_byte(2, 0x20)
        .with_shape(3, TileShape::Slope45UpRight)
        .with_shape(4, TileShape::OneWayTop);
    for axis in [YAxis::Down, YAxis::Up] {
        let project = load(&options.clone().with_y_axis(axis));
        let map = project.levels[0].int_grid("Collisions").unwrap();
        let row = |r: u32| if axis == YAxis::Down { r } else { 7 - r };
        assert_eq!(map.get(11, row(6)), Some(0x20));
        assert_eq!(
            map.shape(10, row(6)),
            Some(axis.shape(TileShape::Slope45UpRight))
        );
        assert_eq!(map.shape(7, row(3)), Some(TileShape::OneWayTop));
        // The slope cell spans editor pixels x 160..176, y 96..112: ◢, solid at the bottom
        // right, empty at the top left.
        let world = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        assert!(solid_at(map, world(174.0, 110.0)), "{axis:?}");
        assert!(!solid_at(map, world(162.0, 98.0)), "{axis:?}");
    }
}

#[test]
fn entities_are_placed_in_the_world() {
    let project = load(&LdtkOptions::new());
    let level = &project.levels[0];
    let coin = level
        .entities
        .iter()
        .find(|e| e.identifier == "Coin")
        .unwrap();
    assert_eq!((coin.iid.as_str(), coin.layer.as_str()), ("c1", "Entities"));
    assert_eq!(
        (coin.position, coin.center, coin.size),
        (Vec2::splat(88.0), Vec2::splat(88.0), Vec2::splat(8.0))
    );
    assert_eq!(coin.cell, (5, 5));
    assert_eq!(coin.fields.get("value"), Some(&json!(5)));
    // The player's pivot is its bottom middle: its box is above it.
    let player = level
        .entities
        .iter()
        .find(|e| e.identifier == "Player")
        .unwrap();
    assert_eq!(
        (player.position, player.center),
        (Vec2::new(24.0, 112.0), Vec2::new(24.0, 104.0))
    );
    let up = load(&LdtkOptions::new().with_y_axis(YAxis::Up));
    let player = up.levels[0]
        .entities
        .iter()
        .find(|e| e.identifier == "Player")
        .unwrap();
    assert_eq!(
        (player.position, player.center),
        (Vec2::new(24.0, -112.0), Vec2::new(24.0, -104.0))
    );
}

#[test]
fn a_level_saved_apart_loads_as_it_does_inside_the_project() {
    let options = LdtkOptions::new();
    let inside = load(&options);
    let apart = LdtkProject::load(data("ldtk/apart.ldtk"), &options).unwrap();
    assert_eq!(apart.levels.len(), 1);
    let (a, b) = (&apart.levels[0], &inside.levels[0]);
    assert_eq!(a.int_grid("Collisions"), b.int_grid("Collisions"));
    assert_eq!(a.entities, b.entities);
    // Given as text, there is no folder to find the level's file in.
    let err = LdtkProject::from_json("apart.ldtk", &text("ldtk/apart.ldtk"), &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Unsupported(_)), "{err}");
    assert_eq!(err.level.as_deref(), Some("Level_0"));
}

/// The project with cell `index` of Level_0's IntGrid (row-major from the top) set to
/// `value`.
fn with_cell(index: usize, value: i64) -> String {
    let mut project: serde_json::Value =
        serde_json::from_str(&text("ldtk/platforms.ldtk")).unwrap();
    project["levels"][0]["layerInstances"][1]["intGridCsv"][index] = json!(value);
    project.to_string()
}

#[test]
fn values_that_are_no_byte_or_a_shapes_byte_name_their_cell() {
    let options = LdtkOptions::new();
    for (value, kind) in [
        (300, ErrorKind::ValueNotAByte(300)),
        (-1, ErrorKind::ValueNotAByte(-1)),
        (0xE4, ErrorKind::ValueIsAShapeByte(0xE4)),
    ] {
        // Column 5 of row 2.
        let err = LdtkProject::from_json("bad.ldtk", &with_cell(2 * 12 + 5, value), &options)
            .unwrap_err();
        assert_eq!(err.kind, kind);
        assert_eq!(err.file, "bad.ldtk");
        assert_eq!(
            (err.level.as_deref(), err.layer.as_deref(), err.cell),
            (Some("Level_0"), Some("Collisions"), Some((5, 2)))
        );
        let text = err.to_string();
        assert!(
            text.starts_with("bad.ldtk: level \"Level_0\", layer \"Collisions\", cell (5, 2): "),
            "{text}"
        );
    }
    // Mapped, the same values load.
    let mapped = LdtkOptions::new()
        .with_byte(300, 9)
        .with_shape(0xE4, TileShape::HalfBottom);
    let project = LdtkProject::from_json("ok.ldtk", &with_cell(2 * 12 + 5, 300), &mapped).unwrap();
    assert_eq!(
        project.levels[0].int_grid("Collisions").unwrap().get(5, 2),
        Some(9)
    );
}

#[test]
fn broken_files_are_errors_naming_them() {
    let options = LdtkOptions::new();
    let missing = LdtkProject::load(data("ldtk/none.ldtk"), &options).unwrap_err();
    assert!(matches!(missing.kind, ErrorKind::Io(_)) && missing.file.ends_with("none.ldtk"));
    let err = LdtkProject::from_json("x.ldtk", "{\"levels\": [", &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Json(_)), "{err}");
    // Any JSON that is not a project (an empty object, a Tiled map) is an error, not a
    // project with no levels (a wrong path would mean no collision at all).
    for not_a_project in ["{}", "{\"levels\": []}", &text("tiled/platforms.tmj")] {
        let err = LdtkProject::from_json("x.ldtk", not_a_project, &options).unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
        assert!(err.to_string().starts_with("x.ldtk: "), "{err}");
    }
    let mut short: serde_json::Value = serde_json::from_str(&text("ldtk/platforms.ldtk")).unwrap();
    short["levels"][1]["layerInstances"][0]["intGridCsv"] = json!([1, 2, 3]);
    let err = LdtkProject::from_json("x.ldtk", &short.to_string(), &options).unwrap_err();
    assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
    assert_eq!(
        (err.level.as_deref(), err.layer.as_deref()),
        (Some("Level_1"), Some("Collisions"))
    );
    // A layer of more cells than a tile map holds (65536² overflows a 32-bit usize) is
    // refused on its size, before its values are read.
    let mut huge: serde_json::Value = serde_json::from_str(&text("ldtk/platforms.ldtk")).unwrap();
    let layer = &mut huge["levels"][0]["layerInstances"][1];
    layer["__cWid"] = json!(65_536);
    layer["__cHei"] = json!(65_536);
    let err = LdtkProject::from_json("x.ldtk", &huge.to_string(), &options).unwrap_err();
    assert_eq!(
        (err.level.as_deref(), err.layer.as_deref()),
        (Some("Level_0"), Some("Collisions"))
    );
    assert!(
        matches!(&err.kind, ErrorKind::Invalid(m) if m.starts_with("a layer (__cWid, __cHei) of 65536 × 65536 cells (")),
        "{err}"
    );
    // A level file that is missing names itself.
    let dir = std::env::temp_dir().join(format!("collide-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("apart.ldtk"), text("ldtk/apart.ldtk")).unwrap();
    let err = LdtkProject::load(dir.join("apart.ldtk"), &options).unwrap_err();
    assert!(
        err.file.ends_with("Level_0.ldtkl") && matches!(err.kind, ErrorKind::Io(_)),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_level_file_with_no_layers_or_another_level_is_an_error_naming_it() {
    let options = LdtkOptions::new();
    let dir = std::env::temp_dir().join(format!("collide-levels-ldtkl-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("apart")).unwrap();
    std::fs::write(dir.join("apart.ldtk"), text("ldtk/apart.ldtk")).unwrap();
    let load_with = |level: &str| {
        std::fs::write(dir.join("apart/Level_0.ldtkl"), level).unwrap();
        LdtkProject::load(dir.join("apart.ldtk"), &options).err()
    };
    // As inside the project, a level with no layer list is broken, not empty.
    for level in [
        r#"{"identifier":"Level_0"}"#,
        r#"{"identifier":"Level_0","layerInstances":null}"#,
    ] {
        let err = load_with(level).expect("an error");
        assert!(err.file.ends_with("Level_0.ldtkl"), "{err}");
        assert_eq!(err.level.as_deref(), Some("Level_0"));
        assert!(
            matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("no layer instances")),
            "{err}"
        );
    }
    let err = load_with(r#"{"identifier":"Z","layerInstances":[]}"#).expect("an error");
    assert!(err.file.ends_with("Level_0.ldtkl"), "{err}");
    assert!(
        matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("\"Z\"") && m.contains("\"Level_0\"")),
        "{err}"
    );
    assert!(load_with(&text("ldtk/apart/Level_0.ldtkl")).is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An entity's size is what the editor draws, never below zero: a negative one is an error
/// naming the entity, as a non-finite one is, not a box turned inside out.
#[test]
fn an_entity_of_negative_size_is_an_error() {
    let project: serde_json::Value = serde_json::from_str(&text("ldtk/platforms.ldtk")).unwrap();
    let (levels, options) = (project["levels"].as_array().unwrap(), LdtkOptions::new());
    let (level, layer) = (0..levels.len())
        .flat_map(|l| (0..8).map(move |k| (l, k)))
        .find(|&(l, k)| {
            levels[l]["layerInstances"][k]["entityInstances"]
                .as_array()
                .is_some_and(|e| !e.is_empty())
        })
        .expect("the project has an entity");
    for (field, value) in [("width", -8.0), ("height", -0.5), ("width", f64::MAX)] {
        let mut bad = project.clone();
        bad["levels"][level]["layerInstances"][layer]["entityInstances"][0][field] = json!(value);
        let err = LdtkProject::from_json("x.ldtk", &bad.to_string(), &options).unwrap_err();
        assert!(
            matches!(err.kind, ErrorKind::Invalid(_)),
            "{field} {value}: {err}"
        );
        assert!(err.to_string().contains("size"), "{err}");
    }
    let mut zero = project.clone();
    zero["levels"][level]["layerInstances"][layer]["entityInstances"][0]["width"] = json!(0.0);
    assert!(LdtkProject::from_json("x.ldtk", &zero.to_string(), &options).is_ok());
}
