//! `Hitscan::bodies_at_point` where a point query is hardest: points on every body's outline
//! and box, and a few ulps either side, at every scale (coordinates to 1e7, where a unit is a
//! handful of ulps), for every broad phase, against a loop over every body with the exact test.
//! Strict containment means a point on an outline is in no body, and one an ulp inside is in
//! it: the broad phase must never leave out a body whose box the point only grazes.

use collide::{Body, BroadPhaseKind, CollisionPass, Hitscan};
use collide_core::{contains_point, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_testkit::proptest_config as config;
use collide_testkit::SplitMix64;
use glam::Vec2;
use proptest::prelude::*;

/// A circle, a rect, or a regular hull (3 to 8 sides), 1 to 12 units across.
fn random_shape(rng: &mut SplitMix64) -> Shape {
    let size = rng.range(0.5, 6.0);
    match rng.index(3) {
        0 => Shape::Circle(Circle { radius: size }),
        1 => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * rng.range(0.2, 1.5)),
        }),
        _ => Shape::Hull(Hull::regular(3 + rng.index(6), size).unwrap()),
    }
}

/// Points on the outline of `shape` at `pose` and on its box: corners, edge midpoints, the
/// circle's extreme points.
fn outline_points(shape: &Shape, pose: &Pose) -> Vec<Vec2> {
    let b = shape.aabb(pose);
    let (lo, hi, c) = (b.min(), b.max(), b.center);
    let mut points = vec![
        lo,
        hi,
        Vec2::new(lo.x, hi.y),
        Vec2::new(hi.x, lo.y),
        Vec2::new(lo.x, c.y),
        Vec2::new(hi.x, c.y),
        Vec2::new(c.x, lo.y),
        Vec2::new(c.x, hi.y),
    ];
    if let Shape::Hull(h) = shape {
        let v = h.vertices();
        for (i, &a) in v.iter().enumerate() {
            let next = v[(i + 1) % v.len()];
            points.push(pose.transform_point(a));
            points.push(pose.transform_point((a + next) * 0.5));
        }
    }
    points
}

/// `p` moved by `k` ulps along each axis (`k` from −3 to 3 on each, independently).
fn nudged(p: Vec2, kx: i32, ky: i32) -> Vec2 {
    let step = |mut v: f32, k: i32| {
        for _ in 0..k.unsigned_abs() {
            v = next_float(v, k > 0);
        }
        v
    };
    Vec2::new(step(p.x, kx), step(p.y, ky))
}

/// The next float above (`up`) or below finite `v` (`f32::next_up`, beyond this crate's
/// minimum Rust version).
fn next_float(v: f32, up: bool) -> f32 {
    if v == 0.0 {
        let tiny = f32::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    // Away from zero, the magnitude's bits grow by one; towards it, they shrink by one.
    let bits = v.to_bits();
    f32::from_bits(if (v > 0.0) == up { bits + 1 } else { bits - 1 })
}

proptest! {
    #![proptest_config(config(48, 0x07E1_D9E5))]

    #[test]
    fn points_on_outlines_match_a_loop_on_every_broad_phase(
        seed in any::<u64>(),
        offset in prop::sample::select(vec![0.0f32, 1.0e3, 1.0e5, 3.0e6, 1.0e7]),
    ) {
        let mut rng = SplitMix64::new(seed);
        let shapes: Vec<Shape> = (0..40).map(|_| random_shape(&mut rng)).collect();
        let origin = Vec2::new(offset, -offset);
        let bodies: Vec<Body<'_>> = shapes
            .iter()
            .map(|s| {
                let end = origin + rng.in_box(Vec2::splat(-30.0), Vec2::splat(30.0));
                // A third stand still; the rest moved here over the frame.
                let start = match rng.index(3) {
                    0 => end,
                    _ => end - rng.direction() * rng.range(0.0, 20.0),
                };
                Body::new(s, start, end).with_rotation(Rot::from_angle(rng.angle()))
            })
            .collect();
        let mut points = Vec::new();
        for (b, s) in bodies.iter().zip(&shapes) {
            let pose = Pose::new(b.end, b.rotation);
            for p in outline_points(s, &pose) {
                let (kx, ky) = (rng.index(7) as i32 - 3, rng.index(7) as i32 - 3);
                points.extend([p, nudged(p, kx, ky), nudged(p, -kx, -ky)]);
            }
        }
        let expected: Vec<Vec<u32>> = points
            .iter()
            .map(|&p| {
                (0..bodies.len() as u32)
                    .filter(|&i| {
                        let b = &bodies[i as usize];
                        contains_point(b.shape, &Pose::new(b.end, b.rotation), p)
                    })
                    .collect()
            })
            .collect();
        // Not vacuous: some of these points are inside a body.
        prop_assert!(expected.iter().any(|ids| !ids.is_empty()));
        let mut ids = Vec::new();
        for kind in BroadPhaseKind::ALL {
            let mut pass = CollisionPass::new(kind.build());
            pass.detect(&bodies, &()).unwrap();
            let mut hitscan = Hitscan::new();
            for (&p, want) in points.iter().zip(&expected) {
                hitscan.bodies_at_point(pass.broad_phase(), &bodies, p, Layers::ALL, &mut ids);
                prop_assert_eq!(&ids, want, "{} at {:?}", kind, p);
            }
        }
    }
}
