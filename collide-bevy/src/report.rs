//! The step's hits handed to the game: as [`CollisionHit`] messages, as observer events on
//! each entity of a hit, and in each entity's [`Hits`].

use bevy::ecs::event::EventKey;
use bevy::ecs::prelude::*;
use bevy::ecs::system::SystemParam;

use crate::components::Hits;
use crate::contact::{ContactStarted, ContactStopped};
use crate::convert::to_bevy;
use crate::hit::CollisionHit;
use crate::level::CollideLevel;
use crate::pass::CollidePass;

/// How the plugin reports hits (see [`CollidePlugin`](crate::CollidePlugin)).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportSettings {
    /// Trigger each hit as an observer event on both its entities (`true` unless turned off:
    /// a game that only reads messages saves the commands).
    pub observers: bool,
    /// Follow which pairs touch from step to step, for [`ContactStarted`] and
    /// [`ContactStopped`] (`true` unless turned off: about a tenth of a crowded step).
    pub contacts: bool,
}

impl Default for ReportSettings {
    fn default() -> Self {
        Self {
            observers: true,
            contacts: true,
        }
    }
}

/// The keys Bevy files observers of the plugin's events under: with no observer holding an
/// event's key, that event is not triggered (thousands of commands a step that nothing would
/// hear).
#[derive(Resource, Clone, Copy, Debug)]
pub(crate) struct EventKeys {
    pub(crate) hit: EventKey,
    pub(crate) started: EventKey,
    pub(crate) stopped: EventKey,
}

/// What the plugin triggers, each filed under its key in [`EventKeys`].
pub(crate) trait Reported {
    fn key(keys: &EventKeys) -> EventKey;
}

impl Reported for CollisionHit {
    fn key(keys: &EventKeys) -> EventKey {
        keys.hit
    }
}

impl Reported for ContactStarted {
    fn key(keys: &EventKeys) -> EventKey {
        keys.started
    }
}

impl Reported for ContactStopped {
    fn key(keys: &EventKeys) -> EventKey {
        keys.stopped
    }
}

/// Whether anything observes one of the plugin's events now: the observers in the world, and
/// the event's key among theirs.
#[derive(SystemParam)]
pub(crate) struct Listeners<'w, 's> {
    observers: Query<'w, 's, &'static Observer>,
    keys: Res<'w, EventKeys>,
}

impl Listeners<'_, '_> {
    pub(crate) fn any<E: Reported>(&self) -> bool {
        let key = E::key(&self.keys);
        self.observers
            .iter()
            .any(|o| o.descriptor().event_keys().contains(&key))
    }
}

/// Sends the last pass's hits, from the first body's side, and files them in [`Hits`].
///
/// Hits of a [`Character`](crate::Character) on the level's solid parts are left out: its
/// controller met the level already, and its last move holds those contacts. Its hits on the
/// level's sensors are reported as any body's.
pub(crate) fn report_hits(
    state: Res<CollidePass>,
    level: Res<CollideLevel>,
    settings: Res<ReportSettings>,
    mut messages: MessageWriter<CollisionHit>,
    mut hits: Query<&mut Hits>,
    listeners: Listeners,
    mut commands: Commands,
) {
    clear_hits(&mut hits);
    // No entity keeps its hits (a shmup's thousands of bullets): no lookup per hit.
    let keeping = !hits.is_empty();
    let triggering = settings.observers && listeners.any::<CollisionHit>();
    let entities = state.entities();
    for hit in state.resolved() {
        let on_level = hit.b.obstacle().is_some_and(|id| !level.is_sensor(id));
        if on_level && state.is_character(hit.a) {
            continue;
        }
        let Some(other) = level.other(hit.b, entities) else {
            continue;
        };
        let seen = CollisionHit {
            entity: entities[hit.a],
            other,
            t: hit.impact.t,
            point: to_bevy(hit.impact.point),
            normal: to_bevy(hit.impact.normal),
            by_sweep: hit.by_sweep,
        };
        messages.write(seen);
        let kept = keeping.then_some(&mut hits);
        file(seen, kept, triggering.then_some(&mut commands));
    }
}

/// Last pass's hits out of every entity's [`Hits`].
fn clear_hits(hits: &mut Query<&mut Hits>) {
    for mut kept in hits {
        if !kept.0.is_empty() {
            kept.0.clear();
        }
    }
}

/// A hit into the [`Hits`] of each of its entities that has one (when `hits` are given), and
/// triggered on each (when `observers` are given the commands to do it).
fn file(
    seen: CollisionHit,
    mut hits: Option<&mut Query<&mut Hits>>,
    mut observers: Option<&mut Commands>,
) {
    for side in [Some(seen), seen.flipped()].into_iter().flatten() {
        if let Some(Ok(mut kept)) = hits.as_deref_mut().map(|h| h.get_mut(side.entity)) {
            kept.0.push(side);
        }
        if let Some(commands) = observers.as_deref_mut() {
            commands.trigger(side);
        }
    }
}
