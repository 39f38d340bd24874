//! Where the bodies that turned this frame went: grid cells hashed to the bodies whose current
//! path covers them, so that a sweep after a turn tests the turned bodies near its path, not
//! every body that turned (a frame of 10 000 bouncing bullets turns some 2 000 of them).
//!
//! The broad phase holds each body's swept box from the start of the frame; a turned body's
//! new path can leave that box, so turned bodies are found here instead. A body that turns
//! again leaves its old cells behind: each entry keeps the turn it was made for, and entries of
//! an earlier turn are skipped.

use collide_core::Aabb;

use collide_broad::buffers::keep_room;
use collide_broad::LevelCells;

/// Paths covering more cells than this are kept in a list every query reads.
const MAX_CELLS: i64 = 16;

/// No entry.
const END: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    body: u32,
    /// The body's turn count when this path was entered.
    turn: u32,
    /// The next entry of the same cell.
    next: u32,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct TurnedIndex {
    /// The cell size of this frame, chosen at its first turn (`0` before).
    cell: f32,
    /// Each occupied cell's number (one level of the broad phases' cell table).
    table: LevelCells,
    /// Per cell of `table`, its first entry.
    heads: Vec<u32>,
    entries: Vec<Entry>,
    /// Entries whose paths cover too many cells.
    wide: Vec<Entry>,
    /// Per body, the last query that listed it, so each query lists a body once.
    listed: Vec<u32>,
    query: u32,
}

impl TurnedIndex {
    /// Forgets the last frame; ready for `bodies` bodies, with room for at least `turns` turns
    /// (listed in four cells each, or all of them too wide for the cells, before the room
    /// must grow).
    pub(crate) fn begin(&mut self, bodies: usize, turns: usize) {
        let cells = self.entries.len().max(4 * turns);
        keep_room(&mut self.entries, cells);
        let heads = self.heads.len().max(4 * turns);
        keep_room(&mut self.heads, heads);
        let wide = self.wide.len().max(turns);
        keep_room(&mut self.wide, wide);
        // Sized for the capacity, which keeps half again the busiest frame so far; clearing keeps
        // the memory, so a steady frame allocates nothing.
        self.table.clear();
        self.table.reserve(self.heads.capacity());
        self.cell = 0.0;
        self.heads.clear();
        self.entries.clear();
        self.wide.clear();
        if self.listed.len() < bodies {
            self.listed.resize(bodies, 0);
        }
    }

    /// Notes that `body`, at its turn number `turn`, now moves within `path`.
    pub(crate) fn insert(&mut self, body: u32, turn: u32, path: &Aabb) {
        if self.cell == 0.0 {
            // Twice the first path's size: later paths of a frame are of a kind with it.
            let size = 2.0 * path.half_extents.max_element() * 2.0;
            self.cell = if size.is_finite() && size > 0.0 {
                size
            } else {
                1.0
            };
        }
        let entry = Entry {
            body,
            turn,
            next: END,
        };
        let Some(([x0, y0, x1, y1], cells)) = self.range(path) else {
            self.wide.push(entry);
            return;
        };
        if cells > MAX_CELLS {
            self.wide.push(entry);
            return;
        }
        for y in y0..=y1 {
            for x in x0..=x1 {
                let cell = self.cell_number(x, y);
                let head = &mut self.heads[cell as usize];
                self.entries.push(Entry {
                    next: *head,
                    ..entry
                });
                *head = (self.entries.len() - 1) as u32;
            }
        }
    }

    /// Writes into `out` every turned body whose current path may meet `area`, once each;
    /// `turns[body]` is each body's current turn count.
    pub(crate) fn near(&mut self, area: &Aabb, turns: &[(u32, u32)], out: &mut Vec<u32>) {
        self.listing(area, |e| turns[e.body as usize].0 == e.turn, out);
    }

