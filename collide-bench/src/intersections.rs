//! Point and area queries side by side with parry2d: every body that holds a point, and every
//! body a shape at a pose overlaps, through collide's [`Hitscan`] over the grid and through
//! parry2d's `Bvh` (`intersect_aabb`, then each leaf's real shape: `contains_point`,
//! `intersection_test`), on the same bodies of the benchmark scene.
//!
//! A **disagreement** is a probe whose two lists of bodies differ; a loop over every body (the
//! exact test on each) says which side was right. Both sides answer into a buffer they keep
//! (sorted ids), so neither allocates in the timed loop.

use collide::{Body, BroadPhaseKind, CollisionPass, Hitscan};
use collide_core::{contains_point, overlaps, Circle, Hull, Pose, Rect, Rot, Shape};
use collide_scene::SplitMix64;
use glam::Vec2;
use parry2d::bounding_volume::Aabb as PeerAabb;
use parry2d::math::Pose as PeerPose;
use parry2d::query::intersection_test;
use std::hint::black_box;

use crate::peer::{peer_pose, PeerShape};
use crate::rays::{scene_bodies, PeerRays, LASER};
use crate::versus::{time_alternating, Verdicts, VersusEntry};

/// Probes per scene: each batch asks all of them.
pub const PROBES: usize = 256;

/// Each timing batch asks every probe this many times.
const REPS: usize = 8;

