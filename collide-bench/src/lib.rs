//! `collide-bench`: every speed claim of the project, measured.
//!
//! - [`scene`]: the seeds' benchmark scene (uniform and uneven, 100 to 100 000 objects, fixed
//!   seed, wrap-around field), shared by the benches, the report and `collide demo`;
//! - [`frame`]: one benchmark frame (move, broad phase, collision pass) over that scene;
//! - [`cases`]: the seeded query cases compared side by side with parry2d; [`peer`]: parry2d's
//!   side, [`queries`]: collide's side, [`oracle`]: brute-force answers that settle
//!   disagreements, [`versus`]: the comparison itself and the broad-phase comparison;
//!   [`fast_shots`]: shots far faster than they are wide that clip a rim, called right or
//!   wrong by each library;
//! - [`report`]: the `collide-report` binary's logic (the seed's cost experiment, the scale
//!   table, the side-by-side table, the JSON of `BENCHMARKS.md`);
//! - [`alloc_count`]: the counting global allocator behind "bytes per frame".
//!
//! # Running it
//!
//! ```text
//! cargo run --release -p collide-bench --bin collide-report -- --quick   # < 1 min, 100 and 1 000
//! cargo run --release -p collide-bench --bin collide-report -- --json report.json --markdown report.md
//! cargo bench -p collide-bench --bench scene    # scene/<scene>/<broad phase>/<on|off>/<size>
//! cargo bench -p collide-bench --bench narrow   # narrow/<query>/<collide|parry2d>
//! cargo bench -p collide-bench --bench broad    # broad/<broad phase|parry2d_bvh>/<scene>/<size>
//! cargo bench -p collide-bench --bench hull     # hull/<vw|enclosing>/<sprite>
//! ```
//!
//! Every scene and every query case comes from a fixed seed, so two runs measure the same
//! work. Speed is never asserted by a test (shared machines are noisy); the tests check that
//! the figures are computed, and correctness is checked against brute-force oracles.
//!
//! # Feature flags
//!
//! - `peer` (default): the comparison with parry2d ([`versus`] and the modules it uses, the
//!   report binary, the `narrow` and `broad` benches). Without it the crate is the scene and
//!   the frame runner, which is all `collide demo` needs.
#![warn(missing_docs)]

pub mod alloc_count;
#[cfg(feature = "peer")]
pub mod cases;
#[cfg(feature = "peer")]
pub mod fast_shots;
pub mod frame;
pub mod measure;
#[cfg(feature = "peer")]
pub mod oracle;
#[cfg(feature = "peer")]
pub mod peer;
#[cfg(feature = "peer")]
pub mod queries;
#[cfg(feature = "peer")]
pub mod report;
pub mod rng;
pub mod scene;
pub mod table;
#[cfg(feature = "peer")]
pub mod versus;
