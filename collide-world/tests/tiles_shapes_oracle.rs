//! The map's own queries on shaped cells against brute force over every cell's exact shape:
//! time of impact, overlap, contacts and segment casts; and a sweep never tunnels into a
//! shape.

mod common;

use collide_core::{cast_ray, contact, distance, Motion, Pose, Rot, ShapeRef};
use collide_testkit::SplitMix64;
use collide_world::{TileMap, WorldHit};
use common::tiles::{
    brute_shaped_time_of_impact, inside_a_shape, is_one_way, random_mover, shaped_map, solid_cells,
};
use glam::Vec2;

/// A start outside every shape, near the map, and a motion from it: random, or along an
/// axis or a diagonal, up to a few cells long.
fn random_motion(rng: &mut SplitMix64, map: &TileMap, shape: ShapeRef<'_>) -> Option<Motion> {
    let b = map.bounds();
    let rot = Rot::from_angle(rng.angle());
    let start = rng.in_box(b.min() - 20.0, b.max() + 20.0);
    if inside_a_shape(map, shape, &Pose::new(start, rot)) {
        return None;
    }
    let length = rng.range(0.0, 8.0) * map.cell_size().max_element();
    let direction = match rng.index(3) {
        0 => [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)],
        1 => Vec2::new(rng.range(-1.0, 1.0).signum(), rng.range(-1.0, 1.0).signum()).normalize(),
        _ => rng.direction(),
    };
    Some(Motion::new(start, start + direction * length, rot))
}

#[test]
fn time_of_impact_on_shapes_matches_brute_force() {
    let mut rng = SplitMix64::new(0x5_4A9E);
    let (mut cases, mut hits) = (0, 0);
    while cases < 2000 {
        let map = shaped_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        for _ in 0..10 {
            let Some(motion) = random_motion(&mut rng, &map, shape) else {
                continue;
            };
            let ours = map.time_of_impact(shape, &motion);
            let brute = brute_shaped_time_of_impact(&map, shape, &motion);
            assert_eq!(ours, brute, "{shape:?} {motion:?} on {map:?}");
            cases += 1;
            hits += usize::from(ours.is_some());
        }
    }
    assert!(hits > 500, "only {hits} of {cases} cases hit");
}

#[test]
fn a_sweep_never_tunnels_into_a_shape() {
    let mut rng = SplitMix64::new(0x5_7E1);
    let (mut cases, mut hits) = (0, 0);
    while cases < 1000 {
        let map = shaped_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        let Some(motion) = random_motion(&mut rng, &map, shape) else {
            continue;
        };
        cases += 1;
        let hit = map.time_of_impact(shape, &motion);
        let end = hit.map_or(1.0, |h| h.impact.t);
        let fine = 0.1 * shape.aabb(&Pose::IDENTITY).half_extents.min_element();
        let fine = fine.min(map.cell_size().min_element() * 0.1);
        let steps = ((motion.travel().length() * end / fine).ceil() as usize).clamp(1, 4000);
        for k in 0..steps {
            let t = end * k as f32 / steps as f32;
            assert!(
                !inside_a_shape(&map, shape, &motion.pose_at(t)),
                "{shape:?} {motion:?}: inside at {t} before its hit {hit:?} on {map:?}"
            );
        }
        if let Some(h) = hit {
            hits += 1;
            let c = map.cell_of_index(h.id);
            let (cell, at) = map.cell_shape(c.x, c.y).unwrap();
            let gap = distance(shape, &motion.pose_at(h.impact.t), cell, &at)
                .unwrap()
                .distance;
            let size = shape.aabb(&Pose::IDENTITY).half_extents.max_element();
            assert!(
                gap <= 1e-3 * (1.0 + size),
                "{shape:?} {motion:?}: {gap} off {h:?}"
            );
        }
    }
    assert!(hits > 250, "only {hits} of {cases} cases hit");
}

