//! The sweep of a circle against a hull (the centre cast against the hull grown by the radius,
//! corners solved as circles) against dense sub-stepping of the discrete queries, its symmetry,
//! and its conventions at the edges: grazing, sliding, starting overlapped, bad input; and the
//! narrow phase's sweep of the pair.

mod common;

use collide_core::{
    contact, distance, narrow_phase, time_of_impact, Circle, Hull, Motion, Pose, Rot, Shape,
    SweepMode,
};

use collide_core::pair::{sweep_circle_hull, sweep_hull_circle};
use common::{check_sub_steps, ellipse_hull, extent, SplitMix64};
use glam::Vec2;

/// A hull, regular or jittered on an ellipse, from half a unit to 20 across.
fn hull(rng: &mut SplitMix64) -> Hull {
    let size = rng.range(0.5, 20.0);
    let sides = 3 + rng.index(14);
    if rng.unit() < 0.5 {
        ellipse_hull(sides, size, size * rng.range(0.2, 1.0), rng.unit())
    } else {
        Hull::regular(sides, size).unwrap()
    }
}

/// A random case: a circle of radius 0.05 to 20 shot at a hull somewhere within `1e4` of the
/// origin (through a point near it, so some miss) at 0.1 to 10 000 units per frame,
/// log-uniform; the hull turned, and now and then drifting.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn case(rng: &mut SplitMix64) -> (Circle, Motion, Hull, Motion) {
    let ball = Circle {
        radius: rng.range(0.05, 20.0),
    };
    let b = hull(rng);
    let at = if rng.unit() < 0.5 {
        Vec2::ZERO
    } else {
        rng.in_box(Vec2::splat(-1e4), Vec2::splat(1e4))
    };
    let speed = 0.1 * 1e5f32.powf(rng.unit());
    let dir = rng.direction();
    let reach = ball.radius + extent(&Shape::Hull(b));
    let aim = at + rng.in_box(Vec2::splat(-reach), Vec2::splat(reach));
    let start = aim - dir * speed * rng.range(-0.2, 1.2);
    let ma = Motion::linear(start, start + dir * speed);
    let drift = rng.direction() * rng.range(0.0, 0.3 * speed) * f32::from(rng.unit() < 0.3);
    let mb = Motion::new(at, at + drift, Rot::from_angle(rng.angle()));
    (ball, ma, b, mb)
}

/// How deep the shapes overlap at `t` (`0` when they do not), and the distance between them
/// (`0` when they do).
fn depth_and_gap(a: &Circle, ma: &Motion, b: &Hull, mb: &Motion, t: f32) -> (f32, f32) {
    let (pa, pb) = (ma.pose_at(t), mb.pose_at(t));
    match contact(*a, &pa, b, &pb) {
        Some(c) => (c.depth, 0.0),
        None => (0.0, distance(*a, &pa, b, &pb).unwrap().distance),
    }
}

/// What the coordinates' rounding can put between two shapes that touch: a thousandth of a
/// unit, plus 8 ulps of the largest coordinate involved.
fn rounding(a: &Circle, ma: &Motion, b: &Hull, mb: &Motion) -> f32 {
    let far = [ma.start, ma.end, mb.start, mb.end]
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
    1e-3 + 8.0 * f32::EPSILON * (far + a.radius + extent(&Shape::Hull(*b)))
}

/// 401 times spread over the frame, and 400 more where the shapes' bounding circles meet.
fn sub_steps(a: &Circle, ma: &Motion, b: &Hull, mb: &Motion) -> Vec<f32> {
    let reach = a.radius + extent(&Shape::Hull(*b));
    let (p, d) = (ma.start - mb.start, ma.travel() - mb.travel());
    // Closest approach of the centres, and the span around it within `reach`.
    let closest = if d == Vec2::ZERO {
        0.0
    } else {
        (-p.dot(d) / d.dot(d)).clamp(0.0, 1.0)
    };
    let span = if d == Vec2::ZERO {
        1.0
    } else {
        (2.0 * reach / d.length()).min(1.0)
    };
    let frame = (0..=400).map(|k| k as f32 / 400.0);
    let near = (0..=400).map(|k| (closest + span * (k as f32 / 200.0 - 1.0)).clamp(0.0, 1.0));
    let mut times: Vec<f32> = frame.chain(near).collect();
    times.sort_by(f32::total_cmp);
    times
}

