//! collide's side of the query comparison, and the comparison itself (see [`crate::versus`]).
//!
//! Both libraries get the cases as a game would hold its colliders: collide's as
//! [`ShapeRef`]s (16 bytes; small shapes by value, hulls built once and borrowed), parry2d's as
//! its shapes behind `&dyn Shape`. The query is chosen once per loop, not per case, on both
//! sides, and each case goes through `black_box` the same way on both sides, as a reference,
//! so that neither compiler sees the data and neither side pays for an extra copy.
//!
//! Each side keeps its whole answer (`black_box` on it): for a time of impact, the time, the
//! point and the normal; for a contact, the points, normal and depth. parry2d computes all of
//! it whatever the caller keeps; collide's closed forms inline into the caller, so a loop that
//! kept only the time would let the compiler drop our point and normal and time less work than
//! parry2d's. That figure is still useful (a game that only orders hits needs no more), so the
//! report gives it beside the headline as "time only" ([`OursCases::run_time_only`]).

use std::hint::black_box;
use std::time::Instant;

use collide_core::{
    contact, distance, time_of_impact, Circle, Hull, Motion, Pose, Rect, Shape, ShapeRef,
};

use crate::cases::{cast_cases, pose_cases, CastCase, PoseCase, Query};
use crate::oracle;
use crate::peer::{self, PeerCastCase, PeerPoseCase};
use crate::versus::{
    count_disagreements, time_alternating, Answers, Verdicts, VersusEntry, TOLERANCE,
};

/// Where a case's shape lives: small shapes inline, hulls by index into [`QueryCases`]'s
/// dense hull list.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    Circle(Circle),
    Rect(Rect),
    Hull(u32),
}

/// One query's cases in every form: full (for the oracle), collide's (see
/// [`QueryCases::ours`]) and converted for parry2d.
pub struct QueryCases {
    query: Query,
    cast: Vec<CastCase>,
    pose: Vec<PoseCase>,
    hulls: Vec<Hull>,
    cast_slots: Vec<(Slot, Motion, Slot, Motion)>,
    pose_slots: Vec<(Slot, Pose, Slot, Pose)>,
    peer_cast: Vec<PeerCastCase>,
    peer_pose: Vec<PeerPoseCase>,
}

/// collide's cases as a game's narrow phase holds them, borrowing the hulls of a
/// [`QueryCases`]. Build it once, outside any timing loop.
pub struct OursCases<'a> {
    query: Query,
    cast: Vec<(ShapeRef<'a>, Motion, ShapeRef<'a>, Motion)>,
    pose: Vec<(ShapeRef<'a>, Pose, ShapeRef<'a>, Pose)>,
}

impl OursCases<'_> {
    /// Runs every case once through collide (what the timing loop repeats).
    pub fn run(&self) {
        match self.query {
            q if q.is_cast() => {
                for c in &self.cast {
                    let c = black_box(c);
                    black_box(time_of_impact(c.0, &c.1, c.2, &c.3));
                }
            }
            Query::ContactHullHull => {
                for c in &self.pose {
                    let c = black_box(c);
                    black_box(contact(c.0, &c.1, c.2, &c.3));
                }
            }
            _ => {
                for c in &self.pose {
                    let c = black_box(c);
                    black_box(distance(c.0, &c.1, c.2, &c.3));
                }
            }
        }
    }

    /// Runs every cast case once keeping only the time of impact, so that the compiler may
    /// drop the point and normal of the closed forms; `false` (and nothing run) for the other
    /// queries.
    pub fn run_time_only(&self) -> bool {
        if !self.query.is_cast() {
            return false;
        }
        for c in &self.cast {
            let c = black_box(c);
            black_box(time_of_impact(c.0, &c.1, c.2, &c.3).map(|i| i.t));
        }
        true
    }

    /// collide's answer to every case: time of impact, contact depth or distance.
    #[must_use]
    pub fn answers(&self) -> Vec<Option<f32>> {
        match self.query {
            q if q.is_cast() => self
                .cast
                .iter()
                .map(|c| time_of_impact(c.0, &c.1, c.2, &c.3).map(|i| i.t))
                .collect(),
            Query::ContactHullHull => self
                .pose
                .iter()
                .map(|c| contact(c.0, &c.1, c.2, &c.3).map(|k| k.depth))
                .collect(),
            _ => self
                .pose
                .iter()
                .map(|c| distance(c.0, &c.1, c.2, &c.3).map(|d| d.distance))
                .collect(),
        }
    }
}

