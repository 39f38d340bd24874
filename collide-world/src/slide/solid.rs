//! The obstacles a slide stops at: a set seen through a query filter, its sensors left out.

use collide_core::Layers;

use crate::kept::{Keep, Kept};
use crate::{Obstacle, Obstacles, QueryFilter};

/// `inner` as a slide sees it: only the solid obstacles `filter` allows; every other question
/// goes to `inner`. With a filter on layers alone over a set without sensors, every query goes
/// straight through.
pub(crate) type Solid<'o, 'f, O> = Kept<'o, O, SolidOnly<'f>>;

/// What a slide keeps: the obstacles that are not sensors and that a filter allows.
pub(crate) struct SolidOnly<'f> {
    filter: QueryFilter<'f>,
    /// Nothing to leave out: the set answers as it is.
    plain: bool,
}

impl<'o, 'f, O: Obstacles + ?Sized> Solid<'o, 'f, O> {
    pub(crate) fn new(inner: &'o O, filter: QueryFilter<'f>) -> Self {
        let plain = filter.is_layers_only() && filter.layers == Layers::ALL && !inner.has_sensors();
        Kept {
            inner,
            keep: SolidOnly { filter, plain },
        }
    }
}

impl Keep for SolidOnly<'_> {
    fn keeps(&self, o: &Obstacle<'_>) -> bool {
        !o.sensor && self.filter.allows(o.id, o.layers)
    }

    fn keeps_all(&self) -> bool {
        self.plain
    }

    fn keeps_sensors(&self) -> bool {
        false
    }
}
