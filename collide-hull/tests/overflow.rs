//! The public geometry at the ends of its integer types: no overflow, in debug or release.

use collide_hull::{convex_hull, frame_hull, twice_area, AlphaMask, Layout};

#[test]
fn a_hull_of_the_extreme_corners_is_exact() {
    let (lo, hi) = (i32::MIN, i32::MAX);
    let corners = [[lo, lo], [hi, lo], [hi, hi], [lo, hi]];
    let mut points = corners.to_vec();
    points.push([0, 0]);
    points.push([0, lo]);
    assert_eq!(convex_hull(&points), corners);
    // Twice its area, 2 × (2³² − 1)², is beyond i64: it saturates.
    assert_eq!(twice_area(&corners), i64::MAX);
    let reversed: Vec<_> = corners.iter().rev().copied().collect();
    assert_eq!(twice_area(&reversed), i64::MIN);
}

#[test]
fn frame_origins_saturate_and_unknown_frames_are_empty() {
    let wide = Layout {
        frame_width: 1 << 31,
        frame_height: 1,
        columns: 4,
        rows: 1,
    };
    assert_eq!(wide.frame_origin(1), (1 << 31, 0));
    assert_eq!(wide.frame_origin(3), (u32::MAX, 0));
    assert_eq!(wide.frame_origin(usize::MAX).1, u32::MAX);

    let mask = AlphaMask::new(2, 2, vec![true; 4]).unwrap();
    let one = Layout {
        frame_width: 2,
        frame_height: 2,
        columns: 1,
        rows: 1,
    };
    assert_eq!(frame_hull(&mask, &one, 0), [[0, 0], [2, 0], [2, 2], [0, 2]]);
    assert!(frame_hull(&mask, &one, 1).is_empty());
    assert!(frame_hull(&mask, &one, usize::MAX).is_empty());
    // A frame far bigger than the mask reads only the mask's pixels, and quickly.
    assert_eq!(frame_hull(&mask, &wide, 3), Vec::<[i32; 2]>::new());
    assert_eq!(frame_hull(&mask, &wide, 0).len(), 4);
}
