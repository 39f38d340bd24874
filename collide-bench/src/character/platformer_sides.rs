//! The two character controllers on the platformer level, behind one trait,
//! [`Platformer`], each driven as a game drives it: placed once, then moved frame by frame,
//! carried by the lift it stood on, with one-way platforms that block only from above.
//!
//! collide's own side is its `Character` ([`super::platformer_character`]). This module's,
//! kept as a second line, is `move_and_slide` over the level's `StaticBodies`, with what a
//! game adds around it without the character: an [`Obstacles`] wrapper that leaves out a
//! one-way platform unless the mover comes down onto it from above ([`one_way_blocks`]) and
//! holds the lift (moved every frame without re-indexing), and a mover that stood on the lift
//! moved with it before its own move. rapier2d's side is in [`super::platformer_rapier`].

use collide::{
    move_and_slide, Layers, Obstacle, Obstacles, Slide, SlideSettings, StaticBodies, Surface,
};
use collide_core::{Aabb, Hit, Motion, Pose, Rect, Rot, Shape, ShapeRef, DEFAULT_SKIN};
use glam::Vec2;

use super::platformer::{pieces, Kind, Lift, FLOOR_ANGLE};
use super::scene::movers;
use super::sides::Touch;

/// How far below a one-way platform's top a mover's lowest point may start and still land on
/// it: rounding, and a skin.
pub const ONE_WAY_SLOP: f32 = 0.05;

/// Whether a one-way platform whose top is at `top` blocks a mover whose lowest point starts
/// at `bottom` and moves by `travel`: only one that does not rise and starts on or above it.
/// The same rule for both libraries.
#[must_use]
pub fn one_way_blocks(top: f32, bottom: f32, travel: Vec2) -> bool {
    travel.y <= 0.0 && bottom >= top - ONE_WAY_SLOP
}

/// How far a mover reaches below its centre (its box's half height; movers are not turned).
#[must_use]
pub fn reach_down(mover: usize) -> f32 {
    movers()[mover]
        .1
        .as_shape_ref()
        .aabb(&Pose::IDENTITY)
        .half_extents
        .y
}

/// What one frame did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    /// Where the mover ended.
    pub position: Vec2,
    /// The controller says it ended on a floor (collide's `on_floor`, rapier's `grounded`).
    pub on_floor: bool,
    /// It ended standing on the lift (so the next frame carries it).
    pub on_lift: bool,
}

/// A character controller on the platformer level, driven frame by frame.
pub trait Platformer {
    /// The library's name in reports.
    fn name(&self) -> &'static str;

    /// Makes mover `mover` (an index into [`movers`]) the one that moves, at `position`: a
    /// teleport, standing on nothing, unless it is already there (a replay of a walk's calls
    /// keeps what the last call left).
    fn place(&mut self, mover: usize, position: Vec2);

    /// Moves the lift over frame `frame`, before the mover's step: from [`Lift::centre`]`(frame)`
    /// to `Lift::centre(frame + 1)`, that motion ([`Lift::velocity`]) its velocity.
    fn set_lift(&mut self, frame: usize);

    /// One frame, after the lift's move: carries the mover with the lift if it stood on it,
    /// then moves it by `travel`.
    /// With `touches`, clears it and lists every surface the frame stopped at.
    fn step(&mut self, travel: Vec2, touches: Option<&mut Vec<Touch>>) -> Moved;
}

/// The id the lift has in collide's contacts.
const LIFT_ID: u32 = u32::MAX;

/// collide's side: `move_and_slide` through the level's `StaticBodies`, the one-way rule and
/// the lift added by a wrapper, as a game writes it today.
pub struct CollideSlide {
    bodies: StaticBodies,
    /// The one-way platforms: their ids and the heights of their tops.
    one_way: Vec<(u32, f32)>,
    lift_shape: Rect,
    lift: (Vec2, Vec2),
    settings: SlideSettings,
    movers: Vec<Shape>,
    mover: usize,
    position: Vec2,
    on_lift: bool,
}

