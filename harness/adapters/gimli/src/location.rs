//! What gimli's result pieces designate, read and written through the
//! target, and printed in the canonical form (docs/canonical-output.md).

use crate::target::{fail, to_hex, Res, Target};
use gimli::{Value, ValueType};
use std::io::{BufRead, Write};

/// One of gimli's `Location`s, with the address space and lane a memory
/// location lives in (gimli's own has neither: DWARF 5 has one memory).
#[derive(Clone, Debug)]
pub enum Loc {
    Undefined,
    Register(u64),
    Memory {
        aspace: u64,
        addr: u64,
        lane: Option<u64>,
    },
    Implicit(Vec<u8>),
    Value(Value),
    ImplicitPointer {
        die: u64,
        disp: i64,
    },
}

/// A piece: `bits` None for the whole of a location without pieces.
#[derive(Clone, Debug)]
pub struct Part {
    pub bits: Option<u64>,
    pub bit: u64,
    pub loc: Loc,
}

/// The bytes of a value, lowest first, in its type's size.
pub fn value_bytes(v: &Value) -> Vec<u8> {
    match *v {
        Value::Generic(x) | Value::U64(x) => x.to_le_bytes().to_vec(),
        Value::I8(x) => x.to_le_bytes().to_vec(),
        Value::U8(x) => x.to_le_bytes().to_vec(),
        Value::I16(x) => x.to_le_bytes().to_vec(),
        Value::U16(x) => x.to_le_bytes().to_vec(),
        Value::I32(x) => x.to_le_bytes().to_vec(),
        Value::U32(x) => x.to_le_bytes().to_vec(),
        Value::I64(x) => x.to_le_bytes().to_vec(),
        Value::F32(x) => x.to_bits().to_le_bytes().to_vec(),
        Value::F64(x) => x.to_bits().to_le_bytes().to_vec(),
    }
}

/// The number in up to 8 little-endian bytes, zero-extended.
pub fn le_u64(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    let n = b.len().min(8);
    w[..n].copy_from_slice(&b[..n]);
    u64::from_le_bytes(w)
}

/// n bits from src starting at bit off, packed from bit 0.
fn get_bits(src: &[u8], off: u64, n: u64) -> Vec<u8> {
    let mut out = vec![0u8; ((n + 7) / 8) as usize];
    for i in 0..n {
        let s = off + i;
        if src[(s / 8) as usize] >> (s % 8) & 1 != 0 {
            out[(i / 8) as usize] |= 1 << (i % 8);
        }
    }
    out
}

/// Copies n bits of src (from bit 0) into dst at bit off.
fn put_bits(dst: &mut [u8], off: u64, src: &[u8], n: u64) {
    for i in 0..n {
        let d = off + i;
        let bit = src[(i / 8) as usize] >> (i % 8) & 1;
        dst[(d / 8) as usize] = dst[(d / 8) as usize] & !(1 << (d % 8)) | bit << (d % 8);
    }
}

/// The number the bytes hold, little-endian, in ceil(n/4) hex digits.
pub fn hex_number(b: &[u8], n: u64) -> String {
    let digits = ((n + 3) / 4) as usize;
    let all: String = b.iter().rev().map(|x| format!("{:02x}", x)).collect();
    all[all.len() - digits.min(all.len())..].to_string()
}

fn stored_bytes(loc: &Loc) -> Option<Vec<u8>> {
    match loc {
        Loc::Implicit(b) => Some(b.clone()),
        Loc::Value(v) => Some(value_bytes(v)),
        _ => None,
    }
}

/// The address of a location that is one memory location: what gimli
/// takes where DWARF 5 has an address (CFA, frame base, object, initial
/// value).
pub fn address_of(parts: &[Part]) -> Res<u64> {
    match parts {
        [Part {
            bits: None,
            loc: Loc::Memory { addr, .. },
            bit,
        }] => Ok(addr.wrapping_add(bit / 8)),
        _ => fail("evaluation", "gimli-not-an-address"),
    }
}

/// Total size of a composite: the sum of its pieces.
fn total_bits(parts: &[Part]) -> u64 {
    parts.iter().map(|p| p.bits.unwrap_or(0)).sum()
}

fn is_single(parts: &[Part]) -> bool {
    parts.len() == 1 && parts[0].bits.is_none()
}

impl<R: BufRead, W: Write> Target<R, W> {
    fn read_at(&mut self, loc: &Loc, bit: u64, n: u64) -> Res<Vec<u8>> {
        match loc {
            Loc::Undefined => fail("evaluation", "undefined-read"),
            Loc::ImplicitPointer { .. } => fail("evaluation", "implicit-pointer-read"),
            Loc::Memory { aspace, addr, lane } => {
                let sh = bit % 8;
                let m =
                    self.memory(*aspace, *lane, addr.wrapping_add(bit / 8), (sh + n + 7) / 8)?;
                Ok(get_bits(&m, sh, n))
            }
            Loc::Register(r) => {
                let (bits, b) = self.register(*r)?;
                if bit + n > bits {
                    return fail("evaluation", "out-of-bounds");
                }
                Ok(get_bits(&b, bit, n))
            }
            _ => {
                let b = stored_bytes(loc).unwrap();
                if bit + n > b.len() as u64 * 8 {
                    return fail("evaluation", "out-of-bounds");
                }
                Ok(get_bits(&b, bit, n))
            }
        }
    }

