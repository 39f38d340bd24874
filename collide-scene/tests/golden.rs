//! Golden runs: the same inputs give the same bits, build after build. Each run folds every
//! body's position and velocity bits, frame after frame, into a hash committed here and a
//! per-frame record committed in `tests/golden/`, which names the first frame and body that
//! differ. The promise holds under the `deterministic` feature (CI runs these in debug,
//! release and `target-cpu=native` builds with it); without it the platform's `sin` and kin
//! may give other bits, so the runs only check themselves against a second run.
//!
//! After a deliberate change, run with `COLLIDE_BLESS=1` and put the hashes the failures name
//! here.

use std::path::PathBuf;

use collide::{BroadPhaseKind, Character, CharacterSettings, Hitscan, Layers, Rect, TileMap};
use collide_scene::{FrameRunner, SceneConfig, BULLET_LAYER, ENEMY_LAYER};
use collide_testkit::golden::{check_file, Recorder};
use glam::Vec2;

const SHMUP_HASH: u64 = 0xe174ebc551d02bd1;
const HITSCAN_HASH: u64 = 0x133a486008380501;
const CHARACTER_HASH: u64 = 0xb13931cd920a89d9;

/// Frames of every run, and the frame the rollback goes back to.
const FRAMES: usize = 600;
const ROLLBACK_AT: usize = 300;

/// Checks a run against its committed hash and record under the feature; without it, only
/// against a second run of itself (`again`).
fn verify(name: &str, run: &Recorder, hash: u64, again: impl FnOnce() -> Recorder) {
    if cfg!(feature = "deterministic") {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.txt"));
        if let Err(e) = check_file(name, run, hash, &path) {
            panic!("{e}");
        }
    } else {
        assert_eq!(
            again().run_hash(),
            run.run_hash(),
            "{name}: two runs differ"
        );
    }
}

/// The shmup scene, clustered, with hull enemies at seeded rotations and bullets that bounce.
fn shmup() -> FrameRunner<'static> {
    let config = SceneConfig::uneven(1_000).with_hull_enemies(0.3);
    FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_bounces(true)
}

fn record_scene(runner: &FrameRunner<'_>, into: &mut Recorder) {
    for o in runner.scene().objects() {
        into.body(o.position, o.velocity);
    }
    into.end_frame();
}

/// Eight rays a frame from points across the field, turning frame by frame: each one's first
/// hit (its point, and its normal with `t` and the body's id), or a marker for none.
fn record_rays(runner: &FrameRunner<'_>, hitscan: &mut Hitscan, frame: usize, into: &mut Recorder) {
    let field = runner.scene().field();
    let layers = Layers::on(BULLET_LAYER).with_mask(ENEMY_LAYER);
    for k in 0..8 {
        let from =
            field * Vec2::new((k % 4) as f32 + 0.5, (k / 4) as f32 + 0.5) / Vec2::new(4.0, 2.0);
        let angle = frame as f32 * 0.05 + k as f32 * 0.8;
        let (sin, cos) = collide::math::sin_cos(angle);
        let to = from + Vec2::new(cos, sin) * field.length();
        let bodies = runner.bodies();
        match hitscan.cast_ray(runner.pass().broad_phase(), bodies, from, to, layers) {
            Some(hit) => {
                into.body(hit.impact.point, hit.impact.normal);
                into.body(Vec2::new(hit.impact.t, hit.id as f32), Vec2::ZERO);
            }
            None => into.body(Vec2::splat(-1.0), Vec2::splat(-1.0)),
        }
    }
    into.end_frame();
}

/// The shmup run and the hitscan run over it, with, beside them, the frames after
/// [`ROLLBACK_AT`] folded on their own: what the rollback must give again.
fn shmup_and_rays() -> (Recorder, Recorder, Recorder, collide_scene::FrameState) {
    let mut runner = shmup();
    let mut hitscan = Hitscan::new();
    let (mut scene, mut rays, mut tail) = (
        Recorder::default(),
        Recorder::default(),
        Recorder::default(),
    );
    let mut saved = None;
    for frame in 1..=FRAMES {
        runner.frame().expect("within the pair limit");
        record_scene(&runner, &mut scene);
        record_rays(&runner, &mut hitscan, frame, &mut rays);
        if frame == ROLLBACK_AT {
            saved = Some(runner.save());
        } else if frame > ROLLBACK_AT {
            record_scene(&runner, &mut tail);
        }
    }
    (
        scene,
        rays,
        tail,
        saved.expect("saved at the rollback frame"),
    )
}

