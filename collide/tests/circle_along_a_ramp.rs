//! A circle touching a 45° ramp of `/` tiles and moving exactly along it meets it, if at all,
//! on the slope's own normal, in the pass and in the static casts, as in `move_and_slide`.
//! At each joint of the ramp's tiles the sweep meets the next tile's vertex with a normal a
//! hair off the slope's; the face rule gives the slope's, and the circle's own was kept as if
//! it were a turned hull's side (4.6e-4 rad off, enough to call a 45° slope a wall).

use collide::{cast_shape_static, Body, CollisionPass, Reaction, Response, TileMap};
use collide_core::{Circle, Layers, Motion};
use glam::Vec2;

fn ramp() -> TileMap {
    // A staircase of `/` cells nine rows high, the top row first.
    let rows: Vec<String> = (0..9)
        .map(|k| ".".repeat(26 - k) + "/" + &"#".repeat(k))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    TileMap::from_rows(
        &rows,
        Vec2::splat(10.415_659),
        Vec2::new(-190.089_23, 20.935_875),
    )
    .unwrap()
}

const START: Vec2 = Vec2::new(6.145_634_7, 40.607_864);
const TRAVEL: Vec2 = Vec2::new(70.106_72, 70.106_72);

fn on_the_slope(normal: Vec2) -> bool {
    (normal - Vec2::new(1.0, -1.0).normalize()).length() < 1e-6
}

#[test]
fn the_pass_meets_the_ramp_on_its_own_normal() {
    let map = ramp();
    let circle = Circle {
        radius: 7.720_883_4,
    };
    let bodies = [Body::new(circle, START, START + TRAVEL)];
    let mut pass = CollisionPass::default();
    let mut normals = Vec::new();
    pass.run(&bodies, &map, |hit| {
        normals.push(hit.impact.normal);
        Response::a(Reaction::Slide)
    })
    .unwrap();
    assert!(normals.iter().all(|&n| on_the_slope(n)), "{normals:?}");
}

#[test]
fn a_static_cast_meets_the_ramp_on_its_own_normal() {
    let map = ramp();
    let circle = Circle {
        radius: 7.720_883_4,
    };
    let path = Motion::linear(START, START + TRAVEL);
    if let Some(hit) = cast_shape_static(&map, circle, &path, Layers::ALL) {
        assert!(on_the_slope(hit.impact.normal), "{hit:?}");
    }
}
