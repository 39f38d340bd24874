//! Scene 1, the range: point shots fired straight up at a 14-unit target at 60 frames per
//! second, each frame's motion tested by the real narrow phase. Raise the speed past the
//! tunnelling speed with the sweep off and shots pass through; the exact sweep misses none.
//! Beside it, two boxes edge to edge under the strict or the inclusive overlap test.

use collide_core::{narrow_phase, tunnelling_speed, Aabb, Circle, Layers, Motion, Rect, SweepMode};
use glam::Vec2;

use super::input::{clicks, pressed, presses, InputEvent, Key};
use super::{colour, Scene, FPS, PLAY_TOP};
use crate::raster::Canvas;
use crate::scene_setup::mode_name;

/// The shot speeds the up and down keys step through, in units per second: from far below the
/// full target's tunnelling speed (840) to a thousand times it.
pub const SPEEDS: [f32; 19] = [
    60.0, 120.0, 240.0, 420.0, 600.0, 720.0, 840.0, 900.0, 1_260.0, 1_680.0, 2_520.0, 4_200.0,
    8_400.0, 16_800.0, 42_000.0, 84_000.0, 168_000.0, 420_000.0, 840_000.0,
];
/// The speed the range starts at (420 units/s, half the tunnelling speed: every shot hits).
const START_SPEED: usize = 3;
/// The target's full height and width, as in `collide demo`'s tunnelling experiment.
pub const TARGET_SIZE: f32 = 14.0;
/// Where shots are fired from: below the target, which is centred at the origin (y down).
const GUN: Vec2 = Vec2::new(0.0, 62.0);
/// Shots are a point, so a shot passes exactly when no frame ends inside the target.
const SHOT: Circle = Circle { radius: 0.0 };
const SHOT_LAYER: u32 = 1 << 0;
const TARGET_LAYER: u32 = 1 << 1;
/// How long a finished shot stays drawn, in frames.
const AFTERGLOW: u32 = 45;
/// Frame positions kept per shot for drawing.
const TRAIL: usize = 6;
/// 1/φ: consecutive shots are fired at moments spread evenly over a frame, as the demo's
/// phases are, so the share that passes follows the geometry and not one lucky moment.
const GOLDEN: f32 = 0.618_034;

/// How a shot ended.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fate {
    /// Still in the air.
    Flying,
    /// Hit the target here; `by_sweep` when the end-of-frame test alone would have missed.
    Hit { point: Vec2, by_sweep: bool },
    /// Went through the target without a hit.
    Passed,
    /// Its layer mask left the target out, so it was never tested.
    Ignored,
}

#[derive(Clone, Debug)]
struct Shot {
    /// End-of-frame positions, oldest first (at most [`TRAIL`]).
    trail: Vec<Vec2>,
    /// The share of a frame's travel it makes in its next frame: less than one in the frame
    /// it was fired in, one after.
    first_frame: f32,
    fate: Fate,
    /// Frames since it finished.
    age: u32,
}

/// The range: its settings, the shots in the air and the counts so far.
pub struct Range {
    speed: usize,
    mode: SweepMode,
    halved: bool,
    inclusive: bool,
    masked: bool,
    /// The right-hand box of the overlap panel, in its units (the left one spans 0 to 20).
    panel_offset: f32,
    shots: Vec<Shot>,
    fired: u32,
    hits: u32,
    passed: u32,
    ignored: u32,
}

impl Range {
    /// The range at 420 units/s with the exact sweep, the full target, strict overlap.
    pub fn new() -> Self {
        Self {
            speed: START_SPEED,
            mode: SweepMode::Exact,
            halved: false,
            inclusive: false,
            masked: false,
            panel_offset: 20.0,
            shots: Vec::new(),
            fired: 0,
            hits: 0,
            passed: 0,
            ignored: 0,
        }
    }

    #[cfg(test)]
    /// Shots fired, hit, passed through and ignored by their mask.
    pub fn counts(&self) -> [u32; 4] {
        [self.fired, self.hits, self.passed, self.ignored]
    }

