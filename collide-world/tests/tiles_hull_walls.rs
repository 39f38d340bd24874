//! Hulls cast along and into walls, floors and ceilings of stacked tiles (where the cells
//! beside the one met first are ruled out by the hull's faces, not swept), against brute force
//! over every cell: the same hit, bit for bit, for hulls of few and many faces, turned or not,
//! near the origin and at huge coordinates.

mod common;

use collide_core::{Hull, Motion, Rot};
use collide_testkit::SplitMix64;
use collide_world::TileMap;
use common::tiles::{brute_time_of_impact, solid_cells};
use glam::Vec2;

/// A 24 × 24 map with a floor, a ceiling, a wall at each side and a few pillars and ledges,
/// its cells `size` across, its origin at `origin`.
fn walled(rng: &mut SplitMix64, size: Vec2, origin: Vec2) -> TileMap {
    let pillar = 4 + rng.index(14) as u32;
    let ledge = (2 + rng.index(18) as u32, 6 + rng.index(12) as u32);
    TileMap::from_fn(24, 24, size, origin, |x, y| {
        let rim = !(2..=21).contains(&x) || !(2..=21).contains(&y);
        let post = x == pillar && (2..9).contains(&y);
        let shelf = y == ledge.1 && (ledge.0..ledge.0 + 4).contains(&x);
        u8::from(rim || post || shelf)
    })
    .unwrap()
}

#[test]
fn hulls_along_and_into_walls_floors_and_ceilings_match_brute_force() {
    let mut rng = SplitMix64::new(0x4A11);
    let (mut cases, mut hits) = (0, 0);
    for round in 0..600 {
        let cw = rng.range(4.0, 32.0);
        let size = Vec2::new(
            cw,
            if round % 2 == 0 {
                cw
            } else {
                rng.range(4.0, 32.0)
            },
        );
        let origin = [Vec2::ZERO, Vec2::new(-3.0e5, 7.0e5), Vec2::splat(4.0e6)][round % 3];
        let map = walled(&mut rng, size, origin.round());
        let solid = solid_cells(&map);
        let hull =
            Hull::regular(3 + rng.index(14), rng.range(0.2, 1.4) * size.min_element()).unwrap();
        let turned = rng.unit() < 0.5;
        for _ in 0..8 {
            let rot = if turned {
                Rot::from_angle(rng.angle())
            } else {
                Rot::IDENTITY
            };
            let inside = map.bounds();
            let start = rng.in_box(inside.min() + 2.5 * size, inside.max() - 2.5 * size);
            let length = rng.range(0.0, 30.0) * size.max_element();
            // Mostly straight at a wall, a floor or a ceiling, or sliding along one.
            let direction = match rng.index(4) {
                0 => rng.direction(),
                1 => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)],
                _ => {
                    let axis = [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)];
                    (axis + axis.perp() * rng.range(-0.1, 0.1)).normalize()
                }
            };
            let motion = Motion::new(start, start + direction * length, rot);
            let ours = map.time_of_impact(&hull, &motion);
            let brute = brute_time_of_impact(&map, &solid, (&hull).into(), &motion);
            assert_eq!(ours, brute, "{hull:?} {motion:?} on {map:?}");
            cases += 1;
            hits += usize::from(ours.is_some());
        }
    }
    assert!(hits > cases / 2, "only {hits} of {cases} casts hit");
}

