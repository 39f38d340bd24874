//! The small scenes measured in fresh processes of the report binary.
//!
//! At 100 objects a frame takes a few microseconds, and the sweep's few hundred nanoseconds
//! move with where the code, stack and buffers happen to lie in memory: from one process to
//! the next (address-space randomization), the on-minus-off difference varies several-fold,
//! while within a process it repeats closely. So the report measures the small scenes in
//! several fresh processes of itself ([`ReportConfig::processes`]) and pools their samples:
//! the figure is the code's, not one layout's luck.

use std::path::Path;
use std::process::{Command, Stdio};

use collide::BroadPhaseKind;
use collide_scene::{SceneConfig, SceneKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::config::ReportConfig;
use super::sampling::{run_pair, PairRuns, Run};

/// [`PairRuns`] as a worker prints it and its parent reads it back.
#[derive(Serialize, Deserialize)]
struct PairJson {
    on: [Run; 2],
    off: [Run; 2],
}

fn pair_to_json((on, off): &PairRuns) -> Value {
    serde_json::to_value(PairJson {
        on: on.clone(),
        off: off.clone(),
    })
    .unwrap_or(Value::Null)
}

/// `None` for anything but a whole pair: a missing half or field, or a count that is not one.
fn pair_from_json(v: &Value) -> Option<PairRuns> {
    let PairJson { on, off } = PairJson::deserialize(v).ok()?;
    Some((on, off))
}

/// Measures one on/off comparison in this process, for a parent report that pools several
/// processes (see [`ReportConfig::processes`]); the report binary runs it as
/// `collide-report --pair-worker quick|full SCENE OBJECTS BROAD_PHASE SHARE` and prints the
/// JSON this returns. The configuration is `--quick`'s or the full run's, with `measure` and
/// `warmup` divided by `share`, the number of processes sharing the comparison.
///
/// # Errors
///
/// A scene or broad phase that has no such name, or a share of zero.
pub fn pair_worker(
    quick: bool,
    scene: &str,
    objects: usize,
    broad_phase: &str,
    share: usize,
) -> Result<Value, String> {
    let mut config = if quick {
        ReportConfig::quick()
    } else {
        ReportConfig::full()
    };
    let share = u32::try_from(share)
        .ok()
        .filter(|&s| s > 0)
        .ok_or_else(|| format!("share `{share}` is not a positive count"))?;
    config.measure /= share;
    config.warmup /= share;
    let kind = SceneKind::ALL
        .into_iter()
        .find(|k| k.name() == scene)
        .ok_or_else(|| format!("no scene `{scene}`"))?;
    let phase: BroadPhaseKind = broad_phase
        .parse()
        .map_err(|_| format!("no broad phase `{broad_phase}`"))?;
    let runs = run_pair(&config, &SceneConfig::new(kind, objects), phase);
    Ok(pair_to_json(&runs))
}

/// One comparison shared by `config.processes` fresh runs of `worker`, one after another,
/// their samples pooled.
pub(super) fn in_processes(
    config: &ReportConfig,
    worker: &Path,
    scene: &SceneConfig,
    phase: BroadPhaseKind,
) -> Result<PairRuns, String> {
    let mut pooled = PairRuns::default();
    for _ in 0..config.processes {
        let output = Command::new(worker)
            .arg("--pair-worker")
            .arg(if config.quick { "quick" } else { "full" })
            .arg(scene.kind.name())
            .arg(scene.objects.to_string())
            .arg(phase.name())
            .arg(config.processes.to_string())
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", worker.display()))?;
        if !output.status.success() {
            return Err(format!("{} failed: {}", worker.display(), output.status));
        }
        let (on, off) = serde_json::from_slice(&output.stdout)
            .ok()
            .as_ref()
            .and_then(pair_from_json)
            .ok_or_else(|| format!("{} wrote no runs", worker.display()))?;
        for (into, from) in pooled.0.iter_mut().zip(on) {
            into.absorb(from);
        }
        for (into, from) in pooled.1.iter_mut().zip(off) {
            into.absorb(from);
        }
    }
    Ok(pooled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn runs_cross_between_processes_intact_and_pool() {
        let run = |seed: u64| Run {
            samples_ns: vec![3_900.25 + seed as f64, 4_012.5, 1.0 / 3.0],
            frames: 30 + seed,
            warmup_frames: 300 + seed,
            bytes: seed,
            allocations: 2 * seed,
            pairs: 17 * seed,
            sweeps: 16 * seed,
            hits: 15 * seed,
            allocating_samples: seed % 2,
        };
        let pair: PairRuns = ([run(1), run(2)], [run(3), run(4)]);
        // Through text, as a worker's stdout carries it: every float and count exact.
        let text = pair_to_json(&pair).to_string();
        let back = pair_from_json(&serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(back, pair);
        // Anything else is refused, not half read.
        let one_half = serde_json::to_value(run(1)).unwrap();
        assert!(pair_from_json(&json!({ "on": [one_half] })).is_none());
        let mut broken = pair_to_json(&pair);
        broken["off"][1]["sweeps"] = json!(-1);
        assert!(pair_from_json(&broken).is_none());
        // Pooling keeps every sample and adds the counts.
        let mut pooled = run(1);
        pooled.absorb(run(5));
        assert_eq!(pooled.samples_ns.len(), 6);
        assert_eq!(pooled.samples_ns[3], 3_905.25);
        assert_eq!(
            (
                pooled.frames,
                pooled.warmup_frames,
                pooled.sweeps,
                pooled.allocating_samples
            ),
            (66, 606, 96, 2)
        );
    }
}
