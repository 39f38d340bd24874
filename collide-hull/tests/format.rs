//! The `.collider.json` format: round trips, refusals, and loading into `collide_core::Hull`s.

mod common;

use collide_core::glam::Vec2;
use collide_hull::{
    collider_path, load_beside, ColliderFile, Error, Frame, Origin, Placement, Simplify, YAxis,
    FORMAT_VERSION,
};
use common::*;

/// The collider file of the worm sheet (8×4 frames of 18×18), as the hull tool wrote it:
/// [`the_worm_fixture_is_what_the_tool_generates`] checks that it still does.
fn worm() -> ColliderFile {
    ColliderFile::from_json(&String::from_utf8(fixture("worm.collider.json")).unwrap()).unwrap()
}

#[cfg(feature = "png")]
fn generated_worm() -> ColliderFile {
    let options = collide_hull::Options {
        frame_width: Some(18),
        frame_height: Some(18),
        ..collide_hull::Options::default()
    };
    collide_hull::generate(&fixture("worm.png"), "worm.png", &options)
        .unwrap()
        .collider
}

#[cfg(feature = "png")]
#[test]
fn the_worm_fixture_is_what_the_tool_generates() {
    let generated = generated_worm();
    assert!(generated.same_content(&worm()));
    // The tool records itself, at this crate's version.
    let value: serde_json::Value = serde_json::from_str(&generated.to_json()).unwrap();
    assert_eq!(
        value["generator"],
        format!("collide-hull {}", env!("CARGO_PKG_VERSION"))
    );
}

fn square_file(vertices: Vec<[i32; 2]>) -> ColliderFile {
    ColliderFile {
        version: FORMAT_VERSION,
        generator: ColliderFile::generator_name(),
        image: "sq.png".into(),
        threshold: 128,
        max_vertices: 16,
        simplify: Simplify::Vw,
        frame_width: 4,
        frame_height: 4,
        columns: 2,
        rows: 1,
        frames: vec![Frame { vertices }, Frame { vertices: vec![] }],
    }
}

#[test]
fn json_round_trips() {
    let file = worm();
    let text = file.to_json();
    assert_eq!(ColliderFile::from_json(&text).unwrap(), file);
    // It is ordinary JSON with the documented keys.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    for key in [
        "version",
        "generator",
        "image",
        "threshold",
        "max_vertices",
        "simplify",
        "frame_width",
        "frame_height",
        "columns",
        "rows",
        "frames",
    ] {
        assert!(value.get(key).is_some(), "missing {key}");
    }
    assert_eq!(value["version"], 1);
    assert_eq!(value["simplify"], "vw");
    assert_eq!(value["generator"], file.generator.as_str());
    assert_eq!(value["frames"].as_array().unwrap().len(), 32);
    // An empty frame round-trips too.
    let with_empty = square_file(vec![[0, 0], [4, 0], [4, 4], [0, 4]]);
    assert_eq!(
        ColliderFile::from_json(&with_empty.to_json()).unwrap(),
        with_empty
    );
}

#[test]
fn unknown_versions_are_refused() {
    let text = worm().to_json();
    for (from, to) in [
        ("\"version\": 1,", "\"version\": 2,"),
        ("\"version\": 1,", "\"version\": \"1\","),
        ("\"version\": 1,", ""),
    ] {
        let bad = text.replacen(from, to, 1);
        let err = ColliderFile::from_json(&bad).unwrap_err();
        assert!(
            matches!(err, Error::UnsupportedVersion { .. }),
            "{to}: {err}"
        );
        assert!(err.to_string().contains("version"), "{err}");
    }
}

#[test]
fn malformed_files_are_refused_with_a_named_problem() {
    let good = square_file(vec![[0, 0], [4, 0], [4, 4], [0, 4]]).to_json();
    let cases: [(String, &str); 9] = [
        ("{ not json".into(), "key must be a string"),
        ("[1, 2]".into(), "not a JSON object"),
        (good.replace("\"frames\"", "\"framez\""), "framez"),
        (good.replace("  \"rows\": 1,\n", ""), "rows"),
        (good.replace("\"rows\": 1", "\"rows\": 2"), "frames"),
        (
            good.replace(
                "[[0, 0], [4, 0], [4, 4], [0, 4]]",
                "[[0, 0], [0, 4], [4, 4], [4, 0]]",
            ),
            "frame 0",
        ),
        (
            good.replace(
                "[[0, 0], [4, 0], [4, 4], [0, 4]]",
                "[[0, 0], [4, 0], [2, 1], [4, 4], [0, 4]]",
            ),
            "frame 0",
        ),
        (good.replace("[4, 4]", "[4.5, 4]"), "floating point"),
        (
            good.replace("\"max_vertices\": 16", "\"max_vertices\": 17"),
            "max_vertices",
        ),
    ];
    for (text, named) in cases {
        let err = ColliderFile::from_json(&text).expect_err(&text);
        let chain = causes(&err);
        assert!(chain.contains(named), "expected {named:?} in {chain}");
    }
    assert!(ColliderFile::from_json(&good).is_ok());
}

