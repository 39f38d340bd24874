//! The scene's frame loop: move every object, update the broad phase, run the collision pass.
//!
//! ```
//! use collide::BroadPhaseKind;
//! use collide_scene::{FrameRunner, SceneConfig};
//!
//! let mut runner = FrameRunner::new(&SceneConfig::uniform(100), BroadPhaseKind::Grid, true);
//! let stats = runner.frame()?;
//! assert_eq!(stats.proxies, 100);
//! # Ok::<(), collide::Error>(())
//! ```

use collide::{
    AnyBroadPhase, Body, BroadPhaseKind, CollisionPass, ContactEvents, Obstacles, PassHit,
    PassSettings, PassStats, Reaction, Response,
};
use collide_core::SweepMode;
use glam::Vec2;

use crate::level::{Level, LevelKind, STATIC_LAYER};
use crate::palette::Palette;
use crate::scene::{Role, Scene, SceneConfig, BULLET_SPEED};

/// A scene, its palette, a collision pass over a broad phase, and the reusable body buffer:
/// everything one frame needs, so that a frame in steady state allocates nothing.
pub struct FrameRunner<'p> {
    scene: Scene,
    palette: &'p Palette,
    pass: CollisionPass<AnyBroadPhase>,
    bodies: Vec<Body<'p>>,
    bounces: bool,
    level: Level,
    /// The contact events the pass runs through, when on.
    events: Option<ContactEvents>,
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
            pass: CollisionPass::new(broad_phase.build())
                .with_settings(PassSettings::default().with_sweep_mode(mode)),
            palette,
            scene,
            bounces: false,
            level: Level::None,
            events: None,
        }
    }

    /// The same runner in a static level (see [`LevelKind`]), built once here around the
    /// scene's field: the pass's static world, which bullets hit and enemies pass over.
    #[must_use]
    pub fn with_level(mut self, kind: LevelKind) -> Self {
        self.level = Level::new(kind, self.scene.field(), self.scene.config().seed);
        self
    }

    /// The same runner with bullets that bounce off enemies (restitution 1) instead of
    /// passing through: the collision pass's responses at work, every hit a turn and the rest
    /// of the frame swept again.
    #[must_use]
    pub fn with_bounces(mut self, bounces: bool) -> Self {
        self.bounces = bounces;
        self
    }

    /// The same runner with every body keyed by its object's index and the pass run through
    /// [`ContactEvents`] (`true`), or without keys or events (`false`, the default): what
    /// following contacts from frame to frame costs. [`save`](Self::save) and
    /// [`restore`](Self::restore) carry the tracker, so the frames after a restore report the
    /// events they reported the first time.
    #[must_use]
    pub fn with_events(mut self, events: bool) -> Self {
        self.events = events.then(ContactEvents::default);
        self
    }

    /// The contact events of the last frame, when on ([`with_events`](Self::with_events)).
    #[must_use]
    pub fn events(&self) -> Option<&ContactEvents> {
        self.events.as_ref()
    }

    /// Switches to bullets that bounce (`true`) or pass through (`false`) from the next frame
    /// on, the scene carrying on where it is; see [`with_bounces`](Self::with_bounces).
    pub fn set_bounces(&mut self, bounces: bool) {
        self.bounces = bounces;
    }

    /// Whether bullets bounce off enemies.
    #[must_use]
    pub fn bounces(&self) -> bool {
        self.bounces
    }

    /// Switches the broad phase from the next frame on, without restarting: the scene carries
    /// on where it is and the pass keeps its settings and buffers. Every broad phase finds the
    /// same hits, so the frames go on as they would have.
    pub fn set_broad_phase(&mut self, kind: BroadPhaseKind) {
        self.pass.set_broad_phase(kind.build());
    }

    /// Runs one frame: [`Scene::step`], the bodies' start and end positions refreshed, then
    /// the collision pass. Hits are counted, not acted on (nothing is destroyed), so every
    /// frame costs the same; [with bounces](Self::with_bounces), a bullet bounces off the
    /// enemy it hits and the scene takes its new path.
    ///
    /// # Errors
    ///
    /// [`collide::Error::Broad`] with `TooManyPairs` when the frame has more candidate pairs
    /// than the pass accepts ([`PassSettings::max_pairs`]); the scene has still stepped, and
    /// the pass holds no hits.
    pub fn frame(&mut self) -> Result<PassStats, collide::Error> {
        self.scene.step();
        if self.events.is_some() {
            // Keyed as they are built, as a game sets each body's entity id.
            let objects = self.scene.objects().iter().enumerate();
            let palette = self.palette;
            self.bodies.clear();
            self.bodies
                .extend(objects.map(|(i, o)| o.body(palette).with_key(i as u64)));
        } else {
            self.scene.bodies(self.palette, &mut self.bodies);
        }
        let statics = self.level.obstacles();
        if !matches!(self.level, Level::None) {
            for (body, o) in self.bodies.iter_mut().zip(self.scene.objects()) {
                if o.role == Role::Bullet {
                    body.layers.mask |= STATIC_LAYER;
                }
            }
        }
        let (pass, events, bodies) = (&mut self.pass, self.events.as_mut(), &self.bodies);
        if !self.bounces {
            return run_pass(pass, events, bodies, statics, |_| Response::CARRY);
        }
        let objects = self.scene.objects();
        let react = |i: usize| match objects[i].role {
            Role::Bullet => Reaction::Bounce { restitution: 1.0 },
            Role::Enemy => Reaction::Carry,
        };
        let stats = run_pass(pass, events, bodies, statics, |hit| Response {
            a: react(hit.a),
            b: hit.b.body().map_or(Reaction::Carry, react),
        })?;
        for (i, end) in self.pass.outcomes().iter().enumerate() {
            if end.turns > 0 {
                self.scene
                    .redirect(i, end.position, bullet_velocity(end.velocity));
            }
        }
        Ok(stats)
    }

    /// Saves the runner's state between two frames (a rollback point): the scene (every
    /// object's position, velocity and the frame count), whether bullets bounce, and the
    /// contact tracker when events are on. It allocates the copy;
    /// [`save_into`](Self::save_into) reuses one.
    #[must_use]
    pub fn save(&self) -> FrameState {
        FrameState {
            scene: self.scene.clone(),
            bounces: self.bounces,
            events: self.events.clone(),
        }
    }

    /// Saves the runner's state into `state`, reusing its memory: with a `state` saved before
    /// from this runner it allocates nothing when events are off, so a game can save every
    /// frame (with events on, the tracker's copy is made anew).
    pub fn save_into(&self, state: &mut FrameState) {
        state.scene.clone_from(&self.scene);
        state.bounces = self.bounces;
        state.events.clone_from(&self.events);
    }

    /// Puts the runner back where `state` was saved: the frames after it run again as they
    /// ran the first time, bit for bit (the broad phase, the pass's buffers and the static
    /// level carry nothing from frame to frame that reaches an answer). The pass's hits and
    /// outcomes stay those of the last frame run until the next one. Allocates nothing when
    /// `state` comes from this runner. A state from a runner of another scene restores that
    /// scene, but keeps this runner's level and palette.
    pub fn restore(&mut self, state: &FrameState) {
        self.scene.clone_from(&state.scene);
        self.bounces = state.bounces;
        self.events.clone_from(&state.events);
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

/// A [`FrameRunner`]'s state between two frames, for rollback: see [`FrameRunner::save`].
/// Two states are equal when their scenes and bounce settings are (the contact tracker, a
/// cache of the pairs touching, is left out of the comparison).
#[derive(Clone, Debug)]
pub struct FrameState {
    scene: Scene,
    bounces: bool,
    events: Option<ContactEvents>,
}

impl PartialEq for FrameState {
    fn eq(&self, other: &Self) -> bool {
        self.scene == other.scene && self.bounces == other.bounces
    }
}

impl FrameState {
    /// The scene as it was saved.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The frames run before it was saved.
    #[must_use]
    pub fn frame(&self) -> u64 {
        self.scene.frame()
    }
}

/// The pass over `bodies`, through `events` when there are any.
fn run_pass<O: Obstacles + ?Sized>(
    pass: &mut CollisionPass<AnyBroadPhase>,
    events: Option<&mut ContactEvents>,
    bodies: &[Body<'_>],
    statics: &O,
    resolve: impl FnMut(&PassHit) -> Response,
) -> Result<PassStats, collide::Error> {
    match events {
        Some(events) => events.run(pass, bodies, statics, resolve),
        None => pass.run(bodies, statics, resolve),
    }
}

/// A bullet's velocity after it bounced: the bounce's direction at the bullet's one speed.
/// A bounce off an enemy moving into the bullet adds the enemy's speed to it; kept frame after
/// frame, that would pump bullets up to crossing the field in a frame.
fn bullet_velocity(bounced: Vec2) -> Vec2 {
    bounced.normalize_or_zero() * BULLET_SPEED
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

    /// With bounces, bullets turn at their hits and the scene follows them: the bullets end
    /// where their turns say, at their one speed. Few reach the cap on turns: those that
    /// start inside an enemy (the scene places them at random) or are squeezed between two
    /// enemies closing on each other, which carry on through them and leave no safe position
    /// to keep. A capped bullet keeps its velocity (it no longer freezes), so one squeezed for
    /// several frames is capped in each: about one turn in twenty, not under it.
    #[test]
    fn bounces_turn_the_bullets_and_the_scene_follows() {
        let config = SceneConfig::uniform(1_000);
        let mut runner = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_bounces(true);
        let (mut turns, mut capped) = (0, 0);
        for _ in 0..60 {
            let stats = runner.frame().expect("within the pair limit");
            let objects = runner.scene().objects();
            for (o, end) in objects.iter().zip(runner.pass().outcomes()) {
                if end.turns > 0 {
                    assert_eq!(o.role, Role::Bullet);
                    assert_eq!(o.position, end.position);
                    assert_eq!(o.velocity, bullet_velocity(end.velocity));
                    assert!(
                        (o.velocity.length() - BULLET_SPEED).abs() < 1e-3
                            || o.velocity == Vec2::ZERO
                    );
                }
            }
            turns += stats.turns;
            capped += stats.capped;
        }
        assert!(
            turns > 1_000 && capped * 10 < turns,
            "{turns} turns, {capped} capped"
        );
    }

    /// Switched to another broad phase every frame, with and without bounces, a runner goes on
    /// exactly as one that kept the grid.
    #[test]
    fn switching_the_broad_phase_mid_run_changes_no_frame() {
        for bounces in [false, true] {
            let config = SceneConfig::uneven(800).with_hull_enemies(0.3);
            let mut kept =
                FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_bounces(bounces);
            let mut switched = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
            switched.set_bounces(bounces);
            assert_eq!(switched.bounces(), bounces);
            let mut hits = 0;
            for frame in 0..24 {
                let kind = BroadPhaseKind::ALL[frame % BroadPhaseKind::ALL.len()];
                switched.set_broad_phase(kind);
                assert_eq!(switched.pass().broad_phase().kind(), kind);
                let a = kept.frame().expect("within the pair limit");
                let b = switched.frame().expect("within the pair limit");
                assert_eq!(a, b, "frame {frame}, {kind:?}");
                assert_eq!(kept.pass().hits(), switched.pass().hits());
                assert_eq!(kept.pass().turns(), switched.pass().turns());
                assert_eq!(kept.scene().objects(), switched.scene().objects());
                hits += a.discrete_hits + a.swept_hits;
            }
            assert!(hits > 0);
        }
    }

    /// Keys and events change no frame, with and without bounces; the shmup's bullets start
    /// and stop touching enemies every frame.
    #[test]
    fn events_change_no_frame_and_report_contacts() {
        for bounces in [false, true] {
            let config = SceneConfig::uniform(1_000);
            let mut plain = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
            let mut keyed = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_events(true);
            plain.set_bounces(bounces);
            keyed.set_bounces(bounces);
            assert!(plain.events().is_none());
            let (mut started, mut stopped) = (0, 0);
            for frame in 0..30 {
                let a = plain.frame().expect("within the pair limit");
                let b = keyed.frame().expect("within the pair limit");
                assert_eq!(a, b, "frame {frame}");
                assert_eq!(plain.scene().objects(), keyed.scene().objects());
                let events = keyed.events().expect("on").events();
                started += events.iter().filter(|e| e.is_started()).count();
                stopped += events.iter().filter(|e| !e.is_started()).count();
            }
            assert!(
                started > 100 && stopped > 100,
                "{started} started, {stopped} stopped"
            );
        }
    }

    /// A rollback with events on: the frames run again after a restore report the events they
    /// reported the first time (the tracker is saved with the scene).
    #[test]
    fn a_restore_replays_the_same_contact_events() {
        let config = SceneConfig::uniform(1_000);
        let mut runner = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_events(true);
        runner.set_bounces(true);
        for _ in 0..10 {
            runner.frame().expect("within the pair limit");
        }
        let saved = runner.save();
        let run = |runner: &mut FrameRunner<'_>| -> Vec<Vec<collide::ContactEvent>> {
            (0..8)
                .map(|_| {
                    runner.frame().expect("within the pair limit");
                    runner.events().expect("on").events().to_vec()
                })
                .collect()
        };
        let first = run(&mut runner);
        assert!(first.iter().map(Vec::len).sum::<usize>() > 50);
        runner.restore(&saved);
        assert_eq!(run(&mut runner), first);
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
