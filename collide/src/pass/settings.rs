//! How the collision pass runs: [`PassSettings`], beside `move_and_slide`'s `SlideSettings`.

use collide_core::{SweepMode, DEFAULT_SKIN};

use crate::pass::rounds::DEFAULT_MAX_TURNS;

/// The candidate pairs a pass accepts per frame unless told otherwise: 2²², about four
/// million.
pub const DEFAULT_MAX_PAIRS: usize = 1 << 22;

/// How a [`CollisionPass`](crate::CollisionPass) runs; `PassSettings::default()` is what a
/// game wants unless it measures otherwise.
///
/// ```
/// use collide::{CollisionPass, PassSettings};
///
/// let settings = PassSettings::default().with_max_turns(4).with_skin(0.05);
/// let pass = CollisionPass::default().with_settings(settings);
/// assert_eq!(pass.settings().max_turns, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassSettings {
    /// How the narrow phase looks between the frame's end positions (by default the exact
    /// sweep; `Off` reproduces the tunnelling bug, for comparison).
    pub sweep_mode: SweepMode,
    /// The most candidate pairs one frame may have (see
    /// [the pair limit](crate::CollisionPass#the-pair-limit)); by default
    /// [`DEFAULT_MAX_PAIRS`].
    pub max_pairs: usize,
    /// The most turns one body may make in a frame (see
    /// [responses](crate::CollisionPass#responses)); by default [`DEFAULT_MAX_TURNS`].
    pub max_turns: u32,
    /// The gap a turning body keeps from what it hit, in world units (by default
    /// [`DEFAULT_SKIN`]; negative or NaN counts as zero). A turn keeps at least four ulps of
    /// the largest coordinate the pair reaches, whatever this asks for: a smaller gap could
    /// not keep the rounding of the body's position out of what it hit.
    pub skin: f32,
}

impl Default for PassSettings {
    fn default() -> Self {
        Self {
            sweep_mode: SweepMode::default(),
            max_pairs: DEFAULT_MAX_PAIRS,
            max_turns: DEFAULT_MAX_TURNS,
            skin: DEFAULT_SKIN,
        }
    }
}

impl PassSettings {
    /// These settings with another sweep mode.
    #[must_use]
    pub fn with_sweep_mode(mut self, sweep_mode: SweepMode) -> Self {
        self.sweep_mode = sweep_mode;
        self
    }

    /// These settings with another limit on the candidate pairs of one frame.
    #[must_use]
    pub fn with_max_pairs(mut self, max_pairs: usize) -> Self {
        self.max_pairs = max_pairs;
        self
    }

    /// These settings with another cap on the turns one body may make in a frame.
    #[must_use]
    pub fn with_max_turns(mut self, max_turns: u32) -> Self {
        self.max_turns = max_turns;
        self
    }

    /// These settings with another skin.
    #[must_use]
    pub fn with_skin(mut self, skin: f32) -> Self {
        self.skin = skin;
        self
    }
}
