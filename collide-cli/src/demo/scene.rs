//! Part 2: the shmup benchmark scene run by `collide_scene::FrameRunner` (the frame loop
//! collide-bench times) with each broad phase, and checked to give the same hits with all of
//! them; and the frame `demo-scene.png` draws.

use std::time::Instant;

use anyhow::{Context, Result};
use collide::{BroadPhaseKind, Other, PassHit, PassStats};
use collide_core::{ShapeRef, SweepMode};
use collide_scene::{FrameRunner, Object, Palette, Scene};

use crate::scene_setup::{scene_config, SpriteHull};

/// The scene's shapes, with the scene's two hull slots filled by the sprite hulls.
pub struct Shapes {
    hulls: [SpriteHull; 2],
    palette: Palette,
}

impl Shapes {
    /// The scene's palette with `hulls` as its hull enemies.
    pub fn new(hulls: [SpriteHull; 2]) -> Self {
        let palette = Palette::with_hulls(hulls[0].hull, hulls[1].hull);
        Self { hulls, palette }
    }

    /// The sprite hulls.
    pub fn hulls(&self) -> &[SpriteHull; 2] {
        &self.hulls
    }

    /// The collision shape of one object: a sprite hull for the scene's hull enemies, the
    /// scene's own shape (bullet circle, enemy box) otherwise.
    pub fn of(&self, object: &Object) -> ShapeRef<'_> {
        self.palette.shape(object.slot)
    }

    /// A frame loop over a fresh scene of `objects` objects whose bodies take these shapes.
    fn runner(&self, objects: usize, kind: BroadPhaseKind, mode: SweepMode) -> FrameRunner<'_> {
        FrameRunner::with_palette(&scene_config(objects), &self.palette, kind, mode)
    }
}

/// Runs one frame of `runner`: the scene stepped, its bodies refreshed, the collision pass.
/// The demo's one call of [`FrameRunner::frame`].
fn frame(runner: &mut FrameRunner<'_>) -> Result<PassStats> {
    runner.frame().context("cannot run the collision pass")
}

/// One hit as compared between broad phases: bodies, time, point, and who found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitKey {
    a: usize,
    b: Other,
    t: u32,
    point: [u32; 2],
    by_sweep: bool,
}

impl HitKey {
    fn new(h: &PassHit) -> Self {
        Self {
            a: h.a,
            b: h.b,
            t: h.impact.t.to_bits(),
            point: [h.impact.point.x.to_bits(), h.impact.point.y.to_bits()],
            by_sweep: h.by_sweep,
        }
    }
}

/// What one broad phase did over the run.
#[derive(Clone, Debug)]
pub struct Run {
    /// Objects in the scene.
    pub objects: usize,
    /// The broad phase.
    pub broad_phase: BroadPhaseKind,
    /// Frames simulated.
    pub frames: usize,
    /// Median wall time of a frame, ms (the median, so the first frame's buffer growth and a
    /// busy machine's outliers do not decide it): one [`FrameRunner::frame`], the benchmarks'
    /// frame (move, bodies, broad phase, narrow phase, hits sorted and handed over in time order).
    pub frame_ms: f64,
    /// Candidate pairs, summed over the frames.
    pub pairs: u64,
    /// Sweeps run, summed over the frames.
    pub sweeps: u64,
    /// Hits, summed over the frames.
    pub hits: u64,
    /// Hits only the sweep found, summed over the frames.
    pub swept_hits: u64,
    /// Every frame's hits in the pass's order, to compare between broad phases.
    pub record: Vec<Vec<HitKey>>,
}

/// Runs `frames` frames of the scene of `objects` objects with the broad phase `kind`.
///
/// # Errors
/// When the collision pass fails.
pub fn run(
    shapes: &Shapes,
    objects: usize,
    kind: BroadPhaseKind,
    frames: usize,
    mode: SweepMode,
) -> Result<Run> {
    let mut runner = shapes.runner(objects, kind, mode);
    let mut out = Run {
        objects,
        broad_phase: kind,
        frames,
        frame_ms: 0.0,
        pairs: 0,
        sweeps: 0,
        hits: 0,
        swept_hits: 0,
        record: Vec::with_capacity(frames),
    };
    let mut times = Vec::with_capacity(frames);
    for _ in 0..frames {
        let start = Instant::now();
        let stats = frame(&mut runner)?;
        times.push(start.elapsed().as_secs_f64());
        out.pairs += stats.pairs as u64;
        out.sweeps += stats.sweeps as u64;
        out.hits += (stats.discrete_hits + stats.swept_hits) as u64;
        out.swept_hits += stats.swept_hits as u64;
        out.record.push(
            runner
                .pass()
                .hits()
                .iter()
                .map(HitKey::new)
                .collect::<Vec<_>>(),
        );
    }
    times.sort_by(f64::total_cmp);
    out.frame_ms = times.get(times.len() / 2).map_or(0.0, |t| t * 1e3);
    Ok(out)
}

/// One frame chosen to be drawn: the scene after it and the hits found in it.
pub struct Snapshot {
    /// The scene, stepped to the drawn frame.
    pub scene: Scene,
    /// The frame's hits, sorted by time.
    pub hits: Vec<PassHit>,
}

