//! A static level around the scene's field, for measuring what a level costs while it does
//! not move: 100 000 static bodies, or a 4 096 × 4 096 tile map, indexed once and given to the
//! collision pass as its static world. Bullets hit the level (its hits are counted like the
//! others); enemies pass over it.

use collide::{Obstacle, Obstacles, StaticBodies, TileMap};
use collide_core::{Layers, Pose, Rect};
use glam::Vec2;

use crate::scene::BULLET_LAYER;
use collide_testkit::SplitMix64;

/// The static level's collision layer: it meets bullets only.
pub const STATIC_LAYER: u32 = 1 << 2;

/// How many bodies [`LevelKind::Bodies`] holds.
pub const LEVEL_BODIES: usize = 100_000;

/// How many cells a side [`LevelKind::Tiles`] has.
pub const LEVEL_TILES: u32 = 4_096;

/// The cell size of [`LevelKind::Tiles`], and the size of the bodies of
/// [`LevelKind::Bodies`].
pub const LEVEL_CELL: f32 = 16.0;

/// Which static level the scene has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKind {
    /// No level: the scene as the benchmark's other figures measure it.
    None,
    /// [`LEVEL_BODIES`] 16 × 16 boxes, seeded, over an area four times the field's width and
    /// height centred on it (about one in sixteen of them inside the field).
    Bodies,
    /// A [`LEVEL_TILES`]² tile map of 16-unit cells centred on the field, one cell in a
    /// hundred solid (seeded).
    Tiles,
}

impl LevelKind {
    /// Every kind, in the order the report lists them.
    pub const ALL: [LevelKind; 3] = [LevelKind::None, LevelKind::Bodies, LevelKind::Tiles];

    /// The kind's name in tables: `none`, `100 000 bodies`, `4 096² tiles`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LevelKind::None => "none",
            LevelKind::Bodies => "100 000 static bodies",
            LevelKind::Tiles => "4 096² tile map",
        }
    }
}

/// A built level: the obstacles the pass's static world holds.
pub enum Level {
    /// No obstacles.
    None,
    /// Static bodies, indexed.
    Bodies(StaticBodies),
    /// A tile map.
    Tiles(TileMap),
}

impl Level {
    /// Builds the level `kind` around a field of size `field`, from `seed`.
    #[must_use]
    pub fn new(kind: LevelKind, field: Vec2, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed ^ 0x1E7E1);
        let layers = Layers::on(STATIC_LAYER).with_mask(BULLET_LAYER);
        match kind {
            LevelKind::None => Level::None,
            LevelKind::Bodies => {
                let mut bodies = StaticBodies::new();
                let tile = Rect {
                    half_extents: Vec2::splat(LEVEL_CELL / 2.0),
                };
                let (low, high) = (field * 0.5 - field * 2.0, field * 0.5 + field * 2.0);
                for _ in 0..LEVEL_BODIES {
                    let at = Pose::from_position(rng.in_box(low, high));
                    // Finite positions inside the area: adding never fails.
                    let _ = bodies.add(tile, at, layers);
                }
                bodies.refresh();
                Level::Bodies(bodies)
            }
            LevelKind::Tiles => {
                let side = LEVEL_TILES as f32 * LEVEL_CELL;
                let origin = field * 0.5 - Vec2::splat(side / 2.0);
                let map = TileMap::from_fn(
                    LEVEL_TILES,
                    LEVEL_TILES,
                    Vec2::splat(LEVEL_CELL),
                    origin,
                    |_, _| u8::from(rng.unit() < 0.01),
                );
                match map {
                    Ok(mut map) => {
                        map.set_layers(layers);
                        Level::Tiles(map)
                    }
                    // A 4 096² map of finite cells is within the tile map's limits.
                    Err(_) => Level::None,
                }
            }
        }
    }

    /// The level as the pass's static world.
    #[must_use]
    pub fn obstacles(&self) -> &dyn Obstacles {
        static NONE: &[Obstacle<'static>] = &[];
        match self {
            Level::None => &NONE,
            Level::Bodies(bodies) => bodies,
            Level::Tiles(map) => map,
        }
    }
}

#[cfg(test)]
mod tests {
    use collide::BroadPhaseKind;

    use super::*;
    use crate::{FrameRunner, Role, SceneConfig};

    /// In either level, bullets hit the level and enemies never do, and the hits between the
    /// scene's bodies are exactly those of the scene with no level.
    #[test]
    fn bullets_hit_the_level_and_the_other_hits_stay_as_they_were() {
        let config = SceneConfig::uniform(1_000);
        for kind in [LevelKind::Bodies, LevelKind::Tiles] {
            let mut plain = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
            let mut level = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_level(kind);
            let mut on_level = 0;
            for _ in 0..30 {
                plain.frame().expect("within the pair limit");
                let stats = level.frame().expect("within the pair limit");
                assert!(stats.static_pairs > 0, "{kind:?}");
                let between: Vec<_> = level
                    .pass()
                    .hits()
                    .iter()
                    .filter(|h| h.b.obstacle().is_none())
                    .copied()
                    .collect();
                assert_eq!(between, plain.pass().hits(), "{kind:?}");
                for h in level
                    .pass()
                    .hits()
                    .iter()
                    .filter(|h| h.b.obstacle().is_some())
                {
                    assert_eq!(level.scene().objects()[h.a].role, Role::Bullet);
                    on_level += 1;
                }
            }
            assert!(on_level > 10, "{kind:?}: {on_level} hits on the level");
        }
    }
}
