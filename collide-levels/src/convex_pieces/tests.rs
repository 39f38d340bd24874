//! The pieces are convex hulls collide takes, and cover the polygon exactly: the same area,
//! and every sample point well away from the boundary inside the polygon exactly when it is
//! inside a piece (and never strictly inside two).

use collide_core::{Hull, MAX_HULL_VERTICES};
use collide_testkit::{proptest_config as config, SplitMix64};
use glam::Vec2;
use proptest::prelude::*;

use super::{convex_pieces, distance_to_segment, DPoint};

fn shape(points: &[(f32, f32)]) -> Vec<Vec2> {
    points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
}

fn l_shape() -> Vec<Vec2> {
    shape(&[
        (0., 0.),
        (10., 0.),
        (10., 3.),
        (3., 3.),
        (3., 10.),
        (0., 10.),
    ])
}

fn u_shape() -> Vec<Vec2> {
    let u = [(0., 0.), (3., 0.), (3., 7.), (7., 7.), (7., 0.), (10., 0.)];
    shape(&[&u[..], &[(10., 10.), (0., 10.)]].concat())
}

fn t_shape() -> Vec<Vec2> {
    let t = [
        (0., 0.),
        (12., 0.),
        (12., 3.),
        (8., 3.),
        (8., 10.),
        (4., 10.),
    ];
    shape(&[&t[..], &[(4., 3.), (0., 3.)]].concat())
}

/// A bar along the bottom (y 8 to 10) with six teeth up to y = 0.
fn comb() -> Vec<Vec2> {
    let mut points = vec![Vec2::new(0.0, 10.0), Vec2::new(22.0, 10.0)];
    for k in (0..=5).rev() {
        let x = 4.0 * k as f32;
        points.extend([Vec2::new(x + 2.0, 0.0), Vec2::new(x, 0.0)]);
        if k > 0 {
            points.extend([Vec2::new(x, 8.0), Vec2::new(x - 2.0, 8.0)]);
        }
    }
    points
}

/// Five steps of 2 × 2 down from the top right.
fn staircase() -> Vec<Vec2> {
    let mut points = vec![
        Vec2::new(0.0, 10.0),
        Vec2::new(10.0, 10.0),
        Vec2::new(10.0, 0.0),
    ];
    for k in 0..5 {
        let x = 8.0 - 2.0 * k as f32;
        let y = 2.0 * k as f32;
        points.extend([Vec2::new(x, y), Vec2::new(x, y + 2.0)]);
    }
    points
}

fn regular(sides: usize, radius: f32) -> Vec<Vec2> {
    (0..sides)
        .map(|i| {
            let angle = i as f64 * std::f64::consts::TAU / sides as f64;
            Vec2::new(angle.cos() as f32, angle.sin() as f32) * radius
        })
        .collect()
}

/// A polygon star-shaped about a random centre: 5 to 20 corners at rising angles and random
/// radii, in a random winding, with random collinear and repeated points.
fn star(seed: u64) -> Vec<Vec2> {
    let mut rng = SplitMix64::new(seed);
    let n = 5 + rng.index(16);
    let center = Vec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0));
    let size = rng.range(1.0, 200.0);
    let step = std::f32::consts::TAU / n as f32;
    let mut points: Vec<Vec2> = (0..n)
        .map(|i| {
            let angle = (i as f32 + rng.range(-0.4, 0.4)) * step;
            let (sin, cos) = collide_core::math::sin_cos(angle);
            center + Vec2::new(cos, sin) * size * rng.range(0.2, 1.0)
        })
        .collect();
    if rng.index(2) == 0 {
        points.reverse();
    }
    let mut noisy = Vec::with_capacity(2 * n);
    for i in 0..n {
        noisy.push(points[i]);
        match rng.index(4) {
            0 => noisy.push(points[i]),
            1 => noisy.push((points[i] + points[(i + 1) % n]) * 0.5),
            _ => {}
        }
    }
    noisy
}

/// The polygon with a midpoint on every edge and every corner given twice.
fn noisy(points: &[Vec2]) -> Vec<Vec2> {
    let n = points.len();
    (0..n)
        .flat_map(|i| {
            [
                points[i],
                points[i],
                (points[i] + points[(i + 1) % n]) * 0.5,
            ]
        })
        .collect()
}

fn cross(a: DPoint, b: DPoint) -> f64 {
    a.perp_dot(b)
}

fn area(points: &[Vec2]) -> f64 {
    let n = points.len();
    let twice: f64 = (0..n)
        .map(|i| cross(DPoint::of(points[i]), DPoint::of(points[(i + 1) % n])))
        .sum();
    twice * 0.5
}

/// Even–odd: whether a ray to +x crosses the boundary an odd number of times.
fn inside_polygon(points: &[Vec2], p: DPoint) -> bool {
    let n = points.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (DPoint::of(points[i]), DPoint::of(points[(i + 1) % n]));
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

fn distance_to_boundary(points: &[Vec2], p: DPoint) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let edge = (DPoint::of(points[i]), DPoint::of(points[(i + 1) % n]));
            distance_to_segment(p, edge)
        })
        .fold(f64::INFINITY, f64::min)
}

