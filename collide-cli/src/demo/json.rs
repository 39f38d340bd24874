//! The `--json` document: every figure the demo prints, and where the pictures went.

use collide_core::SweepMode;
use serde_json::{json, Value};

use super::{scene, tunnel, Comparison, Pictures, Tunnelling};
use crate::scene_setup::{mode_name, HULL_ENEMIES};

/// Rounds for JSON, so 840.0001 reads as 840.0.
fn round3(x: f64) -> f64 {
    (x * 1e3).round() / 1e3
}

/// The `--json` document: `tunnelling[]`, `diagonal[]`, `scene[]` and `pictures` (the full
/// path of each picture).
pub fn document(
    tunnelling: &Tunnelling,
    comparison: &Comparison,
    mode: SweepMode,
    pictures: &Pictures,
) -> Value {
    json!({
        "tunnelling": tunnelling.rows.iter().map(straight_row).collect::<Vec<_>>(),
        "diagonal": tunnelling.diagonal.iter().map(diagonal_row).collect::<Vec<_>>(),
        "scene": comparison
            .runs
            .iter()
            .zip(&comparison.identical)
            .map(|(r, &same)| scene_row(r, same, mode))
            .collect::<Vec<_>>(),
        "pictures": {
            "scene": pictures.scene.display().to_string(),
            "tunnel": pictures.tunnel.display().to_string(),
        },
    })
}

/// One row of Part 1's straight shots.
fn straight_row(r: &tunnel::Row) -> Value {
    json!({
        "target_height": round3(f64::from(r.target_height)),
        "fps": round3(f64::from(r.fps)),
        "speed": round3(f64::from(r.speed)),
        "tunnelling_speed": round3(f64::from(r.tunnelling_speed)),
        "shots": r.shots,
        "missed": {
            "off": r.missed[0],
            "expanded": r.missed[1],
            "exact": r.missed[2],
        },
        "predicted_off": r.predicted_off,
    })
}

/// One row of Part 1's diagonal shots.
fn diagonal_row(r: &tunnel::DiagonalRow) -> Value {
    json!({
        "speed": round3(f64::from(r.speed)),
        "shots": r.shots,
        "through": r.through,
        "missed": { "off": r.missed[0], "expanded": r.missed[1], "exact": r.missed[2] },
        "false_hits": {
            "off": r.false_hits[0],
            "expanded": r.false_hits[1],
            "exact": r.false_hits[2],
        },
    })
}

/// One run of Part 2: a scene size with a broad phase.
fn scene_row(r: &scene::Run, identical: bool, mode: SweepMode) -> Value {
    json!({
        "objects": r.objects,
        "broad_phase": r.broad_phase.name(),
        "frame_ms": r.frame_ms,
        "pairs": r.pairs,
        "sweeps": r.sweeps,
        "hits": r.hits,
        "identical_hits": identical,
        "frames": r.frames,
        "swept_hits": r.swept_hits,
        "sweep": mode_name(mode),
        "hull_enemies": HULL_ENEMIES,
    })
}
