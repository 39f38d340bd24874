use std::io::Cursor;

use image::codecs::png::PngDecoder;
use image::{DynamicImage, Limits};

use crate::Error;

/// The default pixel limit of [`decode_png`]: 64 Mi pixels (8192 × 8192), far beyond any sprite
/// sheet yet small enough that decoding cannot exhaust memory.
pub const DEFAULT_MAX_PIXELS: u64 = 64 * 1024 * 1024;

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Which pixels of an image are solid: alpha at or above a threshold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaMask {
    width: u32,
    height: u32,
    solid: Vec<bool>,
}

impl AlphaMask {
    /// A mask from a row-major list of `width × height` solid flags.
    ///
    /// # Errors
    /// [`Error::InvalidOption`] when the list's length is not `width × height`.
    pub fn new(width: u32, height: u32, solid: Vec<bool>) -> Result<AlphaMask, Error> {
        if solid.len() as u64 != u64::from(width) * u64::from(height) {
            return Err(Error::InvalidOption(format!(
                "a {width}×{height} mask needs {} flags, got {}",
                u64::from(width) * u64::from(height),
                solid.len()
            )));
        }
        Ok(AlphaMask {
            width,
            height,
            solid,
        })
    }

    /// The mask of `image`: a pixel is solid when its alpha reaches `threshold` (on the 8-bit
    /// scale; 16-bit alpha is compared with `threshold × 257`, float alpha with
    /// `threshold / 255`). Images without alpha are solid everywhere.
    #[must_use]
    pub fn from_image(image: &DynamicImage, threshold: u8) -> AlphaMask {
        let (width, height) = (image.width(), image.height());
        let t8 = threshold;
        let t16 = u16::from(threshold) * 257;
        let tf = f32::from(threshold) / 255.0;
        let solid: Vec<bool> = match image {
            DynamicImage::ImageLumaA8(img) => img.pixels().map(|p| p.0[1] >= t8).collect(),
            DynamicImage::ImageRgba8(img) => img.pixels().map(|p| p.0[3] >= t8).collect(),
            DynamicImage::ImageLumaA16(img) => img.pixels().map(|p| p.0[1] >= t16).collect(),
            DynamicImage::ImageRgba16(img) => img.pixels().map(|p| p.0[3] >= t16).collect(),
            DynamicImage::ImageRgba32F(img) => img.pixels().map(|p| p.0[3] >= tf).collect(),
            other if !other.color().has_alpha() => {
                vec![true; width as usize * height as usize]
            }
            // A colour type added to `image` later: go through 8-bit RGBA.
            other => other.to_rgba8().pixels().map(|p| p.0[3] >= t8).collect(),
        };
        AlphaMask {
            width,
            height,
            solid,
        }
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether the pixel at column `x`, row `y` is solid (`false` outside the image).
    #[must_use]
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.width
            && y < self.height
            && self.solid[y as usize * self.width as usize + x as usize]
    }

    /// How many pixels are solid.
    #[must_use]
    pub fn solid_count(&self) -> usize {
        self.solid.iter().filter(|&&s| s).count()
    }
}

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
/// [`Error::NotPng`], [`Error::TooLarge`], or [`Error::Decode`] for a truncated or corrupt file.
pub fn decode_png(bytes: &[u8], max_pixels: u64) -> Result<DynamicImage, Error> {
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

    #[test]
    fn mask_length_is_checked() {
        assert!(AlphaMask::new(2, 2, vec![true; 3]).is_err());
        let m = AlphaMask::new(2, 1, vec![false, true]).unwrap();
        assert!(m.is_solid(1, 0) && !m.is_solid(0, 0) && !m.is_solid(5, 0));
        assert_eq!(m.solid_count(), 1);
    }
}
