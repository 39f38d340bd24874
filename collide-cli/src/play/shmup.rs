//! Scene 2, the shmup benchmark scene live: `collide_scene::FrameRunner` runs it as
//! `collide demo` and the benchmarks do (move every object, broad phase, collision pass), at
//! 100 to 100 000 objects, with the broad phase switched live by a key (the scene carries on),
//! the sweep switched, and bullets that bounce off enemies or pass through. Hits only the
//! sweep found are ringed.

use std::sync::OnceLock;
use std::time::Instant;

use anyhow::{Context, Result};
use collide::BroadPhaseKind;
use collide_core::{Pose, ShapeRef, SweepMode};
use collide_scene::{FrameRunner, Palette, Role};
use glam::Vec2;

use super::input::{pressed, presses, InputEvent, Key};
use super::{colour, Scene, PLAY_BOTTOM, PLAY_TOP, WIDTH};
use crate::raster::Canvas;
use crate::scene_setup::{enemy_hulls, mode_name, scene_config};

/// The object counts the up and down keys step through.
pub const OBJECTS: [usize; 7] = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000];
/// The count the scene starts at.
pub const START_OBJECTS: usize = 2;
/// How much of each new frame's collision time goes into the figure shown, so it can be read.
const SMOOTHING: f64 = 0.1;

/// The demo's palette (the scene's shapes with the sprite hulls), built once: runners borrow it.
fn palette() -> Result<&'static Palette> {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    if let Some(p) = PALETTE.get() {
        return Ok(p);
    }
    let [a, b] = enemy_hulls()?;
    Ok(PALETTE.get_or_init(|| Palette::with_hulls(a.hull, b.hull)))
}

/// The live scene and its settings.
pub struct Shmup {
    objects: usize,
    kind: usize,
    mode: SweepMode,
    bounces: bool,
    runner: FrameRunner<'static>,
    collision_ms: f64,
    hits: usize,
    swept_hits: usize,
    turns: usize,
    error: Option<String>,
}

impl Shmup {
    /// 1 000 objects, the grid, the exact sweep, bullets passing through.
    ///
    /// # Errors
    /// When the embedded sprite colliders cannot be read.
    pub fn new() -> Result<Self> {
        let objects = OBJECTS[START_OBJECTS];
        let mode = SweepMode::Exact;
        Ok(Self {
            runner: runner(objects, BroadPhaseKind::ALL[0], mode)?,
            objects,
            kind: 0,
            mode,
            bounces: false,
            collision_ms: 0.0,
            hits: 0,
            swept_hits: 0,
            turns: 0,
            error: None,
        })
    }

    /// The broad phase in use.
    pub fn broad_phase(&self) -> BroadPhaseKind {
        BroadPhaseKind::ALL[self.kind]
    }

    /// Objects in the scene.
    pub fn objects(&self) -> usize {
        self.runner.scene().objects().len()
    }

    #[cfg(test)]
    /// The last frame's hits: all of them, and those only the sweep found.
    pub fn hits(&self) -> (usize, usize) {
        (self.hits, self.swept_hits)
    }

    /// The frames run since the scene (re)started.
    pub fn frame(&self) -> u64 {
        self.runner.scene().frame()
    }

    #[cfg(test)]
    /// The last frame's turns: bounces of bullets off enemies.
    pub fn turns(&self) -> usize {
        self.turns
    }

    fn restart(&mut self) {
        match runner(self.objects, self.broad_phase(), self.mode) {
            Ok(r) => self.runner = r.with_bounces(self.bounces),
            Err(e) => self.error = Some(format!("{e:#}")),
        }
    }
}

fn runner(objects: usize, kind: BroadPhaseKind, mode: SweepMode) -> Result<FrameRunner<'static>> {
    let palette = palette().context("cannot load the embedded sprite colliders")?;
    Ok(FrameRunner::with_palette(
        &scene_config(objects),
        palette,
        kind,
        mode,
    ))
}

