//! Crowds: many objects in one cell, one node or at one x, such as a game's pooled objects
//! parked at one point. Objects whose layers never interact must not cost a test per pair, so
//! a broad phase sorts a crowd by layers and, in its pair loops, skips each run of objects on
//! layers that do not interact with the object at hand: one test per run instead of one per
//! object.

use collide_core::Layers;

/// More objects than this in one cell (grid), one node (quadtree) or at one x (sort and
/// sweep) make a crowd. Ordinary scenes have none, and their pair loops stay as they are.
pub(crate) const CROWD: usize = 32;

/// The sort key that puts objects on the same layers next to each other.
#[inline]
pub(crate) fn layers_key(layers: Layers) -> u64 {
    u64::from(layers.layer) << 32 | u64::from(layers.mask)
}

/// Fills `ends` so that `ends[j]` is where the run of `j` ends: the first index after `j`
/// whose group (`group(index)`: the cell or node, and [`layers_key`]) differs from `j`'s.
pub(crate) fn find_run_ends(len: usize, group: impl Fn(usize) -> (u32, u64), ends: &mut Vec<u32>) {
    ends.clear();
    ends.resize(len, len as u32);
    for j in (0..len.saturating_sub(1)).rev() {
        ends[j] = if group(j) == group(j + 1) {
            ends[j + 1]
        } else {
            j as u32 + 1
        };
    }
}

/// Calls `test(j)` for each `j` in `lo..hi`, but jumps to `ends[j]` (see [`find_run_ends`])
/// wherever `interacts(j)` is false: the rest of that run is on the same layers as `j`.
#[inline]
pub(crate) fn each_interacting(
    lo: usize,
    hi: usize,
    ends: &[u32],
    mut interacts: impl FnMut(usize) -> bool,
    mut test: impl FnMut(usize),
) {
    let mut j = lo;
    while j < hi {
        if interacts(j) {
            test(j);
            j += 1;
        } else {
            j = ends[j] as usize;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_end_where_the_group_changes_and_skipping_visits_the_rest() {
        let groups = [(0, 1), (0, 1), (0, 2), (1, 2), (1, 2), (1, 2), (2, 1)];
        let mut ends = Vec::new();
        find_run_ends(groups.len(), |j| groups[j], &mut ends);
        assert_eq!(ends, [2, 2, 3, 6, 6, 6, 7]);
        // Layers 2 do not interact: each of their runs costs one look.
        let (mut looked, mut tested) = (Vec::new(), Vec::new());
        each_interacting(
            1,
            7,
            &ends,
            |j| {
                looked.push(j);
                groups[j].1 != 2
            },
            |j| tested.push(j),
        );
        assert_eq!(looked, [1, 2, 3, 6]);
        assert_eq!(tested, [1, 6]);
    }
}
