//! Part 1, the tunnelling experiment: shots fired straight up at a small target, the speed
//! raised step by step, each shot tested by the real narrow phase with the sweep off, as the
//! expanded box and exact; then shots at 45°, where the expanded box over-reports.

use collide_core::{narrow_phase, tunnelling_speed, Circle, Hit, Motion, Pose, Rect, SweepMode};
use glam::Vec2;

/// The experiment's target, an alien 14 units tall.
pub const TARGET_HEIGHT: f32 = 14.0;
/// The target's width (it does not matter for shots that move straight up).
pub const TARGET_WIDTH: f32 = 14.0;
/// The experiment's frame rate.
pub const FPS: f32 = 60.0;
/// The speeds tried, in units per second: from well below the tunnelling speed to far above.
pub const SPEEDS: [f32; 11] = [
    100.0, 420.0, 800.0, 840.0, 900.0, 1_200.0, 1_680.0, 2_500.0, 5_000.0, 10_000.0, 20_000.0,
];
/// The shot is a point (a circle of radius 0), so the speed where shots start to be missed is
/// exactly the tunnelling speed: target height ÷ frame time.
pub const SHOT: Circle = Circle { radius: 0.0 };

/// The three ways of testing a shot, in table order.
pub const MODES: [SweepMode; 3] = [SweepMode::Off, SweepMode::ExpandedBox, SweepMode::Exact];

/// The result for one target height and one speed.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Target height in units.
    pub target_height: f32,
    /// Frames per second.
    pub fps: f32,
    /// Shot speed in units per second.
    pub speed: f32,
    /// The tunnelling speed of this target at this frame rate ([`tunnelling_speed`]).
    pub tunnelling_speed: f32,
    /// Shots fired.
    pub shots: usize,
    /// Shots missed with each mode of [`MODES`], in that order.
    pub missed: [usize; 3],
    /// Shots the geometry predicts the per-frame test misses: the fraction of phases for which
    /// no frame's position falls strictly inside the target, `1 − height ÷ travel per frame`.
    pub predicted_off: usize,
}

/// One shot's flight: where it was at the end of each frame, and what a mode made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Flight {
    /// Positions at the end of frames 0, 1, 2, … (frame 0 is where it was fired).
    pub positions: Vec<Vec2>,
    /// The frame (index into `positions`, ≥ 1) in which it hit, and the hit; `None` = missed.
    pub hit: Option<(usize, Hit)>,
}

/// The target: a `TARGET_WIDTH × height` box centred at the origin.
pub fn target(height: f32) -> Rect {
    Rect {
        half_extents: Vec2::new(TARGET_WIDTH, height) * 0.5,
    }
}

/// Fires one shot straight up (−y) at `speed` units per second through the target of `height`
/// centred at the origin, starting between one and two frames' travel below it at `phase`
/// (0..1) of a frame, `x` units off centre; frame after frame the narrow phase tests it with
/// `mode` until it hits or has passed the target.
pub fn fly(height: f32, fps: f32, speed: f32, phase: f32, x: f32, mode: SweepMode) -> Flight {
    let step = speed / fps;
    let rect = target(height);
    let still = Motion::stationary(Vec2::ZERO);
    let bottom = height * 0.5;
    let mut positions = vec![Vec2::new(x, bottom + step * (1.0 + phase))];
    let mut hit = None;
    // The last start position below the target's top edge is the last that can hit.
    while positions.last().is_some_and(|p| p.y > -bottom) && positions.len() < 100_000 {
        let start = positions[positions.len() - 1];
        let end = start - Vec2::new(0.0, step);
        positions.push(end);
        if let Some(h) = narrow_phase(SHOT, &Motion::linear(start, end), rect, &still, mode).hit {
            hit = Some((positions.len() - 1, h));
            break;
        }
    }
    Flight { positions, hit }
}

/// The phase and horizontal offset of shot `i` of `shots`: phases evenly spread over the frame,
/// offsets spread over the inner 80 % of the target's width by the golden-ratio sequence.
pub fn aim(i: usize, shots: usize) -> (f32, f32) {
    let phase = (i as f32 + 0.5) / shots.max(1) as f32;
    let golden = (i as f64 * 0.618_033_988_749_894_9).fract() as f32;
    (phase, (golden - 0.5) * 0.8 * TARGET_WIDTH)
}

