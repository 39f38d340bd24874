//! Scene 4, breakout: a ball at up to 8 192 units per frame, many times the field's size,
//! that never leaves the field or passes through a brick. Each frame the ball, the paddle, the
//! walls and the bricks go through `collide::CollisionPass`, which answers every hit of
//! the ball with a bounce (a used-up brick breaks): the ball is put a skin short of what it
//! hit and swept again over the rest of the frame, as many times as it bounces.

use collide::{Body, CollisionPass, Other, PassHit, PassSettings, Reaction, Response};
use collide_core::{overlaps, Circle, Layers, Pose, Rect, DEFAULT_SKIN};
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
/// The most bounces in one frame (the pass's cap on turns): at the next the ball stops where
/// it is, a skin short of what it hit, for the rest of the frame.
pub const MAX_BOUNCES: u32 = 128;

/// The bodies of the pass, in this order: the ball, the paddle, the four walls, the bricks.
const BALL_BODY: usize = 0;
const PADDLE_BODY: usize = 1;
const FLOOR_BODY: usize = 2 + 3;
const FIRST_BRICK_BODY: usize = 2 + 4;
/// The ball meets everything; the solids do not meet each other (the walls overlap at the
/// corners, and would be tested every frame for nothing).
const BALL_LAYERS: Layers = Layers::on(1).with_mask(2);
const SOLID_LAYERS: Layers = Layers::on(2).with_mask(1);

/// The field, the paddle, the bricks left and the ball.
pub struct Breakout {
    speed: usize,
    ball: Vec2,
    direction: Vec2,
    paddle_x: f32,
    bricks: Vec<Option<Vec2>>,
    held: Held,
    pass: CollisionPass,
    /// The frame's bodies, rebuilt each frame in a buffer kept from frame to frame.
    bodies: Vec<Body<'static>>,
    /// The bricks the ball hit this frame.
    hit_bricks: Vec<usize>,
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
            pass: CollisionPass::default()
                .with_settings(PassSettings::default().with_max_turns(MAX_BOUNCES)),
            bodies: Vec::with_capacity(FIRST_BRICK_BODY + BRICKS),
            hit_bricks: Vec::new(),
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

    /// This frame's bodies: the ball on its straight path, the paddle, the walls, and every
    /// brick (a broken one disabled, so a brick's body index never changes).
    fn build_bodies(&mut self) {
        let travel = self.direction * self.speed();
        self.bodies.clear();
        self.bodies
            .push(Body::new(BALL, self.ball, self.ball + travel).with_layers(BALL_LAYERS));
        let paddle = Vec2::new(self.paddle_x, PADDLE_Y);
        let solids = [(PADDLE, paddle)].into_iter().chain(walls());
        self.bodies
            .extend(solids.map(|(rect, at)| Body::stationary(rect, at).with_layers(SOLID_LAYERS)));
        self.bodies.extend(self.bricks.iter().map(|b| {
            Body::stationary(BRICK, b.unwrap_or(Vec2::ZERO))
                .with_layers(SOLID_LAYERS)
                .with_enabled(b.is_some())
        }));
    }

    /// Moves the ball one frame: the pass bounces it off whatever it meets, in the order it
    /// meets them, and breaks the bricks it hits.
    fn fly(&mut self) {
        self.build_bodies();
        let speed = self.speed();
        let paddle_x = self.paddle_x;
        let (broken, mut floor_hits) = (&mut self.hit_bricks, 0);
        broken.clear();
        // Only the ball moves, and only it meets anything: every hit is the ball (`a`, the
        // lower index) against a solid.
        let result = self.pass.run(&self.bodies, &(), |hit| {
            let b = hit.b.body();
            if let Some(brick) = b.and_then(|b| b.checked_sub(FIRST_BRICK_BODY)) {
                broken.push(brick);
            }
            floor_hits += u32::from(b == Some(FLOOR_BODY));
            ball_response(hit, paddle_x, speed)
        });
        // Seventy-one bodies are far inside the pass's pair limit; were it ever reached, the
        // ball would stay where it is for a frame.
        if result.is_err() {
            return;
        }
        self.path.clear();
        self.path.push(self.ball);
        // The path drawn goes through each bounce; where the ball ends and how it moves on is
        // the pass's outcome for it.
        let bounces = self.pass.turns().iter().filter(|t| t.body == BALL_BODY);
        self.path.extend(bounces.map(|t| t.position));
        let end = self.pass.outcomes()[BALL_BODY];
        self.bounces = end.turns as usize;
        self.ball = end.position;
        self.direction = end.velocity.normalize_or(self.direction);
        self.path.push(self.ball);
        for &i in &self.hit_bricks {
            self.broken += u32::from(self.bricks[i].take().is_some());
        }
        self.floor_hits += floor_hits;
        if self.bricks.iter().all(Option::is_none) {
            self.refill();
        }
    }

