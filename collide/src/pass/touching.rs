//! The pieces [`ContactEvents`](crate::ContactEvents) keeps from frame to frame: the pairs of
//! keys that touch ([`Tracked`]), where a key is in this frame's bodies ([`KeyLookup`], a hash
//! table with a hasher for ids), and whether two shapes are within the contact margin at the end of
//! the frame.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use collide_core::{distance, Layers, Pose, ShapeRef};
use collide_world::{working_skin, Obstacles};

use crate::pass::{Body, Outcome};

/// What a keyed body touches: another keyed body, or an obstacle of the static world.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OtherKey {
    /// The body with this [`Body::key`](crate::Body::key).
    Body(u64),
    /// The obstacle with this [`Obstacle::id`](crate::Obstacle::id).
    Obstacle(u32),
}

/// A pair of keys that touch: `a` the smaller key when `b` is a body too.
pub(crate) type PairKey = (u64, OtherKey);

/// One pair touching, as the tracker keeps it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tracked {
    pub key: PairKey,
    /// Whether the latest hit between them was a sensor hit.
    pub sensor: bool,
    /// The frame (of the tracker's count) the pair started touching.
    pub since: u64,
    /// Whether the pass handed a hit between them over this frame.
    pub met: bool,
    /// The body of `a` and the body (or obstacle id) of `b` of the latest hit: where to look
    /// for them first.
    pub hint: (u32, u32),
    /// Whether the latest hit found them overlapping at the end of the frame (or an earlier
    /// hit of this frame did: see `ContactEvents::meet`).
    pub overlap_at_end: bool,
    /// Whether they met this frame through more than one pair of bodies (the parts of a
    /// compound): the end of the frame then looks at every such pair, not only the hint's.
    pub several: bool,
    /// `false` once it stopped touching (its place is taken back later, all at once).
    pub live: bool,
}

/// FxHash's step: a multiply that spreads every bit of the key upwards, enough for ids that
/// differ in their low bits (entity indices) or their high ones (generations).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        // The table takes its buckets from the low bits: fold the high ones in.
        self.0 ^ (self.0 >> 32)
    }
}

/// A hash map keyed by ids, with [`IdHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// Keeps room in `map` for `busiest` entries at least (plus a few), for a map that is
/// cleared before it is filled.
pub(crate) fn keep_map_room<K: Eq + core::hash::Hash, V>(map: &mut FastMap<K, V>, busiest: usize) {
    let want = busiest + 16;
    if map.capacity() < want {
        map.reserve(want - map.len());
    }
}

/// Where each key is among this frame's enabled bodies (the first body with it), built only
/// when a pair's hint misses: a game that keeps its bodies in one order never pays for it.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyLookup {
    map: FastMap<u64, u32>,
    built: bool,
}

impl KeyLookup {
    /// Forgets the last frame's bodies.
    pub(crate) fn clear(&mut self) {
        self.built = false;
    }

    /// The enabled body with `key`: the one at `hint` if it has it, else the first.
    pub(crate) fn find(&mut self, bodies: &[Body<'_>], hint: u32, key: u64) -> Option<usize> {
        let at = hint as usize;
        if bodies.get(at).is_some_and(|b| b.enabled && b.key == key) {
            return Some(at);
        }
        if !self.built {
            self.map.clear();
            keep_map_room(&mut self.map, bodies.len());
            for (i, body) in bodies.iter().enumerate().rev() {
                if let (true, Some(k), Ok(i)) = (body.enabled, body.keyed(), u32::try_from(i)) {
                    self.map.insert(k, i);
                }
            }
            self.built = true;
        }
        self.map.get(&key).map(|&i| i as usize)
    }
}

/// A shape where it ends the frame.
pub(crate) type Placed<'a> = (ShapeRef<'a>, Pose);

/// Body `i` where the pass left it: its outcome's position (its `end`, when no body
/// `turned`), its rotation.
pub(crate) fn placed_body<'a>(
    bodies: &[Body<'a>],
    (outcomes, turned): (&[Outcome], bool),
    i: usize,
) -> Placed<'a> {
    let body = &bodies[i];
    let position = match outcomes.get(i) {
        Some(o) if turned => o.position,
        _ => body.end,
    };
    (body.shape, Pose::new(position, body.rotation))
}

/// Obstacle `id` of `world`, where it stands, if its layers interact with `layers`.
pub(crate) fn placed_obstacle<O: Obstacles + ?Sized>(
    world: &O,
    id: u32,
    layers: Layers,
) -> Option<Placed<'_>> {
    let o = world.obstacle(id)?;
    o.layers.interacts(layers).then_some((o.shape, o.pose))
}

/// Whether `a` and `b` overlap or are at most `margin` apart; far from the origin, the margin
/// is at least twice the skin the pass keeps there ([`working_skin`]), so a body it stopped a
/// skin short still touches. Non-finite poses are never within it.
pub(crate) fn within_margin(a: &Placed<'_>, b: &Placed<'_>, margin: f32) -> bool {
    let (box_a, box_b) = (a.0.aabb(&a.1), b.0.aabb(&b.1));
    let margin = 2.0 * working_skin(margin * 0.5, &[box_a, box_b]);
    // Most pairs that stop touching are well apart: their boxes say so without a query (grown
    // by twice the margin, so that boxes exactly a margin apart still go on to the query).
    if !box_a.grown(2.0 * margin).overlaps(&box_b) {
        return false;
    }
    distance(a.0, &a.1, b.0, &b.1).is_some_and(|d| d.distance <= margin)
}
