//! The shaped cells' own shapes, sized to the map's cells: a rectangle for a half tile, a hull
//! for a slope, kept in the map (a slope cell's obstacle borrows its hull from there).

use collide_core::{Hull, Rect, ShapeRef};
use glam::Vec2;

use super::TileShape;
use crate::Error;

/// The twelve slopes' hulls, centred on the cell's centre, in the order of their bytes.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct SlopeHulls {
    hulls: [Hull; 12],
}

impl core::fmt::Debug for SlopeHulls {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SlopeHulls")
    }
}

impl SlopeHulls {
    /// The hulls for cells of `cell_size`.
    ///
    /// # Errors
    ///
    /// [`Error::TileMapGeometry`] when a hull of that size cannot be built (a cell too small
    /// for `f32` to hold a slope's corners apart).
    pub(crate) fn new(cell_size: Vec2) -> Result<Self, Error> {
        let mut hulls =
            [Hull::from_half_extents(Vec2::ONE).map_err(|_| Error::TileMapGeometry)?; 12];
        for shape in TileShape::SHAPED {
            let (Some(i), Some(outline)) = (shape.slope_index(), shape.outline()) else {
                continue;
            };
            let mut points = [Vec2::ZERO; 4];
            for (p, u) in points.iter_mut().zip(outline) {
                *p = (*u - 0.5) * cell_size;
            }
            hulls[i] = Hull::new(&points[..outline.len()]).map_err(|_| Error::TileMapGeometry)?;
        }
        Ok(Self { hulls })
    }

    /// The hull of slope `i` ([`TileShape::slope_index`]).
    pub(crate) fn get(&self, i: usize) -> &Hull {
        &self.hulls[i]
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
        other => match other.slope_index() {
            Some(i) => (ShapeRef::Hull(hulls.get(i)), Vec2::ZERO),
            None => (rect(half), Vec2::ZERO),
        },
    }
}
