//! The grid broad phase: a hierarchical uniform grid stored as a spatial hash.
//!
//! - [`numbering`]: which cell a coordinate falls in;
//! - [`cells`]: how the cells and their objects are stored, and reading them back;
//! - [`cell_size`]: the automatic cell size;
//! - [`build`]: the passes of `update` that file the objects into their cells;
//! - [`pairs`]: the pair loops;
//! - [`queries`]: boxes and segments;
//! - [`ray`]: the first-hit walk along a segment;
//! - [`ray_boxes`]: its box tests.

mod build;
mod cell_size;
mod cells;
mod numbering;
mod pairs;
mod queries;
mod ray;
mod ray_boxes;

use collide_core::Aabb;
use glam::Vec2;

use crate::broad_phase::limited;
use crate::{BroadPhase, Error, LevelCells, Proxy};
use cells::{Filed, Item, Level};

/// The most levels a grid has; the cells of level `k` are `2^k` base cells wide.
const MAX_LEVELS: usize = 20;
// `Grid::occupied` has a bit per level.
const _: () = assert!(MAX_LEVELS <= 32);
/// Base cells a box may span (by area) before it is kept aside: boxes up to 1 024 base cells
/// wide stay in the levels.
const DEFAULT_MAX_CELLS: u32 = 1 << 20;
/// The automatic cell size is derived again after this many updates (or sooner, when the
/// number of objects changes by more than an eighth or many boxes no longer fit the cells).
const RESAMPLE_EVERY: u32 = 16;

/// A hierarchical uniform grid stored as a spatial hash: an unbounded world, any coordinates,
/// any mix of sizes.
///
/// Each object is filed in exactly one cell: the cell of its minimum corner, on the lowest
/// level whose cells are large enough that the box spans at most two of them per axis (level
/// `k`'s cells are `2^k` base cells wide). Two overlapping objects of one level then sit in
/// the same or neighbouring cells, so the pairs of a level come from each cell against itself
/// and four of its eight neighbours, every pair once, with no per-frame set of seen pairs.
/// Objects of a higher level (the boss among the bullets) are tested against the cells of
/// each lower level their box reaches. Cells and their objects live in flat arrays (a
/// counting sort by cell), so a frame allocates nothing once the buffers have grown.
///
/// When a level's occupied cells form a compact rectangle (the usual playfield) they are
/// numbered densely and no hashing happens at all; far-apart objects fall back to a hash
/// table. A cell crowded with objects (a pool parked at one point) has them sorted by layers,
/// so that a run of them on layers that never interact with an object costs it one test.
///
/// The base cell size is fixed with [`with_cell_size`](Grid::with_cell_size), or derived from
/// the objects: the larger side of the biggest typical object (outliers more than four times
/// the upper quartile aside), but no less than half the average spacing between objects;
/// derived again every 16 updates or when the number of objects changes by more than an
/// eighth. A box too large for the levels allowed by
/// [`with_max_cells_per_proxy`](Grid::with_max_cells_per_proxy) (a level-sized trigger) is
/// kept in a side list and tested against every object instead.
#[derive(Clone, Debug)]
pub struct Grid {
    fixed_cell: Option<f32>,
    max_level: u32,
    /// The base cell size, one over each level's cell size, and where cell numbers start.
    cell: f32,
    inv: [f32; MAX_LEVELS],
    origin: Vec2,
    levels: Vec<Level>,
    /// Bit `k` is set when level `k` holds objects: the walk skips the empty levels.
    occupied: u32,
    /// Per proxy: its level and cell, then (`slots`) its slot or [`cells::SKIPPED`] /
    /// [`cells::LARGE`].
    filed: Vec<Filed>,
    slots: Vec<u32>,
    /// Per slot: start of its items; one extra at the end.
    starts: Vec<u32>,
    /// The objects of every cell, grouped by slot, levels one after the other.
    items: Vec<Item>,
    /// The objects too large for any level.
    large: Vec<Item>,
    /// In a frame with a crowd, where each item's run of items of one slot on the same layers
    /// ends ([`crate::layer_runs`]); empty otherwise.
    run_ends: Vec<u32>,
    /// The cells of every hashed level, each to its slot.
    table: LevelCells,
    scratch: Vec<f32>,
    /// Updates since the cell size was derived, and the object count it was derived for.
    cell_age: u32,
    cell_count_at: usize,
}

impl Default for Grid {
    fn default() -> Self {
        Self::new()
    }
}

impl Grid {
    /// A grid whose cell size is derived from the objects.
    #[must_use]
    pub fn new() -> Self {
        Self {
            fixed_cell: None,
            max_level: max_level(DEFAULT_MAX_CELLS),
            cell: 1.0,
            inv: [1.0; MAX_LEVELS],
            origin: Vec2::ZERO,
            levels: Vec::new(),
            occupied: 0,
            filed: Vec::new(),
            slots: Vec::new(),
            starts: Vec::new(),
            items: Vec::new(),
            large: Vec::new(),
            run_ends: Vec::new(),
            table: LevelCells::default(),
            scratch: Vec::new(),
            cell_age: RESAMPLE_EVERY,
            cell_count_at: 0,
        }
    }

