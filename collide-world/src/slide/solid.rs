//! The obstacles a slide stops at: a set seen through a query filter, its sensors left out.

use collide_broad::Proxy;
use collide_core::{Aabb, Hit, Layers, Motion, ShapeRef};

use crate::{Obstacle, Obstacles, QueryFilter};

/// `inner` as a slide sees it: only the solid obstacles `filter` allows; every other question
/// goes to `inner`. With a filter on layers alone over a set without sensors, every query goes
/// straight through.
pub(crate) struct Solid<'o, 'f, O: ?Sized> {
    inner: &'o O,
    filter: QueryFilter<'f>,
    /// Nothing to leave out: `inner` answers as it is.
    plain: bool,
}

impl<'o, 'f, O: Obstacles + ?Sized> Solid<'o, 'f, O> {
    pub(crate) fn new(inner: &'o O, filter: QueryFilter<'f>) -> Self {
        let plain = filter.is_layers_only() && filter.layers == Layers::ALL && !inner.has_sensors();
        Self {
            inner,
            filter,
            plain,
        }
    }

    fn keeps(&self, o: &Obstacle<'_>) -> bool {
        !o.sensor && self.filter.allows(o.id, o.layers)
    }
}

impl<O: Obstacles + ?Sized> Obstacles for Solid<'_, '_, O> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        let inner: &'s O = self.inner;
        if self.plain {
            return inner.near(area, layers, visit);
        }
        inner.near(area, layers, &mut |o| {
            if self.keeps(&o) {
                visit(o);
            }
        });
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.inner.obstacle(id).filter(|o| self.keeps(o))
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        let inner: &'s O = self.inner;
        inner.near_each(queries, &mut |q, o| {
            if self.keeps(&o) {
                visit(q, o);
            }
        });
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        self.inner.refine_hit(id, shape, motion, hit)
    }

    fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    fn has_moving(&self) -> bool {
        self.inner.has_moving()
    }

    fn has_sensors(&self) -> bool {
        false
    }
}
