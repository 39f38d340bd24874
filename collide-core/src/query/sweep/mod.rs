//! Time of impact: when during a frame two moving shapes first touch, in closed form for
//! every pair: the quadratic, the slab test, the separating-axis sweep, and the centre cast
//! against the grown shape with round corners. [`time_of_impact`](crate::time_of_impact)
//! dispatches to them from `dispatch.rs`.

mod slab;
mod sweep_circle_circle;
mod sweep_circle_hull;
mod sweep_circle_rect;
mod sweep_hull_hull;
mod sweep_polygon;
mod sweep_rect_hull;
mod sweep_rect_rect;

use glam::Vec2;

pub(crate) use slab::{from_start, slab_flag};
pub use sweep_circle_circle::sweep_circle_circle;
pub use sweep_circle_hull::{sweep_circle_hull, sweep_hull_circle};
pub(crate) use sweep_circle_rect::sweep_circle_rect_narrow;
pub use sweep_circle_rect::{sweep_circle_rect, sweep_rect_circle};
pub use sweep_hull_hull::sweep_hull_hull;
pub use sweep_rect_hull::{sweep_hull_rect, sweep_rect_hull};
pub use sweep_rect_rect::sweep_rect_rect;

/// When and where two moving shapes first touch during a frame.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact {
    /// The fraction of the frame, in `[0, 1]`, at which they first touch; `0` when they already
    /// overlap (or touch and move into each other) at the start.
    pub t: f32,
    /// Where they touch, in world coordinates, from each body's own path at `t` (not from the
    /// relative motion, which would place it as if `b` stood still).
    pub point: Vec2,
    /// Unit normal at the moment of contact, pointing from `a` to `b`.
    pub normal: Vec2,
}

impl Impact {
    /// The same impact seen from the other shape: the normal flipped.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Impact {
        Impact {
            normal: -self.normal,
            ..self
        }
    }
}
