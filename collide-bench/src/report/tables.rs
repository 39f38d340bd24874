//! The report as tables a person reads: each table is a list of columns (a header and how a
//! row fills its cell), written by one routine, [`table`].

use super::bounce::BounceEntry;
use super::data::{Report, ScaleRow};
use super::events::EventsEntry;
use super::experiment::{SceneEntry, SweepCost};
use super::format::us;
use super::goals::speedup_goal;
use super::level::LevelEntry;
use super::verdict::Goal;
use crate::character::{CharacterEntry, Failures, PlatformFailures, PlatformerEntry};
use crate::fast_shots::FastShotsEntry;
use crate::table::Table;
use crate::tiles::TileEntry;
use crate::versus::VersusEntry;

/// A column of a table over rows of `T`.
pub struct Column<T> {
    /// The column's title.
    pub header: &'static str,
    /// The cell of a row.
    pub cell: fn(&T) -> String,
}

/// A column titled `header` whose cells `cell` writes.
const fn col<T>(header: &'static str, cell: fn(&T) -> String) -> Column<T> {
    Column { header, cell }
}

/// A table with these columns, one line per row.
pub fn table<'a, T: 'a>(columns: &[Column<T>], rows: impl IntoIterator<Item = &'a T>) -> Table {
    let headers: Vec<&str> = columns.iter().map(|c| c.header).collect();
    let mut out = Table::new(&headers);
    for row in rows {
        out.row(columns.iter().map(|c| (c.cell)(row)).collect());
    }
    out
}

fn on_off(sweep: bool) -> String {
    if sweep { "on" } else { "off" }.into()
}

const EXPERIMENT: [Column<SceneEntry>; 12] = [
    col("scene", |e| e.scene.name().into()),
    col("objects", |e| e.objects.to_string()),
    col("broad phase", |e| e.broad_phase.name().into()),
    col("sweep", |e| on_off(e.sweep)),
    col("frame µs (mean ± sd)", |e| {
        format!("{} ± {}", us(e.frame_ns.mean), us(e.frame_ns.sd))
    }),
    col("median µs", |e| us(e.median_ns)),
    col("halves µs", |e| {
        format!("{} / {}", us(e.run_medians_ns[0]), us(e.run_medians_ns[1]))
    }),
    col("bytes/frame", |e| format!("{:.0}", e.bytes_per_frame)),
    col("allocs/frame", |e| {
        format!("{:.2}", e.allocations_per_frame)
    }),
    col("pairs/pass", |e| format!("{:.1}", e.pairs_per_pass)),
    col("sweeps/pass", |e| format!("{:.1}", e.sweeps_per_pass)),
    col("hits/pass", |e| format!("{:.1}", e.hits_per_pass)),
];

const COST: [Column<SweepCost>; 6] = [
    col("scene", |e| e.scene.name().into()),
    col("objects", |e| e.objects.to_string()),
    col("broad phase", |e| e.broad_phase.name().into()),
    col("extra ns/frame", |e| format!("{:.0}", e.extra_ns_per_frame)),
    col("overhead %", |e| format!("{:.1}", e.overhead_percent)),
    col("ns/sweep", |e| format!("{:.1}", e.ns_per_sweep)),
];

const SCALE: [Column<ScaleRow>; 3] = [
    col("objects", |r| r.objects.to_string()),
    col("frame µs (median)", |r| us(r.frame_ns)),
    col("ns/object", |r| format!("{:.1}", r.ns_per_object)),
];

fn or_dot<T>(value: Option<T>, show: impl FnOnce(T) -> String) -> String {
    value.map_or_else(|| "·".to_owned(), show)
}

const VERSUS: [Column<VersusEntry>; 10] = [
    col("query", |e| e.query.clone()),
    col("ours ns", |e| format!("{:.1}", e.ours_ns)),
    col("parry2d ns", |e| format!("{:.1}", e.peer_ns)),
    col("speedup", |e| format!("{:.2}×", e.speedup)),
    col("ours ns, time only (speedup)", |e| {
        or_dot(e.ours_time_only_ns.zip(e.time_only_speedup), |(t, s)| {
            format!("{t:.1} ({s:.2}×)")
        })
    }),
    col("goal", |e| {
        or_dot(speedup_goal(&e.query), |g| format!("≥ {g}×"))
    }),
    col("disagreements", |e| e.disagreements.to_string()),
    col("oracle sides with (ours / parry2d)", |e| {
        or_dot(e.verdicts, |v| {
            format!("{} / {}", v.ours_right, v.peer_right)
        })
    }),
    col("cases", |e| e.cases.to_string()),
    col("max diff", |e| format!("{:.2e}", e.max_difference)),
];

