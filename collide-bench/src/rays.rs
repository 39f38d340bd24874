//! Ray casts side by side with parry2d: the first body along each of a set of seeded rays,
//! through collide's [`Hitscan`] over each broad phase and through parry2d's `Bvh`
//! (best-first `cast_ray`, each leaf's real shape), on the same bodies of the benchmark scene.
//!
//! A **disagreement** is a ray that one side reports as a hit and the other does not, or
//! whose first hits are more than [`TOLERANCE`] of the ray apart; a loop over every body (the
//! exact cast on each) says which side was right.

use collide::{Body, BroadPhaseKind, CollisionPass, Hitscan};
use collide_core::{cast_ray, Layers, Pose};
use collide_scene::{Palette, Scene, SceneConfig, SceneKind, SplitMix64};
use glam::Vec2;
use parry2d::bounding_volume::Aabb as PeerAabb;
use parry2d::math::Pose as PeerPose;
use parry2d::partitioning::{Bvh, BvhBuildStrategy};
use parry2d::query::Ray;
use std::hint::black_box;

use crate::peer::{peer_pose, PeerShape};
use crate::versus::{time_alternating, Verdicts, VersusEntry, TOLERANCE};

/// Rays per scene: each batch casts all of them.
pub const RAYS: usize = 256;

/// A laser on every layer: it hits bullets and enemies alike.
pub const LASER: Layers = Layers::ALL;

/// Each timing batch casts every ray this many times.
const REPS: usize = 8;

/// The bodies of the uniform benchmark scene (a quarter of the enemies hulls) after a few
/// frames, and its field.
#[must_use]
pub fn scene_bodies(objects: usize) -> (Vec<Body<'static>>, Vec2) {
    let config = SceneConfig::new(SceneKind::Uniform, objects).with_hull_enemies(0.25);
    let mut scene = Scene::new(&config);
    for _ in 0..3 {
        scene.step();
    }
    let mut bodies = Vec::new();
    scene.bodies(Palette::standard(), &mut bodies);
    (bodies, scene.field())
}

/// [`RAYS`] seeded rays over `field`, each a quarter of the field's longer side long.
#[must_use]
pub fn scene_rays(field: Vec2) -> Vec<(Vec2, Vec2)> {
    let mut rng = SplitMix64::new(0x0AA7_5CA7);
    (0..RAYS)
        .map(|_| {
            let from = rng.in_box(Vec2::ZERO, field);
            (from, from + rng.direction() * field.max_element() * 0.25)
        })
        .collect()
}

/// parry2d's side: each body's shape and end-of-frame pose, and a `Bvh` over their boxes.
pub struct PeerRays {
    pub(crate) shapes: Vec<PeerShape>,
    pub(crate) poses: Vec<PeerPose>,
    pub(crate) bvh: Bvh,
}

impl PeerRays {
    /// The peer's copy of `bodies`, as a game would hold them; built once, never timed.
    ///
    /// # Panics
    ///
    /// If parry2d refuses a hull of the scene's palette.
    #[must_use]
    pub fn new(bodies: &[Body<'_>]) -> Self {
        let pose = |b: &Body<'_>| Pose::new(b.end, b.rotation);
        let shapes = bodies
            .iter()
            .map(|b| PeerShape::from_shape(&b.shape.to_shape()).expect("parry2d takes the hull"))
            .collect();
        let poses = bodies.iter().map(|b| peer_pose(&pose(b))).collect();
        let boxes: Vec<PeerAabb> = bodies
            .iter()
            .map(|b| {
                let bounds = b.shape.aabb(&pose(b));
                PeerAabb::new(bounds.min(), bounds.max())
            })
            .collect();
        let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &boxes);
        Self { shapes, poses, bvh }
    }

    /// The first body along `from → to`: its index and the fraction of the segment.
    #[must_use]
    pub fn cast(&self, from: Vec2, to: Vec2) -> Option<(u32, f32)> {
        let ray = Ray::new(from, to - from);
        self.bvh.cast_ray(&ray, 1.0, |leaf, best| {
            let i = leaf as usize;
            self.shapes[i]
                .as_dyn()
                .cast_ray(&self.poses[i], &ray, best, true)
        })
    }
}

