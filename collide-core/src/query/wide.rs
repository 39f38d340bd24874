//! A pair of `f64`s with the few operations the point queries need, so that they can work
//! in `f64` without glam's double-precision types.

use core::ops::{Add, Div, Mul, Sub};

use glam::Vec2;

use crate::math::sqrt64;

/// A 2D vector of `f64`s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DVec2 {
    pub x: f64,
    pub y: f64,
}

impl DVec2 {
    pub const ZERO: DVec2 = DVec2 { x: 0.0, y: 0.0 };
    pub const X: DVec2 = DVec2 { x: 1.0, y: 0.0 };

    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn dot(self, o: DVec2) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// The z of the 3D cross product of `self` and `o`.
    pub fn perp_dot(self, o: DVec2) -> f64 {
        self.x * o.y - self.y * o.x
    }

    pub fn length_squared(self) -> f64 {
        self.dot(self)
    }

    pub fn abs(self) -> DVec2 {
        DVec2::new(self.x.abs(), self.y.abs())
    }

    /// Whether both components are less than `o`'s.
    pub fn lt(self, o: DVec2) -> bool {
        self.x < o.x && self.y < o.y
    }

    pub fn clamp(self, lo: DVec2, hi: DVec2) -> DVec2 {
        DVec2::new(self.x.clamp(lo.x, hi.x), self.y.clamp(lo.y, hi.y))
    }

    /// The unit vector along `self`, or `+x` for a zero or non-finite one.
    pub fn unit_or_x(self) -> DVec2 {
        let len = sqrt64(self.length_squared());
        if len > 0.0 && len.is_finite() {
            self / len
        } else {
            DVec2::X
        }
    }

    #[allow(clippy::cast_possible_truncation)]
    pub fn as_vec2(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32)
    }
}

impl From<Vec2> for DVec2 {
    fn from(v: Vec2) -> Self {
        DVec2::new(f64::from(v.x), f64::from(v.y))
    }
}

impl Add for DVec2 {
    type Output = DVec2;
    fn add(self, o: DVec2) -> DVec2 {
        DVec2::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for DVec2 {
    type Output = DVec2;
    fn sub(self, o: DVec2) -> DVec2 {
        DVec2::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for DVec2 {
    type Output = DVec2;
    fn mul(self, k: f64) -> DVec2 {
        DVec2::new(self.x * k, self.y * k)
    }
}

impl Div<f64> for DVec2 {
    type Output = DVec2;
    fn div(self, k: f64) -> DVec2 {
        DVec2::new(self.x / k, self.y / k)
    }
}

impl core::ops::Neg for DVec2 {
    type Output = DVec2;
    fn neg(self) -> DVec2 {
        DVec2::new(-self.x, -self.y)
    }
}
