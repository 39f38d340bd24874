//! Reading a file a caller names: only a regular file, and at most [`MAX_FILE_BYTES`] of it.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::Error;

/// The most bytes this crate reads from one file, a sprite PNG or a collider file: 1 GiB, 4
/// bytes for each of the 256 Mi pixels that [`MAX_PIXELS_LIMIT`](crate::MAX_PIXELS_LIMIT)
/// allows at most, more than any such image takes as a PNG but for one of incompressible
/// noise. A larger file is an [`Error::Io`], found before it is read, so that a path naming a
/// huge file cannot fill memory.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// The regular file at `path`, of at most [`MAX_FILE_BYTES`], opened for a read that fails
/// past that many bytes.
///
/// Its kind is asked before it is opened: opening a pipe waits for a writer, and a device
/// (`/dev/urandom`) or a pipe could be read for ever.
pub(crate) fn open_regular(path: &Path) -> Result<Bounded<File>, Error> {
    let meta = std::fs::metadata(path).map_err(|source| io_error(path, source))?;
    if !meta.is_file() {
        let why = "not a regular file (a directory, a device or a pipe)";
        return Err(io_error(
            path,
            io::Error::new(io::ErrorKind::InvalidInput, why),
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(io_error(path, too_large()));
    }
    let file = File::open(path).map_err(|source| io_error(path, source))?;
    Ok(Bounded {
        inner: file,
        left: MAX_FILE_BYTES,
    })
}

/// The bytes of the regular file at `path`, of at most [`MAX_FILE_BYTES`].
#[cfg(feature = "png")]
pub(crate) fn read_regular(path: &Path) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .read_to_end(&mut bytes)
        .map_err(|source| io_error(path, source))?;
    Ok(bytes)
}

/// A reader that fails, rather than ends, once more than `left` bytes have come: a file that
/// grows past the limit while it is read is refused, not cut short.
pub(crate) struct Bounded<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // One byte more than is left is asked for, to tell a file at the limit from one past it.
        let room = usize::try_from(self.left + 1).map_or(buf.len(), |room| room.min(buf.len()));
        let n = self.inner.read(&mut buf[..room])?;
        self.left = self.left.checked_sub(n as u64).ok_or_else(too_large)?;
        Ok(n)
    }
}

/// Why a file past [`MAX_FILE_BYTES`] is not read.
fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "larger than {MAX_FILE_BYTES} bytes (1 GiB), the most a sprite PNG or collider file \
             may be"
        ),
    )
}

fn io_error(path: &Path, source: io::Error) -> Error {
    Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_fails_one_byte_past_its_limit_and_not_at_it() {
        let read = |len: usize, limit: u64| {
            let (source, mut bytes) = (vec![7u8; len], Vec::new());
            let mut reader = Bounded {
                inner: source.as_slice(),
                left: limit,
            };
            reader.read_to_end(&mut bytes).map(|_| bytes.len())
        };
        assert_eq!(read(10, 10).unwrap(), 10);
        assert_eq!(read(0, 0).unwrap(), 0);
        let past = read(11, 10).unwrap_err();
        assert_eq!(past.kind(), io::ErrorKind::FileTooLarge);
        assert!(read(1, 0).is_err());
    }
}
