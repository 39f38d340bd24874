//! A point in `f64`, where the differences and products of `f32` coordinates are exact or
//! nearly so (glam's `f64` types are a feature this workspace leaves off).

use core::ops::{Add, Mul, Sub};

use glam::Vec2;

/// A point or a vector in `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DPoint {
    pub(crate) x: f64,
    pub(crate) y: f64,
}

impl DPoint {
    /// The point `p`, exactly.
    pub(crate) fn of(p: Vec2) -> DPoint {
        DPoint {
            x: f64::from(p.x),
            y: f64::from(p.y),
        }
    }

    /// The point rounded to `f32` (exact for a point made by [`of`](Self::of)).
    pub(crate) fn to_vec2(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32)
    }

    /// The dot product.
    pub(crate) fn dot(self, other: DPoint) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The cross product's z: positive when `other` turns left of `self`.
    pub(crate) fn perp_dot(self, other: DPoint) -> f64 {
        self.x * other.y - self.y * other.x
    }

    /// The squared length.
    pub(crate) fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// The length.
    pub(crate) fn length(self) -> f64 {
        self.length_squared().sqrt()
    }

    /// The distance to `other`.
    pub(crate) fn distance(self, other: DPoint) -> f64 {
        (self - other).length()
    }
}

impl Add for DPoint {
    type Output = DPoint;
    fn add(self, o: DPoint) -> DPoint {
        DPoint {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

impl Sub for DPoint {
    type Output = DPoint;
    fn sub(self, o: DPoint) -> DPoint {
        DPoint {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

impl Mul<f64> for DPoint {
    type Output = DPoint;
    fn mul(self, s: f64) -> DPoint {
        DPoint {
            x: self.x * s,
            y: self.y * s,
        }
    }
}
