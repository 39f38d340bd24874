//! `move_and_slide` and rapier2d's `KinematicCharacterController::move_shape` on the same
//! platformer scene (a floor and a wall of 16 × 16 tiles), mover by mover.
//!
//! Ids: `character/<collide|collide-tiles|rapier2d>/<box|circle|hexagon>`: `collide` keeps the
//! tiles in `StaticBodies`, `collide-tiles` in a `TileMap` (the same tiles as solid cells;
//! rapier2d keeps its cuboids either way). One iteration is two calls, one
//! frame of the floor walk and one of the wall climb, at the report's seeded speeds (1 to 500
//! units per frame, pressed 2 units into the surface), from the positions a correct controller
//! passes through (the same calls for every side); the throughput is reported per call.

use collide_bench::character::{
    scene, walk_speeds, CollideSide, Controller, RapierSide, Walk, Walker,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn character(c: &mut Criterion) {
    let speeds = walk_speeds(2_000, scene::SEED);
    let sides: [Box<dyn Controller>; 3] = [
        Box::new(CollideSide::new()),
        Box::new(CollideSide::on_tile_map()),
        Box::new(RapierSide::new()),
    ];
    for side in &sides {
        let mut group = c.benchmark_group(format!("character/{}", side.name()));
        group.throughput(Throughput::Elements(Walk::ALL.len() as u64));
        for (mover, (name, _)) in collide_bench::character::movers().iter().enumerate() {
            let mut walkers = Walk::ALL.map(|walk| Walker::new(walk, mover, &speeds));
            group.bench_function(*name, |b| {
                b.iter(|| walkers.iter_mut().for_each(|w| w.step(side.as_ref())));
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = character
}
criterion_main!(benches);
