//! The two greedy reductions of [`super`] in `n log n` time, allocating nothing: a tournament
//! tree over the vertices says which vertex (or edge) goes next, and links step over the ones
//! already gone, so a step costs a few key updates instead of a rescan of the polygon.
//!
//! The links, keys and tree live on the stack, for at most [`RUN`] vertices. A polygon that
//! fits gets exactly what the plain loop (every key computed again after every step) gives,
//! step for step. A longer one (only [`Hull::from_points_mut`](crate::Hull::from_points_mut)
//! can pass one) is first brought down in passes over runs of consecutive vertices: each pass
//! takes, run by run, the steps costing up to a bar read off a sample of the keys, in the
//! greedy's order, so it takes about what the greedy over the whole polygon would take first.
//! Only where the runs meet does the order differ, and the runs overlap to keep that rare.

use glam::Vec2;

use super::replace::Replacement;
use super::{cross, replace_edge};

/// The most vertices one run holds: as many as [`crate::MAX_CLOUD_POINTS`], so that the
/// hull of a cloud [`Hull::from_points`](crate::Hull::from_points) takes is never cut. Its
/// working set is about 7 KiB of stack.
pub(crate) const RUN: usize = crate::MAX_CLOUD_POINTS;

/// No neighbour: the end of an open chain.
const NONE: u16 = u16::MAX;
/// In `prev`: a vertex that is gone.
const GONE: u16 = u16::MAX - 1;

/// Which greedy step a reduction takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Drop the vertex whose triangle with its neighbours is smallest; of equal triangles, the
    /// vertex with the smallest `(y, x)`.
    Vw,
    /// Replace the edge whose replacement adds the least area by the meeting point of its
    /// neighbouring edges; of equal areas, the first edge.
    Enclosing,
}

/// How many survivors of one run the next run starts with: a run never moves its first two
/// vertices, so it starts this far back, where the steps it takes seldom reach.
const CARRY: usize = 32;

/// Brings the convex polygon (positive-area order) down to `keep` vertices by `rule`, or as
/// far as the rule can go (the enclosing rule stops where rounding leaves no edge to replace);
/// returns the new length.
pub(crate) fn reduce(polygon: &mut [Vec2], keep: usize, rule: Rule) -> usize {
    let mut n = polygon.len();
    // The passes never go below half a run, so that the last steps are the exact greedy's.
    let floor = keep.max(RUN / 2);
    while n > RUN && n > keep {
        let bar = bar(&polygon[..n], rule);
        let mut kept = reduce_runs(&mut polygon[..n], floor, bar, rule);
        if kept == n {
            kept = reduce_runs(&mut polygon[..n], floor, f64::INFINITY, rule);
        }
        if kept == n {
            return n;
        }
        n = kept;
    }
    if n > RUN {
        return n;
    }
    let mut run = Run::new(&mut polygon[..n], rule, true);
    run.reduce_to(keep, f64::INFINITY);
    run.compact()
}

/// The key up to which one pass over a polygon too long for a run goes: the key below which
/// lie the share of the steps the pass should take (those over [`RUN`], at most half) in an
/// evenly spread sample. A pass then takes the steps the greedy over the whole polygon would
/// take first, wherever they are, rather than a fixed share of each run.
fn bar(polygon: &[Vec2], rule: Rule) -> f64 {
    let n = polygon.len();
    let mut sample = [0.0; RUN];
    let mut m = 0;
    for s in (0..n).step_by(n.div_ceil(RUN)) {
        let window = |k: usize| polygon[(s + n + k) % n];
        sample[m] = match rule {
            Rule::Vw => cross(window(n - 1), window(0), window(1)).abs(),
            Rule::Enclosing => replace_edge(core::array::from_fn(|k| window(n + k - 3)), true)
                .map_or(f64::INFINITY, |r| r.added),
        };
        m += 1;
    }
    let sample = &mut sample[..m];
    sample.sort_unstable_by(f64::total_cmp);
    let rank = ((n - RUN) as u64 * m as u64 / n as u64) as usize;
    sample[rank.min(m / 2)]
}

