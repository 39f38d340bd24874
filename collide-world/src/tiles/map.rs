//! The [`TileMap`] itself: a rectangle of cells, one byte each, and where it lies in the world.

use collide_core::{Layers, Pose, ShapeRef};
use glam::Vec2;

use super::hulls::{cell_shape, SlopeHulls};
use super::limits::check;
use super::scan::Blocks;
use super::shape::is_shaped;
use super::TileShape;
use crate::Error;

/// A rectangle of `width × height` square-or-rectangular cells, one byte a cell: empty (`0`),
/// a shaped cell (a half tile, a slope or a one-way platform: the bytes `0xE0`–`0xF0`, see
/// [`TileShape`]), or solid, with a value the game may use (a material, a layer: every other
/// byte). [`TileMap::from_rows`] draws them a character each.
///
/// Cell `(x, y)` covers the world box from `origin + (x, y) · cell_size` to
/// `origin + (x + 1, y + 1) · cell_size`: `x` grows with world x and `y` with world y, so with
/// y up (as in a platformer) row `0` is the bottom row. [`TileMap::from_rows`] follows that
/// convention: its first text row is the top of the map and its last the floor.
///
/// Neighbouring cells share their edge exactly (both are computed as `origin + i · cell_size`),
/// and the face between two solid cells is internal: no query on the map ever reports a hit,
/// a contact or a normal on it, so nothing catches on the seams between tiles (see
/// [`face_normal`](Self::face_normal) for the rule).
///
/// **Memory.** A byte per cell and a bit per 16 × 16 block of cells (whether it holds a solid
/// cell, for the casts to skip empty space): a 4 096 × 4 096 map takes 16 MiB and 8 KiB on
/// the heap ([`heap_bytes`](Self::heap_bytes)), and the twelve slopes' hulls, sized to its
/// cells, which slope cells' obstacles borrow (about 3 KiB, on the heap too). (On cells so narrow that `f32` cannot hold a slope's corners apart, one side some
/// 10⁵ times the other, a slope cell is the box of its outline.)
///
/// ```
/// use collide_world::{TileCell, TileMap};
/// use glam::Vec2;
///
/// // Two rows: a floor under a gap with one tile in it. y grows upwards.
/// let map = TileMap::from_rows(&["..#.", "####"], Vec2::splat(16.0), Vec2::ZERO)?;
/// assert_eq!((map.width(), map.height()), (4, 2));
/// assert_eq!(map.get(2, 1), Some(1)); // the top row is y = 1
/// assert_eq!(map.get(0, 1), Some(0));
/// assert_eq!(map.cell_at(Vec2::new(40.0, 20.0)), Some(TileCell::new(2, 1)));
/// assert_eq!(map.cell_min(1, 1), Vec2::new(16.0, 16.0));
/// # Ok::<(), collide_world::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TileMap {
    width: u32,
    height: u32,
    cell_size: Vec2,
    /// `1 / cell_size`, for the queries to find cells with a product, not a quotient.
    inverse: Vec2,
    /// How far, in cells, such a product may lie from the exact quotient (see [`reach`]).
    reach: Vec2,
    origin: Vec2,
    layers: Layers,
    /// Row-major, row `y = 0` first.
    pub(super) cells: Vec<u8>,
    /// Which blocks of cells hold a solid cell, for the casts to skip empty runs.
    blocks: Blocks,
    /// How many cells are shaped: with none, every query takes its path for whole cells.
    pub(super) shaped: usize,
    /// The slopes' hulls, sized to the cells, that slope cells' obstacles borrow.
    pub(super) hulls: SlopeHulls,
    /// The side one-way cells block from: an axis, `+y` unless set.
    one_way_up: Vec2,
    /// The sensor cells' bytes, row-major as `cells` (empty until a value is made a sensor):
    /// a sensor cell is empty in `cells`, so that no solid query sees it.
    pub(super) sensors: Vec<u8>,
    /// Which byte values are sensors, a bit each.
    pub(super) sensor_values: [u64; 4],
    /// How many cells are sensors: with none, `near` lists no sensor cell.
    pub(super) sensor_cells: usize,
}

/// A cell of a [`TileMap`]: its column `x` and its row `y`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileCell {
    /// The column, from the left.
    pub x: u32,
    /// The row, from `y = 0` (the bottom when y grows upwards).
    pub y: u32,
}

impl TileCell {
    /// The cell in column `x`, row `y`.
    #[must_use]
    pub const fn new(x: u32, y: u32) -> Self {
        Self { x, y }
    }
}

