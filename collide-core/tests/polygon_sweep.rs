//! The separating-axis sweep of two polygons (a hull against a rect or a hull) against dense
//! sub-stepping of the discrete queries, its symmetry, and its conventions at the edges:
//! touching, sliding, starting overlapped, bad input; and the narrow phase's sweep of them.

mod common;

use collide_core::{
    contact, distance, narrow_phase, overlaps, time_of_impact, Hull, Motion, Rect, Rot, Shape,
    SweepMode,
};

use collide_core::pair::{sweep_hull_hull, sweep_hull_rect, sweep_rect_hull};
use common::{check_sub_steps, ellipse_hull, extent, SplitMix64};
use glam::Vec2;

/// A hull (regular or jittered on an ellipse) or, unless `hull` is set, maybe a rect.
fn polygon(rng: &mut SplitMix64, hull: bool) -> Shape {
    let size = rng.range(0.5, 20.0);
    let sides = 3 + rng.index(14);
    match rng.index(3) {
        0 if !hull => Shape::Rect(Rect {
            half_extents: Vec2::new(size, size * rng.range(0.2, 1.0)),
        }),
        1 => Shape::Hull(ellipse_hull(
            sides,
            size,
            size * rng.range(0.2, 1.0),
            rng.unit(),
        )),
        _ => Shape::Hull(Hull::regular(sides, size).unwrap()),
    }
}

/// The shape's vertices in the world, at `pose_t` of its motion.
fn world_vertices(shape: &Shape, motion: &Motion, t: f32) -> Vec<Vec2> {
    let at = motion.position_at(t);
    match shape {
        Shape::Rect(r) => [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| at + Vec2::new(x, y) * r.half_extents)
            .to_vec(),
        Shape::Hull(h) => h
            .vertices()
            .iter()
            .map(|v| at + motion.rotation.apply(*v))
            .collect(),
        Shape::Circle(_) => unreachable!("polygons only"),
    }
}

/// The separation of `b` from `a` along `axis` at `t`: `b`'s least minus `a`'s most.
fn separation(a: &Shape, ma: &Motion, b: &Shape, mb: &Motion, t: f32, axis: Vec2) -> f32 {
    let most = |s, m, sign: f32| {
        world_vertices(s, m, t)
            .iter()
            .map(|v| sign * v.dot(axis))
            .fold(f32::NEG_INFINITY, f32::max)
    };
    -most(b, mb, -1.0) - most(a, ma, 1.0)
}

/// How deep the shapes overlap at `t` (`0` when they do not), and the distance between them
/// (`0` when they do).
fn depth_and_gap(a: &Shape, ma: &Motion, b: &Shape, mb: &Motion, t: f32) -> (f32, f32) {
    let (pa, pb) = (ma.pose_at(t), mb.pose_at(t));
    match contact(a, &pa, b, &pb) {
        Some(c) => (c.depth, 0.0),
        None => (0.0, distance(a, &pa, b, &pb).unwrap().distance),
    }
}

/// A random case: two polygons (one a hull at least), `b` slow or still somewhere within
/// `1e4` of the origin, `a` shot at it (through a point near it, so some miss) at a speed from
/// 0.1 to 10 000 units per frame, log-uniform.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn case(rng: &mut SplitMix64) -> (Shape, Motion, Shape, Motion) {
    let a = polygon(rng, false);
    let b = polygon(rng, matches!(a, Shape::Rect(_)));
    let at = if rng.unit() < 0.5 {
        Vec2::ZERO
    } else {
        rng.in_box(Vec2::splat(-1e4), Vec2::splat(1e4))
    };
    let speed = 0.1 * 1e5f32.powf(rng.unit());
    let dir = rng.direction();
    let reach = extent(&a) + extent(&b);
    let aim = at + rng.in_box(Vec2::splat(-reach), Vec2::splat(reach));
    // Where along the frame the shot passes its aim: before, during or after.
    let pass = speed * rng.range(-0.2, 1.2);
    let start = aim - dir * pass;
    let ma = Motion::new(start, start + dir * speed, Rot::from_angle(rng.angle()));
    let drift = rng.direction() * rng.range(0.0, 0.3 * speed) * f32::from(rng.unit() < 0.3);
    let mb = Motion::new(at, at + drift, Rot::from_angle(rng.angle()));
    (a, ma, b, mb)
}

