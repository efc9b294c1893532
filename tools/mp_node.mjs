// Run Python code on the official MicroPython WebAssembly port under Node.
//
// Why a driver: this build has no NODEFS, so the guest cannot see the host
// disk. We copy the requested package folders (every .py file, recursively)
// into the port's in-memory filesystem under /input, mirroring what
// tools/mpvm.py's run_wasm mounts, so the same import lines work in both VMs.
//
// Usage: node tools/mp_node.mjs [--root DIR] [--package REL]... [FILE | -]
//   --root DIR     folder that package paths are relative to (default: cwd)
//   --package REL  folder under DIR to copy in (repeatable), e.g. quadcore
//   FILE | -       the code to run; "-" or nothing reads it from stdin
//
// Garbage collection in this port: a collection (automatic or gc.collect())
// is deferred until control is back in JavaScript, because the port cannot
// scan the WebAssembly stack for roots. Inside one stretch of Python code the
// heap only grows. So long runs should `await mpvm_collect()` (defined below)
// at top level between units of work; after it, gc.mem_alloc() is the live
// heap. Measured here: 50 rounds of 200 KB garbage stayed at ~6 KB live with
// it, and grew to 10 MB without it.
//
// Guest stdout goes to stdout. A Python exception prints its traceback to
// stderr and exits 1; bad arguments exit 2.

import fs from "node:fs";
import path from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

function fail(message, code) {
  fs.writeSync(2, message + "\n");
  process.exit(code);
}

function parseArgs(argv) {
  const opts = { root: process.cwd(), packages: [], file: "-" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--root" || a === "--package") {
      if (i + 1 >= argv.length) fail(`mp_node: ${a} needs a value`, 2);
      const v = argv[++i];
      if (a === "--root") opts.root = v;
      else opts.packages.push(v);
    } else if (a.startsWith("--")) {
      fail(`mp_node: unknown option ${a}`, 2);
    } else {
      opts.file = a;
    }
  }
  return opts;
}

// Every .py file under dir, as paths relative to dir (sorted for a stable order).
function pyFiles(dir, rel = "") {
  const out = [];
  const entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const r = rel ? rel + "/" + e.name : e.name;
    if (e.isDirectory()) {
      if (e.name !== "__pycache__") out.push(...pyFiles(dir, r));
    } else if (e.isFile() && e.name.endsWith(".py")) {
      out.push(r);
    }
  }
  return out;
}

function mkdirs(FS, guestPath) {
  let cur = "";
  for (const part of guestPath.split("/").filter(Boolean)) {
    cur += "/" + part;
    try {
      FS.mkdir(cur);
    } catch (e) {
      // EEXIST is fine: parents are shared between packages.
    }
  }
}

const PRELUDE = `import sys
sys.path.append('/input')
sys.path.append('/input/lib')

async def mpvm_collect():
    import gc, asyncio
    gc.collect()
    # Back to the JS event loop: the pending collection runs there.
    await asyncio.sleep(0)
`;

const opts = parseArgs(process.argv.slice(2));
const root = path.resolve(opts.root);

for (const pkg of opts.packages) {
  const norm = path.normalize(pkg);
  if (path.isAbsolute(norm) || norm.split(path.sep).includes("..")) {
    fail(`mp_node: package path must be relative and inside the root: ${pkg}`, 2);
  }
  const host = path.join(root, norm);
  if (!fs.existsSync(host) || !fs.statSync(host).isDirectory()) {
    fail(`mp_node: no such package folder: ${host}`, 2);
  }
}

let code;
try {
  code = fs.readFileSync(opts.file === "-" ? 0 : opts.file, "utf8");
} catch (e) {
  fail(`mp_node: cannot read code from ${opts.file}: ${e.message}`, 2);
}

// Unbuffered byte callback; we line-buffer ourselves so a last line without
// "\n" is not lost, and write synchronously so process.exit cannot cut output.
let pending = [];
function flushStdout() {
  if (pending.length) {
    fs.writeSync(1, Buffer.from(pending));
    pending = [];
  }
}
const stdout = (bytes) => {
  for (const b of bytes) pending.push(b);
  if (pending.length >= 4096 || bytes.includes(10)) flushStdout();
};

const mp = await loadMicroPython({ stdout, stderr: stdout, linebuffer: false });

for (const pkg of opts.packages) {
  const norm = path.normalize(pkg).split(path.sep).join("/");
  const host = path.join(root, norm);
  for (const rel of pyFiles(host)) {
    const guest = "/input/" + norm + "/" + rel;
    mkdirs(mp.FS, path.posix.dirname(guest));
    mp.FS.writeFile(guest, fs.readFileSync(path.join(host, rel)));
  }
}

let status = 0;
try {
  mp.runPython(PRELUDE);
  // runPythonAsync: top-level `await` is allowed, which is what lets the GC run (see above).
  await mp.runPythonAsync(code);
} catch (e) {
  flushStdout();
  // PythonError's message carries the guest traceback.
  fs.writeSync(2, String(e && e.message ? e.message : e) + "\n");
  status = 1;
}
flushStdout();
process.exit(status);
