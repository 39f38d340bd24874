//! The logic of the `collide-report` binary: the seed's cost experiment, the scale table and
//! the side-by-side comparison with parry2d, as data, as tables and as the JSON of
//! `BENCHMARKS.md`.
//!
//! The experiment (seed 000, "Cost"): for each scene, size and broad phase, the same build is
//! run with the sweep on and with it off, each on its own copy of the scene built from the
//! seed. After a warm-up, batches of frames ("samples") are timed in the order on, off, off,
//! on, repeated: both orders, and drift in a shared machine's speed falls on both variants
//! alike. A frame is "move every object, update the broad phase, run the collision pass".
//! Allocations are counted around the timed batches only. The sweep's cost is judged on
//! medians, which a preempted sample cannot move.
//!
//! At 100 objects a frame takes a few microseconds, and the sweep's few hundred nanoseconds
//! move with where the code, stack and buffers happen to lie in memory: from one process to
//! the next (address-space randomization), the on-minus-off difference varies several-fold,
//! while within a process it repeats closely. So the report binary measures the small scenes
//! in several fresh processes of itself ([`ReportConfig::processes`], [`pair_worker`]) and
//! pools their samples: the figure is the code's, not one layout's luck.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use collide_broad::BroadPhaseKind;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::cases::{Query, CASES, CASE_SEED};
use crate::fast_shots::{compare_fast_shots, FastShotsEntry};
use crate::measure::{batch_size, calibrate, median, Summary};
use crate::queries::compare_query;
use crate::table::Table;
use crate::versus::{compare_broad, VersusEntry, PEER};
use collide_scene::FrameRunner;
use collide_scene::{SceneConfig, SceneKind};
use collide_testkit::alloc as alloc_count;

/// Everything that decides what a report measures and for how long.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportConfig {
    /// Whether this is the `--quick` configuration (recorded in the JSON).
    pub quick: bool,
    /// Object counts of the experiment.
    pub sizes: Vec<usize>,
    /// Scenes of the experiment.
    pub scenes: Vec<SceneKind>,
    /// Broad phases of the experiment.
    pub broad_phases: Vec<BroadPhaseKind>,
    /// Brute force is skipped above this many objects.
    pub brute_force_max: usize,
    /// Warm-up time of each run.
    pub warmup: Duration,
    /// A run warms up for at least this many frames…
    pub min_warmup_frames: u64,
    /// …unless that takes longer than this on top of `warmup`.
    pub max_extra_warmup: Duration,
    /// Timed duration of each on/off comparison (at least two samples per variant and half).
    pub measure: Duration,
    /// Fresh processes that share each on/off comparison of up to
    /// [`processes_up_to`](Self::processes_up_to) objects, one after another, each measuring
    /// its part of `measure` after its part of `warmup`; their samples are pooled. Used only
    /// with a [`worker`](Self::worker); 1 measures in this process.
    pub processes: usize,
    /// The largest scene measured in several processes.
    pub processes_up_to: usize,
    /// The report binary, run as `WORKER --pair-worker …` to measure one comparison (see
    /// [`pair_worker`]); `None` measures everything in this process.
    pub worker: Option<PathBuf>,
    /// Target duration of one sample (a batch of frames).
    pub sample: Duration,
    /// Cases per query in the side-by-side comparison.
    pub cases: usize,
    /// Alternating timing rounds per query.
    pub rounds: usize,
    /// Object count of the broad-phase comparison.
    pub broad_objects: usize,
    /// Timed frames of the broad-phase comparison.
    pub broad_frames: usize,
}

impl ReportConfig {
    /// `--quick`: 100 and 1 000 objects, every broad phase, both scenes; well under a minute
    /// on a busy 2-core machine.
    #[must_use]
    pub fn quick() -> Self {
        Self {
            quick: true,
            sizes: vec![100, 1_000],
            scenes: SceneKind::ALL.to_vec(),
            broad_phases: BroadPhaseKind::ALL.to_vec(),
            brute_force_max: 1_000,
            warmup: Duration::from_millis(60),
            min_warmup_frames: 300,
            max_extra_warmup: Duration::from_secs(1),
            measure: Duration::from_millis(1_000),
            processes: 4,
            processes_up_to: 1_000,
            worker: None,
            sample: Duration::from_micros(250),
            cases: CASES,
            rounds: 9,
            broad_objects: 10_000,
            broad_frames: 8,
        }
    }

    /// The full run: every size from 100 to 100 000.
    #[must_use]
    pub fn full() -> Self {
        Self {
            quick: false,
            sizes: vec![100, 1_000, 10_000, 100_000],
            warmup: Duration::from_millis(200),
            max_extra_warmup: Duration::from_secs(3),
            measure: Duration::from_millis(2_000),
            processes: 8,
            sample: Duration::from_micros(500),
            rounds: 31,
            broad_frames: 30,
            ..Self::quick()
        }
    }

