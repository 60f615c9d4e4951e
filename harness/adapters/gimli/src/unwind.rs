//! Virtual unwinding with gimli's own call frame reader (`DebugFrame`,
//! `UnwindContext`, DWARF 5 6.4): a case's call stack, from the target's
//! `call_stack` answer, gives what a frame's registers and CFA are.

use crate::location::{address_of, le_u64, Loc, Part};
use crate::run::failure;
use crate::run::{slice, Run, Slice};
use crate::target::{bytes, fail, num, Res};
use gimli::{
    BaseAddresses, CfaRule, CieOrFde, DebugFrame, Reader, RegisterRule, UnwindContext,
    UnwindSection,
};
use serde_json::Value as Json;
use std::io::{BufRead, Write};

/// The call stack: program locations top first, the `.debug_frame`
/// section and the subprograms with their attributes.
pub struct Stack {
    pub pcs: Vec<u64>,
    pub section: Option<Vec<u8>>,
    pub subprograms: Vec<Json>,
}

impl Stack {
    pub fn from_answer(a: &Json) -> Stack {
        Stack {
            pcs: a["pcs"]
                .as_array()
                .map_or(Vec::new(), |v| v.iter().filter_map(num).collect()),
            section: bytes(&a["debug_frame"]),
            subprograms: a["subprograms"].as_array().cloned().unwrap_or_default(),
        }
    }
}

/// What a frame's row of the CFI table says, taken out of gimli's row.
struct Row {
    cfa: CfaRule<Slice>,
    rules: Vec<(u16, RegisterRule<Slice>)>,
    return_address: u64,
}

/// A frame's lookup location: in a caller, the call site (DWARF 5 6.4.4).
fn lookup_pc(frame: u64, pc: u64) -> u64 {
    if frame > 0 {
        pc.wrapping_sub(1)
    } else {
        pc
    }
}

/// Reads every CIE and FDE as a debugger loading the section does; what
/// gimli refuses there stops the case before any frame is unwound.
pub fn load(section: &[u8], address_size: u8) -> Res<()> {
    let mut df = DebugFrame::from(slice(section));
    df.set_address_size(address_size);
    let bases = BaseAddresses::default();
    let mut entries = df.entries(&bases);
    while let Some(entry) = entries.next().map_err(failure)? {
        if let CieOrFde::Fde(partial) = entry {
            partial
                .parse(DebugFrame::cie_from_offset)
                .map_err(failure)?;
        }
    }
    Ok(())
}

impl<'t, R: BufRead, W: Write> Run<'t, R, W> {
    fn pc_of(&self, frame: u64) -> Res<u64> {
        let s = self.stack.as_ref().unwrap();
        match s.pcs.get(frame as usize) {
            Some(pc) => Ok(*pc),
            None => fail("evaluation", "frame-not-active"),
        }
    }

    fn row(&mut self, frame: u64) -> Res<Row> {
        let pc = lookup_pc(frame, self.pc_of(frame)?);
        let s = self.stack.as_ref().unwrap();
        let section = match &s.section {
            Some(b) => slice(b),
            None => return fail("evaluation", "no-fde"),
        };
        let mut df = DebugFrame::from(section);
        df.set_address_size(self.enc.address_size);
        let mut ctx = UnwindContext::new();
        let bases = BaseAddresses::default();
        let row = df
            .unwind_info_for_address(&bases, &mut ctx, pc, DebugFrame::cie_from_offset)
            .map_err(failure)?;
        let fde = df
            .fde_for_address(&bases, pc, DebugFrame::cie_from_offset)
            .map_err(failure)?;
        Ok(Row {
            cfa: row.cfa().clone(),
            rules: row
                .registers()
                .map(|(r, rule)| (r.0, rule.clone()))
                .collect(),
            return_address: fde.cie().return_address_register().0 as u64,
        })
    }

