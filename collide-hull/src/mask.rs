//! Which pixels of an image are solid, the input of the hull tool.

#[cfg(feature = "png")]
use image::DynamicImage;

use crate::Error;

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
    #[cfg(feature = "png")]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_length_is_checked() {
        assert!(AlphaMask::new(2, 2, vec![true; 3]).is_err());
        let m = AlphaMask::new(2, 1, vec![false, true]).unwrap();
        assert!(m.is_solid(1, 0) && !m.is_solid(0, 0) && !m.is_solid(5, 0));
        assert_eq!(m.solid_count(), 1);
    }
}
