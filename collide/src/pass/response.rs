//! What the caller answers to a hit ([`Response`]: a [`Reaction`] for each body), and what
//! the pass records when a body's motion changes ([`Turn`]).

use glam::Vec2;

use crate::pass::Used;

/// What one body does after a hit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Reaction {
    /// It carries on along its path, as if the hit had not happened.
    #[default]
    Carry,
    /// It is used up (a bullet that destroyed itself): every later hit on it is dropped, and
    /// its motion is left as it was.
    UsedUp,
    /// It stops a skin short of the impact and stays there for the rest of the frame.
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
        !matches!(self, Reaction::Carry | Reaction::UsedUp)
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
            Reaction::Carry | Reaction::UsedUp => velocity,
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
/// A [`Used`] converts into the response that uses up those bodies, so a resolver written for
/// used-up bodies alone stays as short as before.
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
    pub fn a(reaction: Reaction) -> Self {
        Self {
            a: reaction,
            b: Reaction::Carry,
        }
    }

    /// `b` does `reaction`, `a` carries on.
    #[must_use]
    pub fn b(reaction: Reaction) -> Self {
        Self {
            a: Reaction::Carry,
            b: reaction,
        }
    }

    /// Both bodies do `reaction`.
    #[must_use]
    pub fn both(reaction: Reaction) -> Self {
        Self {
            a: reaction,
            b: reaction,
        }
    }
}

impl From<Used> for Response {
    fn from(used: Used) -> Self {
        let reaction = |used| {
            if used {
                Reaction::UsedUp
            } else {
                Reaction::Carry
            }
        };
        Self {
            a: reaction(used.a),
            b: reaction(used.b),
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
    /// Where it was then.
    pub position: Vec2,
    /// Its velocity from then on, per frame. Finite, and so is where it takes the body by
    /// the end of the frame: a response that would give another (a bounce whose speed into
    /// the surface overflows `f32` near the top of its range, a [`Reaction::Velocity`] that
    /// is not finite) stops the body here instead, with velocity zero.
    pub velocity: Vec2,
    /// It had reached the pass's cap on turns per frame: it stopped here and lost the rest of
    /// its motion, instead of doing what the response said.
    pub capped: bool,
}

impl Turn {
    /// Where the body is at time `t` (not before this turn) if it does not turn again.
    #[must_use]
    pub fn position_at(&self, t: f32) -> Vec2 {
        self.position + self.velocity * (t - self.t)
    }

    /// Where the body ends the frame if it does not turn again.
    #[must_use]
    pub fn end(&self) -> Vec2 {
        self.position_at(1.0)
    }
}
