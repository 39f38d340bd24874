//! rapier2d's side of the platformer level: `KinematicCharacterController::move_shape` with
//! snapping to the ground, autostep and its slope angles on, over one collider per piece
//! (cuboids for boxes, convex hulls for ramps) and a kinematic body for the lift.
//!
//! rapier has no one-way platforms: this side marks theirs (`user_data` 1) and leaves them out
//! of a call's queries through the `QueryFilter` predicate unless the mover comes down onto
//! them from above ([`one_way_blocks`]: the rule of collide's `move_and_slide` line, and of
//! collide's own one-way platforms give or take a slop of 0.05). The controller does not carry
//! a mover on a moving platform either: the game moves a mover that stood on the lift with it
//! (as a rider) before its own move, which this side does, as the `move_and_slide` line does.

use glam::Vec2;
use parry2d::math::Pose as PeerPose;
use parry2d::query::DefaultQueryDispatcher;
use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::dynamics::{IntegrationParameters, RigidBodyBuilder, RigidBodyHandle, RigidBodySet};
use rapier2d::geometry::{
    BroadPhaseBvh, Collider, ColliderBuilder, ColliderHandle, ColliderSet, SharedShape,
};
use rapier2d::pipeline::QueryFilter;

use super::platformer::{pieces, Kind, Lift, Outline, FLOOR_ANGLE, MAX_STEP, SNAP};
use super::platformer_sides::{one_way_blocks, reach_down, Moved, Platformer};
use super::sides::{peer_movers, Touch};
use collide_core::DEFAULT_SKIN;

/// The time step rapier's controller is told (it scales its slope friction).
const DT: f32 = 1.0 / 60.0;

/// `user_data` of a one-way platform's collider.
const ONE_WAY: u128 = 1;

/// rapier2d's side: the level's colliders in a `BroadPhaseBvh`, queried through the
/// `QueryPipeline` it hands out, and a `KinematicCharacterController`.
pub struct RapierPlatformer {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
    params: IntegrationParameters,
    controller: KinematicCharacterController,
    lift_body: RigidBodyHandle,
    lift_collider: ColliderHandle,
    lift_velocity: Vec2,
    movers: Vec<SharedShape>,
    mover: usize,
    position: Vec2,
    on_lift: bool,
}

/// A collider of a piece's outline, at the piece's centre.
fn collider(outline: Outline, centre: Vec2, local: &[Vec2]) -> ColliderBuilder {
    let builder = match outline {
        Outline::Box { min, max } => {
            ColliderBuilder::cuboid((max.x - min.x) / 2.0, (max.y - min.y) / 2.0)
        }
        Outline::Ramp(_) => ColliderBuilder::convex_hull(local)
            .unwrap_or_else(|| unreachable!("a ramp is a proper triangle")),
    };
    builder.translation(centre)
}

impl RapierPlatformer {
    /// The level's pieces and lift, and rapier's controller with snapping, autostep and the
    /// slope angles set as collide's are (see the body).
    #[must_use]
    pub fn new() -> Self {
        let (mut bodies, mut colliders) = (RigidBodySet::new(), ColliderSet::new());
        let mut broad_phase = BroadPhaseBvh::new();
        let params = IntegrationParameters::default();
        for piece in pieces() {
            let user_data = if piece.kind == Kind::OneWay {
                ONE_WAY
            } else {
                0
            };
            let builder = collider(piece.outline, piece.centre(), &piece.local_corners());
            let handle = colliders.insert(builder.user_data(user_data));
            broad_phase.set_aabb(&params, handle, colliders[handle].compute_aabb());
        }
        let lift_body = bodies
            .insert(RigidBodyBuilder::kinematic_position_based().translation(Lift::centre(0)));
        let half = Lift::HALF_EXTENTS;
        let lift_collider = colliders.insert_with_parent(
            ColliderBuilder::cuboid(half.x, half.y),
            lift_body,
            &mut bodies,
        );
        broad_phase.set_aabb(
            &params,
            lift_collider,
            colliders[lift_collider].compute_aabb(),
        );
        let movers = peer_movers();
        let controller = KinematicCharacterController {
            up: Vec2::Y,
            // The same gap as collide's skin, as a length rather than a share of the height.
            offset: CharacterLength::Absolute(DEFAULT_SKIN),
            slide: true,
            autostep: Some(CharacterAutostep {
                max_height: CharacterLength::Absolute(MAX_STEP),
                include_dynamic_bodies: false,
                ..CharacterAutostep::default()
            }),
            // Both ramps are floors to climb, and neither is steep enough to slide down.
            max_slope_climb_angle: FLOOR_ANGLE,
            min_slope_slide_angle: FLOOR_ANGLE,
            snap_to_ground: Some(CharacterLength::Absolute(SNAP)),
            ..KinematicCharacterController::default()
        };
        Self {
            bodies,
            colliders,
            broad_phase,
            params,
            controller,
            lift_body,
            lift_collider,
            lift_velocity: Lift::velocity(0),
            movers,
            mover: 0,
            position: Vec2::ZERO,
            on_lift: false,
        }
    }
}