#[test]
fn coordinates_beyond_the_limit_are_refused_even_at_i32_min() {
    let text = r#"{"version": 1, "generator": "g", "image": "x.png", "threshold": 128,
        "max_vertices": 16, "simplify": "vw", "frame_width": 4, "frame_height": 4,
        "columns": 1, "rows": 1,
        "frames": [ { "vertices": [[-2147483648, 0], [0, -2147483648], [16, 0], [0, 16]] } ]}"#;
    let err = ColliderFile::from_json(text).unwrap_err();
    assert!(matches!(err, Error::Invalid(_)), "{err}");
    for v in [i32::MIN, i32::MAX, -(1 << 24) - 1, (1 << 24) + 1] {
        let mut file = square_file(vec![[0, 0], [4, 0], [4, 4], [0, 4]]);
        file.frames[0].vertices[0] = [v, 0];
        assert!(matches!(file.validate(), Err(Error::Invalid(_))), "{v}");
        file.frames[0].vertices[0] = [0, v];
        assert!(matches!(file.validate(), Err(Error::Invalid(_))), "{v}");
    }
    // The limit itself is allowed.
    let edge = square_file(vec![[-(1 << 24), -(1 << 24)], [4, 0], [4, 4], [0, 4]]);
    assert!(edge.validate().is_ok());
}

#[test]
fn an_image_name_with_a_folder_part_is_refused() {
    let mut file = square_file(vec![[0, 0], [4, 0], [4, 4], [0, 4]]);
    for bad in [
        "../png/rgb.png",
        "/etc/rgb.png",
        "png/rgb.png",
        "png\\rgb.png",
        "C:\\rgb.png",
        // Drive-relative on Windows: the file `rgb.png` in drive C's current folder.
        "C:rgb.png",
        "z:rgb.png",
        // No system names a file with a NUL byte.
        "rgb\0.png",
        "..",
        ".",
        "",
    ] {
        file.image = bad.into();
        assert!(matches!(file.validate(), Err(Error::Invalid(_))), "{bad:?}");
        let err = ColliderFile::from_json(&file.to_json()).unwrap_err();
        assert!(causes(&err).contains("image"), "{bad:?}: {err}");
    }
    for good in ["rgb.png", "ship.v2.png", "a..b.png", "no extension"] {
        file.image = good.into();
        assert!(file.validate().is_ok(), "{good:?}");
    }
}

/// `generate` refuses an image name its collider file could not hold: the file it wrote was
/// one that `from_json` then refused.
#[cfg(feature = "png")]
#[test]
fn generate_refuses_an_image_name_with_a_folder_part() {
    let png = fixture("worm.png");
    let options = collide_hull::Options::default();
    for bad in ["../evil.png", "", "C:worm.png", "sprites/worm.png"] {
        let err = collide_hull::generate(&png, bad, &options).err();
        assert!(matches!(err, Some(Error::Invalid(_))), "{bad:?}: {err:?}");
    }
    let sprite = collide_hull::generate(&png, "worm.png", &options).unwrap();
    let text = sprite.collider.to_json();
    assert_eq!(ColliderFile::from_json(&text).unwrap(), sprite.collider);
}

