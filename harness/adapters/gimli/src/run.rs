//! Driving gimli's `Evaluation`: each `Requires*` it stops at is answered
//! by a query to the target, the way a debugger built on gimli answers it.

use crate::location::{address_of, le_u64, Loc, Part};
use crate::target::{bytes, fail, hex, num, Failure, Res, Target};
use crate::unwind::Stack;
use gimli::{
    DieReference, EndianRcSlice, Error, EvaluationResult, Expression, LittleEndian, Location,
    Piece, Reader, Value, ValueType,
};
use serde_json::json;
use std::io::{BufRead, Write};
use std::rc::Rc;

pub type Slice = EndianRcSlice<LittleEndian>;

/// Operations one evaluation may run, and how deep frame answers and DIE
/// locations may nest: a bound so no input makes the adapter run forever.
const MAX_STEPS: u32 = 1_000_000;
const MAX_DEPTH: u32 = 64;

pub fn slice(b: &[u8]) -> Slice {
    EndianRcSlice::new(Rc::from(b), LittleEndian)
}

/// The context elements a case gives (docs/case-format.md, "Context keys").
#[derive(Clone, Copy)]
pub struct Ctx {
    pub lane: Option<u64>,
    pub thread: bool,
    pub cu: bool,
    pub has_frame: bool,
    pub frame: u64,
    pub pc: Option<u64>,
    /// Inside DW_OP_entry_value: a register location is the register's
    /// value in that (the calling) frame.
    pub entry: bool,
}

pub struct Run<'t, R: BufRead, W: Write> {
    pub t: &'t mut Target<R, W>,
    pub enc: gimli::Encoding,
    pub ctx: Ctx,
    /// The name of the base type DIE each gimli value type came from.
    pub names: Vec<(ValueType, String)>,
    /// The call stack to unwind, when the case has one instead of answers.
    pub stack: Option<Stack>,
    depth: u32,
}

/// gimli's errors as the canonical output's reason codes where one means
/// the same; the rest keep gimli's name, so a report says what gimli said.
pub fn failure(e: Error) -> Failure {
    let (kind, code) = match e {
        Error::UnexpectedEof(_) => ("ill-formed", "truncated"),
        Error::BadUnsignedLeb128 | Error::BadSignedLeb128 => ("ill-formed", "leb128-overflow"),
        Error::InvalidExpression(_) => ("ill-formed", "unknown-opcode"),
        Error::NotEnoughStackItems => ("ill-formed", "stack-underflow"),
        Error::BadBranchTarget(_) => ("ill-formed", "bad-branch-target"),
        Error::DivisionByZero => ("evaluation", "division-by-zero"),
        Error::TypeMismatch => ("ill-formed", "type-mismatch"),
        Error::IntegralTypeRequired => ("ill-formed", "not-integral"),
        Error::UnsupportedTypeOperation => ("ill-formed", "bad-operand-type"),
        Error::InvalidPushObjectAddress => ("evaluation", "missing-context-object"),
        Error::TooManyIterations => ("evaluation", "step-limit"),
        ref other => {
            let name = format!("{:?}", other);
            let name = name.split('(').next().unwrap_or("error").to_string();
            return Failure {
                kind: "evaluation".into(),
                code: format!("gimli-{}", name),
            };
        }
    };
    Failure {
        kind: kind.into(),
        code: code.into(),
    }
}

impl<'t, R: BufRead, W: Write> Run<'t, R, W> {
    pub fn new(t: &'t mut Target<R, W>, enc: gimli::Encoding, ctx: Ctx) -> Self {
        Run {
            t,
            enc,
            ctx,
            names: Vec::new(),
            stack: None,
            depth: 0,
        }
    }

    /// Evaluates an expression to gimli's pieces, as locations of ours.
    pub fn eval(
        &mut self,
        code: &[u8],
        object: Option<u64>,
        initial: Option<u64>,
    ) -> Res<Vec<Part>> {
        if self.depth >= MAX_DEPTH {
            return fail("resource", "depth-limit");
        }
        self.depth += 1;
        let r = self.eval_inner(code, object, initial);
        self.depth -= 1;
        r
    }

