//! Hulls far from the origin: the tolerances [`Hull::new`] cleans a polygon with follow the
//! polygon's own size and the float grid where it sits, not its distance from the origin.

mod common;

use collide_core::{Hull, Simplify};
use common::SplitMix64;
use glam::Vec2;

/// `(b − a) × (c − a)` in `f64`.
fn cross(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let w = |p: Vec2| [f64::from(p.x), f64::from(p.y)];
    let (a, b, c) = (w(a), w(b), w(c));
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// How far outside `hull` the point `p` lies (0 inside or on it), in `f64`.
fn outside_by(hull: &Hull, p: Vec2) -> f64 {
    let v = hull.vertices();
    (0..v.len())
        .map(|i| {
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            -cross(a, b, p) / f64::from((b - a).length())
        })
        .fold(0.0, f64::max)
}

/// The gap between `f32`s at the largest coordinate of `points`.
fn grid(points: &[Vec2]) -> f64 {
    let m = points
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
    f64::from(f32::from_bits(m.to_bits() + 1) - m)
}

/// The axis-aligned square of side `side` with its least corner at `corner`.
fn square(corner: Vec2, side: f32) -> [Vec2; 4] {
    [
        corner,
        corner + Vec2::new(side, 0.0),
        corner + Vec2::splat(side),
        corner + Vec2::new(0.0, side),
    ]
}

/// A unit square a million units out keeps its four corners: the duplicate distance is a
/// millionth of its size, not of its distance from the origin (which made it one unit).
#[test]
fn a_unit_square_far_out_keeps_its_corners() {
    for at in [1.0e6, -1.0e6, 3.0e6] {
        let corners = square(Vec2::splat(at), 1.0);
        let hull = Hull::new(&corners).unwrap_or_else(|e| panic!("at {at}: {e}"));
        assert_eq!(hull.vertices(), corners, "at {at}");
        assert!(
            (hull.area() - 1.0).abs() <= 1e-9,
            "at {at}: {}",
            hull.area()
        );
    }
}

/// A 4 × 4 square a million units out, with points inside and on its edges, gives its four
/// corners through `from_points` (its area, summed in `f32` around the origin, came to 0).
#[test]
fn a_small_square_far_out_comes_through_from_points() {
    let corner = Vec2::splat(1.0e6);
    let corners = square(corner, 4.0);
    let mut cloud = corners.to_vec();
    cloud.extend([2.0, 0.0, 1.0].map(|t| corner + Vec2::new(t, 2.0)));
    cloud.extend([1.0, 3.0].map(|t| corner + Vec2::new(t, 0.0)));
    for simplify in [Simplify::Vw, Simplify::Enclosing] {
        let hull = Hull::from_points(&cloud, simplify).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(hull.vertices(), corners, "{simplify:?}");
    }
    assert_eq!(Hull::new(&corners).unwrap().vertex_count(), 4);
}

/// Ten million units out the float grid is one unit: a triangle with one-unit legs is the
/// smallest there is, and it is a hull.
#[test]
fn a_triangle_one_grid_step_across_is_a_hull() {
    for at in [
        Vec2::splat(1.0e7),
        Vec2::new(-1.0e7, 3.0e6),
        Vec2::new(1.6e7, -1.6e7),
    ] {
        let step = grid(&[at]) as f32;
        let triangle = [at, at + Vec2::new(step, 0.0), at + Vec2::new(0.0, step)];
        let hull = Hull::new(&triangle).unwrap_or_else(|e| panic!("at {at}: {e}"));
        assert_eq!(hull.vertices(), triangle, "at {at}");
        let hull = Hull::from_points(&triangle, Simplify::Enclosing).unwrap();
        assert_eq!(hull.vertex_count(), 3, "at {at}");
    }
}

/// A rotated rectangle far out, with the middle of each edge as a vertex too: rounded to the
/// float grid, a middle can turn a hair either way. Turning the wrong way by less than a few
/// float steps it is no corner and is dropped, not refused; turning the right way by more
/// than half a step it may stay as a corner. Either way every given point is on the hull to
/// within a float step or two.
#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn edge_middles_rounded_off_the_edge_far_out_are_not_refused() {
    let mut rng = SplitMix64::new(0xFA2);
    let mut dropped = 0;
    for round in 0..200 {
        let at = Vec2::new(rng.range(-2e6, 2e6), rng.range(-2e6, 2e6));
        let turn = Vec2::from_angle(rng.angle());
        let size = Vec2::new(rng.range(2.0, 40.0), rng.range(2.0, 40.0));
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| turn.rotate(Vec2::new(x, y) * size));
        let polygon: Vec<Vec2> = (0..8)
            .map(|i| {
                let (a, b) = (corners[i / 2], corners[(i / 2 + 1) % 4]);
                at + if i % 2 == 0 { a } else { (a + b) * 0.5 }
            })
            .collect();
        let hull = Hull::new(&polygon).unwrap_or_else(|e| panic!("round {round}: {e}"));
        dropped += 8 - hull.vertex_count();
        let step = grid(&polygon);
        for &p in &polygon {
            let out = outside_by(&hull, p) / step;
            assert!(
                out <= 2.0,
                "round {round}: {p} outside by {out} float steps"
            );
        }
    }
    assert!(dropped >= 600, "{dropped} middles dropped");
}

