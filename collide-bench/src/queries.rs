//! collide's side of the query comparison, and the comparison itself (see [`crate::versus`]).
//!
//! Both libraries get the cases in a compact form, as a game would hold its colliders: small
//! shapes by value, hulls built once and referenced. (Timing the 300-byte `Shape` enum case by
//! case would measure memory traffic, not the query.)

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

/// A shape as the timing loop holds it: small shapes inline, hulls by index.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Compact {
    Circle(Circle),
    Rect(Rect),
    Hull(u32),
}

/// One query's cases in every form: full (for answers and the oracle), compact (for timing
/// collide) and converted (for parry2d).
pub struct QueryCases {
    query: Query,
    cast: Vec<CastCase>,
    pose: Vec<PoseCase>,
    hulls: Vec<Hull>,
    ours_cast: Vec<(Compact, Motion, Compact, Motion)>,
    ours_pose: Vec<(Compact, Pose, Compact, Pose)>,
    peer_cast: Vec<PeerCastCase>,
    peer_pose: Vec<PeerPoseCase>,
}

impl QueryCases {
    /// `count` cases of `query` from `seed`, in every form.
    #[must_use]
    pub fn new(query: Query, count: usize, seed: u64) -> Self {
        let cast = cast_cases(query, count, seed);
        let pose = pose_cases(query, count, seed);
        let mut hulls = Vec::new();
        let mut compact = |s: &Shape| match s {
            Shape::Circle(c) => Compact::Circle(*c),
            Shape::Rect(r) => Compact::Rect(*r),
            Shape::Hull(h) => {
                hulls.push(*h);
                Compact::Hull((hulls.len() - 1) as u32)
            }
        };
        let ours_cast = cast
            .iter()
            .map(|c| (compact(&c.a), c.motion_a, compact(&c.b), c.motion_b))
            .collect();
        let ours_pose = pose
            .iter()
            .map(|c| (compact(&c.a), c.pose_a, compact(&c.b), c.pose_b))
            .collect();
        Self {
            query,
            peer_cast: peer::peer_cast_cases(&cast),
            peer_pose: peer::peer_pose_cases(&pose),
            cast,
            pose,
            hulls,
            ours_cast,
            ours_pose,
        }
    }

    #[inline]
    fn shape(&self, s: Compact) -> ShapeRef<'_> {
        match s {
            Compact::Circle(c) => ShapeRef::Circle(c),
            Compact::Rect(r) => ShapeRef::Rect(r),
            Compact::Hull(i) => ShapeRef::Hull(&self.hulls[i as usize]),
        }
    }

    #[inline]
    fn ours_cast_answer(&self, c: &(Compact, Motion, Compact, Motion)) -> Option<f32> {
        time_of_impact(self.shape(c.0), &c.1, self.shape(c.2), &c.3).map(|i| i.t)
    }

    #[inline]
    fn ours_pose_answer(&self, c: &(Compact, Pose, Compact, Pose)) -> Option<f32> {
        if self.query == Query::ContactHullHull {
            contact(self.shape(c.0), &c.1, self.shape(c.2), &c.3).map(|k| k.depth)
        } else {
            distance(self.shape(c.0), &c.1, self.shape(c.2), &c.3).map(|d| d.distance)
        }
    }

    fn peer_pose_answer(&self, c: &PeerPoseCase) -> Option<f32> {
        if self.query == Query::ContactHullHull {
            peer::contact_depth(c)
        } else {
            peer::distance(c)
        }
    }

    /// Both libraries' answers, case by case.
    #[must_use]
    pub fn answers(&self) -> Answers {
        if self.query.is_cast() {
            Answers {
                ours: self
                    .ours_cast
                    .iter()
                    .map(|c| self.ours_cast_answer(c))
                    .collect(),
                peer: self.peer_cast.iter().map(peer::toi).collect(),
            }
        } else {
            Answers {
                ours: self
                    .ours_pose
                    .iter()
                    .map(|c| self.ours_pose_answer(c))
                    .collect(),
                peer: self
                    .peer_pose
                    .iter()
                    .map(|c| self.peer_pose_answer(c))
                    .collect(),
            }
        }
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

    /// Runs every case once through collide (what the timing loop repeats).
    pub fn run_ours(&self) {
        if self.query.is_cast() {
            for c in &self.ours_cast {
                black_box(self.ours_cast_answer(black_box(c)));
            }
        } else {
            for c in &self.ours_pose {
                black_box(self.ours_pose_answer(black_box(c)));
            }
        }
    }

    /// Runs every case once through parry2d.
    pub fn run_peer(&self) {
        if self.query.is_cast() {
            for c in &self.peer_cast {
                black_box(peer::toi(black_box(c)));
            }
        } else {
            for c in &self.peer_pose {
                black_box(self.peer_pose_answer(black_box(c)));
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
/// timed in alternating rounds.
#[must_use]
pub fn compare_query(query: Query, count: usize, seed: u64, rounds: usize) -> VersusEntry {
    let cases = QueryCases::new(query, count, seed);
    let answers = cases.answers();
    let verdicts = judge(&cases, &answers);
    // Warm both up, then size the rounds to a few milliseconds each.
    let start = Instant::now();
    cases.run_ours();
    cases.run_peer();
    let both = start.elapsed().as_nanos().max(1) as f64;
    let reps = ((2e6 / both) as usize).clamp(1, 200);
    let (ours, peer) = time_alternating(rounds, reps, || cases.run_ours(), || cases.run_peer());
    let n = cases.len().max(1) as f64;
    VersusEntry {
        query: query.name().to_owned(),
        ours_ns: ours / n,
        peer_ns: peer / n,
        disagreements: answers.disagreements(TOLERANCE),
        cases: cases.len(),
        peer_hits: answers.peer.iter().filter(|a| a.is_some()).count(),
        max_difference: answers.max_difference(),
        goal_speedup: query.goal_speedup(),
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
