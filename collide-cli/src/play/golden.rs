//! Golden runs of the scripted clips of `collide demo --animate`: the platformer (a
//! `Character` over tiles and a lift) and breakout (a ball bounced by the collision pass at up
//! to 8 192 units per frame), every body's position and velocity bits folded frame after frame
//! into a hash committed here and a per-frame record in `tests/golden/`. They hold under the
//! `deterministic` feature; without it the runs only check themselves against a second run.
//!
//! After a deliberate change, run with `COLLIDE_BLESS=1` and put the hashes the failures name
//! here.

use std::path::PathBuf;

use collide_testkit::golden::{check_file, Recorder};

use super::breakout::Breakout;
use super::platformer::Platformer;
use super::record::clips;
use super::Scene;

const PLATFORMER_HASH: u64 = 0xe000559ec5a22303;
const BREAKOUT_HASH: u64 = 0xd83b5a5d22b5ab52;

/// Plays the clip `name`'s script on `scene`, folding `bodies` after each frame.
fn play<S: Scene>(name: &str, mut scene: S, bodies: impl Fn(&S, &mut Recorder)) -> Recorder {
    let clip = clips()
        .into_iter()
        .find(|c| c.name == name)
        .expect("a clip of that name");
    let mut run = Recorder::default();
    for frame in 0..clip.frames {
        scene.step(&clip.script.events(frame));
        bodies(&scene, &mut run);
        run.end_frame();
    }
    run
}

fn verify(name: &str, hash: u64, run: impl Fn() -> Recorder) {
    let got = run();
    assert!(got.frames() > 200, "{name}: {} frames", got.frames());
    if cfg!(feature = "deterministic") {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.txt"));
        if let Err(e) = check_file(name, &got, hash, &path) {
            panic!("{e}");
        }
    } else {
        assert_eq!(run().run_hash(), got.run_hash(), "{name}: two runs differ");
    }
}

fn platformer() -> Recorder {
    let scene = Platformer::new().expect("the level builds");
    play("platformer", scene, |s, run| {
        s.bodies(&mut |p, v| run.body(p, v))
    })
}

fn breakout() -> Recorder {
    play("breakout", Breakout::new(), |s, run| {
        s.bodies(&mut |p, v| run.body(p, v))
    })
}

#[test]
fn the_platformer_script_gives_the_committed_bits() {
    verify("platformer", PLATFORMER_HASH, platformer);
}

#[test]
fn the_breakout_script_gives_the_committed_bits() {
    verify("breakout", BREAKOUT_HASH, breakout);
}
