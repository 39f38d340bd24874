//! The static world the pass and the characters meet: one [`TileMapCollider`] and the
//! [`Static`] colliders, kept in a [`CollideLevel`] resource that follows their components.

use bevy::ecs::prelude::*;
use bevy::math::Vec2;
use bevy::platform::collections::HashMap;
use bevy::transform::components::Transform;
use collide::{Obstacles, Other, StaticHandle, StaticWorld, TileMap, TILE_IDS};
use collide_core::Pose;

use crate::components::{Collider, CollisionLayers, Sensor, Static};
use crate::convert::{position, rotation, to_collide, CollideVec2};
use crate::hit::HitTarget;

/// A level's tiles as a collider: a byte per cell (see [`TileMap`]), built in code or loaded
/// from an editor's file. The map carries its own origin and cell size; the entity's
/// `Transform` is not read. One tile map is in play at a time: the one added last.
///
/// Changing it (one tile, through `get_mut`) puts the new map in play at the next pass.
#[derive(Component, Clone, Debug)]
pub struct TileMapCollider(pub TileMap);

impl TileMapCollider {
    /// A map drawn as text, first row at the top (see [`TileMap::from_rows`] for the legend).
    ///
    /// # Errors
    /// As [`TileMap::from_rows`].
    pub fn from_rows(rows: &[&str], cell_size: Vec2, origin: Vec2) -> Result<Self, collide::Error> {
        Ok(Self(TileMap::from_rows(
            rows,
            to_collide(cell_size),
            to_collide(origin),
        )?))
    }
}

/// The static world of the pass: the tile map in play and every [`Static`] collider, indexed,
/// with the entities behind their ids. The plugin keeps it in step with the components.
#[derive(Resource, Debug)]
pub struct CollideLevel {
    world: StaticWorld,
    map: Option<Entity>,
    /// The entity of each static body, by its obstacle id.
    owners: Vec<Option<Entity>>,
    /// Each static entity's body and where it stood at the last sync.
    statics: HashMap<Entity, (StaticHandle, CollideVec2)>,
    /// Static entities moved at the last sync: their velocity goes back to zero when they stop.
    moved: Vec<Entity>,
    /// The obstacle ids of static bodies taken out since the last sync, with their entities:
    /// the next pass reports their pairs as stopped, naming these (an id may be reused by a
    /// new static body by then).
    departed: Vec<(u32, Entity)>,
    /// The departed of the step's pass, for its report.
    reported: Vec<(u32, Entity)>,
    /// The entities put in the level by the step's sync (new, or replaced with a new shape).
    arrived: Vec<Entity>,
    /// The tile map in play before it was changed, replaced or removed since the last sync
    /// (its entity and width): the next pass's stopped pairs with its cells name them so.
    departed_map: Option<(Entity, u32)>,
    /// The departed map of the step's pass, for its report.
    reported_map: Option<(Entity, u32)>,
}

impl Default for CollideLevel {
    fn default() -> Self {
        Self {
            world: StaticWorld::new(empty_map()),
            map: None,
            owners: Vec::new(),
            statics: HashMap::default(),
            moved: Vec::new(),
            departed: Vec::new(),
            reported: Vec::new(),
            arrived: Vec::new(),
            departed_map: None,
            reported_map: None,
        }
    }
}

/// A map of one empty cell: the tiles of a level that has none.
fn empty_map() -> TileMap {
    match TileMap::from_fn(1, 1, CollideVec2::ONE, CollideVec2::ZERO, |_, _| 0) {
        Ok(map) => map,
        // A 1×1 map of unit cells at the origin is always valid.
        Err(_) => unreachable!("a one-cell map is valid"),
    }
}

impl CollideLevel {
    /// The static world, as the pass and the characters meet it.
    #[must_use]
    pub fn world(&self) -> &StaticWorld {
        &self.world
    }

    /// What the pass and the characters meet: the static world, or nothing at all while the
    /// level is empty (no tile map in play, no static collider), which spares every body its
    /// look into an empty world.
    #[must_use]
    pub fn obstacles(&self) -> &dyn Obstacles {
        if self.map.is_none() && self.world.bodies.is_empty() {
            &()
        } else {
            &self.world
        }
    }