    /// The shot speed, units per second.
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }

    /// The target box.
    pub fn target(&self) -> Aabb {
        let height = if self.halved {
            TARGET_SIZE * 0.5
        } else {
            TARGET_SIZE
        };
        Aabb::new(Vec2::ZERO, Vec2::new(TARGET_SIZE, height) * 0.5)
    }

    /// The speed above which the per-frame test starts missing the target.
    pub fn tunnelling_speed(&self) -> f32 {
        tunnelling_speed(&self.target(), 1.0 / FPS)
    }

    /// Whether the two boxes of the overlap panel collide under the chosen test.
    pub fn panel_collides(&self) -> bool {
        let (a, b) = self.panel_boxes();
        if self.inclusive {
            overlaps_inclusive(&a, &b)
        } else {
            a.overlaps(&b)
        }
    }

    /// The overlap panel's two 20-unit boxes.
    fn panel_boxes(&self) -> (Aabb, Aabb) {
        let half = Vec2::splat(10.0);
        (
            Aabb::new(Vec2::splat(10.0), half),
            Aabb::new(Vec2::new(10.0 + self.panel_offset, 10.0), half),
        )
    }

    fn fire(&mut self) {
        // Fired at a moment `phase` into the coming frame, so it flies the rest of that frame
        // first, then whole frames.
        let phase = (self.fired as f32 * GOLDEN).fract();
        self.fired += 1;
        // Spread across the target's middle, so that shots drawn together stay apart.
        let x = (phase - 0.5) * TARGET_SIZE * 0.7;
        self.shots.push(Shot {
            trail: vec![GUN + Vec2::new(x, 0.0)],
            first_frame: 1.0 - phase,
            fate: Fate::Flying,
            age: 0,
        });
    }

    /// Moves every flying shot one frame and tests its motion against the target.
    fn fly(&mut self) {
        let target = self.target();
        let rect = Rect {
            half_extents: target.half_extents,
        };
        let still = Motion::stationary(target.center);
        let shot_layers =
            Layers::on(SHOT_LAYER).with_mask(if self.masked { 0 } else { TARGET_LAYER });
        let tested = shot_layers.interacts(Layers::on(TARGET_LAYER).with_mask(SHOT_LAYER));
        let travel = Vec2::NEG_Y * self.speed() / FPS;
        let top = target.min().y;
        for shot in self.shots.iter_mut().filter(|s| s.fate == Fate::Flying) {
            let from = *shot.trail.last().unwrap_or(&GUN);
            let to = from + travel * shot.first_frame;
            shot.first_frame = 1.0;
            push_trail(&mut shot.trail, to);
            let motion = Motion::linear(from, to);
            let hit = if tested {
                narrow_phase(SHOT, &motion, rect, &still, self.mode).hit
            } else {
                None
            };
            if let Some(hit) = hit {
                shot.fate = Fate::Hit {
                    point: hit.impact.point,
                    by_sweep: hit.by_sweep,
                };
                self.hits += 1;
            } else if to.y < top {
                // Wholly past the target's top: it cannot be hit any more.
                shot.fate = if tested { Fate::Passed } else { Fate::Ignored };
                if tested {
                    self.passed += 1;
                } else {
                    self.ignored += 1;
                }
            }
        }
        for shot in self.shots.iter_mut().filter(|s| s.fate != Fate::Flying) {
            shot.age += 1;
        }
        self.shots.retain(|s| s.age < AFTERGLOW);
    }

    fn keys_pressed(&mut self, input: &[InputEvent]) {
        for _ in 0..presses(input, Key::Up) {
            self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
        }
        for _ in 0..presses(input, Key::Down) {
            self.speed = self.speed.saturating_sub(1);
        }
        if pressed(input, Key::S) {
            self.mode = match self.mode {
                SweepMode::Exact => SweepMode::Off,
                SweepMode::Off => SweepMode::ExpandedBox,
                SweepMode::ExpandedBox => SweepMode::Exact,
            };
        }
        self.halved ^= presses(input, Key::H) % 2 == 1;
        self.inclusive ^= presses(input, Key::O) % 2 == 1;
        self.masked ^= presses(input, Key::L) % 2 == 1;
        let nudge = presses(input, Key::Right) as f32 - presses(input, Key::Left) as f32;
        self.panel_offset = (self.panel_offset + nudge).clamp(0.0, 40.0);
        if pressed(input, Key::R) {
            *self = Self {
                speed: self.speed,
                mode: self.mode,
                halved: self.halved,
                inclusive: self.inclusive,
                masked: self.masked,
                ..Self::new()
            };
        }
    }
}

/// The inclusive box test (`<=`): boxes that only share an edge count as overlapping. collide
/// itself is strict; the panel shows what the other choice does.
fn overlaps_inclusive(a: &Aabb, b: &Aabb) -> bool {
    let d = (a.center - b.center).abs();
    let r = a.half_extents + b.half_extents;
    d.x <= r.x && d.y <= r.y
}

fn push_trail(trail: &mut Vec<Vec2>, p: Vec2) {
    if trail.len() == TRAIL {
        trail.remove(0);
    }
    trail.push(p);
}

