//! The sides of the positions at which a body overlaps the obstacles near it (lines, and arcs
//! where it or they are round), each once, and the places on them a search for the nearest
//! clear place tries: the nearest on each, and where two cross.

use glam::Vec2;

use super::arcs::{Arc, ARCS};
use super::{Line, LINES};

/// Distinct lines and arcs of a search, by their places in its lists (a few kilobytes on the
/// stack, where copies of them take tens).
pub(super) struct Sides<'a> {
    all_lines: &'a [Line],
    all_arcs: &'a [Arc],
    lines: [u16; LINES],
    line_count: usize,
    arcs: [u16; ARCS],
    arc_count: usize,
}

impl<'a> Sides<'a> {
    /// The distinct ones among `lines` and `arcs` (side-by-side tiles share their lines and
    /// corners), the first of each kept.
    pub(super) fn distinct(lines: &'a [Line], arcs: &'a [Arc]) -> Self {
        let (kept_lines, line_count) =
            unique::<LINES, _, _>(lines, |l| (l.n.x.to_bits(), l.n.y.to_bits(), l.d.to_bits()));
        let (kept_arcs, arc_count) = unique::<ARCS, _, _>(arcs, |a| {
            let c = a.centre;
            (c.x.to_bits(), c.y.to_bits(), a.radius.to_bits())
        });
        Sides {
            all_lines: lines,
            all_arcs: arcs,
            lines: kept_lines,
            line_count,
            arcs: kept_arcs,
            arc_count,
        }
    }

    /// Those that come within `within` of the start (a crossing is no nearer than either
    /// side it lies on, so sides farther off hold none worth asking about), copied out for
    /// the pairs of them to be read fast.
    pub(super) fn within(&self, within: f32) -> Near {
        let mut near = Near {
            lines: [Line::NONE; LINES],
            line_count: 0,
            arcs: [Arc::NONE; ARCS],
            arc_count: 0,
        };
        for &i in self.line_ids() {
            let l = self.all_lines[usize::from(i)];
            if l.d.abs() <= within {
                near.lines[near.line_count] = l;
                near.line_count += 1;
            }
        }
        for &i in self.arc_ids() {
            let a = self.all_arcs[usize::from(i)];
            if a.least_move() <= within {
                near.arcs[near.arc_count] = a;
                near.arc_count += 1;
            }
        }
        near
    }

    /// The move straight onto each line in front of the start, and onto each arc, with the
    /// side it ends on.
    pub(super) fn onto(&self) -> impl Iterator<Item = (Vec2, Line)> + '_ {
        let lines = self
            .line_ids()
            .iter()
            .map(|&i| self.all_lines[usize::from(i)]);
        let arcs = self
            .arc_ids()
            .iter()
            .map(|&i| self.all_arcs[usize::from(i)]);
        let onto_lines = lines.filter(|l| l.d > 0.0).map(|l| (l.n * l.d, l));
        onto_lines.chain(arcs.filter_map(|a| a.nearest().map(|q| (q, on_arc(&a, q)))))
    }

    fn line_ids(&self) -> &[u16] {
        &self.lines[..self.line_count]
    }

    fn arc_ids(&self) -> &[u16] {
        &self.arcs[..self.arc_count]
    }
}

/// The sides that come within some distance of the start, copied out.
pub(super) struct Near {
    lines: [Line; LINES],
    line_count: usize,
    arcs: [Arc; ARCS],
    arc_count: usize,
}

impl Near {
    /// Where two sides of different obstacles cross (any two lines: a polygon's own corners
    /// are where two of its lines cross), with the side it had to go farther from.
    pub(super) fn crossings(&self) -> impl Iterator<Item = (Vec2, Line)> + '_ {
        let (lines, arcs) = (&self.lines[..self.line_count], &self.arcs[..self.arc_count]);
        let two_lines = lines.iter().enumerate().flat_map(move |(k, a)| {
            let later = lines[k + 1..].iter();
            later.filter_map(move |b| crossing(a, b).map(|q| (q, farther(*a, *b))))
        });
        let line_and_arc = lines.iter().flat_map(move |l| {
            let others = arcs.iter().filter(move |a| a.id != l.id);
            others.flat_map(move |a| {
                let meets = a.meets_line(l.n, l.d).into_iter().flatten();
                meets.map(move |q| (q, farther(*l, on_arc(a, q))))
            })
        });
        let two_arcs = arcs.iter().enumerate().flat_map(move |(k, a)| {
            let later = arcs[k + 1..].iter().filter(move |b| b.id != a.id);
            later.flat_map(move |b| {
                let meets = a.meets_arc(b).into_iter().flatten();
                meets.map(move |q| (q, farther(on_arc(a, q), on_arc(b, q))))
            })
        });
        two_lines.chain(line_and_arc).chain(two_arcs)
    }
}

/// Where lines `a` and `b` cross, unless they run (nearly) side by side.
fn crossing(a: &Line, b: &Line) -> Option<Vec2> {
    let det = a.n.perp_dot(b.n);
    if det.abs() < 1e-4 {
        return None;
    }
    Some(Vec2::new(
        (a.d * b.n.y - b.d * a.n.y) / det,
        (a.n.x * b.d - b.n.x * a.d) / det,
    ))
}

/// Of two sides a crossing lies on, the one it had to go farther from.
fn farther(a: Line, b: Line) -> Line {
    if a.d >= b.d {
        a
    } else {
        b
    }
}

/// The side of arc `a` at `q`, on it: the line it touches there.
fn on_arc(a: &Arc, q: Vec2) -> Line {
    let n = a.normal_at(q);
    Line {
        n,
        d: q.dot(n),
        id: a.id,
    }
}

/// The indices of `items` with distinct keys (the first of each), at most `N`, and how many.
fn unique<const N: usize, T, K: Ord>(items: &[T], key: impl Fn(&T) -> K) -> ([u16; N], usize) {
    let mut sorted = [0_u16; N];
    let count = items.len().min(N);
    for (i, slot) in sorted.iter_mut().enumerate().take(count) {
        *slot = i as u16;
    }
    let sorted = &mut sorted[..count];
    // The index breaks ties: the first of equal items is kept, with no buffer to allocate.
    sorted.sort_unstable_by_key(|&i| (key(&items[usize::from(i)]), i));
    let mut unique = [0_u16; N];
    let mut kept = 0;
    for (k, &i) in sorted.iter().enumerate() {
        if k == 0 || key(&items[usize::from(i)]) != key(&items[usize::from(sorted[k - 1])]) {
            unique[kept] = i;
            kept += 1;
        }
    }
    (unique, kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_lines_cross_where_both_hold() {
        let a = Line {
            n: Vec2::X,
            d: 2.0,
            id: 0,
        };
        let b = Line {
            n: Vec2::new(0.6, 0.8),
            d: 3.0,
            id: 1,
        };
        let q = crossing(&a, &b).unwrap();
        assert!(
            (q.dot(a.n) - a.d).abs() < 1e-6 && (q.dot(b.n) - b.d).abs() < 1e-6,
            "{q}"
        );
        assert!(crossing(
            &a,
            &Line {
                n: Vec2::X,
                d: 5.0,
                id: 2
            }
        )
        .is_none());
    }
}