    /// n bits through a location: a composite's pieces in order.
    pub fn read(&mut self, parts: &[Part], n: u64) -> Res<Vec<u8>> {
        if is_single(parts) {
            return self.read_at(&parts[0].loc, parts[0].bit, n);
        }
        if n > total_bits(parts) {
            return fail("evaluation", "out-of-bounds");
        }
        let mut out = vec![0u8; ((n + 7) / 8) as usize];
        let mut done = 0;
        for p in parts {
            let k = p.bits.unwrap_or(0).min(n - done);
            if k == 0 {
                break;
            }
            let b = self.read_at(&p.loc, p.bit, k)?;
            put_bits(&mut out, done, &b, k);
            done += k;
        }
        Ok(out)
    }

    fn write_at(&mut self, loc: &Loc, bit: u64, n: u64, data: &[u8]) -> Res<()> {
        match loc {
            Loc::Undefined => fail("evaluation", "undefined-write"),
            Loc::Memory { aspace, addr, lane } => {
                let (sh, start) = (bit % 8, addr.wrapping_add(bit / 8));
                let size = (sh + n + 7) / 8;
                let mut m = if sh == 0 && n % 8 == 0 {
                    vec![0u8; size as usize]
                } else {
                    self.memory(*aspace, *lane, start, size)?
                };
                put_bits(&mut m, sh, data, n);
                self.write_memory(*aspace, *lane, start, &m)
            }
            Loc::Register(r) => {
                let (bits, mut b) = self.register(*r)?;
                if bit + n > bits {
                    return fail("evaluation", "out-of-bounds");
                }
                put_bits(&mut b, bit, data, n);
                self.write_register(*r, &b)
            }
            _ => fail("evaluation", "implicit-write"),
        }
    }

    pub fn write(&mut self, parts: &[Part], n: u64, data: &[u8]) -> Res<()> {
        if is_single(parts) {
            return self.write_at(&parts[0].loc, parts[0].bit, n, data);
        }
        if n > total_bits(parts) {
            return fail("evaluation", "out-of-bounds");
        }
        let mut done = 0;
        for p in parts {
            let k = p.bits.unwrap_or(0).min(n - done);
            if k == 0 {
                break;
            }
            self.write_at(&p.loc, p.bit, k, &get_bits(data, done, k))?;
            done += k;
        }
        Ok(())
    }

    fn single(&mut self, loc: &Loc, bit: u64) -> Res<String> {
        Ok(match loc {
            Loc::Undefined => "undefined".to_string(),
            Loc::Register(r) => format!("register {} bit={}", self.register_name(*r)?, bit),
            Loc::Memory { aspace, addr, lane } => {
                let a = self.aspace(*aspace)?;
                let name = a.name.unwrap_or_else(|| aspace.to_string());
                let lane = match lane {
                    Some(l) if a.per_lane => format!(" lane={}", l),
                    _ => String::new(),
                };
                format!(
                    "memory {} addr=0x{:x} bit={}{}",
                    name,
                    addr.wrapping_add(bit / 8),
                    bit % 8,
                    lane
                )
            }
            Loc::ImplicitPointer { die, disp } => {
                format!(
                    "implicit-pointer die=0x{:x} disp={} aspace=0 bit={}",
                    die, disp, bit
                )
            }
            _ => format!(
                "implicit bytes={} bit={}",
                to_hex(&stored_bytes(loc).unwrap()),
                bit
            ),
        })
    }

    /// `location` and its lines.
    pub fn print_location(&mut self, parts: &[Part]) -> Res<String> {
        if is_single(parts) {
            return Ok(format!(
                "location\n  {}\n",
                self.single(&parts[0].loc, parts[0].bit)?
            ));
        }
        let mut s = format!("location\n  composite bits={} bit=0\n", total_bits(parts));
        for p in parts {
            let line = self.single(&p.loc, p.bit)?;
            s += &format!("    part bits={}\n      {}\n", p.bits.unwrap_or(0), line);
        }
        Ok(s)
    }
}

/// The bits of a value type, and its name: `generic`, or the name of the
/// base type DIE it was made from.
fn type_of(v: &Value, names: &Vec<(ValueType, String)>) -> (String, u64) {
    let t = v.value_type();
    let bits = value_bytes(v).len() as u64 * 8;
    match t {
        ValueType::Generic => ("generic".to_string(), bits),
        _ => (
            names
                .iter()
                .find(|(v, _)| *v == t)
                .map(|(_, n)| n.clone())
                .unwrap_or_else(|| format!("{:?}", t)),
            bits,
        ),
    }
}

/// `value ...` for a value result: gimli's final value or, for a result
/// without DW_OP_stack_value, the address DWARF 5 makes of it.
pub fn print_value(parts: &[Part], names: &Vec<(ValueType, String)>) -> Res<String> {
    if !is_single(parts) {
        return fail("ill-formed", "result-not-value");
    }
    match &parts[0].loc {
        Loc::Value(v) => {
            let (name, bits) = type_of(v, names);
            Ok(format!(
                "value {} = 0x{}\n",
                name,
                hex_number(&value_bytes(v), bits)
            ))
        }
        Loc::Memory { addr, .. } => Ok(format!("value generic = 0x{:016x}\n", addr)),
        Loc::ImplicitPointer { die, disp } => Ok(format!(
            "value implicit-pointer die=0x{:x} disp={} aspace=0\n",
            die, disp
        )),
        _ => fail("ill-formed", "result-not-value"),
    }
}
