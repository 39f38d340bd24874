//! How a subcommand ended. Its own module, so that the subcommands need nothing from
//! `main.rs`, which needs them.

/// How a subcommand ended, when it ran at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every file succeeded.
    Success,
    /// At least one file failed; the others were still processed.
    SomeFailed,
}
