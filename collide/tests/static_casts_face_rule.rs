//! The casts over static obstacles meet them as a body in the pass does: on a tile map, no
//! hit or normal on the face between two solid cells; a one-way platform only from above; a
//! ray starting inside the solid region met at `t = 0`. A tester's world-query round found
//! them answering with each cell alone (an internal face's normal, a one-way tile hit from
//! below, a laser disagreeing with `TileMap::cast_segment` on the same map).

use collide::{cast_ray_static, cast_shape_static, StaticBodies, TileMap};
use collide_core::{Layers, Motion, Pose, Rect};
use glam::Vec2;

fn map(rows: &[&str]) -> TileMap {
    TileMap::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

#[test]
fn a_ray_starting_inside_a_floor_has_no_internal_normal() {
    let floor = map(&["....", "####"]);
    let (from, to) = (Vec2::new(15.0, 8.0), Vec2::new(15.0, 30.0));
    let hit = cast_ray_static(&floor, from, to, Layers::ALL).expect("it starts inside");
    let own = floor.cast_segment(from, to).expect("it starts inside");
    assert_eq!((hit.impact.t, hit.impact.normal), (0.0, Vec2::Y));
    assert_eq!(hit.impact.normal, own.impact.normal);
    // Down onto the floor, over a seam and not: the top's normal, as the map's own cast.
    for x in [8.0, 16.0, 24.0] {
        let (from, to) = (Vec2::new(x - 3.0, 40.0), Vec2::new(x + 3.0, 0.0));
        let hit = cast_ray_static(&floor, from, to, Layers::ALL).unwrap();
        let own = floor.cast_segment(from, to).unwrap();
        assert_eq!(hit.impact.normal, Vec2::NEG_Y, "{x}");
        assert!(
            (hit.impact.t - own.impact.t).abs() < 1e-6,
            "{x}: {hit:?} {own:?}"
        );
    }
}

#[test]
fn a_shape_cast_starting_inside_a_floor_across_a_seam_is_met_at_once() {
    let floor = map(&["##"]);
    let small = Rect {
        half_extents: Vec2::splat(2.0),
    };
    let up = Motion::linear(Vec2::new(16.0, 15.0), Vec2::new(16.0, 30.0));
    let hit = cast_shape_static(&floor, small, &up, Layers::ALL).expect("it starts inside");
    assert_eq!((hit.impact.t, hit.impact.normal), (0.0, Vec2::NEG_Y));
    let own = floor.time_of_impact(small, &up).unwrap();
    assert_eq!(hit.impact, own.impact);
}

#[test]
fn one_way_platforms_are_met_only_from_above_by_every_cast() {
    let mut bodies = StaticBodies::new();
    let plank = Rect {
        half_extents: Vec2::new(16.0, 2.0),
    };
    let pose = Pose::from_position(Vec2::new(8.0, 14.0));
    let h = bodies.add(plank, pose, Layers::ALL).unwrap();
    bodies.set_one_way(h, Some(Vec2::Y));
    bodies.refresh();
    let tiles = map(&["="]);
    let (above, below) = (Vec2::new(8.0, 40.0), Vec2::new(8.0, -20.0));
    // Down onto it: a hit on both; up through it: none on either.
    let down_body = cast_ray_static(&bodies, above, below, Layers::ALL).unwrap();
    assert_eq!(down_body.impact.normal, Vec2::NEG_Y);
    let down_tile = cast_ray_static(&tiles, above, below, Layers::ALL).unwrap();
    assert_eq!(down_tile.impact.normal, Vec2::NEG_Y);
    assert!(tiles.cast_segment(above, below).is_some());
    assert_eq!(cast_ray_static(&bodies, below, above, Layers::ALL), None);
    assert_eq!(cast_ray_static(&tiles, below, above, Layers::ALL), None);
    assert_eq!(tiles.cast_segment(below, above), None);
    // A box dropped onto it lands; one rising through it does not.
    let crate_ = Rect {
        half_extents: Vec2::splat(3.0),
    };
    let drop = Motion::linear(above, below);
    assert!(cast_shape_static(&bodies, crate_, &drop, Layers::ALL).is_some());
    let rise = Motion::linear(below, above);
    assert!(cast_shape_static(&bodies, crate_, &rise, Layers::ALL).is_none());
    assert!(cast_shape_static(&tiles, crate_, &rise, Layers::ALL).is_none());
}
