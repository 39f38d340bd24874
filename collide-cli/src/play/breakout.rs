//! Scene 4, breakout: a ball at up to 8 192 units per frame, many times the field's size,
//! that never leaves the field or passes through a brick. Each frame the ball is swept
//! against the walls, the paddle and every brick; at the first impact it stops a skin short,
//! bounces (`collide_core::reflect`), and the rest of the frame's travel is swept again.

use collide_core::{overlaps, reflect, time_of_impact_with_skin, Aabb, Circle, Motion, Pose, Rect};
use glam::Vec2;

use super::input::{pressed, presses, Held, InputEvent, Key};
use super::{colour, Scene, PLAY_TOP};
use crate::raster::Canvas;

/// The field's size, in units (one unit is one pixel); the field spans `(0, 0)` to this.
pub const FIELD: Vec2 = Vec2::new(624.0, 300.0);
/// Ball speeds the up and down keys step through, in units per frame.
pub const SPEEDS: [f32; 13] = [
    2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1_024.0, 2_048.0, 4_096.0, 8_192.0,
];
const START_SPEED: usize = 2;
const BALL: Circle = Circle { radius: 4.0 };
const PADDLE: Rect = Rect {
    half_extents: Vec2::new(40.0, 4.0),
};
const PADDLE_Y: f32 = FIELD.y - 20.0;
const PADDLE_SPEED: f32 = 8.0;
const BRICK: Rect = Rect {
    half_extents: Vec2::new(22.0, 6.0),
};
const BRICK_COLUMNS: usize = 13;
const BRICK_ROWS: usize = 5;
/// Bricks in a full wall.
pub const BRICKS: usize = BRICK_COLUMNS * BRICK_ROWS;
/// Walls are boxes this thick just outside the field.
const WALL: f32 = 40.0;
/// The most bounces swept in one frame; the rest of a frame's travel after that is dropped
/// (the ball stays where the last bounce left it, inside the field).
pub const MAX_BOUNCES: usize = 128;
/// The gap the ball stops short of what it hits, so the next sweep starts apart.
const SKIN: f32 = 0.01;

/// What the ball can hit.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Solid {
    Wall(usize),
    Paddle,
    Brick(usize),
}

/// The field, the paddle, the bricks left and the ball.
pub struct Breakout {
    speed: usize,
    ball: Vec2,
    direction: Vec2,
    paddle_x: f32,
    bricks: Vec<Option<Vec2>>,
    held: Held,
    /// The ball's path this frame: where it started and every bounce.
    path: Vec<Vec2>,
    broken: u32,
    floor_hits: u32,
    bounces: usize,
}

impl Breakout {
    /// A full wall of bricks and the ball above the paddle.
    pub fn new() -> Self {
        Self {
            speed: START_SPEED,
            ball: Vec2::new(FIELD.x * 0.5, PADDLE_Y - 40.0),
            direction: Vec2::new(0.6, -0.8),
            paddle_x: FIELD.x * 0.5,
            bricks: brick_wall(),
            held: Held::default(),
            path: Vec::new(),
            broken: 0,
            floor_hits: 0,
            bounces: 0,
        }
    }

    #[cfg(test)]
    /// The ball's centre.
    pub fn ball(&self) -> Vec2 {
        self.ball
    }