/// The sweep never reports later than the first sub-step that overlaps by more than the
/// rounding, nor after a sub-step before it that does; at a hit the shapes touch (within the
/// rounding), the point lies on both, and the normal runs from the circle's centre to it.
#[test]
fn the_sweep_agrees_with_dense_sub_stepping() {
    let mut rng = SplitMix64::new(0xC1_4C1E);
    let (mut hits, mut misses, mut inside, mut corners) = (0, 0, 0, 0);
    for _ in 0..8_000 {
        let (a, ma, b, mb) = case(&mut rng);
        let tol = rounding(&a, &ma, &b, &mb);
        let found = sweep_circle_hull(&a, &ma, &b, &mb);
        let steps = sub_steps(&a, &ma, &b, &mb);
        let depth_at = |t| depth_and_gap(&a, &ma, &b, &mb, t).0;
        let ctx = || format!("{a:?} {ma:?} {b:?} {mb:?}");
        let Some(hit) = check_sub_steps(found, &steps, depth_at, tol, ctx) else {
            misses += 1;
            continue;
        };
        let (depth, gap) = depth_and_gap(&a, &ma, &b, &mb, hit.t);
        let on_hull = distance(
            Circle { radius: 0.0 },
            &Pose::from_position(hit.point),
            &b,
            &mb.pose_at(hit.t),
        )
        .unwrap()
        .distance;
        assert!(
            on_hull <= tol,
            "{a:?} {ma:?} {b:?} {mb:?}: {hit:?} {on_hull} off"
        );
        if depth == 0.0 && hit.t > 0.0 {
            hits += 1;
            assert!(gap <= tol, "{a:?} {ma:?} {b:?} {mb:?}: {hit:?} {gap} apart");
            // The point is on the circle's rim, along the normal from its centre.
            let centre = ma.position_at(hit.t);
            let rim = centre + hit.normal * a.radius;
            assert!(
                (rim - hit.point).length() <= tol,
                "{a:?} {ma:?} {b:?} {mb:?}: {hit:?}"
            );
            let vertex = b
                .vertices()
                .iter()
                .any(|v| (mb.pose_at(hit.t).transform_point(*v) - hit.point).length() <= tol);
            corners += usize::from(vertex);
        } else {
            inside += 1;
            // A start in overlap: the contact's normal.
            let c = contact(a, &ma.start_pose(), &b, &mb.start_pose());
            if let Some(c) = c.filter(|c| c.depth > tol) {
                assert!((c.normal - hit.normal).length() < 1e-3, "{c:?} {hit:?}");
            }
        }
    }
    assert!(
        hits > 1_000 && misses > 1_500 && inside > 30 && corners > 300,
        "{hits} {misses} {inside} {corners}"
    );
}

/// Swapping the shapes gives the same impact with the normal flipped, and `time_of_impact`
/// gives the pair function's answer in either order.
#[test]
fn the_sweep_is_symmetric_and_dispatched() {
    let mut rng = SplitMix64::new(0x5_C1C1);
    for _ in 0..4_000 {
        let (a, ma, b, mb) = case(&mut rng);
        let ab = sweep_circle_hull(&a, &ma, &b, &mb);
        let ba = sweep_hull_circle(&b, &mb, &a, &ma);
        assert_eq!(
            ab.map(|h| (h.t, -h.normal, h.point)),
            ba.map(|h| (h.t, h.normal, h.point))
        );
        assert_eq!(time_of_impact(a, &ma, &b, &mb), ab);
        assert_eq!(time_of_impact(&b, &mb, a, &ma), ba);
    }
}

fn square() -> Hull {
    Hull::from_half_extents(Vec2::ONE).unwrap()
}