    /// A tiny configuration for tests: one size, short runs, few cases.
    #[must_use]
    pub fn tiny() -> Self {
        Self {
            quick: true,
            sizes: vec![100],
            warmup: Duration::from_millis(2),
            min_warmup_frames: 0,
            measure: Duration::from_millis(5),
            sample: Duration::from_micros(500),
            cases: 128,
            rounds: 3,
            broad_objects: 500,
            broad_frames: 2,
            ..Self::quick()
        }
    }

    fn phases_for(&self, objects: usize) -> impl Iterator<Item = BroadPhaseKind> + '_ {
        self.broad_phases
            .iter()
            .copied()
            .filter(move |k| *k != BroadPhaseKind::BruteForce || objects <= self.brute_force_max)
    }
}

/// One measured variant of the experiment (a line of the `scene` table).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneEntry {
    /// Uniform or uneven.
    pub scene: SceneKind,
    /// Object count.
    pub objects: usize,
    /// The broad phase.
    pub broad_phase: BroadPhaseKind,
    /// Sweep on (as shipped) or off.
    pub sweep: bool,
    /// Time per frame over all samples, in ns.
    pub frame_ns: Summary,
    /// The median sample, in ns per frame: robust to the preemptions of a busy
    /// machine, so the sweep's cost and the goals are judged on it.
    pub median_ns: f64,
    /// Median ns per frame in the first and in the second half of the measurement.
    pub run_medians_ns: [f64; 2],
    /// Bytes allocated per timed frame.
    pub bytes_per_frame: f64,
    /// Allocations per timed frame.
    pub allocations_per_frame: f64,
    /// Candidate pairs per collision pass.
    pub pairs_per_pass: f64,
    /// Sweeps run per pass.
    pub sweeps_per_pass: f64,
    /// Hits found per pass (before resolution).
    pub hits_per_pass: f64,
    /// Frames timed.
    pub frames: u64,
    /// Timed samples (batches of frames) during which anything was allocated: buffer growth
    /// to a new high-water mark shows up here as a rare event, a per-frame allocation as every
    /// sample.
    pub allocating_samples: u64,
    /// Timed samples in all.
    pub samples: u64,
}

/// The sweep's cost for one scene, size and broad phase (a line of the `sweep_cost` table).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepCost {
    /// Uniform or uneven.
    pub scene: SceneKind,
    /// Object count.
    pub objects: usize,
    /// The broad phase.
    pub broad_phase: BroadPhaseKind,
    /// Extra median time per frame with the sweep on, in ns (may be negative within noise).
    pub extra_ns_per_frame: f64,
    /// That extra time as a percentage of the frame without the sweep.
    pub overhead_percent: f64,
    /// Extra time per sweep: extra time per frame ÷ sweeps per pass (0 when no sweep ran).
    pub ns_per_sweep: f64,
}

/// A goal of BENCHMARKS.md and whether this run met it.
#[derive(Clone, Debug, PartialEq)]
pub struct Goal {
    /// What is measured.
    pub name: String,
    /// The target, as written in BENCHMARKS.md.
    pub target: String,
    /// What this run measured.
    pub measured: String,
    /// `Some(true)` met, `Some(false)` missed, `None` not measured by this run.
    pub met: Option<bool>,
}

/// The machine and moment of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// Logical CPUs available to the process.
    pub cpus: usize,
    /// CPU model from `/proc/cpuinfo` (or "unknown").
    pub cpu_model: String,
    /// UTC date and time the run started, `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// The 1-minute load average when the run started (from `/proc/loadavg`, or "unknown"):
    /// on a shared machine, how many other runnable processes competed for the CPUs.
    pub load_average: String,
}

impl Machine {
    /// The machine this process runs on, now.
    #[must_use]
    pub fn current() -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|m| m.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let load_average = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|s| s.split_whitespace().next().map(str::to_owned))
            .unwrap_or_else(|| "unknown".to_owned());
        Self {
            cpus,
            cpu_model,
            date: utc_date(secs),
            load_average,
        }
    }
}

/// `YYYY-MM-DD HH:MM UTC` for seconds since the Unix epoch (civil-from-days, proleptic
/// Gregorian).
#[must_use]
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3_600,
        (rem % 3_600) / 60
    )
}

/// A whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The configuration it ran with.
    pub config: ReportConfig,
    /// Where and when.
    pub machine: Machine,
    /// Whether the counting allocator was installed (without it, allocation figures are 0 and
    /// mean nothing).
    pub allocations_counted: bool,
    /// The experiment, line by line.
    pub scene: Vec<SceneEntry>,
    /// The sweep's cost, per scene, size and broad phase.
    pub sweep_cost: Vec<SweepCost>,
    /// Side by side with parry2d.
    pub versus: Vec<VersusEntry>,
    /// Fast shots that clip a rim: which each library calls wrong.
    pub fast_shots: Vec<FastShotsEntry>,
    /// Every goal of BENCHMARKS.md and whether it was met.
    pub goals: Vec<Goal>,
    /// Wall time of the whole report.
    pub elapsed: Duration,
}

/// Raw figures of one variant over part of a measurement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Run {
    samples_ns: Vec<f64>,
    frames: u64,
    bytes: u64,
    allocations: u64,
    pairs: u64,
    sweeps: u64,
    hits: u64,
    allocating_samples: u64,
}