    /// The entity whose tile map is in play.
    #[must_use]
    pub fn map_entity(&self) -> Option<Entity> {
        self.map
    }

    /// What an obstacle id of the static world stands for; `None` for an id it never gave.
    #[must_use]
    pub fn target(&self, id: u32) -> Option<HitTarget> {
        if let Some(cell) = self.world.tile_cell(id) {
            let map = self.map?;
            return Some(HitTarget::Tile {
                map,
                x: cell.x,
                y: cell.y,
            });
        }
        let owner = self.owners.get(id as usize).copied().flatten()?;
        Some(HitTarget::Entity(owner))
    }

    /// Whether the static world's obstacle `id` is a sensor (a [`Static`] collider with a
    /// [`Sensor`](crate::Sensor)): met, never stopping anything.
    #[must_use]
    pub fn is_sensor(&self, id: u32) -> bool {
        self.world.obstacle(id).is_some_and(|o| o.sensor)
    }

    /// What a pass's `Other` stands for, given the entities of the pass's bodies.
    pub(crate) fn other(&self, other: Other, bodies: &[Entity]) -> Option<HitTarget> {
        match other {
            Other::Body(i) => bodies.get(i).map(|&e| HitTarget::Entity(e)),
            Other::Obstacle(id) => self.target(id),
        }
    }

    /// The entity a contact of the step's pass with obstacle `id` names: the one taken out
    /// of the level before that pass, if it was (its pairs stop in that pass), else what
    /// [`target`](Self::target) says.
    pub(crate) fn contact_target(&self, id: u32, stopped: bool) -> Option<HitTarget> {
        if let (true, Some((map, width)), Some(index)) =
            (stopped, self.reported_map, id.checked_sub(TILE_IDS))
        {
            // A cell of the map in play before the pass, as that map numbered it.
            let (x, y) = (index % width.max(1), index / width.max(1));
            return Some(HitTarget::Tile { map, x, y });
        }
        match self.reported.iter().rev().find(|(gone, _)| *gone == id) {
            Some(&(_, entity)) => Some(HitTarget::Entity(entity)),
            None => self.target(id),
        }
    }

    /// Notes the tile map in play as departed (changed, replaced or removed), once a sync.
    fn take_out_map(&mut self) {
        if let (Some(map), None) = (self.map, self.departed_map) {
            self.departed_map = Some((map, self.world.tiles.width()));
        }
    }

    /// Whether `entity` came into the level or left it for the step's pass (it became or
    /// stopped being static, was despawned, or was put in again with a new shape): its pairs
    /// may have stopped under one obstacle id or body key and started under another.
    pub(crate) fn switched(&self, entity: Entity) -> bool {
        self.arrived.contains(&entity) || self.reported.iter().any(|&(_, e)| e == entity)
    }

    /// Whether any entity [`switched`](Self::switched) for the step's pass.
    pub(crate) fn any_switched(&self) -> bool {
        !(self.arrived.is_empty() && self.reported.is_empty())
    }

    fn remove_static(&mut self, entity: Entity) {
        if let Some((handle, _)) = self.statics.remove(&entity) {
            self.departed.push((handle.id(), entity));
            self.world.bodies.remove(handle);
            if let Some(owner) = self.owners.get_mut(handle.id() as usize) {
                *owner = None;
            }
        }
    }

    fn add_static(
        &mut self,
        entity: Entity,
        collider: &Collider,
        pose: Pose,
        layers: CollisionLayers,
        sensor: bool,
    ) {
        // A collider that is not finite is left out of the level, as collide refuses it; one
        // showing an empty frame is out until it shows a hull.
        let Some(shape) = collider.shape() else {
            return;
        };
        let added = self.world.bodies.add(shape.to_shape(), pose, layers.0);
        if let Ok(handle) = added {
            self.world.bodies.set_sensor(handle, sensor);
            let id = handle.id() as usize;
            if self.owners.len() <= id {
                self.owners.resize(id + 1, None);
            }
            self.owners[id] = Some(entity);
            self.statics.insert(entity, (handle, pose.position));
            self.arrived.push(entity);
        }
    }
}

