//! Loading collider files back as `collide_core::Hull`s.

use std::path::Path;

use collide_core::glam::Vec2;
use collide_core::{AnimatedHull, Hull};

use crate::format::{collider_path, ColliderFile};
use crate::Error;

/// Where a frame's local origin goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Origin {
    /// The frame's top-left corner, as in the file.
    TopLeft,
    /// The frame's centre (the usual pivot of a sprite).
    #[default]
    Center,
}

/// Which way the game's y axis points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum YAxis {
    /// Down, like the image (screen coordinates).
    #[default]
    Down,
    /// Up (mathematical coordinates): y is negated.
    Up,
}

/// How a file's pixel coordinates become a game's local hull coordinates:
/// `local = (pixel − origin) × scale`, then y negated for [`YAxis::Up`].
///
/// Winding stays right either way: [`Hull::new`] restores positive shoelace area after a flip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Where the local origin is.
    pub origin: Origin,
    /// World units per pixel: finite and positive ([`ColliderFile::hulls`] refuses any other;
    /// a negative one would turn the sprite round, not scale it).
    pub scale: f32,
    /// The game's y direction.
    pub y_axis: YAxis,
}

impl Default for Placement {
    /// Frame centre, one unit per pixel, y down.
    fn default() -> Placement {
        Placement {
            origin: Origin::Center,
            scale: 1.0,
            y_axis: YAxis::Down,
        }
    }
}

impl Placement {
    /// The local position of pixel corner `[x, y]` in a `frame_width × frame_height` frame.
    #[must_use]
    pub fn place(&self, point: [i32; 2], frame_width: u32, frame_height: u32) -> Vec2 {
        let origin = match self.origin {
            Origin::TopLeft => Vec2::ZERO,
            Origin::Center => Vec2::new(frame_width as f32, frame_height as f32) * 0.5,
        };
        let p = (Vec2::new(point[0] as f32, point[1] as f32) - origin) * self.scale;
        match self.y_axis {
            YAxis::Down => p,
            YAxis::Up => Vec2::new(p.x, -p.y),
        }
    }
}

impl ColliderFile {
    /// One hull per frame, placed as `placement` says; `None` for an empty frame.
    ///
    /// # Errors
    /// [`Error::InvalidOption`] when `placement.scale` is not finite and positive;
    /// [`Error::Hull`] naming the frame when a hull is refused by [`Hull::new`] (a scale so
    /// small or large that its vertices round together or overflow).
    pub fn hulls(&self, placement: &Placement) -> Result<Vec<Option<Hull>>, Error> {
        let scale = placement.scale;
        if !(scale.is_finite() && scale > 0.0) {
            return Err(Error::InvalidOption(format!(
                "placement scale {scale}: world units per pixel must be finite and positive"
            )));
        }
        self.frames
            .iter()
            .enumerate()
            .map(|(frame, f)| {
                if f.vertices.is_empty() {
                    return Ok(None);
                }
                let points: Vec<Vec2> = f
                    .vertices
                    .iter()
                    .map(|&p| placement.place(p, self.frame_width, self.frame_height))
                    .collect();
                Hull::new(&points)
                    .map(Some)
                    .map_err(|source| Error::Hull { frame, source })
            })
            .collect()
    }

    /// The frames as one multi-frame collider, ready for animation.
    ///
    /// # Errors
    /// As [`hulls`](ColliderFile::hulls), and [`Error::EmptyFrame`] when a frame has no hull.
    pub fn animated(&self, placement: &Placement) -> Result<AnimatedHull<Vec<Hull>>, Error> {
        let frames = self
            .hulls(placement)?
            .into_iter()
            .enumerate()
            .map(|(frame, hull)| hull.ok_or(Error::EmptyFrame { frame }))
            .collect::<Result<Vec<Hull>, Error>>()?;
        AnimatedHull::new(frames).map_err(|source| Error::Hull { frame: 0, source })
    }
}

/// Reads the collider file beside a sprite (`ship.png` → `ship.collider.json`).
///
/// Returns `Ok(None)` when there is none, so the game can fall back to a circle or a box.
///
/// # Errors
/// As [`ColliderFile::read`], but a missing file is `Ok(None)`: [`Error::Io`] when the file
/// exists but cannot be read, is not a regular file, or is larger than
/// [`MAX_FILE_BYTES`](crate::MAX_FILE_BYTES); otherwise as [`ColliderFile::from_json`].
pub fn load_beside(png_path: &Path) -> Result<Option<ColliderFile>, Error> {
    match ColliderFile::read(&collider_path(png_path)) {
        Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(None),
        read => read.map(Some),
    }
}
