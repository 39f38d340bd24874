use std::io::Cursor;

use image::codecs::png::PngDecoder;
use image::{DynamicImage, Limits};

use crate::Error;

/// The default pixel limit of [`decode_png`]: 64 Mi pixels (8192 × 8192), far beyond any sprite
/// sheet yet small enough that decoding cannot exhaust memory.
pub const DEFAULT_MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// The largest pixel limit [`decode_png`] takes: 256 Mi pixels (16384 × 16384), four times the
/// default. A decoded image takes up to 8 bytes a pixel (16-bit RGBA), 2 GiB at this size; a
/// higher limit would let a PNG of a few bytes ask for more memory than a machine may have,
/// and a failed allocation aborts the process.
pub const MAX_PIXELS_LIMIT: u64 = 256 * 1024 * 1024;

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// The width and height a PNG's header claims, read without decoding anything else.
///
/// # Errors
/// [`Error::NotPng`] without the PNG signature, [`Error::Decode`] when the header is cut short or
/// does not start with `IHDR`.
pub fn png_dimensions(bytes: &[u8]) -> Result<(u32, u32), Error> {
    if bytes.len() < PNG_SIGNATURE.len() || bytes[..8] != PNG_SIGNATURE {
        return Err(Error::NotPng);
    }
    let header = bytes.get(8..24).ok_or_else(|| Error::Decode {
        reason: "the file ends inside the PNG header".into(),
    })?;
    if &header[4..8] != b"IHDR" {
        return Err(Error::Decode {
            reason: "the first chunk is not IHDR".into(),
        });
    }
    let width = u32::from_be_bytes([header[8], header[9], header[10], header[11]]);
    let height = u32::from_be_bytes([header[12], header[13], header[14], header[15]]);
    Ok((width, height))
}

/// Decodes a PNG of any colour type (palette images with `tRNS` transparency included), after
/// checking that its header claims at most `max_pixels` pixels.
///
/// The check runs on the header alone, before anything large is allocated; the decoder also
/// runs under a matching allocation limit.
///
/// # Errors
/// [`Error::InvalidOption`] for a `max_pixels` above [`MAX_PIXELS_LIMIT`]; [`Error::NotPng`],
/// [`Error::TooLarge`], or [`Error::Decode`] for a truncated or corrupt file.
pub fn decode_png(bytes: &[u8], max_pixels: u64) -> Result<DynamicImage, Error> {
    check_max_pixels(max_pixels)?;
    let (width, height) = png_dimensions(bytes)?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > max_pixels {
        return Err(Error::TooLarge {
            width,
            height,
            pixels,
            max_pixels,
        });
    }
    let mut limits = Limits::default();
    // 16-bit RGBA output plus the decoder's own row buffers and chunk data.
    limits.max_alloc = Some(max_pixels.saturating_mul(8).saturating_mul(2) + (16 << 20));
    let decode_error = |e: image::ImageError| Error::Decode {
        reason: e.to_string(),
    };
    let decoder = PngDecoder::with_limits(Cursor::new(bytes), limits).map_err(decode_error)?;
    DynamicImage::from_decoder(decoder).map_err(decode_error)
}

/// Refuses a pixel limit above [`MAX_PIXELS_LIMIT`].
pub(crate) fn check_max_pixels(max_pixels: u64) -> Result<(), Error> {
    if max_pixels > MAX_PIXELS_LIMIT {
        return Err(Error::InvalidOption(format!(
            "the pixel limit must be at most {MAX_PIXELS_LIMIT}, got {max_pixels}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_checks() {
        assert!(matches!(png_dimensions(b"GIF89a"), Err(Error::NotPng)));
        assert!(matches!(
            png_dimensions(&PNG_SIGNATURE),
            Err(Error::Decode { .. })
        ));
    }
}
