//! Seeded property tests on random sprites: every hull's invariants against brute force, for
//! both simplifications and every vertex limit.

mod common;

use collide_hull::{enclosing, frame_hull, visvalingam_whyatt, AlphaMask, Layout, Point, Simplify};
use common::*;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, RngAlgorithm, TestRng, TestRunner};

/// A random frame: solid pixels from a few random discs and boxes, plus noise, so hulls get
/// both many vertices and odd shapes.
fn sprite() -> impl Strategy<Value = AlphaMask> {
    (4u32..40, 4u32..40).prop_flat_map(|(w, h)| {
        let shapes = prop::collection::vec((0..w, 0..h, 0u32..9, any::<bool>()), 0..4);
        let noise = prop::collection::vec((0..w, 0..h), 0..6);
        (Just((w, h)), shapes, noise).prop_map(|((w, h), shapes, noise)| {
            let mut solid = vec![false; (w * h) as usize];
            for y in 0..h {
                for x in 0..w {
                    let inside = shapes.iter().any(|&(cx, cy, r, disc)| {
                        let (dx, dy) = (x as i64 - cx as i64, y as i64 - cy as i64);
                        if disc {
                            dx * dx + dy * dy <= (r * r) as i64
                        } else {
                            dx.unsigned_abs() <= r as u64 && dy.unsigned_abs() * 2 <= r as u64
                        }
                    });
                    solid[(y * w + x) as usize] = inside || noise.contains(&(x, y));
                }
            }
            AlphaMask::new(w, h, solid).unwrap()
        })
    })
}

fn runner() -> TestRunner {
    let config = Config {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

fn check(mask: &AlphaMask, max_vertices: usize, simplify: Simplify) -> Result<(), TestCaseError> {
    let layout = Layout::for_image(mask.width(), mask.height(), Some(mask.width()), None).unwrap();
    let corners = solid_corners(mask, &layout, 0);
    let exact = frame_hull(mask, &layout, 0);
    if corners.is_empty() {
        prop_assert!(exact.is_empty());
        return Ok(());
    }
    prop_assert!(same_set(&exact, &brute_force_hull(&corners)));
    prop_assert!(is_strictly_convex_positive(&exact));
    let out: Vec<Point> = if exact.len() <= max_vertices {
        exact.clone()
    } else {
        match simplify {
            Simplify::Vw => visvalingam_whyatt(&exact, max_vertices),
            Simplify::Enclosing => match enclosing(&exact, max_vertices) {
                Some(v) => v,
                None => return Err(TestCaseError::fail(format!("no enclosing hull: {exact:?}"))),
            },
        }
    };
    prop_assert!(out.len() <= max_vertices && out.len() >= 3);
    prop_assert!(is_strictly_convex_positive(&out), "{:?}", out);
    match simplify {
        Simplify::Vw => prop_assert!(out.iter().all(|p| exact.contains(p))),
        Simplify::Enclosing => {
            for &p in &corners {
                prop_assert!(contains(&out, p), "corner {:?} outside {:?}", p, out);
            }
        }
    }
    // Deterministic and independent of where the exact hull starts.
    for start in [1, exact.len() / 2] {
        let mut rotated = exact.clone();
        rotated.rotate_left(start);
        let again = match simplify {
            Simplify::Vw => visvalingam_whyatt(&rotated, max_vertices),
            Simplify::Enclosing => enclosing(&rotated, max_vertices).unwrap_or_default(),
        };
        if exact.len() > max_vertices {
            prop_assert!(
                same_set(&again, &out),
                "start {}: {:?} vs {:?}",
                start,
                again,
                out
            );
        }
    }
    Ok(())
}

#[test]
fn random_sprites_vw() {
    runner()
        .run(&(sprite(), 3usize..=16), |(mask, k)| {
            check(&mask, k, Simplify::Vw)
        })
        .unwrap();
}

#[test]
fn random_sprites_enclosing() {
    runner()
        .run(&(sprite(), 3usize..=16), |(mask, k)| {
            check(&mask, k, Simplify::Enclosing)
        })
        .unwrap();
}
