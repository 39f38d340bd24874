//! Side by side with parry2d: the same seeded cases through both libraries, timed in
//! alternating rounds, and every disagreement counted.
//!
//! A **disagreement** is a case that one library reports as a hit and the other does not, or
//! whose answers (time of impact as a fraction of the frame, contact depth, distance) are more
//! than [`TOLERANCE`] apart. For the broad phase, it is a pair one reports and the other does
//! not.

use std::hint::black_box;
use std::time::Instant;

use collide_broad::{BroadPhase, BroadPhaseKind, Proxy};
use collide_core::{Aabb, Layers};

use crate::measure::median;
use crate::peer::PeerBvh;
use collide_scene::{Palette, Scene, SceneConfig, SceneKind};

/// The largest difference between two answers that still counts as agreement (BENCHMARKS.md).
pub const TOLERANCE: f32 = 1e-3;

/// The name of the peer in reports.
pub const PEER: &str = "parry2d";

/// One query's answers from both libraries, case by case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answers {
    /// collide's answers (`None`: no hit / no contact / unsupported).
    pub ours: Vec<Option<f32>>,
    /// parry2d's answers, in the same order.
    pub peer: Vec<Option<f32>>,
}

impl Answers {
    /// The number of disagreements (see the module docs) under `tolerance`.
    #[must_use]
    pub fn disagreements(&self, tolerance: f32) -> usize {
        count_disagreements(&self.ours, &self.peer, tolerance)
    }

    /// The largest difference between two answers that are both present (0 if none are).
    #[must_use]
    pub fn max_difference(&self) -> f32 {
        self.ours
            .iter()
            .zip(&self.peer)
            .filter_map(|(a, b)| Some((a.as_ref()? - b.as_ref()?).abs()))
            .fold(0.0, f32::max)
    }
}

/// Cases where exactly one side has an answer, or both have answers more than `tolerance`
/// apart (a NaN on either side counts as a disagreement). Extra cases on one side count too.
#[must_use]
pub fn count_disagreements(ours: &[Option<f32>], peer: &[Option<f32>], tolerance: f32) -> usize {
    let paired = ours
        .iter()
        .zip(peer)
        .filter(|(a, b)| match (a, b) {
            (None, None) => false,
            (Some(a), Some(b)) => (a - b).abs().is_nan() || (a - b).abs() > tolerance,
            _ => true,
        })
        .count();
    paired + ours.len().abs_diff(peer.len())
}

/// Who the brute-force oracle sides with on the cases where the libraries disagree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdicts {
    /// Disagreements where collide's answer matches the oracle (within the tolerance).
    pub ours_right: usize,
    /// Disagreements where parry2d's answer matches the oracle.
    pub peer_right: usize,
}

/// One line of the side-by-side table.
#[derive(Clone, Debug, PartialEq)]
pub struct VersusEntry {
    /// The query's name, e.g. `toi_circle_rect` or `broad_uniform`.
    pub query: String,
    /// collide's time per query (per frame for the broad phase), in ns.
    pub ours_ns: f64,
    /// collide's time per time-of-impact query when the caller keeps only the time, in ns
    /// (cast queries only; [`ours_ns`](Self::ours_ns) keeps the point and normal too, as
    /// parry2d always computes them).
    pub ours_time_only_ns: Option<f64>,
    /// parry2d's time per query (per frame for the broad phase), in ns.
    pub peer_ns: f64,
    /// Cases (or, for the broad phase, pairs) the two disagree on.
    pub disagreements: usize,
    /// The number of cases compared (pairs found by either side, for the broad phase).
    pub cases: usize,
    /// How many of those cases the peer reports as a hit (or a pair).
    pub peer_hits: usize,
    /// The largest difference between two present answers.
    pub max_difference: f32,
    /// The goal: peer ns ÷ ours ns must reach this.
    pub goal_speedup: f64,
    /// Objects in the scene (broad phase only).
    pub objects: Option<usize>,
    /// Which of our broad phases the line reports (broad phase only).
    pub broad_phase: Option<&'static str>,
    /// Who the brute-force oracle sides with on the disagreements (queries only).
    pub verdicts: Option<Verdicts>,
}

impl VersusEntry {
    /// peer ns ÷ ours ns.
    #[must_use]
    pub fn speedup(&self) -> f64 {
        if self.ours_ns > 0.0 {
            self.peer_ns / self.ours_ns
        } else {
            0.0
        }
    }
}