/// One pass over a polygon too long for a run: runs of up to [`RUN`] consecutive vertices,
/// each starting [`CARRY`] survivors back into the run before, take the steps costing at most
/// `bar` in the greedy's order, keeping their share of `floor`; a last run across the seam
/// (the pass's end and its start) follows. The survivors are gathered at the front.
fn reduce_runs(polygon: &mut [Vec2], floor: usize, bar: f64, rule: Rule) -> usize {
    let n = polygon.len();
    // Survivors fill `polygon[..kept]`; the vertices not yet read start at `read`, never less.
    let (mut kept, mut read) = (0usize, 0);
    while read < n {
        let start = kept.saturating_sub(CARRY);
        let fresh = (RUN - (kept - start)).min(n - read);
        polygon.copy_within(read..read + fresh, kept);
        let least = (fresh as u64 * floor as u64).div_ceil(n as u64) as usize;
        kept = start
            + run_in(
                &mut polygon[start..kept + fresh],
                kept - start + least,
                bar,
                rule,
            );
        read += fresh;
    }
    let carried = CARRY.min(kept);
    polygon[..kept].rotate_right(carried);
    let len = RUN.min(kept);
    let survivors = run_in(
        &mut polygon[..len],
        len - kept.saturating_sub(floor).min(len),
        bar,
        rule,
    );
    polygon.copy_within(len..kept, survivors);
    kept - len + survivors
}

/// An open run over `chain`: the greedy's steps costing at most `bar` while more than `keep`
/// vertices remain, the survivors gathered at the front; returns how many.
fn run_in(chain: &mut [Vec2], keep: usize, bar: f64, rule: Rule) -> usize {
    let mut run = Run::new(chain, rule, false);
    run.reduce_to(keep, bar);
    run.compact()
}

/// A polygon (closed) or a chain whose two ends stay (open) of at most [`RUN`] vertices, being
/// reduced in place.
struct Run<'a> {
    v: &'a mut [Vec2],
    rule: Rule,
    prev: [u16; RUN],
    next: [u16; RUN],
    /// What removing each slot costs; infinite for a slot that is gone, past the end, or one
    /// the rule cannot take.
    key: [f64; RUN],
    /// The tournament: node `p` in `1..leaves` holds the better slot of its children `2p` and
    /// `2p + 1`, where a child `c >= leaves` is slot `c - leaves`.
    winner: [u16; RUN],
    leaves: usize,
    alive: usize,
}

impl<'a> Run<'a> {
    /// `v` (at most [`RUN`] vertices) linked in order, closed into a loop or not.
    fn new(v: &'a mut [Vec2], rule: Rule, closed: bool) -> Self {
        let n = v.len();
        let mut run = Run {
            v,
            rule,
            prev: [NONE; RUN],
            next: [NONE; RUN],
            key: [f64::INFINITY; RUN],
            winner: [0; RUN],
            leaves: n.next_power_of_two().max(2),
            alive: n,
        };
        for s in 1..n {
            run.prev[s] = (s - 1) as u16;
            run.next[s - 1] = s as u16;
        }
        if closed && n > 0 {
            run.prev[0] = (n - 1) as u16;
            run.next[n - 1] = 0;
        }
        for s in 0..n {
            run.key[s] = run.key_of(s);
        }
        for p in (1..run.leaves).rev() {
            run.winner[p] = run.better_child(p);
        }
        run
    }

    /// Takes the best step while more than `keep` vertices remain and it costs at most `bar`.
    fn reduce_to(&mut self, keep: usize, bar: f64) {
        while self.alive > keep && self.key[self.best()] <= bar && self.step() {}
    }

    /// The slot the tournament picked.
    fn best(&self) -> usize {
        usize::from(self.winner[1])
    }

    /// The survivors gathered, in order, at the front of the slice; returns how many.
    fn compact(self) -> usize {
        let mut kept = 0;
        for s in 0..self.v.len() {
            if self.prev[s] != GONE {
                self.v[kept] = self.v[s];
                kept += 1;
            }
        }
        kept
    }

    /// Removes the best vertex (or replaces the best edge); false when the rule can take none.
    fn step(&mut self) -> bool {
        let s = self.best();
        if !self.key[s].is_finite() {
            return false;
        }
        match self.rule {
            Rule::Vw => {
                let (p, q) = (self.prev[s], self.next[s]);
                self.unlink(s);
                self.refresh(p);
                self.refresh(q);
            }
            Rule::Enclosing => {
                // The key came from this same window, so the replacement is still there.
                let Some(r) = self.replacement(s) else {
                    return false;
                };
                self.v[s] = r.apex;
                let a = self.prev[s];
                self.unlink(usize::from(self.next[s]));
                if r.drops[1] {
                    self.unlink(usize::from(self.next[s]));
                }
                if r.drops[0] {
                    self.unlink(usize::from(a));
                }
                self.refresh_around(s);
            }
        }
        true
    }

