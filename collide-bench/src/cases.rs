//! Seeded random query cases, the same for collide and for the peer library.
//!
//! Each [`Query`] gets [`CASES`] cases from a fixed seed. Time-of-impact cases aim one shape at
//! the other with a random miss distance and a random reach, so about half hit; contact cases
//! always overlap (the centres are closer than the sum of the two inscribed radii); distance
//! cases are always separated (farther than the sum of the two circumradii).

use collide_core::{Circle, Hull, Motion, Pose, Rect, Rot, Shape};
use glam::Vec2;

use collide_scene::SplitMix64;

/// Cases per query in the side-by-side comparison.
pub const CASES: usize = 1024;
/// The seed the cases are drawn from unless told otherwise.
pub const CASE_SEED: u64 = 0xCA5E_5EED;

/// A query compared side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Query {
    /// Time of impact of two moving circles.
    ToiCircleCircle,
    /// Time of impact of a moving circle and a moving box.
    ToiCircleRect,
    /// Time of impact of two moving boxes.
    ToiRectRect,
    /// Time of impact of two moving convex hulls (6- and 8-gons).
    ToiHullHull,
    /// Contact (normal, depth) of two overlapping hulls.
    ContactHullHull,
    /// Distance of two separated hulls.
    DistanceHullHull,
    /// Time of impact of a moving circle and a moving convex hull (a 6- or 8-gon). Last of the
    /// variants, so that the others keep their seeds.
    ToiCircleHull,
}

impl Query {
    /// Every query, in report order.
    pub const ALL: [Query; 7] = [
        Query::ToiCircleCircle,
        Query::ToiCircleRect,
        Query::ToiRectRect,
        Query::ToiCircleHull,
        Query::ToiHullHull,
        Query::ContactHullHull,
        Query::DistanceHullHull,
    ];

    /// The name used in reports, JSON and bench ids, e.g. `"toi_circle_rect"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Query::ToiCircleCircle => "toi_circle_circle",
            Query::ToiCircleRect => "toi_circle_rect",
            Query::ToiRectRect => "toi_rect_rect",
            Query::ToiCircleHull => "toi_circle_hull",
            Query::ToiHullHull => "toi_hull_hull",
            Query::ContactHullHull => "contact_hull_hull",
            Query::DistanceHullHull => "distance_hull_hull",
        }
    }

    /// Whether the query is a time of impact (cases are [`CastCase`]s), else a pose query.
    #[must_use]
    pub const fn is_cast(self) -> bool {
        matches!(
            self,
            Query::ToiCircleCircle
                | Query::ToiCircleRect
                | Query::ToiRectRect
                | Query::ToiCircleHull
                | Query::ToiHullHull
        )
    }
}

/// Two shapes, each with its motion over one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastCase {
    /// The first shape.
    pub a: Shape,
    /// Its motion.
    pub motion_a: Motion,
    /// The second shape.
    pub b: Shape,
    /// Its motion.
    pub motion_b: Motion,
}

/// Two shapes, each at a pose.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoseCase {
    /// The first shape.
    pub a: Shape,
    /// Its pose.
    pub pose_a: Pose,
    /// The second shape.
    pub b: Shape,
    /// Its pose.
    pub pose_b: Pose,
}

