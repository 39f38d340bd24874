//! The narrow phase: the tunnelling experiment, the never-miss property, and its rules
//! (discrete first, sweep for when contact began, sweep on a miss, no threshold).

mod common;

use collide_core::{
    contact, narrow_phase, tunnelling_speed, Aabb, Circle, Hull, Motion, Rect, SweepMode,
};
use common::*;
use glam::Vec2;
use proptest::prelude::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The tunnelling experiment: point shots fired straight up at a target `height` tall at 60 fps,
/// `phases` starting offsets per speed; returns how many shots were never hit.
fn missed_shots(height: f32, speed: f32, phases: u32, mode: SweepMode) -> u32 {
    let fps = 60.0;
    let target = Rect {
        half_extents: v(7.0, height / 2.0),
    };
    let still = Motion::stationary(Vec2::ZERO);
    let step = speed / fps;
    let shot = Circle { radius: 0.0 };
    let mut missed = 0;
    for i in 0..phases {
        let phase = (i as f32 + 0.5) / phases as f32;
        // Start below the target, one frame plus a fraction of a frame away.
        let base = -height / 2.0 - step * (1.0 + phase);
        let frames = 2 + (height / step).ceil() as u32 + 1;
        let hit = (0..frames).any(|k| {
            let y0 = base + step * k as f32;
            let m = Motion::linear(v(0.0, y0), v(0.0, y0 + step));
            narrow_phase(shot, &m, target, &still, mode).hit.is_some()
        });
        if !hit {
            missed += 1;
        }
    }
    missed
}

/// The speed (units per second, scanned upwards in `resolution` steps) at which the plain test
/// first misses a shot.
fn measured_onset(height: f32, from: f32, to: f32, resolution: f32) -> f32 {
    let mut speed = from;
    while speed <= to {
        if missed_shots(height, speed, 500, SweepMode::Off) > 0 {
            return speed;
        }
        speed += resolution;
    }
    f32::INFINITY
}

#[test]
fn sweep_off_tunnels_from_the_tunnelling_speed() {
    for height in [14.0f32, 7.0] {
        let predicted = tunnelling_speed(&Aabb::new(Vec2::ZERO, v(7.0, height / 2.0)), 1.0 / 60.0);
        let resolution = predicted / 400.0;
        let onset = measured_onset(height, predicted * 0.8, predicted * 1.2, resolution);
        eprintln!("target {height} tall: tunnelling speed {predicted}, measured onset {onset}");
        assert!(
            onset >= predicted - resolution && onset <= predicted * 1.01,
            "height {height}: predicted {predicted}, measured {onset}"
        );
        // Well above it, many shots pass through with the sweep off, none with it on.
        assert!(missed_shots(height, predicted * 3.0, 200, SweepMode::Off) > 50);
    }
    let onset_14 = measured_onset(14.0, 700.0, 1000.0, 2.0);
    let onset_7 = measured_onset(7.0, 350.0, 500.0, 1.0);
    assert!(
        (onset_7 * 2.0 - onset_14).abs() <= 4.0,
        "halving the target halves the speed"
    );
}

#[test]
fn exact_sweep_misses_no_shot_at_any_speed() {
    for speed in [
        100.0f32, 840.0, 841.0, 1_000.0, 5_000.0, 20_000.0, 600_000.0,
    ] {
        assert_eq!(
            missed_shots(14.0, speed, 200, SweepMode::Exact),
            0,
            "{speed}"
        );
        assert_eq!(
            missed_shots(14.0, speed, 200, SweepMode::ExpandedBox),
            0,
            "{speed}"
        );
    }
}

proptest! {
    #![proptest_config(config(256, 0x5EED_0001))]

    /// With the exact sweep no shot through the target is ever missed: speeds up to 10 000
    /// units per frame, every angle, sizes 0.5 to 200, all six pairs, both orders.
    #[test]
    fn exact_narrow_phase_never_misses(
        (a, b, ma, mb, _) in (0usize..6).prop_flat_map(|p| shot_case(PAIRS[p].0, PAIRS[p].1)),
        swap in any::<bool>(),
    ) {
        let hit = if swap {
            narrow_phase(&b, &mb, &a, &ma, SweepMode::Exact).hit
        } else {
            narrow_phase(&a, &ma, &b, &mb, SweepMode::Exact).hit
        };
        prop_assert!(hit.is_some(), "missed: {a:?} {ma:?} {b:?} {mb:?}");
        let hit = hit.unwrap();
        prop_assert!((0.0..=1.0).contains(&hit.impact.t) && (hit.impact.normal.length() - 1.0).abs() < 1e-3);
    }
}