/// Times `ours` and `peer` in `rounds` alternating rounds (the order swapped every round),
/// each round running the closure `reps` times; returns the median ns of one run of each.
pub fn time_alternating(
    rounds: usize,
    reps: usize,
    mut ours: impl FnMut(),
    mut peer: impl FnMut(),
) -> (f64, f64) {
    let mut ours_ns = Vec::with_capacity(rounds);
    let mut peer_ns = Vec::with_capacity(rounds);
    let reps = reps.max(1);
    let time = |f: &mut dyn FnMut()| {
        let start = Instant::now();
        for _ in 0..reps {
            f();
        }
        start.elapsed().as_nanos() as f64 / reps as f64
    };
    for round in 0..rounds.max(1) {
        if round % 2 == 0 {
            ours_ns.push(time(&mut ours));
            peer_ns.push(time(&mut peer));
        } else {
            peer_ns.push(time(&mut peer));
            ours_ns.push(time(&mut ours));
        }
    }
    (median(&ours_ns), median(&peer_ns))
}

/// The swept bounds and layers of every object of the scene this frame.
pub fn scene_proxies(scene: &Scene, out: &mut Vec<Proxy>) {
    out.clear();
    out.extend(scene.objects().iter().enumerate().map(|(i, o)| {
        let bounds = o.body(Palette::standard()).swept_bounds();
        Proxy::new(i as u32, bounds, o.layers)
    }));
}

/// Our broad phases against parry2d's `Bvh` on one scene: per-frame time of each (update or
/// rebuild, plus all pairs), and the pairs they disagree on, summed over the frames.
#[must_use]
pub fn compare_broad(kind: SceneKind, objects: usize, frames: usize) -> Vec<VersusEntry> {
    let kinds: Vec<BroadPhaseKind> = BroadPhaseKind::ALL
        .into_iter()
        .filter(|k| *k != BroadPhaseKind::BruteForce || objects <= 1_000)
        .collect();
    let mut scene = Scene::new(&SceneConfig::new(kind, objects));
    let mut proxies = Vec::new();
    let mut peer_proxies: Vec<(Aabb, Layers)> = Vec::new();
    let mut ours: Vec<_> = kinds.iter().map(|k| k.build()).collect();
    let mut bvh = PeerBvh::new();
    let mut pairs = Vec::new();
    let mut ours_ns = vec![Vec::new(); kinds.len()];
    let mut peer_ns = Vec::new();
    let mut disagreements = vec![0usize; kinds.len()];
    let mut verdicts = vec![Verdicts::default(); kinds.len()];
    let mut compared = vec![0usize; kinds.len()];
    let mut peer_pairs_total = 0usize;
    let mut peer_sorted = Vec::new();
    // One warm-up frame fills every buffer; it is not timed.
    for frame in 0..=frames.max(1) {
        scene.step();
        scene_proxies(&scene, &mut proxies);
        peer_proxies.clear();
        peer_proxies.extend(proxies.iter().map(|p| (p.bounds, p.layers)));

        let start = Instant::now();
        let peer_pairs = black_box(bvh.pairs(black_box(&peer_proxies)));
        let peer_time = start.elapsed().as_nanos() as f64;
        peer_sorted.clear();
        peer_sorted.extend_from_slice(peer_pairs);
        peer_sorted.sort_unstable();
        for (i, broad) in ours.iter_mut().enumerate() {
            let start = Instant::now();
            broad.update_pairs(black_box(&proxies), &mut pairs);
            black_box(&pairs);
            let t = start.elapsed().as_nanos() as f64;
            pairs.sort_unstable();
            if frame > 0 {
                ours_ns[i].push(t);
                for_each_difference(&pairs, &peer_sorted, |pair, ours_has_it| {
                    disagreements[i] += 1;
                    // The oracle: strict overlap of the two boxes, as BENCHMARKS.md defines a
                    // pair (shared edges do not collide); parry2d's test counts touching.
                    let (a, b) = (
                        proxies[pair.0 as usize].bounds,
                        proxies[pair.1 as usize].bounds,
                    );
                    if a.overlaps(&b) == ours_has_it {
                        verdicts[i].ours_right += 1;
                    } else {
                        verdicts[i].peer_right += 1;
                    }
                });
                compared[i] += pairs.len().max(peer_sorted.len());
            }
        }
        if frame > 0 {
            peer_ns.push(peer_time);
            peer_pairs_total += peer_sorted.len();
        }
    }
    let peer_median = median(&peer_ns);
    let mut entries: Vec<VersusEntry> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| VersusEntry {
            query: format!("broad_{}_{}", kind.name(), k.name()),
            ours_ns: median(&ours_ns[i]),
            ours_time_only_ns: None,
            peer_ns: peer_median,
            disagreements: disagreements[i],
            cases: compared[i],
            peer_hits: peer_pairs_total,
            max_difference: 0.0,
            goal_speedup: 0.0,
            objects: Some(objects),
            broad_phase: Some(k.name()),
            verdicts: Some(verdicts[i]),
        })
        .collect();
    // The headline line: the grid on the uniform scene, the best of ours on the uneven one.
    let headline = match kind {
        SceneKind::Uniform => entries
            .iter()
            .find(|e| e.broad_phase == Some(BroadPhaseKind::Grid.name()))
            .cloned(),
        SceneKind::Uneven => entries
            .iter()
            .filter(|e| e.broad_phase != Some(BroadPhaseKind::BruteForce.name()))
            .min_by(|a, b| a.ours_ns.total_cmp(&b.ours_ns))
            .cloned(),
    };
    if let Some(mut h) = headline {
        h.query = format!("broad_{}", kind.name());
        h.goal_speedup = match kind {
            SceneKind::Uniform => 3.0,
            SceneKind::Uneven => 1.5,
        };
        entries.insert(0, h);
    }
    entries
}

