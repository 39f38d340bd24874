//! Tile map queries against brute force over every cell: time of impact (every solid cell's
//! box swept, the same face rule), dense sub-stepping (a sweep never tunnels into the solid
//! region), segment casts (every cell's box, strictly), overlap, the obstacles listed near a
//! box; and bad input gives no hit.

mod common;

use collide_core::{distance, overlaps, Circle, Layers, Motion, Pose, Rot, ShapeRef};
use collide_testkit::SplitMix64;
use collide_world::{Obstacles, TileCell, TileMap};
use common::tiles::{brute_segment, brute_time_of_impact, random_mover, solid_cells};
use glam::Vec2;

/// A random map: a few solid blocks (so there are many internal faces) and scattered cells,
/// with a random cell size and origin.
fn random_map(rng: &mut SplitMix64) -> TileMap {
    let (w, h) = (8 + rng.index(24) as u32, 8 + rng.index(24) as u32);
    let square = rng.index(2) == 0;
    let cw = rng.range(0.5, 40.0);
    let cell = Vec2::new(cw, if square { cw } else { rng.range(0.5, 40.0) });
    let origin = Vec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0));
    let mut cells = vec![0u8; (w * h) as usize];
    for _ in 0..rng.index(6) {
        let (x0, y0) = (rng.index(w as usize), rng.index(h as usize));
        let (bw, bh) = (1 + rng.index(8), 1 + rng.index(8));
        for y in y0..(y0 + bh).min(h as usize) {
            for x in x0..(x0 + bw).min(w as usize) {
                cells[y * w as usize + x] = 1;
            }
        }
    }
    let scatter = rng.range(0.0, 0.3);
    for c in &mut cells {
        if rng.unit() < scatter {
            *c = 1 + rng.index(0xDF) as u8; // plain solid values
        }
    }
    TileMap::from_cells(w, h, &cells, cell, origin).unwrap()
}

/// Whether the shape at `pose` overlaps any solid cell, checked against every one.
fn brute_overlaps(map: &TileMap, shape: ShapeRef<'_>, pose: &Pose) -> bool {
    (0..map.height()).any(|y| {
        (0..map.width()).any(|x| {
            let cell = Pose::from_position(map.cell_center(x, y));
            map.is_solid(x, y) && overlaps(shape, pose, map.cell_rect(), &cell)
        })
    })
}

/// A start outside the solid region, near the map, and a motion from it: random, or along an
/// axis (the seams' worst case), up to a few cells long.
fn random_motion(rng: &mut SplitMix64, map: &TileMap, shape: ShapeRef<'_>) -> Option<Motion> {
    let b = map.bounds();
    let rot = Rot::from_angle(rng.angle());
    let start = rng.in_box(b.min() - 20.0, b.max() + 20.0);
    if brute_overlaps(map, shape, &Pose::new(start, rot)) {
        return None;
    }
    let length = rng.range(0.0, 8.0) * map.cell_size().max_element();
    let direction = match rng.index(3) {
        0 => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)],
        _ => rng.direction(),
    };
    Some(Motion::new(start, start + direction * length, rot))
}

#[test]
fn time_of_impact_matches_brute_force_over_every_cell() {
    let mut rng = SplitMix64::new(0x7_0C);
    let (mut cases, mut hits) = (0, 0);
    while cases < 3000 {
        let map = random_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        for _ in 0..10 {
            let Some(motion) = random_motion(&mut rng, &map, shape) else {
                continue;
            };
            let ours = map.time_of_impact(shape, &motion);
            let brute = brute_time_of_impact(&map, &solid_cells(&map), shape, &motion);
            assert_eq!(ours, brute, "{shape:?} {motion:?} on {map:?}");
            cases += 1;
            hits += usize::from(ours.is_some());
        }
    }
    assert!(hits > 600, "only {hits} of {cases} cases hit");
}

#[test]
fn a_sweep_never_tunnels_into_the_solid_region() {
    let mut rng = SplitMix64::new(0x7_7E1);
    let (mut cases, mut hits) = (0, 0);
    while cases < 1500 {
        let map = random_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        let Some(motion) = random_motion(&mut rng, &map, shape) else {
            continue;
        };
        cases += 1;
        let hit = map.time_of_impact(shape, &motion);
        let end = hit.map_or(1.0, |h| h.impact.t);
        // Sub-steps a tenth of the smaller of a cell and the mover apart.
        let fine = 0.1 * shape.aabb(&Pose::IDENTITY).half_extents.min_element();
        let fine = fine.min(map.cell_size().min_element() * 0.1);
        let steps = ((motion.travel().length() * end / fine).ceil() as usize).clamp(1, 4000);
        for k in 0..steps {
            let t = end * k as f32 / steps as f32;
            assert!(
                !brute_overlaps(&map, shape, &motion.pose_at(t)),
                "{shape:?} {motion:?}: inside at {t} before its hit {hit:?} on {map:?}"
            );
        }
        if let Some(h) = hit {
            hits += 1;
            // At `t` it touches the cell it hit (within the sweeps' tolerance).
            let cell = Pose::from_position(
                map.cell_center(map.cell_of_index(h.id).x, map.cell_of_index(h.id).y),
            );
            let gap = distance(shape, &motion.pose_at(h.impact.t), map.cell_rect(), &cell)
                .unwrap()
                .distance;
            let size = shape.aabb(&Pose::IDENTITY).half_extents.max_element();
            assert!(
                gap <= 1e-3 * (1.0 + size),
                "{shape:?} {motion:?}: {gap} off {h:?}"
            );
        }
    }
    assert!(hits > 300, "only {hits} of {cases} cases hit");
}

