//! A shooter's laser: a ship at the bottom of the field sweeps its laser across a crowd of
//! drifting enemies and destroys the first one the beam meets, every frame. The laser starts
//! inside the ship, so its filter leaves the ship out; destroyed enemies stay in the bodies
//! slice as they are and a predicate leaves them out; a coin floats among the enemies as a
//! sensor, which the beam goes through. Prints what the laser destroys.
//!
//! ```text
//! cargo run --example laser
//! ```

use std::cell::RefCell;

use collide::{cast_ray_static, Body, CollisionPass, Hitscan, Obstacle, QueryFilter};
use collide_core::{Circle, Hull, Layers, Pose, Rot};
use glam::Vec2;

const SHIP_LAYER: u32 = 1;
const ENEMY_LAYER: u32 = 2;
const FRAMES: usize = 120;

#[allow(clippy::disallowed_methods)] // the game's own motion, not the library's arithmetic
fn main() -> Result<(), collide::Error> {
    let ship = Hull::regular(3, 8.0)?;
    let enemy = Circle { radius: 6.0 };
    let beam = Layers::on(SHIP_LAYER).with_mask(SHIP_LAYER | ENEMY_LAYER);
    let mut enemies: Vec<Vec2> = (0..40)
        .map(|i| {
            Vec2::new(
                12.0 + 15.0 * (i % 20) as f32,
                150.0 + 30.0 * (i / 20) as f32,
            )
        })
        .collect();
    // Which enemies the laser destroyed: they stay in the bodies, and the filter leaves them out.
    let destroyed = RefCell::new(vec![false; enemies.len()]);
    let coin = [Obstacle::new(
        100,
        Circle { radius: 4.0 },
        Pose::from_position(Vec2::new(160.0, 120.0)),
    )
    .with_sensor(true)];

    let mut pass = CollisionPass::default();
    let mut hitscan = Hitscan::new();
    let mut bodies = Vec::new();
    let (mut kills, mut misses, mut coin_crossed) = (0, 0, 0);
    for frame in 0..FRAMES {
        let t = frame as f32;
        let at = Vec2::new(160.0, 20.0);
        for (i, e) in enemies.iter_mut().enumerate() {
            e.x += (t * 0.05 + i as f32).sin() * 0.5;
        }
        // Body 0 is the ship; the enemies follow, enemy i as body i + 1.
        bodies.clear();
        bodies.push(
            Body::stationary(&ship, at)
                .with_rotation(Rot::from_angle(std::f32::consts::FRAC_PI_2))
                .with_layers(Layers::on(SHIP_LAYER).with_mask(ENEMY_LAYER)),
        );
        bodies.extend(
            enemies
                .iter()
                .map(|&e| Body::stationary(enemy, e).with_layers(Layers::on(ENEMY_LAYER))),
        );
        pass.detect(&bodies, &())?;

        // The beam sweeps from left to right and back, starting at the ship's centre.
        let aim = Vec2::from_angle(1.2 + 0.75 * (t * 0.08).sin());
        let to = at + aim * 400.0;
        let alive = |id: u32| !destroyed.borrow()[id as usize - 1];
        let shooter = [0];
        let filter = QueryFilter::new(beam)
            .excluding(&shooter)
            .with_predicate(&alive);
        let hit = hitscan.cast_ray(pass.broad_phase(), &bodies, at, to, filter);
        // Sensors take part in a query only where its filter includes them.
        assert!(cast_ray_static(&coin[..], at, to, beam).is_none());
        let through_coin = QueryFilter::new(beam).with_sensors(true);
        coin_crossed += usize::from(cast_ray_static(&coin[..], at, to, through_coin).is_some());
        match hit {
            Some(h) => {
                assert_ne!(h.id, 0, "the filter leaves the ship out");
                destroyed.borrow_mut()[h.id as usize - 1] = true;
                kills += 1;
                println!(
                    "frame {frame:3}: enemy {:2} destroyed at {:.1}",
                    h.id - 1,
                    h.impact.point
                );
            }
            None => misses += 1,
        }
    }
    println!(
        "{kills} enemies destroyed, {misses} frames missed, the coin crossed {coin_crossed} times"
    );
    println!("the beam never stopped at its own ship or at the coin");
    Ok(())
}
