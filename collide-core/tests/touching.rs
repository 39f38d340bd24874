//! The touching rule: shapes that overlap by no more than the contact tolerance `τ` touch, and
//! touching is no contact and no hit, in the discrete tests, the sweeps and the narrow phase
//! alike; shapes that overlap by more are always hit.

use collide_core::{
    contact, narrow_phase, overlaps, time_of_impact, touch_tolerance, Circle, Motion, Pose, Rect,
    Shape, SweepMode,
};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// One unit in the last place of `x` (positive, finite).
fn ulp(x: f32) -> f32 {
    f32::from_bits(x.to_bits() + 1) - x
}

/// The sweep's tolerance: of both motions' starts and ends.
fn tau_of(ma: &Motion, mb: &Motion) -> f32 {
    touch_tolerance([ma.start, ma.end, mb.start, mb.end])
}

/// Two boxes side by side at `x ≈ 1676`, three ulps of `x` apart (about `3.7e-4`) all frame,
/// while one slides past the other or both drift together with a relative drift of an ulp
/// towards each other or away: no hit, at any speed along the gap. Three ulps are within the
/// rounding of positions there, and under the tolerance (`τ ≈ 8e-4`).
#[test]
fn rects_three_ulps_apart_all_frame_are_no_hit() {
    let x = 1676.0f32;
    let u = ulp(x);
    let (a, b) = (
        Rect {
            half_extents: Vec2::new(4.0, 4.0),
        },
        Rect {
            half_extents: Vec2::new(4.0, 4.0),
        },
    );
    // `b`'s left face three ulps right of `a`'s right face: `b`'s centre at `x + 8 + 3u`, which
    // at this magnitude is exact.
    let bx = x + 8.0 + 3.0 * u;
    assert_eq!(f64::from(bx) - f64::from(x) - 8.0, f64::from(3.0 * u));
    let mut checked = 0;
    for speed in [0.5f32, 7.0, 60.0, 900.0] {
        for drift in [-1.0f32, 0.0, 1.0] {
            // `a` drifts by `drift` ulps towards `b` (its end at most two ulps short of it).
            let ma = Motion::linear(Vec2::new(x, 0.0), Vec2::new(x + drift * u, speed));
            for mb in [
                Motion::stationary(Vec2::new(bx, 3.0)),
                Motion::linear(Vec2::new(bx, 3.0), Vec2::new(bx, 3.0 - speed)),
            ] {
                let tau = tau_of(&ma, &mb);
                assert!(3.0 * u < tau && tau < 1e-3, "{tau}");
                let ctx = format!("{ma:?} {mb:?}");
                assert_eq!(time_of_impact(a, &ma, b, &mb), None, "{ctx}");
                assert_eq!(time_of_impact(b, &mb, a, &ma), None, "{ctx}");
                assert_eq!(
                    narrow_phase(a, &ma, b, &mb, SweepMode::Exact),
                    None,
                    "{ctx}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 24);
}

/// Two boxes (and a circle against a box, and two circles) at `x ≈ 3456` that end the frame
/// overlapping by `4e-5`, less than one ulp there (`2.4e-4`) and under the tolerance
/// (`τ ≈ 1.6e-3`): no discrete contact, no overlap, no sweep hit and no narrow-phase hit.
/// Overlapping by `3τ` instead, each is a contact and a hit. The positions are whole units;
/// the overlap is in the mover's size, the only place a sub-ulp overlap can live there.
#[test]
fn overlapping_by_less_than_the_tolerance_at_the_end_is_no_contact_and_no_hit() {
    let x = 3456.0f32;
    let tile = Rect {
        half_extents: Vec2::new(8.0, 8.0),
    };
    let still = Motion::stationary(Vec2::new(x, 100.0));
    let tau = touch_tolerance([still.end]);
    let mut checked = 0;
    for (overlap, hit) in [(4e-5f32, false), (3.0 * tau, true)] {
        let size = 5.0 + overlap;
        let rect = Shape::Rect(Rect {
            half_extents: Vec2::new(size, 6.0),
        });
        let circle = Shape::Circle(Circle { radius: size });
        for mover in [rect, circle] {
            for target in [Shape::Rect(tile), Shape::Circle(Circle { radius: 8.0 })] {
                // The mover comes from the left along y = 100 and ends `overlap` into the
                // target: its centre 13 units left of the target's.
                let end = Vec2::new(x - 13.0, 100.0);
                let moving = Motion::linear(end - Vec2::new(40.0, 0.0), end);
                let real = f64::from(size) + 8.0 - (f64::from(x) - f64::from(end.x));
                assert!((real - f64::from(overlap)).abs() < 1e-6, "{real}");
                assert!(touch_tolerance([moving.start, moving.end, still.end]) <= tau);
                let ctx = format!("{mover:?} {moving:?} {target:?} {still:?}");
                let (pa, pb) = (moving.end_pose(), still.end_pose());
                assert_eq!(contact(&mover, &pa, &target, &pb).is_some(), hit, "{ctx}");
                assert_eq!(contact(&target, &pb, &mover, &pa).is_some(), hit, "{ctx}");
                assert_eq!(overlaps(&mover, &pa, &target, &pb), hit, "{ctx}");
                let swept = time_of_impact(&mover, &moving, &target, &still);
                assert_eq!(swept.is_some(), hit, "{ctx}");
                let narrow = narrow_phase(&mover, &moving, &target, &still, SweepMode::Exact);
                assert_eq!(narrow.is_some(), hit, "{ctx}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 8);
}

/// A box (and a circle) dropped onto a tile far from the origin, put at its exact time of
/// impact on its own path, and then moved away from the tile or along it: no hit, though the
/// position at the time of impact rounds to a few µm into the tile as often as not. Moving
/// back in, it is a hit at `t = 0`.
#[test]
fn a_body_put_at_its_time_of_impact_and_moving_away_is_no_hit() {
    let mut rng = SplitMix64::new(0x70C4);
    let tile_at = Vec2::new(3000.0, 2000.0);
    let tile = Rect {
        half_extents: Vec2::new(8.0, 8.0),
    };
    let still = Motion::stationary(tile_at);
    let (mut placed, mut into) = (0, 0);
    for case in 0..400 {
        let body = if case % 2 == 0 {
            Shape::Rect(Rect {
                half_extents: Vec2::new(rng.range(1.0, 6.0), rng.range(1.0, 6.0)),
            })
        } else {
            Shape::Circle(Circle {
                radius: rng.range(1.0, 6.0),
            })
        };
        let half_height = match body {
            Shape::Rect(r) => r.half_extents.y,
            Shape::Circle(c) => c.radius,
            _ => unreachable!(),
        };
        // Falling onto the tile's top (y down: the tile's top face is at `tile_at.y − 8`)
        // from above, a little to either side of its middle.
        let x = tile_at.x + rng.range(-6.0, 6.0);
        let start = Vec2::new(
            x + rng.range(-3.0, 3.0),
            tile_at.y - 8.0 - half_height - 30.0,
        );
        let end = Vec2::new(x, tile_at.y - 8.0 - half_height + rng.range(0.5, 5.0));
        let fall = Motion::linear(start, end);
        let Some(impact) = time_of_impact(&body, &fall, tile, &still) else {
            panic!("case {case}: {body:?} {fall:?} falls onto the tile");
        };
        let at = fall.position_at(impact.t);
        placed += 1;
        // How far into the tile it was put, exactly (positive: overlapping).
        let depth = f64::from(half_height) + 8.0 - (f64::from(tile_at.y) - f64::from(at.y));
        into += usize::from(depth > 0.0);
        assert!(depth.abs() < 1e-3, "case {case}: put {depth} into the tile");
        for away in [
            Vec2::new(0.0, -rng.range(0.5, 40.0)),
            Vec2::new(rng.range(-30.0, 30.0), -rng.range(0.0, 5.0)),
            Vec2::new(rng.range(-3.0, 3.0), 0.0),
        ] {
            let leave = Motion::linear(at, at + away);
            let ctx = format!("case {case}: {body:?} {fall:?} at {at} then {away}");
            assert_eq!(time_of_impact(&body, &leave, tile, &still), None, "{ctx}");
            assert_eq!(
                narrow_phase(&body, &leave, tile, &still, SweepMode::Exact),
                None,
                "{ctx}"
            );
        }
        // Moving back in: from where it was put, within rounding of touching, at once; from
        // inside (if only a few µm), at `t = +0.0`.
        let back = Motion::linear(at, at + Vec2::new(0.0, 2.0));
        let hit = time_of_impact(&body, &back, tile, &still).expect("moving back in");
        assert!(hit.t < 1e-4, "case {case}: {hit:?}");
        if depth > 1e-5 {
            assert_eq!(hit.t.to_bits(), 0.0f32.to_bits(), "case {case}: {depth}");
        }
    }
    assert!(
        placed == 400 && into > 40,
        "{into} of {placed} put into the tile: the rounding should often put them there"
    );
}

/// Seeded pairs of boxes and circles far from the origin, side by side along one axis, moving
/// at any speed: a pair whose exact (`f64`) overlap along that axis stays under `τ` all frame,
/// by a quarter of `τ` (about an ulp of the coordinates, so that the rounding of this test's
/// own inputs does not decide), is never hit, neither by the sweep nor by the narrow phase;
/// and a pair that ends the frame more than `2τ` deep is always both a contact and a hit.
///
/// Along that axis the shapes' extents give a bound: the depth of two convex shapes is at
/// most their overlap along any one axis, and with the motions linear that overlap is linear
/// in time, so at its largest at the start or the end.
#[test]
fn the_tolerance_decides_grazes_on_seeded_pairs() {
    let mut rng = SplitMix64::new(0x7A0C);
    let (mut grazes, mut hits) = (0, 0);
    for case in 0..20_000 {
        let kind = case % 4;
        let make = |rng: &mut SplitMix64, round: bool| {
            if round {
                Shape::Circle(Circle {
                    radius: rng.range(0.5, 12.0),
                })
            } else {
                Shape::Rect(Rect {
                    half_extents: Vec2::new(rng.range(0.5, 12.0), rng.range(0.5, 12.0)),
                })
            }
        };
        let (a, b) = (make(&mut rng, kind & 1 == 1), make(&mut rng, kind & 2 == 2));
        let extent = |s: &Shape| match *s {
            Shape::Circle(c) => Vec2::splat(c.radius),
            Shape::Rect(r) => r.half_extents,
            _ => unreachable!(),
        };
        let (ea, eb) = (extent(&a), extent(&b));
        // The axis across the gap, the side `a` is on, and how far out: up to 8 000 units.
        let across_y = rng.range(0.0, 1.0) < 0.5;
        let side = if rng.range(0.0, 1.0) < 0.5 { -1.0 } else { 1.0 };
        let far = 10f32.powf(rng.range(1.0, 3.9));
        let centre = Vec2::new(rng.range(-far, far), rng.range(-far, far));
        let speed = 10f32.powf(rng.range(-1.0, 2.7));
        let b_start = centre;
        let b_end = centre + Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * speed;
        let tau = touch_tolerance([b_start, b_end]);
        let graze = case % 2 == 0;
        // The gap between the extents along the axis at the start and the end (negative:
        // overlapping), in tolerances.
        let (gap_start, gap_end) = if graze {
            (rng.range(-0.7, 3.0), rng.range(-0.7, 3.0))
        } else {
            (rng.range(-1.0, 30.0), rng.range(-6.0, -2.2))
        };
        let pick = |v: Vec2| if across_y { v.y } else { v.x };
        let reach = pick(ea) + pick(eb);
        // Along the other axis: anywhere at the start; at the end, for a pair that must hit,
        // lined up so that the depth is the overlap along the axis.
        let drift = |rng: &mut SplitMix64| rng.range(-1.0, 1.0) * (reach + speed);
        let place = |at: Vec2, gap: f32, other: f32| {
            let along = pick(at) + side * (reach + gap * tau);
            if across_y {
                Vec2::new(at.x + other, along)
            } else {
                Vec2::new(along, at.y + other)
            }
        };
        let a_start = place(b_start, gap_start, drift(&mut rng));
        let a_end = place(b_end, gap_end, if graze { drift(&mut rng) } else { 0.0 });
        let (ma, mb) = (
            Motion::linear(a_start, a_end),
            Motion::linear(b_start, b_end),
        );
        let tau = tau_of(&ma, &mb);
        // The exact gaps of the rounded inputs, in `f64`.
        let gap = |pa: Vec2, pb: Vec2| {
            f64::from(side) * (f64::from(pick(pa)) - f64::from(pick(pb))) - f64::from(reach)
        };
        let (g0, g1) = (gap(a_start, b_start), gap(a_end, b_end));
        let ctx = format!("case {case}: {a:?} {ma:?} {b:?} {mb:?}, tau {tau}, gaps {g0} {g1}");
        let quarter = 0.25 * f64::from(tau);
        let narrow = narrow_phase(&a, &ma, &b, &mb, SweepMode::Exact);
        let swept = time_of_impact(&a, &ma, &b, &mb);
        if graze {
            if g0.min(g1) <= -f64::from(tau) + quarter {
                continue;
            }
            grazes += 1;
            assert_eq!(swept, None, "{ctx}");
            assert_eq!(time_of_impact(&b, &mb, &a, &ma), None, "{ctx}");
            assert_eq!(narrow, None, "{ctx}");
        } else {
            if g1 >= -2.0 * f64::from(tau) {
                continue;
            }
            hits += 1;
            let (pa, pb) = (ma.end_pose(), mb.end_pose());
            assert!(contact(&a, &pa, &b, &pb).is_some(), "{ctx}");
            assert!(swept.is_some(), "{ctx}");
            assert!(time_of_impact(&b, &mb, &a, &ma).is_some(), "{ctx}");
            assert!(narrow.is_some(), "{ctx}");
        }
    }
    assert!(
        grazes > 8_000 && hits > 8_000,
        "{grazes} grazes, {hits} hits"
    );
}

/// At the origin the tolerance is zero: exactly touching is no contact, the least overlap is.
#[test]
fn at_the_origin_the_rule_is_strict_overlap() {
    let unit = Rect {
        half_extents: Vec2::ONE,
    };
    assert_eq!(touch_tolerance([Vec2::ZERO, Vec2::ZERO]), 0.0);
    let origin = Pose::IDENTITY;
    assert!(!overlaps(
        unit,
        &origin,
        unit,
        &Pose::from_position(Vec2::new(2.0, 0.0))
    ));
    // Both at a few units, the tolerance is a few millionths: a thousandth deep is a contact.
    let (pa, pb) = (
        Pose::from_position(Vec2::new(0.0, 0.0)),
        Pose::from_position(Vec2::new(1.999, 0.0)),
    );
    assert!(touch_tolerance([pa.position, pb.position]) < 1e-6);
    assert!(overlaps(unit, &pa, unit, &pb));
}