/// The cases of a time-of-impact query (`count` of them, from `seed`); empty for a pose query.
#[must_use]
pub fn cast_cases(query: Query, count: usize, seed: u64) -> Vec<CastCase> {
    if !query.is_cast() {
        return Vec::new();
    }
    let mut rng = SplitMix64::new(seed ^ query_salt(query));
    (0..count)
        .map(|_| {
            let (a, b) = shape_pair(query, &mut rng);
            let (ra, rb) = (bounding_radius(&a), bounding_radius(&b));
            let reach = ra + rb;
            let target = rng.in_box(Vec2::splat(-100.0), Vec2::splat(100.0));
            let direction = rng.direction();
            let gap = rng.range(0.25, 100.0);
            let start_a = target - direction * (reach + gap);
            // Aim within ±1.5 × the combined radius of b's centre: many hit, many graze or miss.
            let miss = direction.perp() * rng.range(-1.5, 1.5) * reach;
            // Reach from 30 % to 250 % of the way: some stop short.
            let travel = (target + miss - start_a) * rng.range(0.3, 2.5);
            let drift_b = rng.direction() * rng.range(0.0, 5.0);
            let rot_a = rotation_for(&a, &mut rng);
            let rot_b = rotation_for(&b, &mut rng);
            CastCase {
                a,
                motion_a: Motion::new(start_a, start_a + travel, rot_a),
                b,
                motion_b: Motion::new(target, target + drift_b, rot_b),
            }
        })
        .collect()
}

/// The cases of a pose query (`count` of them, from `seed`); empty for a time of impact.
#[must_use]
pub fn pose_cases(query: Query, count: usize, seed: u64) -> Vec<PoseCase> {
    if query.is_cast() {
        return Vec::new();
    }
    let mut rng = SplitMix64::new(seed ^ query_salt(query));
    (0..count)
        .map(|_| {
            let (a, b) = shape_pair(query, &mut rng);
            let pose_a = Pose::new(
                rng.in_box(Vec2::splat(-100.0), Vec2::splat(100.0)),
                rotation_for(&a, &mut rng),
            );
            let rot_b = rotation_for(&b, &mut rng);
            let distance = if query == Query::ContactHullHull {
                // Inside the two inscribed discs: certainly overlapping.
                rng.range(0.0, 0.95) * (inscribed_radius(&a) + inscribed_radius(&b))
            } else {
                // Outside the two circumscribed discs: certainly separated.
                bounding_radius(&a) + bounding_radius(&b) + rng.range(0.1, 50.0)
            };
            let pose_b = Pose::new(pose_a.position + rng.direction() * distance, rot_b);
            PoseCase {
                a,
                pose_a,
                b,
                pose_b,
            }
        })
        .collect()
}

fn query_salt(query: Query) -> u64 {
    (query as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn shape_pair(query: Query, rng: &mut SplitMix64) -> (Shape, Shape) {
    match query {
        Query::ToiCircleCircle => (circle(rng), circle(rng)),
        Query::ToiCircleRect => (circle(rng), rect(rng)),
        Query::ToiRectRect => (rect(rng), rect(rng)),
        Query::ToiCircleHull => (circle(rng), hull(rng)),
        Query::ToiHullHull | Query::ContactHullHull | Query::DistanceHullHull => {
            (hull(rng), hull(rng))
        }
    }
}

fn circle(rng: &mut SplitMix64) -> Shape {
    Shape::Circle(Circle {
        radius: rng.range(0.5, 20.0),
    })
}

fn rect(rng: &mut SplitMix64) -> Shape {
    Shape::Rect(Rect {
        half_extents: Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0)),
    })
}

/// A 6- or 8-gon: a regular polygon stretched by independent x and y scales (an affine image
/// of a convex polygon is convex), so the hulls are irregular but always valid.
#[allow(clippy::disallowed_methods)] // the benchmark's inputs, not the library's arithmetic
fn hull(rng: &mut SplitMix64) -> Shape {
    let sides = if rng.unit() < 0.5 { 6 } else { 8 };
    let radius = rng.range(2.0, 20.0);
    let scale = Vec2::new(rng.range(0.5, 1.0), rng.range(0.5, 1.0)) * radius;
    let phase = rng.angle();
    let mut points = [Vec2::ZERO; 8];
    for (i, p) in points.iter_mut().enumerate().take(sides) {
        let angle = phase + i as f32 * core::f32::consts::TAU / sides as f32;
        *p = Vec2::from_angle(angle) * scale;
    }
    match Hull::new(&points[..sides]) {
        Ok(h) => Shape::Hull(h),
        // Unreachable for these inputs; a box of the same size keeps the case count.
        Err(_) => Shape::Rect(Rect {
            half_extents: scale,
        }),
    }
}

