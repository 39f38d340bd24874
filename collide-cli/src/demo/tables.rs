//! The tables the demo prints: Part 1's straight and diagonal shots, Part 2's broad phases.

use std::fmt::Write as _;

use collide_core::SweepMode;

use super::{scene, tunnel};
use crate::scene_setup::{mode_name, HULL_ENEMIES};

/// Part 1's table.
pub fn tunnel_table(rows: &[tunnel::Row], shots: u32) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Part 1 · the tunnelling experiment: {shots} point shots per speed, fired straight up at a \
         target, {} fps, each tested by the narrow phase",
        tunnel::FPS
    );
    let _ = writeln!(
        s,
        "  target  shot speed  travel per  tunnelling  shots missed with the sweep"
    );
    let _ = writeln!(
        s,
        "  height     units/s       frame       speed  off (predicted)  expanded  exact"
    );
    let mut last_height = None;
    for r in rows {
        if last_height.is_some_and(|h| h != r.target_height) {
            let _ = writeln!(
                s,
                "  -- target halved: the tunnelling speed halves with it --"
            );
        }
        last_height = Some(r.target_height);
        let off = format!("{} ({})", r.missed[0], r.predicted_off);
        // A relative margin: 14 ÷ (1/60) in f32 is 839.99994, and 840 itself does not tunnel.
        let mark = if r.speed > r.tunnelling_speed * (1.0 + 1e-4) {
            " ←"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {:>6}  {:>10}  {:>10.1}  {:>10.0}  {off:<15}  {:>8}  {:>5}{mark}",
            r.target_height,
            r.speed,
            r.speed / r.fps,
            r.tunnelling_speed,
            r.missed[1],
            r.missed[2],
        );
    }
    let _ = writeln!(
        s,
        "  (← above the tunnelling speed: the shot can jump over the target between two frames)"
    );
    s
}

/// Part 1's diagonal table.
pub fn diagonal_table(rows: &[tunnel::DiagonalRow]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  Diagonal shots (45°) at the 14-unit target, their lines spread across it and past its \
         corners:"
    );
    let _ = writeln!(
        s,
        "  shot speed  shots  through   missed: off  expanded  exact   false hits: off  expanded  exact"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "  {:>10}  {:>5}  {:>7}   {:>11}  {:>8}  {:>5}   {:>15}  {:>8}  {:>5}",
            r.speed,
            r.shots,
            r.through,
            r.missed[0],
            r.missed[1],
            r.missed[2],
            r.false_hits[0],
            r.false_hits[1],
            r.false_hits[2],
        );
    }
    let _ = writeln!(
        s,
        "  (near a corner the shot crosses less than 14 units of target, so the per-frame test \
         misses even below 840 units/s;\n   the expanded box also covers the corners of the \
         path's bounding box, which the shot never visits: the expanded-box approximation's caveat)"
    );
    s
}

/// Part 2's table.
pub fn scene_table(
    runs: &[scene::Run],
    identical: &[bool],
    frames: u32,
    mode: SweepMode,
    hull_names: &[&str],
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Part 2 · the shmup benchmark scene: half bullets (r 2, 7.5 units/frame), half \
         enemies (32×32, {:.0} % of them hulls from the sprites {}), {frames} frames, {} sweep",
        HULL_ENEMIES * 100.0,
        hull_names.join(" and "),
        mode_name(mode),
    );
    let _ = writeln!(
        s,
        "  objects  broad phase     ms/frame      pairs     sweeps      hits  by sweep  identical hits"
    );
    for (r, &same) in runs.iter().zip(identical) {
        let _ = writeln!(
            s,
            "  {:<7}  {:<14}  {:>8.3}  {:>9}  {:>9}  {:>8}  {:>8}  {}",
            r.objects,
            r.broad_phase.name(),
            r.frame_ms,
            r.pairs,
            r.sweeps,
            r.hits,
            r.swept_hits,
            if same { "yes" } else { "NO" },
        );
    }
    let _ = writeln!(
        s,
        "  (ms/frame: the median frame = move, broad phase, narrow phase, hits sorted by time; \
         pairs, sweeps and hits: summed over the frames;\n   by sweep: hits the end-of-frame test missed, a bullet grazing a corner or leaving an enemy \
         within the frame)"
    );
    s
}
