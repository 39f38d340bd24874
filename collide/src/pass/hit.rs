//! What the pass reports: each hit ([`PassHit`]), what the resolver says a hit used up
//! ([`Used`]), and the frame's figures ([`PassStats`]).

use collide_core::{Hit, NarrowOutcome};

/// One hit between bodies `a < b` (indices into the slice given to the pass), or between body
/// `a` and a static obstacle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassHit {
    /// The first body's index.
    pub a: usize,
    /// The second body's index (`a < b`); the normal points from `a` to `b`. For a hit on a
    /// static obstacle, `bodies.len() + id`: past every body, so hits on obstacles sort with
    /// the others by `(t, a, b)`.
    pub b: usize,
    /// When, where and along which normal they first touched, from each body's own path
    /// (`hit.t`, `hit.point`, `hit.normal`: what a response needs), and how they overlap at
    /// the end of the frame, if they do (`hit.contact`: where to put the hit sparks).
    pub hit: Hit,
    /// `Some(id)` when `b` is the static obstacle with this [`Obstacle::id`](crate::Obstacle)
    /// (see [`CollisionPass::run_in`](crate::CollisionPass::run_in)).
    pub obstacle: Option<u32>,
}

/// Which of the two bodies a resolved hit used up; later hits on a used-up body are dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Used {
    /// Body `a` is used up (for example a bullet that destroyed itself).
    pub a: bool,
    /// Body `b` is used up.
    pub b: bool,
}

impl Used {
    /// Both bodies carry on.
    pub const NEITHER: Used = Used { a: false, b: false };
    /// Body `a` is used up.
    pub const A: Used = Used { a: true, b: false };
    /// Body `b` is used up.
    pub const B: Used = Used { a: false, b: true };
    /// Both bodies are used up.
    pub const BOTH: Used = Used { a: true, b: true };
}

/// What one pass did: the figures the benchmark reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassStats {
    /// Bodies indexed by the broad phase.
    pub proxies: usize,
    /// Candidate pairs from the broad phase.
    pub pairs: usize,
    /// Hits found by the end-of-frame test.
    pub discrete_hits: usize,
    /// Sweeps run.
    pub sweeps: usize,
    /// Hits only the sweep found (the tunnelling ones).
    pub swept_hits: usize,
    /// Enabled bodies skipped for non-finite positions, rotation or shape, or for a shape
    /// every query treats as "no hit" (a negative radius or extent, which a struct literal
    /// can build).
    pub skipped: usize,
    /// Hits handed to the resolver.
    pub hits_resolved: usize,
    /// Hits dropped because an earlier hit had used up one of their bodies.
    pub hits_dropped: usize,
    /// Times a response changed a body's motion.
    pub turns: usize,
    /// Turns at which a body had reached the pass's cap on turns per frame, and stopped.
    pub capped: usize,
    /// Pairs tested again after a turn, over the rest of the frame.
    pub sweeps_after_turns: usize,
    /// Hits skipped because one of their bodies had turned off that path before their time.
    pub hits_superseded: usize,
    /// Body–obstacle candidates from the static world (each through the narrow phase).
    pub static_pairs: usize,
}

impl PassStats {
    /// Counts one pair's trip through the narrow phase: whether it was swept.
    #[inline]
    pub(crate) fn count_narrow(&mut self, outcome: &NarrowOutcome) {
        self.sweeps += usize::from(outcome.swept);
    }

    /// Counts a hit the frame keeps, by the test that found it.
    #[inline]
    pub(crate) fn count_hit(&mut self, hit: &Hit) {
        // Counted without a branch: which test found a hit varies from pair to pair.
        self.swept_hits += usize::from(hit.by_sweep);
        self.discrete_hits += usize::from(!hit.by_sweep);
    }
}