    /// After an enclosing step at `s`: an edge's key reads three vertices before it to four
    /// after it, so the keys four back to four on are computed again; below eight vertices
    /// (where a window wraps around and no neighbour may go), all of them.
    fn refresh_around(&mut self, s: usize) {
        if self.alive < 8 {
            for k in 0..self.v.len() {
                if self.prev[k] != GONE {
                    self.refresh(k as u16);
                }
            }
            return;
        }
        let mut k = s;
        for _ in 0..4 {
            if self.prev[k] != NONE {
                k = usize::from(self.prev[k]);
            }
        }
        for _ in 0..9 {
            self.refresh(k as u16);
            match self.next[k] {
                NONE => break,
                q => k = usize::from(q),
            }
        }
    }

    /// The enclosing step at edge `s`, if there is one.
    fn replacement(&self, s: usize) -> Option<Replacement> {
        let spare = self.alive >= 8;
        self.points::<8>(s, 3).and_then(|w| replace_edge(w, spare))
    }

    /// The slots from `before` links back of `s` onwards, `N` of them; `None` past an open end.
    fn window<const N: usize>(&self, s: usize, before: usize) -> Option<[usize; N]> {
        let link = |l: u16| (l != NONE).then_some(usize::from(l));
        let mut first = s;
        for _ in 0..before {
            first = link(self.prev[first])?;
        }
        let mut w = [first; N];
        for i in 1..N {
            w[i] = link(self.next[w[i - 1]])?;
        }
        Some(w)
    }

    /// The vertices of [`Self::window`].
    fn points<const N: usize>(&self, s: usize, before: usize) -> Option<[Vec2; N]> {
        self.window::<N>(s, before).map(|w| w.map(|i| self.v[i]))
    }

    /// What the rule's step at slot `s` costs: the triangle it cuts off, or the area it adds.
    fn key_of(&self, s: usize) -> f64 {
        let cost = match self.rule {
            Rule::Vw => self.points::<3>(s, 1).map(|[a, b, c]| cross(a, b, c).abs()),
            Rule::Enclosing => self.replacement(s).map(|r| r.added),
        };
        cost.unwrap_or(f64::INFINITY)
    }

    /// Slot `s` gone: its neighbours linked to each other, its key infinite.
    fn unlink(&mut self, s: usize) {
        let (p, q) = (self.prev[s], self.next[s]);
        if p != NONE {
            self.next[usize::from(p)] = q;
        }
        if q != NONE {
            self.prev[usize::from(q)] = p;
        }
        self.prev[s] = GONE;
        self.key[s] = f64::INFINITY;
        self.alive -= 1;
        self.update(s);
    }

    /// Slot `s`'s key computed again (nothing for [`NONE`]).
    fn refresh(&mut self, s: u16) {
        if s != NONE {
            let s = usize::from(s);
            self.key[s] = self.key_of(s);
            self.update(s);
        }
    }

    /// The tournament replayed from slot `s` up to the root.
    fn update(&mut self, s: usize) {
        let mut p = (s + self.leaves) / 2;
        while p >= 1 {
            self.winner[p] = self.better_child(p);
            p /= 2;
        }
    }

    fn better_child(&self, p: usize) -> u16 {
        let child = |c: usize| {
            if c >= self.leaves {
                (c - self.leaves) as u16
            } else {
                self.winner[c]
            }
        };
        self.better(child(2 * p), child(2 * p + 1))
    }

    /// Of two slots, the one the plain loop would take first: the smaller key, then (Vw) the
    /// smaller `(y, x)`, then the earlier slot (the plain loop's "first").
    fn better(&self, a: u16, b: u16) -> u16 {
        use core::cmp::Ordering::{Greater, Less};
        let (i, j) = (usize::from(a), usize::from(b));
        let by_key = self.key[j].partial_cmp(&self.key[i]);
        let order = match (by_key, self.rule) {
            (Some(Less | Greater), _) => by_key,
            (_, Rule::Vw) if self.key[i].is_finite() => {
                let (p, q) = (self.v[i], self.v[j]);
                (q.y, q.x).partial_cmp(&(p.y, p.x))
            }
            _ => None,
        };
        match order {
            Some(Less) => b,
            Some(Greater) => a,
            _ if j < i => b,
            _ => a,
        }
    }
}