#[test]
fn overlaps_and_contacts_on_shapes_match_every_cell() {
    let mut rng = SplitMix64::new(0x5_0E7);
    let (mut inside, mut touching) = (0, 0);
    for _ in 0..300 {
        let map = shaped_map(&mut rng);
        let shape = random_mover(&mut rng, &map, (0.1, 1.5));
        let shape = shape.as_shape_ref();
        for _ in 0..20 {
            let b = map.bounds();
            let pose = Pose::new(
                rng.in_box(b.min() - 10.0, b.max() + 10.0),
                Rot::from_angle(rng.angle()),
            );
            let brute = inside_a_shape(&map, shape, &pose);
            assert_eq!(
                map.overlaps(shape, &pose),
                brute,
                "{shape:?} {pose:?} on {map:?}"
            );
            inside += usize::from(brute);
            // Every contact is one the cell's exact shape gives (deeper than zero), and a body
            // that overlaps only shaped cells with an exposed way out gets one.
            let mut seen = 0;
            map.contacts(shape, &pose, |c, found| {
                let (cell, at) = map.cell_shape(c.x, c.y).unwrap();
                assert!(!is_one_way(&map, c), "a one-way cell's contact {found:?}");
                let exact = contact(shape, &pose, cell, &at);
                assert!(
                    exact.is_some(),
                    "{c:?} {found:?}: no overlap with its shape"
                );
                assert!(
                    found.depth > 0.0 && found.normal.is_normalized(),
                    "{found:?}"
                );
                seen += 1;
            });
            touching += usize::from(seen > 0);
            assert!(
                seen == 0 || brute,
                "contacts without an overlap: {shape:?} {pose:?}"
            );
        }
    }
    assert!(
        inside > 500 && touching > 300,
        "{inside} overlaps, {touching} with contacts"
    );
}

/// The first hit of the segment over every cell's exact shape (a one-way cell's only through
/// its top, from outside): the earliest, on a tie the lower cell index.
fn brute_cast(map: &TileMap, from: Vec2, to: Vec2) -> Option<WorldHit> {
    let mut best: Option<WorldHit> = None;
    for c in solid_cells(map) {
        let (cell, at) = map.cell_shape(c.x, c.y).unwrap();
        let Some(impact) = cast_ray(cell, &at, from, to) else {
            continue;
        };
        if is_one_way(map, c) && !(impact.t > 0.0 && impact.normal == Vec2::NEG_Y) {
            continue;
        }
        let hit = WorldHit {
            id: map.cell_index(c.x, c.y),
            impact,
        };
        let earlier = |b: &WorldHit| (hit.impact.t, hit.id) < (b.impact.t, b.id);
        if best.is_none_or(|b| earlier(&b)) {
            best = Some(hit);
        }
    }
    best
}

#[test]
fn segment_casts_on_shapes_match_every_cell() {
    let mut rng = SplitMix64::new(0x5_5E6);
    let (mut cases, mut hits) = (0, 0);
    for _ in 0..300 {
        let map = shaped_map(&mut rng);
        let b = map.bounds();
        for _ in 0..20 {
            let (from, to) = (
                rng.in_box(b.min() - 30.0, b.max() + 30.0),
                rng.in_box(b.min() - 30.0, b.max() + 30.0),
            );
            let ours = map.cast_segment(from, to);
            let brute = brute_cast(&map, from, to);
            cases += 1;
            match (ours, brute) {
                (Some(a), Some(b)) => {
                    hits += 1;
                    // The same time, to the rounding of the segment's end (the walk casts to
                    // `from + (to − from)`); the same cell but where two cells meet it at once.
                    let close = (a.impact.t - b.impact.t).abs() <= 1e-5;
                    assert!(close, "{from} → {to}: {a:?} {b:?} on {map:?}");
                    let same = a.id == b.id && a.impact.normal == b.impact.normal;
                    let tie = (a.impact.point - b.impact.point).length() <= 1e-3;
                    assert!(same || tie, "{from} → {to}: {a:?} {b:?} on {map:?}");
                }
                (a, b) => assert_eq!(a, b, "{from} → {to} on {map:?}"),
            }
        }
    }
    assert!(hits > 1000, "only {hits} of {cases} segments hit");
}
