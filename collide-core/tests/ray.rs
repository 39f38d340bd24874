//! `cast_ray` against dense sampling: on seeded shapes, poses and segments, the hit is where
//! the sampled segment first goes clearly inside, on the surface, with the surface's normal;
//! no hit means no sample is clearly inside. Edge cases (grazing, corners, starts on the
//! boundary, bad input, scale) by hand.

mod common;

use collide_core::{cast_ray, Circle, Hull, Impact, Pose, Rect, Rot, Shape};
use common::*;
use glam::Vec2;

/// How far `world` lies outside `shape` at `pose` (negative inside): exact for circles and
/// for a point inside a polygon, a lower bound of the distance outside one.
fn depth(shape: &Shape, pose: &Pose, world: Vec2) -> f32 {
    match shape {
        Shape::Circle(c) => (world - pose.position).length() - c.radius,
        Shape::Rect(r) => ((world - pose.position).abs() - r.half_extents).max_element(),
        Shape::Hull(h) => {
            let p = pose.inverse_transform_point(world);
            h.vertices()
                .iter()
                .zip(h.normals())
                .map(|(v, n)| n.dot(p - *v))
                .fold(f32::NEG_INFINITY, f32::max)
        }
    }
}

/// The size of a shape: its bounding box's larger half-extent.
fn size(shape: &Shape) -> f32 {
    shape.aabb(&Pose::IDENTITY).half_extents.max_element()
}

/// Checks one cast against 2000 samples of the segment; returns whether it hit.
fn check(shape: &Shape, pose: &Pose, from: Vec2, to: Vec2, what: &str) -> bool {
    let hit = cast_ray(shape, pose, from, to);
    let scale = size(shape)
        .max((to - from).length())
        .max(from.abs().max_element());
    let tol = 2e-4 * scale;
    let samples = 2000;
    let first_inside = (0..=samples)
        .map(|k| k as f32 / samples as f32)
        .find(|&s| depth(shape, pose, from + (to - from) * s) < -tol);
    let Some(Impact { t, point, normal }) = hit else {
        assert!(
            first_inside.is_none(),
            "{what}: no hit, inside at {first_inside:?}"
        );
        return false;
    };
    assert!(
        (0.0..=1.0).contains(&t) && t.to_bits() != (-0.0f32).to_bits(),
        "{what}: t {t}"
    );
    if let Some(s) = first_inside {
        assert!(
            t <= s + 1e-6,
            "{what}: t {t} after the first inside sample {s}"
        );
    }
    assert!(
        (point - (from + (to - from) * t)).length() <= tol,
        "{what}: point {point}"
    );
    assert!(
        (normal.length() - 1.0).abs() < 1e-5,
        "{what}: normal {normal}"
    );
    let out = 0.01 * size(shape);
    if t > 0.0 {
        // On the surface, heading in, and the normal is the surface's (pointing in): a step
        // back along it leaves the shape by exactly that step.
        assert!(
            depth(shape, pose, point).abs() <= tol,
            "{what}: not on the surface"
        );
        assert!(normal.dot(to - from) >= 0.0, "{what}: heading out");
        let back = depth(shape, pose, point - normal * out);
        assert!(
            (back - out).abs() <= tol + 1e-3 * out,
            "{what}: normal {normal}"
        );
    } else {
        // A start inside: a step back along the normal, as far as the start is deep, reaches
        // the nearest face.
        let deep = -depth(shape, pose, from);
        assert!(deep >= -tol, "{what}: t = 0 from outside ({deep})");
        let face = depth(shape, pose, from - normal * deep.max(0.0));
        assert!(
            face.abs() <= tol,
            "{what}: normal {normal} is not the nearest face's"
        );
    }
    // The segment goes on into the interior after `t` (or is inside at the start).
    let deepest = (0..=samples)
        .map(|k| t + (1.0 - t) * k as f32 / samples as f32)
        .map(|s| depth(shape, pose, from + (to - from) * s))
        .fold(f32::INFINITY, f32::min);
    assert!(deepest <= tol, "{what}: never inside after t {t}");
    true
}

