//! A level's whole static world in one value: static bodies of any shape and a tile map, as
//! one set of [`Obstacles`] for the collision pass and `move_and_slide`.

use collide_core::{Aabb, Hit, Impact, Layers, Motion, ShapeRef};

use collide_broad::Proxy;

use crate::rect_seams::{rect_seam_hit_kept, rect_seam_hit_where};
use crate::{Obstacle, Obstacles, StaticBodies, TileCell, TileMap, WorldHit};
use glam::Vec2;

/// Where the ids of the tile map's cells start: a cell's obstacle id is this plus its
/// [`cell_index`](TileMap::cell_index), above every static body's id.
pub const TILE_IDS: u32 = 1 << 31;

/// Static bodies and a tile map, each indexed once (the bodies when
/// [`StaticBodies::refresh`] is called after a change; the map needs none).
///
/// As [`Obstacles`], the bodies keep their [`StaticHandle::id`](crate::StaticHandle::id)s and
/// the tile map's cells take [`TILE_IDS`]` + ` their cell index; [`tile_cell`](Self::tile_cell) says
/// which is which.
///
/// ```
/// use collide_core::{Aabb, Circle, Layers, Pose};
/// use collide_world::{Obstacles, StaticWorld, TileCell, TileMap, TILE_IDS};
/// use glam::Vec2;
///
/// let mut world = StaticWorld::new(TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO)?);
/// let crate_at = world.bodies.add(Circle { radius: 6.0 }, Pose::from_position(Vec2::new(40.0, 26.0)), Layers::ALL)?;
/// world.bodies.refresh();
/// // What stands near a ball's path down onto the floor at x = 40: the crate and a floor cell.
/// let path = Aabb::new(Vec2::new(40.0, 30.0), Vec2::new(2.0, 16.0));
/// let mut met = Vec::new();
/// world.near(&path, Layers::ALL, &mut |o| met.push((o.id, world.tile_cell(o.id))));
/// met.sort_unstable_by_key(|m| m.0);
/// assert_eq!(met, [(crate_at.id(), None), (TILE_IDS + 2, Some(TileCell::new(2, 0)))]);
/// # Ok::<(), collide_world::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct StaticWorld {
    /// The static bodies.
    pub bodies: StaticBodies,
    /// The tile map.
    pub tiles: TileMap,
}

impl StaticWorld {
    /// A world of `tiles` and no static bodies yet.
    #[must_use]
    pub fn new(tiles: TileMap) -> Self {
        Self {
            bodies: StaticBodies::new(),
            tiles,
        }
    }

    /// The tile map's cell an obstacle id of this world names, or `None` when the id names a
    /// static body (its [`StaticHandle::id`](crate::StaticHandle::id)).
    #[must_use]
    pub fn tile_cell(&self, id: u32) -> Option<TileCell> {
        (id >= TILE_IDS).then(|| self.tiles.cell_of_index(id - TILE_IDS))
    }
}

impl Obstacles for StaticWorld {
    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        if id >= TILE_IDS {
            let o = self.tiles.obstacle(id - TILE_IDS)?;
            Some(Obstacle { id, ..o })
        } else {
            self.bodies.obstacle(id)
        }
    }

    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.bodies.near(area, layers, visit);
        self.tiles.near(area, layers, &mut |o| {
            visit(Obstacle {
                id: TILE_IDS + o.id,
                ..o
            });
        });
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        self.bodies.near_each(queries, visit);
        self.tiles.near_each(queries, &mut |q, o| {
            visit(
                q,
                Obstacle {
                    id: TILE_IDS + o.id,
                    ..o
                },
            );
        });
    }

    /// Only the bodies move; the tile map's cells never do.
    fn has_moving(&self) -> bool {
        self.bodies.has_moving()
    }

    /// The bodies' movers: the tile map's cells never move.
    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.bodies.movers_near(area, layers, visit);
    }

    /// Sensor bodies or sensor cells.
    fn has_sensors(&self) -> bool {
        self.bodies.has_sensors() || self.tiles.has_sensors()
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        if id >= TILE_IDS {
            self.tiles.refine_hit(id - TILE_IDS, shape, motion, hit)
        } else {
            self.bodies.refine_hit(id, shape, motion, hit)
        }
    }

    /// The tile map's rule with its cells left out emptied, for a tile; for a body, the
    /// bodies' rule with the bodies left out removed (no tile covers a body's face).
    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        if id >= TILE_IDS {
            // The filter names tiles by their ids in this world.
            let in_world = |o: &Obstacle<'_>| {
                keeps(&Obstacle {
                    id: TILE_IDS + o.id,
                    ..*o
                })
            };
            self.tiles
                .refine_hit_kept(id - TILE_IDS, shape, motion, hit, &in_world)
        } else {
            // A body's rule counts bodies alone (a body's id is the same in this world).
            self.bodies.refine_hit_kept(id, shape, motion, hit, keeps)
        }
    }

    /// The earlier of the tile map's own seams (with the cell's id in this world) and those
    /// of rects laid edge to edge, bodies and cells alike.
    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        if o.id >= TILE_IDS {
            let tile = Obstacle {
                id: o.id - TILE_IDS,
                ..*o
            };
            self.tiles.cast_ray_on(&tile, from, to)
        } else {
            self.bodies.cast_ray_on(o, from, to)
        }
    }

    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        let tiles = self.tiles.seam_hit(from, to, layers, one_way);
        let rects = rect_seam_hit_where(self, (from, to), layers, not_two_tiles);
        earlier(tiles.map(in_world), rects)
    }

    /// The tile map's seams with its cells left out emptied, and those of the rects laid edge
    /// to edge that `keeps` keeps.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        let tile_kept = |o: &Obstacle<'_>| {
            keeps(&Obstacle {
                id: TILE_IDS + o.id,
                ..*o
            })
        };
        let tiles = self
            .tiles
            .seam_hit_kept(from, to, layers, one_way, &tile_kept);
        let rects = rect_seam_hit_kept(self, (from, to), layers, keeps, not_two_tiles);
        earlier(tiles.map(in_world), rects)
    }
}

/// Whether two obstacles' rects make a seam the rect rule looks for: not where both are
/// tiles, whose seams are the map's own, on the cells' exact grid lines (the rects, placed at
/// their rounded centres, may overlap by a rounding step where two cells touch at a corner).
fn not_two_tiles(a: u32, b: u32) -> bool {
    a < TILE_IDS || b < TILE_IDS
}

/// A hit on the tile map with the cell's id in the world.
fn in_world(hit: WorldHit) -> WorldHit {
    WorldHit {
        id: TILE_IDS + hit.id,
        ..hit
    }
}

/// The earlier of two hits (ties to the smaller id).
fn earlier(a: Option<WorldHit>, b: Option<WorldHit>) -> Option<WorldHit> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if (b.impact.t, b.id) < (a.impact.t, a.id) {
            b
        } else {
            a
        }),
        (a, b) => a.or(b),
    }
}
