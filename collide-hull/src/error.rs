use std::path::PathBuf;

/// Why a sprite could not be turned into hulls, or a collider file could not be read.
///
/// An error that has a cause (what the operating system said, the JSON parser's message, why
/// [`collide_core::Hull::new`] refused a frame) returns it from
/// [`source`](std::error::Error::source) and leaves it out of its own message, so that a
/// reporter printing the whole chain (anyhow's `{:#}`, for one) shows each cause once. Print
/// the chain, not just this error's `Display`, to show the cause.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A file could not be read.
    #[error("cannot read {path}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The bytes do not start with the PNG signature. (`png` feature.)
    #[cfg(feature = "png")]
    #[error("not a PNG file (no PNG signature)")]
    NotPng,
    /// The PNG is truncated, corrupt or uses a feature the decoder does not support. (`png`
    /// feature.)
    #[cfg(feature = "png")]
    #[error("cannot decode the PNG: {reason}")]
    Decode {
        /// The decoder's explanation.
        reason: String,
    },
    /// The PNG header claims more pixels than the configured limit. (`png` feature.)
    #[cfg(feature = "png")]
    #[error(
        "the image is {width}×{height} = {pixels} pixels, more than the limit of {max_pixels}"
    )]
    TooLarge {
        /// Width from the PNG header.
        width: u32,
        /// Height from the PNG header.
        height: u32,
        /// `width × height`.
        pixels: u64,
        /// The limit in force.
        max_pixels: u64,
    },
    /// The frame size does not divide the image into whole frames.
    #[error(
        "frames of {frame_width}×{frame_height} do not divide the {width}×{height} image into whole frames"
    )]
    FrameSize {
        /// Image width.
        width: u32,
        /// Image height.
        height: u32,
        /// Requested (or derived) frame width.
        frame_width: u32,
        /// Requested (or derived) frame height.
        frame_height: u32,
    },
    /// The frame size cuts the image into more than [`MAX_FRAMES`](crate::MAX_FRAMES) frames.
    #[error(
        "frames of {frame_width}×{frame_height} cut the {width}×{height} image into {frames} frames, more than the limit of {}",
        crate::MAX_FRAMES
    )]
    TooManyFrames {
        /// Image width.
        width: u32,
        /// Image height.
        height: u32,
        /// Requested (or derived) frame width.
        frame_width: u32,
        /// Requested (or derived) frame height.
        frame_height: u32,
        /// How many frames that makes.
        frames: u64,
    },
    /// An option is out of its range.
    #[error("invalid option: {0}")]
    InvalidOption(String),
    /// No pixel of the whole image reaches the alpha threshold. (`png` feature.)
    #[cfg(feature = "png")]
    #[error("no pixel is solid (alpha ≥ {threshold}): the image is empty at this threshold")]
    NoSolidPixels {
        /// The threshold in force.
        threshold: u8,
    },
    /// The containment-preserving simplification found no way to reach the vertex limit while
    /// generating a sprite's hulls. (`png` feature.)
    #[cfg(feature = "png")]
    #[error(
        "frame {frame}: no enclosing hull of at most {max_vertices} vertices on pixel corners was found"
    )]
    CannotEnclose {
        /// The frame index.
        frame: usize,
        /// The vertex limit.
        max_vertices: usize,
    },
    /// A collider file is not valid JSON or does not have the version-1 shape.
    #[error("malformed collider file")]
    Json(#[from] serde_json::Error),
    /// A collider file declares a version this crate does not read.
    #[error(
        "unsupported collider file version {found} (this reader knows version {})",
        crate::FORMAT_VERSION
    )]
    UnsupportedVersion {
        /// The `"version"` value found, as JSON text (`missing` when absent).
        found: String,
    },
    /// A collider file is well-formed JSON but its content is inconsistent.
    #[error("invalid collider file: {0}")]
    Invalid(String),
    /// A frame's outline is not a valid `collide_core::Hull`.
    #[error("frame {frame} is not a valid hull")]
    Hull {
        /// The frame index.
        frame: usize,
        /// Why `Hull::new` refused it.
        #[source]
        source: collide_core::Error,
    },
    /// A frame has no hull (it was empty), where every frame needs one.
    #[error("frame {frame} is empty: it has no hull")]
    EmptyFrame {
        /// The frame index.
        frame: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_cause_is_the_source_and_not_repeated_in_the_message() {
        let io = Error::Io {
            path: "a.png".into(),
            source: std::io::Error::other("the disk is on fire"),
        };
        let json = Error::from(serde_json::from_str::<u8>("[").unwrap_err());
        let hull = Error::Hull {
            frame: 2,
            source: collide_core::Error::NonFinite,
        };
        for e in [io, json, hull] {
            let cause = e.source().expect("a cause").to_string();
            assert!(!e.to_string().contains(&cause), "{e} repeats {cause}");
        }
    }
}