impl TileMap {
    /// The most cells a side: cell corners stay exact in `f32` up to 2^24 cells from the
    /// origin, and 65 536 keeps every cell index well inside a `u32`.
    pub const MAX_SIDE: u32 = 1 << 16;

    /// The most cells in all: 2^28, a map of 256 MiB (a byte a cell) and some 128 KiB (a bit
    /// per 16 × 16 block).
    pub const MAX_CELLS: usize = 1 << 28;

    /// The farthest from the origin any coordinate of a map may lie, along either axis:
    /// 2^63, about 9.2e18. Far inside the `f32` range, so that sums and products of two of
    /// the map's coordinates (a box's centre, a sweep's margins) stay finite.
    pub const MAX_COORD: f32 = 9_223_372_036_854_775_808.0;

    /// A map whose cell `(x, y)` holds `value(x, y)` (`0` empty, else solid).
    ///
    /// # Errors
    ///
    /// [`Error::TileMapSize`] when a side is `0` or over [`MAX_SIDE`](Self::MAX_SIDE), or the
    /// map has more than [`MAX_CELLS`](Self::MAX_CELLS) cells; [`Error::TileMapGeometry`] when
    /// `cell_size` is not finite and positive, or `origin` or the far corner not finite;
    /// [`Error::TileMapPrecision`] when `f32` cannot hold the map's cells apart: a coordinate
    /// of the map (its origin or its far corner, `origin + (width, height) · cell_size`) lies
    /// beyond [`MAX_COORD`](Self::MAX_COORD), or a cell is less than four ulps across of the
    /// largest coordinate the map reaches along that axis (the spacing of `f32` values
    /// there). Four ulps keep every cell corner distinct from its neighbours, with rounding
    /// to spare: a cell size of 0.25 is accepted up to 2^20 (about a million) from the
    /// origin, 16 up to 2^26.
    pub fn from_fn(
        width: u32,
        height: u32,
        cell_size: Vec2,
        origin: Vec2,
        mut value: impl FnMut(u32, u32) -> u8,
    ) -> Result<Self, Error> {
        check(width, height, cell_size, origin)?;
        let mut cells = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height {
            for x in 0..width {
                cells.push(value(x, y));
            }
        }
        Self::assemble(width, height, cell_size, origin, cells)
    }

    /// A map from its cells, row-major with row `y = 0` first (`cells[y · width + x]`).
    ///
    /// # Errors
    ///
    /// As [`from_fn`](Self::from_fn), and [`Error::TileMapSize`] when `cells` does not hold
    /// exactly `width × height` values.
    pub fn from_cells(
        width: u32,
        height: u32,
        cells: &[u8],
        cell_size: Vec2,
        origin: Vec2,
    ) -> Result<Self, Error> {
        check(width, height, cell_size, origin)?;
        if cells.len() != width as usize * height as usize {
            return Err(Error::TileMapSize);
        }
        Self::assemble(width, height, cell_size, origin, cells.to_vec())
    }

    /// The map of these (checked) sizes and cells.
    pub(super) fn assemble(
        width: u32,
        height: u32,
        cell_size: Vec2,
        origin: Vec2,
        cells: Vec<u8>,
    ) -> Result<Self, Error> {
        Ok(Self {
            width,
            height,
            cell_size,
            inverse: cell_size.recip(),
            reach: reach(width, height, cell_size.recip(), origin),
            origin,
            layers: Layers::ALL,
            one_way_up: Vec2::Y,
            blocks: Blocks::new(width, height, &cells),
            shaped: cells.iter().filter(|&&c| is_shaped(c)).count(),
            hulls: SlopeHulls::new(cell_size),
            cells,
            sensors: Vec::new(),
            sensor_values: [0; 4],
            sensor_cells: 0,
        })
    }

    /// The hull of slope `i` ([`TileShape`]'s slopes in the order of their bytes), if the
    /// cells are not too narrow for one.
    pub(crate) fn slope_hull(&self, i: usize) -> Option<&collide_core::Hull> {
        self.hulls.get(i)
    }

    /// Whether any cell is shaped (not empty, not plain solid).
    #[inline(always)]
    pub(crate) fn has_shapes(&self) -> bool {
        self.shaped != 0
    }

    /// Which blocks of cells hold a solid cell.
    pub(crate) fn blocks(&self) -> &Blocks {
        &self.blocks
    }

    pub(crate) fn blocks_mut(&mut self) -> &mut Blocks {
        &mut self.blocks
    }

