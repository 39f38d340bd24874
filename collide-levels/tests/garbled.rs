//! Truncated and garbled files never panic a loader: every test level, cut short, with bytes
//! changed, or with a number swapped for an extreme one (negative, past `u32`, NaN, huge),
//! loads or is an error naming its file.

mod common;

use collide_levels::{LdtkOptions, LdtkProject, TiledMap, TiledOptions, YAxis};
use collide_testkit::proptest_config as config;
use common::{embedded, embedded_tmj, text};
use proptest::prelude::*;

/// One change to a file's text.
#[derive(Clone, Debug)]
enum Change {
    /// Cut it at this fraction of its length.
    Truncate(f64),
    /// Put this byte at this fraction of its length.
    Byte(f64, u8),
    /// Swap the `n`-th number (mod how many there are) for this text.
    Number(usize, &'static str),
}

const NUMBERS: [&str; 12] = [
    "-1",
    "0",
    "4294967295",
    "4294967296",
    "99999999999999999999",
    "1e39",
    "NaN",
    "-0",
    "65536",
    "1.5",
    "-2147483648",
    "inf",
];

const BYTES: &[u8] = b"\"<>/,-09e {}[]:=\n\x00\xff";

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        (0.0..1.0f64).prop_map(Change::Truncate),
        (0.0..1.0f64, proptest::sample::select(BYTES)).prop_map(|(at, b)| Change::Byte(at, b)),
        (any::<usize>(), proptest::sample::select(&NUMBERS[..]))
            .prop_map(|(n, s)| Change::Number(n, s)),
    ]
}

/// The text with the changes made, in order.
fn garble(text: &str, changes: &[Change]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for change in changes {
        let at = |f: f64| ((bytes.len() as f64 * f) as usize).min(bytes.len().saturating_sub(1));
        match change {
            Change::Truncate(f) => bytes.truncate(at(*f)),
            Change::Byte(f, b) if !bytes.is_empty() => {
                let i = at(*f);
                bytes[i] = *b;
            }
            Change::Byte(..) => {}
            Change::Number(n, with) => {
                let runs = number_runs(&bytes);
                if !runs.is_empty() {
                    let (start, end) = runs[n % runs.len()];
                    bytes.splice(start..end, with.bytes());
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Where the runs of digits are.
fn number_runs(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((start, i));
        } else {
            i += 1;
        }
    }
    runs
}

fn axis(up: bool) -> YAxis {
    if up {
        YAxis::Up
    } else {
        YAxis::Down
    }
}

proptest! {
    #![proptest_config(config(400, 0x5EED_1D7C))]

    #[test]
    fn a_garbled_ldtk_project_loads_or_is_an_error(
        changes in proptest::collection::vec(change(), 1..4),
        up in any::<bool>(),
    ) {
        let garbled = garble(&text("ldtk/platforms.ldtk"), &changes);
        let options = LdtkOptions::new().with_y_axis(axis(up));
        match LdtkProject::from_json("garbled.ldtk", &garbled, &options) {
            Ok(project) => {
                for layer in project.levels.iter().flat_map(|l| &l.int_grids) {
                    let m = &layer.map;
                    prop_assert_eq!(m.cells().len(), m.width() as usize * m.height() as usize);
                }
            }
            Err(e) => prop_assert!(e.to_string().starts_with("garbled.ldtk: ")),
        }
    }

    #[test]
    fn a_garbled_tiled_map_loads_or_is_an_error(
        changes in proptest::collection::vec(change(), 1..4),
        up in any::<bool>(),
    ) {
        let garbled = garble(&embedded(), &changes);
        let options = TiledOptions::new().with_y_axis(axis(up));
        match TiledMap::from_tmx("garbled.tmx", &garbled, &options) {
            Ok(map) => {
                for layer in &map.layers {
                    let m = &layer.map;
                    prop_assert_eq!(m.cells().len(), m.width() as usize * m.height() as usize);
                }
                prop_assert!(map.objects.iter().map(|o| o.bodies.len()).sum::<usize>() == map.bodies.len());
            }
            Err(e) => prop_assert!(e.to_string().starts_with("garbled.tmx: ")),
        }
    }
}

proptest! {
    #![proptest_config(config(300, 0x5EED_1D7D))]

    #[test]
    fn a_garbled_tiled_json_map_loads_or_is_an_error(
        changes in proptest::collection::vec(change(), 1..4),
        up in any::<bool>(),
    ) {
        let garbled = garble(&embedded_tmj(), &changes);
        let options = TiledOptions::new().with_y_axis(axis(up));
        match TiledMap::from_tmj("garbled.tmj", &garbled, &options) {
            Ok(map) => {
                for layer in &map.layers {
                    let m = &layer.map;
                    prop_assert_eq!(m.cells().len(), m.width() as usize * m.height() as usize);
                }
            }
            Err(e) => prop_assert!(e.to_string().starts_with("garbled.tmj: ")),
        }
    }
}

#[test]
fn the_unchanged_files_load() {
    // The properties above garble these: each loads as it is.
    assert!(
        LdtkProject::from_json("a.ldtk", &text("ldtk/platforms.ldtk"), &LdtkOptions::new()).is_ok()
    );
    assert!(TiledMap::from_tmx("a.tmx", &embedded(), &TiledOptions::new()).is_ok());
    assert!(TiledMap::from_tmj("a.tmj", &embedded_tmj(), &TiledOptions::new()).is_ok());
}
