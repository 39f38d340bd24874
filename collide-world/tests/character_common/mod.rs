//! What the character tests share: levels drawn as obstacles (y up, ground top at y = 0), a
//! player box, and one frame of a platformer's loop, with a `Character` and with a plain
//! `move_and_slide`.
#![allow(dead_code)]

use collide_core::{overlaps, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_world::{
    move_and_slide, Character, CharacterMove, CharacterSettings, Obstacle, Obstacles, Slide,
    SlideSettings, StaticBodies,
};
use glam::Vec2;

/// Gravity, in units per frame per frame.
pub const GRAVITY: f32 = 0.5;

/// The player: a 8 × 16 box.
pub const PLAYER: Rect = Rect {
    half_extents: Vec2::new(4.0, 8.0),
};

/// A level of still shapes, by value, that obstacles borrow.
pub struct Level {
    pub shapes: Vec<(Shape, Pose)>,
}

impl Level {
    /// Nothing at all.
    pub fn empty() -> Self {
        Self { shapes: Vec::new() }
    }

    /// Ground from x = -1000 to 1000, top at y = 0.
    pub fn ground() -> Self {
        let ground = Rect {
            half_extents: Vec2::new(1000.0, 10.0),
        };
        Self {
            shapes: vec![(ground.into(), Pose::from_position(Vec2::new(0.0, -10.0)))],
        }
    }

    /// Adds a convex polygon given in world coordinates.
    pub fn with_hull(mut self, points: &[Vec2]) -> Self {
        self.shapes
            .push((Hull::new(points).unwrap().into(), Pose::IDENTITY));
        self
    }

    /// Adds a box from `min` to `max`.
    pub fn with_box(mut self, min: Vec2, max: Vec2) -> Self {
        let r = Rect {
            half_extents: (max - min) / 2.0,
        };
        self.shapes
            .push((r.into(), Pose::from_position((min + max) / 2.0)));
        self
    }

    /// The same shapes as indexed static bodies (their ids in the same order).
    pub fn static_bodies(&self) -> StaticBodies {
        let mut bodies = StaticBodies::new();
        for (shape, pose) in &self.shapes {
            bodies.add(*shape, *pose, Layers::ALL).unwrap();
        }
        bodies.refresh();
        bodies
    }

    /// The obstacles, numbered in order.
    pub fn obstacles(&self) -> Vec<Obstacle<'_>> {
        self.shapes
            .iter()
            .enumerate()
            .map(|(i, (s, p))| Obstacle::new(i as u32, s, *p))
            .collect()
    }
}

/// A hill on the ground: up a slope of `rise` per unit across from x = `x0` for `run` units,
/// a flat top `top` units long, and down again as steeply.
pub fn hill(x0: f32, run: f32, rise: f32, top: f32) -> [Vec2; 4] {
    let h = run * rise;
    [
        Vec2::new(x0, 0.0),
        Vec2::new(x0 + 2.0 * run + top, 0.0),
        Vec2::new(x0 + run + top, h),
        Vec2::new(x0 + run, h),
    ]
}

/// Where the player box stands on flat ground at `x` (a skin above it).
pub fn standing_at(x: f32) -> Vec2 {
    Vec2::new(x, PLAYER.half_extents.y + 0.01)
}

/// One frame of the loop with a `Character`: walk at `walk` units a frame, gravity, move,
/// clip the velocity.
pub fn frame(
    player: &mut Character,
    velocity: &mut Vec2,
    walk: f32,
    level: &[Obstacle<'_>],
) -> CharacterMove {
    frame_in(player, velocity, walk, level)
}

/// [`frame`] through any set of obstacles.
pub fn frame_in<O: Obstacles + ?Sized>(
    player: &mut Character,
    velocity: &mut Vec2,
    walk: f32,
    level: &O,
) -> CharacterMove {
    velocity.x = walk;
    velocity.y -= GRAVITY;
    let moved = *player.move_by(*velocity, level);
    *velocity = player.clip_velocity(*velocity);
    moved
}

/// The same frame with a plain `move_and_slide` and its `clip_velocity`.
pub fn plain_frame(
    position: &mut Vec2,
    velocity: &mut Vec2,
    walk: f32,
    level: &[Obstacle<'_>],
) -> Slide {
    velocity.x = walk;
    velocity.y -= GRAVITY;
    let settings = SlideSettings::new(Vec2::Y);
    let slide = move_and_slide(
        PLAYER,
        Rot::IDENTITY,
        *position,
        *velocity,
        level,
        &settings,
    );
    *position = slide.position;
    *velocity = slide.clip_velocity(*velocity);
    slide
}

/// A player character at `at` with these settings.
pub fn player(at: Vec2, settings: CharacterSettings) -> Character {
    Character::new(PLAYER, at, settings).unwrap()
}

/// Whether `shape` at `position` overlaps any of `level`.
pub fn inside_any(shape: &Shape, position: Vec2, rotation: Rot, level: &[Obstacle<'_>]) -> bool {
    let pose = Pose::new(position, rotation);
    level
        .iter()
        .any(|o| overlaps(shape, &pose, o.shape, &o.pose))
}