/// A hull resting on a floor (or against a wall, or under a ceiling) of tiles and sliding
/// along it, pressed a little in: the hit is the brute force's, and never on a seam.
#[test]
fn hulls_sliding_on_tile_surfaces_match_brute_force_and_miss_the_seams() {
    let mut rng = SplitMix64::new(0x5_11DE);
    let mut checked = 0;
    for round in 0..300 {
        let size = Vec2::splat(16.0);
        let origin = [Vec2::ZERO, Vec2::splat(2.0e6)][round % 2];
        let map = TileMap::from_fn(40, 40, size, origin, |x, y| {
            u8::from(!(2..=37).contains(&x) || !(2..=37).contains(&y))
        })
        .unwrap();
        let solid = solid_cells(&map);
        let hull = Hull::regular(3 + rng.index(14), rng.range(3.0, 20.0)).unwrap();
        let b = hull.aabb(&collide_core::Pose::IDENTITY);
        // Which surface: the floor's top, the ceiling's bottom, the left or the right wall.
        let (inward, along) = [
            (Vec2::NEG_Y, Vec2::X),
            (Vec2::Y, Vec2::X),
            (Vec2::NEG_X, Vec2::Y),
            (Vec2::X, Vec2::Y),
        ][rng.index(4)];
        let low = origin + 2.0 * size;
        let high = origin + 38.0 * size;
        let across = rng.range(low.x + 40.0, high.x - 300.0);
        let start = match inward {
            v if v == Vec2::NEG_Y => Vec2::new(across, low.y - b.min().y),
            v if v == Vec2::Y => Vec2::new(across, high.y - b.max().y),
            v if v == Vec2::NEG_X => Vec2::new(low.x - b.min().x, across),
            _ => Vec2::new(high.x - b.max().x, across),
        };
        let push = along * rng.range(1.0, 250.0) + inward * rng.range(0.0, 1.0);
        let motion = Motion::linear(start, start + push);
        let ours = map.time_of_impact(&hull, &motion);
        let brute = brute_time_of_impact(&map, &solid, (&hull).into(), &motion);
        assert_eq!(ours, brute, "{hull:?} {motion:?}");
        if let Some(hit) = ours {
            assert_eq!(
                hit.impact.normal, inward,
                "a seam: {hull:?} {motion:?} {hit:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} slides hit");
}

/// A mover that does not move (touching or overlapping cells of several strips at once, all
/// at `t = 0`) and one moving straight along an axis: every mover gets the brute force's hit,
/// ties going to a face and then the lower cell index whatever the order the cells are met.
#[test]
fn still_and_axis_aligned_movers_match_brute_force() {
    let mut rng = SplitMix64::new(0x57_111);
    let mut hits = 0;
    for round in 0..400 {
        let size = Vec2::splat(rng.range(4.0, 24.0));
        let origin = [Vec2::ZERO, Vec2::splat(-1.0e6)][round % 2];
        let map = walled(&mut rng, size, origin);
        let solid = solid_cells(&map);
        let shape = common::tiles::random_mover(&mut rng, &map, (0.2, 1.5));
        let b = map.bounds();
        let start = rng.in_box(b.min(), b.max());
        let end = match rng.index(3) {
            0 => start,
            1 => start + Vec2::X * rng.range(-200.0, 200.0),
            _ => start + Vec2::Y * rng.range(-200.0, 200.0),
        };
        let motion = Motion::linear(start, end);
        let ours = map.time_of_impact(&shape, &motion);
        let brute = brute_time_of_impact(&map, &solid, shape.as_shape_ref(), &motion);
        assert_eq!(ours, brute, "{shape:?} {motion:?}");
        hits += usize::from(ours.is_some());
    }
    assert!(hits > 100, "only {hits} hit");
}

/// A still mover over the corner between two diagonal cells overlaps both at `t = 0`: the hit
/// is the lower cell index's (the cell in the later column), not the first column's.
#[test]
fn a_still_mover_over_two_strips_takes_the_lower_cell_index() {
    let map = TileMap::from_rows(
        &["....", "....", "#...", ".#.."],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    let solid = solid_cells(&map);
    let at = Vec2::splat(16.0);
    let movers: [collide_core::Shape; 3] = [
        collide_core::Rect {
            half_extents: Vec2::splat(2.0),
        }
        .into(),
        collide_core::Circle { radius: 2.0 }.into(),
        Hull::regular(4, 2.5).unwrap().into(),
    ];
    for shape in movers {
        let motion = Motion::linear(at, at);
        let ours = map
            .time_of_impact(&shape, &motion)
            .expect("both cells overlap");
        let brute = brute_time_of_impact(&map, &solid, shape.as_shape_ref(), &motion);
        assert_eq!(Some(ours), brute, "{shape:?}");
        assert_eq!(ours.impact.t, 0.0);
    }
}
