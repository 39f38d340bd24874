//! The occupied cells of one [`CellIndex`](super::index) level whose bodies lie in a
//! few long strips (a floor and a wall across a large level): too spread for a dense table of
//! every cell, but on few rows and columns.
//!
//! The cells are listed row by row and column by column, each line as runs of neighbouring
//! occupied cells, and each run keeps how far its items' boxes reach across the line. A query
//! reads the lines it crosses along whichever of its sides is shorter, and skips a run whose
//! items all lie beside it: a body's long, thin path along a floor reads a run or two and no
//! box, not every cell it covers.

use glam::Vec2;

/// The most cells of one run: what its reach across the line is kept for, so that a bump in a
/// floor only stops the query from skipping the runs around it.
const RUN_CELLS: u32 = 16;

/// Neighbouring occupied cells on one line.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The first cell's coordinate along the line, and the last one's.
    start: i32,
    last: i32,
    /// Where the cells' numbers start in [`Lines::numbers`].
    first: u32,
    /// The lowest and highest coordinate across the line that the cells' items reach.
    across: [f32; 2],
}

/// The cells of one direction: rows (cells along x, one line per y) or columns.
#[derive(Clone, Debug)]
struct Lines {
    /// The first line's coordinate.
    origin: i64,
    /// Line `l`'s runs are `runs[offsets[l]..offsets[l + 1]]`.
    offsets: Vec<u32>,
    runs: Vec<Run>,
    /// The cells' numbers, line by line and in order along each line.
    numbers: Vec<u32>,
}

impl Lines {
    /// The lines `origin..origin + count` of `cells` (`(line, along, number, across)`, sorted
    /// by line and then along it; `across` the reach of the cell's items across its line).
    fn new(origin: i32, count: usize, cells: &[(i32, i32, u32, [f32; 2])]) -> Self {
        let mut lines = Self {
            origin: origin.into(),
            offsets: vec![0; count + 1],
            runs: Vec::new(),
            numbers: Vec::with_capacity(cells.len()),
        };
        for (i, &(line, along, number, across)) in cells.iter().enumerate() {
            let extends = i > 0 && {
                let (last_line, last_along, ..) = cells[i - 1];
                let run = &lines.runs[lines.runs.len() - 1];
                last_line == line
                    && i64::from(last_along) + 1 == i64::from(along)
                    && i64::from(run.last) - i64::from(run.start) + 1 < i64::from(RUN_CELLS)
            };
            if extends {
                let run = lines.runs.last_mut().unwrap_or_else(|| unreachable!());
                run.last = along;
                run.across = [run.across[0].min(across[0]), run.across[1].max(across[1])];
            } else {
                lines.offsets[(i64::from(line) - i64::from(origin)) as usize + 1] += 1;
                lines.runs.push(Run {
                    start: along,
                    last: along,
                    first: i as u32,
                    across,
                });
            }
            lines.numbers.push(number);
        }
        for l in 1..lines.offsets.len() {
            lines.offsets[l] += lines.offsets[l - 1];
        }
        lines
    }

    /// Widens the reach across its line of the run holding cell `along` of line `line` (an
    /// occupied cell) to `low..=high`.
    fn widen(&mut self, line: i32, along: i32, [low, high]: [f32; 2]) {
        let Ok(l) = usize::try_from(i64::from(line) - self.origin) else {
            return;
        };
        let Some(&[from, to]) = self.offsets.get(l..l + 2) else {
            return;
        };
        let runs = &mut self.runs[from as usize..to as usize];
        let at = first_reaching(runs, along.into());
        if let Some(run) = runs.get_mut(at) {
            run.across = [run.across[0].min(low), run.across[1].max(high)];
        }
    }

    /// Calls `each` with the numbers of the cells of lines `lines` whose coordinate along them
    /// is in `along`, a slice of one run at a time, skipping the runs whose reach across the
    /// lines misses `across`.
    #[inline]
    fn visit(
        &self,
        [first, last]: [i64; 2],
        [from, to]: [i64; 2],
        [low, high]: [f32; 2],
        mut each: impl FnMut(&[u32]),
    ) {
        let count = self.offsets.len() as i64 - 1;
        let (first, last) = (
            (first - self.origin).max(0),
            (last - self.origin).min(count - 1),
        );
        for l in first..=last {
            let l = l as usize;
            let runs = &self.runs[self.offsets[l] as usize..self.offsets[l + 1] as usize];
            let end = |r: &Run| i64::from(r.last);
            let skip = first_reaching(runs, from);
            for r in runs[skip..].iter().take_while(|r| i64::from(r.start) <= to) {
                if r.across[0] > high || r.across[1] < low {
                    continue; // every item of the run lies beside the query
                }
                let (a, b) = (from.max(r.start.into()), to.min(end(r)));
                let (a, b) = (
                    (a - i64::from(r.start)) as usize,
                    (b - i64::from(r.start)) as usize,
                );
                let first = r.first as usize;
                each(&self.numbers[first + a..=first + b]);
            }
        }
    }
}

