//! The point and area queries over a static world against a loop over every obstacle: on
//! seeded tile maps with shaped cells (and sensor cells), static bodies, both as a
//! `StaticWorld`, and slices holding sensors, each query (points inside, outside and on cell faces; shapes at poses;
//! the nearest obstacle within a distance) under random filters gives exactly the loop's
//! answer.

mod common;

use collide_core::{contains_point, overlaps, Aabb, Layers, Pose, Rot, Shape};
use collide_testkit::proptest_config as config;
use collide_testkit::SplitMix64;
use collide_world::{
    nearest_obstacle, obstacles_at_point, obstacles_overlapping, NearestPoint, Obstacle, Obstacles,
    QueryFilter, StaticBodies, StaticWorld, TileMap,
};
use common::tiles::{any_shape, shaped_map};
use glam::Vec2;
use proptest::prelude::*;

/// Every obstacle of `set` (its `near` over a box around all of them), as a plain list.
fn every_obstacle<'s>(set: &'s (impl Obstacles + ?Sized), around: &Aabb) -> Vec<Obstacle<'s>> {
    let mut all = Vec::new();
    set.near(around, Layers::ALL, &mut |o| all.push(o));
    all.sort_by_key(|o| o.id);
    all.dedup_by_key(|o| o.id);
    all
}

/// A filter's parts, owned by the test: layers, ids to leave out, a modulus the predicate
/// refuses, and whether sensors take part.
struct FilterParts {
    layers: Layers,
    exclude: Vec<u32>,
    refuse: Option<u32>,
    sensors: bool,
}

