//! The limits that keep a hostile Tiled map from taking the process down: groups nested
//! too deep are an error (not a stack overflow), and the map at a limit still loads.

use collide_levels::{ErrorKind, TiledMap, TiledOptions};

/// A `.tmx` map whose one tile layer is inside `depth` nested groups.
fn nested_tmx(depth: usize) -> String {
    let layer =
        r#"<layer name="floor" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>"#;
    format!(
        r#"<map width="2" height="2" tilewidth="16" tileheight="16">{}{layer}{}</map>"#,
        r#"<group name="g">"#.repeat(depth),
        "</group>".repeat(depth)
    )
}

/// The same map as `.tmj`.
fn nested_tmj(depth: usize) -> String {
    let layer = r#"{"type":"tilelayer","name":"floor","width":2,"height":2,"data":[0,0,0,0]}"#;
    format!(
        r#"{{"width":2,"height":2,"tilewidth":16,"tileheight":16,"layers":[{}{layer}{}]}}"#,
        r#"{"type":"group","name":"g","layers":["#.repeat(depth),
        "]}".repeat(depth)
    )
}

/// `f` run on a thread with a small stack (the test harness's threads have more), so that
/// a loader that recursed once per group would overflow it.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let thread = std::thread::Builder::new().stack_size(512 * 1024);
    thread.spawn(f).unwrap().join().unwrap()
}

#[test]
fn groups_nested_past_the_cap_are_an_error_and_at_the_cap_load() {
    let cap = TiledMap::MAX_GROUP_DEPTH;
    for depth in [cap + 1, 10_000] {
        let tmx = on_small_stack(move || {
            TiledMap::from_tmx("deep.tmx", &nested_tmx(depth), &TiledOptions::new()).err()
        });
        let err = tmx.expect("an error");
        assert!(
            matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("nest")),
            "{err}"
        );
        assert_eq!(
            (err.file.as_str(), err.layer.as_deref()),
            ("deep.tmx", Some("g"))
        );
        let tmj = on_small_stack(move || {
            TiledMap::from_tmj("deep.tmj", &nested_tmj(depth), &TiledOptions::new()).err()
        });
        assert_eq!(tmj.expect("an error").file, "deep.tmj");
    }
    let tmj = nested_tmj(cap + 1);
    let err = TiledMap::from_tmj("deep.tmj", &tmj, &TiledOptions::new()).unwrap_err();
    assert!(
        matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("nest")),
        "{err}"
    );
    let at_cap = on_small_stack(move || {
        let tmx = TiledMap::from_tmx("deep.tmx", &nested_tmx(cap), &TiledOptions::new());
        let tmj = TiledMap::from_tmj("deep.tmj", &nested_tmj(cap), &TiledOptions::new());
        (tmx.unwrap().layers.len(), tmj.unwrap().layers.len())
    });
    assert_eq!(at_cap, (1, 1));
}
