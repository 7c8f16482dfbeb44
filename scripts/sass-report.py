#!/usr/bin/env python3
"""SASS report: registers, stack and spills of every CUDA kernel, and the
instruction mix of the strip kernel's Life loop, read from the compiled
machine code (cuobjdump -res-usage / -sass; no GPU needed).

    scripts/sass-report.py [--check] [--out FILE] LIBRARY_OR_PROGRAM...

--check fails (exit 1) when a step kernel (step_kernel, strip_kernel) uses
local memory or a stack frame (spills: LOCAL, STACK, LDL/STL), or when the
Life strip kernel's loop spends more than 12 LOP3 per 32 cells and
generation. The loop is the body of the kernel's steady-state row loop (the
backward branch whose body holds the most LOP3): one iteration advances one
row of 64 cells per lane by k generations, i.e. 2k units of 32 cells.

cuobjdump and nvdisasm come with a full CUDA toolkit; where they are absent
(CUDA 13 on these machines) scripts/deps.sh installs NVIDIA's builds from
PyPI into /opt/toroid/cuda-tools/bin, which is searched too.
"""
import argparse
import bisect
import os
import re
import shutil
import subprocess
import sys

TOOL_DIRS = [os.environ.get("TOROID_CUDA_TOOLS", "/opt/toroid/cuda-tools") + "/bin",
             "/usr/local/cuda/bin"]
MAX_LOP3_PER_32_CELLS = 12


def find_tool(name):
    found = shutil.which(name)
    if found:
        return found
    for d in TOOL_DIRS:
        if os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    return None


def demangle(names):
    if not names:
        return {}
    filt = shutil.which("c++filt")
    if not filt:
        return {n: n for n in names}
    out = subprocess.run([filt], input="\n".join(names), capture_output=True, text=True).stdout
    return dict(zip(names, out.splitlines()))


def short_name(demangled):
    # toroid::gpu::(anonymous namespace)::strip_kernel<StepVariant<...>, 8>(...) -> readable
    s = re.sub(r"\(anonymous namespace\)::", "", demangled)
    s = re.sub(r"toroid::(gpu|kernels)::", "", s)
    s = s.replace("toroid::", "")
    if s.endswith(")"):  # drop the parameter list (the last balanced parentheses)
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(s[i], 0)
            if depth == 0:
                s = s[:i]
                break
    s = re.sub(r"^void ", "", s)
    s = s.replace("(Neighbourhood)0", "Moore").replace("(Neighbourhood)1", "Hex")
    s = s.replace("(Neighbourhood)2", "VonNeumann")
    return s


def resource_usage(cuobjdump, path):
    out = subprocess.run([cuobjdump, "-res-usage", path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"sass-report: cuobjdump -res-usage {path} failed: {out.stderr.strip()}")
    usage, name = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"\s*Function (\S+):", line)
        if m:
            name = m.group(1)
            continue
        if name and "REG:" in line:
            usage[name] = {k: int(v) for k, v in re.findall(r"(REG|STACK|SHARED|LOCAL):(\d+)", line)}
            name = None
    return usage