/// How far past the piece's edges `p` lies, at most (negative: inside by that much).
fn outside_piece(piece: &[Vec2], p: DPoint) -> f64 {
    let n = piece.len();
    (0..n)
        .map(|i| {
            let (a, b) = (DPoint::of(piece[i]), DPoint::of(piece[(i + 1) % n]));
            -cross(b - a, p - a) / (b - a).length()
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The number of pieces of `polygon`, or why they do not cover it: 2000 sample points from
/// `seed` in its box grown by a tenth.
fn check_cover(polygon: &[Vec2], seed: u64) -> Result<usize, String> {
    let pieces = convex_pieces(polygon)?;
    let (lo, hi) = polygon
        .iter()
        .fold((polygon[0], polygon[0]), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
    let size = f64::from((hi - lo).max_element());
    for piece in &pieces {
        if piece.len() < 3 || piece.len() > MAX_HULL_VERTICES {
            return Err(format!("a piece of {} corners: {piece:?}", piece.len()));
        }
        Hull::new(piece).map_err(|e| format!("{e}: {piece:?}"))?;
        let n = piece.len();
        let turns_left = (0..n).all(|i| {
            let (a, b, c) = (piece[i], piece[(i + 1) % n], piece[(i + 2) % n]);
            cross(DPoint::of(b - a), DPoint::of(c - b)) > 0.0
        });
        if !turns_left {
            return Err(format!("a piece not convex: {piece:?}"));
        }
    }
    let total: f64 = pieces.iter().map(|p| area(p)).sum();
    let want = area(polygon).abs();
    if (total - want).abs() > 1e-4 * want {
        return Err(format!("pieces of area {total}, polygon {want}"));
    }
    let mut rng = SplitMix64::new(seed);
    let margin = 1e-5 * size;
    for _ in 0..2000 {
        let p = DPoint::of(Vec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y)));
        let p = p + (p - DPoint::of(lo + hi) * 0.5) * 0.1;
        if distance_to_boundary(polygon, p) <= 1e-3 * size {
            continue;
        }
        let touching = pieces.iter().filter(|q| outside_piece(q, p) <= margin);
        let within = pieces.iter().filter(|q| outside_piece(q, p) < -margin);
        let (touching, within) = (touching.count(), within.count());
        if inside_polygon(polygon, p) != (touching > 0) || within > 1 {
            return Err(format!("{p:?}: in {touching} pieces, strictly {within}"));
        }
    }
    Ok(pieces.len())
}

fn check_both_windings(polygon: &[Vec2]) -> usize {
    let mut reversed = polygon.to_vec();
    reversed.reverse();
    let count = check_cover(polygon, 1).unwrap();
    assert_eq!(check_cover(&reversed, 2).unwrap(), count);
    count
}

#[test]
fn concave_shapes_become_several_convex_pieces_that_cover_them() {
    for (name, polygon) in [
        ("L", l_shape()),
        ("U", u_shape()),
        ("T", t_shape()),
        ("comb", comb()),
        ("staircase", staircase()),
    ] {
        let count = check_both_windings(&polygon);
        assert!(count >= 2, "{name}: {count} pieces");
        let noisy = check_both_windings(&noisy(&polygon));
        assert!(
            noisy >= 2,
            "{name} with repeated and collinear points: {noisy}"
        );
    }
}

#[test]
fn the_pieces_of_an_l_are_two_and_keep_its_corners() {
    let pieces = convex_pieces(&l_shape()).unwrap();
    assert_eq!(pieces.len(), 2);
    assert!(pieces.iter().all(|p| p.len() == 4), "{pieces:?}");
}

#[test]
fn a_convex_polygon_is_one_piece() {
    let square = shape(&[(0., 0.), (4., 0.), (4., 4.), (0., 4.)]);
    for polygon in [
        square.clone(),
        noisy(&square),
        regular(6, 3.0),
        regular(16, 50.0),
    ] {
        assert_eq!(check_both_windings(&polygon), 1, "{polygon:?}");
    }
    let pieces = convex_pieces(&noisy(&square)).unwrap();
    assert_eq!(pieces[0].len(), 4, "{pieces:?}");
}

#[test]
fn a_convex_polygon_of_too_many_corners_is_split_into_hulls() {
    assert!(check_both_windings(&regular(40, 100.0)) >= 3);
}

#[test]
fn what_is_no_simple_polygon_is_an_error() {
    let bow_tie = shape(&[(0., 0.), (10., 10.), (10., 0.), (0., 10.)]);
    let pinched = shape(&[
        (0., 0.),
        (4., 0.),
        (4., 4.),
        (8., 4.),
        (8., 8.),
        (4., 8.),
        (4., 4.),
    ]);
    let pinched = [&pinched[..], &shape(&[(0., 4.)])].concat();
    let line = shape(&[(0., 0.), (1., 1.), (2., 2.), (1., 1.)]);
    let repeated = shape(&[(0., 0.), (0., 0.), (1., 0.), (1., 0.)]);
    let nan = shape(&[(0., 0.), (f32::NAN, 0.), (1., 1.)]);
    for polygon in [bow_tie, pinched, line, repeated, nan, Vec::new()] {
        assert!(convex_pieces(&polygon).is_err(), "{polygon:?}");
    }
}

proptest! {
    #![proptest_config(config(300, 0x5EED_C0CA))]

    #[test]
    fn random_star_shaped_polygons_are_covered_by_convex_hulls(seed in any::<u64>()) {
        let polygon = star(seed);
        let result = check_cover(&polygon, seed ^ 0xA5A5);
        prop_assert!(result.is_ok(), "{:?}: {:?}", polygon, result);
    }
}
