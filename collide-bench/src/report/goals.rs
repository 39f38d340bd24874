//! The goals, each written once as data ([`GOALS`]): its name, its bound, what it measures and
//! how it is judged. The report's goals table and the JSON's `goals` come from this list, and
//! `collide-bench/GOALS.md` carries the same lines (a test checks that the two agree).

use collide::BroadPhaseKind;
use collide_scene::{LevelKind, SceneKind};

use super::data::Report;
use super::figures::{
    per_object, read_bounce_bytes, read_bytes, read_character_failures, read_platformer_failures,
    read_tile_failures,
};
use super::format::us;
pub use super::verdict::{Bound, Goal};

/// Which figure of a report a goal reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The sweep's overhead on the uniform 100-object grid frame, in %.
    SweepOverhead,
    /// The sweep's extra time per sweep on the same frame, in ns.
    TimePerSweep,
    /// The fastest broad phase's median 100-object uniform frame with the sweep on, in µs.
    Frame100,
    /// The worst variant's bytes allocated per timed frame.
    BytesPerFrame,
    /// The side-by-side speedup of the `versus` line with this query name.
    Speedup(&'static str),
    /// ns per object at 100 000 objects ÷ at 1 000 (uniform, grid, sweep on).
    FlatCost,
    /// The median 100 000-object uniform grid frame with the sweep on, in ms.
    Frame100k,
    /// The slowest mover's speedup of `move_and_slide` over rapier2d's `move_shape`.
    CharacterSpeedup,
    /// The largest of collide's four failure counts on the platformer scene.
    CharacterFailures,
    /// The slowest mover's speedup of collide's character over rapier2d's on the platformer
    /// level.
    PlatformerSpeedup,
    /// The largest of collide's failure counts on the platformer level.
    PlatformerFailures,
    /// The largest bytes per bouncing frame of the bouncing-bullets comparison.
    BounceBytes,
    /// A static level's median frame ÷ the frame with none.
    LevelRatio(LevelKind),
    /// The shmup frame with keys and contact events ÷ the frame without.
    EventsRatio,
    /// The slowest tile-cast line's speedup over parry2d's `Voxels`.
    TileSpeedup,
    /// The larger of collide's two failure counts on the tile casts: answers the oracle calls
    /// wrong, and seam hits.
    TileFailures,
}

/// One goal: what it is called, its bound, what it measures and how it is judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoalSpec {
    /// The goal's name, as the goals table and `GOALS.md` give it.
    pub name: &'static str,
    /// The bound the measured figure must keep.
    pub bound: Bound,
    /// How far its figure moves from run to run with no change to the code, in %: a fall from
    /// the baseline within it is not marked (see `GOALS.md`, "Falls from the baseline").
    pub spread_percent: f64,
    /// What is measured.
    pub measures: &'static str,
    /// How the figure is taken from the run.
    pub judged: &'static str,
    /// The figure of a report it reads.
    pub measure: Measure,
}

/// A side-by-side goal: the `versus` line `query` must be `bound` times faster than parry2d.
const fn speedup(
    query: &'static str,
    name: &'static str,
    bound: f64,
    spread_percent: f64,
    measures: &'static str,
) -> GoalSpec {
    GoalSpec {
        name,
        bound: Bound::AtLeast(bound, "× faster"),
        spread_percent,
        measures,
        judged: "median of the batch ratios, parry2d ns ÷ collide ns",
        measure: Measure::Speedup(query),
    }
}

/// A goal's spread unless its figure is known to move more: the project's figures move 10 to
/// 30 % from run to run, most of them by less than 15 %. A goal known to move more has the
/// widest move between full runs of the same code that `PERFORMANCE.md` records, rounded up
/// to a multiple of 5 % (`GOALS.md` lists them).
pub const SPREAD_PERCENT: f64 = 15.0;

/// The spread of a goal that must be met exactly (a count, bytes): any step away is a fall.
const EXACT: f64 = 0.0;