impl QueryCases {
    /// `count` cases of `query` from `seed`, in every form.
    #[must_use]
    pub fn new(query: Query, count: usize, seed: u64) -> Self {
        let cast = cast_cases(query, count, seed);
        let pose = pose_cases(query, count, seed);
        let mut hulls = Vec::new();
        let mut slot = |s: &Shape| match s {
            Shape::Circle(c) => Slot::Circle(*c),
            Shape::Rect(r) => Slot::Rect(*r),
            Shape::Hull(h) => {
                hulls.push(*h);
                Slot::Hull((hulls.len() - 1) as u32)
            }
        };
        let cast_slots = cast
            .iter()
            .map(|c| (slot(&c.a), c.motion_a, slot(&c.b), c.motion_b))
            .collect();
        let pose_slots = pose
            .iter()
            .map(|c| (slot(&c.a), c.pose_a, slot(&c.b), c.pose_b))
            .collect();
        Self {
            query,
            peer_cast: peer::peer_cast_cases(&cast),
            peer_pose: peer::peer_pose_cases(&pose),
            cast,
            pose,
            hulls,
            cast_slots,
            pose_slots,
        }
    }

    fn shape(&self, s: Slot) -> ShapeRef<'_> {
        match s {
            Slot::Circle(c) => ShapeRef::Circle(c),
            Slot::Rect(r) => ShapeRef::Rect(r),
            Slot::Hull(i) => ShapeRef::Hull(&self.hulls[i as usize]),
        }
    }

    // `ShapeRef`s, not the 300-byte `Shape` enum: timing that case by case would measure
    // memory traffic, not the query.
    /// collide's cases, ready to run (allocates: build once, outside timing).
    #[must_use]
    pub fn ours(&self) -> OursCases<'_> {
        OursCases {
            query: self.query,
            cast: self
                .cast_slots
                .iter()
                .map(|c| (self.shape(c.0), c.1, self.shape(c.2), c.3))
                .collect(),
            pose: self
                .pose_slots
                .iter()
                .map(|c| (self.shape(c.0), c.1, self.shape(c.2), c.3))
                .collect(),
        }
    }

    /// Both libraries' answers, case by case.
    #[must_use]
    pub fn answers(&self) -> Answers {
        let ours = self.ours().answers();
        let peer = match self.query {
            q if q.is_cast() => self.peer_cast.iter().map(peer::toi).collect(),
            Query::ContactHullHull => self.peer_pose.iter().map(peer::contact_depth).collect(),
            _ => self.peer_pose.iter().map(peer::distance).collect(),
        };
        Answers { ours, peer }
    }

    /// The brute-force oracle's answer to case `i`.
    #[must_use]
    pub fn oracle(&self, i: usize) -> Option<f32> {
        match self.query {
            Query::ContactHullHull => self.pose.get(i).and_then(oracle::depth),
            Query::DistanceHullHull => self.pose.get(i).and_then(oracle::distance),
            _ => self.cast.get(i).and_then(oracle::time_of_impact),
        }
    }

    /// Runs every case once through parry2d (what the timing loop repeats).
    pub fn run_peer(&self) {
        match self.query {
            q if q.is_cast() => {
                for c in &self.peer_cast {
                    black_box(peer::cast(black_box(c)));
                }
            }
            Query::ContactHullHull => {
                for c in &self.peer_pose {
                    black_box(peer::contact(black_box(c)));
                }
            }
            _ => {
                for c in &self.peer_pose {
                    black_box(peer::distance(black_box(c)));
                }
            }
        }
    }

    /// The number of cases.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cast.len() + self.pose.len()
    }

    /// Whether there are no cases.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Judges every disagreement of `answers` against the oracle. The time-of-impact oracle