    /// The bytes the map holds on the heap: its cells' buffer (a byte a cell), its block
    /// bits (a bit per 16 × 16 block, packed in 64-bit words) and its slope hulls. Queries and
    /// [`set`](Self::set) never change it.
    ///
    /// ```
    /// use collide_world::TileMap;
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_fn(256, 128, Vec2::ONE, Vec2::ZERO, |_, y| u8::from(y == 0))?;
    /// // 32 768 cell bytes, the bits of 16 × 8 blocks in two 64-bit words, and some 3 KiB of
    /// // slope hulls.
    /// let hulls = map.heap_bytes() - (256 * 128 + 16);
    /// assert!(hulls > 0 && hulls < 4096);
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity()
            + self.blocks.heap_bytes()
            + self.hulls.heap_bytes()
            + self.sensors.capacity()
    }

    /// The number of columns.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The size of one cell in world units.
    #[must_use]
    pub fn cell_size(&self) -> Vec2 {
        self.cell_size
    }

    /// The world position of cell `(0, 0)`'s minimum corner.
    #[must_use]
    pub fn origin(&self) -> Vec2 {
        self.origin
    }

    /// The layers every cell is on, for [`Obstacles`](crate::Obstacles) (default
    /// [`Layers::ALL`]).
    #[must_use]
    pub fn layers(&self) -> Layers {
        self.layers
    }

    /// Puts every cell on `layers`.
    pub fn set_layers(&mut self, layers: Layers) {
        self.layers = layers;
    }

    /// The side one-way cells ([`TileShape::OneWayTop`]) block from: the unit axis out of
    /// the face a body lands on (`Vec2::Y` unless set).
    #[must_use]
    pub fn one_way_up(&self) -> Vec2 {
        self.one_way_up
    }

    /// Makes one-way cells block from the cell face nearest `up` (an axis: a game with y
    /// down gives `Vec2::NEG_Y`, so its one-way tops are the faces at the top of the screen).
    /// Answers `false`, changing nothing, for an `up` with no direction (zero or not finite).
    pub fn set_one_way_up(&mut self, up: Vec2) -> bool {
        if !up.is_finite() || up == Vec2::ZERO {
            return false;
        }
        self.one_way_up = if up.x.abs() > up.y.abs() {
            Vec2::new(up.x.signum(), 0.0)
        } else {
            Vec2::new(0.0, up.y.signum())
        };
        true
    }

    /// Every cell's value, row-major with row `y = 0` first (a sensor cell reads `0`, see
    /// [`sensor`](Self::sensor)).
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of cell `(x, y)`, or `None` outside the map. A sensor cell reads `0` here,
    /// as every solid query sees it (its value: [`sensor`](Self::sensor)).
    #[must_use]
    pub fn get(&self, x: u32, y: u32) -> Option<u8> {
        (x < self.width && y < self.height).then(|| self.cells[self.index(x, y)])
    }

    /// The shape of cell `(x, y)` (see [`TileShape`] for what each byte means), or `None`
    /// outside the map.
    #[must_use]
    pub fn shape(&self, x: u32, y: u32) -> Option<TileShape> {
        self.get(x, y).map(TileShape::from_byte)
    }

    /// The exact shape of cell `(x, y)` and where it stands (the shape the map's
    /// [`Obstacles`](crate::Obstacles) give it): the cell's rectangle at its
    /// [`cell_center`](Self::cell_center) for a solid or one-way cell, half of it for a half
    /// tile, a hull kept in the map for a slope; `None` for an empty cell or one outside.
    #[must_use]
    pub fn cell_shape(&self, x: u32, y: u32) -> Option<(ShapeRef<'_>, Pose)> {
        let byte = self.get(x, y).filter(|&b| b != 0)?;
        let center = self.cell_center(x, y);
        if !is_shaped(byte) {
            return Some((
                ShapeRef::Rect(self.cell_rect()),
                Pose::from_position(center),
            ));
        }
        let (shape, offset) = cell_shape(TileShape::from_byte(byte), self.cell_size, &self.hulls);
        Some((shape, Pose::from_position(center + offset)))
    }

    /// Whether cell `(x, y)` is in the map and not empty (solid or shaped; a sensor cell is
    /// empty to every solid query).
    #[must_use]
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.cells[self.index(x, y)] != 0
    }

    /// Gives cell `(x, y)` a new value (`0` empties it, see [`TileShape`] for the others) and
    /// returns the old one. A value made a sensor ([`set_sensor_value`](Self::set_sensor_value))
    /// makes it a sensor cell.
    ///
    /// Emptying a solid cell looks at the other cells of its 16 × 16 block (32 words of
    /// bytes), to clear the block's bit when it was the last solid one; other changes cost a
    /// byte and a bit. Allocation-free.
    ///
    /// # Errors
    ///
    /// [`Error::OutsideTileMap`] when the cell is not in the map.
    pub fn set(&mut self, x: u32, y: u32, value: u8) -> Result<u8, Error> {
        if x >= self.width || y >= self.height {
            return Err(Error::OutsideTileMap);
        }
        let i = self.index(x, y);
        let (solid, old_sensor) = self.put_sensor(i, value);
        let old = core::mem::replace(&mut self.cells[i], solid);
        let (old, value) = (old.max(old_sensor), solid);
        self.shaped = self.shaped + usize::from(is_shaped(value)) - usize::from(is_shaped(old));
        if (old != 0) != (value != 0) {
            self.update_block(x, y);
        }
        Ok(old)
    }

    /// The index of cell `(x, y)` in [`cells`](Self::cells), `y · width + x` (the id the
    /// map's [`Obstacles`](crate::Obstacles) give it). A cell outside the map has no index
    /// there; it gets the same sum, saturating at `u32::MAX` rather than overflowing.
    #[must_use]
    pub fn cell_index(&self, x: u32, y: u32) -> u32 {
        y.saturating_mul(self.width).saturating_add(x)
    }

    /// The cell with this [`cell_index`](Self::cell_index).
    #[must_use]
    pub fn cell_of_index(&self, index: u32) -> TileCell {
        TileCell::new(index % self.width, index / self.width)
    }

    /// `1 / cell_size`, for the queries to find cells with a product, not a quotient.
    pub(crate) fn inverse(&self) -> Vec2 {
        self.inverse
    }

    /// How far, in cells, such a product may lie from the exact quotient (see [`reach`]).
    pub(crate) fn reach_margin(&self) -> Vec2 {
        self.reach
    }

    pub(super) fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }
}