impl Run {
    /// Adds another process's samples and counts to these.
    fn absorb(&mut self, other: Run) {
        self.samples_ns.extend(other.samples_ns);
        self.frames += other.frames;
        self.bytes += other.bytes;
        self.allocations += other.allocations;
        self.pairs += other.pairs;
        self.sweeps += other.sweeps;
        self.hits += other.hits;
        self.allocating_samples += other.allocating_samples;
    }
}

/// The on and off runs of one comparison, each in two halves.
type PairRuns = ([Run; 2], [Run; 2]);

/// [`PairRuns`] as a worker prints it, read back by [`pair_from_json`].
fn pair_to_json((on, off): &PairRuns) -> Value {
    json!({ "on": on, "off": off })
}

/// The shape [`pair_to_json`] writes.
#[derive(Deserialize)]
struct PairJson {
    on: [Run; 2],
    off: [Run; 2],
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
fn in_processes(
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

/// A runner warmed up, with the batch size that makes one sample about `config.sample` long.
fn warm(
    config: &ReportConfig,
    scene: &SceneConfig,
    kind: BroadPhaseKind,
    sweep: bool,
) -> (FrameRunner<'static>, u64) {
    let mut runner = FrameRunner::new(scene, kind, sweep);
    // Warm up for the configured time and at least `min_warmup_frames` frames (within
    // `max_extra_warmup`), so buffers reach their high-water mark before allocations are
    // counted.
    let (mut frames, each) = calibrate(config.warmup, || {
        runner.frame();
    });
    let warm_start = Instant::now();
    while frames < config.min_warmup_frames && warm_start.elapsed() < config.max_extra_warmup {
        runner.frame();
        frames += 1;
    }
    (runner, batch_size(each, config.sample))
}

/// Times one batch of frames into `run`; allocations are counted around the frames only.
fn sample(runner: &mut FrameRunner<'_>, batch: u64, run: &mut Run) {
    let (mut pairs, mut sweeps, mut hits) = (0u64, 0u64, 0u64);
    let before = alloc_count::snapshot();
    let t0 = Instant::now();
    for _ in 0..batch {
        let s = runner.frame();
        pairs += s.pairs as u64;
        sweeps += s.sweeps as u64;
        hits += (s.discrete_hits + s.swept_hits) as u64;
    }
    let elapsed = t0.elapsed();
    let used = alloc_count::snapshot().since(before);
    run.samples_ns
        .push(elapsed.as_nanos() as f64 / batch as f64);
    run.frames += batch;
    run.bytes += used.bytes;
    run.allocations += used.allocations;
    run.allocating_samples += u64::from(used.allocations > 0);
    run.pairs += pairs;
    run.sweeps += sweeps;
    run.hits += hits;
}

/// The seed's experiment for one scene, size and broad phase: the same build with the sweep
/// on and off, each warmed up on its own scene, then sampled in the order on, off, off, on,
/// repeated for `config.measure` — both orders, and any drift of the machine's speed falls
/// on both variants alike. Returns `(on, off)`, each split into the first and second half of
/// the measurement.
fn run_pair(
    config: &ReportConfig,
    scene: &SceneConfig,
    kind: BroadPhaseKind,
) -> ([Run; 2], [Run; 2]) {
    let (mut on, on_batch) = warm(config, scene, kind, true);
    let (mut off, off_batch) = warm(config, scene, kind, false);
    let mut on_runs = [Run::default(), Run::default()];
    let mut off_runs = [Run::default(), Run::default()];
    let start = Instant::now();
    let half = config.measure / 2;
    for k in 0usize.. {
        let (runner, batch, runs) = if k % 4 == 0 || k % 4 == 3 {
            (&mut on, on_batch, &mut on_runs)
        } else {
            (&mut off, off_batch, &mut off_runs)
        };
        // The first half until `half` has passed and it holds two samples; then the second.
        // (Deciding by time alone could leave a half empty on a machine that stalls.)
        let part = usize::from(start.elapsed() >= half && runs[0].samples_ns.len() >= 2);
        sample(runner, batch, &mut runs[part]);
        let enough = on_runs
            .iter()
            .chain(&off_runs)
            .all(|r| r.samples_ns.len() >= 2);
        if k % 4 == 3 && enough && start.elapsed() >= config.measure {
            break;
        }
    }
    (on_runs, off_runs)
}

fn combine(
    scene: SceneKind,
    objects: usize,
    broad_phase: BroadPhaseKind,
    sweep: bool,
    runs: [&Run; 2],
) -> SceneEntry {
    let samples: Vec<f64> = runs
        .iter()
        .flat_map(|r| r.samples_ns.iter().copied())
        .collect();
    let frames: u64 = runs.iter().map(|r| r.frames).sum();
    let per_frame =
        |f: fn(&Run) -> u64| runs.iter().map(|r| f(r)).sum::<u64>() as f64 / frames.max(1) as f64;
    SceneEntry {
        scene,
        objects,
        broad_phase,
        sweep,
        frame_ns: Summary::of(&samples),
        median_ns: median(&samples),
        run_medians_ns: [median(&runs[0].samples_ns), median(&runs[1].samples_ns)],
        bytes_per_frame: per_frame(|r| r.bytes),
        allocations_per_frame: per_frame(|r| r.allocations),
        pairs_per_pass: per_frame(|r| r.pairs),
        sweeps_per_pass: per_frame(|r| r.sweeps),
        hits_per_pass: per_frame(|r| r.hits),
        frames,
        allocating_samples: runs.iter().map(|r| r.allocating_samples).sum(),
        samples: samples.len() as u64,
    }
}

/// Runs the whole report. `progress` is told what is being measured (the binary prints it to
/// stderr; tests pass a no-op).
pub fn run(config: &ReportConfig, mut progress: impl FnMut(&str)) -> Report {
    let started = Instant::now();
    let machine = Machine::current();
    let allocations_counted = alloc_count::is_installed();
    let mut scene = Vec::new();
    let mut sweep_cost = Vec::new();
    for &kind in &config.scenes {
        for &objects in &config.sizes {
            for phase in config.phases_for(objects) {
                progress(&format!("experiment: {} {objects} {phase}", kind.name()));
                let sc = SceneConfig::new(kind, objects);
                let runs = match &config.worker {
                    Some(worker) if config.processes > 1 && objects <= config.processes_up_to => {
                        in_processes(config, worker, &sc, phase).unwrap_or_else(|e| {
                            progress(&format!("(in this process: {e})"));
                            run_pair(config, &sc, phase)
                        })
                    }
                    _ => run_pair(config, &sc, phase),
                };
                let ([on_first, on_second], [off_first, off_second]) = runs;
                let on = combine(kind, objects, phase, true, [&on_first, &on_second]);
                let off = combine(kind, objects, phase, false, [&off_first, &off_second]);
                // Medians: a preempted sample on a shared machine must not decide the figure.
                let extra = on.median_ns - off.median_ns;
                sweep_cost.push(SweepCost {
                    scene: kind,
                    objects,
                    broad_phase: phase,
                    extra_ns_per_frame: extra,
                    overhead_percent: if off.median_ns > 0.0 {
                        100.0 * extra / off.median_ns
                    } else {
                        0.0
                    },
                    ns_per_sweep: if on.sweeps_per_pass > 0.0 {
                        extra / on.sweeps_per_pass
                    } else {
                        0.0
                    },
                });
                scene.push(on);
                scene.push(off);
            }
        }
    }
    let mut versus = Vec::new();
    for query in Query::ALL {
        progress(&format!("versus: {}", query.name()));
        versus.push(compare_query(query, config.cases, CASE_SEED, config.rounds));
    }
    for kind in SceneKind::ALL {
        progress(&format!(
            "versus: broad phase, {} {}",
            kind.name(),
            config.broad_objects
        ));
        versus.extend(compare_broad(
            kind,
            config.broad_objects,
            config.broad_frames,
        ));
    }
    progress("fast shots that clip a rim");
    let fast_shots = compare_fast_shots();
    let mut report = Report {
        config: config.clone(),
        machine,
        allocations_counted,
        scene,
        sweep_cost,
        versus,
        fast_shots,
        goals: Vec::new(),
        elapsed: Duration::ZERO,
    };
    report.goals = goals(&report);
    report.elapsed = started.elapsed();
    report
}

impl Report {
    /// The `scene` line of a variant, if measured.
    #[must_use]
    pub fn scene_entry(
        &self,
        scene: SceneKind,
        objects: usize,
        broad_phase: BroadPhaseKind,
        sweep: bool,
    ) -> Option<&SceneEntry> {
        self.scene.iter().find(|e| {
            e.scene == scene
                && e.objects == objects
                && e.broad_phase == broad_phase
                && e.sweep == sweep
        })
    }

    /// The `sweep_cost` line of a variant, if measured.
    #[must_use]
    pub fn sweep_cost_entry(
        &self,
        scene: SceneKind,
        objects: usize,
        broad_phase: BroadPhaseKind,
    ) -> Option<&SweepCost> {
        self.sweep_cost
            .iter()
            .find(|e| e.scene == scene && e.objects == objects && e.broad_phase == broad_phase)
    }

    /// The scale table's rows: uniform scene, grid, sweep on — `(objects, ns per frame, ns
    /// per object)`.
    #[must_use]
    pub fn scale(&self) -> Vec<(usize, f64, f64)> {
        self.config
            .sizes
            .iter()
            .filter_map(|&n| {
                let e = self.scene_entry(SceneKind::Uniform, n, BroadPhaseKind::Grid, true)?;
                Some((n, e.median_ns, e.median_ns / n as f64))
            })
            .collect()
    }

    /// The report as the JSON of BENCHMARKS.md (plus extra keys).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let scene: Vec<Value> = self
            .scene
            .iter()
            .map(|e| {
                json!({
                    "scene": e.scene.name(),
                    "objects": e.objects,
                    "broad_phase": e.broad_phase.name(),
                    "sweep": e.sweep,
                    "frame_ns": { "mean": e.frame_ns.mean, "sd": e.frame_ns.sd, "median": e.median_ns },
                    "bytes_per_frame": e.bytes_per_frame,
                    "allocations_per_frame": e.allocations_per_frame,
                    "pairs_per_pass": e.pairs_per_pass,
                    "sweeps_per_pass": e.sweeps_per_pass,
                    "hits_per_pass": e.hits_per_pass,
                    "run_medians_ns": e.run_medians_ns,
                    "frames": e.frames,
                    "samples": e.samples,
                    "allocating_samples": e.allocating_samples,
                })
            })
            .collect();
        let sweep_cost: Vec<Value> = self
            .sweep_cost
            .iter()
            .map(|e| {
                json!({
                    "scene": e.scene.name(),
                    "objects": e.objects,
                    "broad_phase": e.broad_phase.name(),
                    "overhead_percent": e.overhead_percent,
                    "ns_per_sweep": e.ns_per_sweep,
                    "extra_ns_per_frame": e.extra_ns_per_frame,
                })
            })
            .collect();
        let versus: Vec<Value> = self
            .versus
            .iter()
            .map(|e| {
                let mut v = json!({
                    "peer": PEER,
                    "query": e.query,
                    "ours_ns": e.ours_ns,
                    "peer_ns": e.peer_ns,
                    "disagreements": e.disagreements,
                    "speedup": e.speedup(),
                    "cases": e.cases,
                    "peer_hits": e.peer_hits,
                    "max_difference": e.max_difference,
                });
                if e.goal_speedup > 0.0 {
                    v["goal_speedup"] = json!(e.goal_speedup);
                }
                if let Some(ns) = e.ours_time_only_ns {
                    v["ours_time_only_ns"] = json!(ns);
                }
                if let Some(n) = e.objects {
                    v["objects"] = json!(n);
                }
                if let Some(b) = e.broad_phase {
                    v["broad_phase"] = json!(b);
                }
                if let Some(verdicts) = e.verdicts {
                    v["disagreements_ours_right"] = json!(verdicts.ours_right);
                    v["disagreements_peer_right"] = json!(verdicts.peer_right);
                }
                v
            })
            .collect();
        let scale: Vec<Value> = self
            .scale()
            .into_iter()
            .map(|(n, frame, per)| json!({ "objects": n, "frame_ns": frame, "ns_per_object": per }))
            .collect();
        let goals: Vec<Value> = self
            .goals
            .iter()
            .map(|g| json!({ "goal": g.name, "target": g.target, "measured": g.measured, "met": g.met }))
            .collect();
        let fast_shots: Vec<Value> = self
            .fast_shots
            .iter()
            .map(|e| {
                json!({
                    "peer": PEER,
                    "rim": e.rim.name(),
                    "travel_rim_radii": [10f64.powi(e.decade as i32), 10f64.powi(e.decade as i32 + 1)],
                    "shots": e.shots,
                    "ours_wrong": e.ours_wrong,
                    "peer_wrong": e.peer_wrong,
                })
            })
            .collect();
        json!({
            "schema": 1,
            "scene": scene,
            "sweep_cost": sweep_cost,
            "versus": versus,
            "scale": scale,
            "goals": goals,
            "fast_shots": fast_shots,
            "quick": self.config.quick,
            "allocations_counted": self.allocations_counted,
            "machine": {
                "cpus": self.machine.cpus,
                "cpu_model": self.machine.cpu_model,
                "date": self.machine.date,
                "load_average": self.machine.load_average,
            },
            "elapsed_s": self.elapsed.as_secs_f64(),
        })
    }

    /// The tables a person reads, in order: experiment, sweep cost, scale, versus, fast shots, goals.
    #[must_use]
    pub fn tables(&self) -> Vec<(String, Table)> {
        let mut experiment = Table::new(&[
            "scene",
            "objects",
            "broad phase",
            "sweep",
            "frame µs (mean ± sd)",
            "median µs",
            "halves µs",
            "bytes/frame",
            "allocs/frame",
            "pairs/pass",
            "sweeps/pass",
            "hits/pass",
        ]);
        for e in &self.scene {
            experiment.row(vec![
                e.scene.name().into(),
                e.objects.to_string(),
                e.broad_phase.name().into(),
                if e.sweep { "on" } else { "off" }.into(),
                format!("{} ± {}", us(e.frame_ns.mean), us(e.frame_ns.sd)),
                us(e.median_ns),
                format!("{} / {}", us(e.run_medians_ns[0]), us(e.run_medians_ns[1])),
                format!("{:.0}", e.bytes_per_frame),
                format!("{:.2}", e.allocations_per_frame),
                format!("{:.1}", e.pairs_per_pass),
                format!("{:.1}", e.sweeps_per_pass),
                format!("{:.1}", e.hits_per_pass),
            ]);
        }
        let mut cost = Table::new(&[
            "scene",
            "objects",
            "broad phase",
            "extra ns/frame",
            "overhead %",
            "ns/sweep",
        ]);
        for e in &self.sweep_cost {
            cost.row(vec![
                e.scene.name().into(),
                e.objects.to_string(),
                e.broad_phase.name().into(),
                format!("{:.0}", e.extra_ns_per_frame),
                format!("{:.1}", e.overhead_percent),
                format!("{:.1}", e.ns_per_sweep),
            ]);
        }
        let mut scale = Table::new(&["objects", "frame µs (median)", "ns/object"]);
        for (n, frame, per) in self.scale() {
            scale.row(vec![n.to_string(), us(frame), format!("{per:.1}")]);
        }
        let mut versus = Table::new(&[
            "query",
            "ours ns",
            "parry2d ns",
            "speedup",
            "ours ns, time only (speedup)",
            "goal",
            "disagreements",
            "oracle sides with (ours / parry2d)",
            "cases",
            "max diff",
        ]);
        for e in &self.versus {
            versus.row(vec![
                e.query.clone(),
                format!("{:.1}", e.ours_ns),
                format!("{:.1}", e.peer_ns),
                format!("{:.2}×", e.speedup()),
                e.ours_time_only_ns.map_or_else(
                    || "·".to_owned(),
                    |t| format!("{t:.1} ({:.2}×)", e.peer_ns / t),
                ),
                if e.goal_speedup > 0.0 {
                    format!("≥ {}×", e.goal_speedup)
                } else {
                    "·".into()
                },
                e.disagreements.to_string(),
                e.verdicts.map_or_else(
                    || "·".to_owned(),
                    |v| format!("{} / {}", v.ours_right, v.peer_right),
                ),
                e.cases.to_string(),
                format!("{:.2e}", e.max_difference),
            ]);
        }
        let mut fast = Table::new(&[
            "rim",
            "travel per frame (rim radii)",
            "shots",
            "collide wrong",
            "parry2d wrong",
        ]);
        for e in &self.fast_shots {
            fast.row(vec![
                e.rim.name().into(),
                format!("1e{} – 1e{}", e.decade, e.decade + 1),
                e.shots.to_string(),
                e.ours_wrong.to_string(),
                e.peer_wrong.to_string(),
            ]);
        }
        let mut goals = Table::new(&["goal", "target", "measured", "met"]);
        for g in &self.goals {
            goals.row(vec![
                g.name.clone(),
                g.target.clone(),
                g.measured.clone(),
                match g.met {
                    Some(true) => "yes",
                    Some(false) => "NO",
                    None => "not measured",
                }
                .into(),
            ]);
        }
        vec![
            (
                format!(
                    "The seed's experiment: per frame, sweep on and off (sampled in the order on, \
                     off, off, on, …{})",
                    self.pooled_processes()
                        .map_or_else(String::new, |(n, up_to)| format!(
                            "; up to {up_to} objects, pooled over {n} processes"
                        ))
                ),
                experiment,
            ),
            ("The sweep's cost".into(), cost),
            ("Scale: uniform scene, grid, sweep on".into(), scale),
            (
                "Side by side with parry2d (same cases, same inputs; each side keeps its whole \
                 answer)"
                    .into(),
                versus,
            ),
            (
                "Fast shots that clip a rim (half pass inside it, half just outside; wrong: a hit \
                 called a miss, or a miss called a hit)"
                    .into(),
                fast,
            ),
            ("Goals of BENCHMARKS.md".into(), goals),
        ]
    }

    /// `(processes, up to objects)` when the small scenes were measured in several processes.
    fn pooled_processes(&self) -> Option<(usize, usize)> {
        let c = &self.config;
        (c.worker.is_some() && c.processes > 1).then_some((c.processes, c.processes_up_to))
    }

    fn header(&self) -> String {
        format!(
            "collide-report{}: {} ({} CPUs, load average {} at the start), {}; {:.1} s{}",
            if self.config.quick { " --quick" } else { "" },
            self.machine.cpu_model,
            self.machine.cpus,
            self.machine.load_average,
            self.machine.date,
            self.elapsed.as_secs_f64(),
            if self.allocations_counted {
                ""
            } else {
                "; WARNING: counting allocator not installed, allocation figures are meaningless"
            }
        )
    }

    /// Every table as aligned text, for a terminal.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.header());
        for (title, table) in self.tables() {
            out.push_str(&format!("\n{title}\n\n{}", table.text()));
        }
        out
    }

