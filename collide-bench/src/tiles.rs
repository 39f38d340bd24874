//! Tile-map casts side by side with parry2d: the same tiles as collide's [`TileMap`], as
//! parry2d's `Voxels` and as a parry2d `Compound` of one cuboid per solid cell, and the same
//! casts on each: movers walking a tile floor (pressed 1 unit into it), movers running into the
//! level's pillars, and segments shot down at the floor.
//!
//! A **disagreement** is a cast that one side reports as a hit and the other does not, or whose
//! first hits are more than [`TOLERANCE`] of the motion apart; a loop over every solid cell
//! (the exact cast on each cell's box) says which side was right. A **seam hit** is a floor
//! walk whose hit has a normal other than the floor's: the mover met a face between two tiles
//! (or a tile's corner) inside the flat floor.

use collide::TileMap;
use collide_core::{cast_ray, time_of_impact, Circle, Hull, Motion, Pose, Rect, Shape};
use collide_testkit::SplitMix64;
use glam::{IVec2, Vec2};
use parry2d::math::Pose as PeerPose;
use parry2d::query::{self, Ray};
use parry2d::shape::{Compound, Cuboid, Shape as PeerShapeTrait, SharedShape, Voxels};
use std::hint::black_box;

use crate::peer::{cast_options, PeerShape};
use crate::versus::{time_alternating, Verdicts, TOLERANCE};

/// The side of a tile, in world units.
pub const TILE: f32 = 16.0;

/// The side, in cells, of the map the report casts on: 4 096² cells, 16 MiB of tiles.
pub const SIDE: u32 = 4096;

/// Casts per line of the report: each batch casts all of them.
pub const CASES: usize = 64;

/// The level near the casts: a floor two tiles thick (its top at y = 32), a pillar 4 tiles
/// high every 16 columns (the first at x = 192), a two-tile platform every 24 columns.
#[must_use]
pub fn level(x: u32, y: u32) -> u8 {
    u8::from(y < 2 || (x % 16 == 12 && y < 6) || (x % 24 == 5 && (10..12).contains(&y)))
}

/// The same tiles three ways: collide's, parry2d's voxels, and a parry2d compound of cuboids.
pub struct TileSides {
    /// collide's map, cell `(0, 0)` at the origin.
    pub map: TileMap,
    /// parry2d's voxels of the same solid cells.
    pub voxels: Voxels,
    /// One parry2d cuboid per solid cell.
    pub compound: Compound,
    /// The solid cells, for the oracle.
    solid: Vec<IVec2>,
}

impl TileSides {
    /// A `side × side` map of [`TILE`]-unit cells whose cell `(x, y)` holds `cells(x, y)`.
    ///
    /// # Panics
    ///
    /// If `side` is 0 or over [`TileMap::MAX_SIDE`].
    #[must_use]
    pub fn new(side: u32, cells: impl Fn(u32, u32) -> u8) -> Self {
        let map = TileMap::from_fn(side, side, Vec2::splat(TILE), Vec2::ZERO, &cells)
            .expect("a map side within the tile map's limits");
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
            solid,
        }
    }

    /// parry2d's tiles: the compound of cuboids, or the voxels.
    #[must_use]
    pub fn peer(&self, compound: bool) -> &dyn PeerShapeTrait {
        if compound {
            &self.compound
        } else {
            &self.voxels
        }
    }

    /// The oracle's first hit of `shape` along `motion`: the earliest time of impact over
    /// every solid cell's box (no face rule: the union's first contact).
    #[must_use]
    pub fn oracle_cast(&self, shape: &Shape, motion: &Motion) -> Option<f32> {
        let cell = self.map.cell_rect();
        self.solid
            .iter()
            .filter_map(|c| {
                let at = Motion::stationary(self.map.cell_center(c.x as u32, c.y as u32));
                time_of_impact(shape, motion, cell, &at).map(|hit| hit.t)
            })
            .min_by(f32::total_cmp)
    }

    /// The oracle's first hit of the segment `from → to`: the earliest entry over every solid
    /// cell's box.
    #[must_use]
    pub fn oracle_segment(&self, from: Vec2, to: Vec2) -> Option<f32> {
        let cell = self.map.cell_rect();
        self.solid
            .iter()
            .filter_map(|c| {
                let at = Pose::from_position(self.map.cell_center(c.x as u32, c.y as u32));
                cast_ray(cell, &at, from, to).map(|hit| hit.t)
            })
            .min_by(f32::total_cmp)
    }
}

/// The three movers: a circle of radius 6, a box of half extents (6, 10), a regular hexagon of
/// radius 8.
///
/// # Panics
///
/// Never: the hexagon is a valid hull.
#[must_use]
pub fn movers() -> [(&'static str, Shape); 3] {
    [
        ("circle", Circle { radius: 6.0 }.into()),
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
        ),
        ("hexagon", Hull::regular(6, 8.0).expect("a hexagon").into()),
    ]
}

