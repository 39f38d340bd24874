//! A tile's collision objects, turned as the cell's flip bits say, into the byte of the tile
//! shape collide has for them.

use collide_world::TileShape;
use glam::Vec2;

use super::model::{Object, ObjectKind};
use crate::axis::YAxis;
use crate::outline::shape_of_outline;

/// The flip bits of a global tile id: flipped across x, across y, and across the diagonal.
pub(crate) const FLIP_X: u32 = 0x8000_0000;
/// Flipped upside down.
pub(crate) const FLIP_Y: u32 = 0x4000_0000;
/// Flipped across the top-left to bottom-right diagonal (x and y swapped).
pub(crate) const FLIP_DIAGONAL: u32 = 0x2000_0000;
/// Every bit of a global tile id that is not the id (the three flips, and hexagonal maps'
/// 120° turn).
pub(crate) const FLAGS: u32 = 0xF000_0000;

/// The byte of a cell holding a tile with these collision `objects` (in the tile's pixels,
/// the tile `tile_size` across), drawn with the flip bits of `gid`: `0` with no object, the
/// shape's byte when the objects make one, a one-way top's when `one_way` and they fill the
/// cell. Otherwise the reason none fits.
pub(crate) fn tile_byte(
    objects: &[Object],
    tile_size: Vec2,
    gid: u32,
    one_way: bool,
    axis: YAxis,
) -> Result<u8, String> {
    let object = match objects {
        [] => return Ok(0),
        [object] => object,
        _ => return Err(format!("{} collision objects (one a tile)", objects.len())),
    };
    if object.rotation != 0.0 {
        return Err(format!("a collision object turned {}°", object.rotation));
    }
    let corners: Vec<Vec2> = match &object.kind {
        ObjectKind::Rect => {
            let (lo, s) = (object.position, object.size);
            [Vec2::ZERO, Vec2::new(s.x, 0.0), s, Vec2::new(0.0, s.y)]
                .map(|c| lo + c)
                .to_vec()
        }
        ObjectKind::Polygon(points) => points.iter().map(|p| object.position + *p).collect(),
        other => return Err(format!("a collision object of kind {other:?}")),
    };
    let unit: Vec<Vec2> = corners
        .iter()
        .map(|&p| axis.unit(flip(p / tile_size, gid)))
        .collect();
    let Some(shape) = shape_of_outline(&unit) else {
        return Err(format!("the outline {corners:?} in a tile of {tile_size}"));
    };
    match (one_way, shape) {
        (false, shape) => Ok(shape.as_byte()),
        (true, TileShape::Solid) => Ok(TileShape::OneWayTop.as_byte()),
        (true, shape) => Err(format!(
            "a one-way tile of shape {shape:?} (one-way tiles fill the cell)"
        )),
    }
}

/// A point of a tile (`(0, 0)` its top-left, `(1, 1)` its bottom-right) where the cell draws
/// it: Tiled swaps x and y for the diagonal flip first, then flips across x and y.
fn flip(p: Vec2, gid: u32) -> Vec2 {
    let mut p = if gid & FLIP_DIAGONAL != 0 {
        Vec2::new(p.y, p.x)
    } else {
        p
    };
    if gid & FLIP_X != 0 {
        p.x = 1.0 - p.x;
    }
    if gid & FLIP_Y != 0 {
        p.y = 1.0 - p.y;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn polygon(points: &[(f32, f32)]) -> Object {
        Object {
            kind: ObjectKind::Polygon(points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()),
            ..Object::default()
        }
    }

    #[test]
    fn a_floor_rising_right_on_screen_is_the_matching_slope_either_way_and_flips_with_its_tile() {
        // ◢ in a 16-pixel tile, y down: bottom-left, bottom-right, top-right.
        let slope = [polygon(&[(0.0, 16.0), (16.0, 16.0), (16.0, 0.0)])];
        let size = Vec2::splat(16.0);
        let byte = |gid, axis| tile_byte(&slope, size, gid, false, axis).unwrap();
        let shape = |gid, axis| TileShape::from_byte(byte(gid, axis));
        assert_eq!(shape(1, YAxis::Up), TileShape::Slope45UpRight);
        assert_eq!(shape(1, YAxis::Down), TileShape::Ceiling45DownRight);
        assert_eq!(shape(1 | FLIP_X, YAxis::Up), TileShape::Slope45UpLeft);
        assert_eq!(shape(1 | FLIP_Y, YAxis::Up), TileShape::Ceiling45DownRight);
        // The diagonal flip of ◢ is itself (its hypotenuse runs across that diagonal).
        assert_eq!(
            shape(1 | FLIP_DIAGONAL, YAxis::Up),
            TileShape::Slope45UpRight
        );
    }

    #[test]
    fn rects_are_full_or_half_cells_and_one_way_needs_a_full_one() {
        let rect = |x, y, w, h| Object {
            position: Vec2::new(x, y),
            size: Vec2::new(w, h),
            ..Object::default()
        };
        let size = Vec2::splat(16.0);
        let shape = |o: Object, one_way, axis| {
            tile_byte(&[o], size, 1, one_way, axis).map(TileShape::from_byte)
        };
        let lower = || rect(0.0, 8.0, 16.0, 8.0);
        assert_eq!(
            shape(rect(0.0, 0.0, 16.0, 16.0), false, YAxis::Up),
            Ok(TileShape::Solid)
        );
        assert_eq!(shape(lower(), false, YAxis::Up), Ok(TileShape::HalfBottom));
        assert_eq!(shape(lower(), false, YAxis::Down), Ok(TileShape::HalfTop));
        assert_eq!(
            shape(rect(0.0, 0.0, 16.0, 16.0), true, YAxis::Down),
            Ok(TileShape::OneWayTop)
        );
        assert!(shape(lower(), true, YAxis::Up).is_err());
        assert!(shape(rect(0.0, 0.0, 4.0, 4.0), false, YAxis::Up).is_err());
        assert_eq!(tile_byte(&[], size, 1, true, YAxis::Up), Ok(0));
        assert!(tile_byte(&[lower(), lower()], size, 1, false, YAxis::Up).is_err());
    }
}