    /// Every table as Markdown, for the README's "Performance" section.
    #[must_use]
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "Measured with `cargo run --release -p collide-bench --bin collide-report{}` on {} \
             ({} CPUs, load average {} when it started), {}, in {:.0} s.\n",
            if self.config.quick { " -- --quick" } else { "" },
            self.machine.cpu_model,
            self.machine.cpus,
            self.machine.load_average,
            self.machine.date,
            self.elapsed.as_secs_f64(),
        );
        for (title, table) in self.tables() {
            out.push_str(&format!("\n**{title}**\n\n{}", table.markdown()));
        }
        out
    }
}

fn us(ns: f64) -> String {
    if ns.abs() >= 100_000.0 {
        format!("{:.0}", ns / 1_000.0)
    } else if ns.abs() >= 10_000.0 {
        format!("{:.1}", ns / 1_000.0)
    } else {
        format!("{:.2}", ns / 1_000.0)
    }
}

/// Every goal of BENCHMARKS.md, judged on a report.
#[must_use]
pub fn goals(report: &Report) -> Vec<Goal> {
    let mut goals = Vec::new();
    let grid = BroadPhaseKind::Grid;
    let uniform = SceneKind::Uniform;
    let seed_cost = report.sweep_cost_entry(uniform, 100, grid);
    goals.push(match seed_cost {
        Some(c) => Goal {
            name: "sweep overhead on the frame (uniform, 100, grid)".into(),
            target: "≤ 10 %".into(),
            measured: format!("{:.1} %", c.overhead_percent),
            met: Some(c.overhead_percent <= 10.0),
        },
        None => not_measured("sweep overhead on the frame", "≤ 10 %"),
    });
    goals.push(match seed_cost {
        Some(c) => Goal {
            name: "extra time per sweep (uniform, 100, grid)".into(),
            target: "≤ 10 ns".into(),
            measured: format!("{:.1} ns", c.ns_per_sweep),
            met: Some(c.ns_per_sweep <= 10.0),
        },
        None => not_measured("extra time per sweep", "≤ 10 ns"),
    });
    // The fastest broad phase at 100 objects: a game picks the one that suits its scene.
    let fastest_100 = report
        .scene
        .iter()
        .filter(|e| e.scene == uniform && e.objects == 100 && e.sweep)
        .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
    goals.push(match fastest_100 {
        Some(e) => Goal {
            name: format!(
                "whole frame, 100 objects (uniform, sweep on, fastest: {})",
                e.broad_phase.name()
            ),
            target: "≤ 4 µs".into(),
            measured: format!(
                "median {} µs (mean {} ± {})",
                us(e.median_ns),
                us(e.frame_ns.mean),
                us(e.frame_ns.sd)
            ),
            met: Some(e.median_ns <= 4_000.0),
        },
        None => not_measured("whole frame, 100 objects", "≤ 4 µs"),
    });
    let worst_bytes = report
        .scene
        .iter()
        .max_by(|a, b| a.bytes_per_frame.total_cmp(&b.bytes_per_frame));
    goals.push(match worst_bytes {
        Some(e) if report.allocations_counted => Goal {
            name: "bytes allocated per frame (worst variant)".into(),
            target: "0 in steady state".into(),
            measured: format!(
                "{:.1} bytes, in {} of {} samples ({} {} {} sweep {})",
                e.bytes_per_frame,
                e.allocating_samples,
                e.samples,
                e.scene.name(),
                e.objects,
                e.broad_phase.name(),
                if e.sweep { "on" } else { "off" }
            ),
            met: Some(e.bytes_per_frame == 0.0),
        },
        _ => not_measured("bytes allocated per frame", "0 in steady state"),
    });
    for e in &report.versus {
        if e.goal_speedup > 0.0 {
            let what = match &e.broad_phase {
                Some(b) => format!("{} ({b}, {} objects)", e.query, e.objects.unwrap_or(0)),
                None => e.query.clone(),
            };
            goals.push(Goal {
                name: format!("{what} vs parry2d"),
                target: format!("≥ {}× faster", e.goal_speedup),
                measured: format!("{:.2}×", e.speedup()),
                met: Some(e.speedup() >= e.goal_speedup),
            });
        }
    }
    let per_object = |n: usize| {
        report
            .scale()
            .into_iter()
            .find(|(m, _, _)| *m == n)
            .map(|(_, frame, per)| (frame, per))
    };
    goals.push(match (per_object(1_000), per_object(100_000)) {
        (Some((_, small)), Some((_, large))) => Goal {
            name: "flat cost per object (ns/object at 100 000 ÷ at 1 000)".into(),
            target: "≤ 1.5".into(),
            measured: format!("{:.2} ({large:.1} / {small:.1} ns)", large / small),
            met: Some(large <= 1.5 * small),
        },
        _ => not_measured("flat cost per object, 1 000 → 100 000", "≤ 1.5"),
    });
    goals.push(match per_object(100_000) {
        Some((frame, _)) => Goal {
            name: "100 000 objects, one frame on one core".into(),
            target: "≤ 8 ms".into(),
            measured: format!("{:.2} ms", frame / 1e6),
            met: Some(frame <= 8e6),
        },
        None => not_measured("100 000 objects, one frame on one core", "≤ 8 ms"),
    });
    goals
}