    /// A new wall of bricks, less any brick that would be built on the ball.
    fn refill(&mut self) {
        let ball = Pose::from_position(self.ball);
        let clear = Circle {
            radius: BALL.radius + DEFAULT_SKIN,
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

/// What the ball does at `hit`: it bounces, and a brick it hits is used up. On the paddle's
/// top face (the normal points down into it, y down) where it lands steers it instead, as in
/// the arcade game; the paddle's sides and underside bounce it plainly.
fn ball_response(hit: &PassHit, paddle_x: f32, speed: f32) -> Response {
    let bounce = Reaction::Bounce { restitution: 1.0 };
    match hit.b {
        Other::Body(PADDLE_BODY) if hit.impact.normal.y > 0.5 => {
            // On a flat top face the contact point lies straight below the ball's centre.
            let off = (hit.impact.point.x - paddle_x) / PADDLE.half_extents.x;
            let steered = Vec2::new(off.clamp(-1.0, 1.0) * 0.8, -1.0).normalize();
            Response::a(Reaction::Velocity(steered * speed))
        }
        Other::Body(b) if b >= FIRST_BRICK_BODY => Response {
            a: bounce,
            b: Reaction::Used,
        },
        _ => Response::a(bounce),
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

#[cfg(test)]
impl Breakout {
    /// Every body's position and velocity, for the golden runs: the ball, the paddle, then
    /// each brick (a broken one at `(-1, -1)`).
    pub(crate) fn bodies(&self, out: &mut impl FnMut(Vec2, Vec2)) {
        out(self.ball, self.direction * self.speed());
        out(Vec2::new(self.paddle_x, 0.0), Vec2::ZERO);
        for brick in &self.bricks {
            out(brick.unwrap_or(Vec2::splat(-1.0)), Vec2::ZERO);
        }
    }
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
            let r = BALL.radius - DEFAULT_SKIN;
            assert!(b
                .path
                .iter()
                .all(|p| p.cmpge(Vec2::splat(r)).all() && p.cmple(FIELD - r).all()));
        }
    }

    /// The oracle for the pass's bounces: every stretch of the ball's path, sampled densely,
    /// stays in the field and out of the paddle, of every brick still standing, and of every
    /// brick broken this frame until the bounce that broke it (the first within a skin of
    /// touching it; after that it is gone, and the ball may cross where it stood).
    #[test]
    fn sampled_densely_the_top_speed_path_never_enters_a_brick_or_the_paddle() {
        let mut b = Breakout::new();
        b.step(&vec![InputEvent::Press(Key::Up); SPEEDS.len()]);
        let at = Pose::from_position;
        let reach = Circle {
            radius: BALL.radius + 2.0 * DEFAULT_SKIN,
        };
        let (mut samples, mut broken) = (0usize, 0usize);
        for frame in 0..120 {
            let before: Vec<Vec2> = b.bricks().collect();
            // The paddle chases the ball, so the path meets it now and then.
            let key = if b.ball().x < b.paddle_x {
                Key::Left
            } else {
                Key::Right
            };
            b.step(&[InputEvent::Press(key)]);
            b.held = Held::default();
            if b.bricks().count() > before.len() {
                continue; // a new wall: the bricks of the frame are no longer known
            }
            let paddle = at(Vec2::new(b.paddle_x, PADDLE_Y));
            // Each brick that stood, and the path point until which it stands.
            let until: Vec<(Vec2, usize)> = before
                .iter()
                .map(|&c| {
                    let gone = b.bricks().all(|s| s != c);
                    let met = b
                        .path
                        .iter()
                        .position(|&p| overlaps(reach, &at(p), BRICK, &at(c)));
                    assert!(!gone || met.is_some(), "frame {frame}: {c} broke untouched");
                    broken += usize::from(gone);
                    (c, if gone { met.unwrap_or(0) } else { b.path.len() })
                })
                .collect();
            for (k, pair) in b.path.windows(2).enumerate() {
                let steps = ((pair[1] - pair[0]).length() / 0.25).ceil().max(1.0) as usize;
                for i in 0..=steps {
                    let p = pair[0].lerp(pair[1], i as f32 / steps as f32);
                    let r = BALL.radius - DEFAULT_SKIN;
                    assert!(p.cmpge(Vec2::splat(r)).all() && p.cmple(FIELD - r).all());
                    assert!(
                        !overlaps(BALL, &at(p), PADDLE, &paddle),
                        "frame {frame}: {p}"
                    );
                    for &(c, _) in until.iter().filter(|&&(_, end)| k < end) {
                        assert!(!overlaps(BALL, &at(p), BRICK, &at(c)), "frame {frame}: {p}");
                    }
                    samples += 1;
                }
            }
        }
        assert!(
            samples > 100_000 && broken > 0,
            "{samples} samples, {broken} broken"
        );
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
