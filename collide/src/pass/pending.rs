//! A hit found after a turn, waiting in the queue for its time, and the pass's order of hits.

use std::cmp::Ordering;

use crate::pass::{Other, PassHit};

/// A hit found after a turn, waiting for its time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    pub hit: PassHit,
    /// The turns of `hit.a` and of `hit.b` when it was found.
    pub turns: [u32; 2],
    /// When the paths meet: `hit`'s time, unless that was earlier than the hit being answered
    /// when it was found (a body put a skin short of an impact may be put back before it),
    /// which `hit` then waits for.
    pub meet: f32,
}

impl Pending {
    /// The order of the queue: by `t`, then by when the paths meet (two hits on a path that
    /// both wait for the same moment are answered in the order the body meets them), then `a`
    /// and `b`.
    fn key(&self) -> (f32, f32, usize, Other) {
        (self.hit.impact.t, self.meet, self.hit.a, self.hit.b)
    }
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Pending {}

impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Pending {
    /// Reversed, so that the standard (max-)heap pops the earliest hit first: by
    /// [`key`](Pending::key), then the turns (two finds of one pair, only one of them current).
    fn cmp(&self, other: &Self) -> Ordering {
        let (ta, ma, a, b) = self.key();
        let (tb, mb, c, d) = other.key();
        tb.total_cmp(&ta)
            .then(mb.total_cmp(&ma))
            .then(c.cmp(&a))
            .then(d.cmp(&b))
            .then(other.turns.cmp(&self.turns))
    }
}

/// Whether hit `x` comes before hit `y` in the pass's order, `(t, a, b)`.
pub(crate) fn earlier(x: &PassHit, y: &PassHit) -> bool {
    x.impact
        .t
        .total_cmp(&y.impact.t)
        .then(x.a.cmp(&y.a))
        .then(x.b.cmp(&y.b))
        .is_lt()
}
