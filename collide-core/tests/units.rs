//! Units: every query answers to scale, whatever unit a game measures in, over the ranges the
//! query conventions document (`collide_core::query`, "Units"), and far outside them it still
//! answers without a panic or a NaN.
//!
//! Each seeded case is asked at scale 1 and again with every shape, position and travel
//! multiplied by a power of two. Multiplying by a power of two is exact, so any difference
//! between the two answers is the queries' own rounding: squares that overflow or underflow,
//! and the few absolute thresholds a query keeps.

mod common;

use collide_core::{contact, distance, time_of_impact, Circle, Hull, Motion, Rect, Rot, Shape};
use common::{in_square, random_shape, SplitMix64, PAIRS};
use glam::Vec2;

/// `2^k`, halved or doubled step by step: exact, where `powi` may divide by an overflowed
/// power in a debug build.
fn pow2(k: i32) -> f32 {
    (0..k.unsigned_abs()).fold(1.0, |s, _| if k < 0 { s * 0.5 } else { s * 2.0 })
}

/// One pair of shapes and their motions over a frame, at scale 1.
struct Case {
    a: Shape,
    b: Shape,
    motion_a: Motion,
    motion_b: Motion,
    /// Two polygons, one a hull at least: the time of impact is the separating-axis sweep,
    /// which takes no squares of lengths.
    separating_axis: bool,
}

/// Seeded cases over every pair of kinds: sizes 0.2–3, a moving up to 8 units a frame against
/// b moving up to 2, starts within 6 units of the origin, so that about half of them meet.
fn cases() -> Vec<Case> {
    let mut rng = SplitMix64::new(0x0005_CA1E);
    (0..1200)
        .map(|i| {
            let (ka, kb, _) = PAIRS[i % PAIRS.len()];
            let a = random_shape(&mut rng, ka, 0.2, 3.0);
            let b = random_shape(&mut rng, kb, 0.2, 3.0);
            let rotation = |rng: &mut SplitMix64, kind| {
                if kind == 2 {
                    Rot::from_angle(rng.range(0.0, 6.3))
                } else {
                    Rot::IDENTITY
                }
            };
            let (ra, rb) = (rotation(&mut rng, ka), rotation(&mut rng, kb));
            let (sa, sb) = (in_square(&mut rng, 6.0), in_square(&mut rng, 6.0));
            let (ta, tb) = (in_square(&mut rng, 8.0), in_square(&mut rng, 2.0));
            Case {
                a,
                b,
                motion_a: Motion::new(sa, sa + ta, ra),
                motion_b: Motion::new(sb, sb + tb, rb),
                separating_axis: ka > 0 && kb > 0 && (ka == 2 || kb == 2),
            }
        })
        .collect()
}

/// `shape` with every length multiplied by `s`; `None` when the scaled shape is not valid.
fn scaled(shape: &Shape, s: f32) -> Option<Shape> {
    Some(match shape {
        Shape::Circle(c) => Shape::Circle(Circle {
            radius: c.radius * s,
        }),
        Shape::Rect(r) => Shape::Rect(Rect {
            half_extents: r.half_extents * s,
        }),
        Shape::Hull(h) => {
            let points: Vec<Vec2> = h.vertices().iter().map(|&v| v * s).collect();
            Shape::Hull(Hull::new(&points).ok()?)
        }
    })
}

/// `motion` with its positions multiplied by `s` (the rotation does not scale).
fn scaled_motion(motion: &Motion, s: f32) -> Motion {
    Motion::new(motion.start * s, motion.end * s, motion.rotation)
}

/// The case at scale `s`: both shapes and both motions.
fn at_scale(case: &Case, s: f32) -> (Shape, Motion, Shape, Motion) {
    let a = scaled(&case.a, s).expect("in range, hulls scale");
    let b = scaled(&case.b, s).expect("in range, hulls scale");
    (
        a,
        scaled_motion(&case.motion_a, s),
        b,
        scaled_motion(&case.motion_b, s),
    )
}

