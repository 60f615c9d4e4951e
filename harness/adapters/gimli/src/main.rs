//! hdcts-gimli: gimli's DWARF expression evaluator as an evaluate
//! candidate, speaking the target protocol on stdin and stdout
//! (docs/adapter-protocol.md; what it gets right and wrong is in
//! docs/findings.md, "gimli"). `hdref target CASE -- hdcts-gimli` runs it.
//!
//! The adapter only connects: gimli evaluates, the target answers, and
//! what neither does (address spaces, lanes, several locations) is left
//! undone rather than modelled here, so that a wrong result is gimli's.

mod location;
mod request;
mod run;
mod target;
mod unwind;

use location::{hex_number, print_value, Part};
use run::{Ctx, Run};
use serde_json::{json, Value as Json};
use std::io::{self, BufRead, Write};
use target::{bytes, fail, num, Res, Target};

/// A case's main outcome: the location or value, then write and read.
fn main_outcome<R: BufRead, W: Write>(run: &mut Run<R, W>, req: &Json) -> Res<String> {
    let object = match bytes(&req["object"]) {
        Some(code) => Some(setup(single_address(run, &code))?),
        None => None,
    };
    let initial = setup(initial_value(run, &req["initial_stack"]))?;
    let parts = if let Some(list) = req["loclist"].as_array() {
        match run.select(list)? {
            Some(code) => run.eval(&code, None, None)?,
            None => vec![Part {
                bits: None,
                bit: 0,
                loc: location::Loc::Undefined,
            }],
        }
    } else {
        let code = bytes(&req["expression"]).unwrap_or_default();
        run.eval(&code, object, initial)?
    };
    if req["context"]["result"] == "value" {
        return print_value(&parts, &run.names);
    }
    let mut out = run.t.print_location(&parts)?;
    if let Some(w) = req["write"].as_object() {
        let n = w["bits"].as_u64().unwrap_or(0);
        let data = bytes(&w["bytes"]).unwrap_or_default();
        out += &match run.t.write(&parts, n, &data) {
            Ok(()) => format!("write {} ok\n", n),
            Err(f) => format!("write {} error {}: {}\n", n, f.kind, f.code),
        };
    }
    if let Some(n) = req["read"].as_u64() {
        out += &match run.t.read(&parts, n) {
            Ok(b) => format!("read {} = 0x{}\n", n, hex_number(&b, n)),
            Err(f) => format!("read {} error {}: {}\n", n, f.kind, f.code),
        };
    }
    Ok(out)
}

/// A setup failure prints as `error setup KIND: CODE`.
fn setup<T>(r: Res<T>) -> Res<T> {
    r.map_err(|mut f| {
        f.kind = format!("setup {}", f.kind);
        f
    })
}

/// The address of the object or initial location: gimli holds only one.
fn single_address<R: BufRead, W: Write>(run: &mut Run<R, W>, code: &[u8]) -> Res<u64> {
    let parts = run.eval(code, None, None)?;
    location::address_of(&parts)
}

/// gimli takes one initial value, a generic one: a generic value, or the
/// address of a memory location.
fn initial_value<R: BufRead, W: Write>(run: &mut Run<R, W>, stack: &Json) -> Res<Option<u64>> {
    let entries = stack.as_array().map(|v| v.as_slice()).unwrap_or(&[]);
    match entries {
        [] => Ok(None),
        [e] if e["value"].is_object() && e["value"]["type"].is_null() => {
            let b = bytes(&e["value"]["bytes"]).unwrap_or_default();
            Ok(Some(location::le_u64(&b)))
        }
        [e] if e["location"].as_array().map_or(false, |a| a.len() == 1) => {
            let code = bytes(&e["location"][0]).unwrap_or_default();
            single_address(run, &code).map(Some)
        }
        _ => fail("evaluation", "gimli-initial-stack"),
    }
}

fn evaluate<R: BufRead, W: Write>(t: &mut Target<R, W>, req: &Json) -> String {
    if let Err(f) = t.start() {
        return format!("error setup {}: {}\n", f.kind, f.code);
    }
    let c = &req["context"];
    let ctx = Ctx {
        lane: c["lane"].as_u64(),
        thread: c["thread"] != false,
        cu: c["cu"] != false,
        has_frame: !c["frame"].is_null(),
        frame: c["frame"].as_u64().unwrap_or(0),
        pc: num(&c["pc"]),
        entry: false,
    };
    let enc = gimli::Encoding {
        format: if req["offset_size"] == 8 {
            gimli::Format::Dwarf64
        } else {
            gimli::Format::Dwarf32
        },
        version: 5,
        address_size: req["address_size"].as_u64().unwrap_or(8) as u8,
    };
    let mut run = Run::new(t, enc, ctx);
    if req["call_stack"] == true {
        match run.t.ask(json!({"ask": "call_stack"})) {
            Ok(a) if a["debug_frame_error"].is_object() => {
                let e = &a["debug_frame_error"];
                return format!(
                    "error setup {}: {}\n",
                    e["kind"].as_str().unwrap_or("?"),
                    e["code"].as_str().unwrap_or("?")
                );
            }
            Ok(a) => {
                let stack = unwind::Stack::from_answer(&a);
                if let Some(Err(f)) = stack
                    .section
                    .as_ref()
                    .map(|b| unwind::load(b, enc.address_size))
                {
                    return format!("error setup {}: {}\n", f.kind, f.code);
                }
                run.stack = Some(stack);
            }
            Err(f) => return format!("error setup {}: {}\n", f.kind, f.code),
        }
    }
    let mut out = String::new();
    if !req["expression"].is_null() || !req["loclist"].is_null() {
        out += &main_outcome(&mut run, req)
            .unwrap_or_else(|f| format!("error {}: {}\n", f.kind, f.code));
    }
    for r in req["requests"]
        .as_array()
        .map(|v| v.as_slice())
        .unwrap_or(&[])
    {
        out += &request::answer(&mut run, r);
    }
    out
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut t = Target::new(stdin.lock(), stdout.lock());
    while let Some(req) = t.read_line() {
        if req["request"] != "evaluate" {
            eprintln!("hdcts-gimli: not a request: {}", req);
            std::process::exit(1);
        }
        let text = evaluate(&mut t, &req);
        t.send(&json!({ "result": text }));
    }
}
