//! Tile map queries: the same segment cast and the same shape casts on a 64 × 64 and a
//! 4 096 × 4 096 map of 16-unit tiles with the same tiles near the casts, so the time follows
//! the cells crossed, not the map's size; and the same casts on parry2d's `Voxels` and on a
//! parry2d `Compound` of one cuboid per solid cell.
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

use collide_bench::peer::{cast_options, PeerShape};
use collide_broad::TileMap;
use collide_core::{Circle, Hull, Motion, Pose, Rect, Shape};
use collide_testkit::SplitMix64;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use glam::{IVec2, Vec2};
use parry2d::math::Pose as PeerPose;
use parry2d::query::{self, Ray};
use parry2d::shape::{Compound, Cuboid, Shape as PeerShapeTrait, SharedShape, Voxels};
use std::hint::black_box;

const TILE: f32 = 16.0;

/// The level near the casts: a floor two tiles thick (its top at y = 32), a pillar 4 tiles
/// high every 16 columns (the first at x = 192), a two-tile platform every 24 columns.
fn level(x: u32, y: u32) -> u8 {
    u8::from(y < 2 || (x % 16 == 12 && y < 6) || (x % 24 == 5 && (10..12).contains(&y)))
}

/// The same tiles three ways: ours, parry2d's voxels, and a compound of cuboids.
struct Sides {
    map: TileMap,
    voxels: Voxels,
    compound: Compound,
}

impl Sides {
    fn new(side: u32, cells: impl Fn(u32, u32) -> u8) -> Self {
        let map = TileMap::from_fn(side, side, Vec2::splat(TILE), Vec2::ZERO, &cells).unwrap();
        let mut solid = Vec::new();
        for y in 0..side {
            for x in 0..side {
                if cells(x, y) != 0 {
                    solid.push(IVec2::new(x as i32, y as i32));
                }
            }
        }
        let voxels = Voxels::new(Vec2::splat(TILE), &solid);
        let cuboid = SharedShape::new(Cuboid::new(Vec2::splat(TILE / 2.0)));
        let parts = solid
            .iter()
            .map(|c| {
                let centre = (c.as_vec2() + 0.5) * TILE;
                (PeerPose::from_translation(centre), cuboid.clone())
            })
            .collect();
        Self {
            map,
            voxels,
            compound: Compound::new(parts),
        }
    }

    fn peer(&self, compound: bool) -> &dyn PeerShapeTrait {
        if compound {
            &self.compound
        } else {
            &self.voxels
        }
    }
}

fn movers() -> [(&'static str, Shape); 3] {
    [
        ("circle", Circle { radius: 6.0 }.into()),
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
        ),
        ("hexagon", Hull::regular(6, 8.0).unwrap().into()),
    ]
}

/// parry2d's cast of `mover` along `motion` against the tiles `tiles` (standing at the
/// origin): the time and the normal on the mover.
fn peer_cast(
    mover: &PeerShape,
    motion: &Motion,
    tiles: &dyn PeerShapeTrait,
) -> Option<(f32, Vec2)> {
    query::cast_shapes(
        &PeerPose::from_translation(motion.start),
        motion.travel(),
        mover.as_dyn(),
        &PeerPose::IDENTITY,
        Vec2::ZERO,
        tiles,
        cast_options(),
    )
    .ok()
    .flatten()
    .map(|hit| (hit.time_of_impact, hit.normal1))
}

/// A mover resting on the floor (its bottom at y = 32) walking `length` along it from `x`,
/// pressed 1 unit in.
fn floor_walk(shape: &Shape, x: f32, length: f32) -> Motion {
    let half = shape.aabb(&Pose::IDENTITY).half_extents;
    let start = Vec2::new(x, 2.0 * TILE + half.y);
    Motion::linear(start, start + Vec2::new(length, -1.0))
}

fn bench_casts(c: &mut Criterion, side: u32, sides: &Sides) {
    let mut group = c.benchmark_group("tiles");
    let (from, to) = (Vec2::new(40.0, 700.0), Vec2::new(900.0, 10.0));
    group.bench_function(BenchmarkId::new("segment/collide", side), |b| {
        b.iter(|| black_box(&sides.map).cast_segment(black_box(from), black_box(to)))
    });
    let ray = Ray::new(from, to - from);
    for (name, compound) in [("parry2d_voxels", false), ("parry2d_compound", true)] {
        let tiles = sides.peer(compound);
        group.bench_function(BenchmarkId::new(format!("segment/{name}"), side), |b| {
            b.iter(|| {
                tiles.cast_ray_and_get_normal(&PeerPose::IDENTITY, black_box(&ray), 1.0, true)
            })
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
    let floor = Sides::new(4096, |_, y| u8::from(y < 2));
    for (mover, shape) in movers() {
        let peer = PeerShape::from_shape(&shape).unwrap();
        let mut rng = SplitMix64::new(0x5EA3);
        let (mut ours, mut voxels, mut compound, mut walks) = (0, 0, 0, 0);
        for _ in 0..2_000 {
            let motion = floor_walk(&shape, rng.range(100.0, 60_000.0), rng.range(1.0, 500.0));
            walks += 1;
            let seam = |n: Vec2| (n - Vec2::NEG_Y).length() > 1e-3;
            ours += usize::from(
                floor
                    .map
                    .time_of_impact(&shape, &motion)
                    .is_some_and(|h| seam(h.normal)),
            );
            voxels +=
                usize::from(peer_cast(&peer, &motion, &floor.voxels).is_some_and(|h| seam(h.1)));
            compound +=
                usize::from(peer_cast(&peer, &motion, &floor.compound).is_some_and(|h| seam(h.1)));
        }
        println!(
            "tiles/seam_hits/{mover}: collide {ours}, parry2d_voxels {voxels}, \
             parry2d_compound {compound} of {walks} floor walks"
        );
    }
}

fn tiles(c: &mut Criterion) {
    print_seam_hits();
    for side in [64, 4096] {
        let sides = Sides::new(side, level);
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
