//! `move_and_slide` along a tile map's slopes far from the origin: a body resting within the
//! skin of a ramp and walking up or down it moves along it every frame, and never ends
//! inside. Far out, the end of a travel clipped to a slanted face rounds across the face, and
//! the skin sweep stopped such a body at once on every slide, for good.

use collide_core::{Circle, Hull, Pose, Rect, Rot, Shape, ShapeRef};
use collide_testkit::proptest_config as config;
use collide_world::{move_and_slide, Slide, SlideSettings, Surface, TileMap};
use glam::Vec2;
use proptest::prelude::*;

/// The slide's own answer, checked: it moved on by at least `share` of the part of `travel`
/// along `tangent` (when that part is more than a few ulps of where it starts: less can round
/// to no move at all), and it does not end inside the map.
fn assert_moves_along(
    map: &TileMap,
    shape: ShapeRef<'_>,
    (start, travel, tangent): (Vec2, Vec2, Vec2),
    share: f32,
    step: &Slide,
) {
    let ulp = start.abs().max_element() * f32::EPSILON;
    let along = travel.dot(tangent).abs();
    let along = if along > 16.0 * ulp { along } else { 0.0 };
    let moved = step.position.distance(start);
    let context = format!("from {start} by {travel}: {step:?}");
    assert!(
        moved >= share * along,
        "moved {moved} of {along}, {context}"
    );
    let end = Pose::from_position(step.position);
    assert!(!map.overlaps(shape, &end), "ends inside, {context}");
}

/// A point dropped onto a 22.5° ramp 10 000 units out and walked up it, where the walk left
/// it: 0.0096 from the slope (the skin is 0.01). It stopped at once on the slope's own
/// normal on every slide, the same every frame.
#[test]
fn a_point_within_the_skin_of_a_far_ramp_walks_up_it() {
    let rows = ["......", "......", "..ab##", "######"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::splat(10_000.0)).unwrap();
    let point = Circle { radius: 0.0 };
    let start = Vec2::new(10_034.105, 10_017.063);
    let travel = Vec2::new(1.61, -0.161);
    let settings = SlideSettings::new(Vec2::Y);
    let step = move_and_slide(point, Rot::IDENTITY, start, travel, &map, &settings);
    let tangent = Vec2::new(2.0, 1.0).normalize();
    let walk = (start, travel, tangent);
    assert_moves_along(&map, point.into(), walk, 0.9, &step);
    assert_eq!(step.remaining, Vec2::ZERO, "{step:?}");
}

/// A hexagon 0.09 cell below the crest of a 45° slope 60 000 units out, 0.006 from the slope
/// (the skin there is 0.03), walking up it: stopped at once on every slide, every frame.
#[test]
fn a_hexagon_within_the_skin_of_a_far_45_degree_slope_walks_up_it() {
    let rows = [".....", ".....", "....a", "../##", "_b###"];
    let origin = Vec2::new(61_289.625, 8_171.95);
    let map = TileMap::from_rows(&rows, Vec2::splat(2_042.987_5), origin).unwrap();
    let hexagon = Hull::regular(6, 521.162_4).unwrap();
    let start = Vec2::new(66_979.484, 12_530.75);
    let travel = Vec2::new(149.374_94, -34.179_157);
    let settings = SlideSettings::new(Vec2::Y);
    let step = move_and_slide(&hexagon, Rot::IDENTITY, start, travel, &map, &settings);
    let walk = (start, travel, Vec2::ONE.normalize());
    assert_moves_along(&map, (&hexagon).into(), walk, 0.9, &step);
}

/// A ramp rising to the right from a floor one cell high, `pairs` rows of it, with room
/// above: 22.5° (`ab` pairs, one a row) or 45° (`/`, one a row).
fn ramp(steep: bool, pairs: usize, cell: f32, origin: Vec2) -> TileMap {
    let run = if steep { 1 } else { 2 };
    let width = 4 + run * pairs;
    let mut rows: Vec<String> = vec![".".repeat(width); 3];
    for i in (0..pairs).rev() {
        let foot = 2 + run * i;
        let slope = if steep { "/" } else { "ab" };
        rows.push(format!(
            "{}{slope}{}",
            ".".repeat(foot),
            "#".repeat(width - foot - run)
        ));
    }
    rows.push("#".repeat(width));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    TileMap::from_rows(&rows, Vec2::splat(cell), origin).unwrap()
}

/// A point, a circle, a box or a hexagon of about `size` across.
fn mover(kind: usize, size: f32) -> Shape {
    match kind {
        0 => Circle { radius: 0.0 }.into(),
        1 => Circle { radius: size }.into(),
        2 => Rect {
            half_extents: Vec2::new(size, 0.7 * size),
        }
        .into(),
        _ => Hull::regular(6, size).unwrap().into(),
    }
}

/// Drops `shape` from above the ramp at `x` (in cells from the map's origin) onto it: where
/// it rests, on the floor.
fn drop_onto(map: &TileMap, shape: ShapeRef<'_>, steep: bool, x: f32) -> Vec2 {
    let cell = map.cell_size().x;
    let rise = if steep { x - 2.0 } else { 0.5 * (x - 2.0) };
    let above = map.origin() + Vec2::new(x, 2.0 + rise) * cell;
    let fall = Vec2::new(0.0, -2.0 * cell);
    let settings = SlideSettings::new(Vec2::Y);
    let landed = move_and_slide(shape, Rot::IDENTITY, above, fall, map, &settings);
    assert!(landed.on_floor, "{above}: {landed:?}");
    landed.position
}

proptest! {
    #![proptest_config(config(1000, 0x510e))]

    /// Points, circles, boxes and hexagons dropped onto a 22.5° or 45° ramp (cells of 1 to
    /// 2 000 units, up to 100 000 units from the origin) and walked up or down it, pressed
    /// into it by gravity, or not, or along the slope itself (no `press`): every frame where no wall is met moves the body on by a
    /// tenth of its travel along the slope at least, and none ends inside.
    #[test]
    fn bodies_walking_on_far_ramps_never_stall(
        (steep, kind) in (any::<bool>(), 0usize..4),
        (size, cell) in (0.05f32..0.45, 0.0f32..11.0),
        origin in (-1e5f32..1e5, -1e5f32..1e5),
        (at, up) in (0.45f32..0.95, any::<bool>()),
        (speed, press) in (0.02f32..0.25, prop::option::of(0.0f32..1.5)),
    ) {
        let cell = cell.exp2();
        let pairs = 6;
        let map = ramp(steep, pairs, cell, origin.into());
        let shape = mover(kind, size * cell);
        let run = if steep { 1.0 } else { 2.0 };
        let x = 2.0 + run * pairs as f32 * at;
        let mut position = drop_onto(&map, (&shape).into(), steep, x);
        let way = if up { 1.0 } else { -1.0 };
        let tangent = Vec2::new(run, 1.0).normalize();
        let travel = match press {
            Some(press) => Vec2::new(way * speed, -press * speed) * cell,
            None => tangent * (way * speed * cell),
        };
        let settings = SlideSettings::new(Vec2::Y);
        for _ in 0..6 {
            let step = move_and_slide(&shape, Rot::IDENTITY, position, travel, &map, &settings);
            let walled = step.contacts().iter().any(|c| c.surface != Surface::Floor);
            let share = if walled { 0.0 } else { 0.1 };
            assert_moves_along(&map, (&shape).into(), (position, travel, tangent), share, &step);
            position = step.position;
        }
    }
}
