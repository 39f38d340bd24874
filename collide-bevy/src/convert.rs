//! The one place where Bevy's vectors meet collide's.
//!
//! Bevy 0.19 is built on glam 0.32 and collide on glam 0.33: their `Vec2`s are different
//! types with the same two `f32`s inside, so a vector crosses as its two floats (free after
//! inlining). Every crossing in this crate goes through this file, so a Bevy on collide's
//! glam turns these functions into identities and changes nothing else.

use bevy::math::{Quat, Vec2, Vec3};
use bevy::transform::components::Transform;
use collide_core::Rot;

/// collide's vector type (glam 0.33), as its shapes, tile maps and controllers take it.
pub type CollideVec2 = glam::Vec2;

/// A Bevy vector as collide's.
#[inline]
#[must_use]
pub fn to_collide(v: Vec2) -> CollideVec2 {
    CollideVec2::new(v.x, v.y)
}

/// A collide vector as Bevy's.
#[inline]
#[must_use]
pub fn to_bevy(v: CollideVec2) -> Vec2 {
    Vec2::new(v.x, v.y)
}

/// Where a `Transform` stands in the plane (its `z` is left to drawing order).
#[inline]
#[must_use]
pub fn position(transform: &Transform) -> CollideVec2 {
    CollideVec2::new(transform.translation.x, transform.translation.y)
}

/// Puts a `Transform` at `p` in the plane, keeping its `z`.
#[inline]
pub fn set_position(transform: &mut Transform, p: CollideVec2) {
    transform.translation = Vec3::new(p.x, p.y, transform.translation.z);
}

/// The turn of a `Transform` about the z axis, as collide's rotation: only hulls use it.
/// A rotation that is not finite or has no turn about z gives the identity.
#[inline]
#[must_use]
pub fn rotation(transform: &Transform) -> Rot {
    let q: Quat = transform.rotation;
    if q.z == 0.0 {
        return Rot::IDENTITY;
    }
    // cos θ and sin θ of a turn by θ about z, read off its quaternion (w, z) = (cos θ/2, sin θ/2).
    let direction = CollideVec2::new(q.w * q.w - q.z * q.z, 2.0 * q.w * q.z);
    Rot::try_from_direction(direction).unwrap_or(Rot::IDENTITY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_cross_both_ways_unchanged() {
        let v = Vec2::new(1.5, -3.25);
        assert_eq!(to_bevy(to_collide(v)), v);
        let mut t = Transform::from_xyz(0.0, 0.0, 7.0);
        set_position(&mut t, CollideVec2::new(2.0, 3.0));
        assert_eq!(t.translation, Vec3::new(2.0, 3.0, 7.0));
        assert_eq!(position(&t), CollideVec2::new(2.0, 3.0));
    }

    #[test]
    fn rotation_about_z_reads_back_its_angle() {
        for angle in [0.3_f32, -1.2, 2.9] {
            let t = Transform::from_rotation(Quat::from_rotation_z(angle));
            assert!((rotation(&t).angle() - angle).abs() < 1e-5, "{angle}");
        }
        assert_eq!(rotation(&Transform::IDENTITY), Rot::IDENTITY);
        let bad = Transform::from_rotation(Quat::from_xyzw(0.0, 0.0, f32::NAN, 1.0));
        assert_eq!(rotation(&bad), Rot::IDENTITY);
    }
}
