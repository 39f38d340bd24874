//! What [`ContactEvents`](crate::ContactEvents) reports: a pair that started or stopped
//! touching ([`ContactEvent`]), and a pair touching ([`Touching`]).

use collide_core::Impact;

use crate::pass::touching::OtherKey;

/// A pair of keys that started or stopped touching this frame.
///
/// For two bodies, `a` is the smaller key; for a body and an obstacle, `a` is the body's key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ContactEvent {
    /// They touch, and did not at the end of the last frame.
    Started {
        /// The first side's key.
        a: u64,
        /// The second side.
        b: OtherKey,
        /// Their first hit of the frame: when (`t`), where, and the normal from `a` to `b`.
        impact: Impact,
        /// Whether either side is a sensor.
        sensor: bool,
    },
    /// They touched at the end of the last frame, or started touching this frame, and do not
    /// at the end of this one (apart by more than the margin, on layers that no longer
    /// interact, or one of them gone from the bodies, disabled, or no longer finite).
    Stopped {
        /// The first side's key.
        a: u64,
        /// The second side.
        b: OtherKey,
        /// Whether either side was a sensor at their latest hit.
        sensor: bool,
    },
}

impl ContactEvent {
    /// The pair of keys.
    #[must_use]
    pub fn pair(&self) -> (u64, OtherKey) {
        match *self {
            ContactEvent::Started { a, b, .. } | ContactEvent::Stopped { a, b, .. } => (a, b),
        }
    }

    /// Whether it is a [`Started`](ContactEvent::Started).
    #[must_use]
    pub fn is_started(&self) -> bool {
        matches!(self, ContactEvent::Started { .. })
    }

    /// Whether either side is a sensor.
    #[must_use]
    pub fn sensor(&self) -> bool {
        match *self {
            ContactEvent::Started { sensor, .. } | ContactEvent::Stopped { sensor, .. } => sensor,
        }
    }
}

/// A pair of keys touching at the end of the frame
/// ([`ContactEvents::touching`](crate::ContactEvents::touching)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Touching {
    /// The first side's key (the smaller of two bodies' keys).
    pub a: u64,
    /// The second side.
    pub b: OtherKey,
    /// Whether either side was a sensor at their latest hit.
    pub sensor: bool,
    /// Whether they started touching this frame (else they touched at the end of the last).
    pub started: bool,
}
