//! The peer's side of the comparisons: the same cases through parry2d.
//!
//! parry2d 0.31 is built on glam 0.33 (through glamx), as collide is, so a `Vec2` passes
//! straight across. Shapes are converted once, before any timing, as a game would hold them.
//! Answers are put into the same form as collide's: a time of impact as a fraction of the
//! frame, a contact's penetration depth, a distance.

use collide_core::{Aabb, Layers, Motion, Pose, Shape};
use glam::Vec2;
use parry2d::bounding_volume::Aabb as PeerAabb;
use parry2d::math::Pose as PeerPose;
use parry2d::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use parry2d::query::{self, ShapeCastOptions};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Shape as PeerShapeTrait};

use crate::cases::{CastCase, PoseCase};

/// A collide shape converted into parry2d's.
#[derive(Clone, Debug)]
pub enum PeerShape {
    /// `Ball` for a [`collide_core::Circle`].
    Ball(Ball),
    /// `Cuboid` for a [`collide_core::Rect`].
    Cuboid(Cuboid),
    /// `ConvexPolygon` for a [`collide_core::Hull`] (the same vertices, the same winding).
    Polygon(ConvexPolygon),
}

impl PeerShape {
    /// Converts a collide shape. `None` only if parry2d refuses a hull's vertices.
    #[must_use]
    pub fn from_shape(shape: &Shape) -> Option<Self> {
        Some(match shape {
            Shape::Circle(c) => PeerShape::Ball(Ball::new(c.radius)),
            Shape::Rect(r) => PeerShape::Cuboid(Cuboid::new(r.half_extents)),
            Shape::Hull(h) => {
                PeerShape::Polygon(ConvexPolygon::from_convex_polyline(h.vertices().to_vec())?)
            }
        })
    }

    /// The shape as parry2d's queries take it.
    #[must_use]
    pub fn as_dyn(&self) -> &dyn PeerShapeTrait {
        match self {
            PeerShape::Ball(b) => b,
            PeerShape::Cuboid(c) => c,
            PeerShape::Polygon(p) => p,
        }
    }
}

/// A collide pose as parry2d's.
#[must_use]
pub fn peer_pose(pose: &Pose) -> PeerPose {
    PeerPose::new(pose.position, pose.rotation.angle())
}

/// A time-of-impact case in parry2d's form: start poses and velocities per frame.
#[derive(Clone, Debug)]
pub struct PeerCastCase {
    /// The first shape.
    pub a: PeerShape,
    /// Its pose at the start of the frame.
    pub pose_a: PeerPose,
    /// Its travel over the frame.
    pub velocity_a: Vec2,
    /// The second shape.
    pub b: PeerShape,
    /// Its pose at the start of the frame.
    pub pose_b: PeerPose,
    /// Its travel over the frame.
    pub velocity_b: Vec2,
}

/// A pose case in parry2d's form.
#[derive(Clone, Debug)]
pub struct PeerPoseCase {
    /// The first shape.
    pub a: PeerShape,
    /// Its pose.
    pub pose_a: PeerPose,
    /// The second shape.
    pub b: PeerShape,
    /// Its pose.
    pub pose_b: PeerPose,
}

fn motion_parts(m: &Motion) -> (PeerPose, Vec2) {
    (peer_pose(&m.start_pose()), m.travel())
}

/// Converts time-of-impact cases; a case whose shapes parry2d refuses is left out.
#[must_use]
pub fn peer_cast_cases(cases: &[CastCase]) -> Vec<PeerCastCase> {
    cases
        .iter()
        .filter_map(|c| {
            let (pose_a, velocity_a) = motion_parts(&c.motion_a);
            let (pose_b, velocity_b) = motion_parts(&c.motion_b);
            Some(PeerCastCase {
                a: PeerShape::from_shape(&c.a)?,
                pose_a,
                velocity_a,
                b: PeerShape::from_shape(&c.b)?,
                pose_b,
                velocity_b,
            })
        })
        .collect()
}

/// Converts pose cases; a case whose shapes parry2d refuses is left out.
#[must_use]
pub fn peer_pose_cases(cases: &[PoseCase]) -> Vec<PeerPoseCase> {
    cases
        .iter()
        .filter_map(|c| {
            Some(PeerPoseCase {
                a: PeerShape::from_shape(&c.a)?,
                pose_a: peer_pose(&c.pose_a),
                b: PeerShape::from_shape(&c.b)?,
                pose_b: peer_pose(&c.pose_b),
            })
        })
        .collect()
}

/// The options every cast uses: within this frame, touching counts, and impact geometry
/// (point and normal) is computed even at `t = 0`, as collide's narrow phase reports it.
#[must_use]
pub fn cast_options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    }
}

/// parry2d's `cast_shapes`, its whole answer: the time, both witness points and both normals.
#[must_use]
pub fn cast(case: &PeerCastCase) -> Option<query::ShapeCastHit> {
    query::cast_shapes(
        &case.pose_a,
        case.velocity_a,
        case.a.as_dyn(),
        &case.pose_b,
        case.velocity_b,
        case.b.as_dyn(),
        cast_options(),
    )
    .ok()
    .flatten()
}

/// parry2d's `cast_shapes`: the time of impact as a fraction of the frame, or `None`.
#[must_use]
pub fn toi(case: &PeerCastCase) -> Option<f32> {
    cast(case).map(|hit| hit.time_of_impact)
}

/// parry2d's `contact` with no prediction margin, its whole answer: both points, both normals
/// and the signed distance; `None` when the shapes do not overlap.
#[must_use]
pub fn contact(case: &PeerPoseCase) -> Option<query::Contact> {
    query::contact(
        &case.pose_a,
        case.a.as_dyn(),
        &case.pose_b,
        case.b.as_dyn(),
        0.0,
    )
    .ok()
    .flatten()
}