/// Every goal of the report, in the order of its goals table.
pub const GOALS: [GoalSpec; 27] = [
    GoalSpec {
        name: "sweep overhead on the frame (uniform, 100, grid)",
        bound: Bound::AtMost(10.0, " %"),
        spread_percent: SPREAD_PERCENT,
        measures: "extra time per frame with the sweep on, as a share of the frame without it",
        judged: "medians of the sweep-on and sweep-off samples",
        measure: Measure::SweepOverhead,
    },
    GoalSpec {
        name: "extra time per sweep (uniform, 100, grid)",
        bound: Bound::AtMost(10.0, " ns"),
        spread_percent: SPREAD_PERCENT,
        measures: "extra time per frame with the sweep on ÷ sweeps per pass",
        judged: "medians of the sweep-on and sweep-off samples",
        measure: Measure::TimePerSweep,
    },
    GoalSpec {
        name: "whole frame, 100 objects (uniform, sweep on, fastest broad phase)",
        bound: Bound::AtMost(4.0, " µs"),
        spread_percent: SPREAD_PERCENT,
        measures: "move every object, update the broad phase, run the collision pass",
        judged: "median sample of the fastest broad phase",
        measure: Measure::Frame100,
    },
    GoalSpec {
        name: "bytes allocated per frame (worst variant)",
        bound: Bound::Exactly(0.0, " in steady state"),
        spread_percent: EXACT,
        measures: "bytes a counting global allocator sees during the timed frames",
        judged: "the largest figure of every scene, size, broad phase and sweep setting",
        measure: Measure::BytesPerFrame,
    },
    speedup(
        "toi_circle_circle",
        "toi_circle_circle vs parry2d",
        5.0,
        25.0,
        "time of impact of two moving circles; parry2d: `cast_shapes` Ball/Ball",
    ),
    speedup(
        "toi_circle_rect",
        "toi_circle_rect vs parry2d",
        20.0,
        35.0,
        "time of impact of a moving circle and a moving box; parry2d: `cast_shapes` Ball/Cuboid",
    ),
    speedup(
        "toi_rect_rect",
        "toi_rect_rect vs parry2d",
        20.0,
        25.0,
        "time of impact of two moving boxes; parry2d: `cast_shapes` Cuboid/Cuboid",
    ),
    speedup(
        "toi_hull_hull",
        "toi_hull_hull vs parry2d",
        2.0,
        45.0,
        "time of impact of two moving 6- or 8-gons; parry2d: `cast_shapes` ConvexPolygon",
    ),
    speedup(
        "contact_hull_hull",
        "contact_hull_hull vs parry2d",
        5.0,
        20.0,
        "contact of two overlapping hulls; parry2d: `contact` ConvexPolygon",
    ),
    speedup(
        "distance_hull_hull",
        "distance_hull_hull vs parry2d",
        1.5,
        SPREAD_PERCENT,
        "distance of two separated hulls; parry2d: `distance` ConvexPolygon",
    ),
    speedup(
        "broad_uniform",
        "broad_uniform vs parry2d (grid)",
        3.0,
        30.0,
        "broad phase on the uniform scene, 10 000 objects; parry2d: `Bvh` rebuild + leaf pairs",
    ),
    speedup(
        "broad_uneven",
        "broad_uneven vs parry2d (best of ours)",
        1.5,
        SPREAD_PERCENT,
        "broad phase on the uneven scene, 10 000 objects; parry2d: `Bvh` rebuild + leaf pairs",
    ),
    GoalSpec {
        name: "flat cost per object (ns/object at 100 000 ÷ at 1 000)",
        bound: Bound::AtMost(1.5, ""),
        spread_percent: SPREAD_PERCENT,
        measures: "how the frame's cost per object grows from 1 000 to 100 000 objects",
        judged: "median frames of the uniform scene, grid, sweep on",
        measure: Measure::FlatCost,
    },
    GoalSpec {
        name: "100 000 objects, one frame on one core",
        bound: Bound::AtMost(8.0, " ms"),
        spread_percent: SPREAD_PERCENT,
        measures: "the whole frame at 100 000 objects",
        judged: "median frame of the uniform scene, grid, sweep on",
        measure: Measure::Frame100k,
    },
    GoalSpec {
        name: "`move_and_slide`, platformer scene, vs rapier2d `move_shape`",
        bound: Bound::AtLeast(10.0, "× faster per call"),
        spread_percent: 20.0,
        measures: "a box, a circle and a hexagon walking a tile floor and climbing a tile wall; \
                   rapier2d: `KinematicCharacterController::move_shape`",
        judged: "the slowest mover's median of the batch ratios, rapier2d ns ÷ collide ns",
        measure: Measure::CharacterSpeedup,
    },
    GoalSpec {
        name: "seam catches, penetrations, jittering frames, tunnelled moves for collide",
        bound: Bound::Exactly(0.0, " each"),
        spread_percent: EXACT,
        measures: "walking frames caught on a seam or whose height changed, calls ending inside \
                   a tile, fast moves through the floor",
        judged: "each count summed over the three movers, on the inputs rapier2d gets",
        measure: Measure::CharacterFailures,
    },
    GoalSpec {
        name: "character, platformer level, vs rapier2d (slowest mover)",
        bound: Bound::AtLeast(10.0, "× faster per call"),
        spread_percent: 20.0,
        measures: "a box, a circle and a hexagon walking both ways over 26.6° and 45° ramps, half \
                   tiles, a 4-unit curb and a one-way bridge; rapier2d: \
                   `KinematicCharacterController::move_shape` with snap, autostep and slope angles",
        judged: "the slowest mover's median of the batch ratios, rapier2d ns ÷ collide ns, on \
                 the calls of collide's walks",
        measure: Measure::PlatformerSpeedup,
    },
    GoalSpec {
        name: "platformer level failures for collide",
        bound: Bound::Exactly(0.0, " each"),
        spread_percent: EXACT,
        measures: "catches, penetrations, jittering and airborne frames, idle slides, falls \
                   through and jumps stopped by a one-way platform, steps not taken, tunnelled \
                   moves",
        judged: "each count summed over the three movers, on the runs rapier2d gets",
        measure: Measure::PlatformerFailures,
    },
    GoalSpec {
        name: "bytes allocated per frame with bouncing bullets",
        bound: Bound::Exactly(0.0, " in steady state"),
        spread_percent: EXACT,
        measures: "the shmup scene with bullets that bounce off enemies (the pass's responses), uniform, grid",
        judged: "the largest figure of the sizes measured, after the warm-up",
        measure: Measure::BounceBytes,
    },
    GoalSpec {
        name: "frame with 100 000 static bodies ÷ frame with none",
        bound: Bound::AtMost(1.2, ""),
        spread_percent: SPREAD_PERCENT,
        measures: "the shmup scene at 10 000 moving objects, uniform, grid, with the static bodies as the pass's static world",
        judged: "median frames of alternating batches",
        measure: Measure::LevelRatio(LevelKind::Bodies),
    },
    GoalSpec {
        name: "frame with a 4 096² tile map ÷ frame with none",
        bound: Bound::AtMost(1.2, ""),
        spread_percent: SPREAD_PERCENT,
        measures: "the shmup scene at 10 000 moving objects, uniform, grid, with the tile map as the pass's static world",
        judged: "median frames of alternating batches",
        measure: Measure::LevelRatio(LevelKind::Tiles),
    },
    GoalSpec {
        name: "frame with keys and contact events ÷ frame without",
        bound: Bound::AtMost(1.1, ""),
        spread_percent: SPREAD_PERCENT,
        measures: "the shmup scene at 10 000 objects, uniform, grid, every body keyed and the pass run through `ContactEvents`",
        judged: "median frames of alternating batches",
        measure: Measure::EventsRatio,
    },
    speedup(
        "rays",
        "ray casts vs parry2d Bvh",
        3.0,
        SPREAD_PERCENT,
        "the first body along each of 256 rays, uniform scene, 10 000 objects, grid; parry2d: `Bvh::cast_ray` on each leaf's real shape",
    ),
    speedup(
        "points",
        "point queries vs parry2d Bvh",
        3.0,
        SPREAD_PERCENT,
        "every body holding each of 256 points, uniform scene, 10 000 objects, grid; parry2d: `Bvh::intersect_aabb` and each leaf's `contains_point`",
    ),
    speedup(
        "areas",
        "area queries vs parry2d Bvh",
        3.0,
        SPREAD_PERCENT,
        "every body each of 256 circles, boxes and hexagons overlaps, uniform scene, 10 000 objects, grid; parry2d: `Bvh::intersect_aabb` and each leaf's `intersection_test`",
    ),
    GoalSpec {
        name: "tile-map casts vs parry2d Voxels (slowest cast)",
        bound: Bound::AtLeast(10.0, "× faster"),
        spread_percent: 40.0,
        measures: "a circle, a box and a hexagon walking a tile floor and running into tile pillars, and segments shot at the floor, on a 4 096² map; parry2d: `cast_shapes` and `cast_ray` on `Voxels`",
        judged: "the slowest line's median of the batch ratios, parry2d ns ÷ collide ns",
        measure: Measure::TileSpeedup,
    },
    GoalSpec {
        name: "tile-map casts: wrong answers and seam hits for collide",
        bound: Bound::Exactly(0.0, " each"),
        spread_percent: EXACT,
        measures: "casts the two libraries disagree on (by more than 1e-3) where the oracle sides against collide, floor walks hit with a normal other than the floor's",
        judged: "each count summed over the lines; the oracle: every solid cell's box cast exactly",
        measure: Measure::TileFailures,
    },
];