impl Default for RapierPlatformer {
    fn default() -> Self {
        Self::new()
    }
}

impl Platformer for RapierPlatformer {
    fn name(&self) -> &'static str {
        "rapier2d"
    }

    fn place(&mut self, mover: usize, position: Vec2) {
        if (mover, position) != (self.mover, self.position) {
            (self.mover, self.position, self.on_lift) = (mover, position, false);
        }
    }

    fn set_lift(&mut self, frame: usize) {
        // The kinematic body goes where the lift is, its collider follows, and the broad
        // phase learns its new box: what rapier's pipeline step would do for it.
        if let Some(body) = self.bodies.get_mut(self.lift_body) {
            body.set_translation(Lift::centre(frame + 1), true);
        }
        self.bodies
            .propagate_modified_body_positions_to_colliders(&mut self.colliders);
        let aabb = self.colliders[self.lift_collider].compute_aabb();
        self.broad_phase
            .set_aabb(&self.params, self.lift_collider, aabb);
        self.lift_velocity = Lift::velocity(frame);
    }

    #[allow(clippy::disallowed_methods)] // the benchmark's inputs, not the library's arithmetic
    fn step(&mut self, travel: Vec2, touches: Option<&mut Vec<Touch>>) -> Moved {
        // The game carries a mover that stood on the lift with it, as a rider (the lift has
        // already moved this frame), then moves it by its own travel.
        if self.on_lift {
            self.position += self.lift_velocity;
        }
        let bottom = self.position.y - reach_down(self.mover);
        let blocks = |_: ColliderHandle, c: &Collider| {
            c.user_data != ONE_WAY || one_way_blocks(c.compute_aabb().maxs.y, bottom, travel)
        };
        let queries = self.broad_phase.as_query_pipeline(
            &DefaultQueryDispatcher,
            &self.bodies,
            &self.colliders,
            QueryFilter::default().predicate(&blocks),
        );
        let shape = &*self.movers[self.mover];
        let pose = PeerPose::from_translation(self.position);
        let (lift, floor_cos) = (self.lift_collider, FLOOR_ANGLE.cos());
        let mut on_lift = false;
        let mut list = touches;
        if let Some(list) = list.as_deref_mut() {
            list.clear();
        }
        let moved = self
            .controller
            .move_shape(DT, &queries, shape, &pose, travel, |c| {
                // `normal1` is the collider's outward normal, in world space.
                let normal = -c.hit.normal1;
                on_lift |= c.handle == lift && -normal.y >= floor_cos;
                if let Some(list) = list.as_deref_mut() {
                    list.push(Touch {
                        position: c.character_pos.translation,
                        normal,
                    });
                }
            });
        self.position += moved.translation;
        self.on_lift = on_lift;
        Moved {
            position: self.position,
            on_floor: moved.grounded,
            on_lift,
        }
    }
}