/// The times in `[0, 1]` at which the shapes' bounding circles (about each origin) overlap,
/// split into `n` sub-steps: outside them the shapes cannot touch. Solved in `f64`.
fn window(a: &Shape, ma: &Motion, b: &Shape, mb: &Motion, n: u32) -> Vec<f32> {
    let wide = |v: Vec2| [f64::from(v.x), f64::from(v.y)];
    let dot = |u: [f64; 2], v: [f64; 2]| u[0] * v[0] + u[1] * v[1];
    let (ps, pe) = (wide(mb.start), wide(ma.start));
    let p = [ps[0] - pe[0], ps[1] - pe[1]];
    let (ts, te) = (wide(mb.travel()), wide(ma.travel()));
    let d = [ts[0] - te[0], ts[1] - te[1]];
    let r = f64::from(extent(a) + extent(b)) * 1.01;
    let (qa, qb, qc) = (dot(d, d), dot(p, d), dot(p, p) - r * r);
    let disc = qb * qb - qa * qc;
    if disc <= 0.0 || qa == 0.0 {
        return if qc < 0.0 { vec![0.0, 1.0] } else { Vec::new() };
    }
    let lo = ((-qb - disc.sqrt()) / qa).max(0.0);
    let hi = ((-qb + disc.sqrt()) / qa).min(1.0);
    if lo > hi {
        return Vec::new();
    }
    (0..=n)
        .map(|k| (lo + (hi - lo) * f64::from(k) / f64::from(n)) as f32)
        .collect()
}

/// What the coordinates' rounding (and the distance query's accuracy between faces that meet
/// nearly flat) can put between two shapes that touch: a few thousandths of a unit, plus 8 ulps
/// of the largest coordinate involved.
fn rounding(a: &Shape, ma: &Motion, b: &Shape, mb: &Motion) -> f32 {
    let far = [ma.start, ma.end, mb.start, mb.end]
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
    2e-3 + 8.0 * f32::EPSILON * (far + extent(a) + extent(b))
}

/// The sweep against sub-stepping of the discrete queries: it never reports later than the
/// first sub-step that overlaps by more than the rounding, never earlier than the last
/// sub-step before it that does not, and where it reports a hit the shapes are within the
/// rounding of touching, separated along the reported normal by no more than the rounding.
#[test]
fn the_sweep_agrees_with_dense_sub_stepping() {
    let mut rng = SplitMix64::new(0x9A_5EE9);
    let (mut hits, mut misses, mut inside) = (0, 0, 0);
    for _ in 0..6_000 {
        let (a, ma, b, mb) = case(&mut rng);
        let tol = rounding(&a, &ma, &b, &mb);
        let found = time_of_impact(&a, &ma, &b, &mb);
        let steps = window(&a, &ma, &b, &mb, 400);
        let depth_at = |t| depth_and_gap(&a, &ma, &b, &mb, t).0;
        let ctx = || format!("{a:?} {ma:?} {b:?} {mb:?}");
        let Some(hit) = check_sub_steps(found, &steps, depth_at, tol, ctx) else {
            misses += 1;
            continue;
        };
        let (depth, gap) = depth_and_gap(&a, &ma, &b, &mb, hit.t);
        // Touching at `t`: within the rounding, or overlapping within the time the rounding
        // takes to close (the distance query is only good to a few thousandths between faces
        // that meet nearly flat).
        let speed = (ma.travel() - mb.travel()).length();
        let soon = (1..=8).any(|k| {
            let t = (hit.t + tol / speed * k as f32 / 8.0).min(1.0);
            overlaps(&a, &ma.pose_at(t), &b, &mb.pose_at(t))
        });
        assert!(
            gap <= tol || soon,
            "{a:?} {ma:?} {b:?} {mb:?}: {hit:?} {gap} apart"
        );
        let along = separation(&a, &ma, &b, &mb, hit.t, hit.normal);
        if depth == 0.0 && hit.t > 0.0 {
            hits += 1;
            // Meeting on that face: the gap along it has just closed.
            assert!(
                along.abs() <= tol,
                "{a:?} {ma:?} {b:?} {mb:?}: {hit:?} {along}"
            );
        } else {
            inside += 1;
            // The least-penetration axis: no deeper along it than the contact's depth.
            assert!(
                -along <= depth + tol,
                "{a:?} {b:?}: {hit:?} {along} vs {depth}"
            );
        }
        // The point lies on both shapes (within the rounding) where each path puts it at `t`;
        // for a start in overlap, within the depth of each.
        for (s, m) in [(&a, &ma), (&b, &mb)] {
            let dot = Shape::Circle(collide_core::Circle { radius: 0.0 });
            let pose = collide_core::Pose::from_position(hit.point);
            let off = distance(&dot, &pose, s, &m.pose_at(hit.t))
                .unwrap()
                .distance;
            assert!(
                off <= depth + tol,
                "{a:?} {ma:?} {b:?} {mb:?}: {hit:?} {off} off"
            );
        }
    }
    assert!(
        hits > 1_000 && misses > 1_000 && inside > 30,
        "{hits} {misses} {inside}"
    );
}