#[test]
fn segment_casts_match_brute_force_over_every_cell() {
    let mut rng = SplitMix64::new(0x5E6);
    let (mut cases, mut hits) = (0, 0);
    for _ in 0..300 {
        let map = random_map(&mut rng);
        let b = map.bounds();
        for _ in 0..20 {
            // Ends anywhere near the map, or on grid corners (through vertices, along lines).
            let mut end = || {
                if rng.index(3) == 0 {
                    let (x, y) = (
                        rng.index(map.width() as usize + 1),
                        rng.index(map.height() as usize + 1),
                    );
                    map.cell_min(x as u32, y as u32)
                } else {
                    rng.in_box(b.min() - 30.0, b.max() + 30.0)
                }
            };
            let (from, to) = (end(), end());
            let ours = map.cast_segment(from, to);
            let brute = brute_segment(&map, &solid_cells(&map), from, to);
            cases += 1;
            let (Some(hit), Some((t, cell, axes))) = (ours, brute) else {
                assert_eq!(
                    ours.is_some(),
                    brute.is_some(),
                    "{from} → {to}: {ours:?} on {map:?}"
                );
                continue;
            };
            hits += 1;
            assert_eq!(
                (hit.impact.t, map.cell_of_index(hit.id)),
                (t, cell),
                "{from} → {to} on {map:?}"
            );
            assert!(
                (hit.impact.point - from.lerp(to, t)).length() <= 1e-3,
                "{hit:?}"
            );
            if t > 0.0 {
                // The normal is a face it enters through at `t`, along the segment.
                let d = to - from;
                let ok_x = axes[0] && hit.impact.normal == Vec2::new(d.x.signum(), 0.0);
                let ok_y = axes[1] && hit.impact.normal == Vec2::new(0.0, d.y.signum());
                assert!(ok_x || ok_y, "{from} → {to}: {hit:?}");
            }
        }
    }
    assert!(hits > 1000, "only {hits} of {cases} segments hit");
}

#[test]
fn overlap_and_the_obstacles_near_a_box_match_every_cell() {
    let mut rng = SplitMix64::new(0x0B5);
    for _ in 0..200 {
        let map = random_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        let b = map.bounds();
        for _ in 0..20 {
            let pose = Pose::new(
                rng.in_box(b.min() - 20.0, b.max() + 20.0),
                Rot::from_angle(rng.angle()),
            );
            assert_eq!(
                map.overlaps(shape, &pose),
                brute_overlaps(&map, shape, &pose)
            );
            let area = shape.aabb(&pose);
            let mut listed = Vec::new();
            map.near(&area, Layers::ALL, &mut |o| listed.push(o.id));
            for &id in &listed {
                let c = map.cell_of_index(id);
                assert!(map.is_solid(c.x, c.y), "cell {c:?} listed but empty");
            }
            for y in 0..map.height() {
                for x in 0..map.width() {
                    let cb = map.cell_bounds(x, y);
                    let touches =
                        cb.min().cmple(area.max()).all() && area.min().cmple(cb.max()).all();
                    if map.is_solid(x, y) && touches {
                        assert!(
                            listed.contains(&map.cell_index(x, y)),
                            "({x}, {y}) not listed"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn non_finite_input_gives_no_hit_and_never_panics() {
    let map = TileMap::from_rows(&["#.#", "###"], Vec2::splat(8.0), Vec2::ZERO).unwrap();
    let circle = Circle { radius: 2.0 };
    let bad = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    for v in bad {
        let p = Vec2::new(v, 4.0);
        assert!(map
            .time_of_impact(circle, &Motion::linear(p, Vec2::ONE))
            .is_none());
        assert!(map
            .time_of_impact(circle, &Motion::linear(Vec2::ONE, p))
            .is_none());
        assert!(map.cast_segment(p, Vec2::ONE).is_none());
        assert!(map.cast_segment(Vec2::ONE, p).is_none());
        assert!(!map.overlaps(circle, &Pose::from_position(p)));
        assert_eq!(map.contacts(circle, &Pose::from_position(p), |_, _| ()), 0);
        let bad_circle = Circle { radius: v };
        let m = Motion::linear(Vec2::new(4.0, 30.0), Vec2::new(4.0, -30.0));
        assert!(map.time_of_impact(bad_circle, &m).is_none());
    }
    // Far but finite: the cast still finds the map; huge: no panic.
    let hit = map.cast_segment(Vec2::new(-1e6, 4.0), Vec2::new(1e6, 4.0));
    assert!(
        hit.is_some_and(|h| map.cell_of_index(h.id) == TileCell::new(0, 0)),
        "{hit:?}"
    );
    let far = Vec2::new(-1e38, 4.0);
    let _ = map.cast_segment(far, -far);
    let _ = map.time_of_impact(circle, &Motion::linear(far, -far));
    let _ = map.overlaps(circle, &Pose::from_position(far));
}
