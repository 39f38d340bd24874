//! `collide-bench`: every speed claim of the project, measured.
//!
//! The scene and its frame loop come from `collide-scene` (the shmup benchmark scene, shared
//! with `collide demo`); the seeded generator and the counting allocator from `collide-testkit`.
//!
//! - [`cases`]: the seeded query cases compared side by side with parry2d; [`peer`]: parry2d's
//!   side, [`queries`]: collide's side, [`oracle`]: brute-force answers that settle
//!   disagreements, [`versus`]: the comparison itself and the broad-phase comparison;
//!   [`fast_shots`]: shots far faster than they are wide that clip a rim, called right or
//!   wrong by each library; [`rays`]: the first body along a ray, collide's `Hitscan` beside
//!   parry2d's `Bvh`; [`intersections`]: the bodies holding a point or overlapping a shape,
//!   the same way; [`tiles`]: tile-map casts (floor walks, wall runs, segments) beside
//!   parry2d's `Voxels`, with each side's seam hits;
//! - [`character`]: `move_and_slide` beside rapier2d's character controller on a platformer
//!   scene, timed per call, with each one's seam catches, penetrations, jitters and tunnels;
//!   and both on a platformer level of ramps, half tiles, a curb, one-way platforms and a lift,
//!   with rapier's snap, autostep and slope angles on;
//! - [`report`]: the `collide-report` binary's logic (the cost experiment, the scale table, the
//!   side-by-side table, the goals of `GOALS.md` judged, the JSON);
//! - [`measure`] and [`table`]: small statistics and a table renderer for the report.
//!
//! # Running it
//!
//! ```text
//! cargo run --release -p collide-bench --bin collide-report -- --quick   # < 1 min, 100 and 1 000
//! cargo run --release -p collide-bench --bin collide-report -- --json report.json --markdown report.md
//! cargo bench -p collide-bench --bench scene    # scene/<scene>/<broad phase>/<on|off>/<size>
//! cargo bench -p collide-bench --bench narrow   # narrow/<query>/<collide|parry2d>
//! cargo bench -p collide-bench --bench broad    # broad/<broad phase|parry2d_bvh>/<scene>/<size>
//! cargo bench -p collide-bench --bench rays     # rays/<broad phase|parry2d_bvh>/<size>
//! cargo bench -p collide-bench --bench intersections  # <points|areas>/<broad phase|parry2d_bvh>/<size>
//! cargo bench -p collide-bench --bench tiles    # tiles/<query>/<collide|parry2d_voxels|parry2d_compound>/<side>
//! cargo bench -p collide-bench --bench hull     # hull/<vw|enclosing>/<sprite>
//! cargo bench -p collide-bench --bench character  # character/<collide|rapier2d>/<shape>,
//!                                                 # platformer/<collide|rapier2d>/<shape>
//! ```
//!
//! Every scene and every query case comes from a fixed seed, so two runs measure the same
//! work. Speed is never asserted by a test (shared machines are noisy); the tests check every
//! count of the report against an independent recount, and correctness against brute-force
//! oracles.
#![warn(missing_docs)]

pub mod cases;
pub mod character;
pub mod fast_shots;
pub mod intersections;
pub mod measure;
pub mod oracle;
pub mod peer;
pub mod queries;
pub mod rays;
pub mod report;
pub mod table;
pub mod tiles;
pub mod versus;
