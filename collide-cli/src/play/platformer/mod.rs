//! Scene 3, a platformer: a `collide::Character` that walks, jumps and lands on a tile map of
//! 16-unit tiles, on whose seams nothing catches; steps onto a curb, walks up a ramp and down
//! a slope without leaving the floor, lands on a one-way platform (and drops through it) and
//! rides a lift; collects coins (sensor tiles) and opens a door while it stands on a pressure
//! plate (a sensor body). The normals of the surfaces it touched this frame are drawn.

mod door;
mod draw;
mod level;
#[cfg(test)]
mod tests;

use collide::{Character, CharacterSettings, Obstacles, Rect, SlideContact, Surface};
use glam::Vec2;

use super::input::{pressed, Held, InputEvent, Key};
use super::Scene;
use crate::raster::Canvas;
use door::Door;
use level::{Level, COIN};

pub use level::tile_count;

/// The body's half size: 10 × 14 units.
const BODY: Rect = Rect {
    half_extents: Vec2::new(5.0, 7.0),
};
/// Where the body starts: in the air above the floor, left of the low ceiling (y up).
const START: Vec2 = Vec2::new(28.0, 100.0);
/// Units per frame: walking speed, gravity's pull each frame, and a jump's upward speed.
const WALK: f32 = 3.0;
const GRAVITY: f32 = 0.5;
const JUMP: f32 = 9.0;
/// The fastest fall, units per frame (the sweep would catch a faster one; this keeps it playable).
const MAX_FALL: f32 = 20.0;
/// How the character moves: it keeps to the floor over crests and down slopes (a 45° slope
/// walked at 3 units a frame drops 3), climbs ledges up to a half tile and a bit, and walks
/// slopes at the speed asked for.
fn settings() -> CharacterSettings {
    CharacterSettings::new(Vec2::Y)
        .with_snap_length(6.0)
        .with_max_step_height(9.0)
        .with_constant_speed_on_slopes(true)
}

/// The level, the character and its velocity.
pub struct Platformer {
    level: Level,
    player: Character,
    velocity: Vec2,
    held: Held,
    coins: usize,
    door: Door,
}

impl Platformer {
    /// The level built and the body at its start.
    ///
    /// # Errors
    /// When the level cannot be built (never, for the rows of its text).
    pub fn new() -> Result<Self, collide::Error> {
        Ok(Self {
            level: Level::new()?,
            player: Character::new(BODY, START, settings())?,
            velocity: Vec2::ZERO,
            held: Held::default(),
            coins: 0,
            door: Door::default(),
        })
    }

    /// Takes every coin the last move's path crossed, however fast: out of the map, onto the
    /// count.
    fn collect_coins(&mut self) {
        let world = &mut self.level.world;
        for hit in self.player.sensors() {
            let Some(cell) = world.tile_cell(hit.obstacle) else {
                continue; // a body: the plate or the open door
            };
            if world.tiles.sensor(cell.x, cell.y) == Some(COIN) {
                let _ = world.tiles.set(cell.x, cell.y, 0);
                self.coins += 1;
            }
        }
    }

    /// The surfaces the character touched in the last frame.
    fn contacts(&self) -> &[SlideContact] {
        self.player.last_move().contacts()
    }

    /// Whether the character stands on a one-way platform.
    fn on_one_way(&self) -> bool {
        let platform = self.player.platform();
        platform
            .and_then(|id| self.level.world.obstacle(id))
            .is_some_and(|o| o.one_way.is_some())
    }

    /// What the character stands on, for the status line.
    fn standing_on(&self) -> &'static str {
        match self.player.platform() {
            None => "IN THE AIR",
            Some(id) if id == self.level.lift.id() => "ON THE LIFT",
            Some(_) if self.on_one_way() => "ON A ONE-WAY PLATFORM",
            Some(_) => match self.player.floor_normal() {
                Some(n) if n.x.abs() > 1e-3 => "ON A SLOPE",
                _ => "ON THE FLOOR",
            },
        }
    }
}

#[cfg(test)]
impl Platformer {
    /// Every body's position and velocity, for the golden runs: the player, then the lift.
    pub(crate) fn bodies(&self, out: &mut impl FnMut(Vec2, Vec2)) {
        out(self.player.position(), self.velocity);
        out(self.level.lift_position(), Vec2::ZERO);
    }
}

impl Scene for Platformer {
    fn title(&self) -> &'static str {
        "PLATFORMER"
    }

    fn keys(&self) -> &'static [&'static str] {
        &[
            "LEFT/RIGHT WALK   SPACE/UP JUMP   DOWN+SPACE DROP THROUGH   R START AGAIN",
            "ORANGE: ONE-WAY   YELLOW: LIFT   GREEN: NORMALS OF THE SURFACES TOUCHED",
        ]
    }

    fn status(&self) -> Vec<String> {
        let m = self.player.last_move();
        let touching: Vec<&str> = self
            .contacts()
            .iter()
            .map(|c| match c.surface {
                Surface::Floor => "FLOOR",
                Surface::Wall => "WALL",
                Surface::Ceiling => "CEILING",
            })
            .collect();
        let p = self.player.position();
        vec![
            format!(
                "AT ({:.2}, {:.2})   VELOCITY ({:.2}, {:.2}) PER FRAME   CHARACTER ON {} TILES AND A LIFT",
                p.x,
                p.y,
                self.velocity.x,
                self.velocity.y,
                tile_count()
            ),
            format!(
                "COINS {}/{}   DOOR {}{}",
                self.coins,
                level::coin_count(),
                if self.door.open { "OPEN" } else { "SHUT" },
                if self.door.pressed { ", PLATE PRESSED" } else { "" },
            ),
            format!(
                "{}{}{}   TOUCHING {}",
                self.standing_on(),
                if m.stepped { ", STEPPED UP" } else { "" },
                if m.snapped { ", SNAPPED DOWN" } else { "" },
                if touching.is_empty() {
                    "NOTHING".to_string()
                } else {
                    touching.join(", ")
                }
            ),
        ]
    }

    fn step(&mut self, input: &[InputEvent]) {
        self.held.update(input);
        if pressed(input, Key::R) {
            self.player.set_position(START);
            self.velocity = Vec2::ZERO;
        }
        self.level.advance();
        let jump = pressed(input, Key::Space) || pressed(input, Key::Up);
        let drop = jump && self.held.down && self.on_one_way();
        self.velocity.x = self.held.direction() * WALK;
        self.velocity.y = (self.velocity.y - GRAVITY).max(-MAX_FALL);
        if jump && !self.held.down && self.player.on_floor() {
            // Jumping off the rising lift keeps its speed.
            self.velocity.y = JUMP + self.player.platform_velocity().y.max(0.0);
        }
        if drop {
            self.player
                .move_dropping_through(self.velocity, &self.level.world);
        } else {
            self.player.move_by(self.velocity, &self.level.world);
        }
        self.velocity = self.player.clip_velocity(self.velocity);
        self.collect_coins();
        self.door.update(&mut self.level, &self.player);
    }

    fn draw(&self, canvas: &mut Canvas) {
        draw::level(canvas, &self.level, self.door.open);
        draw::body(canvas, self.player.position(), BODY.half_extents);
        draw::contacts(canvas, self.contacts());
    }
}
