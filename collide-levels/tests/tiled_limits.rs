//! The limits that keep a hostile Tiled map from taking the process down: groups nested
//! too deep are an error (not a stack overflow), a polygon of too many points is an error
//! (not a minute of splitting it), and the map at a limit still loads; a tileset at global
//! id 0 (the empty cell) is an error, not a first tile lost.

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

/// A `.tmx` map of `layers` tile layers of `side` × `side` cells, whose data holds no tile:
/// cheap to write, and an error of its own once a layer's data is read.
fn layered_tmx(layers: usize, side: u32) -> String {
    let layer = format!(
        r#"<layer name="l" width="{side}" height="{side}"><data encoding="csv"></data></layer>"#
    );
    format!(
        r#"<map width="{side}" height="{side}" tilewidth="16" tileheight="16">{}</map>"#,
        layer.repeat(layers)
    )
}

/// The same map as `.tmj`, its layers in a group.
fn layered_tmj(layers: usize, side: u32) -> String {
    let layer =
        format!(r#"{{"type":"tilelayer","name":"l","width":{side},"height":{side},"data":[]}}"#);
    let layers = vec![layer; layers].join(",");
    format!(
        r#"{{"width":{side},"height":{side},"tilewidth":16,"tileheight":16,
        "layers":[{{"type":"group","name":"g","layers":[{layers}]}}]}}"#
    )
}

#[test]
fn tile_layers_past_the_total_cells_are_an_error_before_any_data_is_read() {
    // 16 layers of 4096 × 4096 cells are the cap: each layer's (empty) data is read, and is
    // an error naming it. One more layer and the map is refused as a whole, unread.
    let side = 4096;
    let at_cap = TiledMap::MAX_TOTAL_CELLS / (side * side) as usize;
    assert_eq!(at_cap, 16);
    let options = TiledOptions::new();
    let over = |err: &collide_levels::Error| {
        matches!(&err.kind, ErrorKind::Invalid(m) if m.contains("in all")) && err.layer.is_none()
    };
    for layers in [at_cap, at_cap + 1] {
        let tmx = TiledMap::from_tmx("big.tmx", &layered_tmx(layers, side), &options);
        let tmj = TiledMap::from_tmj("big.tmj", &layered_tmj(layers, side), &options);
        for err in [tmx.unwrap_err(), tmj.unwrap_err()] {
            assert_eq!(over(&err), layers > at_cap, "{layers} layers: {err}");
            assert_eq!(err.layer.is_some(), layers == at_cap, "{err}");
        }
    }
}

/// A `.tmx` map whose one object is a circle-like convex polygon of `points` points, radius
/// 1 000 pixels.
fn polygon_tmx(points: usize) -> String {
    let ring: String = (0..points)
        .map(|i| {
            let a = i as f64 / points as f64 * std::f64::consts::TAU;
            format!("{:.4},{:.4} ", 1000.0 * a.cos(), 1000.0 * a.sin())
        })
        .collect();
    format!(
        r#"<map width="1" height="1" tilewidth="16" tileheight="16"><objectgroup name="o"><object id="5" x="0" y="0"><polygon points="{ring}"/></object></objectgroup></map>"#
    )
}

/// The tester's case: a polygon of 200 000 points loaded, after 59 s of splitting it into
/// convex pieces (time that grows with the square of the points). Past the cap it is an
/// error naming the object; at the cap it loads, a piece of at most 16 corners per body.
#[test]
fn a_polygon_past_the_points_cap_is_an_error_and_at_the_cap_loads() {
    let cap = TiledMap::MAX_POLYGON_POINTS;
    for points in [cap + 1, 200_000] {
        let err = TiledMap::from_tmx("big.tmx", &polygon_tmx(points), &TiledOptions::new())
            .expect_err("too many points");
        assert!(
            matches!(&err.kind, ErrorKind::UnknownObjectShape(m) if m.contains("points")),
            "{err}"
        );
        assert_eq!((err.file.as_str(), err.object), ("big.tmx", Some(5)));
    }
    let map = TiledMap::from_tmx("big.tmx", &polygon_tmx(cap), &TiledOptions::new()).unwrap();
    let bodies = &map.objects[0].bodies;
    assert!(
        bodies.len() > 1,
        "a convex polygon past 16 corners is split"
    );
    // A convex polygon within the hull's corners stays one body.
    let map = TiledMap::from_tmx("small.tmx", &polygon_tmx(16), &TiledOptions::new()).unwrap();
    assert_eq!(map.objects[0].bodies.len(), 1);
}

/// A one-cell map whose one embedded tileset starts at global id `first`, as `.tmx` and `.tmj`.
fn maps_with_first_gid(first: u32) -> [Result<TiledMap, collide_levels::Error>; 2] {
    let tmx = format!(
        r#"<map width="1" height="1" tilewidth="16" tileheight="16"><tileset firstgid="{first}" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1"/><layer name="g" width="1" height="1"><data encoding="csv">0</data></layer></map>"#
    );
    let tmj = format!(
        r#"{{"width":1,"height":1,"tilewidth":16,"tileheight":16,"tilesets":[{{"firstgid":{first},"name":"t","tilewidth":16,"tileheight":16,"tilecount":1,"columns":1}}],"layers":[{{"type":"tilelayer","name":"g","width":1,"height":1,"data":[0]}}]}}"#
    );
    let options = TiledOptions::new();
    [
        TiledMap::from_tmx("m.tmx", &tmx, &options),
        TiledMap::from_tmj("m.tmj", &tmj, &options),
    ]
}

/// Global id 0 is the empty cell: a tileset starting there would have its first tile read as
/// nothing, so the map is refused.
#[test]
fn a_tileset_at_global_id_zero_is_refused() {
    for map in maps_with_first_gid(0) {
        let err = map.expect_err("firstgid 0 loaded");
        assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
        assert!(err.to_string().contains("firstgid"), "{err}");
    }
    for map in maps_with_first_gid(1) {
        assert!(map.is_ok(), "{:?}", map.err());
    }
}
