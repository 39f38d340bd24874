//! The scene's frame loop: move every object, update the broad phase, run the collision pass.
//!
//! ```
//! use collide_broad::BroadPhaseKind;
//! use collide_scene::{FrameRunner, SceneConfig};
//!
//! let mut runner = FrameRunner::new(&SceneConfig::uniform(100), BroadPhaseKind::Grid, true);
//! let stats = runner.frame()?;
//! assert_eq!(stats.proxies, 100);
//! # Ok::<(), collide_broad::Error>(())
//! ```

use collide_broad::{AnyBroadPhase, Body, BroadPhaseKind, CollisionPass, PassStats, Used};
use collide_core::SweepMode;

use crate::palette::Palette;
use crate::scene::{Scene, SceneConfig};

/// A scene, its palette, a collision pass over a broad phase, and the reusable body buffer:
/// everything one frame needs, so that a frame in steady state allocates nothing.
pub struct FrameRunner<'p> {
    scene: Scene,
    palette: &'p Palette,
    pass: CollisionPass<AnyBroadPhase>,
    bodies: Vec<Body<'p>>,
}

impl FrameRunner<'static> {
    /// A runner over a fresh scene with the [standard palette](Palette::standard); `sweep`
    /// chooses [`SweepMode::Exact`] (as shipped) or [`SweepMode::Off`] (the tunnelling
    /// comparison).
    #[must_use]
    pub fn new(config: &SceneConfig, broad_phase: BroadPhaseKind, sweep: bool) -> Self {
        let mode = if sweep {
            SweepMode::Exact
        } else {
            SweepMode::Off
        };
        Self::with_mode(config, broad_phase, mode)
    }

    /// A runner with the standard palette and any sweep mode.
    #[must_use]
    pub fn with_mode(config: &SceneConfig, broad_phase: BroadPhaseKind, mode: SweepMode) -> Self {
        Self::with_palette(config, Palette::standard(), broad_phase, mode)
    }
}

impl<'p> FrameRunner<'p> {
    /// A runner whose objects take their shapes from `palette` (a game's own hull enemies,
    /// say).
    #[must_use]
    pub fn with_palette(
        config: &SceneConfig,
        palette: &'p Palette,
        broad_phase: BroadPhaseKind,
        mode: SweepMode,
    ) -> Self {
        let scene = Scene::new(config);
        Self {
            bodies: Vec::with_capacity(scene.objects().len()),
            pass: CollisionPass::new(broad_phase.build()).with_sweep_mode(mode),
            palette,
            scene,
        }
    }

    /// Runs one frame: [`Scene::step`], the bodies' start and end positions refreshed, then
    /// the collision pass. Hits are counted, not acted on (nothing is destroyed), so every
    /// frame costs the same.
    ///
    /// # Errors
    ///
    /// [`collide_broad::Error::TooManyPairs`] when the frame has more candidate pairs than the
    /// pass accepts ([`CollisionPass::set_max_pairs`]); the scene has still stepped, and the
    /// pass holds no hits.
    pub fn frame(&mut self) -> Result<PassStats, collide_broad::Error> {
        self.scene.step();
        self.scene.bodies(self.palette, &mut self.bodies);
        self.pass.run(&self.bodies, |_| Used::NEITHER)
    }

    /// The scene as it stands after the last frame.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The palette the bodies take their shapes from.
    #[must_use]
    pub fn palette(&self) -> &'p Palette {
        self.palette
    }

    /// The last frame's bodies, in the scene's object order.
    #[must_use]
    pub fn bodies(&self) -> &[Body<'p>] {
        &self.bodies
    }

    /// The collision pass (its hits are the last frame's).
    #[must_use]
    pub fn pass(&self) -> &CollisionPass<AnyBroadPhase> {
        &self.pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_broad_phase_finds_the_same_hits() {
        for kind in crate::SceneKind::ALL {
            let config = SceneConfig::new(kind, 600).with_hull_enemies(0.3);
            let mut runners: Vec<FrameRunner<'_>> = BroadPhaseKind::ALL
                .into_iter()
                .map(|b| FrameRunner::new(&config, b, true))
                .collect();
            let mut total_hits = 0;
            for _ in 0..20 {
                let stats: Vec<PassStats> = runners
                    .iter_mut()
                    .map(|r| r.frame().expect("within the pair limit"))
                    .collect();
                for s in &stats[1..] {
                    assert_eq!(s, &stats[0]);
                }
                let hits = runners[0].pass().hits().to_vec();
                for r in &runners[1..] {
                    assert_eq!(r.pass().hits(), hits.as_slice());
                }
                total_hits += hits.len();
            }
            assert!(total_hits > 0, "{kind:?}: the scene never produced a hit");
        }
    }

    #[test]
    fn sweep_off_runs_no_sweep_and_finds_no_more_hits() {
        let config = SceneConfig::uniform(1_000);
        let mut on = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
        let mut off = FrameRunner::new(&config, BroadPhaseKind::Grid, false);
        let (mut sweeps_on, mut hits_on, mut hits_off) = (0, 0, 0);
        for _ in 0..30 {
            let a = on.frame().expect("within the pair limit");
            let b = off.frame().expect("within the pair limit");
            assert_eq!(b.sweeps, 0);
            assert_eq!(a.pairs, b.pairs);
            assert!(a.discrete_hits + a.swept_hits >= b.discrete_hits);
            sweeps_on += a.sweeps;
            hits_on += a.discrete_hits + a.swept_hits;
            hits_off += b.discrete_hits;
        }
        assert!(sweeps_on > 0);
        assert!(hits_on >= hits_off);
    }
}
