//! The peer of bench/eval (docs/benchmarks.md): gimli's DWARF expression
//! evaluator on the same mix of eight DWARF 5 expressions and the same tiny
//! model: registers read as 0x1000 + their number, memory at A reads
//! A ^ 0x5a5a, the frame base is 0x8000.
//!
//! Each evaluation decodes the expression's bytes again, as hdref's does.
//! Before timing, every entry's result is checked against what the model
//! makes it, so a side that stopped evaluating cannot look fast.
//!
//! usage: hdcts-gimli-eval [N [ENTRY]]   N evaluations (1000000), of the
//! whole mix or only of entry ENTRY (0-7). Prints the rustc that built it.

use gimli::{
    Encoding, EndianSlice, EvaluationResult, Expression, Format, LittleEndian, Location, Piece,
    Value,
};
use std::process::exit;

const MIX: [&[u8]; 8] = [
    &[0x91, 0x10],                                           // fbreg 16
    &[0x70, 0x08],                                           // breg0 8
    &[0x70, 0x08, 0x06],                                     // breg0 8; deref
    &[0x35, 0x36, 0x22, 0x9f],                               // lit5 lit6 plus stack_value
    &[0x50, 0x93, 0x04, 0x51, 0x93, 0x04],                   // reg0 piece4 reg1 piece4
    &[0x10, 0x80, 0x20, 0x23, 0x10, 0x06],                   // constu 4096; plus_uconst 16; deref
    &[0x35, 0x31, 0x28, 0x01, 0x00, 0x39],                   // lit5 lit1 bra+1 lit9
    &[0x0c, 0x78, 0x56, 0x34, 0x12, 0x11, 0x7f, 0x1e, 0x9f], // const4u; consts -1; mul; stack_value
];

/// What each entry must come to: a digest of its pieces (see digest).
const EXPECT: [u64; 8] = [
    0x8010,
    0x1008,
    0x1008 ^ 0x5a5a,
    11,
    (1 << 32) | 2, // register 1 in the last piece, two pieces
    0x1010 ^ 0x5a5a,
    5,
    0x1234_5678u64.wrapping_neg(),
];

const ENCODING: Encoding = Encoding {
    format: Format::Dwarf32,
    version: 5,
    address_size: 8,
};

/// One number per result: an address, a value, or for register pieces the
/// last register and the piece count.
fn digest(pieces: &[Piece<EndianSlice<LittleEndian>>]) -> u64 {
    match pieces.last().map(|p| &p.location) {
        Some(Location::Address { address }) => *address,
        Some(Location::Value { value }) => value.to_u64(!0).unwrap_or(0),
        Some(Location::Register { register }) => {
            ((register.0 as u64) << 32) | pieces.len() as u64
        }
        _ => 0,
    }
}

fn evaluate(bytes: &[u8]) -> Result<u64, gimli::Error> {
    let mut e = Expression(EndianSlice::new(bytes, LittleEndian)).evaluation(ENCODING);
    let mut st = e.evaluate()?;
    loop {
        st = match st {
            EvaluationResult::Complete => break,
            EvaluationResult::RequiresMemory { address, .. } => {
                e.resume_with_memory(Value::Generic(address ^ 0x5a5a))?
            }
            EvaluationResult::RequiresRegister { register, .. } => {
                e.resume_with_register(Value::Generic(0x1000 + register.0 as u64))?
            }
            EvaluationResult::RequiresFrameBase => e.resume_with_frame_base(0x8000)?,
            _ => return Err(gimli::Error::UnsupportedEvaluation),
        }
    }
    Ok(digest(&e.result()))
}

fn arg(n: usize, default: u64) -> u64 {
    match std::env::args().nth(n) {
        None => default,
        Some(s) => s.parse().unwrap_or_else(|_| {
            eprintln!("usage: hdcts-gimli-eval [N [ENTRY]]");
            exit(2)
        }),
    }
}

fn main() {
    let n = arg(1, 1_000_000);
    let only = arg(2, u64::MAX);
    if n == 0 || (only != u64::MAX && only >= MIX.len() as u64) {
        eprintln!("usage: hdcts-gimli-eval [N > 0 [ENTRY 0-7]]");
        exit(2);
    }
    for (i, bytes) in MIX.iter().enumerate() {
        match evaluate(bytes) {
            Ok(d) if d == EXPECT[i] => {}
            r => {
                eprintln!("hdcts-gimli-eval: mix entry {} gave {:?}, want {:#x}", i, r, EXPECT[i]);
                exit(1);
            }
        }
    }
    let mut sink = 0u64;
    for i in 0..n {
        let k = if only == u64::MAX { (i % MIX.len() as u64) as usize } else { only as usize };
        sink = sink.wrapping_add(evaluate(MIX[k]).unwrap_or(0));
    }
    let what = if only == u64::MAX { "mix of 8".to_string() } else { format!("entry {}", only) };
    println!(
        "gimli: {} evaluations ({}, checksum {}), built by {}",
        n,
        what,
        sink,
        env!("HD_RUSTC_VERSION")
    );
}
