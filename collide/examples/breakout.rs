//! Breakout on the collision pass: a ball bounces off walls, a paddle and bricks (which break),
//! and speeds up every frame, to thousands of units per frame, without ever leaving the field
//! or passing through a brick. Prints what happens.
//!
//! ```text
//! cargo run --example breakout
//! ```

use collide::{Body, CollisionPass, PassSettings, Reaction, Response};
use collide_core::{Circle, Rect};
use glam::Vec2;

/// The field, in units (y up).
const FIELD: Vec2 = Vec2::new(320.0, 240.0);
const BALL: Circle = Circle { radius: 4.0 };
const BRICK: Rect = Rect {
    half_extents: Vec2::new(14.0, 5.0),
};
const PADDLE: Rect = Rect {
    half_extents: Vec2::new(24.0, 4.0),
};
const FRAMES: usize = 600;

#[allow(clippy::disallowed_methods)] // the game's own motion, not the library's arithmetic
fn main() -> Result<(), collide::Error> {
    let walls = walls();
    let mut bricks: Vec<Vec2> = (0..5)
        .flat_map(|row| {
            (0..10).map(move |col| Vec2::new(20.0 + 31.0 * col as f32, 150.0 + 12.0 * row as f32))
        })
        .collect();
    let (mut ball, mut velocity) = (Vec2::new(160.0, 40.0), Vec2::new(2.5, 3.0));
    let mut paddle = Vec2::new(160.0, 20.0);
    let mut pass =
        CollisionPass::default().with_settings(PassSettings::default().with_max_turns(64));
    let (mut broken, mut bounces) = (0, 0);
    for frame in 0..FRAMES {
        // The paddle sways from side to side; the ball gets 1.2 % faster every frame.
        let paddle_next = Vec2::new(160.0 + 120.0 * (frame as f32 * 0.05).sin(), 20.0);
        velocity *= 1.012;
        // Bodies: the ball, the paddle, the walls, then the bricks still standing.
        let mut bodies = vec![
            Body::new(BALL, ball, ball + velocity),
            Body::new(PADDLE, paddle, paddle_next),
        ];
        bodies.extend(walls.iter().map(|&(r, at)| Body::stationary(r, at)));
        bodies.extend(bricks.iter().map(|&at| Body::stationary(BRICK, at)));
        let first_brick = 2 + walls.len();
        let mut hit_bricks = Vec::new();
        pass.run(&bodies, &(), |hit| {
            if hit.a != 0 {
                return Response::CARRY; // the paddle sliding past a wall
            }
            bounces += 1;
            let bounce = Reaction::Bounce { restitution: 1.0 };
            if let Some(brick) = hit.b.body().and_then(|b| b.checked_sub(first_brick)) {
                hit_bricks.push(brick);
                Response {
                    a: bounce,
                    b: Reaction::Used,
                }
            } else {
                Response::a(bounce)
            }
        })?;
        // Where the ball ends the frame, and how it moves on: the pass's outcome for body 0.
        let end = pass.outcomes()[0];
        (ball, velocity) = (end.position, end.velocity);
        paddle = paddle_next;
        hit_bricks.sort_unstable();
        for &i in hit_bricks.iter().rev() {
            bricks.swap_remove(i);
            broken += 1;
        }
        let inside = ball.cmpgt(Vec2::ZERO).all() && ball.cmplt(FIELD).all();
        assert!(inside, "frame {frame}: the ball left the field at {ball}");
        if frame % 50 == 0 || frame + 1 == FRAMES {
            println!(
                "frame {frame:>3}: ball at ({:>6.1}, {:>6.1}), {:>7.1} units/frame, {:>2} bounces this frame, {broken:>2} bricks broken",
                ball.x,
                ball.y,
                velocity.length(),
                pass.outcomes()[0].turns,
            );
        }
    }
    println!("{bounces} bounces in {FRAMES} frames; the ball never left the field.");
    Ok(())
}

/// Four walls 100 units thick around the field, meeting edge to edge at the corners.
fn walls() -> [(Rect, Vec2); 4] {
    let (w, h, t) = (FIELD.x, FIELD.y, 100.0);
    let across = Rect {
        half_extents: Vec2::new(w / 2.0, t / 2.0),
    };
    let up = Rect {
        half_extents: Vec2::new(t / 2.0, h / 2.0 + t),
    };
    [
        (across, Vec2::new(w / 2.0, -t / 2.0)),
        (across, Vec2::new(w / 2.0, h + t / 2.0)),
        (up, Vec2::new(-t / 2.0, h / 2.0)),
        (up, Vec2::new(w + t / 2.0, h / 2.0)),
    ]
}
