//! GJK distance against brute force and known answers.

mod common;

use collide_core::{distance, Circle, Hull, Pose, Rect, Rot, Shape};
use common::*;
use glam::Vec2;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The distance from `p` to segment `a`–`b`, in `f64`.
fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let wide = |p: Vec2| [f64::from(p.x), f64::from(p.y)];
    let ([px, py], [ax, ay], [bx, by]) = (wide(p), wide(a), wide(b));
    let (ex, ey) = (bx - ax, by - ay);
    let s = (((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
    (ax + ex * s - px).hypot(ay + ey * s - py)
}

/// Brute force for two separated polygons: the least vertex–edge distance either way, in
/// `f64`.
fn brute_polygon_distance(a: &[Vec2], b: &[Vec2]) -> f64 {
    let mut best = f64::INFINITY;
    for (p, q) in [(a, b), (b, a)] {
        for &x in p {
            for i in 0..q.len() {
                best = best.min(point_segment(x, q[i], q[(i + 1) % q.len()]));
            }
        }
    }
    best
}

fn world_vertices(h: &Hull, pose: &Pose) -> Vec<Vec2> {
    h.vertices()
        .iter()
        .map(|p| pose.transform_point(*p))
        .collect()
}

#[test]
fn known_distances() {
    let d = distance(
        Circle { radius: 1.0 },
        &Pose::IDENTITY,
        Circle { radius: 2.0 },
        &Pose::from_position(v(6.0, 8.0)),
    )
    .unwrap();
    assert!((d.distance - 7.0).abs() < 1e-5);
    assert!((d.point_a - v(0.6, 0.8)).length() < 1e-5);
    assert!((d.point_b - v(4.8, 6.4)).length() < 1e-5);

    let r = Rect {
        half_extents: v(1.0, 1.0),
    };
    let d = distance(r, &Pose::IDENTITY, r, &Pose::from_position(v(5.0, 6.0))).unwrap();
    assert!((d.distance - 5.0).abs() < 1e-5, "{d:?}");
    assert!((d.point_a - v(1.0, 1.0)).length() < 1e-5 && (d.point_b - v(4.0, 5.0)).length() < 1e-5);

    // A rect ignores rotation; a hull follows it.
    let turned = Pose::new(v(0.0, 0.0), Rot::from_angle(core::f32::consts::FRAC_PI_4));
    let d = distance(
        r,
        &turned,
        Circle { radius: 0.0 },
        &Pose::from_position(v(3.0, 0.0)),
    );
    assert!((d.unwrap().distance - 2.0).abs() < 1e-5);
    let square = Hull::from_half_extents(v(1.0, 1.0)).unwrap();
    let d = distance(
        &square,
        &turned,
        Circle { radius: 0.0 },
        &Pose::from_position(v(3.0, 0.0)),
    );
    assert!((d.unwrap().distance - (3.0 - 2f32.sqrt())).abs() < 1e-5);
}

#[test]
fn overlap_gives_zero_and_a_common_point() {
    let mut rng = SplitMix64::new(0xD157);
    let mut overlaps = 0;
    for _ in 0..300 {
        let ka = rng.index(3);
        let kb = rng.index(3);
        let a = random_shape(&mut rng, ka, 0.5, 10.0);
        let b = random_shape(&mut rng, kb, 0.5, 10.0);
        let pa = Pose::new(in_square(&mut rng, 5.0), rot(&mut rng));
        let pb = Pose::new(in_square(&mut rng, 5.0), rot(&mut rng));
        let d = distance(&a, &pa, &b, &pb).unwrap();
        let p = Circle { radius: 0.0 };
        let to_a = distance(&a, &pa, p, &Pose::from_position(d.point_a))
            .unwrap()
            .distance;
        let to_b = distance(&b, &pb, p, &Pose::from_position(d.point_b))
            .unwrap()
            .distance;
        assert!(to_a < 1e-3 && to_b < 1e-3, "points off the shapes: {d:?}");
        if d.distance == 0.0 {
            overlaps += 1;
            assert_eq!(d.point_a, d.point_b);
        } else {
            assert!(
                ((d.point_b - d.point_a).length() - d.distance).abs() < 1e-3,
                "{d:?}"
            );
        }
        // Symmetric.
        let e = distance(&b, &pb, &a, &pa).unwrap();
        assert!((d.distance - e.distance).abs() < 1e-3, "{d:?} {e:?}");
    }
    // Both branches above ran: the cases mix overlapping and separated pairs.
    assert!(overlaps > 30 && overlaps < 270, "{overlaps} of 300 overlap");
}

#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn polygons_match_brute_force() {
    let mut rng = SplitMix64::new(0xB2D7E);
    for _ in 0..300 {
        let (Shape::Hull(a), Shape::Hull(b)) = (
            random_shape(&mut rng, 2, 0.5, 20.0),
            random_shape(&mut rng, 2, 0.5, 20.0),
        ) else {
            unreachable!()
        };
        let pa = Pose::new(in_square(&mut rng, 30.0), rot(&mut rng));
        let pb = Pose::new(
            pa.position + Vec2::from_angle(rng.range(-3.2, 3.2)) * 45.0,
            rot(&mut rng),
        );
        let d = distance(&a, &pa, &b, &pb).unwrap().distance;
        let brute = brute_polygon_distance(&world_vertices(&a, &pa), &world_vertices(&b, &pb));
        assert!(
            (f64::from(d) - brute).abs() < 1e-3 * (1.0 + brute),
            "{d} vs {brute}"
        );
    }
}

#[test]
fn bad_input_is_none() {
    let c = Circle { radius: 1.0 };
    assert!(distance(
        c,
        &Pose::from_position(v(f32::NAN, 0.0)),
        c,
        &Pose::IDENTITY
    )
    .is_none());
    assert!(distance(Circle { radius: -1.0 }, &Pose::IDENTITY, c, &Pose::IDENTITY).is_none());
    let d = distance(
        Circle { radius: 0.0 },
        &Pose::IDENTITY,
        Circle { radius: 0.0 },
        &Pose::IDENTITY,
    )
    .unwrap();
    assert_eq!(d.distance, 0.0);
}

/// A rect whose corner is 8e-4 inside a hull's top, where the hull's top is three nearly
/// collinear vertices: GJK's search from the chord between the outer two used to land on that
/// chord again (its direction, from a closest point 1.7e-3 from the origin and ends 12 units
/// out, was that far off) and stop there, reading the overlap as a gap of 1.7e-3.
#[test]
fn a_corner_just_inside_a_nearly_flat_side_is_at_distance_zero() {
    let rect = Rect {
        half_extents: v(12.135_016, 10.894_614),
    };
    let hull = Hull::new(&[
        v(-23.337_81, -23.847_223),
        v(23.969_498, -23.849_237),
        v(25.034_521, -9.856_235_5),
        v(20.799_107, 23.457_739),
        v(6.231_056_7, 25.112_37),
        v(-4.642_360_7, 24.781_557),
        v(-15.828_395, 24.435_482),
        v(-22.311_834, 23.969_48),
    ])
    .unwrap();
    let at_rect = Pose::from_position(v(-53.537_975, 27.814_121));
    let at_hull = Pose::from_position(v(-35.432_777, -7.820_136));
    assert!(collide_core::overlaps(rect, &at_rect, &hull, &at_hull));
    let d = distance(rect, &at_rect, &hull, &at_hull).unwrap();
    assert_eq!(d.distance, 0.0, "{d:?}");
    let d = distance(&hull, &at_hull, rect, &at_rect).unwrap();
    assert_eq!(d.distance, 0.0, "{d:?}");
}

/// Seeded pairs of turned hulls (of 3 to 16 points near a circle, some nearly collinear) and
/// rects, up to 1e5 units out, put within 1e-3 of their size of touching (by bisection on the
/// overlap test), inside or out: overlapping pairs are at distance 0, and the distance of the
/// others is the brute force's to within 2e-6 of their coordinates.
#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn pairs_within_a_hair_of_touching_agree_with_overlap_and_brute_force() {
    let mut rng = SplitMix64::new(0x0D15_70CE);
    let (mut inside, mut apart) = (0, 0);
    for _ in 0..20_000 {
        let far = [1.0, 1e3, 1e5][rng.index(3)];
        let size = [1.0, 16.0, 100.0][rng.index(3)];
        let polygon = |rng: &mut SplitMix64| -> (Shape, Rot) {
            if rng.index(3) == 0 {
                let half = v(rng.range(0.1, 1.0), rng.range(0.1, 1.0)) * size;
                return (Rect { half_extents: half }.into(), Rot::IDENTITY);
            }
            let points: Vec<Vec2> = (0..3 + rng.index(14))
                .map(|_| {
                    Vec2::from_angle(rng.range(0.0, std::f32::consts::TAU))
                        * size
                        * rng.range(0.9, 1.0)
                })
                .collect();
            match Hull::from_points(&points, collide_core::Simplify::Vw) {
                Ok(hull) => (hull.into(), Rot::from_angle(rng.range(-3.2, 3.2))),
                Err(_) => (
                    Rect {
                        half_extents: v(size, size),
                    }
                    .into(),
                    Rot::IDENTITY,
                ),
            }
        };
        let ((a, ra), (b, rb)) = (polygon(&mut rng), polygon(&mut rng));
        let pa = Pose::new(v(rng.range(-far, far), rng.range(-far, far)), ra);
        let dir = Vec2::from_angle(rng.range(0.0, std::f32::consts::TAU));
        let at = |s: f32| Pose::new(pa.position + dir * s, rb);
        let (mut lo, mut hi) = (0.0, 4.0 * size);
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if collide_core::overlaps(&a, &pa, &b, &at(mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let pb = at(hi + rng.range(-1e-3, 1e-3) * size);
        let d = distance(&a, &pa, &b, &pb).unwrap().distance;
        if collide_core::overlaps(&a, &pa, &b, &pb) {
            inside += 1;
            assert_eq!(d, 0.0, "{a:?} at {pa:?} and {b:?} at {pb:?} overlap");
            continue;
        }
        apart += 1;
        let corners = |s: &Shape, p: &Pose| match s {
            Shape::Hull(h) => world_vertices(h, p),
            Shape::Rect(r) => Hull::from_half_extents(r.half_extents)
                .map(|h| world_vertices(&h, &Pose::from_position(p.position)))
                .unwrap(),
            Shape::Circle(_) => unreachable!(),
        };
        let brute = brute_polygon_distance(&corners(&a, &pa), &corners(&b, &pb));
        let tolerance = 2e-6 * f64::from(far + 4.0 * size);
        assert!(
            (f64::from(d) - brute).abs() <= tolerance,
            "{a:?} at {pa:?} and {b:?} at {pb:?}: {d} against {brute}"
        );
    }
    assert!(
        inside > 5_000 && apart > 5_000,
        "{inside} inside, {apart} apart"
    );
}
