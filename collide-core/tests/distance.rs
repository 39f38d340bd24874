//! GJK distance against brute force and known answers.

mod common;

use collide_core::{distance, Circle, Hull, Pose, Rect, Rot, Shape};
use common::*;
use glam::Vec2;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The distance from `p` to segment `a`–`b`.
fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let e = b - a;
    let s = ((p - a).dot(e) / e.dot(e)).clamp(0.0, 1.0);
    (a + e * s - p).length()
}

/// Brute force for two separated polygons: the least vertex–edge distance either way.
fn brute_polygon_distance(a: &[Vec2], b: &[Vec2]) -> f32 {
    let mut best = f32::INFINITY;
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
        assert!((d - brute).abs() < 1e-3 * (1.0 + brute), "{d} vs {brute}");
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