/// parry2d's cast of `mover` along `motion` against `tiles` (standing at the origin): the time
/// and the normal on the mover (from it into the tiles).
#[must_use]
pub fn peer_cast(
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

/// parry2d's cast of the segment `from → to` against `tiles`: the fraction of the segment and
/// the normal of the surface hit (pointing out of the tiles).
#[must_use]
pub fn peer_segment(tiles: &dyn PeerShapeTrait, from: Vec2, to: Vec2) -> Option<(f32, Vec2)> {
    let ray = Ray::new(from, to - from);
    tiles
        .cast_ray_and_get_normal(&PeerPose::IDENTITY, &ray, 1.0, true)
        .map(|hit| (hit.time_of_impact, hit.normal))
}

/// A mover resting on the floor (its bottom at y = 32) walking `length` along it from `x`,
/// pressed 1 unit in.
#[must_use]
pub fn floor_walk(shape: &Shape, x: f32, length: f32) -> Motion {
    let half = shape.aabb(&Pose::IDENTITY).half_extents;
    let start = Vec2::new(x, 2.0 * TILE + half.y);
    Motion::linear(start, start + Vec2::new(length, -1.0))
}

/// Whether a floor walk's hit normal (from the mover into the floor) is not the floor's.
#[must_use]
pub fn is_seam_normal(normal: Vec2) -> bool {
    (normal - Vec2::NEG_Y).length() > 1e-3
}

/// The kinds of cast the report times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// A mover resting on the floor walks 1 to 500 units along it, pressed 1 unit in.
    Floor,
    /// A mover between two pillars runs 100 to 400 units towards one of them.
    Wall,
    /// A segment from 100 to 800 units up, shot down past the floor's top.
    Segment,
}

impl Cast {
    /// Every kind, in the report's order.
    pub const ALL: [Cast; 3] = [Cast::Floor, Cast::Wall, Cast::Segment];

    /// `floor`, `wall` or `segment`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Cast::Floor => "floor",
            Cast::Wall => "wall",
            Cast::Segment => "segment",
        }
    }
}

/// A start `x` between two pillars of [`level`], far from the map's ends: the pillars stand at
/// 192 to 208 units into every 256.
fn between_pillars(rng: &mut SplitMix64) -> f32 {
    let period = 16.0 * TILE;
    (1 + rng.index(200)) as f32 * period + rng.range(-30.0, 170.0)
}

/// [`CASES`] seeded motions of `shape` for a floor or wall cast on [`level`].
fn motions(cast: Cast, shape: &Shape, rng: &mut SplitMix64) -> Vec<Motion> {
    let half = shape.aabb(&Pose::IDENTITY).half_extents;
    (0..CASES)
        .map(|_| {
            let x = between_pillars(rng);
            match cast {
                Cast::Wall => {
                    // Some pass over the pillars' tops (at 96), some clip them, most meet them.
                    let start = Vec2::new(x, rng.range(2.0 * TILE + half.y + 1.0, 120.0));
                    let run = rng.range(100.0, 400.0) * if rng.unit() < 0.5 { -1.0 } else { 1.0 };
                    Motion::linear(start, start + Vec2::new(run, rng.range(-8.0, 8.0)))
                }
                _ => floor_walk(shape, x, rng.range(1.0, 500.0)),
            }
        })
        .collect()
}

/// [`CASES`] seeded segments shot down at the floor of [`level`]; a few stop short of it.
fn segments(rng: &mut SplitMix64) -> Vec<(Vec2, Vec2)> {
    (0..CASES)
        .map(|_| {
            let from = Vec2::new(between_pillars(rng), rng.range(100.0, 800.0));
            let to = Vec2::new(from.x + rng.range(-900.0, 900.0), rng.range(-20.0, 60.0));
            (from, to)
        })
        .collect()
}

/// One line of the tile-cast comparison: one kind of cast of one mover.
#[derive(Clone, Debug, PartialEq)]
pub struct TileEntry {
    /// `tiles_<cast>_<mover>` (`tiles_segment` for segment casts).
    pub query: String,
    /// collide's ns per cast: the median batch.
    pub ours_ns: f64,
    /// parry2d's ns per cast on its `Voxels`: the median batch.
    pub peer_ns: f64,
    /// The median of the batch ratios, parry2d ns ÷ collide ns.
    pub speedup: f64,
    /// Batches timed on each side.
    pub batches: usize,
    /// Casts compared.
    pub cases: usize,
    /// Casts parry2d reports as a hit.
    pub peer_hits: usize,
    /// Casts the two disagree on.
    pub disagreements: usize,
    /// Who the oracle sides with on them.
    pub verdicts: Verdicts,
    /// The largest difference between two present answers.
    pub max_difference: f32,
    /// Floor walks hit with a normal other than the floor's: collide's (0 for other casts).
    pub ours_seam_hits: usize,
    /// The same for parry2d's voxels.
    pub peer_seam_hits: usize,
}

