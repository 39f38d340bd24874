//! What the pass reports: each hit ([`PassHit`], and what it met: [`Other`]), and the frame's
//! figures ([`PassStats`]).

use collide_core::{Contact, Hit, Impact, NarrowOutcome};

/// One hit between body `a` and another body or a static obstacle (`b`), as the pass hands
/// it over.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassHit {
    /// The first body's index in the slice given to the pass.
    pub a: usize,
    /// What `a` met: a body with a larger index, or an obstacle of the static world. The
    /// normal points from `a` to `b`.
    pub b: Other,
    /// When, where and along which normal they first touched, from each body's own path: what
    /// a response needs.
    pub impact: Impact,
    /// How they overlap at the end of the frame, if they do: where to put the hit sparks.
    pub contact: Option<Contact>,
    /// `true` when only the sweep found the hit (the end-of-frame test missed it).
    pub by_sweep: bool,
    /// `true` when either side is a sensor ([`Body::sensor`](crate::Body::sensor),
    /// [`Obstacle::sensor`](crate::Obstacle::sensor)): the hit is handed over in time order
    /// like any other, but the pass turns neither body for it, whatever the response says
    /// ([`Reaction::Used`](crate::Reaction::Used) still uses a body up).
    pub sensor: bool,
}

impl PassHit {
    /// The hit the narrow phase found between `a` and `b`, `sensor` when either is one.
    #[inline]
    pub(crate) fn new(a: usize, b: Other, hit: Hit, sensor: bool) -> Self {
        Self {
            a,
            b,
            impact: hit.impact,
            contact: hit.contact,
            by_sweep: hit.by_sweep,
            sensor,
        }
    }
}

/// What body `a` of a [`PassHit`] met.
///
/// Ordered bodies first (by index), then obstacles (by id): the order of the pass's hits at
/// one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Other {
    /// The body with this index in the slice given to the pass.
    Body(usize),
    /// The static obstacle with this [`Obstacle::id`](crate::Obstacle::id).
    Obstacle(u32),
}

impl Other {
    /// The body's index, if this is a body.
    #[must_use]
    pub fn body(self) -> Option<usize> {
        match self {
            Other::Body(b) => Some(b),
            Other::Obstacle(_) => None,
        }
    }

    /// The obstacle's id, if this is an obstacle.
    #[must_use]
    pub fn obstacle(self) -> Option<u32> {
        match self {
            Other::Body(_) => None,
            Other::Obstacle(id) => Some(id),
        }
    }
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