/// The first of `runs` (in order along their line) whose last cell is at `from` or beyond.
///
/// A line without gaps (a floor of tiles) is runs of [`RUN_CELLS`] cells each, one after
/// another: the run that many cells from the first is tried first, and the runs are searched
/// only when it is not the one.
#[inline]
fn first_reaching(runs: &[Run], from: i64) -> usize {
    let reaches = |r: &Run| i64::from(r.last) >= from;
    if let Some(start) = runs.first().map(|r| i64::from(r.start)) {
        let guess = ((from - start) / i64::from(RUN_CELLS)).clamp(0, runs.len() as i64 - 1);
        let guess = guess as usize;
        if reaches(&runs[guess]) && (guess == 0 || !reaches(&runs[guess - 1])) {
            return guess;
        }
    }
    runs.partition_point(|r| !reaches(r))
}

/// A level's occupied cells by row and by column. Cells are numbered in the order of their
/// rows and, within a row, of their columns (the order of the level's items), so the cells of
/// a row that a query covers are one range of numbers.
#[derive(Clone, Debug)]
pub(crate) struct SparseCells {
    rows: Lines,
    columns: Lines,
}

impl SparseCells {
    /// The table of `cells` (`([x, y], number, [min, max])`: each occupied cell once, sorted by
    /// row and then column, with the box around its items), which lie in `lo..=hi`.
    pub fn new(cells: &[([i32; 2], u32, [Vec2; 2])], lo: [i32; 2], hi: [i32; 2]) -> Self {
        let lines = |k: usize| (i64::from(hi[k]) - i64::from(lo[k]) + 1) as usize;
        let by_row: Vec<_> = cells
            .iter()
            .map(|&([x, y], n, [min, max])| (y, x, n, [min.y, max.y]))
            .collect();
        let mut by_column: Vec<_> = cells
            .iter()
            .map(|&([x, y], n, [min, max])| (x, y, n, [min.x, max.x]))
            .collect();
        by_column.sort_unstable_by_key(|&(x, y, ..)| (x, y));
        Self {
            rows: Lines::new(lo[1], lines(1), &by_row),
            columns: Lines::new(lo[0], lines(0), &by_column),
        }
    }

    /// Widens the reach of the runs holding the occupied cell `[x, y]` to the box `[min, max]`
    /// of an item of it that moved within it.
    pub fn widen(&mut self, [x, y]: [i32; 2], [min, max]: [Vec2; 2]) {
        self.rows.widen(y, x, [min.y, max.y]);
        self.columns.widen(x, y, [min.x, max.x]);
    }

    /// How many rows and columns a level spanning `lo..=hi` would keep, as a count of entries
    /// (`u64`, as the span may exceed `usize` on 32-bit targets).
    pub fn lines(lo: [i32; 2], hi: [i32; 2]) -> u64 {
        (0..2)
            .map(|k| (i64::from(hi[k]) - i64::from(lo[k]) + 1) as u64)
            .sum()
    }

    /// Calls `run` with every range of numbers (`from..to`) of the occupied cells in columns
    /// `x0..=x1` and rows `y0..=y1` whose items may touch the box `lo..=hi`, each cell once.
    #[inline]
    pub fn visit(
        &self,
        ([x0, y0], [x1, y1]): ([i64; 2], [i64; 2]),
        (lo, hi): (Vec2, Vec2),
        mut run: impl FnMut(u32, u32),
    ) {
        if y1 - y0 <= x1 - x0 {
            // Row by row: a row's cells are numbered one after another.
            self.rows.visit([y0, y1], [x0, x1], [lo.y, hi.y], |cells| {
                run(cells[0], cells[cells.len() - 1] + 1);
            });
        } else {
            self.columns
                .visit([x0, x1], [y0, y1], [lo.x, hi.x], |cells| {
                    for &n in cells {
                        run(n, n + 1);
                    }
                });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_testkit::SplitMix64;

    /// The runs of seeded lines, without gaps (where the first guess holds), with a few and
    /// with many, near and far from 0: the first run reaching each cell, and beyond both
    /// ends, is the one a search of every run finds.
    #[test]
    fn the_first_run_reaching_a_cell_is_the_one_a_search_finds() {
        let mut rng = SplitMix64::new(0x5A5E);
        for (line, gaps) in [0.0, 0.02, 0.3, 0.0, 0.05].into_iter().enumerate() {
            let start = [0, -37, 1_000_000, -2_000_000_000, 5][line];
            let cells: Vec<(i32, i32, u32, [f32; 2])> = (0..700)
                .filter(|_| rng.unit() >= gaps)
                .enumerate()
                .map(|(n, k)| (0, start + k, n as u32, [0.0, 1.0]))
                .collect();
            let lines = Lines::new(0, 1, &cells);
            let runs = &lines.runs[..];
            assert!(runs.len() > 40, "line {line}: {} runs", runs.len());
            let (first, last) = (i64::from(start), i64::from(cells[cells.len() - 1].1));
            for from in first - 40..=last + 40 {
                let searched = runs.partition_point(|r| i64::from(r.last) < from);
                assert_eq!(
                    first_reaching(runs, from),
                    searched,
                    "line {line}, cell {from}"
                );
            }
        }
        assert_eq!(first_reaching(&[], 3), 0, "no runs: none reaches");
    }
}
