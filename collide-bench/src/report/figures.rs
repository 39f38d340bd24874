//! The figures of a report that a goal reads from more than one line: failure counts summed
//! over the movers or casts, the worst allocation, the scale table's rows. Below the goals
//! that judge them.

use super::data::Report;
use crate::character::{Failures, PlatformFailures};
use crate::tiles::TileEntry;

/// `(ns per frame, ns per object)` of the scale table at `objects`.
pub(super) fn per_object(report: &Report, objects: usize) -> Option<(f64, f64)> {
    report
        .scale()
        .into_iter()
        .find(|row| row.objects == objects)
        .map(|row| (row.frame_ns, row.ns_per_object))
}

pub(super) fn read_character_failures(report: &Report) -> Option<(f64, String)> {
    if report.character.is_empty() {
        return None;
    }
    let f = report
        .character
        .iter()
        .fold(Failures::default(), |sum, e| sum.plus(e.ours));
    let worst = f
        .catches
        .max(f.penetrations)
        .max(f.jitters)
        .max(f.tunnelled);
    let text = format!(
        "catches {}, penetrations {}, jitters {}, tunnelled {} (of {} frames, {} fast moves)",
        f.catches, f.penetrations, f.jitters, f.tunnelled, f.frames, f.moves
    );
    Some((worst as f64, text))
}

pub(super) fn read_platformer_failures(report: &Report) -> Option<(f64, String)> {
    if report.platformer.is_empty() {
        return None;
    }
    let f = report
        .platformer
        .iter()
        .fold(PlatformFailures::default(), |sum, e| sum.plus(e.ours));
    let counts: Vec<String> = f
        .counts()
        .iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    let text = format!(
        "{} (of {} frames, {} jumps, {} fast moves)",
        counts.join(", "),
        f.frames,
        f.jumps,
        f.moves
    );
    Some((f.worst() as f64, text))
}

pub(super) fn read_tile_failures(report: &Report) -> Option<(f64, String)> {
    if report.tiles.is_empty() {
        return None;
    }
    let sum = |count: fn(&TileEntry) -> usize| report.tiles.iter().map(count).sum();
    let wrong: usize = sum(|e| e.disagreements.saturating_sub(e.verdicts.ours_right));
    let seams: usize = sum(|e| e.ours_seam_hits);
    let (cases, disagreements): (usize, usize) = (sum(|e| e.cases), sum(|e| e.disagreements));
    let text = format!(
        "wrong {wrong}, seam hits {seams} (of {cases} casts, {disagreements} disagreements; \
         parry2d's seam hits {})",
        sum(|e| e.peer_seam_hits)
    );
    Some((wrong.max(seams) as f64, text))
}

pub(super) fn read_bounce_bytes(report: &Report) -> Option<(f64, String)> {
    if !report.allocations_counted {
        return None;
    }
    let e = report
        .bounce
        .iter()
        .max_by(|a, b| a.bytes_per_frame.total_cmp(&b.bytes_per_frame))?;
    let text = format!("{:.1} bytes ({} objects)", e.bytes_per_frame, e.objects);
    Some((e.bytes_per_frame, text))
}

pub(super) fn read_bytes(report: &Report) -> Option<(f64, String)> {
    if !report.allocations_counted {
        return None;
    }
    let e = report
        .scene
        .iter()
        .max_by(|a, b| a.bytes_per_frame.total_cmp(&b.bytes_per_frame))?;
    let text = format!(
        "{:.1} bytes, in {} of {} samples ({} {} {} sweep {})",
        e.bytes_per_frame,
        e.allocating_samples,
        e.samples,
        e.scene.name(),
        e.objects,
        e.broad_phase.name(),
        if e.sweep { "on" } else { "off" }
    );
    Some((e.bytes_per_frame, text))
}
