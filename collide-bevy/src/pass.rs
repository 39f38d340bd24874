//! The step's collision pass: every moving collider swept from its [`PreviousPosition`] to
//! its `Transform`, the hits answered by the bodies' [`HitReaction`]s, the outcome written
//! back into `Transform`, [`PreviousPosition`] and [`LastPass`].

use bevy::ecs::prelude::*;
use bevy::transform::components::Transform;
use collide::{
    AnyBroadPhase, Body, CollisionPass, ContactEvent, ContactEvents, Other, PassHit, PassSettings,
    PassStats, Reaction, Response,
};

use collide_core::{Circle, Rot, ShapeRef};

use crate::character::Character;
use crate::components::{
    Collider, CollisionLayers, HitReaction, LastPass, PreviousPosition, Sensor, Static,
};
use crate::convert::{position, rotation, set_position, to_bevy, to_collide};
use crate::level::CollideLevel;
use crate::report::ReportSettings;

/// The shape of a disabled body, which nothing reads.
const NO_SHAPE: ShapeRef<'static> = ShapeRef::Circle(Circle { radius: 0.0 });

/// What the resolver needs to know of each body, in body order.
#[derive(Clone, Copy, Debug)]
struct Role {
    reaction: Reaction,
    sensor: bool,
    character: bool,
}

/// The collision pass and its buffers, kept from step to step so that steady steps allocate
/// nothing; and what the last step found.
#[derive(Resource)]
pub struct CollidePass {
    pass: CollisionPass<AnyBroadPhase>,
    /// Empty between steps: only its room is kept (see [`recycle`]).
    bodies: Vec<Body<'static>>,
    entities: Vec<Entity>,
    roles: Vec<Role>,
    /// The hits handed to the resolver, in the order they were: those a used-up body dropped
    /// are not among them, those met after a turn are.
    resolved: Vec<PassHit>,
    /// Which pairs of entities touch, across steps (each body keyed by its entity's bits).
    events: ContactEvents,
    error: Option<collide::Error>,
}

impl CollidePass {
    /// A pass over `broad_phase` with `settings`.
    #[must_use]
    pub fn new(broad_phase: AnyBroadPhase, settings: PassSettings) -> Self {
        Self {
            pass: CollisionPass::new(broad_phase).with_settings(settings),
            bodies: Vec::new(),
            entities: Vec::new(),
            roles: Vec::new(),
            resolved: Vec::new(),
            events: ContactEvents::new(),
            error: None,
        }
    }

    /// collide's pass itself: its settings, broad phase, last hits (body indices are those of
    /// [`entities`](Self::entities)), turns and outcomes.
    #[must_use]
    pub fn pass(&self) -> &CollisionPass<AnyBroadPhase> {
        &self.pass
    }

    /// The pass, mutably: to change its settings or broad phase between steps.
    pub fn pass_mut(&mut self) -> &mut CollisionPass<AnyBroadPhase> {
        &mut self.pass
    }

    /// The entity of each body of the last step, in the pass's body order.
    #[must_use]
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    /// The last step's hits as they were resolved, in time order (body indices as in
    /// [`entities`](Self::entities)).
    #[must_use]
    pub fn resolved(&self) -> &[PassHit] {
        &self.resolved
    }

    /// The last step's started and stopped touching, by entity bits (a body's key) or obstacle
    /// id: what [`ContactStarted`](crate::ContactStarted) and
    /// [`ContactStopped`](crate::ContactStopped) report with entities.
    #[must_use]
    pub fn contact_events(&self) -> &[ContactEvent] {
        self.events.events()
    }

    /// Whether the last step's body `i` is a [`Character`]'s (its hits on the level are in
    /// its own last move instead).
    pub(crate) fn is_character(&self, i: usize) -> bool {
        self.roles.get(i).is_some_and(|r| r.character)
    }

    /// The figures of the last step's pass.
    #[must_use]
    pub fn stats(&self) -> PassStats {
        self.pass.stats()
    }

    /// Why the last step's pass failed, if it did (more candidate pairs than
    /// [`PassSettings::max_pairs`]): every body then went where its `Transform` said, with
    /// no hit.
    #[must_use]
    pub fn error(&self) -> Option<collide::Error> {
        self.error
    }
}

