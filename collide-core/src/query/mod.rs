//! Queries between two placed shapes.
//!
//! # Naming
//!
//! One folder per operation and one file per shape pair, named
//! `query/<operation>/<operation>_<shape1>_<shape2>.rs`: `contact/contact_circle_rect.rs`,
//! `sweep/sweep_circle_rect.rs`. Pair functions take shapes in their local frames plus world
//! poses (or motions) and are public, so a caller who knows the types skips the dispatch. The
//! generic entry points ([`contact`], [`overlaps`],
//! [`time_of_impact`], [`distance()`],
//! [`narrow_phase`]) take any [`ShapeRef`](crate::ShapeRef) and dispatch;
//! a reversed pair is a one-line wrapper that swaps the arguments and flips the normal (for
//! a contact between two polygons the point stays a vertex of the first: see
//! [`Contact`]).
//!
//! # Conventions
//!
//! - Normals are unit length and point from the first shape (`a`) to the second (`b`).
//! - Overlap is strict: shapes that only touch do not overlap.
//! - Non-finite input gives "no hit" (`None` / `false`), never a panic.
//! - No query allocates.

mod contact;
mod distance;
mod motion;
mod narrow;
mod sweep;

pub use contact::{
    contact, contact_circle_circle, contact_circle_hull, contact_circle_rect, contact_hull_circle,
    contact_hull_hull, contact_hull_rect, contact_rect_circle, contact_rect_hull,
    contact_rect_rect, overlaps, Contact,
};
pub use distance::{distance, Distance};
pub use motion::Motion;
pub use narrow::{narrow_phase, narrow_phase_detailed, Hit, NarrowOutcome, SweepMode};
pub use sweep::*;