impl FilterParts {
    fn random(rng: &mut SplitMix64, all: &[Obstacle<'_>]) -> Self {
        let layers = if rng.index(2) == 0 {
            Layers::ALL
        } else {
            Layers::on(1 << rng.index(2)).with_mask(1 << rng.index(2))
        };
        let exclude = (0..rng.index(4))
            .filter(|_| !all.is_empty())
            .map(|_| all[rng.index(all.len())].id)
            .collect();
        let refuse = (rng.index(3) == 0).then(|| 2 + rng.index(3) as u32);
        FilterParts {
            layers,
            exclude,
            refuse,
            sensors: rng.index(2) == 0,
        }
    }
}

/// The queries under one filter against the loop over `all`, at the given points and shapes.
fn check(
    set: &(impl Obstacles + ?Sized),
    all: &[Obstacle<'_>],
    parts: &FilterParts,
    points: &[Vec2],
    shapes: &[(Shape, Pose)],
    reach: f32,
) -> usize {
    let keep = |id: u32| parts.refuse.is_none_or(|m| id % m != 0);
    let mut filter = QueryFilter::new(parts.layers)
        .excluding(&parts.exclude)
        .with_sensors(parts.sensors);
    if parts.refuse.is_some() {
        filter = filter.with_predicate(&keep);
    }
    let allowed: Vec<&Obstacle<'_>> = all.iter().filter(|o| filter.allows_obstacle(o)).collect();
    let (mut got, mut found) = (Vec::new(), 0);
    for &p in points {
        obstacles_at_point(set, p, filter, &mut got);
        let expected: Vec<u32> = allowed
            .iter()
            .filter(|o| contains_point(o.shape, &o.pose, p))
            .map(|o| o.id)
            .collect();
        assert_eq!(got, expected, "point {p}");
        let near = nearest_obstacle(set, p, reach, filter);
        let oracle = allowed
            .iter()
            .filter_map(|o| NearestPoint::of(o.id, o.shape, &o.pose, p, reach))
            .fold(None, |best, n| Some(n.nearer(best)));
        assert_eq!(near, oracle, "nearest to {p} within {reach}");
        found += got.len() + usize::from(near.is_some());
    }
    for (shape, pose) in shapes {
        obstacles_overlapping(set, shape, pose, filter, &mut got);
        let expected: Vec<u32> = allowed
            .iter()
            .filter(|o| overlaps(shape, pose, o.shape, &o.pose))
            .map(|o| o.id)
            .collect();
        assert_eq!(got, expected, "{shape:?} at {pose:?}");
        found += got.len();
    }
    found
}

/// Points of `map`'s box: anywhere, and on the lines between cells (faces and corners).
fn map_points(rng: &mut SplitMix64, map: &TileMap) -> Vec<Vec2> {
    let b = map.bounds();
    let cell = map.cell_size();
    (0..40)
        .map(|i| {
            let p = b.min() - cell + (b.size() + 2.0 * cell) * Vec2::new(rng.unit(), rng.unit());
            match i % 4 {
                0 => map.origin() + ((p - map.origin()) / cell).round() * cell,
                1 => Vec2::new(
                    map.origin().x + ((p.x - map.origin().x) / cell.x).round() * cell.x,
                    p.y,
                ),
                _ => p,
            }
        })
        .collect()
}

/// Shapes at poses around `area`, `size` across at most.
fn probes(rng: &mut SplitMix64, area: &Aabb, size: f32) -> Vec<(Shape, Pose)> {
    (0..15)
        .map(|_| {
            let at = area.min() + area.size() * Vec2::new(rng.unit(), rng.unit());
            (
                any_shape(rng, size),
                Pose::new(at, Rot::from_angle(rng.angle())),
            )
        })
        .collect()
}

/// Static bodies of every shape over a field, on random layers.
fn static_bodies(rng: &mut SplitMix64, n: usize, side: f32) -> StaticBodies {
    let mut level = StaticBodies::new();
    for _ in 0..n {
        let pose = Pose::new(
            Vec2::new(rng.range(-side, side), rng.range(-side, side)),
            Rot::from_angle(rng.angle()),
        );
        let layers = Layers::on(1 << rng.index(2)).with_mask(1 << rng.index(2));
        level.add(any_shape(rng, side / 8.0), pose, layers).unwrap();
    }
    level.refresh();
    level
}

proptest! {
    #![proptest_config(config(48, 0x0901_70E5))]

    #[test]
    fn tile_map_queries_match_a_loop_over_every_cell(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let mut map = shaped_map(&mut rng);
        // Half the maps turn one of the plain solid values into a sensor (a coin).
        if rng.index(2) == 0 {
            map.set_sensor_value(1 + rng.index(9) as u8, true);
        }
        let around = map.bounds().grown(1.0);
        let all = every_obstacle(&map, &around);
        let points = map_points(&mut rng, &map);
        let shapes = probes(&mut rng, &around, map.cell_size().max_element() * 2.0);
        let reach = map.cell_size().max_element() * rng.range(0.0, 3.0);
        let parts = FilterParts::random(&mut rng, &all);
        check(&map, &all, &parts, &points, &shapes, reach);
    }

    #[test]
    fn static_body_queries_match_a_loop_over_every_body(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let side = [20.0, 300.0, 5_000.0][rng.index(3)];
        let n = 20 + rng.index(200);
        let level = static_bodies(&mut rng, n, side);
        let around = Aabb::new(Vec2::ZERO, Vec2::splat(side * 2.0));
        let all = every_obstacle(&level, &around);
        let points: Vec<Vec2> = (0..40)
            .map(|i| match i % 5 {
                // On a body's own position: inside it, or on a hull's vertex-free middle.
                0 if !all.is_empty() => all[rng.index(all.len())].pose.position,
                _ => Vec2::new(rng.range(-side, side), rng.range(-side, side)),
            })
            .collect();
        let shapes = probes(&mut rng, &around, side / 6.0);
        let parts = FilterParts::random(&mut rng, &all);
        check(&level, &all, &parts, &points, &shapes, rng.range(0.0, side / 4.0));
    }

    #[test]
    fn static_world_queries_match_a_loop_over_both(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let map = shaped_map(&mut rng);
        let b = map.bounds();
        let mut world = StaticWorld::new(map);
        for _ in 0..30 {
            let at = b.min() + b.size() * Vec2::new(rng.unit(), rng.unit());
            let shape = any_shape(&mut rng, b.size().max_element() / 10.0);
            world.bodies.add(shape, Pose::new(at, Rot::from_angle(rng.angle())), Layers::ALL).unwrap();
        }
        world.bodies.refresh();
        let around = b.grown(b.size().max_element());
        let all = every_obstacle(&world, &around);
        let points = map_points(&mut rng, &world.tiles);
        let shapes = probes(&mut rng, &b, world.tiles.cell_size().max_element() * 2.0);
        let parts = FilterParts::random(&mut rng, &all);
        let reach = world.tiles.cell_size().max_element() * rng.range(0.0, 3.0);
        check(&world, &all, &parts, &points, &shapes, reach);
    }
}

/// Over enough seeds, the queries find things (so the equalities above are not all empty),
/// and sensors in a slice are found only when the filter includes them.
#[test]
fn the_queries_find_things_and_sensors_only_when_asked() {
    let mut rng = SplitMix64::new(0x5E45);
    let mut found = 0;
    for _ in 0..20 {
        let map = shaped_map(&mut rng);
        let around = map.bounds().grown(1.0);
        let all = every_obstacle(&map, &around);
        let points = map_points(&mut rng, &map);
        let shapes = probes(&mut rng, &around, map.cell_size().max_element() * 2.0);
        let parts = FilterParts {
            layers: Layers::ALL,
            exclude: Vec::new(),
            refuse: None,
            sensors: false,
        };
        found += check(&map, &all, &parts, &points, &shapes, map.cell_size().x);
    }
    assert!(found > 500, "only {found} answers");

    let shapes: Vec<Shape> = (0..60).map(|_| any_shape(&mut rng, 10.0)).collect();
    let slice: Vec<Obstacle<'_>> = shapes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let at = Vec2::new(rng.range(-40.0, 40.0), rng.range(-40.0, 40.0));
            Obstacle::new(i as u32, s, Pose::new(at, Rot::from_angle(rng.angle())))
                .with_sensor(i % 3 == 0)
        })
        .collect();
    let around = Aabb::new(Vec2::ZERO, Vec2::splat(100.0));
    let (mut sensors_seen, mut with, mut without) = (0, Vec::new(), Vec::new());
    for _ in 0..200 {
        let p = Vec2::new(rng.range(-45.0, 45.0), rng.range(-45.0, 45.0));
        obstacles_at_point(&slice[..], p, QueryFilter::default(), &mut without);
        obstacles_at_point(
            &slice[..],
            p,
            QueryFilter::default().with_sensors(true),
            &mut with,
        );
        assert!(without.iter().all(|id| id % 3 != 0), "{p}");
        assert!(without.iter().all(|id| with.contains(id)));
        sensors_seen += with.iter().filter(|id| *id % 3 == 0).count();
        for sensors in [false, true] {
            let parts = FilterParts {
                layers: Layers::ALL,
                exclude: vec![1],
                refuse: None,
                sensors,
            };
            let all = every_obstacle(&slice[..], &around);
            check(&slice[..], &all, &parts, &[p], &[], 5.0);
        }
    }
    assert!(sensors_seen > 20, "{sensors_seen} sensors found");
}
