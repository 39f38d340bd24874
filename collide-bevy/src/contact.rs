//! Started and stopped touching, with entities: collide's [`ContactEvents`] of the step's pass
//! (each moving body keyed by its entity) as [`ContactStarted`] and [`ContactStopped`]
//! messages and observer events.
//!
//! [`ContactEvents`]: collide::ContactEvents

use bevy::ecs::entity::Entity;
use bevy::ecs::event::EntityEvent;
use bevy::ecs::message::Message;
use bevy::ecs::prelude::*;
use bevy::ecs::system::SystemParam;
use bevy::math::Vec2;
use collide::{ContactEvent, OtherKey};

use crate::character::Character;
use crate::convert::to_bevy;
use crate::hit::HitTarget;
use crate::level::CollideLevel;
use crate::pass::CollidePass;
use crate::report::{Listeners, ReportSettings};

/// `entity` started touching `other` this step: sent once, however long they then touch.
///
/// A pair touches while the pass hands a hit between them over, or while they stay within a
/// small margin of where they met (see collide's `ContactEvents`): a body resting on a floor or
/// standing in a sensor touches every step without flickering, and one that crosses a coin
/// within a step reports both started and stopped. Sent as a message from the side of the
/// entity collide lists first, and triggered on each entity of the pair. A
/// [`Character`]'s contacts with the level's solid parts are left out (its move holds them);
/// those with the level's sensors are sent.
#[derive(Message, EntityEvent, Clone, Copy, Debug, PartialEq)]
pub struct ContactStarted {
    /// The entity this is seen from.
    #[event_target]
    pub entity: Entity,
    /// What it touches.
    pub other: HitTarget,
    /// Their first hit of the step: where, and the unit normal from `entity` into `other`.
    pub point: Vec2,
    /// The normal at that hit.
    pub normal: Vec2,
    /// Either side is a sensor.
    pub sensor: bool,
}

/// `entity` stopped touching `other` this step: they moved apart, or one of them was
/// despawned, lost its collider or left the pass (a tile of a map despawned, replaced or
/// changed names the cell as that map had it). Sent after every [`ContactStarted`] of the
/// step, oldest pair first. An entity that becomes [`Static`](crate::Static), or stops being
/// static, keeps its contacts: neither a stop nor a new start is sent for them.
#[derive(Message, EntityEvent, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContactStopped {
    /// The entity this is seen from.
    #[event_target]
    pub entity: Entity,
    /// What it touched.
    pub other: HitTarget,
    /// Either side was a sensor.
    pub sensor: bool,
}

/// What the contact report reads besides the pass: the level and the characters in it.
#[derive(SystemParam)]
pub(crate) struct Level<'w, 's> {
    level: Res<'w, CollideLevel>,
    characters: Query<'w, 's, (), With<Character>>,
}

/// Sends the last pass's contact events as messages, and triggers them on their entities when
/// something observes them.
pub(crate) fn report_contacts(
    state: Res<CollidePass>,
    level: Level<'_, '_>,
    settings: Res<ReportSettings>,
    mut started: MessageWriter<ContactStarted>,
    mut stopped: MessageWriter<ContactStopped>,
    listeners: Listeners,
    mut commands: Commands,
) {
    let Level { level, characters } = level;
    let trigger_started = settings.observers && listeners.any::<ContactStarted>();
    let trigger_stopped = settings.observers && listeners.any::<ContactStopped>();
    let events = state.contact_events();
    let went_on = went_on_touching(events, &level);
    for (i, event) in events.iter().enumerate() {
        if went_on.contains(&i) {
            continue;
        }
        let (a, b) = event.pair();
        let other = target(b, &level, !event.is_started());
        let (Some(entity), Some(other)) = (Entity::try_from_bits(a), other) else {
            continue;
        };
        // A character's contacts with the level's solid parts are its move's, as its hits.
        let on_level = matches!(b, OtherKey::Obstacle(id) if !level.is_sensor(id));
        if on_level && characters.contains(entity) {
            continue;
        }
        match *event {
            ContactEvent::Started { impact, sensor, .. } => {
                let seen = ContactStarted {
                    entity,
                    other,
                    point: to_bevy(impact.point),
                    normal: to_bevy(impact.normal),
                    sensor,
                };
                started.write(seen);
                if trigger_started {
                    commands.trigger(seen);
                    if let Some(e) = other.entity() {
                        commands.trigger(ContactStarted {
                            entity: e,
                            other: HitTarget::Entity(entity),
                            normal: -seen.normal,
                            ..seen
                        });
                    }
                }
            }
            ContactEvent::Stopped { sensor, .. } => {
                let seen = ContactStopped {
                    entity,
                    other,
                    sensor,
                };
                stopped.write(seen);
                if trigger_stopped {
                    commands.trigger(seen);
                    if let Some(e) = other.entity() {
                        commands.trigger(ContactStopped {
                            entity: e,
                            other: HitTarget::Entity(entity),
                            sensor,
                        });
                    }
                }
            }
        }
    }
}

/// The events (by index) of the pairs of entities that went on touching under new keys: one of
/// them became static or stopped being static (its pairs are an obstacle's, then a body's, or
/// the other way round), or was put in the level again with a new id. collide sees one pair
/// stop and another start; the entities never stopped touching, so neither is reported. A
/// pair that also stopped under its new keys, or started again under its old ones, within the
/// step keeps its events. Empty (no allocation) unless an entity switched this step.
fn went_on_touching(events: &[ContactEvent], level: &CollideLevel) -> Vec<usize> {
    if !level.any_switched() {
        return Vec::new();
    }
    // The events of switched entities: (index, the two entities' bits in order, keys, started).
    let mut switched = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let (a, b) = event.pair();
        let (Some(entity), Some(HitTarget::Entity(other))) =
            (Entity::try_from_bits(a), target(b, level, false))
        else {
            continue;
        };
        if level.switched(entity) || level.switched(other) {
            let pair = (
                entity.to_bits().min(other.to_bits()),
                entity.to_bits().max(other.to_bits()),
            );
            switched.push((i, pair, (a, b), event.is_started()));
        }
    }
    let has = |keys, started| switched.iter().any(|s| s.2 == keys && s.3 == started);
    let mut went_on = Vec::new();
    for stop in switched.iter().filter(|s| !s.3 && !has(s.2, true)) {
        let start = switched.iter().find(|s| {
            s.3 && s.1 == stop.1 && s.2 != stop.2 && !has(s.2, false) && !went_on.contains(&s.0)
        });
        if let Some(start) = start {
            went_on.extend([stop.0, start.0]);
        }
    }
    went_on
}

/// The entity or tile a contact's second side names: a body by its key (its entity's bits),
/// an obstacle as the level knew it at the pass (a static entity taken out before it, whose
/// pairs stop there, by its own entity even where a new one has its id now; for a pair that
/// `stopped`, a cell of a tile map changed, replaced or removed before it, by that map).
fn target(other: OtherKey, level: &CollideLevel, stopped: bool) -> Option<HitTarget> {
    match other {
        OtherKey::Body(key) => Entity::try_from_bits(key).map(HitTarget::Entity),
        OtherKey::Obstacle(id) => level.contact_target(id, stopped),
    }
}