const TILES: [Column<TileEntry>; 9] = [
    col("cast", |e| e.query.clone()),
    col("ours ns", |e| format!("{:.1}", e.ours_ns)),
    col("parry2d Voxels ns", |e| format!("{:.1}", e.peer_ns)),
    col("speedup", |e| format!("{:.2}×", e.speedup)),
    col("disagreements", |e| e.disagreements.to_string()),
    col("oracle sides with (ours / parry2d)", |e| {
        format!("{} / {}", e.verdicts.ours_right, e.verdicts.peer_right)
    }),
    col("cases (parry2d hits)", |e| {
        format!("{} ({})", e.cases, e.peer_hits)
    }),
    col("seam hits (ours / parry2d)", |e| {
        format!("{} / {}", e.ours_seam_hits, e.peer_seam_hits)
    }),
    col("max diff", |e| format!("{:.2e}", e.max_difference)),
];

const FAST_SHOTS: [Column<FastShotsEntry>; 5] = [
    col("rim", |e| e.rim.name().into()),
    col("travel per frame (rim radii)", |e| {
        format!("1e{} – 1e{}", e.decade, e.decade + 1)
    }),
    col("shots", |e| e.shots.to_string()),
    col("collide wrong", |e| e.ours_wrong.to_string()),
    col("parry2d wrong", |e| e.peer_wrong.to_string()),
];

/// `collide / rapier2d` for one failure count.
fn both(e: &CharacterEntry, count: fn(&Failures) -> usize) -> String {
    format!("{} / {}", count(&e.ours), count(&e.peer))
}

const BOUNCE: [Column<BounceEntry>; 7] = [
    col("objects", |e| e.objects.to_string()),
    col("bouncing µs/frame", |e| us(e.bounce_ns)),
    col("counting µs/frame", |e| us(e.count_ns)),
    col("turns/frame", |e| format!("{:.1}", e.turns_per_frame)),
    col("re-sweeps/frame", |e| {
        format!("{:.1}", e.sweeps_after_turns_per_frame)
    }),
    col("capped/frame", |e| format!("{:.2}", e.capped_per_frame)),
    col("bytes/frame", |e| format!("{:.1}", e.bytes_per_frame)),
];

const LEVELS: [Column<LevelEntry>; 5] = [
    col("static world", |e| e.level.name().into()),
    col("moving objects", |e| e.objects.to_string()),
    col("median µs/frame", |e| us(e.frame_ns)),
    col("÷ none", |e| format!("{:.2}", e.ratio)),
    col("body–obstacle pairs/frame", |e| {
        format!("{:.0}", e.static_pairs_per_frame)
    }),
];

const EVENTS: [Column<EventsEntry>; 6] = [
    col("objects", |e| e.objects.to_string()),
    col("plain µs/frame", |e| us(e.plain_ns)),
    col("with events µs/frame", |e| us(e.events_ns)),
    col("÷ plain", |e| format!("{:.3}", e.ratio)),
    col("events/frame", |e| format!("{:.0}", e.events_per_frame)),
    col("touching/frame", |e| format!("{:.0}", e.touching_per_frame)),
];

const CHARACTER: [Column<CharacterEntry>; 10] = [
    col("mover", |e| e.shape.into()),
    col("collide ns/call", |e| format!("{:.1}", e.ours_ns)),
    col("rapier2d ns/call", |e| format!("{:.1}", e.peer_ns)),
    col("speedup", |e| format!("{:.2}×", e.speedup)),
    col("seam catches", |e| both(e, |f| f.catches)),
    col("penetrations", |e| both(e, |f| f.penetrations)),
    col("jittering frames", |e| both(e, |f| f.jitters)),
    col("tunnelled", |e| both(e, |f| f.tunnelled)),
    col("walking frames", |e| e.ours.frames.to_string()),
    col("fast moves", |e| e.ours.moves.to_string()),
];

/// `collide / rapier2d` for one failure count of the platformer level.
fn both_platformer(e: &PlatformerEntry, count: fn(&PlatformFailures) -> usize) -> String {
    format!("{} / {}", count(&e.ours), count(&e.peer))
}

const PLATFORMER: [Column<PlatformerEntry>; 14] = [
    col("mover", |e| e.shape.into()),
    col("collide ns/call", |e| format!("{:.1}", e.ours_ns)),
    col("rapier2d ns/call", |e| format!("{:.1}", e.peer_ns)),
    col("speedup", |e| format!("{:.2}×", e.speedup)),
    col("catches", |e| both_platformer(e, |f| f.catches)),
    col("penetrations", |e| both_platformer(e, |f| f.penetrations)),
    col("jittering", |e| both_platformer(e, |f| f.jitters)),
    col("airborne", |e| both_platformer(e, |f| f.airborne)),
    col("idle slides", |e| both_platformer(e, |f| f.idle_slides)),
    col("falls through", |e| both_platformer(e, |f| f.falls_through)),
    col("blocked below", |e| {
        both_platformer(e, |f| f.blocked_from_below)
    }),
    col("steps missed", |e| {
        both_platformer(e, |f| f.steps_not_taken)
    }),
    col("tunnelled", |e| both_platformer(e, |f| f.tunnelled)),
    col("frames", |e| {
        format!("{} / {}", e.ours.frames, e.peer.frames)
    }),
];

