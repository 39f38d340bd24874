//! `Probe`: a prepared shape answers every overlap exactly as `overlaps` and `contact` do, and
//! its box is the shape's own, for every input: near and far, turned, exactly touching, a few
//! ulps either side of touching, and bad input.

use collide_core::{contact, overlaps, Circle, Hull, Pose, Probe, Rect, Rot, Shape, Simplify};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x0090_7BE5),
        failure_persistence: None,
        ..Config::default()
    }
}

/// The probe's answer, checked against `overlaps` and `contact` and returned.
fn agrees(a: &Shape, pa: &Pose, b: &Shape, pb: &Pose) -> bool {
    let probe = Probe::new(a, pa);
    let answer = probe.overlaps(b, pb);
    assert_eq!(
        answer,
        overlaps(a, pa, b, pb),
        "probe vs overlaps: {a:?} {pa:?} {b:?} {pb:?}"
    );
    assert_eq!(
        answer,
        contact(a, pa, b, pb).is_some(),
        "probe vs contact: {a:?} {pa:?} {b:?} {pb:?}"
    );
    let (mine, theirs) = (probe.aabb(), a.aabb(pa));
    let same = |x: Vec2, y: Vec2| x == y || (x.is_nan() && y.is_nan());
    assert!(
        same(mine.min(), theirs.min()) && same(mine.max(), theirs.max()),
        "box: {mine:?} {theirs:?}"
    );
    answer
}

/// `x` moved by `ulps` units in the last place (towards +inf for positive `ulps`), through
/// the bits (the `next_up` of the standard library is newer than the crate's Rust).
fn nudged(x: f32, ulps: i32) -> f32 {
    let mut x = x;
    for _ in 0..ulps.unsigned_abs() {
        if !x.is_finite() {
            break;
        }
        // Away from zero the magnitude's bits grow; towards it, they shrink, past zero.
        let away = (ulps > 0) == x.is_sign_positive();
        x = match (x == 0.0, away) {
            (true, _) => f32::from_bits(1).copysign(if ulps > 0 { 1.0 } else { -1.0 }),
            (false, true) => f32::from_bits(x.to_bits() + 1),
            (false, false) => f32::from_bits(x.to_bits() - 1),
        };
    }
    x
}

/// A hull from 3 to 16 random points of `size`, or a regular polygon when they are degenerate.
fn any_hull() -> impl Strategy<Value = Hull> {
    (
        prop_oneof![0.5f32..4.0, 8.0f32..20.0],
        prop::collection::vec((-1.0f32..1.0, -1.0f32..1.0), 3..=16),
        3usize..=16,
    )
        .prop_map(|(size, points, sides)| {
            let points: Vec<Vec2> = points
                .iter()
                .map(|&(x, y)| Vec2::new(x, y) * size)
                .collect();
            Hull::from_points(&points, Simplify::Vw)
                .or_else(|_| Hull::regular(sides, size))
                .expect("a regular polygon is a hull")
        })
}

fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.0f32..10.0).prop_map(|radius| Shape::Circle(Circle { radius })),
        (0.0f32..10.0, 0.0f32..10.0).prop_map(|(x, y)| Shape::Rect(Rect {
            half_extents: Vec2::new(x, y)
        })),
        any_hull().prop_map(Shape::Hull),
        any_hull().prop_map(Shape::Hull),
    ]
}

/// Where the probe stands: near the origin, far, very far, or near the edge of `f32`.
fn any_origin() -> impl Strategy<Value = Vec2> {
    let scale = prop_oneof![
        Just(1.0f32),
        Just(1e4),
        Just(1e7),
        Just(1e20),
        Just(1e30),
        Just(1e38),
    ];
    (scale, -1.0f32..1.0, -1.0f32..1.0).prop_map(|(s, x, y)| Vec2::new(x, y) * s)
}

fn turn() -> impl Strategy<Value = Rot> {
    prop_oneof![
        Just(Rot::IDENTITY),
        (-3.2f32..3.2).prop_map(Rot::from_angle)
    ]
}

