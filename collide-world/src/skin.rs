//! The least skin a response keeps: the rounding of positions sets a floor under any gap a
//! body can be relied on to keep.

use collide_core::Aabb;

/// How many ulps of the largest coordinate involved a skin is at least.
const LEAST_SKIN_ULPS: f32 = 4.0;

/// The skin to keep between shapes whose boxes are `boxes`: `skin` (none if negative, NaN or
/// infinite), but never less than four ulps of the largest coordinate the boxes reach.
/// Below that the rounding of a body's position alone could put it inside what it stopped
/// short of: a skin of zero, say, and the default skin (`0.01`) is below it beyond about
/// ±21 000 units.
#[inline]
pub fn working_skin(skin: f32, boxes: &[Aabb]) -> f32 {
    let reach = boxes
        .iter()
        .map(|b| b.min().abs().max(b.max().abs()).max_element())
        .fold(0.0, f32::max);
    let least = reach * (LEAST_SKIN_ULPS * f32::EPSILON);
    // `max` ignores a NaN skin, and a negative one is below the bound; an infinite one is
    // no gap to keep (it would put a body backed off by it at infinity).
    if skin == f32::INFINITY {
        least
    } else {
        skin.max(least)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn the_skin_is_kept_above_the_rounding_of_the_coordinates() {
        let near = Aabb::new(Vec2::new(3.0, -4.0), Vec2::ONE);
        let far = Aabb::new(Vec2::new(0.0, -1e6), Vec2::ONE);
        // Near the origin a skin above the rounding is kept as it is.
        assert_eq!(working_skin(0.01, &[near]), 0.01);
        // None, below zero, NaN or infinite: four ulps of 5 (the box reaches y = -5).
        let least = 5.0 * 4.0 * f32::EPSILON;
        for skin in [0.0, -1.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert_eq!(working_skin(skin, &[near]), least);
        }
        // A million units out the default skin is below an ulp (1/16): four ulps there.
        let skin = working_skin(0.01, &[near, far]);
        assert!(skin > 4.0 / 16.0 && skin < 0.5, "{skin}");
    }
}
