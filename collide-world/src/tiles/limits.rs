//! What a [`TileMap`] may be: its size, and coordinates `f32` can hold its cells apart at.

use glam::Vec2;

use super::TileMap;
use crate::Error;

/// How many ulps of its largest coordinate a cell must be across. Each corner
/// `origin + i · size` rounds twice (the product, whose magnitude is at most twice the
/// largest coordinate, and the sum), by at most one and a half ulps in all, so neighbouring
/// corners, `size` apart exactly, stay distinct when `size` is over three ulps.
const MIN_ULPS: f32 = 4.0;

/// Checks a map's size and geometry (see [`TileMap::from_fn`] for the rules).
pub(super) fn check(width: u32, height: u32, cell_size: Vec2, origin: Vec2) -> Result<(), Error> {
    let cells = u64::from(width) * u64::from(height);
    if width == 0 || height == 0 || width > TileMap::MAX_SIDE || height > TileMap::MAX_SIDE {
        return Err(Error::TileMapSize);
    }
    if cells > TileMap::MAX_CELLS as u64 {
        return Err(Error::TileMapSize);
    }
    let positive = cell_size.x > 0.0 && cell_size.y > 0.0;
    if !(positive && cell_size.is_finite() && origin.is_finite()) {
        return Err(Error::TileMapGeometry);
    }
    // The far corner must be finite too, or every query past it would see infinities.
    let far = origin + Vec2::new(width as f32, height as f32) * cell_size;
    if !far.is_finite() {
        return Err(Error::TileMapGeometry);
    }
    // Coordinates grow monotonically from the origin to the far corner: one of them is the
    // largest along each axis.
    let largest = origin.abs().max(far.abs());
    let held = |axis: usize| {
        largest[axis] <= TileMap::MAX_COORD && cell_size[axis] >= MIN_ULPS * ulp(largest[axis])
    };
    if !(held(0) && held(1)) {
        return Err(Error::TileMapPrecision);
    }
    Ok(())
}

/// The spacing of `f32` values just above `|v|` (finite, below `f32::MAX`).
fn ulp(v: f32) -> f32 {
    let a = v.abs();
    f32::from_bits(a.to_bits() + 1) - a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spacing_of_floats() {
        assert_eq!(ulp(1.0), f32::EPSILON);
        assert_eq!(ulp(-1e7), 1.0);
        assert_eq!(ulp(1_000_000.0), 0.0625);
        assert_eq!(ulp(0.0), f32::from_bits(1));
    }

    #[test]
    fn cells_four_ulps_across_are_the_least_accepted() {
        let map = |size: f32, origin: f32| {
            TileMap::from_fn(4, 4, Vec2::splat(size), Vec2::splat(origin), |_, _| 1).map(|_| ())
        };
        // 2^20 - 1 is the largest coordinate; an ulp is 1/16 there.
        assert_eq!(map(0.25, 1_048_575.0 - 1.0), Ok(()));
        assert_eq!(map(0.25, 1_048_575.0), Err(Error::TileMapPrecision));
        assert_eq!(map(0.2, 1e6), Err(Error::TileMapPrecision));
        assert_eq!(map(0.1, 1e7), Err(Error::TileMapPrecision));
        assert_eq!(map(4.0, -1e7 - 16.0), Ok(()));
        // Along one axis only.
        let thin = TileMap::from_fn(4, 4, Vec2::new(16.0, 0.1), Vec2::new(0.0, 1e7), |_, _| 1);
        assert_eq!(thin.map(|_| ()), Err(Error::TileMapPrecision));
    }

    #[test]
    fn maps_beyond_the_largest_coordinate_are_refused() {
        let at = |origin: Vec2, size: f32| {
            TileMap::from_fn(2, 2, Vec2::splat(size), origin, |_, _| 1).map(|_| ())
        };
        assert_eq!(at(Vec2::new(3e38, 0.0), 1e32), Err(Error::TileMapPrecision));
        assert_eq!(
            at(Vec2::new(0.0, -1e19), 1e14),
            Err(Error::TileMapPrecision)
        );
        let edge = TileMap::MAX_COORD - 4.0 * 2f32.powi(40);
        assert_eq!(at(Vec2::splat(-edge), 2f32.powi(41)), Ok(()));
        assert_eq!(
            at(Vec2::splat(edge), 2f32.powi(41)),
            Err(Error::TileMapPrecision)
        );
    }
}
