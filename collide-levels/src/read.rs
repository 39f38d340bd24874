//! Reading a level's files: their text, the name errors give them, and the sizes they claim.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use collide_world::TileMap;

use crate::error::{Error, ErrorKind};

/// The most bytes a level file may hold (1 GiB, room for a tile map of the most cells written
/// as CSV): a larger one is an [`ErrorKind::Io`] error, found before it is read.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The text of the file at `path`, with the name errors give it.
pub(crate) fn read_text(path: &Path) -> Result<(String, String), Error> {
    let file = path.display().to_string();
    match read_regular(path) {
        Ok(text) => Ok((file, text)),
        Err(why) => Err(Error::new(&file, ErrorKind::Io(why))),
    }
}

/// The text of the regular file at `path`, of at most [`MAX_FILE_BYTES`]: a file may name
/// anything as its level or tileset, and a device (`/dev/zero`) or a pipe would be read for
/// ever.
fn read_regular(path: &Path) -> Result<String, String> {
    // Asked before opening (following symbolic links): opening a pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a directory, a device or a pipe)".into());
    }
    let too_large = || format!("larger than {MAX_FILE_BYTES} bytes");
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let file = File::open(path).map_err(|e| e.to_string())?;
    let mut text = String::new();
    // Bounded again: the file may grow while it is read.
    let read = file.take(MAX_FILE_BYTES + 1).read_to_string(&mut text);
    read.map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    Ok(text)
}

/// How many cells a grid of `width` × `height` cells holds, when a [`TileMap`] can hold them
/// (1 to [`TileMap::MAX_SIDE`] a side, at most [`TileMap::MAX_CELLS`] in all); `None` when it
/// cannot. Multiplied in `u64`, so that no size a file claims overflows (`usize` is 32 bits
/// on wasm32), and asked before anything is allocated or decoded for the cells.
pub(crate) fn cell_count(width: u32, height: u32) -> Option<usize> {
    let sides = 1..=TileMap::MAX_SIDE;
    if !(sides.contains(&width) && sides.contains(&height)) {
        return None;
    }
    let cells = usize::try_from(u64::from(width) * u64::from(height)).ok()?;
    (cells <= TileMap::MAX_CELLS).then_some(cells)
}

/// Why `what` (a layer, a map) of `width` × `height` cells, for which [`cell_count`] is
/// `None`, cannot load.
pub(crate) fn too_many_cells(what: &str, width: u32, height: u32) -> String {
    format!(
        "{what} of {width} × {height} cells (a tile map has 1 to {} a side, {} in all)",
        TileMap::MAX_SIDE,
        TileMap::MAX_CELLS
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_stop_at_what_a_tile_map_holds() {
        assert_eq!(cell_count(10, 6), Some(60));
        assert_eq!(cell_count(TileMap::MAX_SIDE, 1), Some(1 << 16));
        assert_eq!(cell_count(1 << 14, 1 << 14), Some(TileMap::MAX_CELLS));
        for (w, h) in [
            (0, 6),
            (10, 0),
            (TileMap::MAX_SIDE + 1, 1),
            (1 << 14, (1 << 14) + 1),
            (TileMap::MAX_SIDE, TileMap::MAX_SIDE),
            (u32::MAX, u32::MAX),
        ] {
            assert_eq!(cell_count(w, h), None, "{w} × {h}");
        }
    }
}
