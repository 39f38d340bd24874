//! Shared helpers for the sweep and narrow-phase tests: seeded random shapes and the dense
//! sub-stepping oracle.
#![allow(dead_code)]

use collide_core::{distance, Circle, Hull, Impact, Motion, Rect, Rot, Shape};
#[allow(unused_imports)] // not every test binary that shares this module runs property tests
pub use collide_testkit::proptest_config as config;
use glam::Vec2;
use proptest::prelude::*;

pub use collide_testkit::SplitMix64;

/// A vector uniform in the square `[-extent, extent)²`.
pub fn in_square(rng: &mut SplitMix64, extent: f32) -> Vec2 {
    rng.in_box(Vec2::splat(-extent), Vec2::splat(extent))
}

/// A convex polygon on an ellipse of radii `rx`, `ry`, with `n` vertices at jittered angles.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
pub fn ellipse_hull(n: usize, rx: f32, ry: f32, jitter: f32) -> Hull {
    let mut pts = [Vec2::ZERO; 16];
    for (i, p) in pts.iter_mut().enumerate().take(n) {
        let a = (i as f32 + 0.8 * jitter * ((i * 7 % 5) as f32 / 5.0 - 0.4))
            * core::f32::consts::TAU
            / n as f32;
        *p = Vec2::new(rx * a.cos(), ry * a.sin());
    }
    Hull::new(&pts[..n]).unwrap_or_else(|_| Hull::regular(n.max(3), rx.max(ry)).unwrap())
}

/// A shape of the given kind (0 circle, 1 rect, 2 hull) and size.
pub fn shape(kind: usize, size: f32, aspect: f32, sides: usize, jitter: f32) -> Shape {
    match kind % 3 {
        0 => Shape::Circle(Circle { radius: size }),
        1 => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * aspect),
        }),
        _ => Shape::Hull(ellipse_hull(sides, size, size * aspect, jitter)),
    }
}

/// The six unordered kind pairs, by name.
pub const PAIRS: [(usize, usize, &str); 6] = [
    (0, 0, "circle-circle"),
    (0, 1, "circle-rect"),
    (1, 1, "rect-rect"),
    (0, 2, "circle-hull"),
    (1, 2, "rect-hull"),
    (2, 2, "hull-hull"),
];

/// A random shape of `kind`, size in `[lo, hi)`.
pub fn random_shape(rng: &mut SplitMix64, kind: usize, lo: f32, hi: f32) -> Shape {
    let size = rng.range(lo, hi);
    let aspect = rng.range(0.2, 1.0);
    let sides = 3 + rng.index(14);
    let jitter = rng.range(0.0, 1.0);
    shape(kind, size, aspect, sides, jitter)
}

/// The distance between the two shapes at fraction `t` of their motions.
pub fn distance_at(a: &Shape, ma: &Motion, b: &Shape, mb: &Motion, t: f32) -> f32 {
    distance(a, &ma.pose_at(t), b, &mb.pose_at(t))
        .expect("valid input")
        .distance
}

/// Dense sub-stepping: the first of `steps + 1` evenly spaced times at which the shapes overlap
/// (GJK distance 0), or `None`.
pub fn oracle_first_overlap(
    a: &Shape,
    ma: &Motion,
    b: &Shape,
    mb: &Motion,
    steps: u32,
) -> Option<f32> {
    (0..=steps)
        .map(|k| k as f32 / steps as f32)
        .find(|&t| distance_at(a, ma, b, mb, t) <= 0.0)
}

/// Checks a sweep's answer `found` against sub-steps at `steps`, where `depth_at(t)` is how
/// deep the shapes overlap at `t` (`0` apart): a miss has no step deeper than `tol`; a hit
/// has its time in `[0, 1]` (never `-0.0`) and a unit normal, comes no later than the first
/// step deeper than `tol`, and no step before it is deeper than `tol`. `ctx` names the case in
/// a failure. Returns the hit.
pub fn check_sub_steps(
    found: Option<Impact>,
    steps: &[f32],
    depth_at: impl Fn(f32) -> f32,
    tol: f32,
    ctx: impl Fn() -> String,
) -> Option<Impact> {
    let first_deep = steps.iter().copied().find(|&t| depth_at(t) > tol);
    let Some(hit) = found else {
        assert!(first_deep.is_none(), "{}: missed", ctx());
        return None;
    };
    assert!(hit.t >= 0.0 && hit.t <= 1.0 && hit.t.is_sign_positive());
    assert!((hit.normal.length() - 1.0).abs() < 1e-5);
    if let Some(deep) = first_deep {
        assert!(hit.t <= deep, "{}: {hit:?} after {deep}", ctx());
    }
    for &t in steps.iter().filter(|&&t| t < hit.t) {
        let depth = depth_at(t);
        assert!(depth <= tol, "{}: {hit:?}, {depth} in at {t}", ctx());
    }
    Some(hit)
}

/// A random rotation.
pub fn rot(rng: &mut SplitMix64) -> Rot {
    Rot::from_angle(rng.range(-3.2, 3.2))
}

/// The size the sweeps' tolerance is measured against: the radius of the circle about the
/// shape's origin that holds it.
pub fn extent(s: &Shape) -> f32 {
    match s {
        Shape::Circle(c) => c.radius,
        Shape::Rect(r) => r.half_extents.length(),
        Shape::Hull(h) => h.vertices().iter().fold(0.0f32, |m, p| m.max(p.length())),
    }
}

/// A case generator for the property tests: shapes of two kinds, a stationary or slow target
/// at the origin, and a shot through a point inside it at any angle and speed.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
pub fn shot_case(
    ka: usize,
    kb: usize,
) -> impl Strategy<Value = (Shape, Shape, Motion, Motion, Vec2)> {
    (
        (0.5f32..200.0, 0.2f32..1.0, 3usize..=16, 0.0f32..1.0),
        (0.5f32..200.0, 0.2f32..1.0, 3usize..=16, 0.0f32..1.0),
        (-3.2f32..3.2, -3.2f32..3.2, -3.2f32..3.2),
        (0.0f32..10_000.0, 0.0f32..1.0, -0.9f32..0.9, -0.9f32..0.9),
    )
        .prop_map(move |(sa, sb, (angle, ra, rb), (speed, phase, ox, oy))| {
            let a = shape(ka, sa.0, sa.1, sa.2, sa.3);
            let b = shape(kb, sb.0, sb.1, sb.2, sb.3);
            let dir = Vec2::from_angle(angle);
            // Through a point well inside b's core (its box shrunk to 90 % towards the centre,
            // then scaled to stay inside an inscribed ellipse for round shapes).
            let inner = match &b {
                Shape::Circle(c) => Vec2::new(ox, oy) * c.radius * 0.7,
                Shape::Rect(r) => Vec2::new(ox, oy) * r.half_extents,
                Shape::Hull(h) => h.centroid(),
            };
            let mb = Motion::new(Vec2::ZERO, Vec2::ZERO, Rot::from_angle(rb));
            // The shot's centre passes through `inner` somewhere in the frame.
            let pass = speed * phase;
            let start = inner - dir * pass;
            let ma = Motion::new(start, start + dir * speed, Rot::from_angle(ra));
            (a, b, ma, mb, dir)
        })
}