/// [`PROBES`] seeded points over `field`: a third on a body's own position (inside it), the
/// rest anywhere (inside one or more bodies in the crowd, or in none).
#[must_use]
pub fn scene_points(bodies: &[Body<'_>], field: Vec2) -> Vec<Vec2> {
    let mut rng = SplitMix64::new(0x9017_7E57);
    (0..PROBES)
        .map(|i| match i % 3 {
            0 => bodies[rng.index(bodies.len())].end,
            _ => rng.in_box(Vec2::ZERO, field),
        })
        .collect()
}

/// [`PROBES`] seeded shapes at poses over `field`: explosions (circles 4 to 40 units across),
/// boxes and turned hexagons, as a game asks what an area reaches.
///
/// # Panics
///
/// Never: the hexagon is a valid hull.
#[must_use]
pub fn scene_areas(field: Vec2) -> Vec<(Shape, Pose)> {
    let mut rng = SplitMix64::new(0x0A4E_A5ED);
    let hexagon = Hull::regular(6, 12.0).expect("a hexagon is a hull");
    (0..PROBES)
        .map(|i| {
            let at = rng.in_box(Vec2::ZERO, field);
            // A rect ignores rotation in collide (and not in parry2d): only the hull turns.
            match i % 3 {
                0 => (
                    Shape::Circle(Circle {
                        radius: rng.range(2.0, 20.0),
                    }),
                    Pose::from_position(at),
                ),
                1 => (
                    Shape::Rect(Rect {
                        half_extents: Vec2::new(rng.range(2.0, 16.0), rng.range(2.0, 16.0)),
                    }),
                    Pose::from_position(at),
                ),
                _ => (
                    Shape::Hull(hexagon),
                    Pose::new(at, Rot::from_angle(rng.angle())),
                ),
            }
        })
        .collect()
}

/// parry2d's side: each body's shape and end-of-frame pose and a `Bvh` over their boxes, as
/// the ray casts hold them.
pub struct PeerIntersections(PeerRays);

impl PeerIntersections {
    /// The peer's copy of `bodies`, as a game would hold them; built once, never timed.
    ///
    /// # Panics
    ///
    /// If parry2d refuses a hull of the scene's palette.
    #[must_use]
    pub fn new(bodies: &[Body<'_>]) -> Self {
        Self(PeerRays::new(bodies))
    }

    /// Every body holding `point`, by index ascending, into `out` (cleared first).
    pub fn at_point(&self, point: Vec2, out: &mut Vec<u32>) {
        out.clear();
        let probe = PeerAabb::new(point, point);
        out.extend(self.0.bvh.intersect_aabb(&probe).filter(|&leaf| {
            let i = leaf as usize;
            self.0.shapes[i]
                .as_dyn()
                .contains_point(&self.0.poses[i], point)
        }));
        out.sort_unstable();
    }

    /// Every body `shape` at `pose` overlaps, by index ascending, into `out` (cleared first).
    ///
    /// # Panics
    ///
    /// If parry2d has no intersection test for the pair (it has one for every shape here).
    pub fn overlapping(&self, shape: &PeerShape, pose: &PeerPose, out: &mut Vec<u32>) {
        out.clear();
        let probe = shape.as_dyn().compute_aabb(pose);
        out.extend(self.0.bvh.intersect_aabb(&probe).filter(|&leaf| {
            let i = leaf as usize;
            let (other, at) = (self.0.shapes[i].as_dyn(), &self.0.poses[i]);
            intersection_test(pose, shape.as_dyn(), at, other)
                .expect("a supported pair")
                .intersecting
        }));
        out.sort_unstable();
    }
}

/// One probe's answers on both sides, and the oracle's when they differ.
struct Tally {
    disagreements: usize,
    verdicts: Verdicts,
    peer_hits: usize,
}

impl Tally {
    fn new() -> Self {
        Tally {
            disagreements: 0,
            verdicts: Verdicts::default(),
            peer_hits: 0,
        }
    }

    fn add(&mut self, ours: &[u32], peer: &[u32], oracle: impl FnOnce() -> Vec<u32>) {
        self.peer_hits += usize::from(!peer.is_empty());
        if ours != peer {
            self.disagreements += 1;
            let truth = oracle();
            self.verdicts.ours_right += usize::from(ours == truth.as_slice());
            self.verdicts.peer_right += usize::from(peer == truth.as_slice());
        }
    }
}

/// The bodies a loop over every one finds with `hit` on each (at its end-of-frame pose).
fn oracle(bodies: &[Body<'_>], hit: impl Fn(&Body<'_>, &Pose) -> bool) -> Vec<u32> {
    (0..bodies.len() as u32)
        .filter(|&i| {
            let b = &bodies[i as usize];
            hit(b, &Pose::new(b.end, b.rotation))
        })
        .collect()
}

fn entry(query: &str, objects: usize, timed: crate::versus::Alternated, t: Tally) -> VersusEntry {
    VersusEntry {
        query: query.into(),
        ours_ns: timed.ours_ns / PROBES as f64,
        ours_time_only_ns: None,
        time_only_speedup: None,
        peer_ns: timed.peer_ns / PROBES as f64,
        speedup: timed.ratio,
        batches: timed.batches,
        disagreements: t.disagreements,
        cases: PROBES,
        peer_hits: t.peer_hits,
        max_difference: 0.0,
        objects: Some(objects),
        broad_phase: Some(BroadPhaseKind::Grid.name()),
        verdicts: Some(t.verdicts),
    }
}

/// collide's grid against parry2d's `Bvh` on the uniform scene of `objects` bodies: ns per
/// probe of each, timed in `batches` alternating batches, and the probes they disagree on.
/// Two lines: `points` (every body holding a point) and `areas` (every body a shape at a
/// pose overlaps).
///
/// # Panics
///
/// If the scene's pairs overflow the pass's limit.
#[must_use]
pub fn compare_intersections(objects: usize, batches: usize) -> Vec<VersusEntry> {
    let (bodies, field) = scene_bodies(objects);
    let points = scene_points(&bodies, field);
    let areas = scene_areas(field);
    let peer = PeerIntersections::new(&bodies);
    let peer_areas: Vec<(PeerShape, PeerPose)> = areas
        .iter()
        .map(|(s, p)| (PeerShape::from_shape(s).expect("a hull"), peer_pose(p)))
        .collect();
    let mut pass = CollisionPass::new(BroadPhaseKind::Grid.build());
    pass.detect(&bodies, &())
        .expect("the scene's pairs fit the pass's limit");
    let broad = pass.broad_phase();
    let mut hitscan = Hitscan::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());

    let mut tally = Tally::new();
    for &p in &points {
        hitscan.bodies_at_point(broad, &bodies, p, LASER, &mut ours);
        peer.at_point(p, &mut theirs);
        tally.add(&ours, &theirs, || {
            oracle(&bodies, |b, at| contains_point(b.shape, at, p))
        });
    }
    let timed = time_alternating(
        batches,
        REPS,
        || {
            for &p in &points {
                hitscan.bodies_at_point(broad, &bodies, black_box(p), LASER, &mut ours);
                black_box(&ours);
            }
        },
        || {
            for &p in &points {
                peer.at_point(black_box(p), &mut theirs);
                black_box(&theirs);
            }
        },
    );
    let points_entry = entry("points", objects, timed, tally);

    let mut tally = Tally::new();
    for ((shape, pose), (peer_shape, peer_at)) in areas.iter().zip(&peer_areas) {
        hitscan.bodies_overlapping(broad, &bodies, shape, pose, LASER, &mut ours);
        peer.overlapping(peer_shape, peer_at, &mut theirs);
        tally.add(&ours, &theirs, || {
            oracle(&bodies, |b, at| overlaps(shape, pose, b.shape, at))
        });
    }
    let timed = time_alternating(
        batches,
        REPS,
        || {
            for (shape, pose) in &areas {
                let at = black_box(pose);
                hitscan.bodies_overlapping(broad, &bodies, shape, at, LASER, &mut ours);
                black_box(&ours);
            }
        },
        || {
            for (shape, pose) in &peer_areas {
                peer.overlapping(shape, black_box(pose), &mut theirs);
                black_box(&theirs);
            }
        },
    );
    vec![points_entry, entry("areas", objects, timed, tally)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a small scene both sides find the same bodies for every probe, and the probes find
    /// bodies often enough to mean something.
    #[test]
    fn both_sides_find_the_same_bodies() {
        let entries = compare_intersections(400, 1);
        assert_eq!(entries.len(), 2);
        for e in &entries {
            assert_eq!(e.disagreements, 0, "{}: {:?}", e.query, e.verdicts);
            assert!(
                e.peer_hits > PROBES / 4,
                "{}: {} hits",
                e.query,
                e.peer_hits
            );
        }
    }
}