fn rotation_for(shape: &Shape, rng: &mut SplitMix64) -> Rot {
    match shape {
        Shape::Hull(_) => Rot::from_angle(rng.angle()),
        _ => Rot::IDENTITY,
    }
}

/// The radius of the smallest origin-centred disc that holds the shape.
#[must_use]
pub fn bounding_radius(shape: &Shape) -> f32 {
    match shape {
        Shape::Circle(c) => c.radius,
        Shape::Rect(r) => r.half_extents.length(),
        Shape::Hull(h) => h.vertices().iter().fold(0.0f32, |m, v| m.max(v.length())),
    }
}

/// The radius of an origin-centred disc that lies inside the shape.
#[must_use]
pub fn inscribed_radius(shape: &Shape) -> f32 {
    match shape {
        Shape::Circle(c) => c.radius,
        Shape::Rect(r) => r.half_extents.min_element(),
        Shape::Hull(h) => {
            // The distance from the origin to the nearest edge line.
            let v = h.vertices();
            h.normals()
                .iter()
                .zip(v)
                .fold(f32::INFINITY, |m, (n, p)| m.min(n.dot(*p)))
                .max(0.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_deterministic_and_of_the_right_kind() {
        for q in Query::ALL {
            if q.is_cast() {
                let a = cast_cases(q, 64, CASE_SEED);
                assert_eq!(a, cast_cases(q, 64, CASE_SEED));
                assert_ne!(a, cast_cases(q, 64, CASE_SEED + 1));
                assert_eq!(a.len(), 64);
                assert!(pose_cases(q, 64, CASE_SEED).is_empty());
            } else {
                let a = pose_cases(q, 64, CASE_SEED);
                assert_eq!(a, pose_cases(q, 64, CASE_SEED));
                assert_eq!(a.len(), 64);
                assert!(cast_cases(q, 64, CASE_SEED).is_empty());
            }
        }
    }

    #[test]
    fn hull_cases_mix_six_and_eight_gons() {
        let cases = cast_cases(Query::ToiHullHull, 256, CASE_SEED);
        let count = |n| {
            cases
                .iter()
                .filter(|c| matches!(c.a, Shape::Hull(h) if h.vertex_count() == n))
                .count()
        };
        assert!(count(6) > 64 && count(8) > 64);
        assert_eq!(count(6) + count(8), 256);
    }

    #[test]
    fn contact_cases_overlap_and_distance_cases_do_not() {
        // Checked without collide's own queries: every vertex of a is tested against b's edges.
        let separated_by_an_axis = |c: &PoseCase| {
            let (Shape::Hull(a), Shape::Hull(b)) = (c.a, c.b) else {
                return false;
            };
            let world = |h: &Hull, p: &Pose| -> Vec<Vec2> {
                h.vertices().iter().map(|v| p.transform_point(*v)).collect()
            };
            let (va, vb) = (world(&a, &c.pose_a), world(&b, &c.pose_b));
            let axes = a
                .normals()
                .iter()
                .map(|n| c.pose_a.transform_vector(*n))
                .chain(b.normals().iter().map(|n| c.pose_b.transform_vector(*n)));
            axes.into_iter().any(|n| {
                let (amin, amax) = va.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                    (lo.min(p.dot(n)), hi.max(p.dot(n)))
                });
                let (bmin, bmax) = vb.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
                    (lo.min(p.dot(n)), hi.max(p.dot(n)))
                });
                amax < bmin || bmax < amin
            })
        };
        for c in pose_cases(Query::ContactHullHull, 256, CASE_SEED) {
            assert!(!separated_by_an_axis(&c));
        }
        for c in pose_cases(Query::DistanceHullHull, 256, CASE_SEED) {
            assert!(separated_by_an_axis(&c));
        }
    }
}
