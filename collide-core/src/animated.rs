use crate::{Error, Hull};

/// One collider holding a hull per animation frame: a rolling ship, a tumbling asteroid.
///
/// The animation picks the active frame with [`set_frame`](AnimatedHull::set_frame), an O(1)
/// index change; the collider is enabled and disabled as one unit, so a cutscene that turns
/// colliders off and on again never enables every frame at once. Generic over where the frames
/// live (`Vec<Hull>`, `&[Hull]`, `[Hull; N]`, `Arc<[Hull]>`), so it needs no allocator.
///
/// ```
/// use collide_core::{AnimatedHull, Hull};
///
/// let frames = [Hull::regular(6, 10.0)?, Hull::regular(8, 12.0)?];
/// let mut ship = AnimatedHull::new(&frames[..])?;
/// ship.set_frame(1)?;
/// assert_eq!(ship.active().unwrap().vertex_count(), 8);
/// ship.set_enabled(false);
/// assert!(ship.active().is_none());
/// # Ok::<(), collide_core::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct AnimatedHull<S> {
    frames: S,
    frame: usize,
    enabled: bool,
}

impl<S: AsRef<[Hull]>> AnimatedHull<S> {
    /// A collider over `frames`, enabled, showing frame 0.
    ///
    /// # Errors
    /// [`Error::NoFrames`] when `frames` is empty.
    pub fn new(frames: S) -> Result<Self, Error> {
        if frames.as_ref().is_empty() {
            return Err(Error::NoFrames);
        }
        Ok(Self {
            frames,
            frame: 0,
            enabled: true,
        })
    }

    /// Makes `frame` the active hull.
    ///
    /// # Errors
    /// [`Error::FrameOutOfRange`] past the last frame; the active frame is then unchanged.
    pub fn set_frame(&mut self, frame: usize) -> Result<(), Error> {
        let frames = self.frames.as_ref().len();
        if frame >= frames {
            return Err(Error::FrameOutOfRange { frame, frames });
        }
        self.frame = frame;
        Ok(())
    }

    /// The index of the active frame.
    #[must_use]
    pub fn frame(&self) -> usize {
        self.frame
    }

    /// How many frames the collider holds (at least one).
    #[must_use]
    pub fn frame_count(&self) -> usize {
        self.frames.as_ref().len()
    }

    /// Turns the whole collider on or off.
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
    }

    /// Whether the collider is on.
    #[must_use]
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// The active frame's hull, or `None` while the collider is disabled.
    #[must_use]
    pub fn active(&self) -> Option<&Hull> {
        self.enabled.then(|| self.hull())
    }

    /// The active frame's hull, whether or not the collider is enabled.
    #[must_use]
    pub fn hull(&self) -> &Hull {
        // `frame` is always in range: `new` refuses no frames and `set_frame` checks.
        &self.frames.as_ref()[self.frame]
    }

    /// All frames, in order.
    #[must_use]
    pub fn frames(&self) -> &[Hull] {
        self.frames.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switching_and_enabling() {
        let frames = [
            Hull::regular(3, 1.0).unwrap(),
            Hull::regular(5, 1.0).unwrap(),
        ];
        let mut c = AnimatedHull::new(frames).unwrap();
        assert_eq!(c.frame_count(), 2);
        assert_eq!(c.active().unwrap().vertex_count(), 3);
        assert_eq!(
            c.set_frame(2),
            Err(Error::FrameOutOfRange {
                frame: 2,
                frames: 2
            })
        );
        assert_eq!(c.frame(), 0, "a refused frame leaves the active one alone");
        c.set_frame(1).unwrap();
        c.set_enabled(false);
        assert!(c.active().is_none() && !c.is_enabled());
        c.set_enabled(true);
        assert_eq!(
            c.active().unwrap().vertex_count(),
            5,
            "re-enabling keeps the frame"
        );
        assert_eq!(AnimatedHull::new(&[][..]).unwrap_err(), Error::NoFrames);
    }
}
