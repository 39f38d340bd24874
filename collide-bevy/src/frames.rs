//! [`ColliderFrames`]: the hulls of a `.collider.json` file's animation frames, loaded once
//! and shared by every [`Collider`](crate::Collider) that shows them.

use std::path::Path;
use std::sync::Arc;

use collide_core::Hull;
use collide_hull::{ColliderFile, Origin, Placement, YAxis};

/// One hull per animation frame (`None` for a frame the sprite leaves empty), shared: cloning
/// it copies a pointer, so a thousand enemies of one sprite hold one list.
///
/// Built from a [`ColliderFile`] (`collide-hull`'s `.collider.json`), whose pixel coordinates
/// become local units by a [`Placement`]; [`ColliderFrames::SPRITE`] is a Bevy sprite's (the
/// frame's centre at the entity, one unit per pixel, y up).
///
/// ```
/// use collide_bevy::{Collider, ColliderFrames};
///
/// let text = r#"{
///   "version": 1, "generator": "collide-hull 0.2.0", "image": "blink.png",
///   "threshold": 128, "max_vertices": 16, "simplify": "vw",
///   "frame_width": 4, "frame_height": 4, "columns": 2, "rows": 1,
///   "frames": [ { "vertices": [[0, 0], [4, 0], [4, 4], [0, 4]] }, { "vertices": [] } ]
/// }"#;
/// let frames = ColliderFrames::from_json(text, &ColliderFrames::SPRITE)?;
/// let mut collider = Collider::animated(frames);
/// assert!(collider.shape().is_some()); // frame 0: a 4×4 square around the entity
/// collider.set_frame(1)?;
/// assert!(collider.shape().is_none()); // frame 1 is empty: the body takes no part
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "asset", derive(bevy::asset::Asset, bevy::reflect::TypePath))]
pub struct ColliderFrames {
    hulls: Arc<Vec<Option<Hull>>>,
}

impl ColliderFrames {
    /// A Bevy sprite's placement: the frame's centre at the entity's `Transform`, one unit
    /// per pixel, y up (the file's y points down, as the image's rows do).
    pub const SPRITE: Placement = Placement {
        origin: Origin::Center,
        scale: 1.0,
        y_axis: YAxis::Up,
    };

    /// Frames of these hulls, in order; `None` for an empty frame.
    ///
    /// # Errors
    /// [`collide_core::Error::NoFrames`] when there is no frame.
    pub fn new(hulls: Vec<Option<Hull>>) -> Result<Self, collide_core::Error> {
        if hulls.is_empty() {
            return Err(collide_core::Error::NoFrames);
        }
        Ok(Self {
            hulls: Arc::new(hulls),
        })
    }

    /// The frames of a collider file, placed by `placement`.
    ///
    /// # Errors
    /// [`collide_hull::Error`] when the file breaks the format's rules (it is validated
    /// again: it may have been built by hand) or a frame's hull is refused once placed (a
    /// zero or non-finite scale).
    pub fn from_file(
        file: &ColliderFile,
        placement: &Placement,
    ) -> Result<Self, collide_hull::Error> {
        file.validate()?;
        let hulls = file.hulls(placement)?;
        // A valid file has `columns × rows ≥ 1` frames.
        Self::new(hulls).map_err(|source| collide_hull::Error::Hull { frame: 0, source })
    }

    /// The frames of a collider file's text.
    ///
    /// # Errors
    /// As [`ColliderFile::from_json`] (not JSON, a field missing or unknown, another version,
    /// an invalid hull), then as [`from_file`](Self::from_file).
    pub fn from_json(text: &str, placement: &Placement) -> Result<Self, collide_hull::Error> {
        Self::from_file(&ColliderFile::from_json(text)?, placement)
    }

    /// The frames of the collider file at `path`.
    ///
    /// # Errors
    /// [`collide_hull::Error::Io`], naming the file, when it cannot be read; otherwise as
    /// [`from_json`](Self::from_json).
    pub fn read(
        path: impl AsRef<Path>,
        placement: &Placement,
    ) -> Result<Self, collide_hull::Error> {
        Self::from_file(&ColliderFile::read(path.as_ref())?, placement)
    }

    /// How many frames there are (at least one).
    #[must_use]
    pub fn len(&self) -> usize {
        self.hulls.len()
    }

    /// Always `false`: there is at least one frame (for clippy's `len` without `is_empty`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.hulls.is_empty()
    }

    /// Frame `frame`'s hull: `None` when the frame is empty or past the last.
    #[inline]
    #[must_use]
    pub fn hull(&self, frame: usize) -> Option<&Hull> {
        self.hulls.get(frame).and_then(Option::as_ref)
    }

    /// Whether `other` is a clone of these very frames (not merely equal ones).
    #[must_use]
    pub fn same_frames(&self, other: &ColliderFrames) -> bool {
        Arc::ptr_eq(&self.hulls, &other.hulls)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    const TWO_FRAMES: &str = r#"{
      "version": 1, "generator": "collide-hull 0.2.0", "image": "blink.png",
      "threshold": 128, "max_vertices": 16, "simplify": "vw",
      "frame_width": 4, "frame_height": 2, "columns": 2, "rows": 1,
      "frames": [ { "vertices": [[0, 0], [4, 0], [4, 2], [0, 2]] }, { "vertices": [] } ]
    }"#;

    #[test]
    fn sprite_placement_centres_the_frame_with_y_up() {
        let frames = ColliderFrames::from_json(TWO_FRAMES, &ColliderFrames::SPRITE).unwrap();
        assert_eq!(frames.len(), 2);
        let hull = frames.hull(0).expect("frame 0 has a hull");
        let (lo, hi) = hull
            .vertices()
            .iter()
            .fold((glam::Vec2::MAX, glam::Vec2::MIN), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        assert_eq!(
            (lo, hi),
            (glam::Vec2::new(-2.0, -1.0), glam::Vec2::new(2.0, 1.0))
        );
        assert!(frames.hull(1).is_none(), "an empty frame has no hull");
        assert!(
            frames.hull(2).is_none(),
            "past the last frame there is none"
        );
    }

    #[test]
    fn a_broken_file_says_why() {
        let lying = TWO_FRAMES.replace("\"columns\": 2", "\"columns\": 3");
        let err = ColliderFrames::from_json(&lying, &ColliderFrames::SPRITE).unwrap_err();
        assert!(
            err.to_string().contains("3 columns × 1 rows make 3 frames"),
            "{err}"
        );

        let zero_scale = Placement {
            scale: 0.0,
            ..ColliderFrames::SPRITE
        };
        let err = ColliderFrames::from_json(TWO_FRAMES, &zero_scale).unwrap_err();
        assert!(err.to_string().contains("placement scale 0"), "{err}");

        let missing = Path::new("no/such/ship.collider.json");
        let err = ColliderFrames::read(missing, &ColliderFrames::SPRITE).unwrap_err();
        assert!(
            err.to_string().contains("no/such/ship.collider.json"),
            "{err}"
        );
        assert!(err.source().is_some(), "the system's reason is its source");
    }

    #[test]
    fn no_frames_are_refused_and_clones_share() {
        assert_eq!(
            ColliderFrames::new(Vec::new()),
            Err(collide_core::Error::NoFrames)
        );
        let a = ColliderFrames::new(vec![None]).unwrap();
        let b = ColliderFrames::new(vec![None]).unwrap();
        assert!(a.same_frames(&a.clone()));
        assert!(!a.same_frames(&b));
        assert!(!a.is_empty());
    }
}
