//! Regression tests for defects an independent check against f64 oracles found in the tile
//! map and `move_and_slide`: each failed before its fix.

mod common;

use collide_core::{Circle, Pose, Rect, Rot, Shape};
use collide_testkit::SplitMix64;
use collide_world::{move_and_slide, Error, SlideSettings, Surface, TileCell, TileMap};
use common::tiles::any_shape;
use glam::Vec2;

/// A cell size far below the spacing of `f32` at the map's coordinates: neighbouring cell
/// corners round together.
#[test]
fn cells_narrower_than_f32_can_tell_apart_are_refused() {
    let map = TileMap::from_fn(4, 4, Vec2::splat(0.1), Vec2::splat(1e7), |_, _| 1);
    assert_eq!(map.map(|m| m.cell_min(3, 3)), Err(Error::TileMapPrecision));
    // Cells four ulps across are the narrowest it takes there.
    assert!(TileMap::from_fn(4, 4, Vec2::splat(4.0), Vec2::splat(1e7), |_, _| 1).is_ok());
}

/// An origin so near the top of the `f32` range that the map's box has an infinite centre.
#[test]
fn maps_near_the_top_of_the_f32_range_are_refused() {
    let map = TileMap::from_rows(&["#"], Vec2::ONE, Vec2::new(3e38, 0.0));
    assert_eq!(map.map(|m| m.bounds()), Err(Error::TileMapPrecision));
    let edge = TileMap::MAX_COORD;
    let map = TileMap::from_rows(&["#"], Vec2::splat(edge / 4.0), Vec2::new(-edge, 0.0));
    assert!(map.is_ok_and(|m| m.bounds().is_finite()));
}

/// A shot at a floor from hundreds of millions of units away: its fraction of the segment
/// can no longer tell the cell's entry from its exit in `f32`.
#[test]
fn segments_from_far_away_still_hit() {
    let one = TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let hit = one.cast_segment(Vec2::new(8.0, -2.77e8), Vec2::new(8.0, 100.0));
    let hit = hit.expect("the cell");
    assert_eq!(
        (one.cell_of_index(hit.id), hit.impact.normal),
        (TileCell::new(0, 0), Vec2::Y)
    );
    assert!(
        hit.impact.point.distance(Vec2::new(8.0, 0.0)) < 1e-3,
        "{hit:?}"
    );
    let floor = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let hit = floor.cast_segment(Vec2::new(-3e8, 8.0), Vec2::new(40.0, 8.0));
    let hit = hit.expect("the floor's end");
    assert_eq!(
        (floor.cell_of_index(hit.id), hit.impact.normal),
        (TileCell::new(0, 0), Vec2::X)
    );
    assert!(
        hit.impact.point.distance(Vec2::new(0.0, 8.0)) < 1e-3,
        "{hit:?}"
    );
}

