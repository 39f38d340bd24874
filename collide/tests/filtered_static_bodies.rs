//! Filtered queries on `StaticBodies` answer as the same query on the set with the bodies the
//! filter leaves out removed. The set's face rule (a corner where a neighbour of the same kind
//! goes on flush is that face) counted the bodies left out: a left-out sensor or one-way
//! neighbour still covered a face, and a corner two neighbours covered, one of them left out,
//! kept its own normal. A body went through a one-way platform whose neighbour was left out.

use collide::{
    cast_shape_static, cast_shape_static_all, move_and_slide_filtered, Character,
    CharacterSettings, QueryFilter, SlideSettings, StaticBodies, StaticHandle, StaticWorld,
    TileMap,
};
use collide_core::{Circle, Layers, Motion, Pose, Rect, Rot};
use glam::Vec2;

const TILE: Rect = Rect {
    half_extents: Vec2::splat(8.0),
};

fn tile_at(set: &mut StaticBodies, x: f32, y: f32) -> StaticHandle {
    set.add(TILE, Pose::from_position(Vec2::new(x, y)), Layers::ALL)
        .unwrap()
}

/// `set` without `gone`.
fn removed(set: &StaticBodies, gone: StaticHandle) -> StaticBodies {
    let mut removed = set.clone();
    assert!(removed.remove(gone));
    removed.refresh();
    removed
}

/// Two tiles side by side, `a` at the origin and `b` right of it, both marked by `mark`.
fn two_tiles(mark: impl Fn(&mut StaticBodies, StaticHandle)) -> (StaticBodies, StaticHandle) {
    let mut set = StaticBodies::new();
    let a = tile_at(&mut set, 0.0, 0.0);
    let b = tile_at(&mut set, 16.0, 0.0);
    mark(&mut set, a);
    mark(&mut set, b);
    set.refresh();
    (set, b)
}

#[test]
fn a_left_out_sensor_neighbour_covers_no_corner() {
    let (set, b) = two_tiles(|set, h| assert!(set.set_sensor(h, true)));
    let without = removed(&set, b);
    let ball = Circle { radius: 2.0 };
    let motion = Motion::linear(Vec2::new(14.0, 14.0), Vec2::new(4.0, 4.0));
    let gone = [b.id()];
    let filter = QueryFilter::new(Layers::ALL).with_sensors(true);
    let filtered = cast_shape_static(&set, ball, &motion, filter.excluding(&gone)).unwrap();
    let as_removed = cast_shape_static(&without, ball, &motion, filter).unwrap();
    assert_eq!(filtered, as_removed);
    // The corner's own normal, where the rule with `b` there gave the top's.
    assert!(filtered.impact.normal.x < -0.5, "{filtered:?}");
}

/// The same bodies in a world with a tile map (far from them): a body's rule is the bodies'.
#[test]
fn a_left_out_sensor_neighbour_covers_no_corner_in_a_static_world() {
    let (bodies, b) = two_tiles(|set, h| assert!(set.set_sensor(h, true)));
    let far = TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::splat(500.0)).unwrap();
    let world = StaticWorld { bodies, tiles: far };
    let without = StaticWorld {
        bodies: removed(&world.bodies, b),
        ..world.clone()
    };
    let ball = Circle { radius: 2.0 };
    let motion = Motion::linear(Vec2::new(14.0, 14.0), Vec2::new(4.0, 4.0));
    let gone = [b.id()];
    let filter = QueryFilter::new(Layers::ALL).with_sensors(true);
    let filtered = cast_shape_static(&world, ball, &motion, filter.excluding(&gone));
    assert_eq!(filtered, cast_shape_static(&without, ball, &motion, filter));
}

#[test]
fn a_left_out_one_way_neighbour_lets_nothing_through() {
    let (set, b) = two_tiles(|set, h| assert!(set.set_one_way(h, Some(Vec2::Y))));
    let without = removed(&set, b);
    let ball = Circle { radius: 4.0 };
    let (start, travel) = (Vec2::new(16.0, 20.0), Vec2::new(-12.0, -20.0));
    let gone = [b.id()];
    let (open, filter) = (
        QueryFilter::new(Layers::ALL),
        QueryFilter::new(Layers::ALL).excluding(&gone),
    );
    let motion = Motion::linear(start, start + travel);
    let filtered = cast_shape_static(&set, ball, &motion, filter);
    assert!(filtered.is_some(), "the cast passed through the platform");
    assert_eq!(filtered, cast_shape_static(&without, ball, &motion, open));
    let s = SlideSettings::new(Vec2::Y);
    let slide = |on: &StaticBodies, f| {
        move_and_slide_filtered(ball, Rot::IDENTITY, start, travel, on, &s, &f).position
    };
    assert_eq!(slide(&set, filter), slide(&without, open));
    let character = || Character::new(ball, start, CharacterSettings::new(Vec2::Y)).unwrap();
    let (mut c, mut d) = (character(), character());
    let on_filtered = c.move_by_filtered(travel, &set, &filter).position;
    assert_eq!(
        on_filtered,
        d.move_by_filtered(travel, &without, &open).position
    );
    assert!(
        on_filtered.y > 8.0,
        "ended at {on_filtered}, in the platform"
    );
}

