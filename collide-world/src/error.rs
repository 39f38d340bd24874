use core::fmt;

/// What went wrong in `collide-world`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A body's position, rotation or shape is not finite.
    NonFinite,
    /// More static bodies than a `u32` handle can name.
    TooManyBodies,
    /// A tile map with no cells, or more than its documented limit
    /// ([`TileMap::MAX_SIDE`](crate::TileMap::MAX_SIDE) a side,
    /// [`TileMap::MAX_CELLS`](crate::TileMap::MAX_CELLS) in all), or whose cells or text rows
    /// do not make the rectangle it was given.
    TileMapSize,
    /// A tile map's cell size is not finite and positive, or its origin or far corner not
    /// finite.
    TileMapGeometry,
    /// A tile map whose cells `f32` cannot hold apart: a coordinate of it beyond
    /// [`TileMap::MAX_COORD`](crate::TileMap::MAX_COORD), or a cell less than four ulps
    /// across of the largest coordinate the map reaches along that axis (see
    /// [`TileMap::from_fn`](crate::TileMap::from_fn)).
    TileMapPrecision,
    /// A character in a tile map's text that is not in
    /// [`TileMap::from_rows`](crate::TileMap::from_rows)'s legend.
    #[non_exhaustive]
    TileMapText {
        /// The text row (0 = the first, the top).
        row: u32,
        /// The column of the character in that row.
        column: u32,
    },
    /// A tile map cell outside the map.
    OutsideTileMap,
    /// A character's or static body's shape that every query treats as "no hit" (a negative
    /// or non-finite radius or extent, which a struct literal can build).
    InvalidShape,
    /// A character's up direction that is not a finite unit vector.
    InvalidUp,
    /// A character's steepest floor angle that is NaN, infinite or outside `0..=π/2`.
    InvalidFloorAngle,
    /// A character's skin that is NaN, infinite or negative.
    InvalidSkin,
    /// A character's snap length that is NaN, infinite or negative.
    InvalidSnapLength,
    /// A character's step height that is NaN, infinite or negative.
    InvalidStepHeight,
    /// A character's slide count of zero: it could never move.
    InvalidMaxSlides,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NonFinite => f.write_str("a body's position, rotation or shape is not finite"),
            Error::TooManyBodies => f.write_str("more than 2^32 static bodies"),
            Error::TileMapSize => f.write_str(
                "a tile map must have 1 to TileMap::MAX_SIDE cells a side, at most \
                 TileMap::MAX_CELLS in all, and rows (or cells) that fill its rectangle",
            ),
            Error::TileMapGeometry => f.write_str(
                "a tile map's cell size must be finite and positive, and its origin finite",
            ),
            Error::TileMapPrecision => f.write_str(
                "a tile map must lie within TileMap::MAX_COORD of the origin, and each cell be \
                 at least four f32 ulps of the map's largest coordinate across",
            ),
            Error::TileMapText { row, column } => write!(
                f,
                "tile map text row {row}, column {column}: a character not in the legend \
                 ('.', ' ', '#', '1'-'9', 'T_[]', '/\\QP', 'a'-'h', '=')"
            ),
            Error::OutsideTileMap => f.write_str("a tile map cell outside the map"),
            Error::InvalidShape => f.write_str("a shape must have a finite, non-negative size"),
            Error::InvalidUp => {
                f.write_str("a character's up direction must be a finite unit vector")
            }
            Error::InvalidFloorAngle => {
                f.write_str("a character's floor angle must be finite and from 0 to pi/2 radians")
            }
            Error::InvalidSkin => f.write_str("a character's skin must be finite and not negative"),
            Error::InvalidSnapLength => {
                f.write_str("a character's snap length must be finite and not negative")
            }
            Error::InvalidStepHeight => {
                f.write_str("a character's step height must be finite and not negative")
            }
            Error::InvalidMaxSlides => {
                f.write_str("a character's slide count must be at least one")
            }
        }
    }
}

impl core::error::Error for Error {}