impl Scene for Range {
    fn title(&self) -> &'static str {
        "RANGE"
    }

    fn keys(&self) -> &'static [&'static str] {
        &[
            "SPACE/CLICK FIRE   UP/DOWN SPEED   S SWEEP   H HALVE TARGET   L SHOT MASK   R RESET",
            "O STRICT/INCLUSIVE OVERLAP   LEFT/RIGHT MOVE THE RIGHT BOX",
        ]
    }

    fn status(&self) -> Vec<String> {
        vec![
            format!(
                "SHOT SPEED {} U/S   TRAVEL {:.1} PER FRAME   TUNNELLING SPEED {:.0} U/S   SWEEP {}",
                self.speed(),
                self.speed() / FPS,
                self.tunnelling_speed(),
                mode_name(self.mode).to_uppercase()
            ),
            format!(
                "FIRED {}   HIT {}   PASSED THROUGH {}   IGNORED BY MASK {}   SHOT MASK {}",
                self.fired,
                self.hits,
                self.passed,
                self.ignored,
                if self.masked { "NONE" } else { "TARGET" }
            ),
        ]
    }

    fn step(&mut self, input: &[InputEvent]) {
        self.keys_pressed(input);
        let shots = presses(input, Key::Space) + clicks(input).count();
        for _ in 0..shots {
            self.fire();
        }
        self.fly();
    }

    fn draw(&self, canvas: &mut Canvas) {
        // The range: 3 pixels per unit, the target near the top of the play area.
        canvas.set_view(Vec2::ZERO, 3.0, Vec2::new(200.0, PLAY_TOP + 90.0));
        let target = self.target();
        canvas.fill_box(target.min(), target.max(), colour::TARGET);
        canvas.fill_box(
            GUN + Vec2::new(-6.0, 1.0),
            GUN + Vec2::new(6.0, 6.0),
            colour::SOLID,
        );
        for shot in &self.shots {
            draw_shot(canvas, shot);
        }
        self.draw_panel(canvas);
    }
}

fn draw_shot(canvas: &mut Canvas, shot: &Shot) {
    let c = match shot.fate {
        Fate::Flying => colour::SHOT,
        Fate::Hit { .. } => colour::DIM,
        Fate::Passed => colour::PASSED,
        Fate::Ignored => colour::DIM,
    };
    for pair in shot.trail.windows(2) {
        canvas.dashed_line(pair[0], pair[1], 1.0, 3.0, c);
    }
    for &p in &shot.trail {
        canvas.disc(p, 0.0, 2.0, c);
    }
    if let Fate::Hit { point, by_sweep } = shot.fate {
        if by_sweep {
            canvas.circle(point, 0.0, 6.0, 2.0, colour::SWEEP_HIT);
        } else {
            canvas.cross(point, 5.0, 2.0, colour::HIT);
        }
    }
}

