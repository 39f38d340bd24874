//! The shaped cells' own shapes, sized to the map's cells: a rectangle for a half tile, a hull
//! for a slope, kept in the map (a slope cell's obstacle borrows its hull from there).

use collide_core::{Hull, Rect, ShapeRef};
use glam::Vec2;

use super::TileShape;

/// The twelve slopes' hulls, centred on the cell's centre, in the order of their bytes; `None`
/// for a slope whose corners `f32` cannot hold apart as a hull on cells of that size (one
/// side some 10⁵ times the other, or subnormal), which is then the box of its outline.
///
/// On the heap: some 3 KiB that would otherwise make every `TileMap` (and every enum holding
/// one) that large to move.
#[derive(Clone, PartialEq)]
pub(crate) struct SlopeHulls {
    hulls: Box<[Option<Hull>; 12]>,
}

impl core::fmt::Debug for SlopeHulls {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SlopeHulls")
    }
}

impl SlopeHulls {
    /// The hulls for cells of `cell_size`.
    pub(crate) fn new(cell_size: Vec2) -> Self {
        let mut hulls = [None; 12];
        for shape in TileShape::SHAPED {
            let (Some(i), Some(outline)) = (shape.slope_index(), shape.outline()) else {
                continue;
            };
            let mut points = [Vec2::ZERO; 4];
            for (p, u) in points.iter_mut().zip(outline) {
                *p = (*u - 0.5) * cell_size;
            }
            hulls[i] = Hull::new(&points[..outline.len()]).ok();
        }
        Self {
            hulls: Box::new(hulls),
        }
    }

    /// The bytes it takes on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        core::mem::size_of::<[Option<Hull>; 12]>()
    }

    /// The hull of slope `i` ([`TileShape::slope_index`]), if it could be built.
    pub(crate) fn get(&self, i: usize) -> Option<&Hull> {
        self.hulls[i].as_ref()
    }
}

/// The shape of a cell of `shape` (not empty) and the offset of where it stands from the
/// cell's centre, for cells of `cell_size`: the cell's rectangle, a half of it, or a slope's
/// hull from `hulls`.
#[inline]
pub(crate) fn cell_shape(
    shape: TileShape,
    cell_size: Vec2,
    hulls: &SlopeHulls,
) -> (ShapeRef<'_>, Vec2) {
    let half = cell_size * 0.5;
    let quarter = cell_size * 0.25;
    let rect = |h: Vec2| ShapeRef::Rect(Rect { half_extents: h });
    match shape {
        TileShape::HalfTop => (
            rect(Vec2::new(half.x, quarter.y)),
            Vec2::new(0.0, quarter.y),
        ),
        TileShape::HalfBottom => (
            rect(Vec2::new(half.x, quarter.y)),
            Vec2::new(0.0, -quarter.y),
        ),
        TileShape::HalfLeft => (
            rect(Vec2::new(quarter.x, half.y)),
            Vec2::new(-quarter.x, 0.0),
        ),
        TileShape::HalfRight => (
            rect(Vec2::new(quarter.x, half.y)),
            Vec2::new(quarter.x, 0.0),
        ),
        other => match other.slope_index().map(|i| hulls.get(i)) {
            Some(Some(hull)) => (ShapeRef::Hull(hull), Vec2::ZERO),
            // A slope with no hull: the box of its outline.
            Some(None) => outline_box(other, cell_size),
            None => (rect(half), Vec2::ZERO),
        },
    }
}

/// The box of a shape's outline as a rectangle, and its centre's offset from the cell's.
fn outline_box(shape: TileShape, cell_size: Vec2) -> (ShapeRef<'static>, Vec2) {
    let outline = shape.outline().unwrap_or(&[Vec2::ZERO, Vec2::ONE]);
    let lo = outline.iter().fold(Vec2::ONE, |m, p| m.min(*p));
    let hi = outline.iter().fold(Vec2::ZERO, |m, p| m.max(*p));
    let half_extents = (hi - lo) * 0.5 * cell_size;
    let offset = ((lo + hi) * 0.5 - 0.5) * cell_size;
    (ShapeRef::Rect(Rect { half_extents }), offset)
}