/// Swapping the shapes gives the same time (to the rounding, over the closing speed) and the
/// normal flipped; where two faces tie within rounding, either is a face the shapes meet on.
#[test]
fn the_sweep_is_symmetric() {
    let mut rng = SplitMix64::new(0x5_3333);
    let (mut both, mut other_face) = (0, 0);
    for _ in 0..20_000 {
        let (a, ma, b, mb) = case(&mut rng);
        let tol = rounding(&a, &ma, &b, &mb);
        let ab = time_of_impact(&a, &ma, &b, &mb);
        let ba = time_of_impact(&b, &mb, &a, &ma);
        let speed = (ma.travel() - mb.travel()).length();
        match (ab, ba) {
            (Some(x), Some(y)) => {
                both += 1;
                assert!((x.t - y.t).abs() * speed <= tol, "{x:?} {y:?}");
                if (x.normal + y.normal).length() > 1e-4 && x.t > 0.0 {
                    other_face += 1;
                    let along = separation(&b, &mb, &a, &ma, y.t, y.normal);
                    assert!(along.abs() <= tol, "{x:?} {y:?}: {along}");
                }
            }
            (None, None) => {}
            (x, y) => {
                // One finds a graze within the rounding, the other does not.
                let t = x.or(y).unwrap().t;
                let (depth, gap) = depth_and_gap(&a, &ma, &b, &mb, t);
                assert!(depth <= tol && gap <= tol, "{x:?} {y:?}");
            }
        }
    }
    assert!(
        both > 5_000 && other_face * 100 <= both,
        "{both} {other_face}"
    );
}

fn square() -> Hull {
    Hull::from_half_extents(Vec2::ONE).unwrap()
}

