//! `move_and_slide` and rapier2d's `KinematicCharacterController::move_shape` on the same
//! platformer scene (a floor and a wall of 16 × 16 tiles), mover by mover.
//!
//! Ids: `character/<collide|collide-tiles|rapier2d>/<box|circle|hexagon>`: `collide` keeps the
//! tiles in `StaticBodies`, `collide-tiles` in a `TileMap` (the same tiles as solid cells;
//! rapier2d keeps its cuboids either way). One iteration is two calls, one
//! frame of the floor walk and one of the wall climb, at the report's seeded speeds (1 to 500
//! units per frame, pressed 2 units into the surface), from the positions a correct controller
//! passes through (the same calls for every side); the throughput is reported per call.
//!
//! Ids: `platformer/<collide|collide-slide|rapier2d>/<box|circle|hexagon>`: the platformer
//! level (ramps, half tiles, a curb, one-way platforms; see `GOALS.md`), each side replaying
//! the calls of collide's walks across it, one call an iteration: `collide` is its
//! `Character`, `collide-slide` `move_and_slide` in a game's wrapper.

use collide_bench::character::{
    replay, scene, walk_calls, walk_speeds, CollideCharacter, CollideSide, CollideSlide,
    Controller, Platformer, RapierPlatformer, RapierSide, Walk, Walker,
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

/// The platformer level: each side replays the calls of collide's walks (both ways over the
/// ramps, half tiles, curb and one-way bridge, at every walking speed), one call an iteration.
fn platformer(c: &mut Criterion) {
    let calls: Vec<_> = (0..collide_bench::character::movers().len())
        .map(walk_calls)
        .collect();
    let mut sides: [Box<dyn Platformer>; 3] = [
        Box::new(CollideCharacter::new()),
        Box::new(CollideSlide::new()),
        Box::new(RapierPlatformer::new()),
    ];
    for side in &mut sides {
        let mut group = c.benchmark_group(format!("platformer/{}", side.name()));
        group.throughput(Throughput::Elements(1));
        for (mover, (name, _)) in collide_bench::character::movers().iter().enumerate() {
            let mut next = 0;
            group.bench_function(*name, |b| {
                b.iter(|| replay(side.as_mut(), mover, &calls[mover], &mut next));
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
    targets = character, platformer
}
criterion_main!(benches);