impl Snapshot {
    /// The frame `runner` ran last.
    fn of(runner: &FrameRunner<'_>) -> Self {
        Self {
            scene: runner.scene().clone(),
            hits: runner.pass().hits().to_vec(),
        }
    }
}

/// Steps the scene of `objects` objects, for at most `max_frames` frames, to the first frame
/// with a hit only the sweep found whose point lies in `window` (world min, max): preferably a
/// graze (`t > 0`: apart at the start of the frame and at its end), else any (a bullet that
/// left an enemy during the frame). Returns that frame, or the last one tried.
///
/// # Errors
/// When the collision pass fails.
pub fn snapshot(
    shapes: &Shapes,
    objects: usize,
    kind: BroadPhaseKind,
    mode: SweepMode,
    window: (glam::Vec2, glam::Vec2),
    max_frames: usize,
) -> Result<Snapshot> {
    let inside = |h: &PassHit| {
        h.by_sweep && h.impact.point.cmpge(window.0).all() && h.impact.point.cmple(window.1).all()
    };
    let mut runner = shapes.runner(objects, kind, mode);
    let mut fallback = None;
    for n in 1..=max_frames.max(1) {
        frame(&mut runner)?;
        let hits = runner.pass().hits();
        if hits.iter().any(|h| inside(h) && h.impact.t > 0.0) {
            return Ok(Snapshot::of(&runner));
        }
        if fallback.is_none() && hits.iter().any(inside) {
            fallback = Some(n);
        }
    }
    let Some(n) = fallback else {
        return Ok(Snapshot::of(&runner));
    };
    // A scene replays the same frames from the same config: run it again up to that one.
    let mut runner = shapes.runner(objects, kind, mode);
    for _ in 0..n {
        frame(&mut runner)?;
    }
    Ok(Snapshot::of(&runner))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene_setup::enemy_hulls;

    #[test]
    fn every_broad_phase_finds_the_same_hits_and_the_sweep_finds_more() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let runs: Vec<Run> = BroadPhaseKind::ALL
            .iter()
            .map(|&k| run(&shapes, 200, k, 20, SweepMode::Exact).unwrap())
            .collect();
        assert!(runs[0].hits > 0);
        for r in &runs[1..] {
            assert_eq!(r.record, runs[0].record, "{}", r.broad_phase);
            assert_eq!((r.pairs, r.sweeps), (runs[0].pairs, runs[0].sweeps));
        }
        let off = run(&shapes, 200, BroadPhaseKind::Grid, 20, SweepMode::Off).unwrap();
        assert_eq!((off.sweeps, off.swept_hits), (0, 0));
        assert_eq!(off.hits, runs[0].hits - runs[0].swept_hits);
    }

    #[test]
    fn the_snapshot_is_the_first_frame_with_a_graze_in_the_window() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let (lo, hi) = (glam::Vec2::ZERO, glam::Vec2::new(640.0, 360.0));
        let in_window = |p: glam::Vec2| p.cmpge(lo).all() && p.cmple(hi).all();
        let snap = snapshot(
            &shapes,
            100,
            BroadPhaseKind::Grid,
            SweepMode::Exact,
            (lo, hi),
            600,
        )
        .unwrap();
        let n = snap.scene.frame() as usize;
        assert!((1..600).contains(&n), "{n}");
        assert!(snap
            .hits
            .iter()
            .any(|h| h.by_sweep && h.impact.t > 0.0 && in_window(h.impact.point)));
        // The same frame as the frame loop gives it, and no earlier frame had such a graze.
        let r = run(&shapes, 100, BroadPhaseKind::Grid, n, SweepMode::Exact).unwrap();
        let keys: Vec<HitKey> = snap.hits.iter().map(HitKey::new).collect();
        assert_eq!(r.record[n - 1], keys);
        let graze = |k: &HitKey| {
            let point = glam::Vec2::new(f32::from_bits(k.point[0]), f32::from_bits(k.point[1]));
            k.by_sweep && f32::from_bits(k.t) > 0.0 && in_window(point)
        };
        assert!(r.record[..n - 1].iter().flatten().all(|k| !graze(k)));
    }

    #[test]
    fn without_a_sweep_hit_in_the_window_the_snapshot_is_the_last_frame_tried() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let nowhere = (glam::Vec2::splat(-10.0), glam::Vec2::splat(-9.0));
        let snap = snapshot(
            &shapes,
            100,
            BroadPhaseKind::Grid,
            SweepMode::Exact,
            nowhere,
            3,
        )
        .unwrap();
        assert_eq!(snap.scene.frame(), 3);
        let r = run(&shapes, 100, BroadPhaseKind::Grid, 3, SweepMode::Exact).unwrap();
        let keys: Vec<HitKey> = snap.hits.iter().map(HitKey::new).collect();
        assert_eq!(r.record[2], keys);
    }

    #[test]
    fn hull_enemies_take_part() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let scene = Scene::new(&scene_config(400));
        let hulls = scene
            .objects()
            .iter()
            .filter(|o| matches!(shapes.of(o), ShapeRef::Hull(_)))
            .count();
        assert!(hulls > 10, "{hulls}");
    }
}
