//! Reading a collider file takes memory in proportion to its frames, not many times its size.

use collide_hull::{ColliderFile, Frame, Simplify, FORMAT_VERSION};
use collide_testkit::alloc::{self as alloc_count, CountingAllocator};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

/// A file of `frames` frames, each the 15-vertex hull of the player sprite's first frame.
fn large_file(frames: u32) -> ColliderFile {
    let vertices = vec![
        [16, 42],
        [17, 28],
        [29, 2],
        [30, 0],
        [34, 0],
        [36, 2],
        [51, 28],
        [53, 42],
        [53, 45],
        [51, 49],
        [41, 59],
        [23, 59],
        [22, 58],
        [17, 49],
        [16, 46],
    ];
    ColliderFile {
        version: FORMAT_VERSION,
        generator: ColliderFile::generator_name(),
        image: "player.png".into(),
        threshold: 128,
        max_vertices: 16,
        simplify: Simplify::Vw,
        frame_width: 64,
        frame_height: 64,
        columns: 100,
        rows: frames / 100,
        frames: vec![Frame { vertices }; frames as usize],
    }
}

#[test]
fn reading_a_file_allocates_a_small_multiple_of_its_size() {
    assert!(alloc_count::is_installed());
    let file = large_file(20_000);
    let text = file.to_json();
    let dir = std::env::temp_dir().join(format!("collide-hull-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("large.collider.json");
    std::fs::write(&path, &text).unwrap();

    // Everything allocated while reading, freed or not: an upper bound on the peak.
    let before = alloc_count::thread_snapshot();
    let read = ColliderFile::read(&path).unwrap();
    let used = alloc_count::thread_snapshot().since(before);
    std::fs::remove_dir_all(&dir).unwrap();

    assert!(read.same_content(&file));
    // The frames take about 1.6× their text (vertex lists grow by doubling) and validation's
    // short-lived hull of each frame about as much again; a tree of JSON values took over 20×.
    let size = text.len() as u64;
    assert!(
        used.bytes < 4 * size,
        "reading {size} bytes allocated {} bytes ({:.1}× the file)",
        used.bytes,
        used.bytes as f64 / size as f64
    );
}