/// The speedup a `versus` line must reach, if a goal names it.
#[must_use]
pub fn speedup_goal(query: &str) -> Option<f64> {
    GOALS.iter().find_map(|g| match g.measure {
        Measure::Speedup(q) if q == query => Some(g.bound.value()),
        _ => None,
    })
}

impl GoalSpec {
    /// This goal judged on `report`.
    #[must_use]
    pub fn judge(&self, report: &Report) -> Goal {
        let (value, measured, met) = match self.measure.read(report) {
            Some((value, text)) => (Some(value), text, Some(self.bound.holds(value))),
            None => (None, self.measure.missing().to_owned(), None),
        };
        Goal {
            name: self.name.to_owned(),
            target: self.bound.to_string(),
            measured,
            met,
            measures: self.measures,
            judged: self.judged,
            value,
            bound: self.bound,
            spread_percent: self.spread_percent,
            change: None,
        }
    }
}

/// Every goal, judged on a report.
#[must_use]
pub fn goals(report: &Report) -> Vec<Goal> {
    GOALS.iter().map(|g| g.judge(report)).collect()
}

impl Measure {
    /// Why a run has no figure for this goal.
    fn missing(self) -> &'static str {
        match self {
            Measure::BytesPerFrame | Measure::BounceBytes => {
                "not measured (counting allocator not installed)"
            }
            Measure::FlatCost | Measure::Frame100k => "not in this run (full run only)",
            _ => "not in this run",
        }
    }

    /// The figure in the bound's unit, and the text the goals table shows for it.
    fn read(self, report: &Report) -> Option<(f64, String)> {
        let (grid, uniform) = (BroadPhaseKind::Grid, SceneKind::Uniform);
        match self {
            Measure::SweepOverhead => report
                .sweep_cost_entry(uniform, 100, grid)
                .map(|c| (c.overhead_percent, format!("{:.1} %", c.overhead_percent))),
            Measure::TimePerSweep => report
                .sweep_cost_entry(uniform, 100, grid)
                .map(|c| (c.ns_per_sweep, format!("{:.1} ns", c.ns_per_sweep))),
            Measure::Frame100 => {
                // The fastest broad phase: a game picks the one that suits its scene.
                let e = report
                    .scene
                    .iter()
                    .filter(|e| e.scene == uniform && e.objects == 100 && e.sweep)
                    .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns))?;
                let text = format!(
                    "median {} µs (mean {} ± {}; {})",
                    us(e.median_ns),
                    us(e.frame_ns.mean),
                    us(e.frame_ns.sd),
                    e.broad_phase.name()
                );
                Some((e.median_ns / 1_000.0, text))
            }
            Measure::BytesPerFrame => read_bytes(report),
            Measure::Speedup(query) => {
                let e = report.versus.iter().find(|e| e.query == query)?;
                let text = match (e.broad_phase, e.objects) {
                    (Some(b), Some(n)) => format!("{:.2}× ({b}, {n} objects)", e.speedup),
                    _ => format!("{:.2}×", e.speedup),
                };
                Some((e.speedup, text))
            }
            Measure::FlatCost => {
                let (_, small) = per_object(report, 1_000)?;
                let (_, large) = per_object(report, 100_000)?;
                let text = format!("{:.2} ({large:.1} / {small:.1} ns)", large / small);
                Some((large / small, text))
            }
            Measure::Frame100k => {
                let (frame, _) = per_object(report, 100_000)?;
                Some((frame / 1e6, format!("{:.2} ms", frame / 1e6)))
            }
            Measure::CharacterSpeedup => {
                let e = report
                    .character
                    .iter()
                    .min_by(|a, b| a.speedup.total_cmp(&b.speedup))?;
                Some((e.speedup, format!("{:.2}× ({})", e.speedup, e.shape)))
            }
            Measure::CharacterFailures => read_character_failures(report),
            Measure::PlatformerSpeedup => {
                let e = report
                    .platformer
                    .iter()
                    .min_by(|a, b| a.speedup.total_cmp(&b.speedup))?;
                Some((e.speedup, format!("{:.2}× ({})", e.speedup, e.shape)))
            }
            Measure::PlatformerFailures => read_platformer_failures(report),
            Measure::BounceBytes => read_bounce_bytes(report),
            Measure::TileSpeedup => {
                let e = report
                    .tiles
                    .iter()
                    .min_by(|a, b| a.speedup.total_cmp(&b.speedup))?;
                Some((e.speedup, format!("{:.2}× ({})", e.speedup, e.query)))
            }
            Measure::TileFailures => read_tile_failures(report),
            Measure::EventsRatio => {
                let e = report.events.first()?;
                let text = format!("{:.3} ({} objects)", e.ratio, e.objects);
                Some((e.ratio, text))
            }
            Measure::LevelRatio(kind) => {
                let e = report.levels.iter().find(|e| e.level == kind)?;
                let text = format!("{:.2} ({} moving objects)", e.ratio, e.objects);
                Some((e.ratio, text))
            }
        }
    }
}
