//! Side by side with parry2d: the same seeded cases through both libraries, timed in
//! alternating batches, and every disagreement counted.
//!
//! A **disagreement** is a case that one library reports as a hit and the other does not, or
//! whose answers (time of impact as a fraction of the frame, contact depth, distance) are more
//! than [`TOLERANCE`] apart. For the broad phase, it is a pair one reports and the other does
//! not.

use std::hint::black_box;
use std::time::Instant;

use collide::{AnyBroadPhase, BroadPhase, BroadPhaseKind, Proxy};
use collide_core::{Aabb, Layers};

use crate::measure::median;
use crate::peer::PeerBvh;
use collide_scene::{Palette, Scene, SceneConfig, SceneKind};

/// The largest difference between two answers that still counts as agreement: 1e-3 of a
/// frame for a time of impact, 1e-3 units for a depth or a distance.
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
    /// collide's time per query (per frame for the broad phase), in ns: the median batch.
    pub ours_ns: f64,
    /// collide's time per time-of-impact query when the caller keeps only the time, in ns
    /// (cast queries only; [`ours_ns`](Self::ours_ns) keeps the point and normal too, as
    /// parry2d always computes them).
    pub ours_time_only_ns: Option<f64>,
    /// parry2d's ns per query ÷ collide's time-only ns, the median of the batch ratios (cast
    /// queries only).
    pub time_only_speedup: Option<f64>,
    /// parry2d's time per query (per frame for the broad phase), in ns: the median batch.
    pub peer_ns: f64,
    /// parry2d's ns ÷ collide's, the median of the per-batch ratios (see [`alternate`]).
    pub speedup: f64,
    /// The batches timed on each side.
    pub batches: usize,
    /// Cases (or, for the broad phase, pairs) the two disagree on.
    pub disagreements: usize,
    /// The number of cases compared (pairs found by either side, for the broad phase).
    pub cases: usize,
    /// How many of those cases the peer reports as a hit (or a pair).
    pub peer_hits: usize,
    /// The largest difference between two present answers.
    pub max_difference: f32,
    /// Objects in the scene (broad phase only).
    pub objects: Option<usize>,
    /// Which of our broad phases the line reports (broad phase only).
    pub broad_phase: Option<&'static str>,
    /// Who the brute-force oracle sides with on the disagreements (queries only).
    pub verdicts: Option<Verdicts>,
}

/// Two sides timed in alternating batches: the median batch of each, and the median of the
/// per-batch ratios.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alternated {
    /// collide's median batch, in ns per run.
    pub ours_ns: f64,
    /// The peer's median batch, in ns per run.
    pub peer_ns: f64,
    /// The median over the batches of peer ns ÷ ours ns.
    pub ratio: f64,
    /// Batches timed on each side.
    pub batches: usize,
}

/// The median of `peer[k] / ours[k]` over the batches both sides timed (0 for none; a batch
/// where ours took no time is left out).
#[must_use]
pub fn median_batch_ratio(ours: &[f64], peer: &[f64]) -> f64 {
    let ratios: Vec<f64> = ours
        .iter()
        .zip(peer)
        .filter(|(o, _)| **o > 0.0)
        .map(|(o, p)| p / o)
        .collect();
    median(&ratios)
}

/// Times `batches` batches of each side, alternating (ours then peer, then peer then ours, …,
/// so each side goes first as often as the other). `ours` and `peer` each time one batch and
/// return its ns per run. A machine that slows down mid-run slows both halves of most batch
/// pairs alike, so the median of the per-batch ratios keeps the true ratio where the ratio of
/// the two medians need not.
pub fn alternate(
    batches: usize,
    mut ours: impl FnMut() -> f64,
    mut peer: impl FnMut() -> f64,
) -> Alternated {
    let batches = batches.max(1);
    let mut ours_ns = Vec::with_capacity(batches);
    let mut peer_ns = Vec::with_capacity(batches);
    for batch in 0..batches {
        if batch % 2 == 0 {
            ours_ns.push(ours());
            peer_ns.push(peer());
        } else {
            peer_ns.push(peer());
            ours_ns.push(ours());
        }
    }
    Alternated {
        ours_ns: median(&ours_ns),
        peer_ns: median(&peer_ns),
        ratio: median_batch_ratio(&ours_ns, &peer_ns),
        batches,
    }
}