#[test]
fn a_corner_whose_other_face_is_covered_is_that_face_with_its_cover_left_out() {
    let mut set = StaticBodies::new();
    tile_at(&mut set, 0.0, 0.0);
    tile_at(&mut set, 16.0, 0.0);
    let above = tile_at(&mut set, 16.0, 16.0);
    set.refresh();
    let without = removed(&set, above);
    let ball = Circle { radius: 6.0 };
    let motion = Motion::linear(Vec2::new(2.0, 40.0), Vec2::new(6.0, -40.0));
    let gone = [above.id()];
    let (mut filtered, mut as_removed) = (Vec::new(), Vec::new());
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    cast_shape_static_all(&set, ball, &motion, filter, &mut filtered);
    cast_shape_static_all(&without, ball, &motion, Layers::ALL, &mut as_removed);
    assert_eq!(filtered, as_removed);
    // The floor's top, flat across the two tiles.
    assert!(
        filtered.iter().any(|h| h.impact.normal == Vec2::NEG_Y),
        "{filtered:?}"
    );
}

#[test]
fn a_cast_starting_inside_near_a_corner_answers_as_the_set_without_what_is_left_out() {
    let mut set = StaticBodies::new();
    tile_at(&mut set, 0.0, 0.0);
    let above = tile_at(&mut set, 0.0, 16.0);
    set.refresh();
    let without = removed(&set, above);
    let ball = Circle { radius: 6.0 };
    let motion = Motion::linear(Vec2::new(10.0, 12.0), Vec2::new(-10.0, 12.0));
    let gone = [above.id()];
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let filtered = cast_shape_static(&set, ball, &motion, filter);
    assert_eq!(
        filtered,
        cast_shape_static(&without, ball, &motion, Layers::ALL)
    );
}

/// The tester's character: pushed by a moving tile beside a tile the filter leaves out, next
/// to the moving floor it stands by; it ended 4.4 units from where it ends without that tile.
#[test]
fn a_pushed_character_moves_as_in_the_set_without_what_is_left_out() {
    let tile = Rect {
        half_extents: Vec2::splat(0.940_253_9),
    };
    let mut set = StaticBodies::new();
    let (floor_at, floor_v) = (
        Vec2::new(-928.393_74, -712.652_65),
        Vec2::new(3.019_252_5, 0.400_686_3),
    );
    let door_at = Vec2::new(-926.513_24, -712.652_65);
    let (pusher_at, pusher_v) = (
        Vec2::new(-928.393_74, -710.772_16),
        Vec2::new(-0.644_821_64, -0.604_716),
    );
    let moving = |set: &mut StaticBodies, at: Vec2, v: Vec2| {
        let h = set
            .add(tile, Pose::from_position(at - v), Layers::ALL)
            .unwrap();
        assert!(set.move_body(h, Pose::from_position(at), v));
    };
    moving(&mut set, floor_at, floor_v);
    let door = set
        .add(tile, Pose::from_position(door_at), Layers::ALL)
        .unwrap();
    moving(&mut set, pusher_at, pusher_v);
    set.refresh();
    let without = removed(&set, door);
    let gone = [door.id()];
    let filter = QueryFilter::new(Layers::ALL).excluding(&gone);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.35)
        .with_max_step_height(0.35);
    let ball = Circle {
        radius: 0.972_720_5,
    };
    let start = Vec2::new(-926.674_56, -710.284_8);
    let mut filtered = Character::new(ball, start, settings).unwrap();
    let mut as_removed = filtered.clone();
    let travel = Vec2::new(-4.250_122, 0.0);
    let a = *filtered.move_by_filtered(travel, &set, &filter);
    let b = *as_removed.move_by(travel, &without);
    assert_eq!(a.position, b.position);
    assert_eq!(a.contacts(), b.contacts());
}
