//! World queries against a brute-force loop over every body: on seeded scenes of moving,
//! rotating, layered bodies (some disabled, some with non-finite positions), every broad
//! phase's `Hitscan` gives exactly the loop's first hit and its list of hits; the static
//! queries give on a `StaticBodies` what they give on a plain slice of the same obstacles.

use collide::{
    cast_ray_static, cast_ray_static_all, cast_shape_static, cast_shape_static_all, Body,
    BroadPhaseKind, CollisionPass, Hitscan, Obstacle, StaticBodies, WorldHit,
};
use collide_core::{
    cast_ray, time_of_impact, Aabb, Circle, Hull, Layers, Motion, Pose, Rect, Rot, Shape,
};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// A random shape: a circle, a rect or a hull (3 to 16 sides), 1 to 25 units across.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn random_shape(rng: &mut SplitMix64) -> Shape {
    let size = rng.range(0.5, 12.0);
    match rng.index(3) {
        0 => Shape::Circle(Circle { radius: size }),
        1 => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * rng.range(0.2, 1.5)),
        }),
        _ => {
            let sides = 3 + rng.index(14);
            let stretch = Vec2::new(1.0, rng.range(0.3, 1.0));
            let points: Vec<Vec2> = (0..sides)
                .map(|i| Vec2::from_angle(i as f32 * std::f32::consts::TAU / sides as f32))
                .map(|d| d * stretch * size)
                .collect();
            Shape::Hull(Hull::new(&points).unwrap())
        }
    }
}

/// Layers from two bits, so about half of the bodies interact with a query.
fn random_layers(rng: &mut SplitMix64) -> Layers {
    Layers::on(1 << rng.index(2)).with_mask(1 << rng.index(2))
}

/// Where a body is for a frame: start, end, rotation, layers, enabled.
type Placement = (Vec2, Vec2, Rot, Layers, bool);

/// A seeded scene: `n` shapes and the bodies that use them, over a field `side` across.
fn scene(rng: &mut SplitMix64, n: usize, side: f32) -> (Vec<Shape>, Vec<Placement>) {
    let shapes: Vec<Shape> = (0..n).map(|_| random_shape(rng)).collect();
    let placements = (0..n)
        .map(|i| {
            let end = rng.in_box(Vec2::splat(-side), Vec2::splat(side));
            let start = end - rng.direction() * rng.range(0.0, 30.0);
            let mut start = if i % 3 == 0 { end } else { start };
            if i % 97 == 5 {
                start.x = f32::NAN;
            }
            let rot = Rot::from_angle(rng.range(-3.2, 3.2));
            (start, end, rot, random_layers(rng), i % 23 != 7)
        })
        .collect();
    (shapes, placements)
}

fn bodies<'a>(shapes: &'a [Shape], placements: &[Placement]) -> Vec<Body<'a>> {
    shapes
        .iter()
        .zip(placements)
        .map(|(s, &(start, end, rot, layers, enabled))| {
            Body::new(s, start, end)
                .with_rotation(rot)
                .with_layers(layers)
                .with_enabled(enabled)
        })
        .collect()
}

/// Whether the loop counts the body: enabled, finite, on interacting layers.
fn takes_part(body: &Body<'_>, layers: Layers) -> bool {
    body.enabled && body.is_finite() && body.layers.interacts(layers)
}

fn sort(hits: &mut [WorldHit]) {
    hits.sort_by(|a, b| a.impact.t.total_cmp(&b.impact.t).then(a.id.cmp(&b.id)));
}

