//! The static shape casts, for a long hull turned a hair off an axis whose side meets a small
//! obstacle's corner: the face rule counts the side's normal there as the floor's, along which
//! the cast's own travel runs, so the cast reported a hit that a slide on its normal passes
//! through. It now reports the side's own normal, on which the pass and `move_and_slide` stop.

use collide::{
    cast_shape_static, move_and_slide, Obstacles, QueryFilter, SlideSettings, StaticBodies,
    StaticWorld, TileMap,
};
use collide_core::{Hull, Layers, Motion, Pose, Rect, Rot};
use glam::Vec2;

/// Casts the hull resting on the obstacle (x from 0 to 0.2, y from 0 to 0.1) along the floor
/// the way its side slopes down, through the set's own rule and through the rule of the set
/// with what a filter leaves out (here nothing) taken away.
fn the_cast_meets_the_side(world: &(impl Obstacles + ?Sized)) {
    let hull = Hull::from_half_extents(Vec2::new(100.0, 10.0)).unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    let everything = |_: u32| true;
    for angle in [-0.0009_f32, -0.0005, 0.0005, 0.0009] {
        let rot = Rot::from_angle(angle);
        let drop = Vec2::new(0.0, -100.0);
        let start =
            move_and_slide(&hull, rot, Vec2::new(60.0, 60.0), drop, world, &settings).position;
        // Only the way the side slopes down goes into the obstacle: the other lifts off it.
        let into = Vec2::new(if angle < 0.0 { -300.0 } else { 300.0 }, 0.0);
        let motion = Motion::new(start, start + into, rot);
        let filters = [
            QueryFilter::new(Layers::ALL),
            QueryFilter::new(Layers::ALL).with_predicate(&everything),
        ];
        for filter in filters {
            let hit = cast_shape_static(world, &hull, &motion, filter)
                .unwrap_or_else(|| panic!("{angle}: the cast from {start} met nothing"));
            // A normal (from the body into the obstacle) that the travel goes into: sliding
            // on it stops the side at the corner.
            assert!(
                hit.impact.normal.dot(into) > 0.0,
                "{angle}: met at t = {} with normal {}, which {into} runs along",
                hit.impact.t,
                hit.impact.normal
            );
        }
    }
}

#[test]
fn a_cast_of_a_hull_turned_a_hair_meets_a_small_tile_with_its_side() {
    let map = TileMap::from_rows(&["_"], Vec2::splat(0.2), Vec2::ZERO).unwrap();
    the_cast_meets_the_side(&StaticWorld::new(map));
}

#[test]
fn a_cast_of_a_hull_turned_a_hair_meets_a_small_static_rect_with_its_side() {
    let mut bodies = StaticBodies::new();
    let rect = Rect {
        half_extents: Vec2::new(0.1, 0.05),
    };
    let at = Pose::from_position(Vec2::new(0.1, 0.05));
    bodies.add(rect, at, Layers::ALL).unwrap();
    bodies.refresh();
    the_cast_meets_the_side(&bodies);
}
