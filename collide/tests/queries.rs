//! The filtered casts and the point and area queries over a frame's bodies against a loop over
//! every body: on seeded scenes of moving, rotating, layered bodies (some disabled, some with
//! non-finite positions), every broad phase's `Hitscan` gives exactly the loop's answer under
//! random filters (layers, ids left out, a predicate, sensors seen or not). The casts leave out
//! sensors unless the filter includes them, and leave out the ids it names.

use collide::{
    cast_ray_static, cast_ray_static_all, cast_shape_static_all, Body, BroadPhaseKind,
    CollisionPass, Hitscan, NearestPoint, Obstacle, QueryFilter, WorldHit,
};
use collide_core::{
    cast_ray, contains_point, overlaps, time_of_impact, Circle, Hull, Layers, Motion, Pose, Rect,
    Rot, Shape,
};
use collide_testkit::proptest_config as config;
use collide_testkit::SplitMix64;
use glam::Vec2;
use proptest::prelude::*;

/// A random shape: a circle, a rect or a regular hull (3 to 16 sides), 1 to 24 units across.
fn random_shape(rng: &mut SplitMix64) -> Shape {
    let size = rng.range(0.5, 12.0);
    match rng.index(3) {
        0 => Shape::Circle(Circle { radius: size }),
        1 => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * rng.range(0.2, 1.5)),
        }),
        _ => Shape::Hull(Hull::regular(3 + rng.index(14), size).unwrap()),
    }
}

fn random_layers(rng: &mut SplitMix64) -> Layers {
    Layers::on(1 << rng.index(2)).with_mask(1 << rng.index(2))
}

/// `n` seeded bodies over a field `side` across: moving, turned, layered, a few disabled or
/// with a non-finite start.
fn scene(rng: &mut SplitMix64, shapes: &[Shape], side: f32) -> Vec<Body<'static>> {
    let shapes: &'static [Shape] = Box::leak(shapes.to_vec().into_boxed_slice());
    shapes
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let end = rng.in_box(Vec2::splat(-side), Vec2::splat(side));
            let mut start = end - rng.direction() * rng.range(0.0, 30.0);
            if i % 97 == 5 {
                start.x = f32::NAN;
            }
            Body::new(s, start, end)
                .with_rotation(Rot::from_angle(rng.angle()))
                .with_layers(random_layers(rng))
                .with_enabled(i % 23 != 7)
                .with_sensor(i % 11 == 3)
        })
        .collect()
}

/// A filter's parts, owned by the test.
struct FilterParts {
    layers: Layers,
    exclude: Vec<u32>,
    refuse: Option<u32>,
    sensors: bool,
}

impl FilterParts {
    fn random(rng: &mut SplitMix64, n: usize) -> Self {
        let layers = if rng.index(2) == 0 {
            Layers::ALL
        } else {
            random_layers(rng)
        };
        FilterParts {
            layers,
            exclude: (0..rng.index(5)).map(|_| rng.index(n) as u32).collect(),
            refuse: (rng.index(2) == 0).then(|| 2 + rng.index(3) as u32),
            sensors: rng.index(2) == 0,
        }
    }
}

/// The loop's view of a body: taking part under `filter`, at its end-of-frame pose.
fn placed<'b>(body: &Body<'b>, id: u32, filter: &QueryFilter<'_>) -> Option<Pose> {
    (body.enabled && body.is_finite() && filter.sees(body.sensor) && filter.allows(id, body.layers))
        .then(|| Pose::new(body.end, body.rotation))
}

fn by_time(hits: &mut [WorldHit]) {
    hits.sort_by(|a, b| a.impact.t.total_cmp(&b.impact.t).then(a.id.cmp(&b.id)));
}

