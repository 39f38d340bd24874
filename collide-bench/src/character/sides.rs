//! The character controllers on the platformer scene: collide's `move_and_slide` over
//! `StaticBodies` (or, as a second line, over a `TileMap` of the same tiles), and rapier2d's `KinematicCharacterController::move_shape` over a
//! `QueryPipeline`, each built once from the same tiles and movers.

use collide::{move_and_slide, Layers, Obstacles, Slide, SlideSettings, StaticBodies, TileMap};
use collide_core::{Pose, Rot, Shape, ShapeRef, DEFAULT_SKIN};
use glam::Vec2;
use parry2d::math::Pose as PeerPose;
use parry2d::query::DefaultQueryDispatcher;
use rapier2d::control::{CharacterLength, KinematicCharacterController};
use rapier2d::dynamics::{IntegrationParameters, RigidBodySet};
use rapier2d::geometry::{BroadPhaseBvh, ColliderBuilder, ColliderSet, SharedShape};
use rapier2d::pipeline::QueryFilter;

use super::scene::{movers, tile, tile_centres, STRIP_TILES, TILE};

/// A surface a call stopped at: where the mover was, and the normal from the mover into
/// what it touched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// The mover's position when it stopped there.
    pub position: Vec2,
    /// Unit normal from the mover into the obstacle.
    pub normal: Vec2,
}

/// A character controller on the platformer scene.
pub trait Controller {
    /// The library's name in reports.
    fn name(&self) -> &'static str;

    /// Moves mover `mover` (an index into [`movers`]) from `position` by `travel` and returns
    /// where it ends. With `touches`, clears it and lists every surface the call stopped at.
    fn step(
        &self,
        mover: usize,
        position: Vec2,
        travel: Vec2,
        touches: Option<&mut Vec<Touch>>,
    ) -> Vec2;
}

/// collide's side: the tiles in a [`StaticBodies`] (or a [`TileMap`], with
/// [`on_tile_map`](Self::on_tile_map)), moved through by [`move_and_slide`].
pub struct CollideSide {
    level: Level,
    movers: Vec<Shape>,
    settings: SlideSettings,
}

/// What collide's side keeps the tiles in.
enum Level {
    Bodies(StaticBodies),
    Tiles(TileMap),
}

impl CollideSide {
    /// The scene's tiles, one static body each, and movers; y grows upwards, the skin is
    /// the default 0.01.
    #[must_use]
    pub fn new() -> Self {
        let mut level = StaticBodies::new();
        for centre in tile_centres() {
            // A tile's pose is finite, so adding it cannot fail.
            let _ = level.add(tile(), Pose::from_position(centre), Layers::ALL);
        }
        level.refresh();
        Self::with_level(Level::Bodies(level))
    }

    /// The same scene with the tiles as the solid cells of one [`TileMap`] (16 MiB: a cell for
    /// every tile of the square the floor and the wall span).
    #[must_use]
    pub fn on_tile_map() -> Self {
        // Cell (x, y) is tile (x - 1, y - 1): the floor is row 0, the wall column 0.
        let side = STRIP_TILES as u32 + 1;
        let map = TileMap::from_fn(side, side, Vec2::splat(TILE), Vec2::splat(-TILE), |x, y| {
            u8::from((y == 0 && x >= 1) || (x == 0 && y >= 1))
        })
        .unwrap_or_else(|_| unreachable!("4 097 cells a side is within a tile map's limits"));
        Self::with_level(Level::Tiles(map))
    }

    fn with_level(level: Level) -> Self {
        Self {
            level,
            movers: movers().into_iter().map(|(_, s)| s).collect(),
            settings: SlideSettings::new(Vec2::Y).with_skin(DEFAULT_SKIN),
        }
    }

    fn slide(&self, shape: ShapeRef<'_>, position: Vec2, travel: Vec2) -> Slide {
        // Each level type by name, not through `dyn Obstacles`: as a game calls it.
        match &self.level {
            Level::Bodies(bodies) => self.slide_through(shape, position, travel, bodies),
            Level::Tiles(map) => self.slide_through(shape, position, travel, map),
        }
    }

    fn slide_through(
        &self,
        shape: ShapeRef<'_>,
        position: Vec2,
        travel: Vec2,
        level: &impl Obstacles,
    ) -> Slide {
        move_and_slide(
            shape,
            Rot::IDENTITY,
            position,
            travel,
            level,
            &self.settings,
        )
    }
}

impl Default for CollideSide {
    fn default() -> Self {
        Self::new()
    }
}