    /// Writes into `out` every turned body whose path after any of its turns this frame may
    /// meet `area`, once each.
    pub(crate) fn near_any(&mut self, area: &Aabb, out: &mut Vec<u32>) {
        self.listing(area, |_| true, out);
    }

    /// Writes into `out` the bodies of the entries `keep` takes whose paths may meet `area`,
    /// once each.
    fn listing(&mut self, area: &Aabb, keep: impl Fn(&Entry) -> bool, out: &mut Vec<u32>) {
        self.query = self.query.wrapping_add(1);
        if self.query == 0 {
            self.listed.iter_mut().for_each(|l| *l = 0);
            self.query = 1;
        }
        let range = self.range(area);
        let (query, listed) = (self.query, &mut self.listed);
        let mut offer = |e: &Entry| {
            let b = e.body as usize;
            if keep(e) && listed[b] != query {
                listed[b] = query;
                out.push(e.body);
            }
        };
        self.wide.iter().for_each(&mut offer);
        if self.cell == 0.0 {
            return;
        }
        // A query over more cells than there are entries reads the entries instead.
        let most = self.entries.len() as i64 + MAX_CELLS;
        let Some(([x0, y0, x1, y1], _)) = range.filter(|r| r.1 <= most) else {
            self.entries.iter().for_each(&mut offer);
            return;
        };
        for y in y0..=y1 {
            for x in x0..=x1 {
                let Some(cell) = self.table.get(x, y, 0) else {
                    continue;
                };
                let mut i = self.heads[cell as usize];
                while i != END {
                    let e = self.entries[i as usize];
                    offer(&e);
                    i = e.next;
                }
            }
        }
    }

    /// The number of cell `(x, y)`, a new one (with no entry yet) when the cell is new.
    #[inline]
    fn cell_number(&mut self, x: i32, y: i32) -> u32 {
        let (number, new) = self.table.insert(x, y, 0, self.heads.len() as u32);
        if new {
            self.heads.push(END);
        }
        number
    }

    /// The cells `b` covers and how many, if `b` is finite.
    fn range(&self, b: &Aabb) -> Option<([i32; 4], i64)> {
        let lo = (b.min() / self.cell).floor();
        let hi = (b.max() / self.cell).floor();
        // `as` saturates: far-away ranges cover many cells and are kept apart by the callers.
        let [x0, y0, x1, y1] = [lo.x as i32, lo.y as i32, hi.x as i32, hi.y as i32];
        // Up to 2³² cells a side: the count saturates rather than wrap past `i64`.
        let cells =
            (i64::from(x1) - i64::from(x0) + 1).saturating_mul(i64::from(y1) - i64::from(y0) + 1);
        (lo.is_finite() && hi.is_finite()).then_some(([x0, y0, x1, y1], cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// A query box over every cell number along both axes (2⁶⁴ cells in all, which a count in
    /// `i64` cannot hold): it lists each body whose current path it meets, once, instead of
    /// overflowing (a panic in a debug build; in a release build a count that wrapped to
    /// nothing and a walk over every one of those cells).
    #[test]
    fn a_query_over_every_cell_lists_the_current_paths() {
        let mut index = TurnedIndex::default();
        index.begin(3, 3);
        index.insert(0, 1, &Aabb::new(Vec2::ZERO, Vec2::ONE));
        index.insert(1, 1, &Aabb::new(Vec2::splat(50.0), Vec2::ONE));
        // Body 0 has turned once since (so its path above is old); body 1 has not.
        index.insert(0, 2, &Aabb::new(Vec2::splat(-80.0), Vec2::ONE));
        let turns = [(2, 2), (1, 1), (0, 0)];
        for area in [
            Aabb::new(Vec2::ZERO, Vec2::splat(1e30)),
            Aabb::new(Vec2::splat(-1e30), Vec2::splat(3e30)),
        ] {
            let mut out = Vec::new();
            index.near(&area, &turns, &mut out);
            out.sort_unstable();
            assert_eq!(out, [0, 1], "{area:?}");
        }
    }
}
