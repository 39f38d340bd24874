//! Platforms and sensors among the static bodies: bodies that block from one side only, bodies
//! a game moves each frame, re-indexed where they go without a rebuild, and bodies that only
//! report what meets them.

use collide_core::{Aabb, Layers, Pose};
use glam::Vec2;

use super::{Standing, StaticBodies, StaticBody, StaticHandle};
use crate::obstacles::touches;
use crate::Obstacle;

impl StaticBodies {
    /// Makes a body a one-way platform whose solid side faces `up` (normalized here; see
    /// [`Obstacle::one_way`](crate::Obstacle::one_way)), or, with `None`, one that blocks from
    /// every side again. Takes effect at once, index and all (no
    /// [`refresh`](Self::refresh) needed).
    ///
    /// Returns `false`, and changes nothing, when the handle is stale or `up` has no direction
    /// (zero, NaN or infinite).
    pub fn set_one_way(&mut self, handle: StaticHandle, up: Option<Vec2>) -> bool {
        let one_way = match up.map(Vec2::try_normalize) {
            Some(None) => return false,
            Some(Some(up)) => Some(up),
            None => None,
        };
        let Some(body) = self.body_mut(handle) else {
            return false;
        };
        body.one_way = one_way;
        self.reindex(handle.index, false);
        true
    }

    /// Makes a body a sensor (`true`: reported where a body meets it, never stopping, turning
    /// or pushing one; see [`Obstacle::sensor`](crate::Obstacle::sensor)) or a solid body
    /// again (`false`). Takes effect at once, index and all (no [`refresh`](Self::refresh)
    /// needed). Returns `false`, and changes nothing, when the handle is stale.
    pub fn set_sensor(&mut self, handle: StaticHandle, sensor: bool) -> bool {
        let Some(body) = self.body_mut(handle) else {
            return false;
        };
        let was = core::mem::replace(&mut body.sensor, sensor);
        match (was, sensor) {
            (false, true) => self.sensors += 1,
            (true, false) => self.sensors -= 1,
            _ => {}
        }
        self.reindex(handle.index, false);
        true
    }

    /// Moves a body to `pose`, where queries find it from now on, and records `velocity`, how
    /// far it moved this frame to get there (a moving platform's: what carries a body standing
    /// on it), as its obstacle's [`velocity`](crate::Obstacle::velocity).
    ///
    /// The velocity stays until the next call: a platform that stops is moved with velocity
    /// zero. The index follows at once, with no [`refresh`](Self::refresh) needed and no
    /// remove and add: a body whose box stays in its cell of the index costs a few writes; one
    /// that leaves it is checked by every query from then on, until a refresh rebuilds the
    /// index (which one does once many bodies have left their cells).
    ///
    /// The set moves nothing else: a body standing on a platform that rose into it is inside
    /// it after the move (pushed out of a solid one by its next `move_and_slide`, passing
    /// through a one-way one), so a controller carries what stands on a platform by its
    /// velocity first.
    ///
    /// Returns `false`, and changes nothing, when the handle is stale, or `pose`, `velocity` or
    /// the body's box at `pose` is not finite.
    pub fn move_body(&mut self, handle: StaticHandle, pose: Pose, velocity: Vec2) -> bool {
        if !(velocity.is_finite() && pose.is_finite()) {
            return false;
        }
        let Some(body) = self.body_mut(handle) else {
            return false;
        };
        let bounds = body.shape.as_shape_ref().aabb(&pose);
        if !(bounds.center.is_finite() && bounds.half_extents.is_finite()) {
            return false;
        }
        let was_moving = body.velocity != Vec2::ZERO;
        body.pose = pose;
        body.velocity = velocity;
        match (was_moving, velocity != Vec2::ZERO) {
            (false, true) => self.movers.push(handle.index),
            (true, false) => self.forget_mover(handle.index),
            _ => {}
        }
        self.reindex(handle.index, true);
        true
    }

    /// Takes body `index` off the list of movers.
    pub(super) fn forget_mover(&mut self, index: u32) {
        if let Some(i) = self.movers.iter().position(|&id| id == index) {
            self.movers.swap_remove(i);
        }
    }

    /// [`Obstacles::movers_near`](crate::Obstacles::movers_near) over the listed movers.
    pub(super) fn visit_movers<'s>(
        &'s self,
        area: &Aabb,
        layers: Layers,
        visit: &mut dyn FnMut(Obstacle<'s>),
    ) {
        for &id in &self.movers {
            let Some(o) = self.body_at(id) else { continue };
            if o.layers.interacts(layers) && touches(&o.path_bounds(), area) {
                visit(o);
            }
        }
    }

    /// The body behind a handle, to change it; `None` when the handle is stale.
    fn body_mut(&mut self, handle: StaticHandle) -> Option<&mut StaticBody> {
        let slot = self.slots.get_mut(handle.index as usize)?;
        if slot.generation != handle.generation {
            return None;
        }
        slot.body.as_mut()
    }

    /// Brings body `index`'s entry in the index up to date with its slot, moving its box when
    /// `moved`; nothing while the index is stale (the next refresh builds it from the slots).
    fn reindex(&mut self, index: u32, moved: bool) {
        if self.dirty {
            return;
        }
        let i = index as usize;
        let (Some(Some(body)), Some(&place)) = (
            self.slots.get(i).map(|s| s.body.as_ref()),
            self.places.get(i),
        ) else {
            return;
        };
        let standing = Standing::of(index, body);
        if moved {
            self.places[i] = self.index.relocate(place, &body.bounds(), standing);
        } else if let Some(entry) = self.index.data_mut(place) {
            *entry = standing;
        }
    }
}