def sass(cuobjdump, path):
    env = dict(os.environ)
    nvdisasm = find_tool("nvdisasm")
    if nvdisasm:
        env["PATH"] = os.path.dirname(nvdisasm) + os.pathsep + env.get("PATH", "")
    out = subprocess.run([cuobjdump, "-sass", path], capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit(f"sass-report: cuobjdump -sass {path} failed: {out.stderr.strip()}")
    functions, name = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            name = m.group(1)
            functions[name] = []
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if name and m:
            functions[name].append((int(m.group(1), 16), m.group(2)))
    return functions


def opcode(text):
    t = re.sub(r"^@!?U?P\w+\s+", "", text)  # predicate
    return t.split()[0] if t.split() else ""


def hottest_loop(instructions):
    """The body of the backward-branch loop with the most LOP3 of its own
    (instructions of loops nested in it left out: a slow path's loop, or the
    inner loop of an outer one)."""
    loops = []
    for addr, text in instructions:
        m = re.search(r"\bBRA\s+(?:`\()?(?:0x)?([0-9a-f]+)", text)
        if m and opcode(text).startswith("BRA") and int(m.group(1), 16) < addr:
            loops.append((int(m.group(1), 16), addr))
    addresses = [x for x, _ in instructions]
    best, best_lop3 = [], -1
    for a, b in loops:
        nested = [(c, d) for c, d in loops if (c, d) != (a, b) and a <= c and d <= b]
        span = instructions[bisect.bisect_left(addresses, a):bisect.bisect_right(addresses, b)]
        body = [(x, t) for x, t in span if not any(c <= x <= d for c, d in nested)]
        lop3 = sum(opcode(t).startswith("LOP3") for _, t in body)
        if lop3 > best_lop3:
            best, best_lop3 = body, lop3
    return best


# Instruction classes by the unit that runs them on Hopper (per SM and clock:
# ALU 64 lanes, FMA 64, SHFL/MIO 32; issue 4 warps = 128 lanes).
ALU = ("LOP3", "SHF", "IADD3", "ISETP", "SEL", "LEA", "PLOP3", "VIADD", "IABS", "POPC", "FLO",
       "VIMNMX", "PRMT", "MOV", "UISETP", "ULOP3", "UIADD3")
FMA = ("IMAD",)


def loop_cost(name, ins):
    """A step kernel's row loop, per 32 cells and generation: (text, Life k or
    None, LOP3, found)."""
    # Variants (core/step_variant.hpp): LifeStep, TotalisticStep<Kind, stochastic>.
    variant = r"(LifeStep|TotalisticStep<(\w+), (true|false)>\s*)"
    m = re.search(r"^strip_kernel<" + variant + r", (\d+)>", name)
    c = re.search(r"^step_kernel<" + variant + r">", name)
    if m:
        life, k = m.group(1) == "LifeStep", int(m.group(4))
        kind = "Moore" if life else m.group(2) + (" stochastic" if m.group(3) == "true" else "")
        units = 3 * 2 * k  # unrolled by three: three rows of 64 cells per lane, k generations
        label = f"{kind}{' Life' if life else ''} k={k}"
    elif c:
        life, k = c.group(1) == "LifeStep", None
        kind = "Moore" if life else c.group(2) + (" stochastic" if c.group(3) == "true" else "")
        units = None  # rows per trip: from the loads below
        label = f"{kind}{' Life' if life else ''} classic"
    else:
        return None
    loop = hottest_loop(ins)
    if units is None:
        # The classic loop loads three words (west, self, east) per row of one
        # 64-bit word and generation; ptxas unrolls it by some factor.
        loads = sum(opcode(t).startswith("LDG") for _, t in loop)
        units = 2 * max(1, round(loads / 3))
    mix = {}
    for _, t in loop:
        op = opcode(t).split(".")[0]
        mix[op] = mix.get(op, 0) + 1
    alu = sum(n for op, n in mix.items() if op.startswith(ALU)) / units
    fma = sum(n for op, n in mix.items() if op.startswith(FMA)) / units
    total = len(loop) / units
    lop3 = mix.get("LOP3", 0) / units
    # Cells per SM and clock if the busiest unit (or issue) is the limit.
    bound = 32 * min(128 / max(total, 1e-9), 64 / max(alu, 1e-9), 64 / max(fma, 1e-9))
    top = ", ".join(f"{op} {n / units:.1f}" for op, n in sorted(mix.items(), key=lambda x: -x[1])[:6])
    text = (f"{label} loop per 32 cells and generation: {total:.1f} instructions, ALU {alu:.1f}, "
            f"IMAD {fma:.1f}, LOP3 {lop3:.1f} ({top}); at most {bound:.0f} cells/clock/SM")
    return text, (k if life and m else None), lop3, bool(loop)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out")
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()
    cuobjdump = find_tool("cuobjdump")
    if not cuobjdump:
        sys.exit("sass-report: cuobjdump not found (run scripts/deps.sh, which installs it from "
                 "PyPI into /opt/toroid/cuda-tools/bin)")
    lines, problems = [], []
    for path in args.inputs:
        usage = resource_usage(cuobjdump, path)
        code = sass(cuobjdump, path)
        names = demangle(sorted(set(usage) | set(code)))
        lines.append(f"# {path}")
        lines.append(f"{'kernel':70} {'REG':>4} {'STACK':>5} {'LOCAL':>5} {'LDL/STL':>7} {'instr':>6}")
        for mangled in sorted(usage, key=lambda n: short_name(names.get(n, n))):
            u = usage[mangled]
            ins = code.get(mangled, [])
            spills = sum(opcode(t).startswith(("LDL", "STL")) for _, t in ins)
            name = short_name(names.get(mangled, mangled))
            lines.append(f"{name[:70]:70} {u.get('REG', 0):4} {u.get('STACK', 0):5} "
                         f"{u.get('LOCAL', 0):5} {spills:7} {len(ins):6}")
            step = "step_kernel" in name or "strip_kernel" in name
            # Table rules (step_variant.hpp's kTableVariant) read arrays
            # indexed at run time: the circuit's node values, the tree's pair
            # functions, the block's cells for the corrections. Local memory
            # by design (L1-cached), said but not a failure. The batch
            # and census step kernels hold every variant.
            circuit = any(v in name for v in ("CircuitStep", "TableTreeStep",
                                              "NearTotalisticStep", "batch_step_kernel",
                                              "census_step_kernel"))
            if step and circuit and (u.get("LOCAL", 0) or u.get("STACK", 0) or spills):
                lines.append(f"    note: {u.get('STACK', 0)} bytes of stack for the table "
                             f"rule's arrays (indexed at run time), {spills} LDL/STL")
            elif step and (u.get("LOCAL", 0) or u.get("STACK", 0) or spills):
                problems.append(f"{name}: local memory (LOCAL {u.get('LOCAL', 0)}, STACK "
                                f"{u.get('STACK', 0)}, {spills} LDL/STL): registers spill")
            loop_line = loop_cost(name, ins)
            if loop_line:
                text, life_k, lop3, found = loop_line
                lines.append("    " + text)
                if life_k and life_k >= 4 and lop3 > MAX_LOP3_PER_32_CELLS:
                    problems.append(f"{name}: {lop3:.1f} LOP3 per 32 cells (at most "
                                    f"{MAX_LOP3_PER_32_CELLS})")
                if not found:
                    problems.append(f"{name}: no loop found in its SASS")
    if not any("Life k=4" in line or "Life k=8" in line for line in lines):
        problems.append("no Life strip kernel with k >= 4 found: the LOP3 check did not run")
    report = "\n".join(lines)
    print(report)
    if args.out:
        with open(args.out, "w") as f:
            f.write(report + "\n")
    for p in problems:
        print("sass-report: " + p, file=sys.stderr)
    if args.check and problems:
        return 1
    print(f"sass-report: {'ok' if not problems else f'{len(problems)} problems'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
