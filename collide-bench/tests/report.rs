//! The report's logic on a tiny configuration: every key of the JSON is filled, and every
//! count in it is the count an independent recount gives (the scene's per-pass figures from a
//! `FrameRunner` of the same configuration, the disagreements from the answers themselves).
//! No timing assertions.

use collide_bench::cases::{Query, CASE_SEED};
use collide_bench::queries::QueryCases;
use collide_bench::report::{self, Report, ReportConfig, SceneEntry, GOALS};
use collide_bench::versus::TOLERANCE;
use collide_scene::{FrameRunner, SceneConfig};
use collide_testkit::alloc::CountingAllocator;
use serde_json::Value;

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

fn number(v: &Value, key: &str) -> f64 {
    let n = v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number in {v}"));
    assert!(n.is_finite(), "`{key}` is not finite in {v}");
    n
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` is not a string in {v}"))
}

fn tiny() -> (ReportConfig, Report, Value) {
    let config = ReportConfig::tiny();
    let report = report::run(&config, |_| {});
    assert!(report.allocations_counted);
    // Round-trips through text as the binary writes it.
    let written = serde_json::to_string_pretty(&report.to_json()).expect("serializable");
    let json: Value = serde_json::from_str(&written).expect("the report is valid JSON");
    assert_eq!(json["schema"], 1);
    (config, report, json)
}

/// `(pairs, sweeps, hits)` per pass over the frames a variant timed, recounted on a fresh
/// runner of the same scene: the timed frames are the ones right after the warm-up.
fn recount(e: &SceneEntry) -> (f64, f64, f64) {
    let scene = SceneConfig::new(e.scene, e.objects);
    let mut runner = FrameRunner::new(&scene, e.broad_phase, e.sweep);
    for _ in 0..e.warmup_frames {
        runner.frame().unwrap();
    }
    let (mut pairs, mut sweeps, mut hits) = (0u64, 0u64, 0u64);
    for _ in 0..e.frames {
        let s = runner.frame().unwrap();
        pairs += s.pairs as u64;
        sweeps += s.sweeps as u64;
        hits += (s.discrete_hits + s.swept_hits) as u64;
    }
    let per = |n: u64| n as f64 / e.frames as f64;
    (per(pairs), per(sweeps), per(hits))
}

#[test]
fn tiny_report_fills_every_key_and_every_count_recounts() {
    let (config, report, json) = tiny();
    check_scene(&report, &json);
    check_sweep_cost(&report, &json);
    check_versus(&config, &json);
    check_fast_shots(&json);
    check_tiles(&json);
    check_character(&config, &json);
    check_platformer(&config, &json);

    // Every goal is judged, in the order of the goal data; the tiny run has no 100 000.
    let goals = json["goals"].as_array().expect("`goals` is an array");
    let names: Vec<&str> = goals.iter().map(|g| text(g, "goal")).collect();
    let expected: Vec<&str> = GOALS.iter().map(|g| g.name).collect();
    assert_eq!(names, expected);
    let goal = |name: &str| &goals[expected.iter().position(|n| n.starts_with(name)).unwrap()];
    assert_eq!(goal("bytes allocated")["met"], true);
    assert!(goal("flat cost")["met"].is_null());
    assert!(goal("100 000 objects")["met"].is_null());
    assert!(goal("toi_circle_rect")["met"].is_boolean());

    // The tables render.
    let text = report.text();
    assert!(text.contains("toi_circle_rect") && text.contains("sort_and_sweep"));
    assert!(report.markdown().contains("| query |"));
    assert!(report.markdown().contains("Fast shots that clip a rim"));
    assert!(text.contains("KinematicCharacterController::move_shape") && text.contains("hexagon"));
    assert!(goal("`move_and_slide`, platformer scene")["met"].is_boolean());
    assert!(goal("seam catches")["met"].is_boolean());
    assert!(goal("character, platformer level")["met"].is_boolean());
    assert!(goal("platformer level failures")["met"].is_boolean());
    assert!(text.contains("on a platformer level: ramps"));
    assert!(goal("tile-map casts vs parry2d")["met"].is_boolean());
    assert_eq!(goal("tile-map casts: wrong answers")["met"], true);
    assert!(text.contains("Tile-map casts beside parry2d's Voxels"));
    check_baseline(&report, &json);
}

/// The report against a baseline: none (nothing marked, a line says so), then its own JSON
/// with one goal's figure ten times better (that goal fell) and one goal left out (new).
fn check_baseline(report: &Report, json: &Value) {
    let goals = json["goals"].as_array().unwrap();
    assert!(goals
        .iter()
        .all(|g| g["value"].is_number() == g["met"].is_boolean()));
    let mut report = report.clone();
    let dir = std::env::temp_dir();
    report.compare_with_baseline(&dir.join("collide-report-no-such-baseline.json"));
    assert!(report.goals.iter().all(|g| g.change.is_none()));
    assert!(report.text().contains("no baseline (no file"));

    let mut baseline = json.clone();
    let listed = baseline["goals"].as_array_mut().unwrap();
    let at = |name: &str| goals.iter().position(|g| text(g, "goal").starts_with(name));
    let fell = at("toi_circle_rect").unwrap();
    listed[fell]["value"] = (10.0 * number(&goals[fell], "value")).into();
    listed.remove(at("toi_rect_rect").unwrap());
    let path = dir.join(format!(
        "collide-report-baseline-{}.json",
        std::process::id()
    ));
    std::fs::write(&path, baseline.to_string()).unwrap();
    report.compare_with_baseline(&path);
    std::fs::remove_file(&path).unwrap();

    let change = |name: &str| {
        report.goals[at(name).unwrap()]
            .change
            .map(|c| c.to_string())
    };
    assert!(change("toi_circle_rect")
        .unwrap()
        .starts_with("fell 90.0 % (spread 35 %)"));
    assert_eq!(change("toi_rect_rect").as_deref(), Some("new"));
    assert_eq!(change("toi_circle_circle"), None);
    let marked = report.goals.iter().filter(|g| g.change.is_some()).count();
    assert_eq!(marked, 2);
    let markdown = report.markdown();
    assert!(
        markdown.contains("1 goal fell by more than its spread"),
        "{markdown}"
    );
    assert!(markdown.contains("| fell 90.0 % (spread 35 %) |"));
    assert_eq!(
        report.to_json()["goals"][fell]["change"]["fell"]["spread_percent"],
        35.0
    );
}

/// Every line of the experiment: its keys, zero allocations, and per-pass counts that a fresh
/// runner of the same scene recounts.
fn check_scene(report: &Report, json: &Value) {
    let phases = ["grid", "sort_and_sweep", "quadtree", "brute_force"];
    let scene = json["scene"].as_array().expect("`scene` is an array");
    // Both scenes × 4 broad phases × sweep on and off, at the one size of the tiny config.
    assert_eq!(scene.len(), 2 * 4 * 2);
    assert_eq!(report.scene.len(), scene.len());
    for (e, entry) in scene.iter().zip(&report.scene) {
        assert_eq!(text(e, "scene"), entry.scene.name());
        assert_eq!(e["objects"], 100);
        assert!(phases.contains(&text(e, "broad_phase")));
        assert_eq!(e["sweep"], entry.sweep);
        assert!(number(&e["frame_ns"], "mean") > 0.0);
        assert!(number(&e["frame_ns"], "median") > 0.0);
        number(&e["frame_ns"], "sd");
        // After the warm-up nothing allocates: exactly zero, in every sample.
        assert_eq!(number(e, "bytes_per_frame"), 0.0, "{e}");
        assert_eq!(number(e, "allocations_per_frame"), 0.0, "{e}");
        assert_eq!(e["allocating_samples"], 0, "{e}");
        assert!(entry.frames > 0 && entry.samples >= 4, "{entry:?}");
        // The per-pass figures are the frames' own: a fresh runner recounts them. (Compared
        // on the report itself: reading JSON text back may move a float by an ulp.)
        let (pairs, sweeps, hits) = recount(entry);
        assert_eq!(entry.pairs_per_pass, pairs, "{entry:?}");
        assert_eq!(entry.sweeps_per_pass, sweeps, "{entry:?}");
        assert_eq!(entry.hits_per_pass, hits, "{entry:?}");
        for (key, value) in [
            ("pairs_per_pass", pairs),
            ("sweeps_per_pass", sweeps),
            ("hits_per_pass", hits),
        ] {
            assert!(
                (number(e, key) - value).abs() <= 1e-12 * value,
                "{key}: {e}"
            );
        }
        // And the scene has work to do: every pair swept with the sweep on, none without.
        assert!(pairs > 0.0 && hits > 0.0, "{e}");
        assert_eq!(sweeps, if entry.sweep { pairs } else { 0.0 }, "{e}");
    }
}

/// The sweep's cost of every comparison, recomputed from its two lines.
fn check_sweep_cost(report: &Report, json: &Value) {
    // The sweep's cost, from the two variants' medians.
    let cost = json["sweep_cost"]
        .as_array()
        .expect("`sweep_cost` is an array");
    assert_eq!(cost.len(), 2 * 4);
    for (e, c) in cost.iter().zip(&report.sweep_cost) {
        assert_eq!(text(e, "broad_phase"), c.broad_phase.name());
        assert_eq!(e["objects"], 100);
        number(e, "overhead_percent");
        number(e, "ns_per_sweep");
        let on = report
            .scene_entry(c.scene, c.objects, c.broad_phase, true)
            .unwrap();
        let off = report
            .scene_entry(c.scene, c.objects, c.broad_phase, false)
            .unwrap();
        let extra = on.median_ns - off.median_ns;
        assert_eq!(c.extra_ns_per_frame, extra);
        assert_eq!(c.overhead_percent, 100.0 * extra / off.median_ns);
        assert_eq!(c.ns_per_sweep, extra / on.sweeps_per_pass);
    }
}

/// Cases where one side has an answer and the other not, or both are more than `TOLERANCE`
/// apart: counted here by hand, not by the library's counter.
fn recount_disagreements(ours: &[Option<f32>], peer: &[Option<f32>]) -> usize {
    assert_eq!(ours.len(), peer.len());
    let mut n = 0;
    for (a, b) in ours.iter().zip(peer) {
        let agree = match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => (a - b).abs() <= TOLERANCE,
            _ => false,
        };
        n += usize::from(!agree);
    }
    n
}

fn check_versus(config: &ReportConfig, json: &Value) {
    let versus = json["versus"].as_array().expect("`versus` is an array");
    for e in versus {
        assert_eq!(text(e, "peer"), "parry2d");
        assert!(
            number(e, "ours_ns") > 0.0 && number(e, "peer_ns") > 0.0,
            "{e}"
        );
        assert!(number(e, "speedup") > 0.0, "{e}");
    }
    let find = |name: &str| {
        versus
            .iter()
            .find(|e| e["query"] == name)
            .unwrap_or_else(|| panic!("no versus entry `{name}`"))
    };
    for query in Query::ALL {
        let entry = find(query.name());
        assert_eq!(entry["batches"], config.batches, "{entry}");
        // The time alone is timed for the times of impact, and only for them.
        if query.is_cast() {
            assert!(number(entry, "ours_time_only_ns") > 0.0, "{entry}");
            assert!(number(entry, "time_only_speedup") > 0.0, "{entry}");
        } else {
            assert!(entry.get("ours_time_only_ns").is_none(), "{entry}");
        }
        // Every count in the line is a count of this query's answers, recounted here.
        let answers = QueryCases::new(query, config.cases, CASE_SEED).answers();
        let peer_hits = answers.peer.iter().filter(|a| a.is_some()).count();
        assert_eq!(entry["cases"], config.cases, "{entry}");
        assert_eq!(entry["peer_hits"], peer_hits, "{entry}");
        assert_eq!(
            entry["disagreements"],
            recount_disagreements(&answers.ours, &answers.peer),
            "{entry}"
        );
        let judged =
            number(entry, "disagreements_ours_right") + number(entry, "disagreements_peer_right");
        assert!(judged <= 2.0 * number(entry, "disagreements"), "{entry}");
    }
    for name in ["broad_uniform", "broad_uneven"] {
        let entry = find(name);
        assert_eq!(entry["objects"], config.broad_objects);
        assert_eq!(entry["batches"], config.broad_frames, "{entry}");
        // The headline is one of the scene's own lines under its own name.
        let own = find(&format!("{name}_{}", text(entry, "broad_phase")));
        assert_eq!(entry["ours_ns"], own["ours_ns"]);
        assert_eq!(entry["speedup"], own["speedup"]);
        // Every broad-phase disagreement is a pair of boxes that only touch: collide's strict
        // overlap is right.
        assert_eq!(
            entry["disagreements_ours_right"], entry["disagreements"],
            "{entry}"
        );
        assert_eq!(entry["disagreements_peer_right"], 0, "{entry}");
    }
}

/// Fast shots: every rim kind at every range of speed, each library's wrong calls counted from
/// its answers; collide calls every one right.
fn check_fast_shots(json: &Value) {
    let fast = json["fast_shots"]
        .as_array()
        .expect("`fast_shots` is an array");
    assert_eq!(fast.len(), 2 * collide_bench::fast_shots::DECADES.len());
    for e in fast {
        assert!(["circle", "box corner"].contains(&text(e, "rim")), "{e}");
        assert_eq!(e["shots"], collide_bench::fast_shots::SHOTS, "{e}");
        assert_eq!(e["ours_wrong"], 0, "{e}");
        let shots = collide_bench::fast_shots::SHOTS as u64;
        assert!(e["peer_wrong"].as_u64().is_some_and(|n| n <= shots), "{e}");
    }
}

/// Tile-map casts: a line per kind of cast and mover, both sides timed, collide right wherever
/// the two disagree and never on a seam.
fn check_tiles(json: &Value) {
    use collide_bench::tiles::CASES;
    let lines = json["tiles"].as_array().expect("`tiles` is an array");
    let names: Vec<&str> = lines.iter().map(|e| text(e, "query")).collect();
    assert_eq!(names.len(), 7, "{names:?}");
    assert!(names.contains(&"tiles_wall_hexagon") && names.contains(&"tiles_segment"));
    for e in lines {
        assert_eq!(text(e, "peer"), "parry2d_voxels");
        for key in ["ours_ns", "peer_ns", "speedup", "max_difference"] {
            assert!(number(e, key) >= 0.0, "{key} in {e}");
        }
        assert_eq!(e["cases"], CASES, "{e}");
        assert_eq!(e["batches"], ReportConfig::tiny().batches, "{e}");
        assert!(
            e["peer_hits"].as_u64().is_some_and(|n| n <= CASES as u64),
            "{e}"
        );
        assert_eq!(e["disagreements_ours_right"], e["disagreements"], "{e}");
        assert_eq!(e["ours_seam_hits"], 0, "{e}");
    }
}

/// The character controllers: a line per mover, both sides timed, and each side's failures
/// the counts a fresh run of the counters over the same inputs gives.
fn check_character(config: &ReportConfig, json: &Value) {
    use collide_bench::character::{self as ch, Checker, CollideSide, Controller, RapierSide};
    let lines = json["character"]
        .as_array()
        .expect("`character` is an array");
    let movers = ch::movers();
    assert_eq!(lines.len(), movers.len());
    let c = &config.character;
    let speeds = ch::walk_speeds(c.frames, ch::scene::SEED);
    let fast = ch::fast_moves(c.fast_moves, ch::scene::SEED);
    let (ours, peer, checker) = (CollideSide::new(), RapierSide::new(), Checker::new());
    for (mover, (line, (name, _))) in lines.iter().zip(&movers).enumerate() {
        assert_eq!(text(line, "shape"), *name);
        assert_eq!(text(line, "peer"), "rapier2d");
        for key in ["ours_ns", "peer_ns", "speedup"] {
            assert!(number(line, key) > 0.0, "{key}: {line}");
        }
        assert_eq!(line["batches"], c.batches);
        let sides: [(&str, &dyn Controller); 2] = [("ours", &ours), ("peer_failures", &peer)];
        for (key, side) in sides {
            let f = ch::count_failures(side, &checker, mover, &speeds, &fast);
            let counted = &line[key];
            for (field, n) in [
                ("catches", f.catches),
                ("penetrations", f.penetrations),
                ("jitters", f.jitters),
                ("tunnelled", f.tunnelled),
            ] {
                assert_eq!(counted[field], n, "{key}.{field}: {line}");
            }
            assert_eq!(counted["frames"], 2 * (c.frames - 1), "{line}");
            assert_eq!(counted["moves"], c.fast_moves, "{line}");
        }
    }
}

/// The platformer level: a line per mover, both sides timed, and each side's failures the
/// counts a fresh run over the same inputs gives (each side is deterministic).
fn check_platformer(config: &ReportConfig, json: &Value) {
    use collide_bench::character::{self as ch, CollideCharacter, LevelChecker, RapierPlatformer};
    let lines = json["platformer"]
        .as_array()
        .expect("`platformer` is an array");
    assert_eq!(lines.len(), ch::movers().len());
    let c = &config.character;
    let jumps = ch::platformer::jumps(c.jumps, ch::scene::SEED);
    let fast = ch::platformer::platform_fast_moves(c.fast_moves, ch::scene::SEED);
    let checker = LevelChecker::new();
    for (mover, line) in lines.iter().enumerate() {
        assert_eq!(text(line, "peer"), "rapier2d");
        for key in ["ours_ns", "peer_ns", "speedup"] {
            assert!(number(line, key) > 0.0, "{key}: {line}");
        }
        assert_eq!(line["batches"], c.batches);
        let mut sides: [(&str, Box<dyn ch::Platformer>); 2] = [
            ("ours", Box::new(CollideCharacter::new())),
            ("peer_failures", Box::new(RapierPlatformer::new())),
        ];
        for (key, side) in &mut sides {
            let f =
                ch::count_platform_failures(side.as_mut(), &checker, mover, &jumps, &fast, None);
            let counted = &line[*key];
            // The JSON's keys are the counts' names, words joined by `_`.
            for (name, n) in f.counts() {
                let field = name.replace(' ', "_");
                assert_eq!(counted[field.as_str()], n, "{key}.{field}: {line}");
            }
            assert!(number(counted, "frames") > 1_000.0, "{line}");
            assert_eq!(counted["jumps"], c.jumps, "{line}");
            assert_eq!(counted["moves"], c.fast_moves, "{line}");
        }
    }
}

/// The small scenes measured in fresh processes of the report binary: every worker answers,
/// and the comparison pools their samples and warm-ups.
#[test]
fn small_scenes_pool_samples_from_fresh_processes() {
    use collide::BroadPhaseKind;
    use collide_scene::SceneKind;
    let config = ReportConfig {
        scenes: vec![SceneKind::Uniform],
        broad_phases: vec![BroadPhaseKind::Grid],
        processes: 2,
        worker: Some(env!("CARGO_BIN_EXE_collide-report").into()),
        ..ReportConfig::tiny()
    };
    let mut steps = Vec::new();
    let report = report::run(&config, |step| steps.push(step.to_owned()));
    assert!(
        steps.iter().all(|s| !s.contains("in this process")),
        "a worker failed: {steps:?}"
    );
    assert_eq!(report.scene.len(), 2);
    for entry in &report.scene {
        // Two workers, each with at least two samples in each half of each variant. (Counted,
        // not timed: how many frames fit in a worker's half second depends on the load.)
        assert!(entry.samples >= 2 * 4, "{entry:?}");
        // Each worker warmed up for at least the quick configuration's 300 frames.
        assert!(entry.warmup_frames >= 2 * 300, "{entry:?}");
        assert_eq!(entry.bytes_per_frame, 0.0, "{entry:?}");
        assert_eq!(entry.sweeps_per_pass > 0.0, entry.sweep, "{entry:?}");
    }
    assert!(report.markdown().contains("pooled over 2 processes"));
}

/// A `--quick` run may not save over the committed baseline, a full run's: the binary refuses
/// before it measures anything.
#[test]
fn a_quick_run_saves_a_baseline_only_to_a_file_of_its_own() {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_collide-report"))
        .args(["--quick", "--save-baseline"])
        .stderr(std::process::Stdio::null())
        .status()
        .expect("the report binary runs");
    assert_eq!(status.code(), Some(2));
}

/// A worker names what it cannot measure, and the binary exits with an error.
#[test]
fn a_worker_rejects_unknown_scenes_and_phases() {
    assert!(report::pair_worker(true, "nowhere", 100, "grid", 2).is_err());
    assert!(report::pair_worker(true, "uniform", 100, "octree", 2).is_err());
    assert!(report::pair_worker(true, "uniform", 100, "grid", 0).is_err());
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_collide-report"))
        .args(["--pair-worker", "quick", "nowhere", "100", "grid", "2"])
        .stderr(std::process::Stdio::null())
        .status()
        .expect("the report binary runs");
    assert!(!status.success());
}