    /// Units per frame.
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }

    #[cfg(test)]
    /// Bricks broken so far.
    pub fn broken(&self) -> u32 {
        self.broken
    }

    /// The centres of the bricks still standing.
    pub fn bricks(&self) -> impl Iterator<Item = Vec2> + '_ {
        self.bricks.iter().flatten().copied()
    }

    /// The shape and place of a solid.
    fn solid(&self, s: Solid) -> Option<(Rect, Vec2)> {
        match s {
            Solid::Wall(i) => Some(walls()[i]),
            Solid::Paddle => Some((PADDLE, Vec2::new(self.paddle_x, PADDLE_Y))),
            Solid::Brick(i) => self.bricks[i].map(|c| (BRICK, c)),
        }
    }

    /// The first solid the ball meets on `motion`, and where.
    fn first_impact(&self, motion: &Motion) -> Option<(Solid, collide_core::SkinImpact)> {
        let solids = (0..4)
            .map(Solid::Wall)
            .chain([Solid::Paddle])
            .chain((0..self.bricks.len()).map(Solid::Brick));
        // The box the ball sweeps, a skin larger: a solid outside it cannot be met.
        let reach = BALL.radius + SKIN;
        let path = Aabb::from_min_max(
            motion.start.min(motion.end) - reach,
            motion.start.max(motion.end) + reach,
        );
        let mut best: Option<(Solid, collide_core::SkinImpact)> = None;
        for s in solids {
            let Some((rect, centre)) = self.solid(s) else {
                continue;
            };
            if !path.overlaps(&Aabb::new(centre, rect.half_extents)) {
                continue;
            }
            let still = Motion::stationary(centre);
            let Some(hit) = time_of_impact_with_skin(BALL, motion, rect, &still, SKIN) else {
                continue;
            };
            if best.is_none_or(|(_, b)| hit.t < b.t) {
                best = Some((s, hit));
            }
        }
        best
    }

    /// Moves the ball one frame: sweep, stop at the first impact, bounce, sweep the rest.
    fn fly(&mut self) {
        let mut left = self.speed();
        self.path.clear();
        self.path.push(self.ball);
        self.bounces = 0;
        while left > 0.0 && self.bounces < MAX_BOUNCES {
            let travel = self.direction * left;
            let motion = Motion::linear(self.ball, self.ball + travel);
            let Some((solid, hit)) = self.first_impact(&motion) else {
                self.ball += travel;
                break;
            };
            self.ball += travel * hit.t;
            left *= 1.0 - hit.t;
            self.bounces += 1;
            self.path.push(self.ball);
            self.direction = reflect(self.direction, hit.normal, 1.0).normalize_or(-self.direction);
            match solid {
                Solid::Brick(i) => {
                    self.bricks[i] = None;
                    self.broken += 1;
                }
                // On the paddle's top face (the normal points down into it, y down), where
                // it meets the paddle steers it, as in the arcade game; its sides and its
                // underside bounce plainly.
                Solid::Paddle if hit.normal.y > 0.5 => {
                    let off = (self.ball.x - self.paddle_x) / PADDLE.half_extents.x;
                    self.direction = Vec2::new(off.clamp(-1.0, 1.0) * 0.8, -1.0).normalize();
                }
                Solid::Wall(3) => self.floor_hits += 1,
                Solid::Wall(_) | Solid::Paddle => {}
            }
        }
        self.path.push(self.ball);
        if self.bricks.iter().all(Option::is_none) {
            self.refill();
        }
    }

    /// A new wall of bricks, less any brick that would be built on the ball.
    fn refill(&mut self) {
        let ball = Pose::from_position(self.ball);
        let clear = Circle {
            radius: BALL.radius + SKIN,
        };
        self.bricks = brick_wall()
            .into_iter()
            .map(|b| b.filter(|&c| !overlaps(clear, &ball, BRICK, &Pose::from_position(c))))
            .collect();
    }

    /// Moves the paddle, unless that would push it into the ball.
    fn move_paddle(&mut self) {
        let x = (self.paddle_x + self.held.direction() * PADDLE_SPEED)
            .clamp(PADDLE.half_extents.x, FIELD.x - PADDLE.half_extents.x);
        let paddle = Pose::from_position(Vec2::new(x, PADDLE_Y));
        if !overlaps(BALL, &Pose::from_position(self.ball), PADDLE, &paddle) {
            self.paddle_x = x;
        }
    }
}

/// The four walls: left, right, top, bottom (the floor).
fn walls() -> [(Rect, Vec2); 4] {
    let tall = Rect {
        half_extents: Vec2::new(WALL * 0.5, FIELD.y * 0.5 + WALL),
    };
    let wide = Rect {
        half_extents: Vec2::new(FIELD.x * 0.5 + WALL, WALL * 0.5),
    };
    let mid = FIELD * 0.5;
    [
        (tall, Vec2::new(-WALL * 0.5, mid.y)),
        (tall, Vec2::new(FIELD.x + WALL * 0.5, mid.y)),
        (wide, Vec2::new(mid.x, -WALL * 0.5)),
        (wide, Vec2::new(mid.x, FIELD.y + WALL * 0.5)),
    ]
}

fn brick_wall() -> Vec<Option<Vec2>> {
    let size = BRICK.half_extents * 2.0;
    let pitch = Vec2::new(FIELD.x / BRICK_COLUMNS as f32, size.y + 4.0);
    (0..BRICK_ROWS)
        .flat_map(|row| {
            (0..BRICK_COLUMNS).map(move |col| {
                let x = (col as f32 + 0.5) * pitch.x;
                Some(Vec2::new(x, 40.0 + row as f32 * pitch.y))
            })
        })
        .collect()
}