#[test]
fn a_byte_order_mark_is_allowed() {
    let file = worm();
    let text = format!("\u{feff}{}", file.to_json());
    assert_eq!(ColliderFile::from_json(&text).unwrap(), file);
    let dir = std::env::temp_dir().join(format!("collide-hull-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("worm.png");
    std::fs::write(collider_path(&png), &text).unwrap();
    assert_eq!(ColliderFile::read(&collider_path(&png)).unwrap(), file);
    assert_eq!(load_beside(&png).unwrap(), Some(file));
    // Only at the start: elsewhere it is not JSON.
    let inside = text
        .replacen("\u{feff}", "", 1)
        .replacen('{', "{\u{feff}", 1);
    assert!(matches!(
        ColliderFile::from_json(&inside),
        Err(Error::Json(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn only_an_object_is_a_collider_file() {
    // serde would read a struct from an array of its fields in order; the format is an object.
    let fields = r#"[1, "g", "sq.png", 128, 16, "vw", 4, 4, 1, 1, [{"vertices": []}]]"#;
    assert!(matches!(
        ColliderFile::from_json(fields),
        Err(Error::Invalid(_))
    ));
    // A folder opens on some systems and then fails to read: a read error, not malformed JSON.
    let dir = std::env::temp_dir();
    assert!(matches!(ColliderFile::read(&dir), Err(Error::Io { .. })));
}

/// The error and its causes, as a reporter prints them: the parser's message is a cause.
fn causes(err: &Error) -> String {
    let mut text = err.to_string();
    let mut next = std::error::Error::source(err);
    while let Some(cause) = next {
        text = format!("{text}: {cause}");
        next = cause.source();
    }
    text
}

#[test]
fn content_comparison_ignores_the_generator() {
    let a = worm();
    let mut b = a.clone();
    b.generator = "collide-hull 99.0.0".into();
    assert!(a.same_content(&b));
    b.frames[3].vertices.pop();
    assert!(!a.same_content(&b));
}

#[test]
fn load_beside_finds_the_sibling_file() {
    let dir = std::env::temp_dir().join(format!("collide-hull-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("worm.png");
    std::fs::write(&png, fixture("worm.png")).unwrap();
    assert!(
        load_beside(&png).unwrap().is_none(),
        "no file yet: fall back to a circle or box"
    );

    let file = worm();
    std::fs::write(collider_path(&png), file.to_json()).unwrap();
    assert_eq!(load_beside(&png).unwrap(), Some(file));

    std::fs::write(collider_path(&png), "{\"version\": 7}").unwrap();
    assert!(matches!(
        load_beside(&png),
        Err(Error::UnsupportedVersion { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn placements_move_scale_and_flip() {
    let file = square_file(vec![[0, 0], [4, 0], [4, 4], [0, 2]]);
    let near = |a: Vec2, b: Vec2| (a - b).length() < 1e-6;

    let top_left = Placement {
        origin: Origin::TopLeft,
        scale: 1.0,
        y_axis: YAxis::Down,
    };
    let hulls = file.hulls(&top_left).unwrap();
    assert!(hulls[1].is_none(), "the empty frame has no hull");
    let h = hulls[0].unwrap();
    assert!(
        near(h.vertices()[0], Vec2::new(0.0, 0.0)) && near(h.vertices()[2], Vec2::new(4.0, 4.0))
    );
    assert!((h.area() - 12.0).abs() < 1e-5);

    let centred_up = Placement {
        origin: Origin::Center,
        scale: 0.5,
        y_axis: YAxis::Up,
    };
    let h = file.hulls(&centred_up).unwrap()[0].unwrap();
    assert!(h.area() > 0.0, "flipping y keeps positive area");
    assert!((h.area() - 3.0).abs() < 1e-5);
    // Pixel (4, 4) is 2 right of and 2 below the centre: (1, -1) at half scale, y up.
    assert!(h.vertices().iter().any(|&v| near(v, Vec2::new(1.0, -1.0))));
    assert!(h.vertices().iter().any(|&v| near(v, Vec2::new(-1.0, 1.0))));

    // Every frame needs a hull for the multi-frame collider.
    assert!(matches!(
        file.animated(&Placement::default()),
        Err(Error::EmptyFrame { frame: 1 })
    ));
    let mut full = worm().animated(&Placement::default()).unwrap();
    assert_eq!(full.frame_count(), 32);
    full.set_frame(31).unwrap();
    assert!(full.active().is_some());

    // A scale that is not finite and positive is refused before any frame (a negative one
    // turned the sprite round without a word).
    for scale in [0.0, -1.0, -0.5, f32::NAN, f32::INFINITY] {
        let bad = Placement {
            scale,
            ..Placement::default()
        };
        assert!(
            matches!(worm().hulls(&bad), Err(Error::InvalidOption(_))),
            "{scale}"
        );
        assert!(worm().animated(&bad).is_err(), "{scale}");
    }
    // One so large that the vertices overflow names the frame.
    let huge = Placement {
        scale: 1e38,
        ..Placement::default()
    };
    assert!(matches!(
        worm().hulls(&huge),
        Err(Error::Hull { frame: 0, .. })
    ));
}