/// parry2d's `contact` with no prediction margin: the penetration depth, or `None` when the
/// shapes do not overlap.
#[must_use]
pub fn contact_depth(case: &PeerPoseCase) -> Option<f32> {
    contact(case).map(|c| -c.dist)
}

/// parry2d's `distance` (0 when the shapes touch or overlap); `None` if unsupported.
#[must_use]
pub fn distance(case: &PeerPoseCase) -> Option<f32> {
    query::distance(&case.pose_a, case.a.as_dyn(), &case.pose_b, case.b.as_dyn())
        .ok()
        .map(|d| d.distance)
}

/// parry2d's `Bvh` used as a broad phase: fully rebuilt from the boxes each frame, then
/// traversed against itself for the overlapping leaf pairs, layer-filtered as collide's broad
/// phases are. Buffers are kept between frames.
#[derive(Default)]
pub struct PeerBvh {
    bvh: Bvh,
    workspace: BvhWorkspace,
    layers: Vec<Layers>,
    pairs: Vec<(u32, u32)>,
    leaves: usize,
}

impl PeerBvh {
    /// An empty broad phase.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Rebuilds the tree from `proxies` (`(bounds, layers)`, id = index) and returns the
    /// candidate pairs `(lo, hi)` in traversal order.
    pub fn pairs(&mut self, proxies: &[(Aabb, Layers)]) -> &[(u32, u32)] {
        if proxies.len() < self.leaves {
            // Leaves cannot shrink in place; start again (never the case in the benchmarks).
            self.bvh = Bvh::new();
        }
        self.layers.clear();
        for (i, (bounds, layers)) in proxies.iter().enumerate() {
            let aabb = PeerAabb::new(bounds.min(), bounds.max());
            let _ = self.bvh.insert_or_update_partially(aabb, i as u32, 0.0);
            self.layers.push(*layers);
        }
        self.leaves = proxies.len();
        self.bvh
            .rebuild(&mut self.workspace, BvhBuildStrategy::Binned);
        self.pairs.clear();
        let layers = &self.layers;
        let pairs = &mut self.pairs;
        self.bvh
            .traverse_bvtt_single_tree::<false>(&mut self.workspace, &mut |a, b| {
                if layers[a as usize].interacts(layers[b as usize]) {
                    pairs.push((a.min(b), a.max(b)));
                }
            });
        &self.pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::{cast_cases, pose_cases, Query, CASE_SEED};

    #[test]
    fn every_case_converts() {
        for q in Query::ALL {
            assert_eq!(
                peer_cast_cases(&cast_cases(q, 128, CASE_SEED)).len(),
                if q.is_cast() { 128 } else { 0 }
            );
            assert_eq!(
                peer_pose_cases(&pose_cases(q, 128, CASE_SEED)).len(),
                if q.is_cast() { 0 } else { 128 }
            );
        }
    }

    #[test]
    fn known_answers() {
        // A fixed case: a radius-0.5 circle moving 8 units right from (-4, 0) reaches
        // a radius-1 circle at the origin at t = 2.5 / 8.
        let case = PeerCastCase {
            a: PeerShape::Ball(Ball::new(0.5)),
            pose_a: PeerPose::from_translation(Vec2::new(-4.0, 0.0)),
            velocity_a: Vec2::new(8.0, 0.0),
            b: PeerShape::Ball(Ball::new(1.0)),
            pose_b: PeerPose::IDENTITY,
            velocity_b: Vec2::ZERO,
        };
        let t = toi(&case).unwrap_or(f32::NAN);
        assert!((t - 0.3125).abs() < 1e-4, "{t}");
        let overlap = PeerPoseCase {
            a: PeerShape::Cuboid(Cuboid::new(Vec2::ONE)),
            pose_a: PeerPose::IDENTITY,
            b: PeerShape::Cuboid(Cuboid::new(Vec2::ONE)),
            pose_b: PeerPose::from_translation(Vec2::new(1.5, 0.0)),
        };
        let depth = contact_depth(&overlap).unwrap_or(f32::NAN);
        assert!((depth - 0.5).abs() < 1e-4, "{depth}");
        let apart = PeerPoseCase {
            pose_b: PeerPose::from_translation(Vec2::new(5.0, 0.0)),
            ..overlap
        };
        assert!(contact_depth(&apart).is_none());
        let d = distance(&apart).unwrap_or(f32::NAN);
        assert!((d - 3.0).abs() < 1e-4, "{d}");
    }

    #[test]
    fn bvh_pairs_match_brute_force() {
        let mut rng = collide_scene::SplitMix64::new(3);
        let mut bvh = PeerBvh::new();
        for frame in 0..3 {
            let proxies: Vec<(Aabb, Layers)> = (0..400)
                .map(|i| {
                    let c = rng.in_box(Vec2::ZERO, Vec2::splat(400.0));
                    let h = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
                    let layers = if i % 2 == 0 {
                        Layers::on(1).with_mask(2)
                    } else {
                        Layers::on(2).with_mask(1)
                    };
                    (Aabb::new(c, h), layers)
                })
                .collect();
            let mut got = bvh.pairs(&proxies).to_vec();
            got.sort_unstable();
            let mut expected = Vec::new();
            for i in 0..proxies.len() {
                for j in i + 1..proxies.len() {
                    let (a, b) = (&proxies[i], &proxies[j]);
                    if a.1.interacts(b.1) && a.0.overlaps(&b.0) {
                        expected.push((i as u32, j as u32));
                    }
                }
            }
            assert_eq!(got, expected, "frame {frame}");
            assert!(!expected.is_empty());
        }
    }
}
