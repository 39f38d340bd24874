use crate::Aabb;

/// The speed (units per second) above which a per-frame overlap test can miss `target`.
///
/// A shot moving vertically farther per frame than the target is tall can be below it on one
/// frame and above it on the next: the limit is the target's height divided by the
/// frame time. A 14-unit target at 60 fps gives 840 units per second; at 30 fps, 420.
///
/// Returns infinity for a zero frame time and NaN for non-finite input, as the division does.
///
/// ```
/// use collide_core::{tunnelling_speed, Aabb};
/// use glam::Vec2;
///
/// let alien = Aabb::new(Vec2::ZERO, Vec2::new(7.0, 7.0));
/// let speed = tunnelling_speed(&alien, 1.0 / 60.0);
/// assert!((speed - 840.0).abs() < 1e-3);
/// ```
///
/// See also [`tunnelling_speed_along`] for motion in any direction.
#[must_use]
pub fn tunnelling_speed(target: &Aabb, seconds_per_frame: f32) -> f32 {
    target.half_extents.y * 2.0 / seconds_per_frame
}

/// The speed above which a per-frame test can miss `target` for a point moving along `direction`.
///
/// The target's extent along that direction (its width for horizontal motion, its height for
/// vertical) divided by the frame time. `direction` need not be normalized; a zero or
/// non-finite direction gives NaN.
#[must_use]
pub fn tunnelling_speed_along(target: &Aabb, direction: glam::Vec2, seconds_per_frame: f32) -> f32 {
    let d = direction.normalize_or(glam::Vec2::NAN);
    // The longest chord of a box along `d` through its interior is the extent seen along d.
    let chord_x = if d.x != 0.0 {
        2.0 * target.half_extents.x / d.x.abs()
    } else {
        f32::INFINITY
    };
    let chord_y = if d.y != 0.0 {
        2.0 * target.half_extents.y / d.y.abs()
    } else {
        f32::INFINITY
    };
    chord_x.min(chord_y) / seconds_per_frame
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn the_speed_is_the_height_over_the_frame_time() {
        let alien = Aabb::new(Vec2::ZERO, Vec2::new(7.0, 7.0));
        assert!((tunnelling_speed(&alien, 1.0 / 60.0) - 840.0).abs() < 1e-3);
        assert!((tunnelling_speed(&alien, 1.0 / 30.0) - 420.0).abs() < 1e-3);
        // A 250 ms stall collapses it to 56 units per second.
        assert!((tunnelling_speed(&alien, 0.25) - 56.0).abs() < 1e-3);
        // Halving the target halves the speed.
        let half = Aabb::new(Vec2::ZERO, Vec2::new(7.0, 3.5));
        assert!((tunnelling_speed(&half, 1.0 / 60.0) - 420.0).abs() < 1e-3);
    }

    #[test]
    fn along_a_direction() {
        let target = Aabb::new(Vec2::ZERO, Vec2::new(10.0, 7.0));
        let up = tunnelling_speed_along(&target, Vec2::Y, 1.0);
        let right = tunnelling_speed_along(&target, Vec2::X, 1.0);
        assert!((up - 14.0).abs() < 1e-4);
        assert!((right - 20.0).abs() < 1e-4);
        assert!(tunnelling_speed_along(&target, Vec2::ZERO, 1.0).is_nan());
    }
}