/// Touching, sliding along a face, and touching at the start then parting are no hit;
/// touching at the start and closing in is `t = 0` on the touching face; a start in overlap is
/// `t = 0` on the axis of least penetration.
#[test]
fn touching_is_no_hit_and_a_start_in_overlap_is_t_zero() {
    let tile = Rect {
        half_extents: Vec2::ONE,
    };
    let hex = Hull::regular(6, 1.0).unwrap();
    let still = Motion::stationary(Vec2::ZERO);
    // A square resting on the tile's top face (touching) slides along it, lifts off, presses in.
    let on_top = |to: Vec2| Motion::linear(Vec2::new(0.0, 2.0), Vec2::new(0.0, 2.0) + to);
    let sq = square();
    assert_eq!(
        sweep_hull_rect(&sq, &on_top(Vec2::X * 5.0), &tile, &still),
        None
    );
    assert_eq!(sweep_hull_rect(&sq, &on_top(Vec2::Y), &tile, &still), None);
    let pressed = sweep_hull_rect(&sq, &on_top(Vec2::NEG_Y), &tile, &still).unwrap();
    assert_eq!((pressed.t, pressed.normal), (0.0, Vec2::NEG_Y));
    assert!(pressed.t.is_sign_positive());
    // Passing corner to corner (touching at one moment) is no hit.
    let past = Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(0.0, 4.0));
    assert_eq!(sweep_hull_rect(&sq, &past, &tile, &still), None);
    // A hexagon (corners at ±1 on x) grazing the tile's side face while falling past it.
    let graze = Motion::linear(Vec2::new(-2.0, 5.0), Vec2::new(-2.0, -5.0));
    assert_eq!(time_of_impact(&hex, &graze, tile, &still), None);
    // Overlapping by 0.25 on x and 1.5 on y, moving apart along y: t = 0 along x.
    let deep = Motion::linear(Vec2::new(1.75, 0.5), Vec2::new(1.75, 9.0));
    let hit = sweep_hull_rect(&sq, &deep, &tile, &still).unwrap();
    assert_eq!((hit.t, hit.normal), (0.0, Vec2::NEG_X));
    assert_eq!(
        sweep_rect_hull(&tile, &still, &sq, &deep).unwrap().normal,
        Vec2::X
    );
    // No relative motion: t = 0 when overlapping, else no hit.
    let parked = Motion::linear(Vec2::new(1.5, 0.0), Vec2::new(3.5, 0.0));
    let along = Motion::linear(Vec2::ZERO, Vec2::new(2.0, 0.0));
    assert_eq!(sweep_hull_hull(&sq, &parked, &sq, &along).unwrap().t, 0.0);
    let apart = Motion::linear(Vec2::new(2.5, 0.0), Vec2::new(4.5, 0.0));
    assert_eq!(sweep_hull_hull(&sq, &apart, &sq, &along), None);
}

#[test]
fn a_hexagon_lands_on_a_tile_at_the_exact_time_and_point() {
    let hex = Hull::regular(6, 1.0).unwrap();
    let tile = Rect {
        half_extents: Vec2::splat(0.5),
    };
    // Flat side down: the bottom face lies at y = -√3/2 from the centre.
    let turn = Rot::IDENTITY;
    let fall = Motion::new(Vec2::new(0.25, 5.0), Vec2::new(0.25, -1.0), turn);
    let tile_at = Motion::stationary(Vec2::ZERO);
    let hit = time_of_impact(&hex, &fall, tile, &tile_at).unwrap();
    let expect = (5.0 - 0.5 - 0.75f32.sqrt()) / 6.0;
    assert!((hit.t - expect).abs() < 1e-6, "{hit:?} vs {expect}");
    assert_eq!(hit.normal, Vec2::NEG_Y);
    // The bottom face spans x in 0.25 ± 0.5, the tile's top x in ±0.5: the middle of the
    // overlap is x = 0.125, on the tile's top.
    assert!(
        (hit.point - Vec2::new(0.125, 0.5)).length() < 1e-5,
        "{hit:?}"
    );
    assert!(!overlaps(
        &hex,
        &fall.pose_at(hit.t * 0.999),
        tile,
        &tile_at.start_pose()
    ));
    assert!(overlaps(
        &hex,
        &fall.pose_at(hit.t + 1e-3),
        tile,
        &tile_at.start_pose()
    ));
}