const GOALS: [Column<Goal>; 5] = [
    col("goal", |g| g.name.clone()),
    col("target", |g| g.target.clone()),
    col("measured", |g| g.measured.clone()),
    col("met", |g| {
        match g.met {
            Some(true) => "yes",
            Some(false) => "NO",
            None => "not measured",
        }
        .into()
    }),
    col("since baseline", |g| or_dot(g.change, |c| c.to_string())),
];

impl Report {
    /// The tables a person reads, in order: experiment, sweep cost, scale, versus, tile-map
    /// casts, fast shots, character controllers, the platformer level, bouncing bullets,
    /// static levels, goals.
    #[must_use]
    pub fn tables(&self) -> Vec<(String, Table)> {
        let pooled = self
            .pooled_processes()
            .map_or_else(String::new, |(n, up_to)| {
                format!("; up to {up_to} objects, pooled over {n} processes")
            });
        vec![
            (
                format!(
                    "The cost experiment: per frame, sweep on and off (sampled in the order on, \
                     off, off, on, …{pooled})"
                ),
                table(&EXPERIMENT, &self.scene),
            ),
            ("The sweep's cost".into(), table(&COST, &self.sweep_cost)),
            (
                "Scale: uniform scene, grid, sweep on".into(),
                table(&SCALE, &self.scale()),
            ),
            (
                "Side by side with parry2d (same cases, same inputs; each side keeps its whole \
                 answer; ns: the median batch of each side; speedup: the median of the batch \
                 ratios, timed in alternating batches)"
                    .into(),
                table(&VERSUS, &self.versus),
            ),
            (
                "Tile-map casts beside parry2d's Voxels on a 4 096² map of 16-unit tiles (ns per \
                 cast: the median batch; speedup: the median of the batch ratios, timed in \
                 alternating batches; goal ≥ 10×; seam hits: floor walks hit with a normal other \
                 than the floor's)"
                    .into(),
                table(&TILES, &self.tiles),
            ),
            (
                "Fast shots that clip a rim (half pass inside it, half just outside; wrong: a hit \
                 called a miss, or a miss called a hit)"
                    .into(),
                table(&FAST_SHOTS, &self.fast_shots),
            ),
            (
                "move_and_slide beside rapier2d's KinematicCharacterController::move_shape on a \
                 platformer scene of 16 × 16 tiles (ns per call: the median batch; speedup: the \
                 median of the batch ratios, timed in alternating batches; failures: collide / \
                 rapier2d, over the same inputs)"
                    .into(),
                table(&CHARACTER, &self.character),
            ),
            (
                "collide's character beside rapier2d's KinematicCharacterController (snap, \
                 autostep, slope angles on) on a platformer level: ramps of 26.6° and 45°, half \
                 tiles, a 4-unit curb, one-way platforms, a lift (ns per call: the median batch \
                 over the calls of collide's walks; speedup: the median of the batch ratios; \
                 failures: collide / rapier2d, each on its own path; frames judged)"
                    .into(),
                table(&PLATFORMER, &self.platformer),
            ),
            (
                "The pass with responses: bullets that bounce off enemies beside hits only \
                 counted (uniform scene, grid; median frames of alternating batches; after a warm-up \
                 that ends when 500 frames in a row allocated nothing)"
                    .into(),
                table(&BOUNCE, &self.bounce),
            ),
            (
                "The static world: the shmup scene with no level, 100 000 static bodies or a \
                 4 096² tile map, indexed once (uniform, grid; median frames of alternating \
                 batches; bullets hit the level)"
                    .into(),
                table(&LEVELS, &self.levels),
            ),
            (
                "Keys and contact events: the shmup scene with every body keyed and the pass \
                 run through ContactEvents, beside the same frames without (uniform, grid; \
                 median frames of alternating batches)"
                    .into(),
                table(&EVENTS, &self.events),
            ),
            (
                format!(
                    "Goals (collide-bench/GOALS.md); {}",
                    self.since.line(&self.goals)
                ),
                table(&GOALS, &self.goals),
            ),
        ]
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

    /// Every table as Markdown, for `PERFORMANCE.md`.
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
