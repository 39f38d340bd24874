//! Tile map queries: the same segment cast and the same shape casts on a 64 × 64 and a
//! 4 096 × 4 096 map of 16-unit tiles with the same tiles near the casts, so the time follows
//! the cells crossed, not the map's size; and the same casts on parry2d's `Voxels` and on a
//! parry2d `Compound` of one cuboid per solid cell (the scene and both peers' casts:
//! `collide_bench::tiles`, which the report's tile-cast lines use too).
//!
//! Ids: `tiles/<query>/<side>/<side length>`, for `<query>` in `segment`, `floor_<mover>` (a
//! mover resting on the floor walks 400 units along it, pressed 1 unit in) and `wall_<mover>`
//! (a mover 40 units above the floor runs 300 units into a pillar), `<mover>` in `circle`,
//! `box`, `hexagon`, and `<side>` in `collide`, `parry2d_voxels`, `parry2d_compound`. One
//! iteration is one query.
//!
//! Before timing, the bench prints its seam count: of 2 000 seeded walks along a flat floor
//! (1 to 500 units, pressed 1 unit in, starting exactly on it), how many hits each side
//! reports with a normal other than the floor's.

use collide_bench::peer::PeerShape;
use collide_bench::tiles::{
    floor_walk, level, movers, peer_cast, peer_segment, seam_hits, TileSides,
};
use collide_core::Motion;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use glam::Vec2;
use std::hint::black_box;

fn bench_casts(c: &mut Criterion, side: u32, sides: &TileSides) {
    let mut group = c.benchmark_group("tiles");
    let (from, to) = (Vec2::new(40.0, 700.0), Vec2::new(900.0, 10.0));
    group.bench_function(BenchmarkId::new("segment/collide", side), |b| {
        b.iter(|| black_box(&sides.map).cast_segment(black_box(from), black_box(to)))
    });
    for (name, compound) in [("parry2d_voxels", false), ("parry2d_compound", true)] {
        let tiles = sides.peer(compound);
        group.bench_function(BenchmarkId::new(format!("segment/{name}"), side), |b| {
            b.iter(|| peer_segment(tiles, black_box(from), black_box(to)))
        });
    }
    for (mover, shape) in movers() {
        let peer = PeerShape::from_shape(&shape).unwrap();
        let wall = Motion::linear(Vec2::new(20.0, 72.0), Vec2::new(320.0, 72.0));
        for (cast, motion) in [("floor", floor_walk(&shape, 20.0, 400.0)), ("wall", wall)] {
            let query = format!("{cast}_{mover}");
            group.bench_function(BenchmarkId::new(format!("{query}/collide"), side), |b| {
                b.iter(|| black_box(&sides.map).time_of_impact(&shape, black_box(&motion)))
            });
            for (name, compound) in [("parry2d_voxels", false), ("parry2d_compound", true)] {
                let tiles = sides.peer(compound);
                let id = BenchmarkId::new(format!("{query}/{name}"), side);
                group.bench_function(id, |b| {
                    b.iter(|| peer_cast(&peer, black_box(&motion), tiles))
                });
            }
        }
    }
    group.finish();
}

/// Of 2 000 seeded walks along a flat floor, the hits each side reports with a normal other
/// than the floor's (`-y`, from the mover into the floor), per mover.
fn print_seam_hits() {
    let floor = TileSides::new(4096, |_, y| u8::from(y < 2));
    for (mover, shape) in movers() {
        let s = seam_hits(&floor, &shape, 2_000);
        println!(
            "tiles/seam_hits/{mover}: collide {}, parry2d_voxels {}, parry2d_compound {} of {} \
             floor walks",
            s.ours, s.voxels, s.compound, s.walks
        );
    }
}

fn tiles(c: &mut Criterion) {
    print_seam_hits();
    for side in [64, 4096] {
        let sides = TileSides::new(side, level);
        bench_casts(c, side, &sides);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = tiles
}
criterion_main!(benches);
