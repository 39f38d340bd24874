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

pub(crate) use slab::{from_start, slab_flag};
pub use sweep_circle_circle::sweep_circle_circle;
pub use sweep_circle_hull::{sweep_circle_hull, sweep_hull_circle};
pub(crate) use sweep_circle_rect::sweep_circle_rect_narrow;
pub use sweep_circle_rect::{sweep_circle_rect, sweep_rect_circle};
pub use sweep_hull_hull::sweep_hull_hull;
pub use sweep_rect_hull::{sweep_hull_rect, sweep_rect_hull};
pub use sweep_rect_rect::sweep_rect_rect;