/// The answers of both sides to one line's casts, and how each is timed.
struct Line<'a> {
    ours: Vec<Option<(f32, Vec2)>>,
    peer: Vec<Option<(f32, Vec2)>>,
    oracle: Box<dyn Fn(usize) -> Option<f32> + 'a>,
}

/// Whether two answers agree: both none, or both within [`TOLERANCE`].
fn same(a: Option<f32>, b: Option<f32>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => (a - b).abs() <= TOLERANCE,
        _ => false,
    }
}

impl Line<'_> {
    /// The line's figures, its timing aside.
    fn tally(&self, query: String, floor: bool) -> TileEntry {
        let (mut disagreements, mut verdicts, mut max_difference) =
            (0, Verdicts::default(), 0.0_f32);
        for (k, (a, b)) in self.ours.iter().zip(&self.peer).enumerate() {
            let (a, b) = (a.map(|h| h.0), b.map(|h| h.0));
            if let (Some(a), Some(b)) = (a, b) {
                max_difference = max_difference.max((a - b).abs());
            }
            if !same(a, b) {
                disagreements += 1;
                let truth = (self.oracle)(k);
                verdicts.ours_right += usize::from(same(a, truth));
                verdicts.peer_right += usize::from(same(b, truth));
            }
        }
        let seams = |answers: &[Option<(f32, Vec2)>]| {
            let hits = answers.iter().flatten();
            if floor {
                hits.filter(|h| is_seam_normal(h.1)).count()
            } else {
                0
            }
        };
        TileEntry {
            query,
            ours_ns: 0.0,
            peer_ns: 0.0,
            speedup: 0.0,
            batches: 0,
            cases: self.ours.len(),
            peer_hits: self.peer.iter().flatten().count(),
            disagreements,
            verdicts,
            max_difference,
            ours_seam_hits: seams(&self.ours),
            peer_seam_hits: seams(&self.peer),
        }
    }
}

/// Times `ours` against `peer` over `batches` alternating batches of every case and fills in
/// the entry's times (ns per cast).
fn timed(mut e: TileEntry, batches: usize, ours: impl FnMut(), peer: impl FnMut()) -> TileEntry {
    let t = time_alternating(batches, 1, ours, peer);
    e.ours_ns = t.ours_ns / e.cases as f64;
    e.peer_ns = t.peer_ns / e.cases as f64;
    (e.speedup, e.batches) = (t.ratio, t.batches);
    e
}

/// Every line of the comparison on a [`SIDE`]² map of [`level`]: floor walks and wall runs of
/// each mover, then segment casts, against parry2d's `Voxels`, each timed in `batches`
/// alternating batches.
#[must_use]
pub fn compare_tiles(batches: usize) -> Vec<TileEntry> {
    let sides = TileSides::new(SIDE, level);
    let (map, voxels) = (&sides.map, &sides.voxels);
    let mut rng = SplitMix64::new(0x711E_CA57);
    let mut entries = Vec::new();
    for cast in [Cast::Floor, Cast::Wall] {
        for (mover, shape) in movers() {
            let peer = PeerShape::from_shape(&shape).expect("parry2d takes the hexagon");
            let cases = motions(cast, &shape, &mut rng);
            let ours_cast = |m: &Motion| {
                map.time_of_impact(&shape, m)
                    .map(|h| (h.impact.t, h.impact.normal))
            };
            let line = Line {
                ours: cases.iter().map(ours_cast).collect(),
                peer: cases.iter().map(|m| peer_cast(&peer, m, voxels)).collect(),
                oracle: Box::new(|k| sides.oracle_cast(&shape, &cases[k])),
            };
            let query = format!("tiles_{}_{mover}", cast.name());
            let entry = line.tally(query, cast == Cast::Floor);
            entries.push(timed(
                entry,
                batches,
                || {
                    for m in &cases {
                        black_box(ours_cast(black_box(m)));
                    }
                },
                || {
                    for m in &cases {
                        black_box(peer_cast(&peer, black_box(m), voxels));
                    }
                },
            ));
        }
    }
    let cases = segments(&mut rng);
    let ours_cast = |&(f, t): &(Vec2, Vec2)| {
        map.cast_segment(f, t)
            .map(|h| (h.impact.t, h.impact.normal))
    };
    let peer_cast = |&(f, t): &(Vec2, Vec2)| peer_segment(voxels, f, t);
    let line = Line {
        ours: cases.iter().map(ours_cast).collect(),
        peer: cases.iter().map(peer_cast).collect(),
        oracle: Box::new(|k| sides.oracle_segment(cases[k].0, cases[k].1)),
    };
    let entry = line.tally("tiles_segment".into(), false);
    entries.push(timed(
        entry,
        batches,
        || {
            for c in &cases {
                black_box(ours_cast(black_box(c)));
            }
        },
        || {
            for c in &cases {
                black_box(peer_cast(black_box(c)));
            }
        },
    ));
    entries
}