/// Runs `f` `reps` times (at least once) and returns the ns of one run.
fn time_batch(reps: usize, f: &mut impl FnMut()) -> f64 {
    let reps = reps.max(1);
    let start = Instant::now();
    for _ in 0..reps {
        f();
    }
    start.elapsed().as_nanos() as f64 / reps as f64
}

/// [`alternate`] on the clock: each batch runs its closure `reps` times.
pub fn time_alternating(
    batches: usize,
    reps: usize,
    mut ours: impl FnMut(),
    mut peer: impl FnMut(),
) -> Alternated {
    alternate(
        batches,
        || time_batch(reps, &mut ours),
        || time_batch(reps, &mut peer),
    )
}

/// The swept bounds and layers of every object of the scene this frame.
pub fn scene_proxies(scene: &Scene, out: &mut Vec<Proxy>) {
    out.clear();
    out.extend(scene.objects().iter().enumerate().map(|(i, o)| {
        let bounds = o.body(Palette::standard()).swept_bounds();
        Proxy::new(i as u32, bounds, o.layers)
    }));
}

/// One of our broad phases in the comparison: its structure and what it measured so far.
struct Contender {
    kind: BroadPhaseKind,
    broad: AnyBroadPhase,
    pairs: Vec<(u32, u32)>,
    frame_ns: Vec<f64>,
    disagreements: usize,
    verdicts: Verdicts,
    compared: usize,
}

impl Contender {
    fn new(kind: BroadPhaseKind) -> Self {
        Self {
            kind,
            broad: kind.build(),
            pairs: Vec::new(),
            frame_ns: Vec::new(),
            disagreements: 0,
            verdicts: Verdicts::default(),
            compared: 0,
        }
    }

    /// Times one frame's update and pairs; returns the ns it took.
    fn time_frame(&mut self, proxies: &[Proxy]) -> f64 {
        let start = Instant::now();
        self.broad.update_pairs(black_box(proxies), &mut self.pairs);
        black_box(&self.pairs);
        start.elapsed().as_nanos() as f64
    }

    /// Counts the pairs this frame's answer and the peer's (sorted) disagree on, and asks the
    /// oracle who is right: strict overlap of the two boxes (boxes that only share an edge
    /// are no pair; parry2d's test counts touching).
    fn tally(&mut self, proxies: &[Proxy], peer_sorted: &[(u32, u32)]) {
        self.pairs.sort_unstable();
        let (disagreements, verdicts) = (&mut self.disagreements, &mut self.verdicts);
        for_each_difference(&self.pairs, peer_sorted, |pair, ours_has_it| {
            *disagreements += 1;
            let (a, b) = (
                proxies[pair.0 as usize].bounds,
                proxies[pair.1 as usize].bounds,
            );
            if a.overlaps(&b) == ours_has_it {
                verdicts.ours_right += 1;
            } else {
                verdicts.peer_right += 1;
            }
        });
        self.compared += self.pairs.len().max(peer_sorted.len());
    }
}