/// Grazing a face or a corner, sliding along a face, and touching at the start then parting are
/// no hit; touching at the start and closing in is `t = 0`; a start in overlap is `t = 0` with
/// the contact's normal.
#[test]
fn grazing_is_no_hit_and_a_start_in_overlap_is_t_zero() {
    let ball = Circle { radius: 1.0 };
    let sq = square();
    let still = Motion::stationary(Vec2::ZERO);
    // Resting on the top face (centre at y = 2): sliding along it, lifting off, pressing in.
    let on_top = |to: Vec2| Motion::linear(Vec2::new(0.0, 2.0), Vec2::new(0.0, 2.0) + to);
    assert_eq!(
        sweep_circle_hull(&ball, &on_top(Vec2::X * 0.5), &sq, &still),
        None
    );
    assert_eq!(
        sweep_circle_hull(&ball, &on_top(Vec2::Y), &sq, &still),
        None
    );
    let pressed = sweep_circle_hull(&ball, &on_top(Vec2::NEG_Y), &sq, &still).unwrap();
    assert_eq!((pressed.t, pressed.normal), (0.0, Vec2::NEG_Y));
    assert!(pressed.t.is_sign_positive());
    // Falling past the right face one radius away: a graze.
    let past = Motion::linear(Vec2::new(2.0, 5.0), Vec2::new(2.0, -5.0));
    assert_eq!(sweep_circle_hull(&ball, &past, &sq, &still), None);
    // Along the diagonal, passing 1.2 from the corner: inside the square-cornered grown hull,
    // outside the round one; passing 0.8 from it is a hit on the corner.
    for (off, hits) in [(1.2f32, false), (0.8, true)] {
        let by = Vec2::splat(1.0 + off / 2f32.sqrt());
        let m = Motion::linear(by + Vec2::new(-5.0, 5.0), by + Vec2::new(5.0, -5.0));
        let hit = sweep_circle_hull(&ball, &m, &sq, &still);
        assert_eq!(hit.is_some(), hits, "{off}: {hit:?}");
        if let Some(hit) = hit {
            assert!((hit.point - Vec2::ONE).length() < 1e-6, "{hit:?}");
            let centre = m.position_at(hit.t);
            assert!(
                ((centre - Vec2::ONE).length() - 1.0).abs() < 1e-5,
                "{hit:?}"
            );
        }
    }
    // A centre inside the square, moving out: t = 0, out through the nearest face.
    let deep = Motion::linear(Vec2::new(0.75, 0.25), Vec2::new(9.0, 5.0));
    let hit = sweep_circle_hull(&ball, &deep, &sq, &still).unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, Vec2::NEG_X));
    assert!(
        (hit.point - Vec2::new(1.0, 0.25)).length() < 1e-6,
        "{hit:?}"
    );
    // No relative motion: t = 0 when overlapping, else no hit.
    let along = Motion::linear(Vec2::ZERO, Vec2::new(2.0, 0.0));
    let parked = Motion::linear(Vec2::new(1.5, 0.0), Vec2::new(3.5, 0.0));
    assert_eq!(
        sweep_circle_hull(&ball, &parked, &sq, &along).unwrap().t,
        0.0
    );
    let apart = Motion::linear(Vec2::new(2.5, 0.0), Vec2::new(4.5, 0.0));
    assert_eq!(sweep_circle_hull(&ball, &apart, &sq, &along), None);
}

