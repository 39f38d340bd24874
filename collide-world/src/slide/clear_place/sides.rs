//! The sides of the positions at which a body overlaps the obstacles near it (lines, and arcs
//! where it or they are round), each once, and the places on them a search for the nearest
//! clear place tries: the nearest on each, and where two cross.

use glam::Vec2;

use super::arcs::{Arc, ARCS};
use super::{Line, LINES};

/// Distinct lines and arcs, in room kept on the stack.
pub(super) struct Sides {
    lines: [Line; LINES],
    line_count: usize,
    arcs: [Arc; ARCS],
    arc_count: usize,
}

impl Sides {
    /// The distinct ones among `lines` and `arcs` (side-by-side tiles share their lines and
    /// corners), the first of each kept.
    pub(super) fn distinct(lines: &[Line], arcs: &[Arc]) -> Self {
        let mut sides = Sides {
            lines: [Line::NONE; LINES],
            line_count: 0,
            arcs: [Arc::NONE; ARCS],
            arc_count: 0,
        };
        let (kept, count) =
            unique::<LINES, _, _>(lines, |l| (l.n.x.to_bits(), l.n.y.to_bits(), l.d.to_bits()));
        for &i in &kept[..count] {
            sides.push_line(lines[usize::from(i)]);
        }
        let (kept, count) = unique::<ARCS, _, _>(arcs, |a| {
            let c = a.centre;
            (c.x.to_bits(), c.y.to_bits(), a.radius.to_bits())
        });
        for &i in &kept[..count] {
            sides.push_arc(arcs[usize::from(i)]);
        }
        sides
    }

    /// Those that come within `within` of the start: a crossing is no nearer than either
    /// side it lies on, so sides farther off hold none worth asking about.
    pub(super) fn within(&self, within: f32) -> Self {
        let mut near = Sides {
            lines: [Line::NONE; LINES],
            line_count: 0,
            arcs: [Arc::NONE; ARCS],
            arc_count: 0,
        };
        for l in self.lines().iter().filter(|l| l.d.abs() <= within) {
            near.push_line(*l);
        }
        for a in self.arcs().iter().filter(|a| a.least_move() <= within) {
            near.push_arc(*a);
        }
        near
    }

    /// The move straight onto each line in front of the start, and onto each arc, with the
    /// side it ends on.
    pub(super) fn onto(&self) -> impl Iterator<Item = (Vec2, Line)> + '_ {
        let lines = self.lines().iter().filter(|l| l.d > 0.0);
        let arcs = self
            .arcs()
            .iter()
            .filter_map(|a| a.nearest().map(|q| (q, on_arc(a, q))));
        lines.map(|l| (l.n * l.d, *l)).chain(arcs)
    }

    /// Where two sides of different obstacles cross (any two lines: a polygon's own corners
    /// are where two of its lines cross), with the side it had to go farther from.
    pub(super) fn crossings(&self) -> impl Iterator<Item = (Vec2, Line)> + '_ {
        let (lines, arcs) = (self.lines(), self.arcs());
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

    fn lines(&self) -> &[Line] {
        &self.lines[..self.line_count]
    }

    fn arcs(&self) -> &[Arc] {
        &self.arcs[..self.arc_count]
    }

    fn push_line(&mut self, l: Line) {
        self.lines[self.line_count] = l;
        self.line_count += 1;
    }

    fn push_arc(&mut self, a: Arc) {
        self.arcs[self.arc_count] = a;
        self.arc_count += 1;
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