#[test]
fn bad_input_is_no_hit() {
    let sq = square();
    let still = Motion::stationary(Vec2::ZERO);
    let shot = Motion::linear(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0));
    for bad in [f32::NAN, f32::INFINITY, -f32::INFINITY] {
        let m = Motion::linear(Vec2::new(-5.0, 0.0), Vec2::new(bad, 0.0));
        assert_eq!(sweep_hull_hull(&sq, &m, &sq, &still), None);
        let m = Motion::new(Vec2::new(-5.0, 0.0), Vec2::ZERO, Rot::from_angle(bad));
        assert_eq!(sweep_hull_hull(&sq, &m, &sq, &still), None);
        let rect = Rect {
            half_extents: Vec2::new(1.0, bad),
        };
        assert_eq!(sweep_hull_rect(&sq, &shot, &rect, &still), None);
    }
    let negative = Rect {
        half_extents: Vec2::new(1.0, -1.0),
    };
    assert_eq!(sweep_rect_hull(&negative, &still, &sq, &shot), None);
    let huge = Motion::linear(Vec2::splat(-3e38), Vec2::splat(3e38));
    // Near the float range: no hit, or one with every figure finite.
    if let Some(h) = sweep_hull_hull(&sq, &huge, &sq, &still) {
        assert!(h.t >= 0.0 && h.t <= 1.0 && h.point.is_finite() && h.normal.is_finite());
    }
}

/// The narrow phase's sweep of two polygons is the same exact sweep: the same time, normal
/// and point.
#[test]
fn the_narrow_phase_sweeps_polygons_exactly() {
    let mut rng = SplitMix64::new(0x4A_7707);
    let mut swept = 0;
    for _ in 0..2_000 {
        let (a, ma, b, mb) = case(&mut rng);
        let out = narrow_phase(&a, &ma, &b, &mb, SweepMode::Exact);
        let Some(impact) = time_of_impact(&a, &ma, &b, &mb) else {
            continue;
        };
        swept += 1;
        let hit = out.hit.expect("the sweep hits");
        assert!(out.swept);
        assert_eq!(
            (hit.impact.t, hit.impact.normal, hit.impact.point),
            (impact.t, impact.normal, impact.point)
        );
    }
    assert!(swept > 300, "{swept}");
}

/// A polygon's corner running exactly along a slope's face, from the slope's foot, touches it
/// all the way and never overlaps it: no hit, whatever the slope, the size or the scale. The
/// slanted face's normal rounds, and the sweep took the gap along it (a few roundings below
/// zero) for an overlap all frame: a box sliding up a 45° tile from its foot hit it at once
/// with a side's normal, and a triangle a hair later.
#[test]
fn a_corner_running_along_a_slope_from_its_foot_meets_nothing() {
    let mut rng = SplitMix64::new(0x510_9E5);
    let triangle = |s: f32| Hull::new(&[Vec2::new(-s, -s), Vec2::new(s, -s), Vec2::new(0.0, s)]);
    for _ in 0..2_000 {
        let scale = [1.0, 16.0, 1000.0][rng.index(3)];
        let rise = [0.25, 0.5, 1.0, 2.0][rng.index(4)];
        let (run, size) = (
            scale * [1.0, 2.0, 4.0][rng.index(3)],
            scale * [0.25, 0.5, 0.75, 1.0][rng.index(4)],
        );
        // The slope: from its foot at the origin up to (run, run · rise), solid below.
        let slope =
            Hull::new(&[Vec2::ZERO, Vec2::new(run, 0.0), Vec2::new(run, run * rise)]).unwrap();
        // The mover, up and to the left of the foot, its lowest right corner on it (sizes
        // and places exact in `f32`, so that it starts exactly touching).
        let (mover, corner): (Shape, Vec2) = match rng.index(3) {
            0 => (
                Hull::from_half_extents(Vec2::splat(size)).unwrap().into(),
                Vec2::new(size, -size),
            ),
            1 => (triangle(size).unwrap().into(), Vec2::new(size, -size)),
            _ => (
                Rect {
                    half_extents: Vec2::splat(size),
                }
                .into(),
                Vec2::new(size, -size),
            ),
        };
        let from = -corner;
        let along = Vec2::new(1.0, rise) * run * [0.25, 0.5, 1.0][rng.index(3)];
        let motion = Motion::linear(from, from + along);
        let hit = time_of_impact(
            mover.as_shape_ref(),
            &motion,
            &slope,
            &Motion::stationary(Vec2::ZERO),
        );
        assert_eq!(
            hit, None,
            "{mover:?} from {from:?} by {along:?} along {slope:?}"
        );
    }
}
