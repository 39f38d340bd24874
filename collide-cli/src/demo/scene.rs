//! Part 2: the shmup benchmark scene (collide-scene, shared with collide-bench) run through
//! the collision pass with each broad phase, and checked to give the same hits with all of them.

use std::time::Instant;

use collide_broad::{AnyBroadPhase, Body, BroadPhaseKind, CollisionPass, PassHit, Used};
use collide_core::{ShapeRef, SweepMode};
use collide_scene::{Object, Palette, Scene, SceneConfig};

use super::sprites::SpriteHull;

/// Fraction of the ordinary enemies that use a sprite hull instead of a 32×32 box.
pub const HULL_ENEMIES: f32 = 0.25;

/// The scene's shapes, with the scene's two hull slots filled by the sprite hulls.
pub struct Shapes {
    hulls: [SpriteHull; 2],
    palette: Palette,
}

impl Shapes {
    /// The scene's palette with `hulls` as its hull enemies.
    pub fn new(hulls: [SpriteHull; 2]) -> Self {
        let palette = Palette::with_hulls(hulls[0].hull.clone(), hulls[1].hull.clone());
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

    /// Fills `out` with this frame's bodies, one per object, in the scene's order.
    pub fn bodies<'a>(&'a self, scene: &Scene, out: &mut Vec<Body<'a>>) {
        scene.bodies(&self.palette, out);
    }
}

/// The scene the demo runs at `objects` objects: uniform, default seed, a quarter of the
/// enemies hulls.
pub fn config(objects: usize) -> SceneConfig {
    SceneConfig::uniform(objects).with_hull_enemies(HULL_ENEMIES)
}

/// One hit as compared between broad phases: bodies, time, point, and who found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HitKey {
    a: usize,
    b: usize,
    t: u32,
    point: [u32; 2],
    by_sweep: bool,
}

impl HitKey {
    fn new(h: &PassHit) -> Self {
        Self {
            a: h.a,
            b: h.b,
            t: h.hit.t.to_bits(),
            point: [h.hit.point.x.to_bits(), h.hit.point.y.to_bits()],
            by_sweep: h.hit.by_sweep,
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
    /// busy machine's outliers do not decide it): move, bodies, broad phase, narrow phase, hits sorted and
    /// handed over in time order (as collide-bench's `FrameRunner` times it).
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
pub fn run(
    shapes: &Shapes,
    objects: usize,
    kind: BroadPhaseKind,
    frames: usize,
    mode: SweepMode,
) -> Run {
    let mut scene = Scene::new(&config(objects));
    let mut pass = CollisionPass::new(AnyBroadPhase::new(kind)).with_sweep_mode(mode);
    let mut bodies = Vec::with_capacity(objects);
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
        scene.step();
        shapes.bodies(&scene, &mut bodies);
        let stats = pass.run(&bodies, |_| Used::NEITHER);
        times.push(start.elapsed().as_secs_f64());
        out.pairs += stats.pairs as u64;
        out.sweeps += stats.sweeps as u64;
        out.hits += (stats.discrete_hits + stats.swept_hits) as u64;
        out.swept_hits += stats.swept_hits as u64;
        out.record
            .push(pass.hits().iter().map(HitKey::new).collect::<Vec<_>>());
    }
    times.sort_by(f64::total_cmp);
    out.frame_ms = times.get(times.len() / 2).map_or(0.0, |t| t * 1e3);
    out
}

/// One frame chosen to be drawn: the scene after it and the hits found in it.
pub struct Snapshot {
    /// The scene, stepped to the drawn frame.
    pub scene: Scene,
    /// The frame's hits, sorted by time.
    pub hits: Vec<PassHit>,
}

/// Steps the scene of `objects` objects, for at most `max_frames` frames, to the first frame
/// with a hit only the sweep found whose point lies in `window` (world min, max): preferably a
/// graze (`t > 0`: apart at the start of the frame and at its end), else any (a bullet that
/// left an enemy during the frame). Returns that frame, or the last one tried.
pub fn snapshot(
    shapes: &Shapes,
    objects: usize,
    kind: BroadPhaseKind,
    mode: SweepMode,
    window: (glam::Vec2, glam::Vec2),
    max_frames: usize,
) -> Snapshot {
    let inside = |h: &PassHit| {
        h.hit.by_sweep && h.hit.point.cmpge(window.0).all() && h.hit.point.cmple(window.1).all()
    };
    let mut scene = Scene::new(&config(objects));
    let mut pass = CollisionPass::new(AnyBroadPhase::new(kind)).with_sweep_mode(mode);
    let mut bodies = Vec::with_capacity(objects);
    let mut fallback = None;
    for frame in 1..=max_frames.max(1) {
        scene.step();
        shapes.bodies(&scene, &mut bodies);
        pass.detect(&bodies);
        if pass.hits().iter().any(|h| inside(h) && h.hit.t > 0.0) {
            return Snapshot {
                hits: pass.hits().to_vec(),
                scene,
            };
        }
        if fallback.is_none() && pass.hits().iter().any(inside) {
            fallback = Some(frame);
        }
    }
    let Some(frame) = fallback else {
        return Snapshot {
            hits: pass.hits().to_vec(),
            scene,
        };
    };
    let mut scene = Scene::new(&config(objects));
    for _ in 0..frame {
        scene.step();
    }
    shapes.bodies(&scene, &mut bodies);
    pass.detect(&bodies);
    Snapshot {
        hits: pass.hits().to_vec(),
        scene,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::sprites::enemy_hulls;

    #[test]
    fn every_broad_phase_finds_the_same_hits_and_the_sweep_finds_more() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let runs: Vec<Run> = BroadPhaseKind::ALL
            .iter()
            .map(|&k| run(&shapes, 200, k, 20, SweepMode::Exact))
            .collect();
        assert!(runs[0].hits > 0);
        for r in &runs[1..] {
            assert_eq!(r.record, runs[0].record, "{}", r.broad_phase);
            assert_eq!((r.pairs, r.sweeps), (runs[0].pairs, runs[0].sweeps));
        }
        let off = run(&shapes, 200, BroadPhaseKind::Grid, 20, SweepMode::Off);
        assert_eq!((off.sweeps, off.swept_hits), (0, 0));
        assert_eq!(off.hits, runs[0].hits - runs[0].swept_hits);
    }

    #[test]
    fn hull_enemies_take_part() {
        let shapes = Shapes::new(enemy_hulls().unwrap());
        let scene = Scene::new(&config(400));
        let hulls = scene
            .objects()
            .iter()
            .filter(|o| matches!(shapes.of(o), ShapeRef::Hull(_)))
            .count();
        assert!(hulls > 10, "{hulls}");
    }
}
