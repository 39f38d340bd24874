//! LDtk projects: each level's IntGrid layers as [`TileMap`](collide_world::TileMap)s and its
//! entities as points a game places things at.

use std::path::Path;

use crate::error::Error;
use crate::read::read_text;

mod format;
mod level;
mod options;
mod project;

pub use options::LdtkOptions;
pub use project::{IntGridLayer, LdtkEntity, LdtkLevel, LdtkProject};

impl LdtkProject {
    /// Loads the project at `path`, and the `.ldtkl` file of each level saved in a file of its
    /// own (found beside the project, as LDtk writes them).
    ///
    /// # Errors
    ///
    /// An [`Error`] naming the file (the project's or a level's), and the level, layer and
    /// cell where it is about one: a file that cannot be read, is not LDtk's JSON, holds a
    /// level with no layer instances (or, in a level's file, another level than the project
    /// lists), or holds an IntGrid value the options map to no byte.
    pub fn load(path: impl AsRef<Path>, options: &LdtkOptions) -> Result<Self, Error> {
        let path = path.as_ref();
        let (file, text) = read_text(path)?;
        level::project(&file, &text, path.parent(), options)
    }

    /// The project whose JSON is `text`, named `file` in errors. A level saved in a file of
    /// its own is an error: [`load`](Self::load) finds those files.
    ///
    /// # Errors
    ///
    /// As [`load`](Self::load).
    pub fn from_json(file: &str, text: &str, options: &LdtkOptions) -> Result<Self, Error> {
        level::project(file, text, None, options)
    }
}
