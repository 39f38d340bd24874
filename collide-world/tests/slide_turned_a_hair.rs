//! A long hull turned a hair (less than a thousandth of a radian) off an axis meets a small
//! tile's corner with its long side. The map's face rule counts a normal that close to an
//! axis as the face's, which moving on along that axis only grazes; the body's own side goes
//! into the tile all the same, by the travel times the turn. A tester's round met a slide of
//! 300 units that passed a 0.2 × 0.1 tile right through the body.

use collide_core::{contact, contains_point, Hull, Layers, Pose, Rect, Rot};
use collide_world::{move_and_slide, Obstacles, SlideSettings, StaticBodies, StaticWorld, TileMap};
use glam::Vec2;

/// The body's corners never all hold a point of the tile, at any of `samples` points of the
/// straight path `from → to`, and the tile's corners are never all inside the body.
fn tile_never_inside(hull: &Hull, rot: Rot, from: Vec2, to: Vec2, corners: &[Vec2; 4]) {
    for i in 0..=4000 {
        let at = from + (to - from) * (i as f32 / 4000.0);
        let pose = Pose::new(at, rot);
        let inside = corners
            .iter()
            .filter(|&&c| contains_point(hull, &pose, c))
            .count();
        assert!(
            inside < 2,
            "{inside} corners of the tile inside the body at {at:?}"
        );
    }
}

/// A body turned by each of a few angles under a thousandth of a radian, dropped onto the
/// small obstacle `level` holds at x 0 to 0.2, y 0 to 0.1, then slid 300 units each way along
/// the floor's axis from where it rests.
fn never_through(level: &(impl Obstacles + ?Sized)) {
    let hull = Hull::from_half_extents(Vec2::new(100.0, 10.0)).unwrap();
    let corners = [
        Vec2::new(0.0, 0.0),
        Vec2::new(0.2, 0.0),
        Vec2::new(0.2, 0.1),
        Vec2::new(0.0, 0.1),
    ];
    let settings = SlideSettings::new(Vec2::Y);
    for angle in [-0.0009_f32, -0.0005, -0.0001, 0.0001, 0.0005, 0.0009] {
        let rot = Rot::from_angle(angle);
        let drop = Vec2::new(0.0, -100.0);
        let landed = move_and_slide(&hull, rot, Vec2::new(60.0, 60.0), drop, level, &settings);
        assert!(!landed.contacts().is_empty(), "{angle}: {landed:?}");
        for travel in [Vec2::new(-300.0, 0.0), Vec2::new(300.0, 0.0)] {
            let slid = move_and_slide(&hull, rot, landed.position, travel, level, &settings);
            let mut from = landed.position;
            for c in slid.contacts() {
                tile_never_inside(&hull, rot, from, c.position, &corners);
                from = c.position;
            }
            tile_never_inside(&hull, rot, from, slid.position, &corners);
        }
    }
}

#[test]
fn a_hull_turned_a_hair_never_slides_through_a_small_tile() {
    // A half tile: x from 0 to 0.2, y from 0 to 0.1.
    let map = TileMap::from_rows(&["_"], Vec2::splat(0.2), Vec2::ZERO).unwrap();
    never_through(&StaticWorld::new(map));
}

#[test]
fn a_hull_turned_a_hair_never_slides_through_a_small_static_rect() {
    let mut bodies = StaticBodies::new();
    let rect = Rect {
        half_extents: Vec2::new(0.1, 0.05),
    };
    let at = Pose::from_position(Vec2::new(0.1, 0.05));
    bodies.add(rect, at, Layers::ALL).unwrap();
    bodies.refresh();
    never_through(&bodies);
}

/// The tester's random case: a box 194 × 293 turned π less 0.00086 slides down and left past
/// the corner of one 388-unit tile; its path went 0.1 deep into the tile.
#[test]
fn a_large_box_turned_a_hair_passes_a_tile_corner_outside_it() {
    let size = Vec2::splat(388.127_84);
    let map = TileMap::from_rows(&["#"], size, Vec2::new(776.255_7, 1_731.326_2)).unwrap();
    let cell = (map.cell_rect(), Pose::from_position(map.cell_center(0, 0)));
    let world = StaticWorld::new(map);
    let hull = Hull::from_half_extents(Vec2::new(97.134_19, 146.541_24)).unwrap();
    let rot = Rot::from_angle(-3.142_449_1);
    let start = Vec2::new(1_671.899_2, 3_143.204);
    let travel = Vec2::new(-3_378.281, -6_280.615);
    let settings = SlideSettings::new(Vec2::Y);
    let slid = move_and_slide(&hull, rot, start, travel, &world, &settings);
    let mut from = start;
    let ends = slid
        .contacts()
        .iter()
        .map(|c| c.position)
        .chain([slid.position]);
    for to in ends {
        for i in 0..=4000 {
            let at = from + (to - from) * (i as f32 / 4000.0);
            let depth =
                contact(&hull, &Pose::new(at, rot), cell.0, &cell.1).map_or(0.0, |c| c.depth);
            assert!(
                depth < 0.01,
                "{depth} into the tile at {at:?} on {from:?} → {to:?}"
            );
        }
        from = to;
    }
}
