//! A set of obstacles seen through a rule that keeps some of them ([`Kept`]): what a slide may
//! stop at, or a set with a character's own platform left out. Every question but which
//! obstacles there are goes to the set itself.

use collide_broad::Proxy;
use collide_core::{Aabb, Hit, Impact, Layers, Motion, ShapeRef};

use crate::{Obstacle, Obstacles, WorldHit};
use glam::Vec2;

/// Which obstacles a [`Kept`] view keeps.
pub(crate) trait Keep {
    /// Whether it keeps this one.
    fn keeps(&self, o: &Obstacle<'_>) -> bool;

    /// It keeps every obstacle: the set answers as it is, with no test per obstacle.
    fn keeps_all(&self) -> bool {
        false
    }

    /// It may keep sensors (`false`: the view holds none, whatever the set does).
    fn keeps_sensors(&self) -> bool {
        true
    }

    /// What it leaves out is gone from the level: a face only those covered is exposed (a
    /// query's filter). `false` where they still stand there, only not met (a character's
    /// view without the platform it rides): the set's face rule stands as it is.
    fn exposes_faces(&self) -> bool {
        true
    }
}

/// What a query's own rule keeps (a [`QueryFilter`](crate::QueryFilter)'s): gone from the
/// level, what it leaves out covers no face.
pub(crate) struct ByFn<'k>(pub(crate) &'k dyn Fn(&Obstacle<'_>) -> bool);

impl Keep for ByFn<'_> {
    fn keeps(&self, o: &Obstacle<'_>) -> bool {
        (self.0)(o)
    }
}

/// `inner` with only the obstacles `keep` keeps.
pub(crate) struct Kept<'o, O: ?Sized, K> {
    pub(crate) inner: &'o O,
    pub(crate) keep: K,
}

impl<O: ?Sized, K: Keep> Kept<'_, O, K> {
    /// Whether obstacle `o` counts in the set's face rule as this view sees it: what the view
    /// leaves out still stands there unless it is gone from the level.
    fn counts(&self, o: &Obstacle<'_>) -> bool {
        !self.keep.exposes_faces() || self.keep.keeps_all() || self.keep.keeps(o)
    }
}

impl<O: Obstacles + ?Sized, K: Keep> Obstacles for Kept<'_, O, K> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        let inner: &'s O = self.inner;
        if self.keep.keeps_all() {
            return inner.near(area, layers, visit);
        }
        inner.near(area, layers, &mut |o| {
            if self.keep.keeps(&o) {
                visit(o);
            }
        });
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.inner.obstacle(id).filter(|o| self.keep.keeps(o))
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        let inner: &'s O = self.inner;
        inner.near_each(queries, &mut |q, o| {
            if self.keep.keeps(&o) {
                visit(q, o);
            }
        });
    }

    /// The set's, with the obstacles this view leaves out gone from it where they are gone
    /// from the level ([`refine_hit_among`](crate::refine_hit_among)).
    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        if self.keep.keeps_all() || !self.keep.exposes_faces() {
            return self.inner.refine_hit(id, shape, motion, hit);
        }
        let keeps = |o: &Obstacle<'_>| self.keep.keeps(o);
        self.inner.refine_hit_kept(id, shape, motion, hit, &keeps)
    }

    /// The set's, for what both `keeps` and this view keep (what this view leaves out counts
    /// where it still stands there).
    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        let both = |o: &Obstacle<'_>| keeps(o) && self.counts(o);
        self.inner.refine_hit_kept(id, shape, motion, hit, &both)
    }

    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        self.inner.cast_ray_on(o, from, to)
    }

    /// The set's, where it names an obstacle this view keeps; a seam beside an obstacle gone
    /// from the level is none.
    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        let hit = if self.keep.keeps_all() || !self.keep.exposes_faces() {
            self.inner.seam_hit(from, to, layers, one_way)?
        } else {
            let keeps = |o: &Obstacle<'_>| self.keep.keeps(o);
            self.inner
                .seam_hit_kept(from, to, layers, one_way, &keeps)?
        };
        self.obstacle(hit.id).map(|_| hit)
    }

    /// The set's, for what both `keeps` and this view count, where it names an obstacle this
    /// view keeps.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        let both = |o: &Obstacle<'_>| keeps(o) && self.counts(o);
        let hit = self.inner.seam_hit_kept(from, to, layers, one_way, &both)?;
        self.obstacle(hit.id).map(|_| hit)
    }

    fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    fn has_moving(&self) -> bool {
        self.inner.has_moving()
    }

    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        let inner: &'s O = self.inner;
        if self.keep.keeps_all() {
            return inner.movers_near(area, layers, visit);
        }
        inner.movers_near(area, layers, &mut |o| {
            if self.keep.keeps(&o) {
                visit(o);
            }
        });
    }

    fn has_sensors(&self) -> bool {
        self.keep.keeps_sensors() && self.inner.has_sensors()
    }
}
