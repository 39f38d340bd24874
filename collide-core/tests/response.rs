//! The response helpers against oracles: a clipped motion goes into no surface and is as close
//! to the wanted motion as any allowed motion found by a dense search.

use collide_core::{clip_motion, reflect, slide};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn unit() -> impl Strategy<Value = Vec2> {
    (0.0f32..core::f32::consts::TAU).prop_map(Vec2::from_angle)
}

#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn motion() -> impl Strategy<Value = Vec2> {
    (0.0f32..core::f32::consts::TAU, 0.01f32..500.0).prop_map(|(a, r)| Vec2::from_angle(a) * r)
}

/// The allowed motion nearest to `motion`, by trying every point of a dense polar grid of
/// radius `|motion|` (the answer is never longer than the motion: clipping only removes).
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn nearest_allowed_by_search(motion: Vec2, normals: &[Vec2]) -> f32 {
    let radius = motion.length();
    let mut best = motion.length(); // zero is always allowed
    for i in 0..720 {
        let direction = Vec2::from_angle(i as f32 * core::f32::consts::TAU / 720.0);
        for j in 1..=100 {
            let p = direction * (radius * j as f32 / 100.0);
            if normals.iter().all(|n| p.dot(*n) <= 0.0) {
                best = best.min((p - motion).length());
            }
        }
    }
    best
}

proptest! {
    #![proptest_config(Config {
        cases: 200,
        rng_seed: RngSeed::Fixed(0x5EED_0032),
        failure_persistence: None,
        ..Config::default()
    })]

    #[test]
    fn clipped_motion_is_allowed_and_nearest(
        m in motion(),
        normals in prop::collection::vec(unit(), 1..4),
    ) {
        let got = clip_motion(m, &normals);
        for n in &normals {
            prop_assert!(got.dot(*n) <= 1e-4 * m.length(), "{got} goes into {n}");
        }
        prop_assert!(got.length() <= m.length() * (1.0 + 1e-5));
        // The dense search's grid is coarser than the exact answer; it can only be farther.
        let searched = nearest_allowed_by_search(m, &normals);
        let gap = (got - m).length();
        prop_assert!(gap <= searched + 1e-3 * m.length(), "{gap} > {searched}");
        // Clipping what is already clipped changes nothing.
        prop_assert!((clip_motion(got, &normals) - got).length() <= 1e-4 * m.length());
    }

    #[test]
    fn slide_and_reflect_never_go_into_the_surface(m in motion(), n in unit(), e in 0.0f32..=1.0) {
        prop_assert!(slide(m, n).dot(n) <= 1e-4 * m.length());
        let r = reflect(m, n, e);
        prop_assert!(r.dot(n) <= 1e-4 * m.length());
        // A bounce never gains speed for a restitution in [0, 1].
        prop_assert!(r.length() <= m.length() * (1.0 + 1e-5));
    }
}
