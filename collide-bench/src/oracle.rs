//! Brute-force answers, independent of both libraries, to say who is right when collide and
//! parry2d disagree.
//!
//! - overlap: exact tests per pair (strict: touching is not overlapping, as in collide);
//! - hull–hull depth: the smallest overlap over every edge normal of both polygons (exact for
//!   convex polygons: the Minkowski difference's edges are the two polygons' edges);
//! - hull–hull distance: the smallest vertex-to-edge distance both ways;
//! - time of impact: [`TOI_STEPS`] uniform sub-steps of the frame, then bisection between the
//!   last separated and the first overlapping step.

use collide_core::{Motion, Pose, Shape};
use glam::Vec2;

use crate::cases::{CastCase, PoseCase};

/// Sub-steps of the time-of-impact oracle.
pub const TOI_STEPS: usize = 10_000;

/// A shape's outline in world coordinates: a circle (centre, radius) or a convex polygon.
enum World {
    Circle(Vec2, f32),
    Polygon(Vec<Vec2>),
}

fn world(shape: &Shape, pose: &Pose) -> World {
    match shape {
        Shape::Circle(c) => World::Circle(pose.position, c.radius),
        Shape::Rect(r) => {
            let (h, p) = (r.half_extents, pose.position);
            World::Polygon(vec![
                p + Vec2::new(-h.x, -h.y),
                p + Vec2::new(h.x, -h.y),
                p + Vec2::new(h.x, h.y),
                p + Vec2::new(-h.x, h.y),
            ])
        }
        Shape::Hull(h) => World::Polygon(
            h.vertices()
                .iter()
                .map(|v| pose.transform_point(*v))
                .collect(),
        ),
    }
}

fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t - p).length()
}

fn edges(poly: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    (0..poly.len()).map(move |i| (poly[i], poly[(i + 1) % poly.len()]))
}

fn contains(poly: &[Vec2], p: Vec2) -> bool {
    // Positive-area winding: inside is left of every edge.
    edges(poly).all(|(a, b)| (b - a).perp_dot(p - a) > 0.0)
}

/// The smallest overlap of the two polygons' projections over every edge normal of both; a
/// value ≤ 0 means separated or touching.
fn sat_depth(a: &[Vec2], b: &[Vec2]) -> f32 {
    let mut best = f32::INFINITY;
    for (p, q) in edges(a).chain(edges(b)) {
        let n = (q - p).perp().normalize_or_zero();
        if n == Vec2::ZERO {
            continue;
        }
        let project = |poly: &[Vec2]| {
            poly.iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
                    (lo.min(v.dot(n)), hi.max(v.dot(n)))
                })
        };
        let (alo, ahi) = project(a);
        let (blo, bhi) = project(b);
        best = best.min((ahi - blo).min(bhi - alo));
    }
    best
}

fn polygon_distance(a: &[Vec2], b: &[Vec2]) -> f32 {
    let mut best = f32::INFINITY;
    for &p in a {
        for (s, e) in edges(b) {
            best = best.min(segment_distance(p, s, e));
        }
    }
    for &p in b {
        for (s, e) in edges(a) {
            best = best.min(segment_distance(p, s, e));
        }
    }
    best
}

/// Whether two placed shapes overlap strictly.
#[must_use]
pub fn overlaps(a: &Shape, pose_a: &Pose, b: &Shape, pose_b: &Pose) -> bool {
    match (world(a, pose_a), world(b, pose_b)) {
        (World::Circle(ca, ra), World::Circle(cb, rb)) => {
            ca.distance_squared(cb) < (ra + rb) * (ra + rb)
        }
        (World::Circle(c, r), World::Polygon(p)) | (World::Polygon(p), World::Circle(c, r)) => {
            contains(&p, c) || edges(&p).any(|(s, e)| segment_distance(c, s, e) < r)
        }
        (World::Polygon(pa), World::Polygon(pb)) => sat_depth(&pa, &pb) > 0.0,
    }
}

