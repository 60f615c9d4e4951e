//! The evaluator's side of the target protocol (docs/adapter-protocol.md,
//! "evaluate through the target protocol"): one query out, one answer in.
//! Everything gimli asks its caller for is asked of the target here; the
//! adapter keeps no model of its own.

use serde_json::{json, Value as Json};
use std::collections::HashMap;
use std::io::{BufRead, Write};

/// An outcome error: the kind and reason code the canonical output prints
/// (`error <kind>: <code>`).
#[derive(Debug, Clone)]
pub struct Failure {
    pub kind: String,
    pub code: String,
}

pub type Res<T> = Result<T, Failure>;

pub fn fail<T>(kind: &str, code: &str) -> Res<T> {
    Err(Failure {
        kind: kind.to_string(),
        code: code.to_string(),
    })
}

/// "0x1f" for the wire's 64-bit numbers.
pub fn hex(v: u64) -> String {
    format!("0x{:x}", v)
}

/// A wire number: a "0x..." or decimal string, or a JSON number.
pub fn num(v: &Json) -> Option<u64> {
    match v {
        Json::String(s) => match s.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16).ok(),
            None => s.parse().ok(),
        },
        Json::Number(n) => n.as_u64(),
        _ => None,
    }
}

/// Hex bytes, two digits each, lowest address first.
pub fn bytes(v: &Json) -> Option<Vec<u8>> {
    let s = v.as_str()?;
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{:02x}", x)).collect()
}

#[derive(Clone)]
pub struct Aspace {
    pub name: Option<String>,
    pub bits: u32,
    pub per_lane: bool,
}

/// The connection to the target and what it said that does not change
/// during a case.
pub struct Target<R: BufRead, W: Write> {
    input: R,
    output: W,
    pub default_aspace: u64,
    pub has_arch: bool,
    pub cfi_same_value: bool,
    aspaces: HashMap<u64, Aspace>,
    names: HashMap<u64, Option<String>>,
    sizes: HashMap<u64, Option<u64>>,
}

impl<R: BufRead, W: Write> Target<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Target {
            input,
            output,
            default_aspace: 0,
            has_arch: false,
            cfi_same_value: false,
            aspaces: HashMap::new(),
            names: HashMap::new(),
            sizes: HashMap::new(),
        }
    }

    /// The next line, or None at the end of input. A broken wire ends the
    /// process: the target reports the session's end, not a case outcome.
    pub fn read_line(&mut self) -> Option<Json> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) => None,
            Ok(_) => match serde_json::from_str(&line) {
                Ok(v) => Some(v),
                Err(e) => broken(&format!("the target sent no JSON: {}", e)),
            },
            Err(e) => broken(&format!("reading from the target: {}", e)),
        }
    }

    pub fn send(&mut self, v: &Json) {
        let r = writeln!(self.output, "{}", v).and_then(|_| self.output.flush());
        if let Err(e) = r {
            broken(&format!("writing to the target: {}", e));
        }
    }

    /// Asks and returns the answer; an error answer becomes the outcome.
    pub fn ask(&mut self, q: Json) -> Res<Json> {
        self.send(&q);
        let a = self
            .read_line()
            .unwrap_or_else(|| broken("the target ended before answering"));
        if let Some(e) = a.get("error") {
            let s = |k: &str| e.get(k).and_then(Json::as_str).unwrap_or("?").to_string();
            return Err(Failure {
                kind: s("kind"),
                code: s("code"),
            });
        }
        Ok(a)
    }

    /// A new case: forget the last one's answers.
    pub fn start(&mut self) -> Res<()> {
        self.aspaces.clear();
        self.names.clear();
        self.sizes.clear();
        let t = self.ask(json!({"ask": "target"}))?;
        self.has_arch = !t["name"].is_null();
        self.default_aspace = num(&t["default_aspace"]).unwrap_or(0);
        self.cfi_same_value = t["cfi_same_value"].as_bool().unwrap_or(false);
        Ok(())
    }

    pub fn aspace(&mut self, aspace: u64) -> Res<Aspace> {
        if let Some(a) = self.aspaces.get(&aspace) {
            return Ok(a.clone());
        }
        let a = self.ask(json!({"ask": "aspace", "aspace": hex(aspace)}))?;
        let info = Aspace {
            name: a["name"].as_str().map(str::to_string),
            bits: a["address_bits"].as_u64().unwrap_or(64) as u32,
            per_lane: a["per_lane"].as_bool().unwrap_or(false),
        };
        self.aspaces.insert(aspace, info.clone());
        Ok(info)
    }

    /// A register's name as the canonical output spells it.
    pub fn register_name(&mut self, reg: u64) -> Res<String> {
        if !self.names.contains_key(&reg) {
            let a = self.ask(json!({"ask": "register_name", "register": hex(reg)}))?;
            self.names
                .insert(reg, a["name"].as_str().map(str::to_string));
        }
        Ok(self.names[&reg].clone().unwrap_or_else(|| reg.to_string()))
    }

    /// A register's size in bits; None when the architecture has no such
    /// register.
    pub fn register_bits(&mut self, reg: u64) -> Res<Option<u64>> {
        if !self.sizes.contains_key(&reg) {
            let a = self.ask(json!({"ask": "register_bits", "register": hex(reg)}))?;
            self.sizes.insert(reg, a["bits"].as_u64());
        }
        Ok(self.sizes[&reg])
    }

    /// The whole register: its size in bits and its bytes.
    pub fn register(&mut self, reg: u64) -> Res<(u64, Vec<u8>)> {
        let a = self.ask(json!({"ask": "register", "register": hex(reg)}))?;
        match (a["bits"].as_u64(), bytes(&a["bytes"])) {
            (Some(b), Some(v)) => Ok((b, v)),
            _ => fail("internal", "bad-answer"),
        }
    }

    pub fn write_register(&mut self, reg: u64, b: &[u8]) -> Res<()> {
        self.ask(json!({"ask": "write_register", "register": hex(reg), "bytes": to_hex(b)}))
            .map(|_| ())
    }

    pub fn memory(&mut self, aspace: u64, lane: Option<u64>, addr: u64, size: u64) -> Res<Vec<u8>> {
        let a = self.ask(json!({"ask": "memory", "aspace": hex(aspace), "lane": lane,
                                "address": hex(addr), "size": size}))?;
        bytes(&a["bytes"]).map_or_else(|| fail("internal", "bad-answer"), Ok)
    }

    pub fn write_memory(&mut self, aspace: u64, lane: Option<u64>, addr: u64, b: &[u8]) -> Res<()> {
        self.ask(
            json!({"ask": "write_memory", "aspace": hex(aspace), "lane": lane,
                        "address": hex(addr), "bytes": to_hex(b)}),
        )
        .map(|_| ())
    }

    /// A frame answer (cfa, frame_base, register, entry_register): the
    /// expression to evaluate in the top frame, or None.
    pub fn frame(&mut self, query: &str, frame: u64, reg: u64) -> Res<Option<Vec<u8>>> {
        let a = self.ask(json!({"ask": "frame", "query": query, "frame": frame,
                                "register": hex(reg)}))?;
        Ok(bytes(&a["expression"]))
    }
}

fn broken(why: &str) -> ! {
    eprintln!("hdcts-gimli: {}", why);
    std::process::exit(1)
}
