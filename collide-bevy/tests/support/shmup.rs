//! The shmup benchmark scene of `collide-scene` run through the plugin: one entity per object
//! of a [`Scene`], moved by the scene's own step, so that the plugin meets exactly the bodies
//! `FrameRunner` builds. Shared by the equality test and the bench.

// The bench uses less of it than the test.
#![allow(dead_code)]

use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use collide_bevy::convert::{to_bevy, to_collide};
use collide_bevy::prelude::*;
use collide_bevy::CollidePass;
use collide_scene::{Palette, Role, Scene, SceneConfig, BULLET_SPEED};

/// The schedule one frame of the scene runs in: the scene's step, then the plugin.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame;

/// Which object of the scene an entity is.
#[derive(Component, Clone, Copy, Debug)]
pub struct ObjectIndex(pub usize);

/// The scene every entity's motion comes from.
#[derive(Resource)]
pub struct Shmup {
    /// The scene, stepped at the start of each frame.
    pub scene: Scene,
    /// The entity of each object, in the scene's order.
    pub entities: Vec<Entity>,
}

/// An app running the scene `config` through the plugin, bullets bouncing or not, one frame
/// per `run_schedule(Frame)`.
pub fn shmup_app(config: &SceneConfig, bounces: bool, observers: bool) -> App {
    let mut app = App::new();
    app.add_plugins(CollidePlugin::in_schedule(Frame).with_observers(observers))
        .init_resource::<Time>()
        .add_systems(Frame, move_scene.before(CollideSystems::Level))
        .add_systems(Frame, clear_messages.after(CollideSystems::Report));
    if bounces {
        app.add_systems(Frame, follow_bounces.after(CollideSystems::Pass));
    }
    let scene = Scene::new(config);
    let palette = Palette::standard();
    let mut entities = Vec::with_capacity(scene.objects().len());
    for (i, o) in scene.objects().iter().enumerate() {
        let shape = match palette.shape(o.slot) {
            collide_bevy::collide::ShapeRef::Circle(c) => Collider::from_shape(c),
            collide_bevy::collide::ShapeRef::Rect(r) => Collider::from_shape(r),
            collide_bevy::collide::ShapeRef::Hull(h) => Collider::from_shape(*h),
        };
        let reaction = match (o.role, bounces) {
            (Role::Bullet, true) => Reaction::Bounce { restitution: 1.0 },
            _ => Reaction::Carry,
        };
        let p = to_bevy(o.position);
        let entity = app.world_mut().spawn((
            shape,
            Transform::from_xyz(p.x, p.y, 0.0),
            PreviousPosition(Some(p)),
            CollisionLayers(o.layers),
            HitReaction(reaction),
            ObjectIndex(i),
        ));
        entities.push(entity.id());
    }
    app.insert_resource(Shmup { scene, entities });
    app
}

/// The scene's step, its objects' new places written into their entities; a wrap around the
/// field moves the previous position too (a teleport that keeps the path).
fn move_scene(
    mut shmup: ResMut<Shmup>,
    mut bodies: Query<(&ObjectIndex, &mut Transform, &mut PreviousPosition)>,
) {
    shmup.scene.step();
    place(shmup.scene.objects(), &mut bodies);
}

fn place(
    objects: &[collide_scene::Object],
    bodies: &mut Query<(&ObjectIndex, &mut Transform, &mut PreviousPosition)>,
) {
    for (index, mut transform, mut previous) in bodies {
        let o = &objects[index.0];
        let p = to_bevy(o.position);
        transform.translation.x = p.x;
        transform.translation.y = p.y;
        let was = to_bevy(o.previous);
        if previous.0 != Some(was) {
            previous.0 = Some(was);
        }
    }
}

/// A bullet that bounced goes on at its one speed, as `FrameRunner`'s do.
fn follow_bounces(mut shmup: ResMut<Shmup>, bodies: Query<(&ObjectIndex, &LastPass, &Transform)>) {
    for (index, last, transform) in &bodies {
        if last.turns > 0 {
            let velocity = to_collide(last.travel).normalize_or_zero() * BULLET_SPEED;
            shmup.scene.redirect(
                index.0,
                to_collide(transform.translation.truncate()),
                velocity,
            );
        }
    }
}

/// Outside `App::update` no one turns the message buffers over: the frame does, for every
/// message the plugin sends, as a game's `First` schedule would. (Left alone, the contact
/// messages would pile up for ever, and the plugin's frames pay for the growing buffers.)
fn clear_messages(
    mut hits: ResMut<Messages<CollisionHit>>,
    mut started: ResMut<Messages<ContactStarted>>,
    mut stopped: ResMut<Messages<ContactStopped>>,
) {
    hits.update();
    started.update();
    stopped.update();
}

/// The pass the plugin ran last frame.
pub fn pass(app: &App) -> &CollidePass {
    app.world().resource::<CollidePass>()
}