/// Static colliders whose components changed since the last sync.
type ChangedStatics<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        Ref<'static, Collider>,
        &'static Transform,
        Ref<'static, CollisionLayers>,
        Option<Ref<'static, Sensor>>,
    ),
    (
        With<Static>,
        Or<(
            Changed<Collider>,
            Changed<Transform>,
            Changed<CollisionLayers>,
            Added<Sensor>,
            Added<Static>,
        )>,
    ),
>;

/// Puts the tile map added or changed last in play.
pub(crate) fn sync_tile_map(
    mut level: ResMut<CollideLevel>,
    maps: Query<(Entity, Ref<TileMapCollider>), Changed<TileMapCollider>>,
) {
    for (entity, map) in &maps {
        level.take_out_map();
        level.world.tiles = map.0.clone();
        level.map = Some(entity);
    }
}

/// Adds, moves and replaces the static bodies whose colliders changed; a body moved by its
/// `Transform` moves as a platform, and stops being one at the next sync it stays put. A
/// [`Sensor`] on a static collider counts from when it is added with it or onto it, until it
/// is removed.
pub(crate) fn sync_statics(mut level: ResMut<CollideLevel>, changed: ChangedStatics<'_, '_>) {
    let level = &mut *level;
    level.reported.clear();
    level.arrived.clear();
    level.reported_map = level.departed_map.take();
    let mut still = core::mem::take(&mut level.moved);
    for (entity, collider, transform, layers, sensor) in &changed {
        let pose = Pose::new(position(transform), rotation(transform));
        let known = level.statics.get(&entity).copied();
        let made_sensor = sensor.as_ref().is_some_and(Ref::is_added);
        let reshaped = collider.is_changed() || layers.is_changed() || made_sensor;
        match known {
            Some((handle, was)) if !reshaped => {
                level
                    .world
                    .bodies
                    .move_body(handle, pose, pose.position - was);
                level.statics.insert(entity, (handle, pose.position));
                level.moved.push(entity);
            }
            _ => {
                level.remove_static(entity);
                level.add_static(entity, &collider, pose, *layers, sensor.is_some());
            }
        }
    }
    still.retain(|e| !level.moved.contains(e));
    for entity in still {
        let Some(&(handle, _)) = level.statics.get(&entity) else {
            continue;
        };
        if let Some(pose) = level.world.bodies.get(handle).map(|o| o.pose) {
            level
                .world
                .bodies
                .move_body(handle, pose, CollideVec2::ZERO);
        }
    }
    level.world.bodies.refresh();
    // Those taken out before this step's pass, this sync's replacements among them.
    level.reported.append(&mut level.departed);
}

/// A static collider despawned, or no longer static or a collider: out of the level at once,
/// so no later hit names it.
pub(crate) fn on_static_removed(event: On<Remove, Static>, mut level: ResMut<CollideLevel>) {
    level.remove_static(event.entity);
}

/// A static collider that stops being a sensor blocks again from the next pass.
pub(crate) fn on_sensor_removed(event: On<Remove, Sensor>, mut level: ResMut<CollideLevel>) {
    if let Some(&(handle, _)) = level.statics.get(&event.entity) {
        level.world.bodies.set_sensor(handle, false);
    }
}

/// As [`on_static_removed`], for a static entity that loses its collider.
pub(crate) fn on_collider_removed(event: On<Remove, Collider>, mut level: ResMut<CollideLevel>) {
    level.remove_static(event.entity);
}

/// The tile map in play removed: the level has no tiles until another is added.
pub(crate) fn on_tile_map_removed(
    event: On<Remove, TileMapCollider>,
    mut level: ResMut<CollideLevel>,
) {
    if level.map == Some(event.entity) {
        level.take_out_map();
        level.world.tiles = empty_map();
        level.map = None;
    }
}