impl Scene for Shmup {
    fn title(&self) -> &'static str {
        "SHMUP"
    }

    fn keys(&self) -> &'static [&'static str] {
        &[
            "UP/DOWN OBJECTS   B BROAD PHASE   T BULLETS BOUNCE   S SWEEP   R RESTART (OBJECTS, SWEEP RESTART)",
            "YELLOW RINGS: HITS ONLY THE SWEEP FOUND",
        ]
    }

    fn status(&self) -> Vec<String> {
        let first = format!(
            "OBJECTS {}   BROAD PHASE {}   SWEEP {}   BULLETS {}   FRAME {}",
            self.objects(),
            self.broad_phase().name().to_uppercase(),
            mode_name(self.mode).to_uppercase(),
            if self.bounces {
                "BOUNCE"
            } else {
                "PASS THROUGH"
            },
            self.frame()
        );
        let second = match &self.error {
            Some(e) => format!("ERROR: {e}"),
            None => format!(
                "COLLISION {:.2} MS (MOVE, BROAD, NARROW)   HITS {}   SWEEP ONLY {} (RINGED)   BOUNCES {}",
                self.collision_ms, self.hits, self.swept_hits, self.turns
            ),
        };
        vec![first, second]
    }

    fn step(&mut self, input: &[InputEvent]) {
        let before = (self.objects, self.mode);
        for _ in 0..presses(input, Key::Up) {
            let i = OBJECTS.iter().position(|&n| n == self.objects).unwrap_or(0);
            self.objects = OBJECTS[(i + 1).min(OBJECTS.len() - 1)];
        }
        for _ in 0..presses(input, Key::Down) {
            let i = OBJECTS.iter().position(|&n| n == self.objects).unwrap_or(0);
            self.objects = OBJECTS[i.saturating_sub(1)];
        }
        let kind = (self.kind + presses(input, Key::B)) % BroadPhaseKind::ALL.len();
        if kind != self.kind {
            self.kind = kind;
            self.runner.set_broad_phase(self.broad_phase());
        }
        if presses(input, Key::T) % 2 == 1 {
            self.bounces = !self.bounces;
            self.runner.set_bounces(self.bounces);
        }
        if pressed(input, Key::S) {
            self.mode = match self.mode {
                SweepMode::Exact => SweepMode::Off,
                SweepMode::Off => SweepMode::ExpandedBox,
                SweepMode::ExpandedBox => SweepMode::Exact,
            };
        }
        if (self.objects, self.mode) != before || pressed(input, Key::R) {
            self.restart();
        }
        let start = Instant::now();
        match self.runner.frame() {
            Ok(stats) => {
                let ms = start.elapsed().as_secs_f64() * 1e3;
                self.collision_ms = if self.runner.scene().frame() <= 1 {
                    ms
                } else {
                    self.collision_ms + (ms - self.collision_ms) * SMOOTHING
                };
                self.hits = stats.discrete_hits + stats.swept_hits;
                self.swept_hits = stats.swept_hits;
                self.turns = stats.turns;
                self.error = None;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn draw(&self, canvas: &mut Canvas) {
        let field = self.runner.scene().field();
        let area = Vec2::new(WIDTH as f32, PLAY_BOTTOM - PLAY_TOP);
        let scale = (area / field).min_element();
        let margin = Vec2::new((area.x - field.x * scale) * 0.5, PLAY_TOP);
        canvas.set_view(Vec2::ZERO, scale, margin);
        canvas.box_outline(Vec2::ZERO, field, 1.0, colour::DIM);
        let palette = self.runner.palette();
        for o in self.runner.scene().objects() {
            draw_object(
                canvas,
                palette.shape(o.slot),
                o.role,
                Pose::new(o.position, o.rotation),
            );
        }
        for h in self.runner.pass().hits() {
            if h.by_sweep {
                canvas.circle(h.impact.point, 0.0, 5.0, 1.5, colour::SWEEP_HIT);
            } else {
                canvas.disc(h.impact.point, 0.0, 1.0, colour::HIT);
            }
        }
    }
}

/// One object: bullets as dots, boxes filled, hulls outlined (as their box when too small to
/// tell apart).
fn draw_object(canvas: &mut Canvas, shape: ShapeRef<'_>, role: Role, pose: Pose) {
    let scale = canvas.scale();
    match shape {
        ShapeRef::Circle(c) => {
            let col = if role == Role::Bullet {
                colour::SHOT
            } else {
                colour::TARGET
            };
            canvas.disc(pose.position, c.radius, 0.8, col);
        }
        ShapeRef::Rect(r) => {
            let (lo, hi) = (
                pose.position - r.half_extents,
                pose.position + r.half_extents,
            );
            canvas.fill_box(lo, hi, colour::TARGET);
        }
        ShapeRef::Hull(h) if scale * 32.0 >= 8.0 => {
            let mut points = [Vec2::ZERO; collide_core::MAX_HULL_VERTICES];
            let n = h.vertices().len();
            for (p, &v) in points.iter_mut().zip(h.vertices()) {
                *p = pose.transform_point(v);
            }
            canvas.polygon(&points[..n], 1.0, colour::HULL);
        }
        ShapeRef::Hull(h) => {
            let b = h.aabb(&pose);
            canvas.fill_box(b.min(), b.max(), colour::HULL);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_change_the_count_the_broad_phase_and_the_sweep() {
        let mut s = Shmup::new().unwrap();
        s.step(&[]);
        assert_eq!((s.objects(), s.frame()), (1_000, 1));
        s.step(&[InputEvent::Press(Key::Up), InputEvent::Press(Key::Up)]);
        assert_eq!((s.objects(), s.frame()), (10_000, 1));
        s.step(&[InputEvent::Press(Key::B)]);
        assert_eq!(s.broad_phase(), BroadPhaseKind::SortAndSweep);
        // Live: the scene carried on, on the new broad phase.
        assert_eq!(s.frame(), 2);
        assert_eq!(
            s.runner.pass().broad_phase().kind(),
            BroadPhaseKind::SortAndSweep
        );
        for _ in 0..8 {
            s.step(&[InputEvent::Press(Key::Down)]);
        }
        assert_eq!(s.objects(), 100);
    }

    #[test]
    fn t_turns_bouncing_bullets_on_and_off_without_a_restart() {
        let mut s = Shmup::new().unwrap();
        let mut turns = 0;
        for _ in 0..10 {
            s.step(&[]);
            turns += s.turns();
        }
        assert_eq!(turns, 0, "bullets pass through by default");
        s.step(&[InputEvent::Press(Key::T)]);
        assert_eq!(s.frame(), 11, "the scene carried on");
        let mut frames = 0;
        while s.turns() == 0 && frames < 60 {
            s.step(&[]);
            frames += 1;
        }
        // Each bounce is a bullet's turn, and the scene follows it: where the pass says it
        // ended, in the bounce's direction at the bullets' one speed.
        let pass = s.runner.pass();
        let last = pass.turns().last().expect("a bullet bounced");
        let end = pass.outcomes()[last.body];
        let bullet = &s.runner.scene().objects()[last.body];
        assert_eq!(bullet.role, Role::Bullet);
        assert_eq!(bullet.position, end.position);
        let along = bullet.velocity.dot(end.velocity.normalize());
        assert!(
            (along - collide_scene::BULLET_SPEED).abs() < 1e-3,
            "{bullet:?} {end:?}"
        );
        // A restart keeps the setting; T again turns it off.
        s.step(&[InputEvent::Press(Key::R)]);
        assert_eq!(s.frame(), 1);
        assert!(s.runner.bounces());
        s.step(&[InputEvent::Press(Key::T)]);
        assert!(!s.runner.bounces());
        let mut after = s.turns();
        for _ in 0..10 {
            s.step(&[]);
            after += s.turns();
        }
        assert_eq!(after, 0);
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn the_sweep_finds_hits_the_per_frame_test_misses_and_they_are_drawn() {
        let mut exact = Shmup::new().unwrap();
        let mut off = Shmup::new().unwrap();
        off.step(&[InputEvent::Press(Key::S)]);
        assert_eq!(off.mode, SweepMode::Off);
        let (mut all_exact, mut swept, mut all_off) = (0, 0, 0);
        for frame in 0..20 {
            if frame > 0 {
                off.step(&[]);
            }
            exact.step(&[]);
            all_exact += exact.hits().0;
            swept += exact.hits().1;
            all_off += off.hits().0;
            assert_eq!(off.hits().1, 0);
        }
        assert!(swept > 0);
        assert_eq!(all_off, all_exact - swept);

        // A ring of the sweep-hit colour around a hit only the sweep found.
        let mut frames = 0;
        while !exact.runner.pass().hits().iter().any(|h| h.by_sweep) && frames < 200 {
            exact.step(&[]);
            frames += 1;
        }
        let h = *exact
            .runner
            .pass()
            .hits()
            .iter()
            .find(|h| h.by_sweep)
            .expect("a frame with a hit only the sweep found");
        let mut canvas = super::super::App::canvas();
        exact.draw(&mut canvas);
        let p = canvas.to_pixel(h.impact.point);
        let ring = (0..64).any(|i| {
            let a = i as f32 / 64.0 * std::f32::consts::TAU;
            let q = p + Vec2::new(a.cos(), a.sin()) * 5.0;
            canvas.pixel(q.x as u32, q.y as u32) == Some(colour::SWEEP_HIT)
        });
        assert!(ring);
        // The field's outline, at its top-left corner.
        let corner = canvas.to_pixel(Vec2::ZERO);
        assert_eq!(
            canvas.pixel(corner.x as u32, corner.y as u32),
            Some(colour::DIM)
        );
    }
}