/// Out-of-map cells are empty at any index: no overflow (a panic in a debug build, a wrap
/// to a cell inside the map in a release one).
#[test]
fn cells_at_the_end_of_the_index_range_do_not_overflow() {
    let map = TileMap::from_rows(&["##", "##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    // Across (u32::MAX, 0)'s right face and (0, u32::MAX)'s top face lies no cell at all.
    assert_eq!(map.face_normal(u32::MAX, 0, Vec2::NEG_X), Some(Vec2::NEG_X));
    assert_eq!(map.face_normal(0, u32::MAX, Vec2::NEG_Y), Some(Vec2::NEG_Y));
    let b = map.cell_bounds(u32::MAX, 0);
    assert_eq!(b.min(), map.cell_min(u32::MAX, 0));
    assert!(b.is_finite());
    assert_eq!(map.cell_index(3, u32::MAX), u32::MAX);
    assert_eq!(map.cell_index(u32::MAX, 1), u32::MAX);
}

/// Every contact `contacts` reports has a positive depth, also for shapes within rounding
/// of touching an exposed face, on maps far from the origin.
#[test]
fn contacts_always_have_positive_depth() {
    let mut rng = SplitMix64::new(0xDE97);
    let mut contacts = 0;
    for _ in 0..400 {
        let size = Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
        let far = [1.0, 1e3, 1e4][rng.index(3)];
        let origin = Vec2::new(rng.range(-far, far), rng.range(-far, far));
        let map = TileMap::from_fn(8, 8, size, origin, |_, _| u8::from(rng.unit() < 0.4));
        let Ok(map) = map else { continue };
        for _ in 0..50 {
            let (shape, pose) = near_touch(&mut rng, &map);
            map.contacts(&shape, &pose, |_, c| {
                contacts += 1;
                assert!(c.depth > 0.0, "{c:?}: {shape:?} at {pose:?} on {map:?}");
            });
        }
    }
    assert!(contacts > 1000, "only {contacts} contacts");
}

/// A shape placed against a random cell's face (or corner), within a hair of touching it.
fn near_touch(rng: &mut SplitMix64, map: &TileMap) -> (Shape, Pose) {
    let size = map.cell_size().min_element();
    let across = size * rng.range(0.2, 1.5);
    let shape = any_shape(rng, across);
    let rot = if rng.index(2) == 0 {
        Rot::from_angle(rng.angle())
    } else {
        Rot::IDENTITY
    };
    let cell = TileCell::new(rng.index(8) as u32, rng.index(8) as u32);
    let b = map.cell_bounds(cell.x, cell.y);
    let dir = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)];
    // The shape's extent along `dir`, from its box.
    let extent = shape.aabb(&Pose::new(Vec2::ZERO, rot)).half_extents;
    let along = (extent * dir.abs()).max_element();
    let face = b.center + b.half_extents * dir;
    let slide =
        dir.perp() * (b.half_extents * dir.perp().abs()).max_element() * rng.range(-1.2, 1.2);
    let gap = size * 1e-4 * rng.range(-1.0, 1.0);
    (shape, Pose::new(face + dir * (along + gap) + slide, rot))
}

/// A rect built with a negative extent (a struct literal skips `Rect::new`'s check) is "no
/// hit" everywhere: `move_and_slide` says so rather than let it fall through every floor.
#[test]
fn move_and_slide_refuses_an_invalid_shape_out_loud() {
    let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    let (start, fall) = (Vec2::new(24.0, 40.0), Vec2::new(0.0, -60.0));
    let step =
        |shape: Shape, at: Vec2| move_and_slide(&shape, Rot::IDENTITY, at, fall, &map, &settings);
    let bad = Rect {
        half_extents: Vec2::new(-2.0, 3.0),
    };
    let moved = step(bad.into(), start);
    assert_eq!(
        (moved.position, moved.remaining),
        (start, fall),
        "{moved:?}"
    );
    assert!(
        moved.invalid_input && moved.contacts().is_empty(),
        "{moved:?}"
    );
    // So is a negative or NaN radius; a valid shape is not flagged.
    for radius in [-1.0, f32::NAN] {
        let moved = step(Circle { radius }.into(), start);
        assert!(moved.invalid_input, "{moved:?}");
    }
    let good = Rect {
        half_extents: Vec2::new(2.0, 3.0),
    };
    let moved = step(good.into(), start);
    assert!(moved.on_floor && !moved.invalid_input, "{moved:?}");
    // Non-finite input, which always left the body where it was, says so too.
    assert!(step(good.into(), Vec2::NAN).invalid_input);
}

/// A NaN floor angle would make every contact a wall.
#[test]
fn a_nan_floor_angle_is_ignored() {
    let settings = SlideSettings::new(Vec2::Y).with_max_floor_angle(f32::NAN);
    assert_eq!(settings, SlideSettings::new(Vec2::Y));
    let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let (start, fall) = (Vec2::new(24.0, 40.0), Vec2::new(0.0, -30.0));
    let moved = move_and_slide(player, Rot::IDENTITY, start, fall, &map, &settings);
    assert!(moved.on_floor, "{moved:?}");
    // Infinite too; a finite angle still counts, and a NaN set on the field directly counts
    // as the default.
    let steep = SlideSettings::new(Vec2::Y).with_max_floor_angle(1.2);
    assert_eq!(steep.with_max_floor_angle(f32::INFINITY), steep);
    assert_eq!(steep.max_floor_angle, 1.2);
    let mut direct = SlideSettings::new(Vec2::Y);
    direct.max_floor_angle = f32::NAN;
    assert_eq!(direct.surface(Vec2::NEG_Y), Surface::Floor);
    assert_eq!(direct.surface(Vec2::X), Surface::Wall);
}
