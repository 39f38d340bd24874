//! The plugin's cost: the shmup scene at 1 000 and 10 000 objects through the plugin, beside
//! the same scene through `FrameRunner` directly (the goal: at most 1.3 times its time).
//!
//! Each frame on both sides steps the scene, builds the bodies and runs the pass; the plugin
//! side also writes the objects into `Transform`s, keeps previous positions, writes
//! outcomes back and sends the hits as messages; `plugin_observed` adds a global observer of
//! the hits, so that each is triggered as an event on both its entities too.
//! After criterion's figures, the two sides are timed again in alternating batches, and the
//! median of the per-batch ratios printed: a machine that slows down mid-run slows both
//! halves of a batch pair alike.

#[path = "../tests/support/shmup.rs"]
mod shmup;

use std::hint::black_box;
use std::time::Instant;

use bevy::app::App;
use bevy::ecs::prelude::{Local, On};
use collide_bevy::collide::BroadPhaseKind;
use collide_bevy::CollisionHit;
use collide_scene::{FrameRunner, SceneConfig};
use criterion::{BenchmarkId, Criterion};
use shmup::{shmup_app, Frame};

const COUNTS: [usize; 2] = [1_000, 10_000];

fn runner(n: usize) -> FrameRunner<'static> {
    // With contact events, as the plugin runs by default: like against like.
    let mut r =
        FrameRunner::new(&SceneConfig::uniform(n), BroadPhaseKind::Grid, true).with_events(true);
    // Past the first frames, whose buffers still grow.
    for _ in 0..30 {
        black_box(r.frame().expect("within the pair limit"));
    }
    r
}

/// The scene through the plugin; `observed`: with a global observer of every hit (each hit
/// then triggered on both its entities).
fn plugin(n: usize, observed: bool) -> App {
    let mut app = shmup_app(&SceneConfig::uniform(n), false, true);
    if observed {
        app.add_observer(|hit: On<CollisionHit>, mut count: Local<u64>| {
            *count += u64::from(hit.by_sweep) + 1;
        });
    }
    for _ in 0..30 {
        app.world_mut().run_schedule(Frame);
    }
    app
}

fn side_by_side(c: &mut Criterion) {
    for n in COUNTS {
        let mut group = c.benchmark_group("bevy_plugin");
        group.sample_size(20);
        let mut r = runner(n);
        group.bench_function(BenchmarkId::new("frame_runner", n), |b| {
            b.iter(|| black_box(r.frame().expect("within the pair limit")));
        });
        let mut app = plugin(n, false);
        group.bench_function(BenchmarkId::new("plugin", n), |b| {
            b.iter(|| app.world_mut().run_schedule(Frame));
        });
        let mut observed = plugin(n, true);
        group.bench_function(BenchmarkId::new("plugin_observed", n), |b| {
            b.iter(|| observed.world_mut().run_schedule(Frame));
        });
        group.finish();
    }
}

/// ns per frame of `reps` frames.
fn batch(reps: usize, mut frame: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..reps {
        frame();
    }
    start.elapsed().as_nanos() as f64 / reps as f64
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The plugin's time over `FrameRunner`'s, as the median of alternating batch pairs.
fn alternating(n: usize, observed: bool) {
    let (batches, reps) = (31, if n > 5_000 { 20 } else { 200 });
    let mut r = runner(n);
    let mut app = plugin(n, observed);
    let mut ratios = Vec::with_capacity(batches);
    let (mut ours, mut direct) = (Vec::new(), Vec::new());
    for k in 0..batches {
        let mut run_direct = || batch(reps, || _ = black_box(r.frame()));
        let mut run_plugin = || batch(reps, || app.world_mut().run_schedule(Frame));
        let (d, p) = if k % 2 == 0 {
            let d = run_direct();
            (d, run_plugin())
        } else {
            let p = run_plugin();
            (run_direct(), p)
        };
        ratios.push(p / d);
        ours.push(p);
        direct.push(d);
    }
    println!(
        "bevy_plugin/alternating/{}/{n}: frame_runner {:.1} µs, plugin {:.1} µs, plugin ÷ frame_runner {:.3} (median of {batches} batch pairs)",
        if observed { "plugin_observed" } else { "plugin" },
        median(&mut direct) / 1e3,
        median(&mut ours) / 1e3,
        median(&mut ratios)
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    side_by_side(&mut c);
    c.final_summary();
    for n in COUNTS {
        alternating(n, false);
        alternating(n, true);
    }
}