/// Seam hits of `walks` seeded floor walks on a flat floor, for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeamHits {
    /// collide's.
    pub ours: usize,
    /// parry2d's voxels'.
    pub voxels: usize,
    /// parry2d's compound of cuboids'.
    pub compound: usize,
    /// The walks.
    pub walks: usize,
}

/// Of `walks` seeded walks of `shape` along `floor` (a flat floor with its top at y = 32, 1
/// to 500 units, pressed 1 unit in, starting exactly on it), how many hits each side reports
/// with a normal other than the floor's.
///
/// # Panics
///
/// If parry2d refuses the shape.
#[must_use]
pub fn seam_hits(floor: &TileSides, shape: &Shape, walks: usize) -> SeamHits {
    let peer = PeerShape::from_shape(shape).expect("parry2d takes the shape");
    let mut rng = SplitMix64::new(0x5EA3);
    let mut out = SeamHits {
        walks,
        ..SeamHits::default()
    };
    let side = floor.map.width() as f32 * TILE;
    for _ in 0..walks {
        let motion = floor_walk(shape, rng.range(100.0, side - 600.0), rng.range(1.0, 500.0));
        let ours = floor.map.time_of_impact(shape, &motion);
        out.ours += usize::from(ours.is_some_and(|h| is_seam_normal(h.impact.normal)));
        let on = |tiles| peer_cast(&peer, &motion, tiles).is_some_and(|h| is_seam_normal(h.1));
        out.voxels += usize::from(on(&floor.voxels));
        out.compound += usize::from(on(&floor.compound));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_cast_agrees_with_voxels_or_the_oracle_and_never_hits_a_seam() {
        let entries = compare_tiles(1);
        let names: Vec<&str> = entries.iter().map(|e| e.query.as_str()).collect();
        assert_eq!(
            names,
            [
                "tiles_floor_circle",
                "tiles_floor_box",
                "tiles_floor_hexagon",
                "tiles_wall_circle",
                "tiles_wall_box",
                "tiles_wall_hexagon",
                "tiles_segment"
            ]
        );
        for e in &entries {
            assert_eq!(e.cases, CASES, "{}", e.query);
            // Where the two disagree, the oracle sides with collide every time.
            assert_eq!(e.verdicts.ours_right, e.disagreements, "{}: {e:?}", e.query);
            assert_eq!(e.ours_seam_hits, 0, "{}", e.query);
            assert!(e.peer_hits > CASES / 2, "{}: {} hits", e.query, e.peer_hits);
            assert!(e.ours_ns > 0.0 && e.peer_ns > 0.0 && e.batches == 1);
        }
    }

    #[test]
    fn a_floor_walk_starts_on_the_floor_and_seams_are_other_normals() {
        let (_, circle) = movers()[0];
        let walk = floor_walk(&circle, 100.0, 50.0);
        assert_eq!(walk.start, Vec2::new(100.0, 38.0));
        assert_eq!(walk.end, Vec2::new(150.0, 37.0));
        assert!(!is_seam_normal(Vec2::NEG_Y));
        assert!(is_seam_normal(Vec2::new(0.1, -1.0).normalize()));
        assert!(is_seam_normal(Vec2::X));
    }

    #[test]
    fn the_oracles_find_the_first_solid_cell() {
        let sides = TileSides::new(64, level);
        // Straight down onto the floor at x = 100: the floor's top, 32, is 68 of 100 down.
        let t = sides.oracle_segment(Vec2::new(100.0, 100.0), Vec2::new(100.0, 0.0));
        assert!((t.unwrap() - 0.68).abs() < 1e-6);
        // A circle running right at y = 72 into the first pillar (x = 192): 166 of 200.
        let circle = movers()[0].1;
        let run = Motion::linear(Vec2::new(20.0, 72.0), Vec2::new(220.0, 72.0));
        let t = sides.oracle_cast(&circle, &run);
        assert!((t.unwrap() - 0.83).abs() < 1e-5, "{t:?}");
        let over = Motion::linear(Vec2::new(20.0, 120.0), Vec2::new(220.0, 120.0));
        assert_eq!(sides.oracle_cast(&circle, &over), None);
    }
}