/// Whether `got`, measured at scale `s`, is `want` at scale 1, within `tol` of its size.
fn to_scale(got: Vec2, s: f32, want: Vec2, tol: f32) -> bool {
    (got / s - want).length() <= tol * (1.0 + want.length())
}

/// Checks the times of impact of `cases` at each scale `2^k` against scale 1: the same hits,
/// the same times within `dt`, the same normals and, to scale, the same points within `tol`.
fn check_times(cases: &[Case], powers: &[i32], dt: f32, tol: f32) -> usize {
    let mut hits = 0;
    for &k in powers {
        let s = pow2(k);
        for (i, case) in cases.iter().enumerate() {
            let want = time_of_impact(&case.a, &case.motion_a, &case.b, &case.motion_b);
            let (a, ma, b, mb) = at_scale(case, s);
            let got = time_of_impact(&a, &ma, &b, &mb);
            let ctx = format!("case {i} at 2^{k}: {got:?} against {want:?}");
            match (got, want) {
                (Some(got), Some(want)) => {
                    hits += 1;
                    assert!((got.t - want.t).abs() <= dt, "time: {ctx}");
                    assert!((got.normal - want.normal).length() <= tol, "normal: {ctx}");
                    assert!(to_scale(got.point, s, want.point, tol), "point: {ctx}");
                }
                (None, None) => {}
                _ => panic!("hit or miss: {ctx}"),
            }
        }
    }
    hits
}

/// The times of impact of circles (against anything) and of two rects give the same answers,
/// scaled, from 2⁻³⁰ to 2²⁶ (about 1e-9 to 7e7): a circle's quadratic squares travel × radius,
/// which must stay a normal float.
#[test]
fn closed_form_times_of_impact_scale_from_2_pow_minus_30_to_2_pow_26() {
    let closed: Vec<Case> = cases().into_iter().filter(|c| !c.separating_axis).collect();
    let hits = check_times(&closed, &[-30, -24, -16, -8, 8, 16, 24, 26], 1e-6, 1e-5);
    assert!(
        hits > closed.len(),
        "{hits} hits over 8 scales: the cases should meet often"
    );
}

/// The separating-axis sweeps of two polygons (a hull against a rect or a hull) give the same
/// answers, scaled, from 2⁻⁵⁸ to 2⁵⁸, as contacts do: they take no squares of lengths.
#[test]
fn polygon_times_of_impact_scale_from_2_pow_minus_58_to_2_pow_58() {
    let polygons: Vec<Case> = cases().into_iter().filter(|c| c.separating_axis).collect();
    let hits = check_times(&polygons, &[-58, -40, -24, -8, 8, 24, 40, 58], 1e-5, 1e-4);
    assert!(
        hits > polygons.len(),
        "{hits} hits over 8 scales: the cases should meet often"
    );
}

/// Contacts and distances square lengths, not products of them, so they scale over a much wider
/// range: contacts from 2⁻⁵⁸ to 2⁵⁸ and distances from 2⁻⁵⁴ to 2⁵⁸ (about 5e-17 to 3e17).
#[test]
fn contacts_and_distances_scale_from_2_pow_minus_54_to_2_pow_58() {
    let cases = cases();
    let (mut contacts, mut apart) = (0, 0);
    for k in [-58, -54, -40, -20, 20, 40, 58] {
        let s = pow2(k);
        for (i, case) in cases.iter().enumerate() {
            let (pa, pb) = (case.motion_a.end_pose(), case.motion_b.end_pose());
            let (a, ma, b, mb) = at_scale(case, s);
            let (qa, qb) = (ma.end_pose(), mb.end_pose());
            let (got, want) = (
                contact(&a, &qa, &b, &qb),
                contact(&case.a, &pa, &case.b, &pb),
            );
            let ctx = format!("case {i} at 2^{k}: {got:?} against {want:?}");
            match (got, want) {
                (Some(got), Some(want)) => {
                    contacts += 1;
                    assert!((got.normal - want.normal).length() <= 1e-5, "normal: {ctx}");
                    assert!(
                        (got.depth / s - want.depth).abs() <= 1e-5 * (1.0 + want.depth),
                        "depth: {ctx}"
                    );
                    assert!(to_scale(got.point, s, want.point, 1e-5), "point: {ctx}");
                }
                (None, None) => {}
                _ => panic!("overlap: {ctx}"),
            }
            if k < -54 {
                continue;
            }
            let got = distance(&a, &qa, &b, &qb).expect("valid input");
            let want = distance(&case.a, &pa, &case.b, &pb).expect("valid input");
            let ctx = format!("case {i} at 2^{k}: {got:?} against {want:?}");
            apart += usize::from(want.distance > 0.0);
            assert!(
                (got.distance / s - want.distance).abs() <= 1e-5 * (1.0 + want.distance),
                "distance: {ctx}"
            );
            assert!(
                to_scale(got.point_a, s, want.point_a, 1e-5),
                "point a: {ctx}"
            );
            assert!(
                to_scale(got.point_b, s, want.point_b, 1e-5),
                "point b: {ctx}"
            );
        }
    }
    // Seven scales: a twentieth of the cases overlapping at least, half apart.
    assert!(
        contacts > 7 * cases.len() / 20 && apart > 7 * cases.len() / 2,
        "{contacts} contacts, {apart} apart"
    );
}