/// Runs `shots` shots at one speed against one target height with every mode.
pub fn row(height: f32, fps: f32, speed: f32, shots: usize) -> Row {
    let mut missed = [0; 3];
    for i in 0..shots {
        let (phase, x) = aim(i, shots);
        for (m, &mode) in MODES.iter().enumerate() {
            if fly(height, fps, speed, phase, x, mode).hit.is_none() {
                missed[m] += 1;
            }
        }
    }
    let step = speed / fps;
    let gap = (1.0 - height / step).max(0.0);
    let rect = target(height);
    Row {
        target_height: height,
        fps,
        speed,
        tunnelling_speed: tunnelling_speed(&rect.aabb(&Pose::IDENTITY), 1.0 / fps),
        shots,
        missed,
        predicted_off: (gap * shots as f32).round() as usize,
    }
}

/// The experiment: every speed against the full target and against the halved one.
pub fn experiment(fps: f32, speeds: &[f32], shots: usize) -> Vec<Row> {
    [TARGET_HEIGHT, TARGET_HEIGHT * 0.5]
        .iter()
        .flat_map(|&h| speeds.iter().map(move |&v| row(h, fps, v, shots)))
        .collect()
}

/// A shot the per-frame test misses at `speed`, with what the exact sweep made of the same
/// shot: of 64 evenly spread phases, the miss whose two positions around the target lie
/// farthest from it (the clearest to draw). `None` when no shot is missed (at or below the
/// tunnelling speed).
pub fn missed_shot(height: f32, fps: f32, speed: f32) -> Option<(Flight, Flight)> {
    let bottom = height * 0.5;
    let clearance = |f: &Flight| {
        // The first frame that ends above the target's top: the jump over it.
        let k = f.positions.iter().position(|p| p.y < -bottom)?;
        let (before, after) = (f.positions.get(k.checked_sub(1)?)?, f.positions[k]);
        Some((before.y - bottom).min(-bottom - after.y))
    };
    let best = (0..64)
        .map(|i| (i as f32 + 0.5) / 64.0)
        .filter_map(|phase| {
            let off = fly(height, fps, speed, phase, 0.0, SweepMode::Off);
            if off.hit.is_some() {
                return None;
            }
            clearance(&off).map(|c| (c, phase, off))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    let exact = fly(height, fps, speed, best.1, 0.0, SweepMode::Exact);
    Some((best.2, exact))
}

/// The speeds of the diagonal experiment, in units per second.
pub const DIAGONAL_SPEEDS: [f32; 4] = [600.0, 1_800.0, 5_000.0, 20_000.0];

/// The diagonal experiment at one speed: shots at 45° against the experiment's 14×14 target, some
/// through it and some past its corners, and what each mode made of them.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagonalRow {
    /// Shot speed in units per second.
    pub speed: f32,
    /// Shots fired.
    pub shots: usize,
    /// Shots whose straight path crosses the target (the truth, from the geometry).
    pub through: usize,
    /// Shots through the target that a mode reported no hit for, per mode of [`MODES`].
    pub missed: [usize; 3],
    /// Shots past the target that a mode reported a hit for, per mode of [`MODES`].
    pub false_hits: [usize; 3],
}

/// Fires shots along (1, −1)/√2 at `speed`, their lines spread evenly (by the golden-ratio
/// sequence) up to 22 units either side of the target's centre, phases spread over a frame.
/// A line crosses the open 14×14 box exactly when its distance from the centre is below 7√2;
/// lines within 0.05 of that are nudged off it, so the truth is never a graze.
pub fn diagonal_row(fps: f32, speed: f32, shots: usize) -> DiagonalRow {
    let rect = target(TARGET_HEIGHT);
    let still = Motion::stationary(Vec2::ZERO);
    let along = Vec2::new(1.0, -1.0).normalize();
    let across = Vec2::new(1.0, 1.0).normalize();
    let reach = rect.half_extents.dot(across.abs());
    let step = speed / fps;
    let mut row = DiagonalRow {
        speed,
        shots,
        through: 0,
        missed: [0; 3],
        false_hits: [0; 3],
    };
    for i in 0..shots {
        let phase = (i as f32 + 0.5) / shots.max(1) as f32;
        let golden = (i as f64 * 0.618_033_988_749_894_9).fract() as f32;
        let mut offset = (golden - 0.5) * 44.0;
        if (offset.abs() - reach).abs() < 0.05 {
            offset += 0.1 * offset.signum();
        }
        let through = offset.abs() < reach;
        row.through += usize::from(through);
        for (m, &mode) in MODES.iter().enumerate() {
            // From well before the target to well past it, one frame at a time.
            let mut s = -(2.0 * reach + step * (1.0 + phase));
            let mut hit = false;
            while s < 2.0 * reach && !hit {
                let start = across * offset + along * s;
                let end = start + along * step;
                hit = narrow_phase(SHOT, &Motion::linear(start, end), rect, &still, mode)
                    .hit
                    .is_some();
                s += step;
            }
            match (through, hit) {
                (true, false) => row.missed[m] += 1,
                (false, true) => row.false_hits[m] += 1,
                _ => {}
            }
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_the_tunnelling_speed_nothing_is_missed() {
        for speed in [100.0, 420.0, 800.0] {
            let r = row(TARGET_HEIGHT, FPS, speed, 200);
            assert_eq!(r.missed, [0, 0, 0], "{speed}");
            assert_eq!(r.predicted_off, 0);
        }
    }

    #[test]
    fn above_it_the_per_frame_test_misses_as_predicted_and_the_sweeps_never() {
        for speed in [900.0, 2_500.0, 20_000.0] {
            let r = row(TARGET_HEIGHT, FPS, speed, 300);
            assert!(r.missed[0] > 0, "{speed}");
            // Evenly spread phases: the count is the predicted fraction, up to edge rounding.
            assert!(r.missed[0].abs_diff(r.predicted_off) <= 2, "{r:?}");
            assert_eq!(r.missed[1..], [0, 0], "{speed}");
        }
    }

    #[test]
    fn on_diagonals_the_expanded_box_over_reports_and_the_exact_sweep_is_right() {
        let r = diagonal_row(FPS, 1_800.0, 400);
        assert!(r.through > 100 && r.through < 300, "{r:?}");
        assert!(r.missed[0] > 0, "{r:?}"); // the per-frame test tunnels
        assert_eq!(r.false_hits[0], 0);
        assert_eq!(r.missed[1], 0); // the expanded box never misses…
        assert!(r.false_hits[1] > 0, "{r:?}"); // …but hits what the shot never touched
        assert_eq!((r.missed[2], r.false_hits[2]), (0, 0));
        // Slow shots: the expanded box hugs the path, and nothing is missed.
        let slow = diagonal_row(FPS, 60.0, 200);
        assert_eq!(slow.missed, [0, 0, 0]);
    }

    #[test]
    fn halving_the_target_halves_the_tunnelling_speed() {
        let full = row(TARGET_HEIGHT, FPS, 600.0, 100);
        let half = row(TARGET_HEIGHT * 0.5, FPS, 600.0, 100);
        assert!((full.tunnelling_speed - 840.0).abs() < 1e-2);
        assert!((half.tunnelling_speed - 420.0).abs() < 1e-2);
        // 600 units/s: safe for the full target, tunnels through the half one.
        assert_eq!(full.missed[0], 0);
        assert!(half.missed[0] > 0);
    }

    #[test]
    fn a_missed_shot_jumps_over_the_target_and_the_sweep_catches_it() {
        let (off, exact) = missed_shot(TARGET_HEIGHT, FPS, 1_800.0).unwrap();
        assert!(off.hit.is_none());
        let (frame, hit) = exact.hit.unwrap();
        assert!(hit.by_sweep);
        let (before, after) = (exact.positions[frame - 1], exact.positions[frame]);
        assert!(before.y > 7.0 && after.y < -7.0, "{before} {after}");
        // It entered through the bottom edge, at the time the geometry says.
        assert!((hit.impact.point.y - 7.0).abs() < 1e-3);
        assert!((hit.impact.t - (before.y - 7.0) / 30.0).abs() < 1e-4);
        assert!(missed_shot(TARGET_HEIGHT, FPS, 800.0).is_none());
    }
}
