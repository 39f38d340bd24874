//! What the loaders' tests share: the test levels' paths, and whether a world point is
//! inside a solid part of a set of obstacles.

#![allow(dead_code)]

use collide_core::{overlaps, Aabb, Circle, Layers, Pose};
use collide_world::Obstacles;
use glam::Vec2;

/// The path of a test level under `tests/data`.
pub fn data(path: &str) -> String {
    format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The text of a test level under `tests/data`.
pub fn text(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap()
}

/// Whether a tiny circle at `point` overlaps a solid part of `obstacles` (one-way ones too).
pub fn solid_at(obstacles: &impl Obstacles, point: Vec2) -> bool {
    let dot = Circle { radius: 0.25 };
    let pose = Pose::from_position(point);
    let area = Aabb::new(point, Vec2::splat(0.5));
    let mut hit = false;
    obstacles.near(&area, Layers::ALL, &mut |o| {
        hit |= overlaps(dot, &pose, o.shape, &o.pose);
    });
    hit
}

/// The test Tiled map's text with its `.tsx` tileset embedded, to load with `from_tmx`.
pub fn embedded() -> String {
    let tsx = text("tiled/extra.tsx");
    let tileset = &tsx[tsx.find("<tileset").unwrap()..];
    let tileset = tileset.replacen("<tileset ", "<tileset firstgid=\"10\" ", 1);
    text("tiled/platforms.tmx").replace(
        "<tileset firstgid=\"10\" source=\"extra.tsx\"/>",
        tileset.trim(),
    )
}

/// The test Tiled JSON map's text with its `.tsj` tileset embedded, to load with `from_tmj`.
pub fn embedded_tmj() -> String {
    let mut map: serde_json::Value = serde_json::from_str(&text("tiled/platforms.tmj")).unwrap();
    let mut tileset: serde_json::Value = serde_json::from_str(&text("tiled/extra.tsj")).unwrap();
    tileset["firstgid"] = serde_json::json!(10);
    map["tilesets"][1] = tileset;
    map.to_string()
}
