//! `collide-bench`: every speed claim of the project, measured.
//!
//! - [`scene`]: the seeds' benchmark scene (uniform and uneven, 100 to 100 000 objects, fixed
//!   seed, wrap-around field), shared by the benches, the report and `collide demo`;
//! - [`cases`]: the seeded query cases compared side by side with parry2d, and [`peer`]:
//!   parry2d's side of that comparison;
//! - [`alloc_count`]: the counting global allocator behind "bytes per frame";
//! - the criterion benches under `benches/` and the `collide-report` binary.
#![warn(missing_docs)]

pub mod alloc_count;
pub mod cases;
pub mod measure;
pub mod peer;
pub mod rng;
pub mod scene;
pub mod versus;