/// resolves `1 / TOI_STEPS` of the frame, so it is given that much more tolerance.
#[must_use]
pub fn judge(cases: &QueryCases, answers: &Answers) -> Verdicts {
    let tolerance = TOLERANCE + 1.0 / oracle::TOI_STEPS as f32;
    let close = |x: Option<f32>, y: Option<f32>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => (x - y).abs() <= tolerance,
        _ => false,
    };
    let mut v = Verdicts::default();
    for (i, (ours, peer)) in answers.ours.iter().zip(&answers.peer).enumerate() {
        if count_disagreements(&[*ours], &[*peer], TOLERANCE) == 0 {
            continue;
        }
        let truth = cases.oracle(i);
        v.ours_right += usize::from(close(*ours, truth));
        v.peer_right += usize::from(close(*peer, truth));
    }
    v
}

/// One query side by side: answers compared (and disagreements judged by the oracle), then
/// timed in `batches` alternating batches (see [`crate::versus::alternate`]).
#[must_use]
pub fn compare_query(query: Query, count: usize, seed: u64, batches: usize) -> VersusEntry {
    let cases = QueryCases::new(query, count, seed);
    let answers = cases.answers();
    let verdicts = judge(&cases, &answers);
    let ours_cases = cases.ours();
    // Warm both up, then size the batches to a few milliseconds a pair.
    let start = Instant::now();
    ours_cases.run();
    cases.run_peer();
    let both = start.elapsed().as_nanos().max(1) as f64;
    let reps = ((2e6 / both) as usize).clamp(1, 200);
    let whole = time_alternating(batches, reps, || ours_cases.run(), || cases.run_peer());
    let n = cases.len().max(1) as f64;
    // The time alone against parry2d's whole answer, in batches of their own: cast queries
    // only.
    let time_only = query.is_cast().then(|| {
        time_alternating(
            batches,
            reps,
            || {
                ours_cases.run_time_only();
            },
            || cases.run_peer(),
        )
    });
    VersusEntry {
        query: query.name().to_owned(),
        ours_ns: whole.ours_ns / n,
        ours_time_only_ns: time_only.map(|t| t.ours_ns / n),
        time_only_speedup: time_only.map(|t| t.ratio),
        peer_ns: whole.peer_ns / n,
        speedup: whole.ratio,
        batches: whole.batches,
        disagreements: answers.disagreements(TOLERANCE),
        cases: cases.len(),
        peer_hits: answers.peer.iter().filter(|a| a.is_some()).count(),
        max_difference: answers.max_difference(),
        objects: None,
        broad_phase: None,
        verdicts: Some(verdicts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_libraries_answer_every_case_and_the_oracle_judges() {
        for query in Query::ALL {
            let cases = QueryCases::new(query, 48, 11);
            assert_eq!(cases.len(), 48);
            let answers = cases.answers();
            assert_eq!(answers.ours.len(), 48);
            assert_eq!(answers.peer.len(), 48);
            let hits = answers.ours.iter().filter(|a| a.is_some()).count();
            match query {
                // Pose queries always have an answer: the cases overlap / are separated.
                Query::ContactHullHull | Query::DistanceHullHull => {
                    assert_eq!(hits, 48, "{query:?}")
                }
                // About half the shots hit.
                _ => assert!((8..=40).contains(&hits), "{query:?}: {hits}"),
            }
            let v = judge(&cases, &answers);
            let d = answers.disagreements(TOLERANCE);
            assert!(v.ours_right <= d && v.peer_right <= d);
        }
    }

    #[test]
    fn a_corrupted_answer_is_a_disagreement_the_oracle_pins_on_the_corrupter() {
        let cases = QueryCases::new(Query::ToiCircleRect, 64, 5);
        let mut answers = cases.answers();
        let agreed = |a: &Answers, i: usize| {
            a.ours[i].is_some() && count_disagreements(&[a.ours[i]], &[a.peer[i]], TOLERANCE) == 0
        };
        let i = (0..64)
            .find(|&i| agreed(&answers, i))
            .expect("some hit both agree on");
        let before = answers.disagreements(TOLERANCE);
        let judged = judge(&cases, &answers);
        answers.peer[i] = answers.peer[i].map(|t| if t > 0.5 { t - 0.25 } else { t + 0.25 });
        assert_eq!(answers.disagreements(TOLERANCE), before + 1);
        let v = judge(&cases, &answers);
        assert_eq!(v.ours_right, judged.ours_right + 1);
        assert_eq!(v.peer_right, judged.peer_right);
    }
}
