//! `collide-bench`: every speed claim of the project, measured.
//!
//! This crate is a skeleton until its issue lands. It will hold the seeds' benchmark scene
//! (uniform and uneven, 100 to 100 000 objects, fixed seed), the criterion benches and the
//! `collide-report` binary that reproduces the seed's sweep-cost experiment and compares the
//! queries side by side with parry2d.
#![warn(missing_docs)]
