//! `Hull::from_points` on seeded random clouds: at most 16 vertices, convex, positive area;
//! the exact hull when it fits; every point inside with the enclosing reduction; the vertices
//! among the points, and most of the area, with Visvalingam–Whyatt.

mod common;

use collide_core::{Error, Hull, Simplify, MAX_CLOUD_POINTS, MAX_HULL_VERTICES};
use common::SplitMix64;
use glam::Vec2;

/// `p` in `f64`.
fn wide(p: Vec2) -> [f64; 2] {
    [f64::from(p.x), f64::from(p.y)]
}

/// `(b − a) × (c − a)` in `f64`.
fn cross(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let (a, b, c) = (wide(a), wide(b), wide(c));
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// How far outside `hull` the point `p` lies (0 inside or on it), by the worst edge.
fn outside_by(hull: &Hull, p: Vec2) -> f64 {
    let v = hull.vertices();
    (0..v.len())
        .map(|i| {
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            -cross(a, b, p) / f64::from((b - a).length())
        })
        .fold(0.0, f64::max)
}

/// Every vertex turns left (strictly) and the shoelace area is positive.
fn assert_convex_positive(hull: &Hull, what: &str) {
    let v = hull.vertices();
    let n = v.len();
    assert!((3..=MAX_HULL_VERTICES).contains(&n), "{what}: {n} vertices");
    for i in 0..n {
        let turn = cross(v[i], v[(i + 1) % n], v[(i + 2) % n]);
        assert!(turn > 0.0, "{what}: turn {turn} at vertex {}", (i + 1) % n);
    }
    assert!(hull.area() > 0.0, "{what}");
}

/// The size of a cloud: its largest coordinate span.
fn size_of(cloud: &[Vec2]) -> f64 {
    let (lo, hi) = cloud.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    f64::from((hi - lo).max_element())
}

/// A seeded cloud: uniform in a disk, in a thin ellipse, on a circle, in a square with
/// duplicates and collinear runs, at an offset and a scale.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn cloud(rng: &mut SplitMix64, kind: usize) -> Vec<Vec2> {
    let n = 3 + rng.index(400);
    let scale = 10f32.powf(rng.range(-3.0, 6.0));
    let offset = Vec2::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)) * scale;
    let mut points: Vec<Vec2> = (0..n)
        .map(|_| {
            let p = match kind % 4 {
                0 => rng.direction() * rng.unit().sqrt(),
                1 => rng.direction() * rng.unit().sqrt() * Vec2::new(1.0, 0.05),
                2 => rng.direction(),
                _ => Vec2::new(
                    (rng.range(-1.0, 1.0) * 8.0).round() / 8.0,
                    (rng.range(-1.0, 1.0) * 8.0).round() / 8.0,
                ),
            };
            offset + p * scale
        })
        .collect();
    let copies: Vec<Vec2> = points.iter().step_by(7).copied().collect();
    points.extend(copies);
    points
}

/// Whether `hull` is exactly the cloud's convex hull: every vertex one of the points and every
/// point inside (to rounding).
fn is_exact_hull(hull: &Hull, cloud: &[Vec2], tolerance: f64) -> bool {
    hull.vertices().iter().all(|v| cloud.contains(v))
        && cloud.iter().all(|&p| outside_by(hull, p) <= tolerance)
}

