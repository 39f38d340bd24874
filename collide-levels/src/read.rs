//! Reading a level's files: their text, and the name errors give them.

use std::path::Path;

use crate::error::{Error, ErrorKind};

/// The text of the file at `path`, with the name errors give it.
pub(crate) fn read_text(path: &Path) -> Result<(String, String), Error> {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Ok((file, text)),
        Err(e) => Err(Error::new(&file, ErrorKind::Io(e.to_string()))),
    }
}