/// Our broad phases against parry2d's `Bvh` on one scene: per-frame time of each (update or
/// rebuild, plus all pairs), and the pairs they disagree on, summed over the frames. Each
/// frame is one batch: the peer first on even frames, ours first on odd ones, and each of
/// ours is quoted as the median of its per-frame ratios to the peer.
#[must_use]
pub fn compare_broad(kind: SceneKind, objects: usize, frames: usize) -> Vec<VersusEntry> {
    let mut ours: Vec<Contender> = BroadPhaseKind::ALL
        .into_iter()
        .filter(|k| *k != BroadPhaseKind::BruteForce || objects <= 1_000)
        .map(Contender::new)
        .collect();
    let mut scene = Scene::new(&SceneConfig::new(kind, objects));
    let (mut proxies, mut peer_proxies) = (Vec::new(), Vec::<(Aabb, Layers)>::new());
    let mut bvh = PeerBvh::new();
    let (mut peer_ns, mut peer_sorted) = (Vec::new(), Vec::new());
    let mut peer_pairs_total = 0usize;
    // One warm-up frame fills every buffer; it is not timed.
    for frame in 0..=frames.max(1) {
        scene.step();
        scene_proxies(&scene, &mut proxies);
        peer_proxies.clear();
        peer_proxies.extend(proxies.iter().map(|p| (p.bounds, p.layers)));
        let peer_first = frame % 2 == 0;
        let mut ours_ns: Vec<f64> = Vec::with_capacity(ours.len());
        if !peer_first {
            ours_ns.extend(ours.iter_mut().map(|c| c.time_frame(&proxies)));
        }
        let start = Instant::now();
        let peer_pairs = black_box(bvh.pairs(black_box(&peer_proxies)));
        let peer_time = start.elapsed().as_nanos() as f64;
        peer_sorted.clear();
        peer_sorted.extend_from_slice(peer_pairs);
        if peer_first {
            ours_ns.extend(ours.iter_mut().map(|c| c.time_frame(&proxies)));
        }
        peer_sorted.sort_unstable();
        if frame > 0 {
            for (c, ns) in ours.iter_mut().zip(ours_ns) {
                c.frame_ns.push(ns);
                c.tally(&proxies, &peer_sorted);
            }
            peer_ns.push(peer_time);
            peer_pairs_total += peer_sorted.len();
        }
    }
    let entries = ours
        .iter()
        .map(|c| VersusEntry {
            query: format!("broad_{}_{}", kind.name(), c.kind.name()),
            ours_ns: median(&c.frame_ns),
            ours_time_only_ns: None,
            time_only_speedup: None,
            peer_ns: median(&peer_ns),
            speedup: median_batch_ratio(&c.frame_ns, &peer_ns),
            batches: c.frame_ns.len(),
            disagreements: c.disagreements,
            cases: c.compared,
            peer_hits: peer_pairs_total,
            max_difference: 0.0,
            objects: Some(objects),
            broad_phase: Some(c.kind.name()),
            verdicts: Some(c.verdicts),
        })
        .collect();
    with_headline(kind, entries)
}

/// Puts the scene's headline line first, named `broad_<scene>`: the grid on the uniform
/// scene, the fastest of ours (brute force aside) on the uneven one.
fn with_headline(kind: SceneKind, mut entries: Vec<VersusEntry>) -> Vec<VersusEntry> {
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

    /// A fake clock: ours takes 10 units a run and the peer 50 (the true ratio is 5), times
    /// the machine's slowness at that moment. `slowness(k)` is the slowness of the k-th batch
    /// timed, on either side.
    fn fake_run(batches: usize, slowness: impl Fn(usize) -> f64) -> Alternated {
        let timed = std::cell::Cell::new(0usize);
        let tick = |cost: f64| {
            let k = timed.get();
            timed.set(k + 1);
            cost * slowness(k)
        };
        alternate(batches, || tick(10.0), || tick(50.0))
    }

    #[test]
    fn batch_ratios_keep_the_true_ratio_when_the_machine_slows_mid_run() {
        // Quiet machine: both statistics agree.
        let quiet = fake_run(9, |_| 1.0);
        assert_eq!(
            (quiet.ours_ns, quiet.peer_ns, quiet.ratio),
            (10.0, 50.0, 5.0)
        );
        assert_eq!(quiet.batches, 9);

        // The machine halves its speed between ours and the peer in the fifth batch pair
        // (batch 4 times ours at k = 8, the peer at k = 9), and stays slow: ours has four slow
        // batches of nine, the peer five, so each side's median lands in a different phase.
        let step = fake_run(9, |k| if k >= 9 { 2.0 } else { 1.0 });
        assert_eq!(step.ratio, 5.0);
        // The ratio of the two medians, the statistic this replaces, reads 10.
        assert_eq!(step.peer_ns / step.ours_ns, 10.0);

        // A machine whose speed drifts by 1 % from batch to batch, with slow phases of three
        // times the cost coming and going: the median batch ratio stays within the drift.
        let mut rng = collide_testkit::SplitMix64::new(7);
        let phases: Vec<f64> = (0..200)
            .map(|_| if rng.unit() < 0.3 { 3.0 } else { 1.0 })
            .collect();
        let drifting = fake_run(61, |k| 1.01f64.powi(k as i32) * phases[k / 7]);
        assert!((drifting.ratio - 5.0).abs() < 5.0 * 0.011, "{drifting:?}");
    }

    #[test]
    fn batch_ratio_median_skips_empty_batches() {
        assert_eq!(median_batch_ratio(&[1.0, 0.0, 2.0], &[4.0, 9.0, 8.0]), 4.0);
        assert_eq!(median_batch_ratio(&[], &[]), 0.0);
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