#[test]
fn random_clouds_give_convex_hulls_of_at_most_sixteen_vertices() {
    let mut rng = SplitMix64::new(0x4011_C10D);
    let (mut reduced, mut exact) = (0, 0);
    for round in 0..400 {
        let points = cloud(&mut rng, round);
        let size = size_of(&points);
        let what = format!("round {round}, {} points, size {size}", points.len());
        let vw = Hull::from_points(&points, Simplify::Vw).expect(&what);
        let enclosing = Hull::from_points(&points, Simplify::Enclosing).expect(&what);
        assert_convex_positive(&vw, &what);
        assert_convex_positive(&enclosing, &what);
        // Enclosing: every point inside, to a millionth of the cloud's size.
        for &p in &points {
            let out = outside_by(&enclosing, p);
            assert!(out <= 1e-6 * size, "{what}: {p} outside by {out}");
        }
        // Visvalingam–Whyatt: the vertices are points of the cloud, so the hull lies inside
        // the exact one; it keeps most of its area.
        for v in vw.vertices() {
            assert!(points.contains(v), "{what}: vertex {v} not in the cloud");
        }
        assert!(enclosing.area() >= vw.area() * (1.0 - 1e-6), "{what}");
        if is_exact_hull(&vw, &points, 1e-6 * size) {
            // It fitted: both reductions give the exact hull, vertex for vertex.
            exact += 1;
            assert_eq!(vw, enclosing, "{what}");
        } else {
            reduced += 1;
            assert_eq!(vw.vertex_count(), MAX_HULL_VERTICES, "{what}");
            if round % 4 < 3 {
                // A disk, an ellipse or a circle: the two hulls bracket the exact one, and
                // sixteen well-chosen vertices of a round hull leave it little room.
                let ratio = enclosing.area() / vw.area();
                assert!(ratio < 1.15, "{what}: area ratio {ratio}");
            }
        }
    }
    assert!(
        reduced > 100 && exact > 50,
        "{reduced} reduced, {exact} exact"
    );
}

#[test]
fn the_order_of_the_points_does_not_matter() {
    let mut rng = SplitMix64::new(77);
    for round in 0..50 {
        let mut points = cloud(&mut rng, round);
        let first = Hull::from_points(&points, Simplify::Vw).unwrap();
        let first_enclosing = Hull::from_points(&points, Simplify::Enclosing).unwrap();
        points.reverse();
        let turn = round % points.len();
        points.rotate_left(turn);
        assert_eq!(Hull::from_points(&points, Simplify::Vw).unwrap(), first);
        let enclosing = Hull::from_points(&points, Simplify::Enclosing).unwrap();
        assert_eq!(enclosing, first_enclosing);
    }
}

#[test]
fn small_and_degenerate_clouds() {
    let tri = [Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)];
    let hull = Hull::from_points(&tri, Simplify::Vw).unwrap();
    assert_eq!(hull.vertices(), tri);
    // A square with points inside, on its edges and repeated.
    let square = [
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 2.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 1.0),
    ];
    let hull = Hull::from_points(&square, Simplify::Enclosing).unwrap();
    let corners = [
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::splat(2.0),
        Vec2::new(0.0, 2.0),
    ];
    assert_eq!(hull.vertices(), corners);
    let line: Vec<Vec2> = (0..20).map(|i| Vec2::splat(i as f32)).collect();
    assert_eq!(
        Hull::from_points(&line, Simplify::Vw),
        Err(Error::TooFewVertices { remaining: 2 })
    );
    assert_eq!(
        Hull::from_points(&[Vec2::ONE; 5], Simplify::Vw),
        Err(Error::TooFewVertices { remaining: 1 })
    );
    assert_eq!(
        Hull::from_points(&[], Simplify::Vw),
        Err(Error::TooFewVertices { remaining: 0 })
    );
    let mut bad = tri.to_vec();
    bad.push(Vec2::new(f32::NAN, 0.0));
    assert_eq!(Hull::from_points(&bad, Simplify::Vw), Err(Error::NonFinite));
    bad[3] = Vec2::new(0.0, f32::INFINITY);
    assert_eq!(
        Hull::from_points(&bad, Simplify::Enclosing),
        Err(Error::NonFinite)
    );
}

#[test]
fn more_points_than_the_stack_buffer_go_through_the_caller_slice() {
    let mut rng = SplitMix64::new(5);
    let mut many: Vec<Vec2> = (0..5000)
        .map(|_| rng.direction() * rng.unit().sqrt())
        .collect();
    assert_eq!(
        Hull::from_points(&many, Simplify::Vw),
        Err(Error::TooManyPoints { count: 5000 })
    );
    let original = many.clone();
    let hull = Hull::from_points_mut(&mut many, Simplify::Enclosing).unwrap();
    assert_convex_positive(&hull, "5000 points");
    for &p in &original {
        assert!(outside_by(&hull, p) <= 2e-6, "{p}");
    }
    let fits = &original[..MAX_CLOUD_POINTS];
    let mut copy = fits.to_vec();
    assert_eq!(
        Hull::from_points_mut(&mut copy, Simplify::Vw),
        Hull::from_points(fits, Simplify::Vw)
    );
}
