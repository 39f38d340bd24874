//! `move_and_slide` along a tile map's slopes far from the origin: a body resting within the
//! skin of a ramp and walking up or down it moves along it every frame, and never ends
//! inside. Far out, the end of a travel clipped to a slanted face rounds across the face, and
//! the skin sweep stopped such a body at once on every slide, for good.

use collide_core::{Circle, Hull, Pose, Rot, ShapeRef};
use collide_world::{move_and_slide, Slide, SlideSettings, TileMap};
use glam::Vec2;

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
