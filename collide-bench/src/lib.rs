//! `collide-bench`: every speed claim of the project, measured.
//!
//! - [`scene`]: the seeds' benchmark scene (uniform and uneven, 100 to 100 000 objects, fixed
//!   seed, wrap-around field), shared by the benches, the report and `collide demo`;
//! - [`frame`]: one benchmark frame (move, broad phase, collision pass) over that scene;
//! - [`cases`]: the seeded query cases compared side by side with parry2d; [`peer`]: parry2d's
//!   side, [`queries`]: collide's side, [`oracle`]: brute-force answers that settle
//!   disagreements, [`versus`]: the comparison itself and the broad-phase comparison;
//! - [`report`]: the `collide-report` binary's logic (the seed's cost experiment, the scale
//!   table, the side-by-side table, the JSON of `BENCHMARKS.md`);
//! - [`alloc_count`]: the counting global allocator behind "bytes per frame".
#![warn(missing_docs)]

pub mod alloc_count;
pub mod cases;
pub mod frame;
pub mod measure;
pub mod oracle;
pub mod peer;
pub mod queries;
pub mod report;
pub mod rng;
pub mod scene;
pub mod table;
pub mod versus;
