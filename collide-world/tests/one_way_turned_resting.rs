//! A turned hull set on a one-way top within rounding (its lowest corner a hair into the top
//! in `f32`, exactly on or above it in `f64`) rests on it: moving down, it stops there. The
//! sweep of a body that starts overlapping gave the normal of whichever way out it found
//! (the platform's bottom's, even), the one-way rule read that as no landing, and the body
//! went on down: through the platform, or ending a hundredth of a unit inside it. Each case
//! is an exact input a seeded search found.

use collide_core::{Hull, Layers, Pose, Rect, Rot, ShapeRef};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacles, SlideSettings, StaticBodies, TileMap,
};
use glam::Vec2;

/// How many cells wide every platform is: the body starts and ends well inside it.
const WIDTH: u32 = 64;

/// A row of one-way cells of side `cell` whose bottom left corner is `origin`.
fn tiles(cell: f32, origin: Vec2) -> TileMap {
    let (air, top) = (".".repeat(WIDTH as usize), "=".repeat(WIDTH as usize));
    TileMap::from_rows(&[&air, &top], Vec2::splat(cell), origin).unwrap()
}

/// The same row as one-way bodies: one long rect, or a rect a cell.
fn bodies(cell: f32, origin: Vec2, pieces: bool) -> StaticBodies {
    let mut set = StaticBodies::new();
    let (count, width) = if pieces { (WIDTH, 1) } else { (1, WIDTH) };
    for i in 0..count {
        let half = Vec2::new(width as f32, 1.0) * (0.5 * cell);
        let centre = origin + Vec2::new(i as f32 * cell + half.x, half.y);
        let rect = Rect { half_extents: half };
        let handle = set
            .add(rect, Pose::from_position(centre), Layers::ALL)
            .unwrap();
        assert!(set.set_one_way(handle, Some(Vec2::Y)));
    }
    set.refresh();
    set
}

/// A turned rotation from its exact cosine and sine.
fn turned(cos: f32, sin: f32) -> Rot {
    let rot = Rot::try_from_direction(Vec2::new(cos, sin)).unwrap();
    assert_eq!((rot.cos(), rot.sin()), (cos, sin), "a unit vector already");
    rot
}

/// The lowest level of `hull` turned by `rot` at `position`, exactly (in `f64`).
fn lowest(hull: &Hull, rot: Rot, position: Vec2) -> f64 {
    let (cos, sin) = (f64::from(rot.cos()), f64::from(rot.sin()));
    let level = |v: &Vec2| f64::from(position.y) + sin * f64::from(v.x) + cos * f64::from(v.y);
    hull.vertices()
        .iter()
        .map(level)
        .fold(f64::INFINITY, f64::min)
}

/// Where a character of `hull` turned by `rot` at `start` ends after moving by `travel`,
/// checked to stand on the floor there.
fn character_lands<O: Obstacles>(
    hull: &Hull,
    rot: Rot,
    start: Vec2,
    travel: Vec2,
    world: &O,
) -> Vec2 {
    let mut character = Character::new(*hull, start, CharacterSettings::new(Vec2::Y)).unwrap();
    character.set_rotation(rot);
    character.move_by(travel, world);
    assert!(character.on_floor());
    character.position()
}

/// Checks the case's start (resting within rounding: overlapping the top in `f32`, not below
/// it in `f64`), then that `end` is not below the top by more than a few ulps.
fn check<O: Obstacles>(hull: &Hull, rot: Rot, start: Vec2, end: Vec2, top: f32, world: &O) {
    let body = ShapeRef::from(hull);
    let mut touching = false;
    let area = body.aabb(&Pose::new(start, rot));
    world.near(&area, Layers::ALL, &mut |o| {
        touching |= collide_core::overlaps(body, &Pose::new(start, rot), o.shape, &o.pose);
    });
    assert!(
        touching && lowest(hull, rot, start) >= f64::from(top),
        "the case's start"
    );
    let depth = f64::from(top) - lowest(hull, rot, end);
    let ulps = 8.0 * f64::from(f32::EPSILON) * f64::from(end.abs().max_element());
    assert!(
        depth <= ulps,
        "{depth} below the top, from {start:?} to {end:?}"
    );
}

#[test]
fn a_turned_box_resting_on_one_way_tiles_does_not_fall_through() {
    let (cell, origin) = (0.6531388, Vec2::new(9107.297, 3712.6963));
    let hull = Hull::from_half_extents(Vec2::new(0.48128703, 0.14931655)).unwrap();
    let rot = turned(0.87284255, 0.48800197);
    let (start, travel) = (Vec2::new(9127.245, 3713.7146), Vec2::new(0.0, -10.52405));
    let map = tiles(cell, origin);
    let slide = move_and_slide(
        &hull,
        rot,
        start,
        travel,
        &map,
        &SlideSettings::new(Vec2::Y),
    );
    check(&hull, rot, start, slide.position, origin.y + cell, &map);
    assert!(slide.on_floor);
}

#[test]
fn a_turned_box_resting_on_a_one_way_body_stays_on_it_sliding() {
    let (cell, origin) = (0.5416227, Vec2::new(3775.288, -2167.1523));
    let hull = Hull::from_half_extents(Vec2::new(0.6155958, 0.6618342)).unwrap();
    let rot = turned(-0.9553342, 0.2955276);
    let (start, travel) = (
        Vec2::new(3793.007, -2165.7966),
        Vec2::new(-0.7922242, -0.02409455),
    );
    let level = bodies(cell, origin, false);
    let settings = SlideSettings::new(Vec2::Y);
    let slide = move_and_slide(&hull, rot, start, travel, &level, &settings);
    check(&hull, rot, start, slide.position, origin.y + cell, &level);
}

#[test]
fn a_turned_character_resting_on_one_way_pieces_stays_on_them() {
    let (cell, origin) = (0.75550234, Vec2::new(2612.6113, 7452.115));
    let hull = Hull::from_half_extents(Vec2::new(1.0723953, 0.89138204)).unwrap();
    let rot = turned(0.27527693, -0.961365);
    let (start, travel) = (
        Vec2::new(2638.327, 7454.147),
        Vec2::new(-0.03962678, -0.016192954),
    );
    let level = bodies(cell, origin, true);
    let end = character_lands(&hull, rot, start, travel, &level);
    check(&hull, rot, start, end, origin.y + cell, &level);
}

#[test]
fn a_turned_octagon_character_resting_on_one_way_tiles_does_not_fall_through() {
    let (cell, origin) = (0.45683122, Vec2::new(-160.90234, -3251.4858));
    let hull = Hull::regular(8, 0.6160499).unwrap();
    let rot = turned(-0.99983346, -0.01824954);
    let (start, travel) = (
        Vec2::new(-145.96442, -3250.413),
        Vec2::new(0.00017477783, -0.66370255),
    );
    let map = tiles(cell, origin);
    let end = character_lands(&hull, rot, start, travel, &map);
    check(&hull, rot, start, end, origin.y + cell, &map);
}