impl CollideSlide {
    /// The level's pieces, one static body each, and the lift at its first frame.
    #[must_use]
    pub fn new() -> Self {
        let mut bodies = StaticBodies::new();
        let mut one_way = Vec::new();
        for piece in pieces() {
            // Every piece is finite, so adding it cannot fail.
            if let Ok(handle) = bodies.add(piece.shape(), piece.pose(), Layers::ALL) {
                if piece.kind == Kind::OneWay {
                    one_way.push((handle.id(), piece.top().0));
                }
            }
        }
        bodies.refresh();
        Self {
            bodies,
            one_way,
            lift_shape: Rect {
                half_extents: Lift::HALF_EXTENTS,
            },
            lift: (Lift::centre(0), Lift::velocity(0)),
            settings: SlideSettings::new(Vec2::Y)
                .with_skin(DEFAULT_SKIN)
                .with_max_floor_angle(FLOOR_ANGLE),
            movers: movers().into_iter().map(|(_, s)| s).collect(),
            mover: 0,
            position: Vec2::ZERO,
            on_lift: false,
        }
    }

    /// Where the mover is.
    #[must_use]
    pub fn position(&self) -> Vec2 {
        self.position
    }

    fn slide(&self, travel: Vec2) -> Slide {
        let level = Level {
            bodies: &self.bodies,
            one_way: &self.one_way,
            bottom: self.position.y - reach_down(self.mover),
            travel,
            lift: Obstacle::new(LIFT_ID, self.lift_shape, Pose::from_position(self.lift.0))
                .with_velocity(self.lift.1),
        };
        let shape = self.movers[self.mover].as_shape_ref();
        move_and_slide(
            shape,
            Rot::IDENTITY,
            self.position,
            travel,
            &level,
            &self.settings,
        )
    }
}

impl Default for CollideSlide {
    fn default() -> Self {
        Self::new()
    }
}

impl Platformer for CollideSlide {
    fn name(&self) -> &'static str {
        "collide-slide"
    }

    fn place(&mut self, mover: usize, position: Vec2) {
        if (mover, position) != (self.mover, self.position) {
            (self.mover, self.position, self.on_lift) = (mover, position, false);
        }
    }

    fn set_lift(&mut self, frame: usize) {
        self.lift = (Lift::centre(frame + 1), Lift::velocity(frame));
    }

    fn step(&mut self, travel: Vec2, touches: Option<&mut Vec<Touch>>) -> Moved {
        // The game carries a mover that stood on the lift with it, as a rider (the lift has
        // already moved this frame), then moves it by its own travel.
        if self.on_lift {
            self.position += self.lift.1;
        }
        let slide = self.slide(travel);
        if let Some(touches) = touches {
            touches.clear();
            touches.extend(slide.contacts().iter().map(|c| Touch {
                position: c.position,
                normal: c.normal,
            }));
        }
        self.position = slide.position;
        self.on_lift = slide
            .contacts()
            .iter()
            .any(|c| c.obstacle == LIFT_ID && c.surface == Surface::Floor);
        Moved {
            position: slide.position,
            on_floor: slide.on_floor,
            on_lift: self.on_lift,
        }
    }
}

/// The level as one call of a mover sees it: the static bodies less the one-way platforms
/// that do not block this move, and the lift.
struct Level<'a> {
    bodies: &'a StaticBodies,
    one_way: &'a [(u32, f32)],
    bottom: f32,
    travel: Vec2,
    lift: Obstacle<'a>,
}

impl Level<'_> {
    fn blocks(&self, id: u32) -> bool {
        self.one_way
            .iter()
            .find(|(one_way, _)| *one_way == id)
            .is_none_or(|&(_, top)| one_way_blocks(top, self.bottom, self.travel))
    }
}

impl Obstacles for Level<'_> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.bodies.near(area, layers, &mut |o| {
            if self.blocks(o.id) {
                visit(o);
            }
        });
        let lift = self.lift.bounds();
        let touching = lift.min().cmple(area.max()).all() && area.min().cmple(lift.max()).all();
        if touching && self.lift.layers.interacts(layers) {
            visit(self.lift);
        }
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        if id == LIFT_ID {
            return Some(self.lift);
        }
        self.bodies.obstacle(id).filter(|o| self.blocks(o.id))
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        if id == LIFT_ID {
            return Some(hit);
        }
        self.bodies.refine_hit(id, shape, motion, hit)
    }
}