    fn eval_inner(
        &mut self,
        code: &[u8],
        object: Option<u64>,
        initial: Option<u64>,
    ) -> Res<Vec<Part>> {
        let mut e = Expression(slice(code)).evaluation(self.enc);
        e.set_max_iterations(MAX_STEPS);
        if let Some(o) = object {
            e.set_object_address(o);
        }
        if let Some(v) = initial {
            e.set_initial_value(v);
        }
        let mut st = e.evaluate().map_err(failure)?;
        loop {
            st = match st {
                EvaluationResult::Complete => break,
                EvaluationResult::RequiresMemory {
                    address,
                    size,
                    space,
                    base_type,
                } => {
                    let v = self.load(address, size as u64, space, base_type.0)?;
                    e.resume_with_memory(v)
                }
                EvaluationResult::RequiresRegister {
                    register,
                    base_type,
                } => {
                    let v = self.register_value(register.0 as u64, base_type.0)?;
                    e.resume_with_register(v)
                }
                EvaluationResult::RequiresFrameBase => {
                    let a = self.frame_address("frame_base", 0)?;
                    e.resume_with_frame_base(a)
                }
                EvaluationResult::RequiresCallFrameCfa => {
                    let a = self.frame_address("cfa", 0)?;
                    e.resume_with_call_frame_cfa(a)
                }
                EvaluationResult::RequiresTls(a) => {
                    let r = self
                        .t
                        .ask(json!({"ask": "tls_address", "address": hex(a)}))?;
                    e.resume_with_tls(num(&r["address"]).unwrap_or(0))
                }
                EvaluationResult::RequiresAtLocation(d) => {
                    let die = match d {
                        DieReference::UnitRef(o) => o.0 as u64,
                        DieReference::DebugInfoRef(o) => o.0 as u64,
                    };
                    let b = self.die_location(die)?;
                    e.resume_with_at_location(slice(&b))
                }
                EvaluationResult::RequiresEntryValue(x) => {
                    let v = self.entry_value(x.0.to_slice().map_err(failure)?.as_ref())?;
                    e.resume_with_entry_value(v)
                }
                EvaluationResult::RequiresParameterRef(_) => {
                    return fail("evaluation", "unsupported-op")
                }
                EvaluationResult::RequiresRelocatedAddress(a) => e.resume_with_relocated_address(a),
                EvaluationResult::RequiresIndexedAddress { index, .. } => {
                    self.need_cu()?;
                    let a = self
                        .t
                        .ask(json!({"ask": "addr", "index": hex(index.0 as u64)}))?;
                    match num(&a["address"]) {
                        Some(v) => e.resume_with_indexed_address(v),
                        None => return fail("ill-formed", "addr-index"),
                    }
                }
                EvaluationResult::RequiresBaseType(o) => {
                    let t = self.base_type(o.0 as u64)?;
                    e.resume_with_base_type(t)
                }
            }
            .map_err(failure)?;
        }
        e.result().into_iter().map(|p| self.part(p)).collect()
    }

    fn part(&mut self, p: Piece<Slice>) -> Res<Part> {
        let loc = match p.location {
            Location::Empty => Loc::Undefined,
            Location::Register { register } => return self.register_part(register.0 as u64, p),
            Location::Address { address } => self.memory_loc(self.t.default_aspace, address)?,
            Location::Value { value } => Loc::Value(value),
            Location::Bytes { value } => Loc::Implicit(value.to_slice().map_err(failure)?.to_vec()),
            Location::ImplicitPointer { value, byte_offset } => Loc::ImplicitPointer {
                die: value.0 as u64,
                disp: byte_offset,
            },
        };
        Ok(Part {
            bits: p.size_in_bits,
            bit: p.bit_offset.unwrap_or(0),
            loc,
        })
    }

    /// What a debugger checks before it uses a DWARF register number: the
    /// architecture has the register, and there is a thread and a frame
    /// to take it from. Returns the register's size in bits.
    fn register_bits(&mut self, reg: u64) -> Res<u64> {
        if !self.t.has_arch {
            return fail("evaluation", "missing-context-architecture");
        }
        let bits = match self.t.register_bits(reg)? {
            Some(n) => n,
            None => return fail("ill-formed", "unknown-register"),
        };
        if !self.ctx.thread {
            return fail("evaluation", "missing-context-thread");
        }
        if !self.ctx.has_frame {
            return fail("evaluation", "missing-context-frame");
        }
        Ok(bits)
    }

