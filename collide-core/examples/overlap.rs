//! The tunnelling experiment in a few lines: a shot fired at a 14-unit alien at 60 fps, faster and
//! faster. The plain end-of-frame test starts missing above the tunnelling speed; the swept box
//! never does.
//!
//! Run with `cargo run -p collide-core --example overlap`.

use collide_core::{tunnelling_speed, Aabb};
use glam::Vec2;

fn main() {
    let fps = 60.0;
    let alien = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(7.0, 7.0));
    let shot_half = Vec2::new(0.5, 0.5);
    println!(
        "target 14 units tall at {fps} fps: tunnelling speed {:.0} units/s",
        tunnelling_speed(&alien, 1.0 / fps)
    );
    println!(
        "{:>10} {:>8} {:>14} {:>14}",
        "speed", "shots", "missed plain", "missed swept"
    );
    for speed in [300.0f32, 600.0, 840.0, 900.0, 1_800.0, 6_000.0, 20_000.0] {
        let step = speed / fps;
        let (mut plain_misses, mut swept_misses) = (0, 0);
        let shots = 200;
        for i in 0..shots {
            // Start each shot at a different phase below the alien so every offset is tried.
            let start_y = -200.0 - step * i as f32 / shots as f32;
            let mut y = start_y;
            let (mut plain_hit, mut swept_hit) = (false, false);
            while y < 200.0 {
                let travel = Vec2::new(0.0, step);
                let from = Aabb::new(Vec2::new(0.0, y), shot_half);
                let to = Aabb::new(Vec2::new(0.0, y + step), shot_half);
                plain_hit |= to.overlaps(&alien);
                swept_hit |= from.swept_overlaps(travel, &alien);
                y += step;
            }
            plain_misses += usize::from(!plain_hit);
            swept_misses += usize::from(!swept_hit);
        }
        println!("{speed:>10.0} {shots:>8} {plain_misses:>14} {swept_misses:>14}");
    }
}
