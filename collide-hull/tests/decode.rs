//! Every PNG colour type, the pixel limit, and broken files.

mod common;

use collide_hull::image::{
    GrayAlphaImage, GrayImage, ImageBuffer, LumaA, Rgb, RgbImage, Rgba, RgbaImage,
};
use collide_hull::{
    decode_png, generate, png_dimensions, Error, Options, DEFAULT_MAX_PIXELS, MAX_PIXELS_LIMIT,
};
use common::*;

/// An 8×4 sprite: a 3×2 block at (2, 1) is the only opaque part.
fn block(x: u32, y: u32) -> bool {
    (2..5).contains(&x) && (1..3).contains(&y)
}

fn vertices_of(png: &[u8]) -> Vec<[i32; 2]> {
    let options = Options {
        frame_width: Some(8),
        ..Options::default()
    };
    let s = generate(png, "t.png", &options).unwrap();
    s.collider.frames[0].vertices.clone()
}

const BLOCK: [[i32; 2]; 4] = [[2, 1], [5, 1], [5, 3], [2, 3]];

#[test]
fn rgba8_and_rgba16() {
    let rgba8 = RgbaImage::from_fn(8, 4, |x, y| {
        Rgba([9, 9, 9, if block(x, y) { 200 } else { 20 }])
    });
    assert_eq!(vertices_of(&encode_png(&rgba8)), BLOCK);
    let rgba16: ImageBuffer<Rgba<u16>, Vec<u16>> = ImageBuffer::from_fn(8, 4, |x, y| {
        Rgba([1, 2, 3, if block(x, y) { 40000 } else { 30000 }])
    });
    assert_eq!(vertices_of(&encode_png(&rgba16)), BLOCK);
}

#[test]
fn sixteen_bit_alpha_is_compared_on_the_same_scale() {
    // 128 × 257 = 32896 is solid at threshold 128; one less is not.
    let img: ImageBuffer<LumaA<u16>, Vec<u16>> = ImageBuffer::from_fn(8, 4, |x, y| {
        LumaA([0, if block(x, y) { 32896 } else { 32895 }])
    });
    assert_eq!(vertices_of(&encode_png(&img)), BLOCK);
}

#[test]
fn grey_alpha_grey_and_rgb() {
    let la = GrayAlphaImage::from_fn(8, 4, |x, y| LumaA([0, if block(x, y) { 255 } else { 0 }]));
    assert_eq!(vertices_of(&encode_png(&la)), BLOCK);
    // No alpha: every pixel is solid, so the hull is the whole frame.
    let whole = vec![[0, 0], [8, 0], [8, 4], [0, 4]];
    let grey = GrayImage::from_fn(8, 4, |_, _| collide_hull::image::Luma([0]));
    assert_eq!(vertices_of(&encode_png(&grey)), whole);
    let rgb = RgbImage::from_fn(8, 4, |_, _| Rgb([0, 0, 0]));
    assert_eq!(vertices_of(&encode_png(&rgb)), whole);
}

#[test]
fn threshold_decides_what_is_solid() {
    let img = RgbaImage::from_fn(8, 4, |x, y| {
        Rgba([0, 0, 0, if block(x, y) { 100 } else { 1 }])
    });
    let png = encode_png(&img);
    let at = |threshold| {
        generate(
            &png,
            "t.png",
            &Options {
                threshold,
                frame_width: Some(8),
                ..Options::default()
            },
        )
        .map(|s| s.collider.frames[0].vertices.clone())
    };
    assert_eq!(at(100).unwrap(), BLOCK);
    assert_eq!(at(1).unwrap(), vec![[0, 0], [8, 0], [8, 4], [0, 4]]);
    assert!(matches!(
        at(101),
        Err(Error::NoSolidPixels { threshold: 101 })
    ));
    assert!(matches!(at(0), Err(Error::InvalidOption(_))));
}

#[test]
fn a_huge_header_is_refused_before_allocating() {
    let png = header_only_png(100_000, 100_000);
    assert_eq!(png_dimensions(&png).unwrap(), (100_000, 100_000));
    let err = decode_png(&png, DEFAULT_MAX_PIXELS).unwrap_err();
    match &err {
        Error::TooLarge {
            width,
            height,
            pixels,
            max_pixels,
        } => {
            assert_eq!((*width, *height), (100_000, 100_000));
            assert_eq!(*pixels, 10_000_000_000);
            assert_eq!(*max_pixels, DEFAULT_MAX_PIXELS);
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    assert!(err.to_string().contains("100000×100000"), "{err}");
    // The same through `generate`, and a configurable limit refuses a real sprite.
    assert!(matches!(
        generate(&png, "h.png", &Options::default()),
        Err(Error::TooLarge { .. })
    ));
    let small = Options {
        max_pixels: 1000,
        ..Options::default()
    };
    assert!(matches!(
        generate(&fixture("player.png"), "p.png", &small),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn a_pixel_limit_above_the_hard_maximum_is_refused() {
    // Decoding this header under a limit of 10¹⁰ pixels asked for 40 GB, and aborted.
    let png = header_only_png(100_000, 100_000);
    assert!(matches!(
        decode_png(&png, 10_000_000_000),
        Err(Error::InvalidOption(_))
    ));
    let options = Options {
        max_pixels: MAX_PIXELS_LIMIT + 1,
        ..Options::default()
    };
    assert!(matches!(options.validate(), Err(Error::InvalidOption(_))));
    assert!(matches!(
        generate(&fixture("player.png"), "p.png", &options),
        Err(Error::InvalidOption(_))
    ));
    // The maximum itself is allowed, and this header is beyond it.
    assert!(matches!(
        decode_png(&png, MAX_PIXELS_LIMIT),
        Err(Error::TooLarge { .. })
    ));
}

#[test]
fn a_header_without_pixels_is_an_error() {
    let png = header_only_png(16, 16);
    assert!(matches!(
        decode_png(&png, DEFAULT_MAX_PIXELS),
        Err(Error::Decode { .. })
    ));
}

#[test]
fn truncated_files_are_errors_never_panics() {
    let png = fixture("fighter.png");
    // Everything cut before the image data ends is an error.
    let iend = png.len() - 12;
    for cut in (0..iend).step_by(7) {
        let result = decode_png(&png[..cut], DEFAULT_MAX_PIXELS);
        assert!(result.is_err(), "cut at {cut} of {} decoded", png.len());
    }
    assert!(matches!(
        decode_png(&[], DEFAULT_MAX_PIXELS),
        Err(Error::NotPng)
    ));
    assert!(matches!(
        decode_png(b"hello world, not a png", DEFAULT_MAX_PIXELS),
        Err(Error::NotPng)
    ));
}

#[test]
fn corrupt_data_is_an_error_never_a_panic() {
    let png = fixture("fighter.png");
    let idat = png.windows(4).position(|w| w == b"IDAT").expect("has IDAT");
    for offset in [4, 9, 20, 40] {
        let mut bad = png.clone();
        bad[idat + offset] ^= 0x5a;
        assert!(
            decode_png(&bad, DEFAULT_MAX_PIXELS).is_err(),
            "flip at IDAT+{offset}"
        );
    }
}