/// The brute-force ray: the exact cast on every body at its end-of-frame pose.
fn oracle_ray(bodies: &[Body<'_>], from: Vec2, to: Vec2, layers: Layers) -> Vec<WorldHit> {
    let mut hits: Vec<WorldHit> = bodies
        .iter()
        .enumerate()
        .filter(|(_, b)| takes_part(b, layers))
        .filter_map(|(i, b)| {
            let h = cast_ray(b.shape, &Pose::new(b.end, b.rotation), from, to)?;
            Some(WorldHit {
                id: i as u32,
                impact: h,
            })
        })
        .collect();
    sort(&mut hits);
    hits
}

/// The box a shape sweeps along a motion.
fn swept(shape: &Shape, motion: &Motion) -> Aabb {
    Body::new(shape, motion.start, motion.end)
        .with_rotation(motion.rotation)
        .swept_bounds()
}

/// The brute-force shape cast: the exact sweep against every body at its end-of-frame pose
/// whose (swept) box the query's swept box overlaps, the pass's candidate rule.
fn oracle_shape(
    bodies: &[Body<'_>],
    shape: &Shape,
    motion: &Motion,
    layers: Layers,
) -> Vec<WorldHit> {
    let area = swept(shape, motion);
    let mut hits: Vec<WorldHit> = bodies
        .iter()
        .enumerate()
        .filter(|(_, b)| takes_part(b, layers) && b.swept_bounds().overlaps(&area))
        .filter_map(|(i, b)| {
            let at = Motion::new(b.end, b.end, b.rotation);
            let h = time_of_impact(shape, motion, b.shape, &at)?;
            Some(WorldHit {
                id: i as u32,
                impact: h,
            })
        })
        .collect();
    sort(&mut hits);
    hits
}

/// Rays for a scene: long and short, through the field, starting inside bodies, and a few
/// bad ones.
fn rays(rng: &mut SplitMix64, bodies: &[Body<'_>], side: f32) -> Vec<(Vec2, Vec2, Layers)> {
    let mut r: Vec<(Vec2, Vec2, Layers)> = (0..40)
        .map(|i| {
            let from = if i % 4 == 0 {
                bodies[rng.index(bodies.len())].end
            } else {
                rng.in_box(Vec2::splat(-side * 1.2), Vec2::splat(side * 1.2))
            };
            let to = from + rng.direction() * rng.range(0.0, 2.5 * side);
            (from, to, random_layers(rng))
        })
        .collect();
    r.push((Vec2::new(f32::NAN, 0.0), Vec2::ZERO, Layers::ALL));
    r.push((Vec2::ZERO, Vec2::splat(f32::INFINITY), Layers::ALL));
    r.push((Vec2::splat(-side), Vec2::splat(side), Layers::ALL));
    r
}

#[test]
fn hitscan_rays_and_shapes_match_a_loop_over_every_body() {
    let mut rng = SplitMix64::new(0x1A5E_5CA7);
    let (mut all, mut some, mut shape_hits) = (Vec::new(), 0, 0);
    for round in 0..6 {
        let side = [60.0, 200.0, 600.0][round % 3];
        let (shapes, placements) = scene(&mut rng, 150 + 100 * round, side);
        let bodies = bodies(&shapes, &placements);
        let queries = rays(&mut rng, &bodies, side);
        let probes: Vec<(Shape, Motion, Layers)> = (0..20)
            .map(|_| {
                let start = rng.in_box(Vec2::splat(-side), Vec2::splat(side));
                let end = start + rng.direction() * rng.range(0.0, side);
                let rot = Rot::from_angle(rng.range(-3.2, 3.2));
                (
                    random_shape(&mut rng),
                    Motion::new(start, end, rot),
                    random_layers(&mut rng),
                )
            })
            .collect();
        for kind in BroadPhaseKind::ALL {
            let mut pass = CollisionPass::new(kind.build());
            pass.detect(&bodies, &()).unwrap();
            let mut hitscan = Hitscan::new();
            for &(from, to, layers) in &queries {
                let expected = oracle_ray(&bodies, from, to, layers);
                let what = format!("round {round}, {kind}: {from} -> {to}");
                let first = hitscan.cast_ray(pass.broad_phase(), &bodies, from, to, layers);
                assert_eq!(first, expected.first().copied(), "{what}");
                hitscan.cast_ray_all(pass.broad_phase(), &bodies, from, to, layers, &mut all);
                assert_eq!(all, expected, "{what}");
                some += usize::from(!all.is_empty());
            }
            for (shape, motion, layers) in &probes {
                let expected = oracle_shape(&bodies, shape, motion, *layers);
                let what = format!("round {round}, {kind}: {shape:?} along {motion:?}");
                let first = hitscan.cast_shape(pass.broad_phase(), &bodies, shape, motion, *layers);
                assert_eq!(first, expected.first().copied(), "{what}");
                let broad = pass.broad_phase();
                hitscan.cast_shape_all(broad, &bodies, shape, motion, *layers, &mut all);
                assert_eq!(all, expected, "{what}");
                shape_hits += all.len();
            }
        }
    }
    assert!(some > 200, "{some} rays hit something");
    assert!(shape_hits > 100, "{shape_hits} shape hits");
}

#[test]
fn the_first_hit_is_the_nearest_body_not_the_nearest_box() {
    // Along the laser, each big circle's box comes before a small circle standing inside it.
    let big = Circle { radius: 20.0 };
    let small = Circle { radius: 2.0 };
    let mut bodies = Vec::new();
    for k in 0..10 {
        let x = 100.0 * k as f32;
        bodies.push(Body::stationary(big, Vec2::new(x + 30.0, 19.5)));
        bodies.push(Body::stationary(small, Vec2::new(x + 15.0, 0.0)));
    }
    let (from, to) = (Vec2::new(-5.0, 0.0), Vec2::new(1000.0, 0.0));
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        pass.detect(&bodies, &()).unwrap();
        let mut scratch = Vec::new();
        let by_box =
            collide::BroadPhase::first_on_segment(pass.broad_phase(), from, to, &mut scratch);
        assert_eq!(by_box.map(|b| b.1), Some(0), "{kind}");
        let mut hitscan = Hitscan::new();
        let hit = hitscan
            .cast_ray(pass.broad_phase(), &bodies, from, to, Layers::ALL)
            .unwrap();
        assert_eq!(
            (hit.id, hit.impact.point, hit.impact.normal),
            (1, Vec2::new(13.0, 0.0), Vec2::X),
            "{kind}"
        );
        let mut all = Vec::new();
        hitscan.cast_ray_all(pass.broad_phase(), &bodies, from, to, Layers::ALL, &mut all);
        let ids: Vec<u32> = all.iter().map(|h| h.id).collect();
        let expected: Vec<u32> = (0..10).flat_map(|k| [2 * k + 1, 2 * k]).collect();
        assert_eq!(ids, expected, "{kind}: small, then big, ten times");
    }
}

/// The static queries' oracle: the same obstacles as a plain slice, every one checked.
#[test]
fn static_queries_match_a_slice_of_the_same_obstacles() {
    let mut rng = SplitMix64::new(0x0057_A71C);
    let shapes: Vec<Shape> = (0..400).map(|_| random_shape(&mut rng)).collect();
    let mut level = StaticBodies::new();
    let mut plain = Vec::new();
    for (i, shape) in shapes.iter().enumerate() {
        let pose = Pose::new(
            rng.in_box(Vec2::splat(-400.0), Vec2::splat(400.0)),
            Rot::from_angle(rng.range(-3.2, 3.2)),
        );
        let layers = random_layers(&mut rng);
        let handle = level.add(*shape, pose, layers).unwrap();
        plain.push(Obstacle::new(handle.id(), shape, pose).with_layers(layers));
        if i % 50 == 3 {
            // A removed body leaves a stale slot behind; it must never be hit.
            level.remove(handle);
            plain.pop();
        }
    }
    level.refresh();
    let plain: &[Obstacle<'_>] = &plain;
    let (mut got, mut expected, mut hits) = (Vec::new(), Vec::new(), 0);
    for i in 0..300 {
        let from = rng.in_box(Vec2::splat(-450.0), Vec2::splat(450.0));
        let to = from + rng.direction() * rng.range(0.0, 900.0);
        let layers = random_layers(&mut rng);
        cast_ray_static_all(&level, from, to, layers, &mut got);
        cast_ray_static_all(plain, from, to, layers, &mut expected);
        assert_eq!(got, expected, "ray {i}");
        assert_eq!(
            cast_ray_static(&level, from, to, layers),
            expected.first().copied()
        );
        // Every listed hit is the exact cast on that obstacle, nearest first.
        for h in &expected {
            let o = plain.iter().find(|o| o.id == h.id).unwrap();
            let exact = cast_ray(o.shape, &o.pose, from, to).unwrap();
            assert_eq!(
                (exact.t, exact.point, exact.normal),
                (h.impact.t, h.impact.point, h.impact.normal)
            );
        }
        assert!(
            expected.windows(2).all(|w| w[0].impact.t <= w[1].impact.t),
            "ray {i}"
        );
        hits += expected.len();
        let shape = random_shape(&mut rng);
        let motion = Motion::new(
            from,
            from + (to - from) * 0.1,
            Rot::from_angle(rng.range(-1.0, 1.0)),
        );
        cast_shape_static_all(&level, &shape, &motion, layers, &mut got);
        cast_shape_static_all(plain, &shape, &motion, layers, &mut expected);
        assert_eq!(got, expected, "shape {i}");
        assert_eq!(
            cast_shape_static(&level, &shape, &motion, layers),
            expected.first().copied()
        );
        hits += expected.len();
    }
    assert!(hits > 100, "{hits} hits");
}
