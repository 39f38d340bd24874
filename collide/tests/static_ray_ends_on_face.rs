//! A laser whose end lies exactly on a face touches it, and touching is not overlapping:
//! `cast_ray_static` finds no hit there, as `TileMap::cast_segment` finds none. The slab
//! test (a tile's bounds, a static rect body) gave a hit at `t = 1` where the division
//! came out a rounding step short of the face.

use collide::{cast_ray_static, StaticBodies, TileMap};
use collide_core::{Layers, Pose, Rect};
use glam::Vec2;

/// Along y = 6 to x = 4: the left side of the tile at (4, 5)..(8, 9) and of the body there.
const FROM: Vec2 = Vec2::new(3.0005493, 6.0);
const TO: Vec2 = Vec2::new(4.0, 6.0);

#[test]
fn a_ray_ending_on_a_tiles_face_is_no_hit() {
    let map = TileMap::from_rows(&["...#"], Vec2::splat(4.0), Vec2::new(-8.0, 5.0)).unwrap();
    assert_eq!(map.cast_segment(FROM, TO), None);
    assert_eq!(cast_ray_static(&map, FROM, TO, Layers::ALL), None);
    // An ulp further it enters the tile, for both.
    let past = Vec2::new(TO.x.next_up(), TO.y);
    assert!(map.cast_segment(FROM, past).is_some());
    assert!(cast_ray_static(&map, FROM, past, Layers::ALL).is_some());
}

#[test]
fn a_ray_ending_on_a_static_bodys_face_is_no_hit() {
    let mut level = StaticBodies::new();
    let rect = Rect {
        half_extents: Vec2::splat(2.0),
    };
    level
        .add(rect, Pose::from_position(Vec2::new(6.0, 7.0)), Layers::ALL)
        .unwrap();
    level.refresh();
    assert_eq!(cast_ray_static(&level, FROM, TO, Layers::ALL), None);
    let past = Vec2::new(TO.x.next_up(), TO.y);
    assert!(cast_ray_static(&level, FROM, past, Layers::ALL).is_some());
}
