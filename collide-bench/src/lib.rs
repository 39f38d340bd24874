//! `collide-bench`: every speed claim of the project, measured.
//!
//! - [`scene`]: the seeds' benchmark scene (uniform and uneven, 100 to 100 000 objects, fixed
//!   seed, wrap-around field), shared by the benches, the report and `collide demo`;
//! - [`cases`]: the seeded query cases compared side by side with parry2d; [`peer`]: parry2d's
//!   side, [`queries`]: collide's side, [`oracle`]: brute-force answers that settle
//!   disagreements, [`versus`]: the comparison itself and the broad-phase comparison;
//! - [`alloc_count`]: the counting global allocator behind "bytes per frame".
#![warn(missing_docs)]

pub mod alloc_count;
pub mod cases;
pub mod measure;
pub mod oracle;
pub mod peer;
pub mod queries;
pub mod rng;
pub mod scene;
pub mod table;
pub mod versus;