impl Default for CollidePass {
    fn default() -> Self {
        Self::new(AnyBroadPhase::default(), PassSettings::default())
    }
}

/// An empty vector of bodies of another lifetime, in the same allocation: bodies borrow their
/// shapes from this step's components, and the buffer outlives the step.
fn recycle<'b>(mut bodies: Vec<Body<'_>>) -> Vec<Body<'b>> {
    bodies.clear();
    // An empty in-place collect between two types of one layout keeps the allocation.
    bodies
        .into_iter()
        .map(|_| unreachable!("emptied"))
        .collect()
}

/// The moving bodies and all the pass reads and writes of them.
type Movers<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Collider,
        &'static mut Transform,
        &'static mut PreviousPosition,
        &'static CollisionLayers,
        &'static HitReaction,
        Has<Sensor>,
        Has<Character>,
        &'static mut LastPass,
    ),
    Without<Static>,
>;

/// A collider just added starts its first path where it was spawned, not where the game's
/// first move put it.
pub(crate) fn on_collider_added(
    event: On<Add, Collider>,
    mut bodies: Query<(&Transform, &mut PreviousPosition)>,
) {
    if let Ok((transform, mut previous)) = bodies.get_mut(event.entity) {
        if previous.0.is_none() {
            previous.0 = Some(to_bevy(position(transform)));
        }
    }
}

/// A collider taken off: the body's path ends there, so that one put back on later starts
/// where it is then, not where it was taken off.
pub(crate) fn on_collider_removed(
    event: On<Remove, Collider>,
    mut bodies: Query<&mut PreviousPosition>,
) {
    if let Ok(mut previous) = bodies.get_mut(event.entity) {
        previous.0 = None;
    }
}

/// A static collider that starts moving starts its first path where it stands: the pass
/// never moved it while it was static.
pub(crate) fn on_static_removed(
    event: On<Remove, Static>,
    mut bodies: Query<(&Transform, &mut PreviousPosition)>,
) {
    if let Ok((transform, mut previous)) = bodies.get_mut(event.entity) {
        previous.0 = Some(to_bevy(position(transform)));
    }
}

/// Runs the step's pass over every moving collider and writes where each one ends.
pub(crate) fn run_pass(
    mut state: ResMut<CollidePass>,
    level: Res<CollideLevel>,
    settings: Res<ReportSettings>,
    mut movers: Movers<'_, '_>,
) {
    let state = &mut *state;
    state.resolved.clear();
    let mut bodies = recycle(core::mem::take(&mut state.bodies));
    gather(state, &movers, &mut bodies);
    let (roles, resolved) = (&state.roles, &mut state.resolved);
    let resolve = |hit: &PassHit| {
        resolved.push(*hit);
        respond(roles, hit, |id| level.is_sensor(id))
    };
    let run = if settings.contacts {
        state
            .events
            .run(&mut state.pass, &bodies, level.obstacles(), resolve)
    } else {
        state.events.clear();
        state.pass.run(&bodies, level.obstacles(), resolve)
    };
    state.error = run.err();
    state.bodies = recycle(bodies);
    write_back(state.pass.outcomes(), &mut movers);
}

/// Every moving collider as a body of the pass, swept from its previous position to its
/// `Transform`; its entity and role beside it.
fn gather<'a>(state: &mut CollidePass, movers: &'a Movers<'_, '_>, bodies: &mut Vec<Body<'a>>) {
    let (entities, roles) = (&mut state.entities, &mut state.roles);
    entities.clear();
    roles.clear();
    let movers = movers.iter();
    // Room for all at once: the pushes below then never grow a vector.
    let n = movers.len();
    bodies.reserve(n);
    entities.reserve(n);
    roles.reserve(n);
    for (entity, collider, transform, previous, layers, reaction, sensor, character, _) in movers {
        let end = position(transform);
        // An empty frame of an animated collider: a body out of this pass, with no shape.
        let (shape, enabled) = match collider.shape() {
            Some(shape) => (shape, true),
            None => (NO_SHAPE, false),
        };
        bodies.push(Body {
            shape,
            // A path from a position that was not finite is no path: met where it stands.
            start: previous
                .0
                .map(to_collide)
                .filter(|p| p.is_finite())
                .unwrap_or(end),
            end,
            // Circles and rects ignore rotation: only a hull reads the `Transform`'s.
            rotation: match shape {
                ShapeRef::Hull(_) => rotation(transform),
                _ => Rot::IDENTITY,
            },
            layers: layers.0,
            enabled,
            key: entity.to_bits(),
            sensor,
        });
        entities.push(entity);
        roles.push(Role {
            reaction: reaction.0,
            sensor,
            character,
        });
    }
}

