//! Ray casts over a frame's bodies: collide's `Hitscan` (through each of its broad phases)
//! and parry2d's `Bvh` (best-first `cast_ray`, each leaf's real shape), on the same bodies of
//! the benchmark scene and the same rays, their first hits checked against each other before
//! any timing.
//!
//! Ids: `rays/<who>/<size>`, e.g. `rays/grid/10k`, `rays/parry2d_bvh/10k`. One iteration is
//! one ray (the rays cycle through 256 seeded ones, each a quarter of the field long, a third
//! of them starting inside the field's crowd of enemies). The index is built once, outside the
//! timing: the bench times the queries a frame makes after its broad phase has run.

use std::hint::black_box;

use collide::{BroadPhaseKind, CollisionPass, Hitscan, WorldHit};
use collide_bench::rays::{scene_bodies, scene_rays, PeerRays, LASER, RAYS};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// The rays' largest difference in `t` that still counts as the same answer.
const TOLERANCE: f32 = 1e-4;

/// Panics unless both libraries find the same first body along every ray (or, where two
/// bodies are met within [`TOLERANCE`] of each other, the same `t`), and returns how many
/// rays hit something.
fn check_answers(ours: &[Option<WorldHit>], peer: &[Option<(u32, f32)>]) -> usize {
    let mut hits = 0;
    for (k, (a, b)) in ours.iter().zip(peer).enumerate() {
        match (a, b) {
            (None, None) => {}
            (Some(a), Some((id, t))) => {
                hits += 1;
                let same = a.id == *id || (a.impact.t - t).abs() <= TOLERANCE;
                assert!(
                    same && (a.impact.t - t).abs() <= TOLERANCE,
                    "ray {k}: {a:?} vs {id} at {t}"
                );
            }
            _ => panic!("ray {k}: collide {a:?}, parry2d {b:?}"),
        }
    }
    hits
}

fn label(n: usize) -> String {
    format!("{}k", n / 1_000)
}

fn bench_rays(c: &mut Criterion) {
    for objects in [1_000, 10_000] {
        let (bodies, field) = scene_bodies(objects);
        let rays = scene_rays(field);
        let peer = PeerRays::new(&bodies);
        let peer_answers: Vec<_> = rays.iter().map(|&(f, t)| peer.cast(f, t)).collect();
        let mut group = c.benchmark_group("rays");
        for kind in BroadPhaseKind::ALL {
            if kind == BroadPhaseKind::BruteForce {
                continue;
            }
            let mut pass = CollisionPass::new(kind.build());
            pass.detect(&bodies, &())
                .expect("the scene's pairs fit the limit");
            let mut hitscan = Hitscan::new();
            let ours: Vec<_> = rays
                .iter()
                .map(|&(f, t)| hitscan.cast_ray(pass.broad_phase(), &bodies, f, t, LASER))
                .collect();
            let hits = check_answers(&ours, &peer_answers);
            assert!(hits > RAYS / 4, "{kind}: only {hits} rays hit");
            let mut k = 0;
            group.bench_function(BenchmarkId::new(kind.name(), label(objects)), |b| {
                b.iter(|| {
                    k = (k + 1) % RAYS;
                    let (from, to) = black_box(rays[k]);
                    black_box(hitscan.cast_ray(pass.broad_phase(), &bodies, from, to, LASER))
                });
            });
        }
        let mut k = 0;
        group.bench_function(BenchmarkId::new("parry2d_bvh", label(objects)), |b| {
            b.iter(|| {
                k = (k + 1) % RAYS;
                let (from, to) = black_box(rays[k]);
                black_box(peer.cast(from, to))
            });
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench_rays
}
criterion_main!(benches);
