use core::fmt;

/// What went wrong in `collide-broad`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A broad-phase name that is not one of `grid`, `sort_and_sweep`, `quadtree`,
    /// `brute_force`.
    UnknownBroadPhase,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownBroadPhase => f.write_str(
                "unknown broad phase: expected one of grid, sort_and_sweep, quadtree, brute_force",
            ),
        }
    }
}

impl core::error::Error for Error {}