impl Scene for Breakout {
    fn title(&self) -> &'static str {
        "BREAKOUT"
    }

    fn keys(&self) -> &'static [&'static str] {
        &["LEFT/RIGHT PADDLE   UP/DOWN BALL SPEED   R NEW WALL"]
    }

    fn status(&self) -> Vec<String> {
        vec![
            format!(
                "BALL SPEED {} UNITS PER FRAME ({} U/S)   BOUNCES THIS FRAME {}   FIELD {} X {}",
                self.speed(),
                self.speed() * super::FPS,
                self.bounces,
                FIELD.x,
                FIELD.y
            ),
            format!(
                "BRICKS LEFT {}   BROKEN {}   FLOOR HITS (PADDLE MISSED) {}",
                self.bricks().count(),
                self.broken,
                self.floor_hits
            ),
        ]
    }

    fn step(&mut self, input: &[InputEvent]) {
        self.held.update(input);
        let up = presses(input, Key::Up);
        let down = presses(input, Key::Down);
        self.speed = (self.speed + up).saturating_sub(down).min(SPEEDS.len() - 1);
        if pressed(input, Key::R) {
            self.refill();
        }
        self.move_paddle();
        self.fly();
    }

    fn draw(&self, canvas: &mut Canvas) {
        canvas.set_view(Vec2::ZERO, 1.0, Vec2::new(8.0, PLAY_TOP + 4.0));
        canvas.box_outline(Vec2::splat(-2.0), FIELD + 2.0, 2.0, colour::SOLID);
        for (i, b) in self.bricks.iter().enumerate() {
            if let Some(c) = b {
                let col = [colour::TARGET, colour::HULL, colour::NORMAL][i / BRICK_COLUMNS % 3];
                let inner = BRICK.half_extents - 1.0;
                canvas.fill_box(*c - inner, *c + inner, col);
            }
        }
        let paddle = Vec2::new(self.paddle_x, PADDLE_Y);
        canvas.fill_box(
            paddle - PADDLE.half_extents,
            paddle + PADDLE.half_extents,
            colour::PLAYER,
        );
        for pair in self.path.windows(2) {
            canvas.line(pair[0], pair[1], 1.0, colour::DIM);
        }
        canvas.disc(self.ball, BALL.radius, 2.0, colour::SHOT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside_the_field(b: &Breakout) -> bool {
        let r = BALL.radius;
        let p = b.ball();
        p.cmpge(Vec2::splat(r)).all() && p.cmple(FIELD - r).all()
    }

    fn in_a_brick(b: &Breakout) -> bool {
        let ball = Pose::from_position(b.ball());
        b.bricks()
            .any(|c| overlaps(BALL, &ball, BRICK, &Pose::from_position(c)))
    }

    #[test]
    fn at_every_speed_the_ball_stays_in_the_field_and_out_of_the_bricks() {
        let mut b = Breakout::new();
        for speed in 0..SPEEDS.len() {
            let frames = if speed == SPEEDS.len() - 1 { 600 } else { 60 };
            for frame in 0..frames {
                let input = if speed > 0 && frame == 0 {
                    vec![InputEvent::Press(Key::Up)]
                } else {
                    Vec::new()
                };
                b.step(&input);
                assert!(
                    inside_the_field(&b),
                    "{} u/frame: {:?}",
                    b.speed(),
                    b.ball()
                );
                assert!(!in_a_brick(&b), "{} u/frame: {:?}", b.speed(), b.ball());
            }
        }
        assert_eq!(b.speed(), 8_192.0);
        assert!(
            b.broken() > BRICKS as u32,
            "{} broken: a whole wall was cleared",
            b.broken()
        );
    }

    #[test]
    fn at_the_top_speed_a_frame_bounces_many_times_and_each_bounce_is_in_the_field() {
        let mut b = Breakout::new();
        b.step(&vec![InputEvent::Press(Key::Up); SPEEDS.len()]);
        for _ in 0..30 {
            b.step(&[]);
            assert!(b.bounces > 10, "{}", b.bounces);
            let r = BALL.radius - SKIN;
            assert!(b
                .path
                .iter()
                .all(|p| p.cmpge(Vec2::splat(r)).all() && p.cmple(FIELD - r).all()));
        }
    }

    #[test]
    fn the_paddle_moves_with_the_keys_and_stops_at_the_wall() {
        let mut b = Breakout::new();
        b.step(&[InputEvent::Press(Key::Left)]);
        assert_eq!(b.paddle_x, FIELD.x * 0.5 - PADDLE_SPEED);
        for _ in 0..100 {
            b.step(&[]);
        }
        assert_eq!(b.paddle_x, PADDLE.half_extents.x);
    }

    #[test]
    fn the_drawn_frame_shows_the_bricks_the_paddle_and_the_ball() {
        let b = Breakout::new();
        let mut canvas = super::super::App::canvas();
        b.draw(&mut canvas);
        let at = |w: Vec2| {
            let q = canvas.to_pixel(w);
            canvas.pixel(q.x as u32, q.y as u32)
        };
        let first = b.bricks().next().unwrap();
        assert_eq!(at(first), Some(colour::TARGET));
        assert_eq!(at(Vec2::new(b.paddle_x, PADDLE_Y)), Some(colour::PLAYER));
        assert_eq!(at(b.ball()), Some(colour::SHOT));
        assert_eq!(at(Vec2::new(300.0, 200.0)), Some(colour::BACKGROUND));
    }
}
