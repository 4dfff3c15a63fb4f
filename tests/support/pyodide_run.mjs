// Run one Python script in npm's pyodide under node, offline; for tests/test_pyodide.py.
//
//   node tests/support/pyodide_run.mjs JOB.json
//
// JOB.json: {"pyodide": the npm package's folder (node_modules/pyodide),
//            "bootstrap": [wheel files unpacked into site-packages before anything runs:
//                          micropip and packaging, so nothing is fetched from a CDN],
//            "files": {"/path/in/pyodide": "/path/on/disk", ...} copied in (emfs),
//            "script": the Python file to run (top-level await allowed; its last
//                      expression, a str, is the result),
//            "output": where to write that result}
// Exit status 0 with the output written, or 1 with the Python error on stderr.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);

const started = Date.now();
const pyodide = await loadPyodide({ indexURL: job.pyodide + path.sep, stdout: (line) => process.stderr.write(line + "\n") });
const loaded = Date.now() - started;
for (const wheel of job.bootstrap) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
}
for (const [target, source] of Object.entries(job.files)) {
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, new Uint8Array(fs.readFileSync(source)));
}
try {
  const result = await pyodide.runPythonAsync(fs.readFileSync(job.script, "utf8"));
  fs.writeFileSync(job.output, JSON.stringify({ result, pyodide: pyodide.version, load_ms: loaded }));
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}
