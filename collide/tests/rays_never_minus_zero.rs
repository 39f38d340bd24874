//! A ray running down a seam from its end starts on the solid region: it is met at once, at
//! `t = +0.0`. The seam's times were `(edge - start) / travel`, `0 / -16 = -0.0`, and that
//! sign reached the hit, where `Impact::t` promises never `-0.0`.

use collide::{cast_ray_static, StaticBodies};
use collide_core::{Layers, Pose, Rect};
use collide_world::TileMap;
use glam::Vec2;

/// `t`'s bits are `+0.0`'s.
fn plus_zero(t: f32) -> bool {
    t.to_bits() == 0.0_f32.to_bits()
}

#[test]
fn a_ray_down_a_tile_seam_from_its_top_is_met_at_plus_zero() {
    let map = TileMap::from_rows(&["##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(16.0, 16.0), Vec2::new(16.0, 0.0));
    let hit = map.cast_segment(from, to).expect("the floor's top");
    assert!(plus_zero(hit.impact.t), "{:?}", hit.impact);
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the floor's top");
    assert!(plus_zero(hit.impact.t), "{:?}", hit.impact);
}

#[test]
fn a_ray_along_a_seam_of_static_bodies_from_its_end_is_met_at_plus_zero() {
    let mut level = StaticBodies::new();
    let square = Rect {
        half_extents: Vec2::splat(1.0),
    };
    for y in [0.0, 2.0] {
        level
            .add(square, Pose::from_position(Vec2::new(0.0, y)), Layers::ALL)
            .unwrap();
    }
    level.refresh();
    let (from, to) = (Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0));
    let hit = cast_ray_static(&level, from, to, Layers::ALL).expect("the seam's end");
    assert!(plus_zero(hit.impact.t), "{:?}", hit.impact);
}
