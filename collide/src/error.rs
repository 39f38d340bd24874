use core::fmt;

/// What went wrong, from any of the crates under the front door: a game's function that builds
/// a level and runs a frame can return this one type and use `?` on both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// From a broad phase or the collision pass, such as too many candidate pairs in a frame.
    Broad(collide_broad::Error),
    /// From the static world, such as a tile map too large or a static body not finite.
    World(collide_world::Error),
    /// From a shape's constructor, such as a hull that is not convex.
    Shape(collide_core::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Broad(e) => e.fmt(f),
            Error::World(e) => e.fmt(f),
            Error::Shape(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for Error {}

impl From<collide_broad::Error> for Error {
    fn from(e: collide_broad::Error) -> Self {
        Error::Broad(e)
    }
}

impl From<collide_world::Error> for Error {
    fn from(e: collide_world::Error) -> Self {
        Error::World(e)
    }
}

impl From<collide_core::Error> for Error {
    fn from(e: collide_core::Error) -> Self {
        Error::Shape(e)
    }
}