    /// A register in the top frame is itself; in a caller's frame it is
    /// wherever the frame answer says it was saved.
    fn register_part(&mut self, reg: u64, p: Piece<Slice>) -> Res<Part> {
        let bit = p.bit_offset.unwrap_or(0);
        let n = self.register_bits(reg)?;
        if self.ctx.entry {
            if n > 64 {
                return fail("evaluation", "unsupported-type-size");
            }
            let saved = self.frame_location("register", reg)?;
            let b = self.t.read(&saved, n)?;
            return Ok(Part {
                bits: p.size_in_bits,
                bit,
                loc: Loc::Value(self.make_value(0, &b)?),
            });
        }
        if self.ctx.frame == 0 {
            return Ok(Part {
                bits: p.size_in_bits,
                bit,
                loc: Loc::Register(reg),
            });
        }
        let saved = self.frame_location("register", reg)?;
        match saved.as_slice() {
            [one] if one.bits.is_none() => Ok(Part {
                bits: p.size_in_bits,
                bit: one.bit + bit,
                loc: one.loc.clone(),
            }),
            _ => fail("evaluation", "gimli-composite-saved-register"),
        }
    }

    pub fn memory_loc(&mut self, aspace: u64, addr: u64) -> Res<Loc> {
        // the lane goes with every address: a generic one may fall in the
        // private aperture, which the target resolves for that lane
        Ok(Loc::Memory {
            aspace,
            addr,
            lane: self.ctx.lane,
        })
    }

    /// The value gimli asked for, from the bytes of its size: generic when
    /// base_type is 0.
    fn make_value(&mut self, base_type: usize, b: &[u8]) -> Res<Value> {
        if base_type == 0 {
            return Ok(Value::Generic(le_u64(b)));
        }
        let t = self.base_type(base_type as u64)?;
        Value::parse(t, slice(b)).map_err(failure)
    }

    fn value_bits(&mut self, base_type: usize) -> Res<u64> {
        if base_type == 0 {
            return Ok(self.enc.address_size as u64 * 8);
        }
        let t = self.base_type(base_type as u64)?;
        Ok(crate::location::value_bytes(&Value::from_u64(t, 0).map_err(failure)?).len() as u64 * 8)
    }

    fn load(&mut self, addr: u64, size: u64, space: Option<u64>, base_type: usize) -> Res<Value> {
        let aspace = space.unwrap_or(self.t.default_aspace);
        let loc = self.memory_loc(aspace, addr)?;
        let b = self.t.read(
            &[Part {
                bits: None,
                bit: 0,
                loc,
            }],
            size * 8,
        )?;
        self.make_value(base_type, &b)
    }

    /// DW_OP_breg*, bregx and regval_type: the register's low bits, as the
    /// extension reads them (a register narrower than that is an error).
    pub fn register_value(&mut self, reg: u64, base_type: usize) -> Res<Value> {
        let need = self.value_bits(base_type)?;
        if self.register_bits(reg)? < need {
            return fail("evaluation", "register-too-small");
        }
        let b = if self.ctx.frame == 0 {
            self.t.register(reg)?.1[..(need / 8) as usize].to_vec()
        } else {
            let saved = self.frame_location("register", reg)?;
            self.t.read(&saved, need)?
        };
        self.make_value(base_type, &b)
    }

    pub fn base_type(&mut self, die: u64) -> Res<ValueType> {
        if die == 0 {
            return Ok(ValueType::Generic); // DW_OP_convert 0 and reinterpret 0
        }
        self.need_cu()?;
        let a = self.t.ask(json!({"ask": "base_type", "die": hex(die)}))?;
        let t = &a["type"];
        if t.is_null() {
            return fail("ill-formed", "not-a-base-type");
        }
        if t["vector"].as_u64().unwrap_or(0) > 1 {
            return fail("evaluation", "gimli-vector-type");
        }
        let enc = gimli::DwAte(t["encoding"].as_u64().unwrap_or(0) as u8);
        let size = t["bits"].as_u64().unwrap_or(0) / 8;
        let vt = ValueType::from_encoding(enc, size)
            .map_or_else(|| fail("evaluation", "unsupported-type-size"), Ok)?;
        if !self.names.iter().any(|(v, _)| *v == vt) {
            self.names
                .push((vt, t["name"].as_str().unwrap_or("?").to_string()));
        }
        Ok(vt)
    }

    /// A DIE offset or an address index means something only in a unit.
    fn need_cu(&self) -> Res<()> {
        if self.ctx.cu {
            Ok(())
        } else {
            fail("evaluation", "missing-context-cu")
        }
    }