#[test]
fn random_rays_agree_with_dense_sampling() {
    let mut rng = SplitMix64::new(0x7A7_CA57);
    let (mut hits, mut casts, mut inside) = (0, 0, 0);
    for round in 0..3000 {
        let shape = random_shape(&mut rng, round % 3, 0.5, 30.0);
        let pose = Pose::new(
            in_square(&mut rng, 50.0),
            Rot::from_angle(rng.range(-3.2, 3.2)),
        );
        let reach = size(&shape) * 2.5;
        // Through a point near the shape, from a random side; a fifth start near its centre.
        let through = pose.position + in_square(&mut rng, reach);
        let from = if round % 5 == 0 {
            pose.position + in_square(&mut rng, size(&shape) * 0.5)
        } else {
            through + rng.direction() * rng.range(0.0, 4.0 * reach)
        };
        let to = from + (through - from) * rng.range(0.0, 3.0);
        casts += 1;
        let what = format!("round {round}: {shape:?} at {pose:?}, {from} -> {to}");
        if check(&shape, &pose, from, to, &what) {
            hits += 1;
            inside += usize::from(cast_ray(&shape, &pose, from, to).unwrap().t == 0.0);
        }
    }
    assert!(
        hits > casts / 4 && hits < casts * 3 / 4,
        "{hits} of {casts}"
    );
    assert!(inside > casts / 20, "{inside} starts inside");
}

#[test]
fn grazing_touching_and_leaving_are_no_hits() {
    let square = Rect {
        half_extents: Vec2::ONE,
    };
    let as_hull = Hull::from_half_extents(Vec2::ONE).unwrap();
    let ball = Circle { radius: 1.0 };
    let at = Pose::IDENTITY;
    for shape in [Shape::Rect(square), Shape::Hull(as_hull)] {
        let cast = |from: Vec2, to: Vec2| cast_ray(&shape, &at, from, to);
        assert_eq!(
            cast(Vec2::new(-3.0, 1.0), Vec2::new(3.0, 1.0)),
            None,
            "along an edge"
        );
        assert_eq!(
            cast(Vec2::new(-2.0, 0.0), Vec2::new(0.0, 2.0)),
            None,
            "a corner"
        );
        assert_eq!(
            cast(Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0)),
            None,
            "leaving"
        );
        assert_eq!(
            cast(Vec2::new(-3.0, 0.0), Vec2::new(-1.0, 0.0)),
            None,
            "reaching at the end"
        );
        assert_eq!(
            cast(Vec2::new(1.0, 0.5), Vec2::new(1.0, 0.5)),
            None,
            "zero length on it"
        );
        let on_entering = cast(Vec2::new(-1.0, 0.5), Vec2::new(1.0, 0.5)).unwrap();
        assert_eq!(
            on_entering,
            Impact {
                t: 0.0,
                point: Vec2::new(-1.0, 0.5),
                normal: Vec2::X
            }
        );
        let inside = cast(Vec2::new(0.25, 0.75), Vec2::new(0.25, 0.75)).unwrap();
        assert_eq!(
            (inside.t, inside.normal),
            (0.0, Vec2::NEG_Y),
            "nearest face: the top"
        );
    }
    let cast = |from: Vec2, to: Vec2| cast_ray(ball, &at, from, to);
    assert_eq!(
        cast(Vec2::new(-3.0, 1.0), Vec2::new(3.0, 1.0)),
        None,
        "tangent"
    );
    assert_eq!(
        cast(Vec2::new(0.0, 1.0), Vec2::new(0.0, 3.0)),
        None,
        "leaving"
    );
    let entering = cast(Vec2::new(0.0, 1.0), Vec2::new(0.0, -3.0)).unwrap();
    assert_eq!((entering.t, entering.normal), (0.0, Vec2::NEG_Y));
    let centre = cast(Vec2::ZERO, Vec2::new(0.0, 5.0)).unwrap();
    assert_eq!(
        (centre.t, centre.normal),
        (0.0, Vec2::NEG_Y),
        "heading for the top"
    );
    assert_eq!(cast(Vec2::ZERO, Vec2::ZERO).unwrap().normal, Vec2::NEG_X);
    let square_centre = cast_ray(square, &at, Vec2::ZERO, Vec2::new(-4.0, 0.0)).unwrap();
    assert_eq!(square_centre.normal, Vec2::X, "heading for the left face");
}

