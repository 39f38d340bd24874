//! What the caller answers to a hit ([`Response`]: a [`Reaction`] for each body), and what
//! the pass records when a body's motion changes ([`Turn`]).

use glam::Vec2;

/// What one body does after a hit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Reaction {
    /// It carries on along its path, as if the hit had not happened.
    #[default]
    Carry,
    /// It is used up (a bullet that destroyed itself): every later hit on it is dropped, and
    /// its motion is left as it was.
    Used,
    /// It stops a skin short of the impact and stays there for the rest of the frame.
    /// A stopped body is never pushed: a body that carries on into it (answered `Carry`)
    /// meets it again and ends the frame overlapping it. To be pushed along, answer
    /// [`Velocity`](Self::Velocity) with the other body's velocity.
    Stop,
    /// It slides: from a skin short of the impact, the part of its velocity that goes into the
    /// other body is removed ([`slide`](collide_core::slide)).
    Slide,
    /// It bounces: from a skin short of the impact, the part of its velocity that goes into
    /// the other body is reversed and scaled by `restitution` (1 for a perfect bounce;
    /// [`reflect`](collide_core::reflect)).
    Bounce {
        /// How much of the speed along the normal it keeps.
        restitution: f32,
    },
    /// It moves on from a skin short of the impact with this velocity (travel per frame).
    Velocity(Vec2),
}

impl Reaction {
    /// Whether the body's motion changes from the impact on.
    #[must_use]
    pub fn turns(self) -> bool {
        !matches!(self, Reaction::Carry | Reaction::Used)
    }

    /// The velocity of a body moving at `velocity` after this reaction to a hit whose normal,
    /// pointing from this body into the other, is `normal`. `other` is the other body's
    /// velocity when the other body carries on (a paddle): the slide and the bounce are then
    /// taken relative to it; else `None`, and they are taken off this body's own velocity (two
    /// balls that both bounce each reflect their own).
    #[must_use]
    pub fn velocity(self, velocity: Vec2, normal: Vec2, other: Option<Vec2>) -> Vec2 {
        let base = other.unwrap_or(Vec2::ZERO);
        match self {
            Reaction::Carry | Reaction::Used => velocity,
            Reaction::Stop => Vec2::ZERO,
            Reaction::Slide => base + collide_core::slide(velocity - base, normal),
            Reaction::Bounce { restitution } => {
                base + collide_core::reflect(velocity - base, normal, restitution)
            }
            Reaction::Velocity(v) => v,
        }
    }
}

/// The caller's answer to one hit: what body `a` does and what body `b` does.
///
/// A bullet that destroys itself on what it hit answers `Response::a(Reaction::Used)`; both
/// destroyed, `Response::both(Reaction::Used)`; nothing happens, [`Response::CARRY`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Response {
    /// What body `a` does.
    pub a: Reaction,
    /// What body `b` does.
    pub b: Reaction,
}

impl Response {
    /// Both bodies carry on.
    pub const CARRY: Response = Response {
        a: Reaction::Carry,
        b: Reaction::Carry,
    };

    /// `a` does `reaction`, `b` carries on.
    #[must_use]
    pub const fn a(reaction: Reaction) -> Self {
        Self {
            a: reaction,
            b: Reaction::Carry,
        }
    }

    /// `b` does `reaction`, `a` carries on.
    #[must_use]
    pub const fn b(reaction: Reaction) -> Self {
        Self {
            a: Reaction::Carry,
            b: reaction,
        }
    }

    /// Both bodies do `reaction`.
    #[must_use]
    pub const fn both(reaction: Reaction) -> Self {
        Self {
            a: reaction,
            b: reaction,
        }
    }
}

impl Response {
    /// The response as the pass carries it out for `hit`: an obstacle never reacts, and
    /// neither side of a sensor hit turns (being used up is all a sensor hit can do to a body).
    pub(crate) fn for_hit(mut self, hit: &crate::PassHit) -> Self {
        if hit.b.body().is_none() {
            self.b = Reaction::Carry;
        }
        if hit.sensor {
            self.a = self.a.without_turn();
            self.b = self.b.without_turn();
        }
        self
    }
}

impl Reaction {
    /// [`Carry`](Reaction::Carry) in place of a reaction that turns the body; the others as
    /// they are.
    fn without_turn(self) -> Self {
        if self.turns() {
            Reaction::Carry
        } else {
            self
        }
    }
}

/// A moment at which a response changed a body's motion: from `position` at time `t` (a
/// fraction of the frame) the body moves at `velocity` (travel per frame) until its next turn
/// or the end of the frame. A body's turns, in order, are its path through the frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    /// The body's index.
    pub body: usize,
    /// When it turned, a skin short of the impact.
    pub t: f32,
    /// Where it was then; moved off along the hit's normal until a skin from what it hit when
    /// its path left no room to back off (it began the path touching, or closer than a skin,
    /// as a body resting against a wall does), so that it never turns along a surface within
    /// rounding of it and ends inside it.
    pub position: Vec2,
    /// Its velocity from then on, per frame: what the response asked for. A capped body keeps
    /// it, for the next frame, while it stands still for the rest of this one. Finite, and so
    /// is where it takes the body by the end of the frame: a response that would give another
    /// (a bounce whose speed into the surface overflows `f32` near the top of its range, a
    /// [`Reaction::Velocity`] that is not finite) stops the body here instead, with velocity
    /// zero.
    pub velocity: Vec2,
    /// It had reached the pass's cap on turns per frame: it stopped here for the rest of the
    /// frame, a skin short of what it hit, instead of moving as the response said.
    pub capped: bool,
}

impl Turn {
    /// Its travel per frame for the rest of this frame: [`velocity`](Self::velocity), or none
    /// once capped.
    #[must_use]
    pub fn moving(&self) -> Vec2 {
        if self.capped {
            Vec2::ZERO
        } else {
            self.velocity
        }
    }

    /// Where the body is at time `t` (not before this turn) if it does not turn again.
    #[must_use]
    pub fn position_at(&self, t: f32) -> Vec2 {
        self.position + self.moving() * (t - self.t)
    }

    /// Where the body ends the frame if it does not turn again.
    #[must_use]
    pub fn end(&self) -> Vec2 {
        self.position_at(1.0)
    }
}

/// Where a body ends the frame after the pass's responses, and how it moves on: one per body,
/// in body order ([`CollisionPass::outcomes`](crate::CollisionPass::outcomes)).
///
/// A game writes these back into its bodies: `position` is the body's `start` next frame, and
/// `velocity` its travel per frame from there.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Where the body ends the frame: its [`Body::end`](crate::Body::end) when no response
    /// turned it, else the end of its last turn.
    pub position: Vec2,
    /// Its travel per frame from now on: its `end - start` when no response turned it, else
    /// the velocity the last response asked for (kept when it was capped).
    pub velocity: Vec2,
    /// How many times a response turned it this frame.
    pub turns: u32,
    /// It reached the cap on turns per frame and stood still from its last turn on; its
    /// velocity is still the one the last response asked for, so it carries on next frame.
    pub capped: bool,
    /// A response used it up: what becomes of it is the game's call.
    pub used: bool,
}