/// A ball meets a turned hexagon's face at the exact time, and a point (radius 0) enters
/// through a vertex.
#[test]
fn faces_and_vertices_meet_at_the_exact_time() {
    let hex = Hull::regular(6, 2.0).unwrap();
    let (turn, at) = (Rot::from_angle(0.3), Vec2::new(100.0, -50.0));
    let still = Motion::new(at, at, turn);
    let ball = Circle { radius: 0.5 };
    // Straight at the face whose outward normal is `n`, from 10 away along it.
    let n = turn.apply(hex.normals()[1]);
    let face = n * hex.normals()[1].dot(hex.vertices()[1]);
    let shot = Motion::linear(at + n * 10.0, at + n * 10.0 - n * 20.0);
    let hit = sweep_circle_hull(&ball, &shot, &hex, &still).unwrap();
    let expect = (10.0 - face.length() - 0.5) / 20.0;
    assert!((hit.t - expect).abs() < 1e-6, "{hit:?} vs {expect}");
    assert!((hit.normal + n).length() < 1e-6, "{hit:?}");
    assert!((hit.point - (at + face)).length() < 1e-4, "{hit:?}");
    // A point aimed at a vertex enters the hull there.
    let vertex = at + turn.apply(hex.vertices()[2]);
    let out = (vertex - at).normalize();
    let dot = Circle { radius: 0.0 };
    let m = Motion::linear(vertex + out * 3.0, vertex - out * 3.0);
    let hit = sweep_circle_hull(&dot, &m, &hex, &still).unwrap();
    assert!((hit.t - 0.5).abs() < 1e-5, "{hit:?}");
}

