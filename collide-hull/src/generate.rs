//! Sprite PNG → one hull per frame → [`ColliderFile`].

use std::path::Path;

use image::DynamicImage;

use crate::convex::{frame_hull, twice_area, Point};
use crate::format::{check_image_name, ColliderFile, Frame, FORMAT_VERSION};
use crate::read::read_regular;
use crate::simplify::{enclosing, visvalingam_whyatt};
use crate::{decode_png, AlphaMask, Error, Layout, Simplify, DEFAULT_MAX_PIXELS};

/// The settings of hull generation. `Options::default()`: threshold 128, at most 16 vertices,
/// Visvalingam–Whyatt, frames from the strip rule, a 64 Mi pixel limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Pixels with alpha at or above this are solid (1..=255).
    pub threshold: u8,
    /// The most vertices a hull may keep (3..=16).
    pub max_vertices: usize,
    /// How hulls with too many vertices are simplified.
    pub simplify: Simplify,
    /// Frame width for strips and sheets that the strip rule does not describe.
    pub frame_width: Option<u32>,
    /// Frame height, for grid sheets (with `frame_width`) and vertical strips.
    pub frame_height: Option<u32>,
    /// The largest image (width × height) that will be decoded (at most
    /// [`MAX_PIXELS_LIMIT`](crate::MAX_PIXELS_LIMIT)).
    pub max_pixels: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threshold: 128,
            max_vertices: collide_core::MAX_HULL_VERTICES,
            simplify: Simplify::Vw,
            frame_width: None,
            frame_height: None,
            max_pixels: DEFAULT_MAX_PIXELS,
        }
    }
}

impl Options {
    /// Checks every setting's range.
    ///
    /// # Errors
    /// [`Error::InvalidOption`] for threshold 0, `max_vertices` outside 3..=16 or `max_pixels`
    /// above [`MAX_PIXELS_LIMIT`](crate::MAX_PIXELS_LIMIT).
    pub fn validate(&self) -> Result<(), Error> {
        crate::decode::check_max_pixels(self.max_pixels)?;
        if self.threshold == 0 {
            return Err(Error::InvalidOption(
                "threshold must be 1..=255 (0 would make every pixel solid)".into(),
            ));
        }
        if !(3..=collide_core::MAX_HULL_VERTICES).contains(&self.max_vertices) {
            return Err(Error::InvalidOption(format!(
                "max_vertices must be 3..={}, got {}",
                collide_core::MAX_HULL_VERTICES,
                self.max_vertices
            )));
        }
        Ok(())
    }
}

/// A sprite turned into hulls: the collider file, and what went into it.
#[derive(Clone, Debug)]
pub struct Sprite {
    /// The decoded image.
    pub image: DynamicImage,
    /// Its solid pixels.
    pub mask: AlphaMask,
    /// How it is cut into frames.
    pub layout: Layout,
    /// Each frame's exact hull before simplification (empty for an empty frame).
    pub exact: Vec<Vec<Point>>,
    /// What goes into `<stem>.collider.json`.
    pub collider: ColliderFile,
}

impl Sprite {
    /// The indices of the frames without a solid pixel.
    #[must_use]
    pub fn empty_frames(&self) -> Vec<usize> {
        (0..self.exact.len())
            .filter(|&i| self.exact[i].is_empty())
            .collect()
    }

    /// Per frame, the output hull's area minus the exact hull's, in square pixels: negative
    /// where Visvalingam–Whyatt cut area off, positive where the enclosing simplification added
    /// some, zero where nothing was simplified.
    #[must_use]
    pub fn area_change(&self) -> Vec<f64> {
        self.collider
            .frames
            .iter()
            .zip(&self.exact)
            .map(|(f, exact)| (twice_area(&f.vertices) - twice_area(exact)) as f64 / 2.0)
            .collect()
    }
}

/// Builds the hulls of a PNG held in memory; `image_name` is the file name recorded in the
/// collider file.
///
/// # Errors
/// [`Error::InvalidOption`], the decoding errors of [`decode_png`], [`Error::FrameSize`] and
/// [`Error::TooManyFrames`] (see [`Layout::for_image`]), [`Error::NoSolidPixels`] when no pixel
/// of the image is solid, [`Error::CannotEnclose`], and [`Error::Invalid`] for an `image_name`
/// that is not a bare file name (as [`ColliderFile::validate`](crate::ColliderFile::validate)
/// asks).
pub fn generate(png: &[u8], image_name: &str, options: &Options) -> Result<Sprite, Error> {
    options.validate()?;
    check_image_name(image_name)?;
    let image = decode_png(png, options.max_pixels)?;
    let layout = Layout::for_image(
        image.width(),
        image.height(),
        options.frame_width,
        options.frame_height,
    )?;
    let mask = AlphaMask::from_image(&image, options.threshold);
    if mask.solid_count() == 0 {
        return Err(Error::NoSolidPixels {
            threshold: options.threshold,
        });
    }
    let exact: Vec<Vec<Point>> = (0..layout.frame_count())
        .map(|i| frame_hull(&mask, &layout, i))
        .collect();
    let frames = exact
        .iter()
        .enumerate()
        .map(|(frame, hull)| {
            let vertices = if hull.len() <= options.max_vertices {
                hull.clone()
            } else {
                match options.simplify {
                    Simplify::Vw => visvalingam_whyatt(hull, options.max_vertices),
                    Simplify::Enclosing => {
                        enclosing(hull, options.max_vertices).ok_or(Error::CannotEnclose {
                            frame,
                            max_vertices: options.max_vertices,
                        })?
                    }
                }
            };
            Ok(Frame { vertices })
        })
        .collect::<Result<Vec<Frame>, Error>>()?;
    let collider = ColliderFile {
        version: FORMAT_VERSION,
        generator: ColliderFile::generator_name(),
        image: image_name.to_owned(),
        threshold: options.threshold,
        max_vertices: options.max_vertices,
        simplify: options.simplify,
        frame_width: layout.frame_width,
        frame_height: layout.frame_height,
        columns: layout.columns,
        rows: layout.rows,
        frames,
    };
    Ok(Sprite {
        image,
        mask,
        layout,
        exact,
        collider,
    })
}

/// Reads a PNG file and builds its hulls, recording its file name.
///
/// Only a regular file of at most [`MAX_FILE_BYTES`](crate::MAX_FILE_BYTES) (1 GiB) is read:
/// a path naming a directory, a device (`/dev/urandom`) or a pipe is refused before it is
/// opened, so it neither waits for a writer nor reads for ever.
///
/// # Errors
/// [`Error::Io`] when it cannot be read, is not a regular file, or is larger than
/// [`MAX_FILE_BYTES`](crate::MAX_FILE_BYTES) (its source says which); otherwise as
/// [`generate`].
pub fn generate_file(png_path: &Path, options: &Options) -> Result<Sprite, Error> {
    let bytes = read_regular(png_path)?;
    let name = png_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    generate(&bytes, &name, options)
}