/// The penetration depth of two overlapping polygons (hulls or rects), `None` when they do not
/// overlap or a circle is involved.
#[must_use]
pub fn depth(case: &PoseCase) -> Option<f32> {
    match (world(&case.a, &case.pose_a), world(&case.b, &case.pose_b)) {
        (World::Polygon(a), World::Polygon(b)) => Some(sat_depth(&a, &b)).filter(|d| *d > 0.0),
        _ => None,
    }
}

/// The distance between two polygons (0 when they overlap), `None` when a circle is involved.
#[must_use]
pub fn distance(case: &PoseCase) -> Option<f32> {
    match (world(&case.a, &case.pose_a), world(&case.b, &case.pose_b)) {
        (World::Polygon(a), World::Polygon(b)) => Some(if sat_depth(&a, &b) > 0.0 {
            0.0
        } else {
            polygon_distance(&a, &b)
        }),
        _ => None,
    }
}

fn overlaps_at(case: &CastCase, t: f32) -> bool {
    let pose = |m: &Motion| m.pose_at(t);
    overlaps(
        &case.a,
        &pose(&case.motion_a),
        &case.b,
        &pose(&case.motion_b),
    )
}

/// The first moment of the frame at which the shapes overlap, by dense sub-stepping and
/// bisection; `None` if no sub-step overlaps.
#[must_use]
pub fn time_of_impact(case: &CastCase) -> Option<f32> {
    if overlaps_at(case, 0.0) {
        return Some(0.0);
    }
    let first = (1..=TOI_STEPS).find(|&k| overlaps_at(case, k as f32 / TOI_STEPS as f32))?;
    let (mut lo, mut hi) = (
        (first - 1) as f32 / TOI_STEPS as f32,
        first as f32 / TOI_STEPS as f32,
    );
    for _ in 0..24 {
        let mid = 0.5 * (lo + hi);
        if overlaps_at(case, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Hull, Rect, Rot};

    #[test]
    fn known_answers() {
        let square = Shape::Hull(Hull::from_half_extents(Vec2::ONE).expect("a valid square"));
        let at = |x: f32| Pose::new(Vec2::new(x, 0.0), Rot::IDENTITY);
        let case = PoseCase {
            a: square,
            pose_a: at(0.0),
            b: square,
            pose_b: at(1.5),
        };
        assert!((depth(&case).unwrap_or(0.0) - 0.5).abs() < 1e-5);
        assert!(distance(&case) == Some(0.0));
        let apart = PoseCase {
            pose_b: at(5.0),
            ..case
        };
        assert!(depth(&apart).is_none());
        assert!((distance(&apart).unwrap_or(0.0) - 3.0).abs() < 1e-5);
        // Touching is not overlapping.
        let touching = PoseCase {
            pose_b: at(2.0),
            ..case
        };
        assert!(depth(&touching).is_none());

        let shot = CastCase {
            a: Shape::Circle(Circle { radius: 0.5 }),
            motion_a: Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0)),
            b: Shape::Circle(Circle { radius: 1.0 }),
            motion_b: Motion::stationary(Vec2::ZERO),
        };
        assert!((time_of_impact(&shot).unwrap_or(1.0) - 0.3125).abs() < 1e-4);
        // A rounded corner, which the expanded-box approximation gets wrong: a circle of radius 1 whose centre runs along x + y = 3.8
        // passes 1.27 from the box's corner (1, 1), inside the square-cornered grown box but
        // outside the rounded one: a miss. Along x + y = 3.2 (0.85 from the corner) it hits.
        let pass = |c: f32| CastCase {
            a: Shape::Circle(Circle { radius: 1.0 }),
            motion_a: Motion::linear(Vec2::new(-3.0, c + 3.0), Vec2::new(c + 3.0, -3.0)),
            b: Shape::Rect(Rect {
                half_extents: Vec2::ONE,
            }),
            motion_b: Motion::stationary(Vec2::ZERO),
        };
        assert!(time_of_impact(&pass(3.8)).is_none());
        assert!(time_of_impact(&pass(3.2)).is_some());
    }
}
