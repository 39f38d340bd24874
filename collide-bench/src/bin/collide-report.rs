//! `collide-report`: the cost experiment, the scale table and the side-by-side table against
//! parry2d, every goal of `collide-bench/GOALS.md` judged and compared with the baseline
//! (`collide-bench/baseline.json`, the latest full run's JSON: falls beyond a goal's spread are
//! marked), printed for a person and, with `--json FILE`, written as JSON (schema 1, described
//! in `GOALS.md`). `--save-baseline` makes this run the baseline.
//!
//! ```text
//! cargo run --release -p collide-bench --bin collide-report -- [--quick] [--json FILE] [--markdown FILE] [--baseline FILE] [--save-baseline]
//! ```
//!
//! The experiment's scenes of up to 1 000 objects are measured in fresh processes of this
//! binary, which it starts itself as `collide-report --pair-worker …` (see
//! `collide_bench::report::pair_worker`); that argument is not for people.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use collide_bench::report::{self, ReportConfig};
use collide_testkit::alloc::CountingAllocator;

// Counts every allocation, so "bytes per frame" is measured rather than assumed.
#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

const USAGE: &str = "usage: collide-report [--quick] [--json FILE] [--markdown FILE] [--baseline FILE] [--save-baseline]

  without --quick  every size from 100 to 100 000 (about 2 minutes on 2 cores)
  --quick          100 and 1 000 objects only (under a minute on 2 cores)
  --json FILE      also write the figures as JSON (schema 1, see collide-bench/GOALS.md)
  --markdown FILE  also write the tables as Markdown (for the README)
  --baseline FILE  compare the goals with FILE, a run's JSON, instead of
                   collide-bench/baseline.json (the latest full run's, committed)
  --save-baseline  after the run, write its JSON to the baseline file: later runs
                   mark the goals that fell from it (the committed file is a full
                   run's, so with --quick this needs --baseline FILE)";

struct Args {
    quick: bool,
    json: Option<PathBuf>,
    markdown: Option<PathBuf>,
    baseline: Option<PathBuf>,
    save_baseline: bool,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        quick: false,
        json: None,
        markdown: None,
        baseline: None,
        save_baseline: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => parsed.quick = true,
            "--json" => {
                parsed.json = Some(args.next().ok_or("--json needs a file name")?.into());
            }
            "--markdown" => {
                parsed.markdown = Some(args.next().ok_or("--markdown needs a file name")?.into());
            }
            "--baseline" => {
                parsed.baseline = Some(args.next().ok_or("--baseline needs a file name")?.into());
            }
            "--save-baseline" => parsed.save_baseline = true,
            "-h" | "--help" => return Ok(None),
            // `cargo bench` passes `--bench`; accept it silently.
            "--bench" => {}
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    // A quick run saved over the full run's baseline would leave full runs nothing to compare
    // with (runs compare only with their own kind).
    if parsed.quick && parsed.save_baseline && parsed.baseline.is_none() {
        return Err("--quick --save-baseline needs --baseline FILE".into());
    }
    Ok(Some(parsed))
}

/// Writes `text` to `path` and says so.
fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    eprintln!("collide-report: wrote {}", path.display());
    Ok(())
}

/// `--pair-worker quick|full SCENE OBJECTS BROAD_PHASE SHARE`: one on/off comparison, measured
/// in this fresh process for a parent report, printed as JSON (see `report::pair_worker`).
fn pair_worker(args: &[String]) -> anyhow::Result<ExitCode> {
    let [mode, scene, objects, phase, share] = args else {
        anyhow::bail!("--pair-worker needs: quick|full SCENE OBJECTS BROAD_PHASE SHARE");
    };
    let quick = match mode.as_str() {
        "quick" => true,
        "full" => false,
        other => anyhow::bail!("--pair-worker: `{other}` is neither quick nor full"),
    };
    let objects = objects.parse().context("--pair-worker: OBJECTS")?;
    let share = share.parse().context("--pair-worker: SHARE")?;
    let runs = report::pair_worker(quick, scene, objects, phase, share)
        .map_err(|e| anyhow::anyhow!("--pair-worker: {e}"))?;
    println!("{runs}");
    Ok(ExitCode::SUCCESS)
}

fn main() -> anyhow::Result<ExitCode> {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("--pair-worker") {
        return pair_worker(&all[1..]);
    }
    let args = match parse(all.into_iter()) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return Ok(ExitCode::SUCCESS);
        }
        Err(message) => {
            eprintln!("collide-report: {message}\n\n{USAGE}");
            return Ok(ExitCode::from(2));
        }
    };
    if cfg!(debug_assertions) {
        eprintln!("collide-report: warning: a debug build; run with --release for real figures");
    }
    let mut config = if args.quick {
        ReportConfig::quick()
    } else {
        ReportConfig::full()
    };
    // The small scenes are measured in fresh processes of this binary (see
    // `ReportConfig::processes`); without its path, all in this one.
    config.worker = std::env::current_exe().ok();
    let mut report = report::run(&config, |step| eprintln!("  measuring {step}"));
    let baseline = args.baseline.unwrap_or_else(|| report::BASELINE.into());
    report.compare_with_baseline(&baseline);
    print!("{}", report.text());
    let json = serde_json::to_string_pretty(&report.to_json())? + "\n";
    if let Some(path) = &args.json {
        write(path, &json)?;
    }
    if let Some(path) = &args.markdown {
        write(path, &report.markdown())?;
    }
    // Written last, after the comparison has read the baseline it replaces.
    if args.save_baseline {
        write(&baseline, &json)?;
    }
    Ok(ExitCode::SUCCESS)
}
