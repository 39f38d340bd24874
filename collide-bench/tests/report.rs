//! The report's logic on a tiny configuration: every key of BENCHMARKS.md is filled, and the
//! disagreement counts are computed from the answers (not constants). No timing assertions.

use collide_bench::cases::{Query, CASE_SEED};
use collide_bench::queries::QueryCases;
use collide_bench::report::{self, ReportConfig};
use collide_bench::versus::TOLERANCE;
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

#[test]
fn tiny_report_fills_every_key_and_counts_disagreements() {
    let config = ReportConfig::tiny();
    let report = report::run(&config, |_| {});
    assert!(report.allocations_counted);
    // Round-trips through text as the binary writes it.
    let written = serde_json::to_string_pretty(&report.to_json()).expect("serializable");
    let json: Value = serde_json::from_str(&written).expect("the report is valid JSON");
    assert_eq!(json["schema"], 1);

    let phases = ["grid", "sort_and_sweep", "quadtree", "brute_force"];
    let scene = json["scene"].as_array().expect("`scene` is an array");
    // Both scenes × 4 broad phases × sweep on and off, at the one size of the tiny config.
    assert_eq!(scene.len(), 2 * 4 * 2);
    for e in scene {
        assert!(["uniform", "uneven"].contains(&text(e, "scene")));
        assert_eq!(e["objects"], 100);
        assert!(phases.contains(&text(e, "broad_phase")));
        assert!(e["sweep"].is_boolean());
        assert!(number(&e["frame_ns"], "mean") > 0.0);
        assert!(number(&e["frame_ns"], "sd") >= 0.0);
        for key in [
            "bytes_per_frame",
            "allocations_per_frame",
            "pairs_per_pass",
            "sweeps_per_pass",
            "hits_per_pass",
        ] {
            assert!(number(e, key) >= 0.0, "{key}");
        }
        if e["sweep"] == false {
            assert_eq!(number(e, "sweeps_per_pass"), 0.0);
        }
    }
    // The scene has work to do: pairs and sweeps in every sweep-on variant.
    for e in scene.iter().filter(|e| e["sweep"] == true) {
        assert!(number(e, "pairs_per_pass") > 0.0, "{e}");
        assert!(number(e, "sweeps_per_pass") > 0.0, "{e}");
    }

    let cost = json["sweep_cost"]
        .as_array()
        .expect("`sweep_cost` is an array");
    assert_eq!(cost.len(), 2 * 4);
    for e in cost {
        assert!(phases.contains(&text(e, "broad_phase")));
        assert_eq!(e["objects"], 100);
        number(e, "overhead_percent");
        number(e, "ns_per_sweep");
    }

    let versus = json["versus"].as_array().expect("`versus` is an array");
    for e in versus {
        assert_eq!(text(e, "peer"), "parry2d");
        assert!(
            number(e, "ours_ns") > 0.0 && number(e, "peer_ns") > 0.0,
            "{e}"
        );
        assert!(e["disagreements"].is_u64(), "{e}");
    }
    let find = |name: &str| {
        versus
            .iter()
            .find(|e| e["query"] == name)
            .unwrap_or_else(|| panic!("no versus entry `{name}`"))
    };
    for query in Query::ALL {
        let entry = find(query.name());
        // The time alone is timed for the times of impact, and only for them.
        if query.is_cast() {
            assert!(number(entry, "ours_time_only_ns") > 0.0, "{entry}");
        } else {
            assert!(entry.get("ours_time_only_ns").is_none(), "{entry}");
        }
        // The count in the report is the count of this query's answers, recomputed here.
        let answers = QueryCases::new(query, config.cases, CASE_SEED).answers();
        assert_eq!(
            entry["disagreements"].as_u64(),
            Some(answers.disagreements(TOLERANCE) as u64),
            "{}",
            query.name()
        );
        // And it is a count of those answers: changing one answer changes it.
        let mut changed = answers.clone();
        changed.ours[0] = match changed.ours[0] {
            Some(_) => None,
            None => Some(0.5),
        };
        assert_ne!(
            changed.disagreements(TOLERANCE),
            answers.disagreements(TOLERANCE),
            "{}",
            query.name()
        );
    }
    for name in ["broad_uniform", "broad_uneven"] {
        let entry = find(name);
        assert_eq!(entry["objects"], config.broad_objects);
        // Every broad-phase disagreement is a pair of boxes that only touch: collide (strict
        // overlap) is right by BENCHMARKS.md's rule.
        assert_eq!(
            entry["disagreements_ours_right"], entry["disagreements"],
            "{entry}"
        );
        assert_eq!(entry["disagreements_peer_right"], 0, "{entry}");
    }

    // Fast shots: every rim kind at every range of speed, each library's wrong calls counted
    // from its answers; collide calls every one right.
    let fast = json["fast_shots"]
        .as_array()
        .expect("`fast_shots` is an array");
    assert_eq!(fast.len(), 2 * collide_bench::fast_shots::DECADES.len());
    for e in fast {
        assert!(["circle", "box corner"].contains(&text(e, "rim")), "{e}");
        let shots = e["shots"].as_u64().expect("a count");
        assert!(shots > 0, "{e}");
        assert_eq!(e["ours_wrong"], 0, "{e}");
        assert!(e["peer_wrong"].as_u64().is_some_and(|n| n <= shots), "{e}");
    }

    // Every goal is judged or marked as not measured; the tables render.
    assert!(!report.goals.is_empty());
    let text = report.text();
    assert!(text.contains("toi_circle_rect") && text.contains("sort_and_sweep"));
    assert!(report.markdown().contains("| query |"));
    assert!(report.markdown().contains("Fast shots that clip a rim"));
}

/// The small scenes measured in fresh processes of the report binary: every worker answers,
/// and the comparison pools their samples (far more than this process's 5 ms would give).
#[test]
fn small_scenes_pool_samples_from_fresh_processes() {
    use collide_broad::BroadPhaseKind;
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
        // Two workers of the quick configuration, each measuring half of its second.
        assert!(entry.frames > 2_000, "{entry:?}");
        assert_eq!(entry.bytes_per_frame, 0.0, "{entry:?}");
        assert_eq!(entry.sweeps_per_pass > 0.0, entry.sweep, "{entry:?}");
    }
    assert!(report.markdown().contains("pooled over 2 processes"));
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