#[test]
fn bad_input_is_no_hit() {
    let (sq, ball) = (square(), Circle { radius: 1.0 });
    let still = Motion::stationary(Vec2::ZERO);
    let shot = Motion::linear(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    for bad in [f32::NAN, f32::INFINITY, -f32::INFINITY] {
        let m = Motion::linear(Vec2::new(-5.0, 0.0), Vec2::new(bad, 0.0));
        assert_eq!(sweep_circle_hull(&ball, &m, &sq, &still), None);
        let m = Motion::new(Vec2::ZERO, Vec2::ZERO, Rot::from_angle(bad));
        assert_eq!(sweep_circle_hull(&ball, &shot, &sq, &m), None);
        assert_eq!(
            sweep_circle_hull(&Circle { radius: bad }, &shot, &sq, &still),
            None
        );
    }
    assert_eq!(
        sweep_circle_hull(&Circle { radius: -1.0 }, &shot, &sq, &still),
        None
    );
    let huge = Motion::linear(Vec2::splat(-3e38), Vec2::splat(3e38));
    // Near the float range: no hit, or one with every figure finite.
    if let Some(h) = sweep_circle_hull(&ball, &huge, &sq, &still) {
        assert!(h.t >= 0.0 && h.t <= 1.0 && h.point.is_finite() && h.normal.is_finite());
    }
}

/// The narrow phase's sweep of a circle and a hull is the same exact sweep, in either order.
#[test]
fn the_narrow_phase_sweeps_circles_and_hulls_exactly() {
    let mut rng = SplitMix64::new(0x4A_C1C1);
    let mut swept = 0;
    for _ in 0..2_000 {
        let (a, ma, b, mb) = case(&mut rng);
        for flip in [false, true] {
            let (out, impact) = if flip {
                (
                    narrow_phase(&b, &mb, a, &ma, SweepMode::Exact),
                    sweep_hull_circle(&b, &mb, &a, &ma),
                )
            } else {
                (
                    narrow_phase(a, &ma, &b, &mb, SweepMode::Exact),
                    sweep_circle_hull(&a, &ma, &b, &mb),
                )
            };

            let Some(impact) = impact else { continue };
            swept += 1;
            let hit = out.hit.expect("the sweep hits");
            assert_eq!(
                (hit.impact.t, hit.impact.normal, hit.impact.point),
                (impact.t, impact.normal, impact.point)
            );
        }
    }
    assert!(swept > 600, "{swept}");
}

/// A tester's bar: 0.02 wide and 20 long, its left side bent out by 0.0005 at y = 2, so that
/// the two faces of that side are nearly parallel.
fn bent_bar(width: f32, bend: f32) -> Hull {
    Hull::new(&[
        Vec2::new(0.0, 10.0),
        Vec2::new(-bend, 2.0),
        Vec2::new(0.0, -10.0),
        Vec2::new(width, -10.0),
        Vec2::new(width, 10.0),
    ])
    .unwrap()
}

/// A newcomer's bullet passed through that bar: the two bent faces' crossing times tied in
/// `f32`, the tie kept the upper face, the entry lay beyond its end by rounding, and the
/// round corner there was never reached: a miss, where the circle's centre crosses the bar.
#[test]
fn a_circle_crossing_nearly_parallel_faces_hits() {
    let bar = bent_bar(0.02, 0.0005);
    let ball = Circle { radius: 0.3 };
    let (start, end) = (Vec2::new(-500.0, 451.539), Vec2::new(500.0, -448.461));
    let shot = Motion::linear(start, end);
    let still = Motion::stationary(Vec2::ZERO);
    let mid = Pose::from_position(start.lerp(end, 0.5));
    assert!(collide_core::overlaps(ball, &mid, &bar, &Pose::IDENTITY));
    let hit = time_of_impact(ball, &shot, &bar, &still).expect("the ball crosses the bar");
    // It meets the lower bent face, whose normal points left and a hair down.
    assert!(hit.t < 0.5 && hit.normal.x > 0.99, "{hit:?}");
    let (depth, gap) = depth_and_gap(&ball, &shot, &bar, &still, hit.t);
    assert!(
        depth < 1e-3 && gap < 1e-3,
        "{hit:?}: {depth} deep, {gap} apart"
    );

    // The tester's fuzz case: a thin turned hull, met 0.6 units deep in the middle.
    let sliver = Hull::new(&[
        Vec2::new(-0.007_484_426, 9.206_619),
        Vec2::new(-0.007_004_296, 1.753_538_1),
        Vec2::new(-0.004_984_142, -20.083_82),
        Vec2::new(0.010_271_895, 12.267_55),
        Vec2::new(0.011_183_483, 24.318_933),
    ])
    .unwrap();
    let ball = Circle {
        radius: 0.328_338_65,
    };
    let shot = Motion::linear(
        Vec2::new(126.202_12, -305.032_07),
        Vec2::new(1145.094, -1197.1902),
    );
    let at = Motion::stationary(Vec2::new(649.4652, -763.0975));
    let tol = rounding(&ball, &shot, &sliver, &at);
    let steps = sub_steps(&ball, &shot, &sliver, &at);
    let found = time_of_impact(ball, &shot, &sliver, &at);
    let depth_at = |t| depth_and_gap(&ball, &shot, &sliver, &at, t).0;
    assert!(check_sub_steps(found, &steps, depth_at, tol, String::new).is_some());
}

/// Bars bent by a hair (their side faces nearly parallel) shot across at every angle, offset
/// and scale: the sweep agrees with dense sub-stepping, as for any hull.
#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn bars_bent_by_a_hair_agree_with_sub_stepping() {
    let mut rng = SplitMix64::new(0xBE_4DBA);
    let mut hits = 0;
    for _ in 0..6_000 {
        let scale = 10f32.powf(rng.range(-1.0, 2.0));
        let bar = bent_bar(
            scale * rng.range(0.001, 0.05),
            scale * rng.range(0.0, 0.002),
        );
        let ball = Circle {
            radius: scale * rng.range(0.0, 0.5),
        };
        let centre = rng.in_box(Vec2::splat(-1e3), Vec2::splat(1e3));
        let at = Motion::new(centre, centre, Rot::from_angle(rng.angle()));
        let aim = at.start
            + at.rotation
                .apply(Vec2::new(0.0, scale * rng.range(-12.0, 12.0)));
        let speed = scale * 10f32.powf(rng.range(0.0, 3.0));
        let dir = rng.direction();
        let start = aim - dir * speed * rng.range(0.2, 0.8);
        let shot = Motion::linear(start, start + dir * speed);
        let tol = rounding(&ball, &shot, &bar, &at);
        let steps = sub_steps(&ball, &shot, &bar, &at);
        let found = time_of_impact(ball, &shot, &bar, &at);
        let depth_at = |t| depth_and_gap(&ball, &shot, &bar, &at, t).0;
        let ctx = || format!("{ball:?} {shot:?} {bar:?} {at:?}");
        hits += usize::from(check_sub_steps(found, &steps, depth_at, tol, ctx).is_some());
    }
    assert!(hits > 2_000, "{hits}");
}