proptest! {
    #![proptest_config(config(2048))]

    /// Random pairs within reach of each other, anywhere.
    #[test]
    fn a_probe_answers_as_overlaps(
        a in any_shape(),
        b in any_shape(),
        origin in any_origin(),
        (ra, rb) in (turn(), turn()),
        offset in (-25.0f32..25.0, -25.0f32..25.0),
    ) {
        let pa = Pose::new(origin, ra);
        let pb = Pose::new(origin + Vec2::new(offset.0, offset.1), rb);
        agrees(&a, &pa, &b, &pb);
        agrees(&b, &pb, &a, &pa);
    }

    /// A rect placed against a turned hull: a corner of the rect on a vertex of the hull, or
    /// a side of the rect on the hull's box, then a few ulps either way.
    #[test]
    fn touching_rects_answer_as_overlaps(
        hull in any_hull(),
        origin in any_origin(),
        angle in -3.2f32..3.2,
        half in (0.0f32..10.0, 0.0f32..10.0),
        vertex in 0usize..16,
        side in 0usize..4,
        ulps in -3i32..=3,
        along in -1.0f32..1.0,
    ) {
        let pa = Pose::new(origin, Rot::from_angle(angle));
        let h = Vec2::new(half.0, half.1);
        let corner = pa.transform_point(hull.vertices()[vertex % hull.vertices().len()]);
        let signs = [Vec2::new(1.0, 1.0), Vec2::new(-1.0, 1.0), Vec2::new(-1.0, -1.0), Vec2::new(1.0, -1.0)];
        let on_vertex = corner + h * signs[side];
        let area = hull.aabb(&pa);
        let (lo, hi) = (area.min(), area.max());
        let on_box = match side {
            0 => Vec2::new(hi.x + h.x, area.center.y + along * area.half_extents.y),
            1 => Vec2::new(lo.x - h.x, area.center.y + along * area.half_extents.y),
            2 => Vec2::new(area.center.x + along * area.half_extents.x, hi.y + h.y),
            _ => Vec2::new(area.center.x + along * area.half_extents.x, lo.y - h.y),
        };
        let a = Shape::Hull(hull);
        let b = Shape::Rect(Rect { half_extents: h });
        for at in [on_vertex, on_box] {
            for at in [at, Vec2::new(nudged(at.x, ulps), nudged(at.y, -ulps))] {
                agrees(&a, &pa, &b, &Pose::from_position(at));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(2048))]

    /// A turned hull placed with one of its vertices on a vertex of a turned hull or a corner
    /// of a rect, then a few ulps either way: touching, or nearly.
    #[test]
    fn touching_hulls_answer_as_overlaps(
        probe in prop_oneof![
            any_hull().prop_map(Shape::Hull),
            (0.0f32..10.0, 0.0f32..10.0).prop_map(|(x, y)| Shape::Rect(Rect {
                half_extents: Vec2::new(x, y)
            })),
        ],
        hull in any_hull(),
        origin in any_origin(),
        (ra, rb) in (turn(), turn()),
        (i, j) in (0usize..16, 0usize..16),
        ulps in -3i32..=3,
    ) {
        let pa = Pose::new(origin, ra);
        let corner = match &probe {
            Shape::Hull(h) => pa.transform_point(h.vertices()[i % h.vertices().len()]),
            Shape::Rect(r) => origin + r.half_extents * [1.0, -1.0][i % 2],
            Shape::Circle(_) => origin,
        };
        let own = rb.apply(hull.vertices()[j % hull.vertices().len()]);
        let at = corner - own;
        let b = Shape::Hull(hull);
        for at in [at, Vec2::new(nudged(at.x, ulps), nudged(at.y, -ulps))] {
            agrees(&probe, &pa, &b, &Pose::new(at, rb));
        }
    }
}

#[test]
fn bad_input_answers_as_overlaps() {
    let hexagon = Shape::Hull(Hull::regular(6, 12.0).unwrap());
    let square = Shape::Rect(Rect {
        half_extents: Vec2::splat(5.0),
    });
    let good = Pose::new(Vec2::new(3.0, 4.0), Rot::from_angle(0.3));
    let bad_positions = [
        Vec2::NAN,
        Vec2::new(f32::INFINITY, 0.0),
        Vec2::new(0.0, f32::NEG_INFINITY),
        Vec2::splat(f32::MAX),
        Vec2::new(-f32::MAX, 1.0),
    ];
    let mut poses: Vec<Pose> = bad_positions
        .iter()
        .map(|&p| Pose::from_position(p))
        .collect();
    poses.push(Pose::new(Vec2::ZERO, Rot::from_angle(f32::NAN)));
    poses.push(Pose::new(Vec2::ZERO, Rot::from_angle(f32::INFINITY)));
    poses.push(good);
    let bad_rects = [
        Vec2::new(-1.0, 5.0),
        Vec2::new(f32::NAN, 5.0),
        Vec2::new(5.0, f32::INFINITY),
        Vec2::splat(f32::MAX),
    ]
    .map(|h| Shape::Rect(Rect { half_extents: h }));
    for pa in &poses {
        for pb in &poses {
            for b in bad_rects.iter().chain([&square, &hexagon]) {
                agrees(&hexagon, pa, b, pb);
                agrees(b, pb, &hexagon, pa);
            }
        }
    }
    // The plain case still overlaps, and a far square does not.
    assert!(agrees(&hexagon, &good, &square, &good));
    assert!(!agrees(
        &hexagon,
        &good,
        &square,
        &Pose::from_position(Vec2::new(40.0, 0.0))
    ));
}
