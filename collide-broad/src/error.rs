use core::fmt;

/// What went wrong in `collide-broad`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A broad-phase name that is not one of `grid`, `sort_and_sweep`, `quadtree`,
    /// `brute_force`.
    UnknownBroadPhase,
    /// A body's position, rotation or shape is not finite.
    NonFinite,
    /// More static bodies than a `u32` handle can name.
    TooManyBodies,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownBroadPhase => f.write_str(
                "unknown broad phase: expected one of grid, sort_and_sweep, quadtree, brute_force",
            ),
            Error::NonFinite => f.write_str("a body's position, rotation or shape is not finite"),
            Error::TooManyBodies => f.write_str("more than 2^32 static bodies"),
        }
    }
}

impl core::error::Error for Error {}