/// Each body's outcome into its components, in the order [`gather`] read them (the same
/// query, unchanged in between).
fn write_back(outcomes: &[collide::Outcome], movers: &mut Movers<'_, '_>) {
    let movers = movers.iter_mut();
    if outcomes.len() != movers.len() {
        // The pass failed: every body went where its `Transform` said.
        for (.., transform, mut previous, _, _, _, _, _) in movers {
            previous.set_if_neq(PreviousPosition(Some(to_bevy(position(&transform)))));
        }
        return;
    }
    // `for_each`, not `for`: Bevy's fold walks each table in a tight loop of its own.
    let mut outcomes = outcomes.iter();
    movers.for_each(|(.., mut transform, mut previous, _, _, _, _, mut last)| {
        // As many outcomes as bodies, checked above.
        let Some(outcome) = outcomes.next() else {
            return;
        };
        last.set_if_neq(LastPass::from_outcome(outcome));
        if outcome.turns > 0 {
            set_position(&mut transform, outcome.position);
        }
        previous.set_if_neq(PreviousPosition(Some(to_bevy(outcome.position))));
    });
}

/// The two bodies' reactions to a hit: a sensor on either side (a moving body's, or the
/// static world's obstacle `is_sensor` names), or a character (moved by its controller, not
/// by hits), carries on.
fn respond(roles: &[Role], hit: &PassHit, is_sensor: impl Fn(u32) -> bool) -> Response {
    let react = |r: &Role| {
        if r.sensor || r.character {
            Reaction::Carry
        } else {
            r.reaction
        }
    };
    let a = &roles[hit.a];
    match hit.b {
        Other::Body(b) => {
            let b = &roles[b];
            if a.sensor || b.sensor {
                Response::CARRY
            } else {
                Response {
                    a: react(a),
                    b: react(b),
                }
            }
        }
        Other::Obstacle(id) if is_sensor(id) => Response::CARRY,
        Other::Obstacle(_) => Response::a(react(a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::CollideVec2 as Vec2;
    use collide_core::Circle;

    #[test]
    fn recycling_keeps_the_allocation() {
        let circle = Circle { radius: 1.0 };
        let mut bodies: Vec<Body<'_>> = Vec::with_capacity(64);
        bodies.push(Body::stationary(circle, Vec2::ZERO));
        let (ptr, capacity) = (bodies.as_ptr().cast::<u8>(), bodies.capacity());
        let kept: Vec<Body<'static>> = recycle(bodies);
        assert!(kept.is_empty());
        assert_eq!(kept.capacity(), capacity);
        assert_eq!(kept.as_ptr().cast::<u8>(), ptr);
    }

    #[test]
    fn sensors_and_characters_never_turn() {
        let role = |reaction, sensor, character| Role {
            reaction,
            sensor,
            character,
        };
        let stop = Reaction::Stop;
        let roles = [
            role(stop, false, false),
            role(stop, true, false),
            role(stop, false, true),
        ];
        let hit = |a, b| PassHit {
            a,
            b,
            impact: collide_core::Impact {
                t: 0.0,
                point: Vec2::ZERO,
                normal: Vec2::X,
            },
            contact: None,
            by_sweep: false,
            sensor: false,
        };
        let solid = |_| false;
        let answer = |a, b| respond(&roles, &hit(a, b), solid);
        assert_eq!(answer(0, Other::Body(1)), Response::CARRY);
        assert_eq!(answer(0, Other::Body(2)), Response::a(stop));
        assert_eq!(answer(2, Other::Obstacle(0)), Response::CARRY);
        assert_eq!(answer(0, Other::Obstacle(0)), Response::a(stop));
        let coin = |id| id == 7;
        assert_eq!(
            respond(&roles, &hit(0, Other::Obstacle(7)), coin),
            Response::CARRY
        );
    }
}