/// The first hit's fraction along `from → to` by a loop over every body: the oracle.
fn oracle(bodies: &[Body<'_>], from: Vec2, to: Vec2) -> Option<f32> {
    bodies
        .iter()
        .filter_map(|b| cast_ray(b.shape, &Pose::new(b.end, b.rotation), from, to))
        .map(|h| h.t)
        .min_by(f32::total_cmp)
}

/// Whether two answers agree: both none, or both within [`TOLERANCE`].
fn same(a: Option<f32>, b: Option<f32>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => (a - b).abs() <= TOLERANCE,
        _ => false,
    }
}

/// The grid and the quadtree (the broad phases with a first-hit walk of their own) against
/// parry2d's `Bvh` on the uniform scene of `objects` bodies: ns per ray of each, timed in
/// `batches` alternating batches, and the rays they disagree on. The grid's line comes first
/// again as the headline, named `rays`.
#[must_use]
pub fn compare_rays(objects: usize, batches: usize) -> Vec<VersusEntry> {
    let (bodies, field) = scene_bodies(objects);
    let rays = scene_rays(field);
    let peer = PeerRays::new(&bodies);
    let peer_answers: Vec<Option<f32>> = rays
        .iter()
        .map(|&(f, t)| peer.cast(f, t).map(|h| h.1))
        .collect();
    let peer_hits = peer_answers.iter().flatten().count();
    let mut entries: Vec<VersusEntry> = [BroadPhaseKind::Grid, BroadPhaseKind::QuadTree]
        .into_iter()
        .map(|kind| {
            let mut pass = CollisionPass::new(kind.build());
            pass.detect(&bodies, &())
                .expect("the scene's pairs fit the pass's limit");
            let mut hitscan = Hitscan::new();
            let mut cast = |(from, to): (Vec2, Vec2)| {
                hitscan.cast_ray(pass.broad_phase(), &bodies, from, to, LASER)
            };
            let ours: Vec<Option<f32>> =
                rays.iter().map(|&r| cast(r).map(|h| h.impact.t)).collect();
            let (mut disagreements, mut verdicts, mut max_difference) =
                (0, Verdicts::default(), 0.0_f32);
            for (k, (&a, &b)) in ours.iter().zip(&peer_answers).enumerate() {
                if let (Some(a), Some(b)) = (a, b) {
                    max_difference = max_difference.max((a - b).abs());
                }
                if !same(a, b) {
                    disagreements += 1;
                    let (from, to) = rays[k];
                    let truth = oracle(&bodies, from, to);
                    verdicts.ours_right += usize::from(same(a, truth));
                    verdicts.peer_right += usize::from(same(b, truth));
                }
            }
            let timed = time_alternating(
                batches,
                REPS,
                || {
                    for &r in &rays {
                        black_box(cast(black_box(r)));
                    }
                },
                || {
                    for &(from, to) in &rays {
                        black_box(peer.cast(black_box(from), black_box(to)));
                    }
                },
            );
            VersusEntry {
                query: format!("rays_{}", kind.name()),
                ours_ns: timed.ours_ns / RAYS as f64,
                ours_time_only_ns: None,
                time_only_speedup: None,
                peer_ns: timed.peer_ns / RAYS as f64,
                speedup: timed.ratio,
                batches: timed.batches,
                disagreements,
                cases: RAYS,
                peer_hits,
                max_difference,
                objects: Some(objects),
                broad_phase: Some(kind.name()),
                verdicts: Some(verdicts),
            }
        })
        .collect();
    let mut headline = entries[0].clone();
    headline.query = "rays".into();
    entries.insert(0, headline);
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_broad_phase_finds_the_bvh_s_first_hits() {
        let entries = compare_rays(400, 1);
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].query, "rays");
        for e in &entries {
            assert_eq!(e.disagreements, 0, "{}: {:?}", e.query, e.verdicts);
            assert!(e.peer_hits > RAYS / 4, "{}: {} hits", e.query, e.peer_hits);
            assert!(e.max_difference <= TOLERANCE, "{}", e.query);
        }
    }
}