impl Range {
    /// The overlap panel on the right: two boxes, green when apart, red when they collide.
    fn draw_panel(&self, canvas: &mut Canvas) {
        let origin = Vec2::new(420.0, PLAY_TOP + 60.0);
        canvas.set_view(Vec2::ZERO, 3.0, origin);
        let (a, b) = self.panel_boxes();
        let c = if self.panel_collides() {
            colour::HIT
        } else {
            colour::NORMAL
        };
        canvas.box_outline(a.min(), a.max(), 2.0, c);
        canvas.box_outline(b.min(), b.max(), 2.0, c);
        let rule = if self.inclusive {
            "INCLUSIVE <="
        } else {
            "STRICT <"
        };
        let verdict = if self.panel_collides() {
            "COLLIDE"
        } else {
            "APART"
        };
        let gap = self.panel_offset - 20.0;
        canvas.text(origin + Vec2::new(0.0, -24.0), rule, 1, colour::TEXT);
        canvas.text(
            origin + Vec2::new(0.0, 70.0),
            &format!("GAP {gap}: {verdict}"),
            1,
            c,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Presses to go from the starting speed to `speed`.
    fn to_speed(range: &mut Range, speed: f32) {
        let i = SPEEDS.iter().position(|&v| v == speed).unwrap();
        let key = if i > range.speed { Key::Up } else { Key::Down };
        let events = vec![InputEvent::Press(key); i.abs_diff(range.speed)];
        range.step(&events);
        assert_eq!(range.speed(), speed);
    }

    /// Fires `n` shots, one every 10 frames, and lets the last land or pass.
    fn fire(range: &mut Range, n: usize) {
        for _ in 0..n {
            range.step(&[InputEvent::Press(Key::Space)]);
            for _ in 0..9 {
                range.step(&[]);
            }
        }
        for _ in 0..60 {
            range.step(&[]);
        }
    }

    #[test]
    fn above_the_tunnelling_speed_with_the_sweep_off_the_share_the_geometry_predicts_passes() {
        let mut range = Range::new();
        range.step(&[InputEvent::Press(Key::S)]);
        assert_eq!(range.mode, SweepMode::Off);
        // Three times the tunnelling speed: a frame's travel is three target heights, so a
        // third of the moments a shot can be fired at put a frame's end inside the target.
        to_speed(&mut range, 2_520.0);
        assert!((range.tunnelling_speed() - 840.0).abs() < 0.01);
        fire(&mut range, 60);
        let [fired, hits, passed, ignored] = range.counts();
        assert_eq!((fired, ignored), (60, 0));
        assert_eq!(hits + passed, 60);
        assert!(passed.abs_diff(40) <= 2, "{passed} passed");
    }

    #[test]
    fn the_exact_sweep_misses_no_shot_at_any_speed() {
        let mut range = Range::new();
        for &speed in &[840.0, 2_520.0, 42_000.0, 840_000.0] {
            to_speed(&mut range, speed);
            fire(&mut range, 20);
        }
        range.step(&[InputEvent::Press(Key::H)]);
        fire(&mut range, 20);
        let [fired, hits, passed, _] = range.counts();
        assert_eq!((fired, hits, passed), (100, 100, 0));
    }

    #[test]
    fn below_the_tunnelling_speed_even_the_per_frame_test_hits_everything() {
        let mut range = Range::new();
        range.step(&[InputEvent::Press(Key::S)]);
        to_speed(&mut range, 720.0);
        fire(&mut range, 30);
        assert_eq!(range.counts(), [30, 30, 0, 0]);
        // Halved, the tunnelling speed halves and 720 is above it: shots pass.
        range.step(&[InputEvent::Press(Key::H), InputEvent::Press(Key::R)]);
        assert!((range.tunnelling_speed() - 420.0).abs() < 0.01);
        fire(&mut range, 30);
        assert!(range.counts()[2] > 5, "{:?}", range.counts());
    }

    #[test]
    fn a_click_fires_as_space_does() {
        let mut range = Range::new();
        range.step(&[
            InputEvent::Click(Vec2::new(10.0, 10.0)),
            InputEvent::Press(Key::Space),
        ]);
        assert_eq!(range.counts()[0], 2);
    }

    #[test]
    fn a_shot_whose_mask_leaves_out_the_target_is_never_tested() {
        let mut range = Range::new();
        range.step(&[InputEvent::Press(Key::L)]);
        fire(&mut range, 5);
        assert_eq!(range.counts(), [5, 0, 0, 5]);
    }

    #[test]
    fn edge_to_edge_boxes_collide_only_under_the_inclusive_test() {
        let mut range = Range::new();
        assert!(!range.panel_collides());
        range.step(&[InputEvent::Press(Key::O)]);
        assert!(range.panel_collides());
        range.step(&[InputEvent::Press(Key::Right)]);
        assert!(!range.panel_collides(), "a unit apart");
        range.step(&[
            InputEvent::Press(Key::O),
            InputEvent::Press(Key::Left),
            InputEvent::Press(Key::Left),
        ]);
        assert!(range.panel_collides(), "a unit inside, strict");
    }

    #[test]
    fn the_drawn_frame_shows_the_target_and_a_passed_shot() {
        let mut range = Range::new();
        range.step(&[InputEvent::Press(Key::S)]);
        to_speed(&mut range, 4_200.0);
        // The first shot (fired at phase 0, 4.9 units left of centre) starts at the gun and
        // ends frames 62 + 70k units above it: never inside the 14-unit target.
        range.step(&[InputEvent::Press(Key::Space)]);
        range.step(&[]);
        assert_eq!(range.counts(), [1, 0, 1, 0]);
        let mut canvas = super::super::App::canvas();
        range.draw(&mut canvas);
        // The target's centre: world (0, 0) at pixel (200, PLAY_TOP + 90).
        let (cx, cy) = (200, PLAY_TOP as u32 + 90);
        assert_eq!(canvas.pixel(cx, cy), Some(colour::TARGET));
        // The shot's dot where it was fired, 62 units below the target.
        let shot_x = (cx as f32 - 4.9 * 3.0) as u32;
        assert_eq!(canvas.pixel(shot_x, cy + 186), Some(colour::PASSED));
        // The strict panel's boxes, apart: green outlines at the panel's left edge.
        assert_eq!(
            canvas.pixel(420, PLAY_TOP as u32 + 90),
            Some(colour::NORMAL)
        );
    }
}