/// Every query of one frame under one filter, on one broad phase, against the loop.
fn check_frame(
    rng: &mut SplitMix64,
    bodies: &[Body<'_>],
    side: f32,
    kind: BroadPhaseKind,
    parts: &FilterParts,
) -> usize {
    let keep = |id: u32| parts.refuse.is_none_or(|m| id % m != 0);
    let mut filter = QueryFilter::new(parts.layers)
        .excluding(&parts.exclude)
        .with_sensors(parts.sensors);
    if parts.refuse.is_some() {
        filter = filter.with_predicate(&keep);
    }
    let mut pass = CollisionPass::new(kind.build());
    pass.detect(bodies, &()).unwrap();
    let broad = pass.broad_phase();
    let mut hitscan = Hitscan::new();
    let (mut ids, mut hits, mut found) = (Vec::new(), Vec::new(), 0);
    let field = || Vec2::splat(side * 1.1);
    for i in 0..20 {
        let p = if i % 3 == 0 {
            bodies[rng.index(bodies.len())].end
        } else {
            rng.in_box(-field(), field())
        };
        // Every body holding the point.
        hitscan.bodies_at_point(broad, bodies, p, filter, &mut ids);
        let expected: Vec<u32> = (0..bodies.len() as u32)
            .filter(|&id| {
                let b = &bodies[id as usize];
                placed(b, id, &filter).is_some_and(|pose| contains_point(b.shape, &pose, p))
            })
            .collect();
        assert_eq!(ids, expected, "{kind}: at {p}");
        // The nearest body within a distance.
        let reach = rng.range(0.0, side / 4.0);
        let near = hitscan.nearest_body(broad, bodies, p, reach, filter);
        let oracle = (0..bodies.len() as u32)
            .filter_map(|id| {
                let b = &bodies[id as usize];
                NearestPoint::of(id, b.shape, &placed(b, id, &filter)?, p, reach)
            })
            .fold(None, |best, n| Some(n.nearer(best)));
        assert_eq!(near, oracle, "{kind}: nearest to {p} within {reach}");
        // Every body a shape overlaps.
        let shape = random_shape(rng);
        let pose = Pose::new(p, Rot::from_angle(rng.angle()));
        hitscan.bodies_overlapping(broad, bodies, &shape, &pose, filter, &mut ids);
        let expected: Vec<u32> = (0..bodies.len() as u32)
            .filter(|&id| {
                let b = &bodies[id as usize];
                placed(b, id, &filter).is_some_and(|at| overlaps(&shape, &pose, b.shape, &at))
            })
            .collect();
        assert_eq!(ids, expected, "{kind}: {shape:?} at {pose:?}");
        // A ray from the point, first hit and all hits.
        let to = p + rng.direction() * rng.range(0.0, 2.0 * side);
        let mut expected: Vec<WorldHit> = (0..bodies.len() as u32)
            .filter_map(|id| {
                let b = &bodies[id as usize];
                let impact = cast_ray(b.shape, &placed(b, id, &filter)?, p, to)?;
                Some(WorldHit { id, impact })
            })
            .collect();
        by_time(&mut expected);
        let first = hitscan.cast_ray(broad, bodies, p, to, filter);
        assert_eq!(first, expected.first().copied(), "{kind}: {p} -> {to}");
        hitscan.cast_ray_all(broad, bodies, p, to, filter, &mut hits);
        assert_eq!(hits, expected, "{kind}: {p} -> {to}");
        // The same shape moving from the point: the sweep against every body whose box the
        // swept box meets (the pass's candidate rule).
        let motion = Motion::new(p, p + (to - p) * 0.2, pose.rotation);
        let area = Body::new(&shape, motion.start, motion.end)
            .with_rotation(motion.rotation)
            .swept_bounds();
        let mut swept: Vec<WorldHit> = (0..bodies.len() as u32)
            .filter(|&id| bodies[id as usize].swept_bounds().overlaps(&area))
            .filter_map(|id| {
                let b = &bodies[id as usize];
                let at = placed(b, id, &filter)?;
                let still = Motion::new(at.position, at.position, at.rotation);
                let impact = time_of_impact(&shape, &motion, b.shape, &still)?;
                Some(WorldHit { id, impact })
            })
            .collect();
        by_time(&mut swept);
        let first = hitscan.cast_shape(broad, bodies, &shape, &motion, filter);
        assert_eq!(
            first,
            swept.first().copied(),
            "{kind}: {shape:?} along {motion:?}"
        );
        hitscan.cast_shape_all(broad, bodies, &shape, &motion, filter, &mut hits);
        assert_eq!(hits, swept, "{kind}: {shape:?} along {motion:?}");
        found += ids.len() + usize::from(near.is_some()) + expected.len() + swept.len();
    }
    found
}

proptest! {
    #![proptest_config(config(24, 0x0_9E41))]

    #[test]
    fn queries_match_a_loop_over_every_body_on_every_broad_phase(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let side = [60.0, 200.0, 600.0][rng.index(3)];
        let shapes: Vec<Shape> = (0..50 + rng.index(250)).map(|_| random_shape(&mut rng)).collect();
        let bodies = scene(&mut rng, &shapes, side);
        let parts = FilterParts::random(&mut rng, bodies.len());
        for kind in BroadPhaseKind::ALL {
            // The same queries on every broad phase: the generator restarts for each.
            let mut queries = SplitMix64::new(seed ^ 0x51);
            check_frame(&mut queries, &bodies, side, kind, &parts);
        }
    }
}

/// Over a few scenes the queries find things, so the equalities above are not all empty.
#[test]
fn the_queries_find_things() {
    let mut rng = SplitMix64::new(0xF1AD);
    let mut found = 0;
    for _ in 0..4 {
        let shapes: Vec<Shape> = (0..300).map(|_| random_shape(&mut rng)).collect();
        let bodies = scene(&mut rng, &shapes, 150.0);
        let parts = FilterParts {
            layers: Layers::ALL,
            exclude: vec![3],
            refuse: Some(5),
            sensors: false,
        };
        found += check_frame(&mut rng, &bodies, 150.0, BroadPhaseKind::Grid, &parts);
    }
    assert!(found > 300, "only {found} answers");
}

/// A laser that starts inside its shooter hits the shooter first unless the filter leaves it
/// out: then it hits the enemy behind, on every broad phase; a predicate leaves out the
/// destroyed enemy as well.
#[test]
fn a_laser_leaves_out_its_shooter() {
    let ship = Circle { radius: 4.0 };
    let bodies = [
        Body::stationary(ship, Vec2::ZERO),
        Body::stationary(ship, Vec2::new(30.0, 0.0)),
        Body::stationary(ship, Vec2::new(60.0, 0.0)),
    ];
    let (from, to) = (Vec2::ZERO, Vec2::new(100.0, 0.0));
    let destroyed = |id: u32| id != 1;
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        pass.detect(&bodies, &()).unwrap();
        let mut hitscan = Hitscan::new();
        let broad = pass.broad_phase();
        let hit = |h: &mut Hitscan, f: QueryFilter<'_>| h.cast_ray(broad, &bodies, from, to, f);
        assert_eq!(hit(&mut hitscan, Layers::ALL.into()).map(|h| h.id), Some(0));
        let shooter = [0];
        let not_me = QueryFilter::new(Layers::ALL).excluding(&shooter);
        let h = hit(&mut hitscan, not_me).unwrap();
        assert_eq!((h.id, h.impact.point), (1, Vec2::new(26.0, 0.0)), "{kind}");
        let h = hit(&mut hitscan, not_me.with_predicate(&destroyed)).unwrap();
        assert_eq!(h.id, 2, "{kind}");
    }
}