#[test]
fn rects_ignore_rotation_and_hulls_follow_it() {
    let quarter = Pose::new(
        Vec2::new(10.0, 0.0),
        Rot::from_angle(core::f32::consts::FRAC_PI_2),
    );
    let long = Vec2::new(4.0, 1.0);
    let rect = Rect { half_extents: long };
    let hull = Hull::from_half_extents(long).unwrap();
    let (from, to) = (Vec2::ZERO, Vec2::new(20.0, 0.0));
    let r = cast_ray(rect, &quarter, from, to).unwrap();
    assert_eq!((r.t, r.normal), (0.3, Vec2::X));
    let h = cast_ray(&hull, &quarter, from, to).unwrap();
    assert!(
        (h.t - 0.45).abs() < 1e-6 && (h.normal - Vec2::X).length() < 1e-6,
        "{h:?}"
    );
    let diagonal = Pose::new(
        Vec2::new(10.0, 0.0),
        Rot::from_angle(core::f32::consts::FRAC_PI_4),
    );
    let square = Hull::from_half_extents(Vec2::ONE).unwrap();
    let d = cast_ray(&square, &diagonal, from, to).unwrap();
    // The rotated square's corner points at the ray: it enters at the corner, √2 short of 10.
    assert!((d.point.x - (10.0 - 2f32.sqrt())).abs() < 1e-5, "{d:?}");
}

#[test]
fn bad_input_is_no_hit() {
    let ball = Circle { radius: 1.0 };
    let at = Pose::IDENTITY;
    let (a, b) = (Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0));
    assert!(cast_ray(ball, &at, a, b).is_some());
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert_eq!(cast_ray(ball, &at, Vec2::new(bad, 0.0), b), None);
        assert_eq!(cast_ray(ball, &at, a, Vec2::new(0.0, bad)), None);
        assert_eq!(
            cast_ray(ball, &Pose::from_position(Vec2::splat(bad)), a, b),
            None
        );
        assert_eq!(cast_ray(Circle { radius: bad }, &at, a, b), None);
        let rect = Rect {
            half_extents: Vec2::new(bad, 1.0),
        };
        assert_eq!(cast_ray(rect, &at, a, b), None);
    }
    assert_eq!(cast_ray(Circle { radius: -1.0 }, &at, a, b), None);
    let flat = Rect {
        half_extents: Vec2::new(1.0, 0.0),
    };
    assert_eq!(cast_ray(flat, &at, a, b), None, "no interior");
    assert_eq!(
        cast_ray(Circle { radius: 0.0 }, &at, a, b),
        None,
        "no interior"
    );
}

#[test]
fn answers_scale_with_the_units() {
    let mut rng = SplitMix64::new(3);
    for round in 0..300 {
        let shape = random_shape(&mut rng, round % 3, 0.5, 30.0);
        let pose = Pose::new(
            in_square(&mut rng, 20.0),
            Rot::from_angle(rng.range(-3.0, 3.0)),
        );
        let from = pose.position + in_square(&mut rng, 80.0);
        let to = pose.position + in_square(&mut rng, 10.0);
        let base = cast_ray(&shape, &pose, from, to);
        for power in [-100, -30, 30, 100] {
            let k = 2f32.powi(power);
            let scaled = match shape {
                Shape::Circle(c) => Shape::Circle(Circle {
                    radius: c.radius * k,
                }),
                Shape::Rect(r) => Shape::Rect(Rect {
                    half_extents: r.half_extents * k,
                }),
                Shape::Hull(h) => {
                    let v: Vec<Vec2> = h.vertices().iter().map(|v| *v * k).collect();
                    Shape::Hull(Hull::new(&v).unwrap())
                }
            };
            let pose_k = Pose::new(pose.position * k, pose.rotation);
            let got = cast_ray(&scaled, &pose_k, from * k, to * k);
            match (base, got) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    assert!(
                        (a.t - b.t).abs() < 1e-5,
                        "round {round}, 2^{power}: {a:?} {b:?}"
                    );
                    assert!(
                        (a.normal - b.normal).length() < 1e-5,
                        "round {round}, 2^{power}"
                    );
                    assert!((a.point * k - b.point).length() <= 1e-4 * k * 100.0);
                }
                _ => panic!("round {round}, 2^{power}: {base:?} vs {got:?}"),
            }
        }
    }
}
