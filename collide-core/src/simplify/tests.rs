//! The greedy reductions held to the plain loops they replace: step for step on polygons that
//! fit in one run, and close to them (and to the best sixteen-gons) on longer ones.

use super::greedy::RUN;
use super::{cross, enclosing_floats, enclosing_plain, vw_floats, vw_plain};
use crate::hull_points::monotone_chain;
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Twice the area of a polygon in positive-area order, in `f64`.
fn area2(v: &[Vec2]) -> f64 {
    (1..v.len().saturating_sub(1))
        .map(|i| cross(v[0], v[i], v[i + 1]))
        .sum()
}

/// The hull of `count` points on a circle of `radius` at `offset`, rounded to `f32`: past a
/// few thousand points the rounding makes it a staircase of nearly collinear vertices.
fn circle(count: usize, radius: f64, offset: Vec2) -> Vec<Vec2> {
    let mut points: Vec<Vec2> = (0..count)
        .map(|i| {
            let (sin, cos) = (i as f64 * core::f64::consts::TAU / count as f64).sin_cos();
            offset + Vec2::new((cos * radius) as f32, (sin * radius) as f32)
        })
        .collect();
    let n = monotone_chain(&mut points);
    points.truncate(n);
    points
}

/// The hull of a seeded cloud of at most [`RUN`] points: uniform in a disk, in a thin
/// ellipse, on a circle, or on a short arc so dense that its hull is a float staircase.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn seeded_hull(rng: &mut SplitMix64, kind: usize) -> Vec<Vec2> {
    let count = 8 + rng.index(RUN - 8);
    let scale = 10f32.powf(rng.range(-3.0, 6.0));
    let offset = Vec2::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)) * scale;
    let mut points: Vec<Vec2> = (0..count)
        .map(|i| {
            let p = match kind % 4 {
                0 => rng.direction() * rng.unit().sqrt(),
                1 => rng.direction() * rng.unit().sqrt() * Vec2::new(1.0, 0.05),
                2 => rng.direction(),
                // A hundredth of a radian of a circle, closed by its centre.
                _ if i == 0 => Vec2::ZERO,
                _ => {
                    let (sin, cos) = (i as f64 * 0.01 / count as f64 - 1.57).sin_cos();
                    Vec2::new(cos as f32, sin as f32)
                }
            };
            offset + p * scale
        })
        .collect();
    let n = monotone_chain(&mut points);
    points.truncate(n);
    points
}

/// The greedy runs and the plain loops agree removal for removal on every polygon that fits
/// in one run, for both rules and any target. The enclosing step gives what it gave before
/// it could take out neighbours, except on the float staircases that needed it.
#[test]
fn runs_that_fit_take_the_plain_loops_steps() {
    let mut rng = SplitMix64::new(0x9E_A9);
    let mut unstuck = 0;
    for round in 0..120 {
        let polygon = seeded_hull(&mut rng, round);
        let what = format!("round {round}, {} vertices", polygon.len());
        for keep in [16, 3 + rng.index(12)] {
            let (mut fast, mut plain) = (polygon.clone(), polygon.clone());
            let (n, m) = (vw_floats(&mut fast, keep), vw_plain(&mut plain, keep));
            assert_eq!(fast[..n], plain[..m], "{what}: Vw to {keep}");
            let (mut fast, mut plain) = (polygon.clone(), polygon.clone());
            let n = enclosing_floats(&mut fast, keep);
            let m = enclosing_plain(&mut plain, keep, true);
            assert_eq!(fast[..n], plain[..m], "{what}: enclosing to {keep}");
            let mut before = polygon.clone();
            let k = enclosing_plain(&mut before, keep, false);
            if round % 4 == 3 {
                unstuck += usize::from(before[..k] != plain[..m]);
            } else {
                assert_eq!(before[..k], plain[..m], "{what}: as before, to {keep}");
            }
        }
    }
    assert!(unstuck >= 5, "{unstuck}");
}

/// Whether every point of `points` lies inside the convex polygon `v` or on it, exactly.
fn holds_all(v: &[Vec2], points: &[Vec2]) -> bool {
    let n = v.len();
    points
        .iter()
        .all(|&p| (0..n).all(|i| cross(v[i], v[(i + 1) % n], p) >= 0.0))
}

/// Strictly convex, in positive-area order.
fn is_convex(v: &[Vec2]) -> bool {
    let n = v.len();
    (0..n).all(|i| cross(v[i], v[(i + 1) % n], v[(i + 2) % n]) > 0.0)
}

/// A polygon longer than a run, cut into runs, comes out convex, holding every vertex
/// (enclosing) or made of them (Vw), and within a few thousandths of the plain loop's area.
#[test]
fn longer_polygons_come_out_near_the_plain_loops_answer() {
    let polygon = circle(1_200, 1_000.0, Vec2::new(30.0, -20.0));
    assert_eq!(polygon.len(), 1_200);
    let (mut fast, mut plain) = (polygon.clone(), polygon.clone());
    let (n, m) = (vw_floats(&mut fast, 16), vw_plain(&mut plain, 16));
    assert_eq!(n, 16);
    assert!(is_convex(&fast[..n]) && fast[..n].iter().all(|p| polygon.contains(p)));
    let ratio = area2(&fast[..n]) / area2(&plain[..m]);
    assert!((ratio - 1.0).abs() < 3e-3, "Vw: {ratio}");
    let (mut fast, mut plain) = (polygon.clone(), polygon.clone());
    let n = enclosing_floats(&mut fast, 16);
    let m = enclosing_plain(&mut plain, 16, true);
    assert_eq!(n, 16);
    assert!(is_convex(&fast[..n]) && holds_all(&fast[..n], &polygon));
    let ratio = area2(&fast[..n]) / area2(&plain[..m]);
    assert!((ratio - 1.0).abs() < 3e-3, "enclosing: {ratio}");
}

/// The hulls of dense circles are float staircases of tens of thousands of vertices, at any
/// size and distance: the runs bring them to sixteen vertices that hold every point (or are
/// some of them) within a few thousandths of the best sixteen-gon's area.
#[test]
fn float_staircases_come_out_near_the_best_sixteen_gon() {
    // Twice the areas of the regular sixteen-gons in and around the unit circle.
    let inner = 16.0 * (core::f64::consts::PI / 8.0).sin();
    let outer = 32.0 * (core::f64::consts::PI / 16.0).tan();
    let cases = [
        (400_000, 1_000.0, Vec2::ZERO),
        (100_000, 0.01, Vec2::ZERO),
        (100_000, 5_000.0, Vec2::splat(6e5)),
    ];
    for (count, radius, offset) in cases {
        let polygon = circle(count, radius, offset);
        let what = format!("radius {radius} at {offset}: {} vertices", polygon.len());
        assert!(polygon.len() > 2 * RUN, "{what}");
        let r2 = radius * radius;
        let mut v = polygon.clone();
        let n = vw_floats(&mut v, 16);
        assert!(
            is_convex(&v[..n]) && v[..n].iter().all(|p| polygon.contains(p)),
            "{what}"
        );
        let ratio = area2(&v[..n]) / (r2 * inner);
        assert!(n == 16 && ratio > 0.99, "{what}: Vw {ratio}");
        let mut v = polygon.clone();
        let n = enclosing_floats(&mut v, 16);
        assert!(is_convex(&v[..n]) && holds_all(&v[..n], &polygon), "{what}");
        let ratio = area2(&v[..n]) / (r2 * outer);
        assert!(n == 16 && ratio < 1.005, "{what}: enclosing {ratio}");
    }
}