/// The static casts go through sensors (a coin) unless the filter includes them, and leave
/// out the ids the filter names.
#[test]
fn static_casts_go_through_sensors_unless_asked() {
    let coin = Circle { radius: 1.0 };
    let wall = Rect {
        half_extents: Vec2::new(1.0, 10.0),
    };
    let level = [
        Obstacle::new(7, coin, Pose::from_position(Vec2::new(10.0, 0.0))).with_sensor(true),
        Obstacle::new(8, wall, Pose::from_position(Vec2::new(20.0, 0.0))),
        Obstacle::new(9, wall, Pose::from_position(Vec2::new(30.0, 0.0))),
    ];
    let (from, to) = (Vec2::ZERO, Vec2::new(50.0, 0.0));
    let first = |f: QueryFilter<'_>| cast_ray_static(&level[..], from, to, f).map(|h| h.id);
    assert_eq!(first(Layers::ALL.into()), Some(8));
    assert_eq!(first(QueryFilter::default().with_sensors(true)), Some(7));
    assert_eq!(first(QueryFilter::default().excluding(&[8])), Some(9));
    let mut all = Vec::new();
    cast_ray_static_all(
        &level[..],
        from,
        to,
        QueryFilter::default().with_sensors(true),
        &mut all,
    );
    assert_eq!(all.iter().map(|h| h.id).collect::<Vec<_>>(), [7, 8, 9]);
    let ball = Circle { radius: 0.5 };
    let motion = Motion::linear(from, to);
    cast_shape_static_all(&level[..], ball, &motion, Layers::ALL, &mut all);
    assert_eq!(all.iter().map(|h| h.id).collect::<Vec<_>>(), [8, 9]);
}
