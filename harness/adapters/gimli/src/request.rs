//! A case's `evaluate` requests (docs/canonical-output.md, "Requests"):
//! what unwinding finds for a frame, printed after the main outcome.

use crate::location::hex_number;
use crate::run::Run;
use crate::target::{fail, num, Res};
use serde_json::Value as Json;
use std::io::{BufRead, Write};

pub fn answer<R: BufRead, W: Write>(run: &mut Run<R, W>, r: &Json) -> String {
    let frame = r["frame"].as_u64().unwrap_or(0);
    let reg = num(&r["register"]).unwrap_or(0);
    let what = r["what"].as_str().unwrap_or("?");
    let head = if what == "register" {
        let name = run.t.register_name(reg).unwrap_or_else(|_| reg.to_string());
        format!("evaluate reg {} frame {}\n", name, frame)
    } else {
        format!("evaluate {} frame {}\n", what, frame)
    };
    let body = outcome(run, what, frame, reg)
        .unwrap_or_else(|f| format!("error {}: {}\n", f.kind, f.code));
    head + &body
}

fn outcome<R: BufRead, W: Write>(
    run: &mut Run<R, W>,
    what: &str,
    frame: u64,
    reg: u64,
) -> Res<String> {
    let query = match what {
        "cfa" => "cfa",
        "frame_base" => "frame_base",
        "register" => "register",
        "pc" => return pc(run, frame),
        // DW_AT_LLVM_lane_pc and DW_AT_LLVM_active_lane are the extension's:
        // a DWARF 5 debugger has no lanes to answer them for
        _ => return fail("evaluation", "gimli-no-lanes"),
    };
    let parts = if what == "register" && frame == 0 {
        vec![crate::location::Part {
            bits: None,
            bit: 0,
            loc: crate::location::Loc::Register(reg),
        }]
    } else {
        run.in_frame(frame, |run| run.frame_location(query, reg))?
    };
    let mut out = run.t.print_location(&parts)?;
    if what == "register" {
        // the register's whole size read through where it is
        if let (true, Some(n)) = (run.t.has_arch, run.t.register_bits(reg)?) {
            out += &match run.t.read(&parts, n) {
                Ok(b) => format!("read {} = 0x{}\n", n, hex_number(&b, n)),
                Err(f) => format!("read {} error {}: {}\n", n, f.kind, f.code),
            };
        }
    }
    Ok(out)
}

/// A frame's program location: the stack's own for the top frame, the
/// unwound return address for a caller.
fn pc<R: BufRead, W: Write>(run: &mut Run<R, W>, frame: u64) -> Res<String> {
    if run.stack.is_none() {
        return fail("evaluation", "missing-context-frame");
    }
    Ok(format!("value generic = 0x{:016x}\n", run.pc(frame)?))
}
