//! Object layers are moved by their offsets and their groups', as Tiled draws them (and as
//! tile layers are), in `.tmx` and `.tmj` alike.

use collide_levels::{ErrorKind, TiledMap, TiledOptions, YAxis};
use glam::Vec2;

/// A map whose group (offset `group`) holds a tile layer and an object layer (offset `own`)
/// with a 16-pixel crate at the layer's (0, 0).
fn tmx(group: (f32, f32), own: (f32, f32)) -> String {
    format!(
        r#"<map orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16">
<group name="room" offsetx="{}" offsety="{}">
 <layer name="floor" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer>
 <objectgroup name="crates" offsetx="{}" offsety="{}">
  <object id="1" name="crate" x="0" y="0" width="16" height="16"/>
  <object id="2" name="ledge" x="0" y="0"><polygon points="0,0 8,0 8,4"/></object>
 </objectgroup>
</group></map>"#,
        group.0, group.1, own.0, own.1
    )
}

/// The same map as `.tmj`.
fn tmj(group: (f32, f32), own: (f32, f32)) -> String {
    let objects = r#"[{"id":1,"name":"crate","x":0,"y":0,"width":16,"height":16},
        {"id":2,"name":"ledge","x":0,"y":0,"polygon":[{"x":0,"y":0},{"x":8,"y":0},{"x":8,"y":4}]}]"#;
    format!(
        r#"{{"width":2,"height":2,"tilewidth":16,"tileheight":16,"layers":[
        {{"type":"group","name":"room","offsetx":{},"offsety":{},"layers":[
         {{"type":"tilelayer","name":"floor","width":2,"height":2,"data":[0,0,0,0]}},
         {{"type":"objectgroup","name":"crates","offsetx":{},"offsety":{},"objects":{objects}}}
        ]}}]}}"#,
        group.0, group.1, own.0, own.1
    )
}

/// Both formats' maps, loaded with y along `axis`.
fn load(group: (f32, f32), own: (f32, f32), axis: YAxis) -> [TiledMap; 2] {
    let options = TiledOptions::new().with_y_axis(axis);
    [
        TiledMap::from_tmx("room.tmx", &tmx(group, own), &options).unwrap(),
        TiledMap::from_tmj("room.tmj", &tmj(group, own), &options).unwrap(),
    ]
}

#[test]
fn objects_are_moved_by_their_layers_and_groups_offsets() {
    for axis in [YAxis::Down, YAxis::Up] {
        let p = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        for map in load((100.0, 0.0), (0.0, 50.0), axis) {
            let floor = map.layer("floor").unwrap();
            // y up, a map's origin is its bottom-left corner (32 pixels down the screen).
            let origin = [Vec2::new(100.0, 0.0), Vec2::new(100.0, -32.0)];
            assert_eq!(floor.origin(), origin[(axis == YAxis::Up) as usize]);
            let crate_ = &map.objects[0];
            assert_eq!(
                (crate_.position, crate_.center),
                (p(100.0, 50.0), p(108.0, 58.0))
            );
            let body = map.bodies.get(crate_.bodies[0]).unwrap();
            assert_eq!(body.pose.position, p(108.0, 58.0));
            let ledge = &map.objects[1];
            assert_eq!(ledge.position, p(100.0, 50.0));
            let corners = [p(100.0, 50.0), p(108.0, 50.0), p(108.0, 54.0)];
            assert_eq!(
                ledge.shape,
                collide_levels::TiledObjectShape::Polygon(corners.into())
            );
            let body = map.bodies.get(ledge.bodies[0]).unwrap();
            let mean = corners.iter().copied().sum::<Vec2>() / 3.0;
            assert!((body.pose.position - mean).length() < 1e-4, "{axis:?}");
        }
    }
}

#[test]
fn group_offsets_that_sum_past_f32_are_an_error_naming_the_object() {
    let tmx = r#"<map width="2" height="2" tilewidth="16" tileheight="16">
        <group name="a" offsetx="3e38"><group name="b" offsetx="3e38">
        <objectgroup name="crates"><object id="1" x="0" y="0" width="16" height="16"/>
        </objectgroup></group></group></map>"#;
    let tmj = r#"{"width":2,"height":2,"tilewidth":16,"tileheight":16,"layers":[
        {"type":"group","name":"a","offsetx":3e38,"layers":[
        {"type":"group","name":"b","offsetx":3e38,"layers":[{"type":"objectgroup",
        "name":"crates","objects":[{"id":1,"x":0,"y":0,"width":16,"height":16}]}]}]}]}"#;
    let options = TiledOptions::new();
    for err in [
        TiledMap::from_tmx("room.tmx", tmx, &options).unwrap_err(),
        TiledMap::from_tmj("room.tmj", tmj, &options).unwrap_err(),
    ] {
        assert!(matches!(err.kind, ErrorKind::Invalid(_)), "{err}");
        assert_eq!(
            (err.layer.as_deref(), err.object),
            (Some("crates"), Some(1))
        );
    }
}