/// Far outside those ranges the answers are no longer to scale, but every query still answers
/// sensibly, from the smallest subnormal scale to `2^124` (where the cases' coordinates near
/// `1e38`, the largest floats): no panic and no NaN; times within the frame; points, depths
/// and distances finite; normals of unit length, but for the closed-form sweeps' below about
/// `1e-19` units, which stay within a third of it. Where the numbers give out, the answer is
/// `None`.
#[test]
fn far_outside_the_ranges_answers_stay_finite_and_normals_unit() {
    let cases = cases();
    let (mut hits, mut contacts, mut distances) = (0, 0, 0);
    for k in (-149..=124).step_by(3) {
        let s = pow2(k);
        for (i, case) in cases.iter().enumerate() {
            // Tiny hulls merge their vertices and are refused: nothing to ask.
            let (Some(a), Some(b)) = (scaled(&case.a, s), scaled(&case.b, s)) else {
                continue;
            };
            let (ma, mb) = (
                scaled_motion(&case.motion_a, s),
                scaled_motion(&case.motion_b, s),
            );
            let unit = |n: Vec2| (n.length() - 1.0).abs() < 1e-6;
            // The sweeps of circles and rects keep their normalization short on their common
            // path: below about 1e-19 units their normals keep their direction but not their
            // length.
            let short = !matches!(case.a, Shape::Hull(_)) && !matches!(case.b, Shape::Hull(_));
            let sweep_unit = |n: Vec2| (n.length() - 1.0).abs() < if short { 0.35 } else { 1e-6 };
            if let Some(hit) = time_of_impact(&a, &ma, &b, &mb) {
                hits += 1;
                let ok =
                    (0.0..=1.0).contains(&hit.t) && hit.point.is_finite() && sweep_unit(hit.normal);
                assert!(ok, "case {i} at 2^{k}: {hit:?}");
            }
            let (pa, pb) = (ma.end_pose(), mb.end_pose());
            if let Some(c) = contact(&a, &pa, &b, &pb) {
                contacts += 1;
                let ok = c.point.is_finite() && c.depth > 0.0 && c.depth.is_finite();
                assert!(ok && unit(c.normal), "case {i} at 2^{k}: {c:?}");
            }
            if let Some(d) = distance(&a, &pa, &b, &pb) {
                distances += 1;
                let ok = d.distance >= 0.0 && d.distance.is_finite();
                assert!(
                    ok && d.point_a.is_finite() && d.point_b.is_finite(),
                    "case {i} at 2^{k}: {d:?}"
                );
            }
        }
    }
    // Most scales are far outside the ranges, and there most answers still come.
    let asked = 92 * cases.len();
    assert!(
        hits > asked / 10 && contacts > asked / 20 && distances > asked / 2,
        "{hits} {contacts} {distances}"
    );
}