/// The shmup scene with bouncing bullets (1 000 objects, 600 frames) and rays cast into it;
/// then the rollback: the state saved at frame 300, restored into the same runner and into
/// one that changes broad phase every frame, runs the last 300 frames to the same hash.
#[test]
fn shmup_hitscan_and_rollback_give_the_committed_bits() {
    let (scene, rays, tail, saved) = shmup_and_rays();
    assert_eq!(scene.frames(), FRAMES);
    assert_eq!(saved.frame(), ROLLBACK_AT as u64);
    verify("shmup", &scene, SHMUP_HASH, || shmup_and_rays().0);
    verify("hitscan", &rays, HITSCAN_HASH, || shmup_and_rays().1);

    let mut runner = shmup();
    runner.restore(&saved);
    let mut again = Recorder::default();
    for frame in ROLLBACK_AT + 1..=FRAMES {
        runner.set_broad_phase(BroadPhaseKind::ALL[frame % BroadPhaseKind::ALL.len()]);
        runner.frame().expect("within the pair limit");
        record_scene(&runner, &mut again);
    }
    assert_eq!(
        again.run_hash(),
        tail.run_hash(),
        "the rollback ran to other bits"
    );
}

/// A level of steps, slopes (45° and 22.5°), a ceiling slope, a one-way platform and a pit.
fn level() -> TileMap {
    TileMap::from_rows(
        &[
            "#..................................................#",
            "#..........====.............PQ.....................#",
            "#..................................................#",
            "#.......................ab#.........cd.............#",
            "#...........#........./####\\.......####........#...#",
            "#.....##....##.......#########.....#####....#..##..#",
            "####################################################",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .expect("a valid level")
}

/// The player's input on a frame: walking speed and whether jump is pressed.
fn input(frame: usize) -> (f32, bool) {
    let walk = match frame % 240 {
        0..=99 => 2.5,
        100..=119 => 0.0,
        _ => -1.75,
    };
    (
        walk + (frame / 240) as f32 * 0.5,
        frame % 37 == 0 || frame % 53 == 0,
    )
}

/// The run, how far right the character got and on how many frames it stood.
fn character_run() -> (Recorder, f32, usize) {
    let map = level();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_max_step_height(9.0)
        .with_snap_length(6.0);
    let body = Rect {
        half_extents: Vec2::new(5.0, 11.0),
    };
    let mut player =
        Character::new(body, Vec2::new(40.0, 16.0 + 11.5), settings).expect("a valid character");
    let mut velocity = Vec2::ZERO;
    let mut run = Recorder::default();
    let (mut farthest, mut landed) = (0.0f32, 0);
    for frame in 0..FRAMES {
        let (walk, jump) = input(frame);
        velocity.x = walk;
        velocity.y = if jump && player.on_floor() {
            6.0
        } else {
            velocity.y - 0.35
        };
        player.move_by(velocity, &map);
        velocity = player.clip_velocity(velocity);
        run.body(player.position(), velocity);
        run.end_frame();
        farthest = farthest.max(player.position().x);
        landed += usize::from(player.on_floor());
    }
    (run, farthest, landed)
}

/// A `Character` walking, jumping and falling through a tile level for 600 frames.
#[test]
fn a_character_run_gives_the_committed_bits() {
    let (run, farthest, landed) = character_run();
    assert_eq!(run.frames(), FRAMES);
    // It crosses the steps and slopes, and lands between jumps.
    assert!(
        farthest > 300.0 && landed > 20,
        "{farthest}, {landed} frames on a floor"
    );
    verify("character", &run, CHARACTER_HASH, || character_run().0);
}
