//! What a report measures and for how long: the `--quick` and full presets, and a tiny one
//! for tests.

use std::path::PathBuf;
use std::time::Duration;

use collide::BroadPhaseKind;
use collide_scene::SceneKind;

use crate::cases::CASES;
use crate::character::CharacterConfig;

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
    /// `worker::pair_worker`); `None` measures everything in this process.
    pub worker: Option<PathBuf>,
    /// Target duration of one sample (a batch of frames).
    pub sample: Duration,
    /// Cases per query in the side-by-side comparison.
    pub cases: usize,
    /// Alternating timing batches per side and query in the side-by-side comparison.
    pub batches: usize,
    /// Object count of the broad-phase comparison.
    pub broad_objects: usize,
    /// Timed frames of the broad-phase comparison (one batch each).
    pub broad_frames: usize,
    /// The character-controller comparison with rapier2d.
    pub character: CharacterConfig,
    /// Object counts of the bouncing-bullets comparison.
    pub bounce_sizes: Vec<usize>,
    /// Moving objects of the static-level comparison.
    pub level_objects: usize,
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
            batches: 15,
            broad_objects: 10_000,
            broad_frames: 9,
            character: CharacterConfig {
                frames: 2_000,
                fast_moves: 500,
                batches: 15,
                frames_per_batch: 100,
                jumps: 200,
            },
            bounce_sizes: vec![100, 1_000],
            level_objects: 10_000,
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
            batches: 41,
            broad_frames: 31,
            character: CharacterConfig {
                frames: 10_000,
                fast_moves: 2_000,
                batches: 41,
                frames_per_batch: 200,
                jumps: 500,
            },
            bounce_sizes: vec![100, 10_000],
            ..Self::quick()
        }
    }

    /// A tiny configuration for tests: one size, short runs, few cases (the warm-up still
    /// reaches every buffer's high-water mark, so a frame allocates nothing).
    #[must_use]
    pub fn tiny() -> Self {
        Self {
            quick: true,
            sizes: vec![100],
            warmup: Duration::from_millis(2),
            measure: Duration::from_millis(5),
            sample: Duration::from_micros(500),
            cases: 128,
            batches: 3,
            broad_objects: 500,
            broad_frames: 2,
            character: CharacterConfig {
                frames: 30,
                fast_moves: 10,
                batches: 3,
                frames_per_batch: 3,
                jumps: 4,
            },
            bounce_sizes: vec![100],
            level_objects: 100,
            ..Self::quick()
        }
    }

    /// The broad phases measured at `objects`: brute force only up to
    /// [`brute_force_max`](Self::brute_force_max).
    pub fn phases_for(&self, objects: usize) -> impl Iterator<Item = BroadPhaseKind> + '_ {
        self.broad_phases
            .iter()
            .copied()
            .filter(move |k| *k != BroadPhaseKind::BruteForce || objects <= self.brute_force_max)
    }
}
