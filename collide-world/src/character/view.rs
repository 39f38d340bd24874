//! A set of obstacles with some left out: the platform that carries or pushes a character
//! (its own motion moves the character), or the one-way platforms a character stands inside
//! (a snap must not land it on them from below).

use collide_broad::Proxy;
use collide_core::{overlaps, Aabb, Hit, Layers, Motion, Pose, ShapeRef};

use crate::{Obstacle, Obstacles};

/// What [`Without`] leaves out.
#[derive(Clone, Copy)]
pub(super) enum Left<'a> {
    /// The obstacle with this id.
    Id(u32),
    /// Every one-way platform that this shape, at this pose, overlaps.
    OneWayOverlapping(ShapeRef<'a>, Pose),
}

/// `inner` without the obstacles [`Left`] names; every other question goes to `inner`.
pub(super) struct Without<'o, O: ?Sized> {
    inner: &'o O,
    left: Left<'o>,
}

impl<'o, O: Obstacles + ?Sized> Without<'o, O> {
    pub(super) fn new(inner: &'o O, left: Left<'o>) -> Self {
        Self { inner, left }
    }

    fn keeps(&self, o: &Obstacle<'_>) -> bool {
        match self.left {
            Left::Id(id) => o.id != id,
            Left::OneWayOverlapping(shape, pose) => {
                o.one_way.is_none() || !overlaps(shape, &pose, o.shape, &o.pose)
            }
        }
    }
}

impl<O: Obstacles + ?Sized> Obstacles for Without<'_, O> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        let inner: &'s O = self.inner;
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
        self.inner.has_sensors()
    }
}