/// Clouds two units across, 600 000 units out (where the float grid is 1/16): the enclosing
/// hull holds every point to a float step or so (vertices 0.6 apart were merged as duplicates,
/// leaving points 0.35 outside).
#[test]
fn two_unit_clouds_six_hundred_thousand_out_stay_inside() {
    let mut rng = SplitMix64::new(0x6E5);
    for round in 0..40 {
        let at = rng.direction() * 6.0e5;
        let ring = round % 2 == 0;
        let cloud: Vec<Vec2> = (0..50 + rng.index(250))
            .map(|_| at + rng.direction() * if ring { 1.0 } else { rng.unit().sqrt() })
            .collect();
        let hull = Hull::from_points(&cloud, Simplify::Enclosing).unwrap();
        let step = grid(&cloud);
        let worst = cloud
            .iter()
            .map(|&p| outside_by(&hull, p))
            .fold(0.0, f64::max);
        assert!(
            worst <= 2.0 * step,
            "round {round} at {at}: a point {worst} outside"
        );
    }
}

/// The enclosing reduction leaves no point of a cloud outside its hull by more than a few
/// float steps at the cloud's largest coordinate, whatever its size and distance (a 2-unit
/// cloud 600 000 units out had points 0.35 outside: vertices a sixteenth apart were merged).
#[test]
fn enclosing_hulls_hold_every_point_to_the_float_grid() {
    let mut rng = SplitMix64::new(0xE4C1);
    let mut worst: f64 = 0.0;
    for round in 0..400 {
        let offset = [0.0, 1.0e3, 6.0e5, 1.0e6][round % 4];
        let size = [0.01, 2.0, 50.0, 1.0e3][round / 4 % 4];
        let at = rng.direction() * offset;
        let count = 3 + rng.index(300);
        let cloud: Vec<Vec2> = (0..count)
            .map(|_| {
                let p = match round / 16 % 3 {
                    0 => rng.direction() * rng.unit().sqrt(),
                    1 => rng.direction(),
                    _ => Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0) * 0.1),
                };
                at + p * size
            })
            .collect();
        let what = format!("round {round}: {count} points of size {size} at {at}");
        let Ok(hull) = Hull::from_points(&cloud, Simplify::Enclosing) else {
            // Only a cloud that rounds to a line may be refused.
            assert!(size < 0.1 && offset >= 6e5, "{what}");
            continue;
        };
        let step = grid(&cloud);
        for &p in &cloud {
            let out = outside_by(&hull, p) / step;
            worst = worst.max(out);
            assert!(out <= 4.0, "{what}: {p} outside by {out} float steps");
        }
    }
    println!("worst: {worst} float steps");
}
