//! Broad phases on the benchmark scenes: each of ours and parry2d's `Bvh` (rebuilt each frame,
//! then its leaf pairs), on the same swept boxes.
//!
//! Ids: `broad/<broad phase>/<scene>/<size>`, e.g. `broad/grid/uniform/10k`,
//! `broad/parry2d_bvh/uneven/10k`. Each iteration is one frame: the proxies cycle through eight
//! consecutive frames of the scene, so incremental structures see realistic small changes.

use std::hint::black_box;

use collide::{BroadPhase, BroadPhaseKind, Proxy};
use collide_bench::peer::PeerBvh;
use collide_bench::versus::scene_proxies;
use collide_core::{Aabb, Layers};
use collide_scene::{Scene, SceneConfig, SceneKind};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

const FRAMES: usize = 8;

fn frames(kind: SceneKind, objects: usize) -> Vec<Vec<Proxy>> {
    let mut scene = Scene::new(&SceneConfig::new(kind, objects));
    (0..FRAMES)
        .map(|_| {
            scene.step();
            let mut proxies = Vec::new();
            scene_proxies(&scene, &mut proxies);
            proxies
        })
        .collect()
}

fn size_label(n: usize) -> String {
    if n >= 1_000 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

fn broad(c: &mut Criterion) {
    for kind in SceneKind::ALL {
        for objects in [1_000, 10_000] {
            let frames = frames(kind, objects);
            let peer_frames: Vec<Vec<(Aabb, Layers)>> = frames
                .iter()
                .map(|f| f.iter().map(|p| (p.bounds, p.layers)).collect())
                .collect();
            let mut group = c.benchmark_group("broad");
            let id = format!("{}/{}", kind.name(), size_label(objects));
            for phase in BroadPhaseKind::ALL {
                if phase == BroadPhaseKind::BruteForce && objects > 1_000 {
                    continue;
                }
                let mut broad = phase.build();
                let mut pairs = Vec::new();
                let mut frame = 0;
                group.bench_function(BenchmarkId::new(phase.name(), &id), |b| {
                    b.iter(|| {
                        frame = (frame + 1) % FRAMES;
                        broad.update_pairs(black_box(&frames[frame]), &mut pairs);
                        black_box(pairs.len())
                    });
                });
            }
            let mut bvh = PeerBvh::new();
            let mut frame = 0;
            group.bench_function(BenchmarkId::new("parry2d_bvh", &id), |b| {
                b.iter(|| {
                    frame = (frame + 1) % FRAMES;
                    black_box(bvh.pairs(black_box(&peer_frames[frame])).len())
                });
            });
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = broad
}
criterion_main!(benches);