/// How far, in cells, `u = (v − origin) · inverse` (`inverse` the rounded `1 / size`) may lie
/// from the exact quotient, for a coordinate `v` within a cell of the map (farther out, the
/// box is off the map or clamped to its edge by more than its rounding): an ulp or so of
/// `|v − origin| / size` (the subtraction) and of `|u|` (the reciprocal and the product).
/// There `|v| ≤ |origin| + size · (cells + 1)`, so twice the origin in cells plus the map's
/// cells, and one, bound both; eight ulps of that (the one within the millionth of a cell
/// added) is the margin, worked out once for the map.
fn reach(width: u32, height: u32, inverse: Vec2, origin: Vec2) -> Vec2 {
    let cells = Vec2::new(width as f32, height as f32);
    (2.0 * origin.abs() * inverse + cells) * (8.0 * f32::EPSILON) + Vec2::splat(1e-6)
}

#[cfg(test)]
mod tests {
    use super::super::scan::BLOCK;
    use super::*;

    #[test]
    fn bad_sizes_and_geometry_are_errors() {
        let ok = Vec2::ONE;
        let none = |_, _| 0;
        assert_eq!(
            TileMap::from_fn(0, 4, ok, Vec2::ZERO, none),
            Err(Error::TileMapSize)
        );
        assert_eq!(
            TileMap::from_fn(4, 0, ok, Vec2::ZERO, none),
            Err(Error::TileMapSize)
        );
        let huge = TileMap::MAX_SIDE + 1;
        assert_eq!(
            TileMap::from_fn(huge, 1, ok, Vec2::ZERO, none),
            Err(Error::TileMapSize)
        );
        let side = TileMap::MAX_SIDE;
        assert_eq!(
            TileMap::from_fn(side, side, ok, Vec2::ZERO, none),
            Err(Error::TileMapSize)
        );
        for (size, origin) in [
            (Vec2::new(0.0, 1.0), Vec2::ZERO),
            (Vec2::new(1.0, -1.0), Vec2::ZERO),
            (Vec2::new(f32::NAN, 1.0), Vec2::ZERO),
            (Vec2::new(f32::INFINITY, 1.0), Vec2::ZERO),
            (ok, Vec2::new(0.0, f32::NAN)),
            (Vec2::splat(1e38), Vec2::ZERO),
        ] {
            assert_eq!(
                TileMap::from_fn(4, 4, size, origin, none),
                Err(Error::TileMapGeometry),
                "{size} {origin}"
            );
        }
        assert_eq!(
            TileMap::from_cells(2, 2, &[0; 3], ok, Vec2::ZERO),
            Err(Error::TileMapSize)
        );
        assert_eq!(
            TileMap::from_rows(&["#.", "#"], ok, Vec2::ZERO),
            Err(Error::TileMapSize)
        );
        assert_eq!(
            TileMap::from_rows(&["#.", "#.x"], ok, Vec2::ZERO),
            Err(Error::TileMapText { row: 1, column: 2 })
        );
        assert_eq!(
            TileMap::from_rows(&[], ok, Vec2::ZERO),
            Err(Error::TileMapSize)
        );
    }

