//! Contact events and sensors: a runner dashes through coins (sensor obstacles) onto a
//! pressure plate (a sensor body), where a crate stops it, its speed rising to 400 units a
//! frame, so that several coins are crossed within a single frame. Every body
//! carries the game's key; `ContactEvents` says what started and stopped touching, each frame,
//! with no set of last frame's contacts kept by hand. Prints what happens.
//!
//! ```text
//! cargo run --example events
//! ```

use collide::{
    Body, CollisionPass, ContactEvent, ContactEvents, Obstacle, OtherKey, Reaction, Response,
};
use collide_core::{Circle, Pose, Rect};
use glam::Vec2;

const RUNNER: u64 = 1;
const PLATE: u64 = 2;
const CRATE: u64 = 3;
/// The coins' obstacle ids: one to ten.
const COINS: u32 = 10;

fn main() -> Result<(), collide::Error> {
    let coin = Circle { radius: 3.0 };
    let coins: Vec<Obstacle<'_>> = (1..=COINS)
        .map(|id| {
            let at = Vec2::new(150.0 * id as f32, 8.0);
            Obstacle::new(id, coin, Pose::from_position(at)).with_sensor(true)
        })
        .collect();
    let runner = Rect {
        half_extents: Vec2::splat(6.0),
    };
    let plate = Rect {
        half_extents: Vec2::new(30.0, 2.0),
    };
    let crate_box = Rect {
        half_extents: Vec2::splat(10.0),
    };
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    let (mut at, mut speed) = (Vec2::new(0.0, 8.0), 10.0);
    let (mut collected, mut door_open) = (Vec::new(), false);
    for frame in 0..40 {
        let bodies = [
            Body::new(runner, at, at + Vec2::new(speed, 0.0)).with_key(RUNNER),
            Body::stationary(plate, Vec2::new(1_700.0, 4.0))
                .with_sensor(true)
                .with_key(PLATE),
            Body::stationary(crate_box, Vec2::new(1_740.0, 12.0)).with_key(CRATE),
        ];
        // Stop at whatever is hit: the sensors (coins, plate) never stop the runner anyway.
        events.run(&mut pass, &bodies, &coins[..], |_| {
            Response::a(Reaction::Stop)
        })?;
        for event in events.events() {
            match *event {
                ContactEvent::Started { b, impact, .. } => {
                    if let OtherKey::Obstacle(id) = b {
                        collected.push(id);
                    }
                    println!("frame {frame:2}: runner meets {b:?} at t = {:.2}", impact.t);
                }
                ContactEvent::Stopped { b, .. } => println!("frame {frame:2}: runner leaves {b:?}"),
            }
        }
        // The door follows the plate: open while the runner stands on it, every frame.
        let open = events.is_touching(RUNNER, OtherKey::Body(PLATE));
        if open != door_open {
            door_open = open;
            println!(
                "frame {frame:2}: the door is {}",
                if open { "open" } else { "shut" }
            );
        }
        at = pass.outcomes()[0].position;
        speed = (speed * 1.5_f32).min(400.0);
    }
    collected.sort_unstable();
    println!("coins collected: {collected:?}");
    assert_eq!(collected, (1..=COINS).collect::<Vec<_>>(), "every coin");
    assert!(
        events.is_touching(RUNNER, OtherKey::Body(CRATE)),
        "against the crate"
    );
    assert!(door_open, "standing on the plate");
    Ok(())
}
