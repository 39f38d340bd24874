//! The quadtree's first-hit walk: its nodes nearest first, by where the segment enters each
//! node's box, until the caller's cutoff lies before the next one.

use glam::Vec2;

use super::{QuadTree, NONE};
use crate::buffers::keep_headroom;
use crate::proxy::Segment;

impl QuadTree {
    /// [`BroadPhase::cast_segment_until`](crate::BroadPhase::cast_segment_until): best first,
    /// with `heap` as the queue of `(entry, node)`.
    pub(super) fn walk_segment(
        &self,
        from: Vec2,
        to: Vec2,
        heap: &mut Vec<(f32, u32)>,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        heap.clear();
        let Some(segment) = Segment::new(from, to) else {
            return;
        };
        let Some(root) = self.nodes.first() else {
            return;
        };
        // A node's box holds the corners of every object below it, and the slab test is
        // monotone in the box: no object is entered before its node, so once the nearest
        // waiting node lies past the cutoff, so does everything left.
        if let Some(t) = segment.entry(root.lo, root.hi) {
            push(heap, (t, 0));
        }
        let mut cutoff = f32::INFINITY;
        while let Some((t, n)) = pop(heap) {
            if t > cutoff {
                break;
            }
            let node = &self.nodes[n as usize];
            for &i in &self.items[node.start as usize..node.end as usize] {
                let e = &self.entries[i as usize];
                match segment.entry_into(&e.bounds) {
                    Some(t) if t <= cutoff => cutoff = cutoff.min(visit(t, e.id)),
                    _ => {}
                }
            }
            for &c in node.children.iter().filter(|&&c| c != NONE) {
                let child = &self.nodes[c as usize];
                match segment.entry(child.lo, child.hi) {
                    Some(t) if t <= cutoff => push(heap, (t, c)),
                    _ => {}
                }
            }
        }
        keep_headroom(heap);
    }
}

/// Adds `item` to the min-heap `heap` (ordered by its first field, never NaN).
fn push(heap: &mut Vec<(f32, u32)>, item: (f32, u32)) {
    heap.push(item);
    let mut k = heap.len() - 1;
    while k > 0 {
        let parent = (k - 1) / 2;
        if heap[parent].0 <= heap[k].0 {
            break;
        }
        heap.swap(parent, k);
        k = parent;
    }
}

/// Takes the smallest item off the min-heap `heap`.
fn pop(heap: &mut Vec<(f32, u32)>) -> Option<(f32, u32)> {
    let last = heap.pop()?;
    let Some(&top) = heap.first() else {
        return Some(last);
    };
    heap[0] = last;
    let mut k = 0;
    loop {
        let (a, b) = (2 * k + 1, 2 * k + 2);
        let mut least = k;
        if a < heap.len() && heap[a].0 < heap[least].0 {
            least = a;
        }
        if b < heap.len() && heap[b].0 < heap[least].0 {
            least = b;
        }
        if least == k {
            return Some(top);
        }
        heap.swap(k, least);
        k = least;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_gives_its_items_smallest_first() {
        let mut rng = collide_testkit::SplitMix64::new(0x51ED_0A7E);
        let mut heap = Vec::new();
        let mut want = Vec::new();
        for id in 0..300 {
            // Many repeats, so ties are tried too.
            let t = (rng.next_u64() % 50) as f32 / 7.0;
            push(&mut heap, (t, id));
            want.push(t);
        }
        want.sort_by(f32::total_cmp);
        let got: Vec<f32> = core::iter::from_fn(|| pop(&mut heap))
            .map(|(t, _)| t)
            .collect();
        assert_eq!(got, want);
    }
}