    /// The CFA of a frame: a memory location in the default address space
    /// (DWARF 5 knows one).
    pub fn cfa(&mut self, frame: u64) -> Res<Vec<Part>> {
        let addr = match self.row(frame)?.cfa {
            CfaRule::RegisterAndOffset { register, offset } => {
                let v = self.in_frame(frame, |run| run.register_value(register.0 as u64, 0))?;
                v.to_u64(!0).map_err(failure)?.wrapping_add(offset as u64)
            }
            CfaRule::Expression(e) => {
                let code = e.0.to_slice().map_err(failure)?.to_vec();
                let parts = self.in_frame(frame, |run| run.eval(&code, None, None))?;
                address_of(&parts)?
            }
        };
        Ok(vec![Part {
            bits: None,
            bit: 0,
            loc: self.memory_loc(self.t.default_aspace, addr)?,
        }])
    }

    /// Where a register of a frame is: itself in the top frame, else what
    /// the callee's row says.
    pub fn register_in(&mut self, frame: u64, reg: u64) -> Res<Vec<Part>> {
        let whole = |loc| {
            Ok(vec![Part {
                bits: None,
                bit: 0,
                loc,
            }])
        };
        if frame == 0 {
            return whole(Loc::Register(reg));
        }
        let callee = frame - 1;
        let row = self.row(callee)?;
        let rule = row
            .rules
            .iter()
            .find(|(r, _)| *r as u64 == reg)
            .map(|(_, rule)| rule.clone());
        let rule = match rule {
            Some(rule) => rule,
            None if self.t.cfi_same_value => RegisterRule::SameValue,
            None => RegisterRule::Undefined,
        };
        let cfa = |run: &mut Self| address_of(&run.cfa(callee)?);
        match rule {
            RegisterRule::Undefined => whole(Loc::Undefined),
            RegisterRule::SameValue => self.register_in(callee, reg),
            RegisterRule::Register(r) => self.register_in(callee, r.0 as u64),
            RegisterRule::Offset(n) => {
                let a = cfa(self)?.wrapping_add(n as u64);
                whole(self.memory_loc(self.t.default_aspace, a)?)
            }
            RegisterRule::ValOffset(n) => {
                let a = cfa(self)?.wrapping_add(n as u64);
                whole(Loc::Value(gimli::Value::Generic(a)))
            }
            RegisterRule::Expression(e) | RegisterRule::ValExpression(e) => {
                let val = matches!(
                    self.row(callee)?
                        .rules
                        .iter()
                        .find(|(r, _)| *r as u64 == reg),
                    Some((_, RegisterRule::ValExpression(_)))
                );
                let code = e.0.to_slice().map_err(failure)?.to_vec();
                let c = cfa(self)?;
                let parts = self.in_frame(callee, |run| run.eval(&code, None, Some(c)))?;
                if !val {
                    return Ok(parts);
                }
                let a = address_of(&parts)?;
                whole(Loc::Value(gimli::Value::Generic(a)))
            }
            RegisterRule::Architectural => fail("evaluation", "gimli-architectural-rule"),
        }
    }

    /// The program location of a frame, from the return address column.
    pub fn pc(&mut self, frame: u64) -> Res<u64> {
        if frame == 0 {
            return self.pc_of(0);
        }
        self.pc_of(frame)?;
        let ra = self.row(frame - 1)?.return_address;
        let parts = self.register_in(frame, ra)?;
        let b = self.t.read(&parts, 64)?;
        Ok(le_u64(&b))
    }

    /// DW_AT_frame_base of the subprogram holding the frame's location.
    pub fn frame_base(&mut self, frame: u64) -> Res<Vec<Part>> {
        let pc = lookup_pc(frame, self.pc_of(frame)?);
        let s = self.stack.as_ref().unwrap();
        let sub = s.subprograms.iter().find(|p| {
            matches!((num(&p["low"]), num(&p["high"])), (Some(l), Some(h)) if l <= pc && pc < h)
        });
        let code = match sub.map(|p| bytes(&p["frame_base"])) {
            Some(Some(c)) => c,
            Some(None) => return fail("ill-formed", "no-frame-base"),
            None => return fail("evaluation", "no-subprogram"),
        };
        self.in_frame(frame, |run| run.eval(&code, None, None))
    }

    /// Runs f with the context's frame set to frame.
    pub fn in_frame<T>(&mut self, frame: u64, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        let saved = self.ctx.frame;
        self.ctx.frame = frame;
        let r = f(self);
        self.ctx.frame = saved;
        r
    }
}
