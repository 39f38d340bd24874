//! How the broad phases, the static world and the pass grow their buffers: with headroom, so
//! that a scene that drifts a little from frame to frame stops allocating after a few frames.

/// Grows `v`'s capacity to half again its length when it has less, so a frame a little busier
/// than the last one never reallocates: "no allocation in steady state" holds for scenes that
/// vary from frame to frame, not only for identical ones.
#[inline]
pub fn keep_headroom<T>(v: &mut Vec<T>) {
    keep_room(v, v.len());
}

/// Grows `v`'s capacity to half again `peak` (plus a few) when it has less: the headroom of
/// [`keep_headroom`] for a buffer whose length peaked during the frame, or for one that must
/// be ready for `peak` items before it holds them.
#[inline]
pub fn keep_room<T>(v: &mut Vec<T>, peak: usize) {
    let want = peak.saturating_add(peak / 2).saturating_add(16);
    if v.capacity() < want {
        v.reserve(want - v.len());
    }
}

/// Grows `v`'s capacity to `total` when it has less: for buffers with a bound that does not
/// drift with the scene (such as the number of objects).
#[inline]
pub fn reserve_total<T>(v: &mut Vec<T>, total: usize) {
    if v.capacity() < total {
        v.reserve(total - v.len());
    }
}
