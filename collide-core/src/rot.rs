use glam::Vec2;

/// A rotation in the plane, stored as a unit vector `(cos θ, sin θ)`.
///
/// Positive angles turn +x towards +y: counter-clockwise with y up, clockwise on a y-down
/// screen. Circles and [`Rect`](crate::Rect)s ignore rotation; a body that turns uses a
/// [`Hull`](crate::Hull).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rot {
    cos_sin: Vec2,
}

impl Default for Rot {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl Rot {
    /// No rotation.
    pub const IDENTITY: Rot = Rot { cos_sin: Vec2::X };

    /// The rotation by `radians`. A quarter, half or three-quarter turn (the nearest `f32`
    /// to `π / 2`, `π`, …) is exact: its cosine or sine is `0` and the other `±1`.
    #[inline]
    #[must_use]
    pub fn from_angle(radians: f32) -> Self {
        let (sin, cos) = crate::math::sin_cos(radians);
        // The nearest `f32` to `π / 2` has a cosine of about `-4e-8`: left as it is, a box
        // turned by it has its sides a few ulps off the axes, and one set exactly on a floor
        // sinks a few ulps into it.
        // Within four ulps of one: the nearest `f32` to a few whole turns is off by more.
        const NEAR: f32 = 4.0 * f32::EPSILON;
        let cos_sin = if sin.abs() < NEAR {
            Vec2::new(cos.signum(), 0.0)
        } else if cos.abs() < NEAR {
            Vec2::new(0.0, sin.signum())
        } else {
            Vec2::new(cos, sin)
        };
        Self { cos_sin }
    }

    /// The rotation that turns +x onto `direction`, or `None` for a zero or non-finite vector.
    #[inline]
    #[must_use]
    pub fn try_from_direction(direction: Vec2) -> Option<Self> {
        direction.try_normalize().map(|cos_sin| Self { cos_sin })
    }

    /// The angle in radians, in `(-π, π]`.
    #[inline]
    #[must_use]
    pub fn angle(self) -> f32 {
        crate::math::atan2(self.cos_sin.y, self.cos_sin.x)
    }

    /// `cos θ`.
    #[inline]
    #[must_use]
    pub fn cos(self) -> f32 {
        self.cos_sin.x
    }

    /// `sin θ`.
    #[inline]
    #[must_use]
    pub fn sin(self) -> f32 {
        self.cos_sin.y
    }

    /// Whether this is exactly the identity (a fast path for axis-aligned shapes).
    #[inline]
    #[must_use]
    pub fn is_identity(self) -> bool {
        self.cos_sin == Vec2::X
    }

    /// The opposite rotation.
    #[inline]
    #[must_use]
    pub fn inverse(self) -> Self {
        Self {
            cos_sin: Vec2::new(self.cos_sin.x, -self.cos_sin.y),
        }
    }

    /// `v` rotated by this rotation.
    #[inline]
    #[must_use]
    pub fn apply(self, v: Vec2) -> Vec2 {
        self.cos_sin.rotate(v)
    }

    /// `v` rotated by the inverse of this rotation.
    #[inline]
    #[must_use]
    pub fn apply_inverse(self, v: Vec2) -> Vec2 {
        self.inverse().apply(v)
    }
}

/// Where a shape is: a position (of the shape's local origin) and a rotation.
///
/// A shape's vertices are given in its local frame; the pose maps them into the world as
/// `position + rotation.apply(local)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pose {
    /// The world position of the shape's local origin.
    pub position: Vec2,
    /// The rotation about the local origin.
    pub rotation: Rot,
}

impl Pose {
    /// The origin, unrotated.
    pub const IDENTITY: Pose = Pose {
        position: Vec2::ZERO,
        rotation: Rot::IDENTITY,
    };

    /// A pose from a position and a rotation.
    #[inline]
    #[must_use]
    pub const fn new(position: Vec2, rotation: Rot) -> Self {
        Self { position, rotation }
    }

    /// An unrotated pose at `position`.
    #[inline]
    #[must_use]
    pub const fn from_position(position: Vec2) -> Self {
        Self {
            position,
            rotation: Rot::IDENTITY,
        }
    }

    /// A local point in world coordinates.
    #[inline]
    #[must_use]
    pub fn transform_point(&self, local: Vec2) -> Vec2 {
        self.position + self.rotation.apply(local)
    }

    /// A world point in this pose's local coordinates.
    #[inline]
    #[must_use]
    pub fn inverse_transform_point(&self, world: Vec2) -> Vec2 {
        self.rotation.apply_inverse(world - self.position)
    }

    /// A local direction in world coordinates (rotation only).
    #[inline]
    #[must_use]
    pub fn transform_vector(&self, local: Vec2) -> Vec2 {
        self.rotation.apply(local)
    }

    /// A world direction in local coordinates (rotation only).
    #[inline]
    #[must_use]
    pub fn inverse_transform_vector(&self, world: Vec2) -> Vec2 {
        self.rotation.apply_inverse(world)
    }

    /// Whether the position and rotation are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        // `x · 0` is `0` for a finite `x` and NaN otherwise: one comparison for all four.
        (self.position * 0.0 + self.rotation.cos_sin * 0.0) == Vec2::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarter_turn() {
        let r = Rot::from_angle(core::f32::consts::FRAC_PI_2);
        let v = r.apply(Vec2::X);
        assert!((v - Vec2::Y).length() < 1e-6);
        assert!((r.apply_inverse(v) - Vec2::X).length() < 1e-6);
        assert!((r.angle() - core::f32::consts::FRAC_PI_2).abs() < 1e-6);
    }

    #[test]
    fn quarter_half_and_three_quarter_turns_are_exact() {
        use core::f32::consts::{FRAC_PI_2, PI};
        let turns = [
            (FRAC_PI_2, Vec2::Y),
            (PI, Vec2::NEG_X),
            (-PI, Vec2::NEG_X),
            (1.5 * PI, Vec2::NEG_Y),
            (-FRAC_PI_2, Vec2::NEG_Y),
            (2.0 * PI, Vec2::X),
        ];
        for (angle, x_to) in turns {
            assert_eq!(Rot::from_angle(angle).apply(Vec2::X), x_to, "{angle}");
        }
        // Other angles are left as they are.
        let eighth = Rot::from_angle(core::f32::consts::FRAC_PI_4).apply(Vec2::X);
        assert!((eighth - Vec2::splat(core::f32::consts::FRAC_1_SQRT_2)).length() < 1e-6);
    }

    #[test]
    fn pose_round_trip() {
        let p = Pose::new(Vec2::new(3.0, -2.0), Rot::from_angle(0.7));
        let local = Vec2::new(1.5, 4.0);
        let back = p.inverse_transform_point(p.transform_point(local));
        assert!((back - local).length() < 1e-5);
        assert!(Rot::try_from_direction(Vec2::ZERO).is_none());
        assert!(Rot::try_from_direction(Vec2::new(f32::NAN, 1.0)).is_none());
    }
}