    /// A grid with square base cells of side `cell_size`; a non-finite or non-positive size
    /// means "derive it from the objects".
    ///
    /// Cells are numbered up to 2²² (about four million) cells either way of the origin, here
    /// `(0, 0)`: objects farther out share the outermost cells, which costs tests, never
    /// pairs.
    #[must_use]
    pub fn with_cell_size(cell_size: f32) -> Self {
        let mut g = Self::new();
        g.fixed_cell = (cell_size.is_finite() && cell_size > 0.0).then_some(cell_size);
        g
    }

    /// Sets how many base cells one box may span (by area; at least 1) before it goes to the
    /// side list and is tested against every object.
    #[must_use]
    pub fn with_max_cells_per_proxy(mut self, max_cells: u32) -> Self {
        self.max_level = max_level(max_cells.max(1));
        self
    }

    /// The base cell size used by the last update.
    #[must_use]
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    /// How many boxes the last update kept aside as too large for the cells.
    #[must_use]
    pub fn large_count(&self) -> usize {
        self.large.len()
    }
}

/// The highest level a box may use when it may span `max_cells` base cells: level `k` boxes
/// span up to `4^k` of them.
fn max_level(max_cells: u32) -> u32 {
    ((31 - max_cells.leading_zeros()) / 2).min(MAX_LEVELS as u32 - 1)
}

impl BroadPhase for Grid {
    fn update(&mut self, proxies: &[Proxy]) {
        // The derived cell size only affects speed, never the pairs, so it is kept for a few
        // frames while the object count stays about the same.
        let n = proxies.len();
        if self.cell_age >= RESAMPLE_EVERY
            || n > self.cell_count_at + self.cell_count_at / 8
            || n < self.cell_count_at - self.cell_count_at / 8
            || self.large.len() > n / 16 + 8
        {
            self.choose_cells(proxies);
            self.cell_age = 0;
            self.cell_count_at = n;
        }
        self.cell_age += 1;
        self.build(proxies);
    }

    fn pairs_at_most(&mut self, limit: usize, out: &mut Vec<(u32, u32)>) -> Result<(), Error> {
        limited(out, limit, |out| self.find_pairs(limit, out))
    }

    fn query_aabb(&self, area: &Aabb, out: &mut Vec<u32>) {
        self.objects_in(area, out);
    }

    fn query_point(&self, point: Vec2, out: &mut Vec<u32>) {
        self.objects_at(point, out);
    }

    fn cast_segment(&self, from: Vec2, to: Vec2, out: &mut Vec<(f32, u32)>) {
        self.objects_on_segment(from, to, out);
    }

    fn cast_segment_until(
        &self,
        from: Vec2,
        to: Vec2,
        _scratch: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        self.walk_segment(from, to, visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BruteForce;
    use collide_core::Layers;

    fn lattice(spacing: f32, offset: Vec2) -> Vec<Proxy> {
        (0..400)
            .map(|i| {
                let c = offset + Vec2::new((i % 20) as f32, (i / 20) as f32) * spacing;
                let h = Vec2::splat(0.6 * spacing * (1.0 + (i % 3) as f32 * 0.3));
                Proxy::new(i, Aabb::new(c, h), Layers::ALL)
            })
            .collect()
    }

    fn check(proxies: &[Proxy], dense: bool) {
        let mut grid = Grid::new();
        let (mut got, mut want) = (Vec::new(), Vec::new());
        grid.update_pairs(proxies, &mut got);
        BruteForce::new().update_pairs(proxies, &mut want);
        got.sort_unstable();
        want.sort_unstable();
        assert!(!want.is_empty());
        assert_eq!(got, want);
        assert_eq!(grid.levels[0].dense, dense);
    }

    #[test]
    fn dense_and_hashed_layouts_agree_with_brute_force() {
        check(&lattice(10.0, Vec2::new(-100.0, -50.0)), true);
        // Two far-apart clusters: the occupied rectangle is mostly empty, so the hash is used.
        let mut far = lattice(10.0, Vec2::splat(-1.0e6));
        far.extend(lattice(10.0, Vec2::splat(1.0e6)).into_iter().map(|mut p| {
            p.id += 1000;
            p
        }));
        check(&far, false);
    }

    #[test]
    fn boxes_go_up_a_level_or_aside_by_size() {
        let mut grid = Grid::with_cell_size(10.0).with_max_cells_per_proxy(16);
        // Squares of these sides and centres, all holding the point (10.5, 10.5).
        let boxes = [
            (1.0, 10.5),
            (9.0, 10.5),
            (30.0, 10.5),
            (70.0, 16.0),
            (1000.0, 10.5),
        ]
        .map(|(side, centre)| {
            Proxy::new(
                side as u32,
                Aabb::new(Vec2::splat(centre), Vec2::splat(side / 2.0)),
                Layers::ALL,
            )
        });
        grid.update(&boxes);
        let counts: Vec<u32> = grid.levels.iter().map(|l| l.count).collect();
        // 16 base cells by area: levels 0 to 2 (cells 10, 20 and 40 wide, level k's cell j
        // centred on j·10·2ᵏ). The 30-wide box (−4.5 to 25.5) spans four cells of 10 and two
        // of 20, the 70-wide one (−19 to 51) three of 20 and two of 40, and the 1 000-wide one
        // fits no level.
        assert_eq!(counts, [2, 1, 1]);
        assert_eq!(grid.large_count(), 1);
        let mut pairs = Vec::new();
        grid.pairs(&mut pairs);
        assert_eq!(pairs.len(), 10, "all five overlap each other");
    }
}