/// Calls `f(element, in_a)` for every element in exactly one of two sorted slices.
fn for_each_difference(a: &[(u32, u32)], b: &[(u32, u32)], mut f: impl FnMut((u32, u32), bool)) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            core::cmp::Ordering::Less => {
                f(a[i], true);
                i += 1;
            }
            core::cmp::Ordering::Greater => {
                f(b[j], false);
                j += 1;
            }
            core::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    a[i..].iter().for_each(|&x| f(x, true));
    b[j..].iter().for_each(|&x| f(x, false));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreements_count_one_sided_hits_and_far_answers() {
        let ours = [None, Some(0.5), Some(0.5), None, Some(0.2), Some(f32::NAN)];
        let peer = [None, Some(0.5005), Some(0.51), Some(0.3), None, Some(0.1)];
        assert_eq!(count_disagreements(&ours, &peer, 1e-3), 4);
        assert_eq!(count_disagreements(&ours, &peer, 0.2), 3);
        assert_eq!(count_disagreements(&ours[..2], &peer, 1e-3), 4);
        assert_eq!(count_disagreements(&[], &[], 1e-3), 0);
    }

    #[test]
    fn broad_phases_agree_with_the_bvh_on_both_scenes() {
        for kind in SceneKind::ALL {
            let entries = compare_broad(kind, 400, 2);
            // 4 broad phases plus the headline line.
            assert_eq!(entries.len(), 5);
            assert_eq!(entries[0].query, format!("broad_{}", kind.name()));
            for e in &entries {
                // Any pair the two disagree on is one where collide follows the strict rule
                // (boxes that only touch are no pair) and parry2d's inclusive test does not.
                let v = e.verdicts.unwrap_or_default();
                assert_eq!(
                    (v.ours_right, v.peer_right),
                    (e.disagreements, 0),
                    "{}",
                    e.query
                );
                assert!(e.cases > 0 && e.peer_hits > 0, "{}", e.query);
                assert_eq!(e.objects, Some(400));
            }
        }
    }

    #[test]
    fn symmetric_difference_of_sorted_pairs() {
        let a = [(0, 1), (0, 2), (3, 4)];
        let b = [(0, 2), (3, 4), (5, 6), (7, 8)];
        let differences = |a: &[(u32, u32)], b: &[(u32, u32)]| {
            let mut out = Vec::new();
            for_each_difference(a, b, |x, in_a| out.push((x, in_a)));
            out
        };
        assert_eq!(
            differences(&a, &b),
            [((0, 1), true), ((5, 6), false), ((7, 8), false)]
        );
        assert!(differences(&a, &a).is_empty());
        assert_eq!(differences(&[], &b).len(), 4);
    }
}