impl Controller for CollideSide {
    fn name(&self) -> &'static str {
        match self.level {
            Level::Bodies(_) => "collide",
            Level::Tiles(_) => "collide-tiles",
        }
    }

    fn step(
        &self,
        mover: usize,
        position: Vec2,
        travel: Vec2,
        touches: Option<&mut Vec<Touch>>,
    ) -> Vec2 {
        let shape = self.movers[mover].as_shape_ref();
        let slide = self.slide(shape, position, travel);
        if let Some(touches) = touches {
            touches.clear();
            touches.extend(slide.contacts().iter().map(|c| Touch {
                position: c.position,
                normal: c.normal,
            }));
        }
        slide.position
    }
}

/// The time step rapier's controller is told (it only scales slope friction, which the
/// scene's flat surfaces never meet).
const DT: f32 = 1.0 / 60.0;

/// rapier2d's side: one cuboid collider per tile (so that rapier meets the same seams) in a
/// `BroadPhaseBvh`, queried through the `QueryPipeline` it hands out, and a
/// `KinematicCharacterController`.
pub struct RapierSide {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
    controller: KinematicCharacterController,
    movers: Vec<SharedShape>,
}

impl RapierSide {
    /// The scene's tiles and movers, with settings as close to collide's as the two APIs
    /// allow (see the body).
    #[must_use]
    pub fn new() -> Self {
        let (bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
        let mut broad_phase = BroadPhaseBvh::new();
        let params = IntegrationParameters::default();
        for centre in tile_centres() {
            let handle = colliders
                .insert(ColliderBuilder::cuboid(TILE / 2.0, TILE / 2.0).translation(centre));
            broad_phase.set_aabb(&params, handle, colliders[handle].compute_aabb());
        }
        let movers = peer_movers();
        let controller = KinematicCharacterController {
            up: Vec2::Y,
            // The same gap as collide's skin, as a length rather than a share of the height.
            offset: CharacterLength::Absolute(DEFAULT_SKIN),
            slide: true,
            // No autostep: collide has none, and rapier calls it expensive.
            autostep: None,
            // 45°, collide's floor angle, for both: no slope on this scene is steeper or
            // gentler than flat or vertical anyway.
            max_slope_climb_angle: core::f32::consts::FRAC_PI_4,
            min_slope_slide_angle: core::f32::consts::FRAC_PI_4,
            // No snapping to the ground: gravity presses the mover into the floor every frame
            // (as in collide's walk), which keeps it on the floor without it; snapping would
            // add a ground query per call that collide does not make.
            snap_to_ground: None,
            ..KinematicCharacterController::default()
        };
        Self {
            bodies,
            colliders,
            broad_phase,
            controller,
            movers,
        }
    }
}

impl Default for RapierSide {
    fn default() -> Self {
        Self::new()
    }
}

impl Controller for RapierSide {
    fn name(&self) -> &'static str {
        "rapier2d"
    }

    fn step(
        &self,
        mover: usize,
        position: Vec2,
        travel: Vec2,
        touches: Option<&mut Vec<Touch>>,
    ) -> Vec2 {
        // The dispatcher rapier's narrow phase uses by default; the pipeline is a handful of
        // references, made per call as a game makes it per frame.
        let queries = self.broad_phase.as_query_pipeline(
            &DefaultQueryDispatcher,
            &self.bodies,
            &self.colliders,
            QueryFilter::default(),
        );
        let shape = &*self.movers[mover];
        let pose = PeerPose::from_translation(position);
        let moved = match touches {
            Some(touches) => {
                touches.clear();
                self.controller
                    .move_shape(DT, &queries, shape, &pose, travel, |c| {
                        touches.push(Touch {
                            position: c.character_pos.translation,
                            // `normal1` is the tile's outward normal, in world space.
                            normal: -c.hit.normal1,
                        });
                    })
            }
            None => self
                .controller
                .move_shape(DT, &queries, shape, &pose, travel, |_| {}),
        };
        position + moved.translation
    }
}

/// The three movers as rapier2d's shapes, in the order of [`movers`], for both its sides.
pub(super) fn peer_movers() -> Vec<SharedShape> {
    movers()
        .into_iter()
        .map(|(_, s)| match s {
            Shape::Circle(c) => SharedShape::ball(c.radius),
            Shape::Rect(r) => SharedShape::cuboid(r.half_extents.x, r.half_extents.y),
            Shape::Hull(h) => SharedShape::convex_polyline(h.vertices().to_vec())
                .unwrap_or_else(|| unreachable!("a regular hexagon is convex")),
        })
        .collect()
}