fn not_measured(name: &str, target: &str) -> Goal {
    Goal {
        name: name.into(),
        target: target.into(),
        measured: "not in this run (full run only)".into(),
        met: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_date(1_764_466_260), "2025-11-30 01:31 UTC");
    }

    fn entry(objects: usize, sweep: bool, median_ns: f64, bytes: f64) -> SceneEntry {
        SceneEntry {
            scene: SceneKind::Uniform,
            objects,
            broad_phase: BroadPhaseKind::Grid,
            sweep,
            frame_ns: Summary {
                mean: median_ns,
                sd: 0.0,
            },
            median_ns,
            run_medians_ns: [median_ns; 2],
            bytes_per_frame: bytes,
            allocations_per_frame: 0.0,
            pairs_per_pass: 10.0,
            sweeps_per_pass: 10.0,
            hits_per_pass: 5.0,
            frames: 100,
            allocating_samples: 0,
            samples: 10,
        }
    }

    fn report(entries: Vec<SceneEntry>, cost: SweepCost, sizes: Vec<usize>) -> Report {
        let mut r = Report {
            config: ReportConfig {
                sizes,
                ..ReportConfig::tiny()
            },
            machine: Machine {
                cpus: 2,
                cpu_model: "test".into(),
                date: utc_date(0),
                load_average: "0.00".into(),
            },
            allocations_counted: true,
            scene: entries,
            sweep_cost: vec![cost],
            versus: vec![VersusEntry {
                query: "toi_circle_rect".into(),
                ours_ns: 10.0,
                ours_time_only_ns: Some(4.0),
                peer_ns: 250.0,
                disagreements: 0,
                cases: 1,
                peer_hits: 1,
                max_difference: 0.0,
                goal_speedup: 20.0,
                objects: None,
                broad_phase: None,
                verdicts: None,
            }],
            fast_shots: Vec::new(),
            goals: Vec::new(),
            elapsed: Duration::ZERO,
        };
        r.goals = goals(&r);
        r
    }

    fn met(r: &Report, name: &str) -> Option<bool> {
        r.goals
            .iter()
            .find(|g| g.name.starts_with(name))
            .unwrap_or_else(|| panic!("no goal `{name}`"))
            .met
    }

    #[test]
    fn runs_cross_between_processes_intact_and_pool() {
        let run = |seed: u64| Run {
            samples_ns: vec![3_900.25 + seed as f64, 4_012.5, 1.0 / 3.0],
            frames: 30 + seed,
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
            (pooled.frames, pooled.sweeps, pooled.allocating_samples),
            (66, 96, 2)
        );
    }

    #[test]
    fn every_half_of_both_variants_gets_samples_even_when_time_is_up_at_once() {
        // A zero measurement time is what a machine that stalls in the first sample looks
        // like: every half must still be filled, and the loop must end.
        let config = ReportConfig {
            warmup: Duration::ZERO,
            measure: Duration::ZERO,
            sample: Duration::ZERO,
            ..ReportConfig::tiny()
        };
        let (on, off) = run_pair(&config, &SceneConfig::uniform(50), BroadPhaseKind::Grid);
        for run in on.iter().chain(&off) {
            assert!(run.samples_ns.len() >= 2);
            assert_eq!(run.frames, run.samples_ns.len() as u64);
        }
        assert!(on.iter().all(|r| r.pairs > 0 && r.sweeps > 0));
        assert!(off.iter().all(|r| r.sweeps == 0));
    }

    #[test]
    fn goals_are_judged_from_the_figures() {
        let cost = |percent, per_sweep| SweepCost {
            scene: SceneKind::Uniform,
            objects: 100,
            broad_phase: BroadPhaseKind::Grid,
            extra_ns_per_frame: 0.0,
            overhead_percent: percent,
            ns_per_sweep: per_sweep,
        };
        let good = report(
            vec![
                entry(100, true, 3_000.0, 0.0),
                entry(100, false, 2_900.0, 0.0),
                entry(1_000, true, 30_000.0, 0.0),
                entry(100_000, true, 4_000_000.0, 0.0),
            ],
            cost(5.0, 8.0),
            vec![100, 1_000, 100_000],
        );
        for name in [
            "sweep overhead",
            "extra time per sweep",
            "whole frame",
            "bytes allocated",
            "toi_circle_rect",
            "flat cost",
            "100 000 objects",
        ] {
            assert_eq!(met(&good, name), Some(true), "{name}");
        }

        let bad = report(
            vec![
                entry(100, true, 5_000.0, 0.0),
                entry(1_000, true, 30_000.0, 16.0),
                entry(100_000, true, 9_000_000.0, 0.0),
            ],
            cost(12.0, 11.0),
            vec![100, 1_000, 100_000],
        );
        for name in [
            "sweep overhead",
            "extra time per sweep",
            "whole frame",
            "bytes allocated",
            "flat cost",
            "100 000 objects",
        ] {
            assert_eq!(met(&bad, name), Some(false), "{name}");
        }
        assert!(bad.text().contains("NO"));

        // A quick run has no 100 000: those goals are "not measured", not failed.
        let quick = report(
            vec![entry(100, true, 3_000.0, 0.0)],
            cost(5.0, 8.0),
            vec![100],
        );
        assert_eq!(met(&quick, "flat cost"), None);
        assert_eq!(met(&quick, "100 000 objects"), None);
        assert_eq!(quick.scale(), vec![(100, 3_000.0, 30.0)]);
    }
}
