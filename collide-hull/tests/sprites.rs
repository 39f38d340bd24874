//! The real sprites (copies in `tests/fixtures/`): frame counts, every hull's invariants, and
//! agreement with a brute-force convex hull.

mod common;

use collide_core::glam::Vec2;
use collide_core::Hull;
use collide_hull::{generate, Options, Simplify, Sprite};
use common::*;

fn build(name: &str, frame: Option<(u32, u32)>, simplify: Simplify) -> Sprite {
    let options = Options {
        frame_width: frame.map(|f| f.0),
        frame_height: frame.map(|f| f.1),
        simplify,
        ..Options::default()
    };
    generate(&fixture(name), name, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks every frame of `sprite` against the invariants and the brute-force oracle.
fn check_invariants(sprite: &Sprite) {
    let c = &sprite.collider;
    for (i, frame) in c.frames.iter().enumerate() {
        let corners = solid_corners(&sprite.mask, &sprite.layout, i);
        let v = &frame.vertices;
        if corners.is_empty() {
            assert!(v.is_empty(), "frame {i}: empty frame must have no vertices");
            continue;
        }
        assert!(v.len() <= c.max_vertices, "frame {i}: {} vertices", v.len());
        assert!(is_strictly_convex_positive(v), "frame {i}: {v:?}");
        let points: Vec<Vec2> = v
            .iter()
            .map(|p| Vec2::new(p[0] as f32, p[1] as f32))
            .collect();
        let hull = Hull::new(&points).expect("collide_core accepts it");
        assert_eq!(
            hull.vertex_count(),
            v.len(),
            "frame {i}: Hull::new dropped vertices"
        );
        assert!(hull.area() > 0.0);
        // Positive shoelace area in pixel coordinates, and Hull::new keeps our order.
        assert_eq!(hull.vertices()[0], points[0]);

        let exact = brute_force_hull(&corners);
        assert!(
            same_set(&sprite.exact[i], &exact),
            "frame {i}: exact hull differs from brute force"
        );
        if exact.len() <= c.max_vertices {
            assert!(
                same_set(v, &exact),
                "frame {i}: unsimplified hull differs from brute force"
            );
        }
        match c.simplify {
            Simplify::Vw => assert!(
                v.iter().all(|p| exact.contains(p)),
                "frame {i}: VW invented a vertex"
            ),
            Simplify::Enclosing => {
                for &p in &corners {
                    assert!(contains(v, p), "frame {i}: solid corner {p:?} outside");
                }
            }
        }
    }
}

#[test]
fn player_strip_has_seven_frames() {
    let s = build("player.png", None, Simplify::Vw);
    assert_eq!(s.collider.frames.len(), 7);
    assert_eq!((s.collider.frame_width, s.collider.frame_height), (64, 64));
    assert!(s.empty_frames().is_empty());
    check_invariants(&s);
}

#[test]
fn asteroid_sheet_with_32px_frames_has_64() {
    let s = build("asteroid_32_8_1608776684.png", Some((32, 32)), Simplify::Vw);
    assert_eq!(s.collider.frames.len(), 64);
    assert_eq!((s.collider.columns, s.collider.rows), (8, 8));
    check_invariants(&s);
    // The strip rule alone sees one 256×256 frame.
    let whole = build("asteroid_32_8_1608776684.png", None, Simplify::Vw);
    assert_eq!(whole.collider.frames.len(), 1);
}

#[test]
fn worm_sheet_with_18px_frames_has_32() {
    let s = build("worm.png", Some((18, 18)), Simplify::Vw);
    assert_eq!(s.collider.frames.len(), 32);
    assert_eq!((s.collider.columns, s.collider.rows), (8, 4));
    check_invariants(&s);
    // The strip rule would wrongly see two 72×72 frames.
    assert_eq!(
        build("worm.png", None, Simplify::Vw).collider.frames.len(),
        2
    );
}

#[test]
fn palette_png_with_trns_works() {
    let bytes = fixture("asteroid_clutter.png");
    assert_eq!(bytes[25], 3, "the fixture is colour type 3 (palette)");
    let s = build("asteroid_clutter.png", None, Simplify::Vw);
    assert_eq!(s.collider.frames.len(), 1);
    let solid = s.mask.solid_count();
    assert!(
        solid > 0 && solid < 48 * 48,
        "tRNS must make some pixels transparent"
    );
    check_invariants(&s);
}

#[test]
fn enclosing_keeps_every_solid_pixel_inside() {
    for (name, frame) in [
        ("player.png", None),
        ("fighter.png", None),
        ("worm.png", Some((18, 18))),
        ("asteroid_clutter.png", None),
    ] {
        for max_vertices in [6, 10, 16] {
            let options = Options {
                frame_width: frame.map(|f: (u32, u32)| f.0),
                frame_height: frame.map(|f| f.1),
                simplify: Simplify::Enclosing,
                max_vertices,
                ..Options::default()
            };
            let s = generate(&fixture(name), name, &options).unwrap();
            check_invariants(&s);
            for (change, exact) in s.area_change().iter().zip(&s.exact) {
                assert!(
                    *change >= 0.0 || exact.is_empty(),
                    "{name}: enclosing removed area"
                );
            }
        }
    }
}

#[test]
fn vw_vertex_sets_are_nested_as_the_limit_drops() {
    let sprites: Vec<Sprite> = (3..=16)
        .map(|max_vertices| {
            let options = Options {
                max_vertices,
                ..Options::default()
            };
            generate(&fixture("player.png"), "player.png", &options).unwrap()
        })
        .collect();
    for pair in sprites.windows(2) {
        let (fewer, more) = (&pair[0], &pair[1]);
        check_invariants(fewer);
        for (f, m) in fewer.collider.frames.iter().zip(&more.collider.frames) {
            assert!(f.vertices.iter().all(|p| m.vertices.contains(p)));
            assert!(f.area() <= m.area());
        }
        for change in fewer.area_change() {
            assert!(change <= 0.0, "VW never adds area");
        }
    }
}

#[test]
fn generation_is_deterministic() {
    for simplify in [Simplify::Vw, Simplify::Enclosing] {
        let a = build("worm.png", Some((18, 18)), simplify);
        let b = build("worm.png", Some((18, 18)), simplify);
        assert_eq!(a.collider.to_json(), b.collider.to_json());
    }
}

#[test]
fn preview_draws_every_frame_scaled_with_its_hull() {
    let red = [255, 32, 32, 255];
    let blue = [64, 200, 255, 255];
    let worm = build("worm.png", Some((18, 18)), Simplify::Vw);
    let img = collide_hull::render_preview(&worm).unwrap();
    let scale = collide_hull::PREVIEW_SCALE;
    assert!(img.width() >= 8 * 18 * scale && img.height() >= 4 * 18 * scale);
    let count = |img: &collide_hull::image::RgbaImage, c: [u8; 4]| {
        img.pixels().filter(|p| p.0 == c).count()
    };
    // Each hull's outline is at least as long as a scaled 2×2-pixel square's.
    assert!(count(&img, red) >= 32 * 8 * scale as usize);
    assert_eq!(
        count(&img, blue),
        0,
        "nothing was simplified, so no exact outline is drawn"
    );

    let options = Options {
        max_vertices: 5,
        simplify: Simplify::Enclosing,
        ..Options::default()
    };
    let player = generate(&fixture("player.png"), "player.png", &options).unwrap();
    let img = collide_hull::render_preview(&player).unwrap();
    assert!(
        count(&img, red) > 0 && count(&img, blue) > 0,
        "both outlines are drawn"
    );
}

#[test]
fn gaps_show_the_grid_sheets() {
    let grid = |name: &str| {
        let sprite = build(name, None, Simplify::Vw);
        collide_hull::Layout::from_gaps(&sprite.mask)
            .map(|g| (g.columns, g.rows, g.frame_width, g.frame_height))
    };
    // The sheets the strip rule misreads.
    assert_eq!(grid("worm.png"), Some((8, 4, 18, 18)));
    assert_eq!(grid("asteroid_32_8_1608776684.png"), Some((8, 8, 32, 32)));
    // The strips, as the strip rule reads them; a single sprite is no grid.
    assert_eq!(grid("fighter.png"), Some((10, 1, 18, 18)));
    assert_eq!(grid("player.png"), Some((7, 1, 64, 64)));
    assert_eq!(grid("asteroid_clutter.png"), None);
}