    /// What DW_OP_call* runs: the DIE's DW_AT_location, or nothing.
    fn die_location(&mut self, die: u64) -> Res<Vec<u8>> {
        self.need_cu()?;
        let a = self.t.ask(json!({"ask": "die", "die": hex(die)}))?;
        let d = &a["die"];
        if d.is_null() {
            return fail("ill-formed", "no-such-die");
        }
        if let Some(b) = bytes(&d["location"]) {
            return Ok(b);
        }
        if let Some(l) = d["loclist"].as_array() {
            return Ok(self.select(l)?.unwrap_or_default());
        }
        Ok(Vec::new())
    }

    /// The entry of a location list the program location selects, DWARF 5
    /// 2.6.2: the first bounded entry holding it, else a default entry.
    pub fn select(&mut self, list: &[serde_json::Value]) -> Res<Option<Vec<u8>>> {
        let pc = match self.ctx.pc {
            Some(pc) if self.ctx.frame > 0 => pc.wrapping_sub(1),
            Some(pc) => pc,
            None => return fail("evaluation", "missing-context-pc"),
        };
        let hit = list.iter().find(|e| {
            matches!((num(&e["low"]), num(&e["high"])), (Some(l), Some(h)) if l <= pc && pc < h)
        });
        let e = hit.or_else(|| list.iter().find(|e| e["default"].as_bool() == Some(true)));
        Ok(e.and_then(|e| bytes(&e["bytes"])))
    }

    /// Where the current frame's CFA, frame base or register is: unwound
    /// from the call stack, or the target's answer evaluated in the top
    /// frame.
    pub fn frame_location(&mut self, query: &str, reg: u64) -> Res<Vec<Part>> {
        let saved = self.ctx;
        self.ctx.entry = false;
        let r = self.frame_location_of(query, reg);
        self.ctx = saved;
        r
    }

    fn frame_location_of(&mut self, query: &str, reg: u64) -> Res<Vec<Part>> {
        let frame = self.ctx.frame;
        if self.stack.is_some() {
            return match query {
                "cfa" => self.cfa(frame),
                "frame_base" => self.frame_base(frame),
                "entry_register" => self.register_in(frame + 1, reg),
                _ => self.register_in(frame, reg),
            };
        }
        if !self.ctx.has_frame {
            return fail("evaluation", "missing-context-frame");
        }
        let code = match self.t.frame(query, frame, reg)? {
            Some(c) => c,
            None => return fail("evaluation", "no-call-frame-information"),
        };
        self.in_frame(0, |run| run.eval(&code, None, None))
    }

    /// The CFA or frame base as the address gimli takes: a memory
    /// location's address, or a register location's contents (DWARF 5
    /// 2.5.1.2 reads a frame base held in a register so).
    fn frame_address(&mut self, query: &str, reg: u64) -> Res<u64> {
        let parts = self.frame_location(query, reg)?;
        match parts.as_slice() {
            [Part {
                bits: None,
                loc: Loc::Register(r),
                ..
            }] => {
                let need = self.enc.address_size as u64 * 8;
                if self.t.register_bits(*r)?.unwrap_or(0) < need {
                    return fail("evaluation", "register-too-small");
                }
                let b = self.t.read(&parts, need)?;
                Ok(le_u64(&b))
            }
            _ => address_of(&parts),
        }
    }

    /// DW_OP_entry_value (DWARF 5 2.5.1.7): the expression evaluated in
    /// the calling frame, where the registers hold what they held on
    /// entry; its result is the value gimli takes.
    fn entry_value(&mut self, code: &[u8]) -> Res<Value> {
        let saved = self.ctx;
        // E runs in the calling frame, at its call site when the call
        // stack says where that is
        self.ctx.entry = true;
        self.ctx.frame += 1;
        self.ctx.pc = self
            .stack
            .as_ref()
            .and_then(|s| s.pcs.get(self.ctx.frame as usize).copied());
        let r = self.eval(code, None, None);
        self.ctx = saved;
        match r?.as_slice() {
            [Part {
                bits: None,
                loc: Loc::Value(v),
                ..
            }] => Ok(*v),
            [Part {
                bits: None,
                loc: Loc::Memory { addr, .. },
                ..
            }] => Ok(Value::Generic(*addr)),
            _ => fail("evaluation", "gimli-entry-value-not-value"),
        }
    }
}
