//! Sprite → hulls: the whole `collide hull` pipeline (decode, row extremes, monotone chain,
//! simplification) on the fixture sprites of `collide-hull`; and `Hull::from_points_mut` on a
//! dense outline.
//!
//! Ids: `hull/<simplify>/<sprite>`, e.g. `hull/vw/player` (7 frames of 64×64) or
//! `hull/enclosing/asteroid_sheet` (64 frames of 32×32); `hull/from_points/<simplify>/1m`:
//! a million points on a circle of radius 1000, whose hull (a staircase on the `f32` grid)
//! has about 55 000 vertices to bring down to 16.

use std::hint::black_box;
use std::path::PathBuf;

use collide_core::Hull;
use collide_hull::{generate, Options, Simplify};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use glam::Vec2;

/// `(id, file, frame width, frame height)`: the strip rule, or a grid sheet's frame size.
const SPRITES: [(&str, &str, Option<u32>, Option<u32>); 4] = [
    ("player", "player.png", None, None),
    ("fighter", "fighter.png", None, None),
    ("worm_sheet", "worm.png", Some(18), Some(18)),
    (
        "asteroid_sheet",
        "asteroid_32_8_1608776684.png",
        Some(32),
        Some(32),
    ),
];

fn hull(c: &mut Criterion) {
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../collide-hull/tests/fixtures");
    let mut group = c.benchmark_group("hull");
    for simplify in [Simplify::Vw, Simplify::Enclosing] {
        for (id, file, frame_width, frame_height) in SPRITES {
            let path = fixtures.join(file);
            let png = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("fixture {} is missing: {e}", path.display()));
            let options = Options {
                simplify,
                frame_width,
                frame_height,
                ..Options::default()
            };
            let frames = generate(&png, file, &options)
                .map(|s| s.collider.frames.len())
                .unwrap_or_else(|e| panic!("{file}: {e}"));
            group.throughput(Throughput::Elements(frames as u64));
            group.bench_function(BenchmarkId::new(simplify.name(), id), |b| {
                b.iter(|| {
                    generate(black_box(&png), file, &options).map(|s| s.collider.frames.len())
                });
            });
        }
    }
    group.finish();
}

/// `count` points evenly round a circle of radius 1000, rounded to `f32`.
fn circle(count: usize) -> Vec<Vec2> {
    (0..count)
        .map(|i| {
            let (sin, cos) = (i as f64 * std::f64::consts::TAU / count as f64).sin_cos();
            Vec2::new((cos * 1000.0) as f32, (sin * 1000.0) as f32)
        })
        .collect()
}

fn from_points(c: &mut Criterion) {
    let cloud = circle(1_000_000);
    let mut group = c.benchmark_group("hull/from_points");
    // Each run takes a good part of a second: the fewest samples criterion allows.
    group.sample_size(10);
    group.throughput(Throughput::Elements(cloud.len() as u64));
    for simplify in [Simplify::Vw, Simplify::Enclosing] {
        group.bench_function(BenchmarkId::new(simplify.name(), "1m"), |b| {
            // The copy is set-up: `from_points_mut` reorders the points it is given.
            b.iter_batched_ref(
                || cloud.clone(),
                |points| Hull::from_points_mut(points, simplify),
                BatchSize::LargeInput,
            );
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
    targets = hull, from_points
}
criterion_main!(benches);