    #[test]
    fn text_rows_run_from_the_top_down() {
        let map =
            TileMap::from_rows(&["3..", "#.#"], Vec2::new(2.0, 4.0), Vec2::new(-1.0, 1.0)).unwrap();
        assert_eq!(map.cells(), &[1, 0, 1, 3, 0, 0]);
        assert_eq!(map.get(0, 1), Some(3));
        assert_eq!(map.get(3, 0), None);
        assert_eq!(map.cell_min(1, 1), Vec2::new(1.0, 5.0));
        assert_eq!(map.cell_center(0, 0), Vec2::new(0.0, 3.0));
        assert_eq!(map.bounds().max(), Vec2::new(5.0, 9.0));
        assert_eq!(map.cell_at(Vec2::new(1.0, 5.0)), Some(TileCell::new(1, 1)));
        assert_eq!(map.cell_at(Vec2::new(5.0, 5.0)), None);
        assert_eq!(map.cell_at(Vec2::new(f32::NAN, 5.0)), None);
        let i = map.cell_index(2, 1);
        assert_eq!((i, map.cell_of_index(i)), (5, TileCell::new(2, 1)));
    }

    #[test]
    fn set_changes_one_cell_and_refuses_outside() {
        let mut map = TileMap::from_fn(3, 2, Vec2::ONE, Vec2::ZERO, |x, y| (x + y) as u8).unwrap();
        assert_eq!(map.set(2, 1, 0), Ok(3));
        assert!(!map.is_solid(2, 1));
        assert!(map.is_solid(1, 1));
        assert_eq!(map.set(3, 0, 1), Err(Error::OutsideTileMap));
    }

    #[test]
    fn a_4096_square_map_holds_a_byte_a_cell_and_a_negligible_summary() {
        let side = 4096;
        let cells = side as usize * side as usize;
        // A byte a cell, and at most a 1 024th of a byte a cell besides.
        let most = (16 << 20) + cells / 1024;
        let level = |x: u32, y: u32| u8::from(y < 2 || (x % 16 == 12 && y < 6));
        let mut map = TileMap::from_fn(side, side, Vec2::ONE, Vec2::ZERO, level).unwrap();
        assert!(map.heap_bytes() >= cells, "the cells are counted");
        assert!(map.heap_bytes() <= most, "{} bytes", map.heap_bytes());
        let copy = TileMap::from_cells(side, side, map.cells(), Vec2::ONE, Vec2::ZERO).unwrap();
        assert_eq!(copy.heap_bytes(), map.heap_bytes());
        // Setting cells never grows the map.
        let before = map.heap_bytes();
        for i in 0..1_000 {
            map.set(i * 4 % side, i * 7 % side, (i % 3) as u8).unwrap();
        }
        assert_eq!(map.heap_bytes(), before);
    }

    #[test]
    fn block_bits_are_packed_across_rows() {
        // Narrow and flat maps too: the block bits take a bit per block, rounded up to whole
        // 64-bit words over the whole map, not per row of blocks.
        for (w, h) in [(1, 1), (1, 1 << 16), (1 << 16, 1), (33, 31), (100, 3_000)] {
            let map = TileMap::from_fn(w, h, Vec2::ONE, Vec2::ZERO, |x, _| u8::from(x == 0));
            let map = map.unwrap();
            let blocks = w.div_ceil(BLOCK) as usize * h.div_ceil(BLOCK) as usize;
            let bits_bytes = blocks.div_ceil(64) * 8;
            let hulls = core::mem::size_of::<[Option<collide_core::Hull>; 12]>();
            assert_eq!(
                map.heap_bytes(),
                w as usize * h as usize + bits_bytes + hulls,
                "{w}×{h}"
            );
        }
    }
}