#[test]
fn discrete_hit_gets_the_impact_and_keeps_the_end_of_frame_contact() {
    let a = Circle { radius: 0.5 };
    let b = Circle { radius: 1.0 };
    let still = Motion::stationary(Vec2::ZERO);
    let m = Motion::linear(v(-4.0, 0.0), v(0.5, 0.2));
    let out = narrow_phase(a, &m, b, &still, SweepMode::Exact);
    let hit = out.hit.unwrap();
    let c = contact(a, &m.end_pose(), b, &still.end_pose()).unwrap();
    assert!(!hit.by_sweep && out.swept);
    assert_eq!(hit.contact, Some(c));
    let impact = collide_core::time_of_impact(a, &m, b, &still).unwrap();
    assert_eq!(
        (hit.impact.t, hit.impact.point, hit.impact.normal),
        (impact.t, impact.point, impact.normal)
    );
    assert!(impact.t > 0.0 && impact.t < 1.0);
    // The impact's normal is along the path's approach, the contact's along the end offset.
    assert!(hit.impact.normal.dot(c.normal) < 0.999, "{hit:?}");
    // Touching at the start and moving in: t = 0.
    let m = Motion::linear(v(-1.5, 0.0), v(-1.0, 0.0));
    assert_eq!(
        narrow_phase(a, &m, b, &still, SweepMode::Exact)
            .hit
            .unwrap()
            .impact
            .t,
        0.0
    );
    // No relative motion, overlapping: t = 0 without a sweep.
    let together = Motion::linear(v(0.5, 0.0), v(10.5, 0.0));
    let with = Motion::linear(v(0.0, 0.0), v(10.0, 0.0));
    let out = narrow_phase(a, &together, b, &with, SweepMode::Exact);
    assert_eq!(out.hit.map(|h| h.impact.t), Some(0.0));
    assert!(!out.swept);
    // No relative motion, apart: nothing, and no sweep, however fast.
    let apart = Motion::linear(v(5.0, 0.0), v(10_005.0, 0.0));
    let with = Motion::linear(v(0.0, 0.0), v(10_000.0, 0.0));
    let out = narrow_phase(a, &apart, b, &with, SweepMode::Exact);
    assert_eq!(out, Default::default());
}

#[test]
fn a_miss_with_motion_is_swept_in_each_mode() {
    let bullet = Circle { radius: 2.0 };
    let alien = Rect {
        half_extents: v(7.0, 7.0),
    };
    let still = Motion::stationary(Vec2::ZERO);
    let shot = Motion::linear(v(0.0, -30.0), v(0.0, 30.0));
    let off = narrow_phase(bullet, &shot, alien, &still, SweepMode::Off);
    assert_eq!(off, Default::default());
    let exact = narrow_phase(bullet, &shot, alien, &still, SweepMode::Exact);
    let hit = exact.hit.unwrap();
    assert!(exact.swept && hit.by_sweep);
    assert!((hit.impact.t - 21.0 / 60.0).abs() < 1e-6 && hit.impact.normal == Vec2::Y);
    assert!((hit.impact.point - v(0.0, -7.0)).length() < 1e-5);
    let expanded = narrow_phase(bullet, &shot, alien, &still, SweepMode::ExpandedBox);
    assert_eq!(
        expanded
            .hit
            .map(|h| (h.impact.t, h.impact.normal, h.by_sweep)),
        Some((1.0, Vec2::Y, true))
    );
    // A diagonal shot that passes the corner: the expanded box over-reports, the exact sweep does not.
    let diagonal = Motion::linear(v(-30.0, 0.0), v(0.0, 30.0));
    assert!(
        narrow_phase(bullet, &diagonal, alien, &still, SweepMode::Exact)
            .hit
            .is_none()
    );
    assert!(
        narrow_phase(bullet, &diagonal, alien, &still, SweepMode::ExpandedBox)
            .hit
            .is_some()
    );
    // A hull is swept exactly too: the hexagon's bottom face lies 7·cos 30° below its centre,
    // and the shot's rim reaches it at t = (30 − 7·cos 30° − 2) / 60.
    let hull = Hull::regular(6, 7.0).unwrap();
    let hit = narrow_phase(bullet, &shot, &hull, &still, SweepMode::Exact)
        .hit
        .unwrap();
    let expect = (28.0 - 7.0 * 0.75f32.sqrt()) / 60.0;
    assert!(
        hit.by_sweep && (hit.impact.t - expect).abs() < 1e-6,
        "{hit:?}"
    );
    assert!((hit.impact.normal - Vec2::Y).length() < 1e-6, "{hit:?}");
}

#[test]
fn three_bodies_are_ordered_by_when_contact_began() {
    // The bullet enters B at t = 0.2 and still overlaps it at the end; it passes through the
    // thin A in between, touching it at t = 0.36.
    let bullet = Circle { radius: 1.0 };
    let shot = Motion::linear(v(0.0, 0.0), v(100.0, 0.0));
    let b = Rect {
        half_extents: v(50.0, 5.0),
    };
    let b_at = Motion::stationary(v(71.0, 0.0));
    let a = Rect {
        half_extents: v(0.5, 5.0),
    };
    let a_at = Motion::stationary(v(37.5, 0.0));
    let on_b = narrow_phase(bullet, &shot, b, &b_at, SweepMode::Exact)
        .hit
        .unwrap();
    let on_a = narrow_phase(bullet, &shot, a, &a_at, SweepMode::Exact)
        .hit
        .unwrap();
    assert!(
        !on_b.by_sweep && (on_b.impact.t - 0.2).abs() < 1e-6,
        "{on_b:?}"
    );
    assert!(
        on_a.by_sweep && (on_a.impact.t - 0.36).abs() < 1e-6,
        "{on_a:?}"
    );
    assert!(on_b.impact.t < on_a.impact.t, "B was reached first");
}

#[test]
fn bad_input_gives_no_hit() {
    let c = Circle { radius: 1.0 };
    let still = Motion::stationary(Vec2::ZERO);
    let nan = Motion::linear(v(f32::NAN, 0.0), v(0.0, 0.0));
    for mode in [SweepMode::Exact, SweepMode::ExpandedBox, SweepMode::Off] {
        assert_eq!(narrow_phase(c, &nan, c, &still, mode), Default::default());
        assert!(
            narrow_phase(Circle { radius: -1.0 }, &still, c, &still, mode)
                .hit
                .is_none()
        );
    }
}
