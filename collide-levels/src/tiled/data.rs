//! A tile layer's data: CSV, or base64 of little-endian `u32`s, plain or compressed with zlib
//! or gzip, into one global tile id a cell.

use std::io::Read;

use base64::Engine;
use flate2::read::{GzDecoder, ZlibDecoder};

use crate::error::ErrorKind;

/// The `count` global tile ids in `text`, written in `encoding` (`"csv"` or `"base64"`) with
/// `compression` (none, `"zlib"` or `"gzip"`; base64 only).
pub(crate) fn decode(
    text: &str,
    encoding: &str,
    compression: Option<&str>,
    count: usize,
) -> Result<Vec<u32>, ErrorKind> {
    let gids = match (encoding, compression) {
        ("csv", None | Some("")) => csv(text)?,
        ("base64", compression) => {
            let packed: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(packed)
                .map_err(|e| ErrorKind::Invalid(format!("the layer's base64 data: {e}")))?;
            let bytes = inflate(&bytes, compression, count)?;
            if bytes.len() % 4 != 0 {
                return Err(ErrorKind::Invalid(format!(
                    "the layer's data is {} bytes, not a whole number of tile ids",
                    bytes.len()
                )));
            }
            bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        }
        (encoding, compression) => {
            return Err(ErrorKind::Unsupported(format!(
                "layer data encoding {encoding:?} with compression {compression:?}"
            )))
        }
    };
    if gids.len() != count {
        return Err(ErrorKind::Invalid(format!(
            "the layer's data holds {} tiles for {count} cells",
            gids.len()
        )));
    }
    Ok(gids)
}

/// The ids of CSV data.
fn csv(text: &str) -> Result<Vec<u32>, ErrorKind> {
    let text = text.trim();
    let text = text.strip_suffix(',').unwrap_or(text);
    text.split(',')
        .map(str::trim)
        .map(|s| {
            s.parse::<u32>()
                .map_err(|_| ErrorKind::Invalid(format!("{s:?} in the layer's CSV data")))
        })
        .collect()
}

/// The bytes of `data` uncompressed, reading at most one byte past the `count` ids a layer
/// holds (so that a file claiming a small layer cannot make us inflate a huge one).
fn inflate(data: &[u8], compression: Option<&str>, count: usize) -> Result<Vec<u8>, ErrorKind> {
    let limit = count as u64 * 4 + 1;
    let mut out = Vec::new();
    let read = match compression {
        None | Some("") => return Ok(data.to_vec()),
        Some("zlib") => ZlibDecoder::new(data).take(limit).read_to_end(&mut out),
        Some("gzip") => GzDecoder::new(data).take(limit).read_to_end(&mut out),
        Some(other) => {
            return Err(ErrorKind::Unsupported(format!(
                "layer data compression {other:?}"
            )))
        }
    };
    read.map_err(|e| ErrorKind::Invalid(format!("the layer's compressed data: {e}")))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn csv_base64_zlib_and_gzip_read_the_same_ids() {
        let ids = [0u32, 1, 0x8000_0002, 7];
        let bytes: Vec<u8> = ids.iter().flat_map(|i| i.to_le_bytes()).collect();
        let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(&bytes).unwrap();
        let zlib = z.finish().unwrap();
        let mut g = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        g.write_all(&bytes).unwrap();
        let gzip = g.finish().unwrap();
        assert_eq!(decode("0,1,\n2147483650,7\n", "csv", None, 4).unwrap(), ids);
        assert_eq!(decode(&b64(&bytes), "base64", None, 4).unwrap(), ids);
        assert_eq!(decode(&b64(&zlib), "base64", Some("zlib"), 4).unwrap(), ids);
        assert_eq!(decode(&b64(&gzip), "base64", Some("gzip"), 4).unwrap(), ids);
    }

    #[test]
    fn wrong_counts_and_bad_data_are_errors() {
        assert!(decode("0,1,2", "csv", None, 4).is_err());
        assert!(decode("0,x,2,3", "csv", None, 4).is_err());
        assert!(decode("0,,2,3", "csv", None, 4).is_err());
        assert!(decode("!!!", "base64", None, 1).is_err());
        assert!(decode("AAAA", "base64", Some("zlib"), 1).is_err());
        assert!(decode("AAAAAA==", "base64", Some("zstd"), 1).is_err());
        assert!(decode("AAAAAA==", "xml", None, 1).is_err());
    }
}
