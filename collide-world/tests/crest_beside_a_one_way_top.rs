//! A slope's crest whose top-left vertex is flush with a one-way top (`=` then `\`) blocks a
//! body crossing from the platform onto the slope: the path never cuts through the slope
//! cell's corner, whether the body rests on the platform's top or is sunk into it (where
//! the platform is no surface to it, but the solid slope's vertex still is). An independent
//! tester found both inputs (a circle through `move_and_slide`, a turned hexagon through the
//! `Character`); with a solid `#` in place of the `=` the same moves were already right. At
//! their cell sizes the platform's normalised top normal is an ulp short of the up axis, and
//! the vertex rule, which took it for a side the platform does not block from, left the
//! crest with the slope's face alone: the hit there read as moving away and was dropped.

use collide_core::{Circle, Hull, Pose, Rot, Shape};
use collide_world::{move_and_slide, Character, CharacterSettings, SlideSettings, TileMap};
use glam::Vec2;

/// The deepest that `shape` (turned by `rot`) overlaps cell `(x, y)` of `map` at dense
/// sub-steps along the polyline `points`.
fn deepest_along(map: &TileMap, shape: &Shape, rot: Rot, points: &[Vec2], cell: (u32, u32)) -> f32 {
    let (tile, at) = map.cell_shape(cell.0, cell.1).unwrap();
    let mut deepest = 0.0f32;
    for leg in points.windows(2) {
        for i in 0..=1_000 {
            let p = leg[0].lerp(leg[1], i as f32 / 1_000.0);
            let body = Pose::new(p, rot);
            if let Some(c) = collide_core::contact(shape, &body, tile, &at) {
                deepest = deepest.max(c.depth);
            }
        }
    }
    deepest
}

/// A circle over the `\`'s crest at column 18, its lowest point 0.017 under the top of the
/// `=` at column 17 (but clear of that cell), moves right and down into the crest vertex:
/// the vertex blocks it.
#[test]
fn a_circle_sunk_into_a_one_way_top_does_not_cut_the_crest_beside_it() {
    let map = TileMap::from_rows(
        &[
            "............a__.........",
            ".......a_d./###3T=\\/T3##",
            "....../###3#############",
            "..../=##################",
            "#3TT####################",
            "########################",
        ],
        Vec2::new(87.97379, 140.50964),
        Vec2::new(0.0, 0.0),
    )
    .unwrap();
    let shape = Shape::Circle(Circle { radius: 31.62847 });
    let a = Vec2::new(1585.0308, 734.15985);
    let settings = SlideSettings::new(Vec2::Y).with_max_floor_angle(1.0986693);
    let s = move_and_slide(
        &shape,
        Rot::IDENTITY,
        a,
        Vec2::new(26.88141, -4.2339478),
        &map,
        &settings,
    );
    let mut path = vec![a];
    path.extend(s.contacts().iter().map(|c| c.position));
    path.push(s.position);
    let depth = deepest_along(&map, &shape, Rot::IDENTITY, &path, (18, 4));
    assert!(depth <= 1e-4, "the path cuts the crest by {depth}: {s:?}");
}

/// A turned hexagon resting a skin above the `=` at column 13 walks right onto the `\`'s
/// crest at column 14: neither frame's path cuts the slope cell's corner.
#[test]
fn a_hexagon_walking_off_a_one_way_top_does_not_cut_the_crest_beside_it() {
    let map = TileMap::from_rows(
        &["##33\\a_____d/=\\/\\./###=T", "#################T######"],
        Vec2::new(0.44656378, 0.56885505),
        Vec2::new(0.0, 0.0),
    )
    .unwrap();
    let shape = Shape::Hull(Hull::regular(6, 0.16883151).unwrap());
    let rot = Rot::from_angle(-1.157526);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.98817897)
        .with_max_step_height(0.34131303)
        .with_stop_on_slope(true)
        .with_constant_speed_on_slopes(true)
        .with_slide(SlideSettings::new(Vec2::Y).with_max_floor_angle(0.9925217));
    let mut ch = Character::new(shape, Vec2::new(6.1793704, 1.3023281), settings).unwrap();
    ch.set_rotation(rot);
    for frame in 0..2 {
        let m = ch.move_by(Vec2::new(0.110064276, -0.028800962), &map);
        let depth = deepest_along(&map, &shape, rot, m.path(), (14, 1));
        assert!(
            depth <= 1e-4,
            "frame {frame} cuts the crest by {depth}: {m:?}"
        );
    }
}

/// A circle sunk a unit into the `=` (passing through it, so the platform is no surface to
/// it) moving right into the `\`'s crest vertex beside it: the solid slope's vertex, now the
/// top of a wall, still blocks it.
#[test]
fn a_circle_deep_in_a_one_way_top_is_still_blocked_by_the_crest_beside_it() {
    let map = TileMap::from_rows(
        &["......", ".=\\...", ".#####", "######"],
        Vec2::new(87.97379, 140.50964),
        Vec2::new(0.0, 0.0),
    )
    .unwrap();
    let shape = Shape::Circle(Circle { radius: 31.62847 });
    let settings = SlideSettings::new(Vec2::Y).with_max_floor_angle(1.0986693);
    // The crest vertex is (2, 3) in cells; the circle's bottom a unit under the `=`'s top,
    // clear of the vertex (more than 7.9 left of it).
    let vertex = Vec2::new(2.0 * 87.97379, 3.0 * 140.50964);
    for dx in [-40.0, -20.0, -10.0, -8.5] {
        let a = vertex + Vec2::new(dx, 31.62847 - 1.0);
        let s = move_and_slide(
            &shape,
            Rot::IDENTITY,
            a,
            Vec2::new(60.0, -4.0),
            &map,
            &settings,
        );
        let mut path = vec![a];
        path.extend(s.contacts().iter().map(|c| c.position));
        path.push(s.position);
        let depth = deepest_along(&map, &shape, Rot::IDENTITY, &path, (2, 2));
        assert!(
            depth <= 1e-4,
            "from {dx}: the path cuts the crest by {depth}: {s:?}"
        );
    }
}

/// At any cell size, the crest vertex beside a one-way top is ruled as beside a solid top:
/// the same normal for a hit there from above.
#[test]
fn a_crest_beside_a_one_way_top_is_ruled_as_beside_a_solid_top() {
    let n = Vec2::new(-0.053074565, -0.9985906);
    for size in [
        Vec2::new(87.97379, 140.50964),
        Vec2::new(0.44656378, 0.56885505),
        Vec2::splat(16.0),
        Vec2::new(0.3, 0.7),
    ] {
        let one_way = TileMap::from_rows(&["...", "=\\.", "###"], size, Vec2::ZERO).unwrap();
        let solid = TileMap::from_rows(&["...", "#\\.", "###"], size, Vec2::ZERO).unwrap();
        let got = one_way.face_normal(1, 1, n);
        assert_eq!(got, solid.face_normal(1, 1, n), "{size}");
        assert_eq!(got, Some(n), "{size}");
    }
}
