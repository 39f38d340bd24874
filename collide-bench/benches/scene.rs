//! The shmup benchmark scene's frame (move, broad phase, collision pass) at every size, with every
//! broad phase, sweep on and off.
//!
//! Ids: `scene/<scene>/<broad phase>/<sweep on|off>/<size>`, e.g.
//! `scene/uniform/grid/on/10k`. Brute force only up to 1 000 objects. And the uniform scene at
//! 10 000 objects in each static level (what a level costs while it does not move):
//! `scene-level/<none|bodies|tiles>/10k`. And the uniform scene at 10 000 objects without and
//! with keys and contact events: `scene-events/<off|on>/10k`.

use std::hint::black_box;

use collide::BroadPhaseKind;
use collide_scene::FrameRunner;
use collide_scene::{LevelKind, SceneConfig, SceneKind};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn size_label(n: usize) -> String {
    if n >= 1_000 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

fn scene(c: &mut Criterion) {
    for kind in SceneKind::ALL {
        let mut group = c.benchmark_group(format!("scene/{}", kind.name()));
        for objects in [100, 1_000, 10_000, 100_000] {
            for phase in BroadPhaseKind::ALL {
                if phase == BroadPhaseKind::BruteForce && objects > 1_000 {
                    continue;
                }
                for sweep in [true, false] {
                    let mut runner =
                        FrameRunner::new(&SceneConfig::new(kind, objects), phase, sweep);
                    let id = format!(
                        "{}/{}",
                        if sweep { "on" } else { "off" },
                        size_label(objects)
                    );
                    group.bench_function(BenchmarkId::new(phase.name(), id), |b| {
                        b.iter(|| black_box(runner.frame().expect("within the pair limit")));
                    });
                }
            }
        }
        group.finish();
    }
}

fn levels(c: &mut Criterion) {
    let mut group = c.benchmark_group("scene-level");
    let config = SceneConfig::uniform(10_000);
    for (kind, name) in LevelKind::ALL.into_iter().zip(["none", "bodies", "tiles"]) {
        let mut runner = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_level(kind);
        group.bench_function(BenchmarkId::new(name, "10k"), |b| {
            b.iter(|| black_box(runner.frame().expect("within the pair limit")));
        });
    }
    group.finish();
}

fn events(c: &mut Criterion) {
    let mut group = c.benchmark_group("scene-events");
    let config = SceneConfig::uniform(10_000);
    for (on, name) in [(false, "off"), (true, "on")] {
        let mut runner = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_events(on);
        group.bench_function(BenchmarkId::new(name, "10k"), |b| {
            b.iter(|| black_box(runner.frame().expect("within the pair limit")));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = scene, levels, events
}
criterion_main!(benches);
