//! Slides past the joints where two shaped cells meet at one point only (a 45° ceiling's
//! flat top beside a floor slope going down, a 22.5° ceiling over a 45° one): the region
//! pinches there, and a hit on that point is a corner of the region. A tester's round met the
//! map's face rule giving such a hit one face's normal, and the slide cut up to 0.94 into the
//! tiles on its way (ending outside them, pushed out).

use collide_core::{Circle, Hull, Pose, Rot, ShapeRef};
use collide_world::{move_and_slide, SlideSettings, TileMap};
use glam::Vec2;

/// The deepest the body goes into `map` along the slide of `shape` from `start` by `travel`,
/// sampled on each straight leg (start, each stop, the end).
fn deepest_on_the_way(
    map: &TileMap,
    shape: ShapeRef<'_>,
    rot: Rot,
    start: Vec2,
    travel: Vec2,
) -> f32 {
    let settings = SlideSettings::new(Vec2::Y);
    let slid = move_and_slide(shape, rot, start, travel, map, &settings);
    let points: Vec<Vec2> = [start]
        .into_iter()
        .chain(slid.contacts().iter().map(|c| c.position))
        .chain([slid.position])
        .collect();
    let mut deepest = 0.0_f32;
    for leg in points.windows(2) {
        for i in 0..=2000 {
            let at = leg[0] + (leg[1] - leg[0]) * (i as f32 / 2000.0);
            map.contacts(shape, &Pose::new(at, rot), |_, c| {
                deepest = deepest.max(c.depth)
            });
        }
    }
    deepest
}

#[test]
fn a_ball_over_a_flat_top_beside_a_slope_down_meets_the_crest_as_a_corner() {
    let rows = [
        ".........",
        ".........",
        "......P\\.",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let map =
        TileMap::from_rows(&rows, Vec2::splat(68.372_85), Vec2::new(0.0, -16.374_725)).unwrap();
    let ball = Circle { radius: 31.784_483 };
    let start = Vec2::new(491.905_1, 424.531_04);
    let travel = Vec2::new(-12.814_048, -3.590_513);
    let depth = deepest_on_the_way(&map, ball.into(), Rot::IDENTITY, start, travel);
    assert!(depth < 0.01, "{depth}");
}

#[test]
fn a_hexagon_under_a_ceiling_joint_meets_its_point_as_a_corner() {
    let rows = [
        "..............",
        "..............",
        "..............",
        "..............",
        "..f...........",
        "..P...........",
        "..............",
        "..............",
        "..............",
    ];
    let map =
        TileMap::from_rows(&rows, Vec2::splat(20.786_938), Vec2::new(0.0, 841.065_4)).unwrap();
    let hexagon = Hull::regular(6, 5.106_483).unwrap();
    let start = Vec2::new(78.031_265, 920.367_86);
    let travel = Vec2::new(-107.581_93, 24.893_372);
    let depth = deepest_on_the_way(&map, (&hexagon).into(), Rot::IDENTITY, start, travel);
    assert!(depth < 0.01, "{depth}");
}

#[test]
fn a_turned_hexagon_at_a_ceiling_over_a_ceiling_stays_out_of_both() {
    let rows = [
        "................",
        "................",
        "................",
        "................",
        "................",
        "....Q...........",
        "....P...........",
        "................",
        "................",
        "................",
    ];
    let size = Vec2::splat(13.651_816);
    let map = TileMap::from_rows(&rows, size, Vec2::new(11_768.216, 1_003.850_16)).unwrap();
    let hexagon = Hull::regular(6, 9.646_143).unwrap();
    let rot = Rot::from_angle(2.105_984_7);
    let start = Vec2::new(11_842.918, 1_052.850_5);
    let travel = Vec2::new(-5.917_581, -1.513_560_8);
    let depth = deepest_on_the_way(&map, (&hexagon).into(), rot, start, travel);
    assert!(depth < 0.01, "{depth}");
}
