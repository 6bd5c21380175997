// npm test: every test, in two stages.
//   stage 1: unit, ui and api (properties and fuzzing with fewer runs: a broken rule shows in
//            minutes).
//   stage 2, once stage 1 passed, two parts side by side:
//            e2e (one product, one file at a time) and deep (the same properties and fuzzing at
//            full strength, faults and soak).
// The run passes only when every part passed. The browser files leave a quarter of two cores idle
// (waiting on the browser and the product), which the deep files fill: measured side by side, the two
// took 557 s where one after the other took 476 + 350 s, and both passed. Stage 1's screens in jsdom
// stay alone: beside the browser files they missed their waits.
// With arguments (`npm test -- tests/api/payins.test.ts`), one vitest run with them instead.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const args = process.argv.slice(2);

/** One vitest run of these projects; its output lines carry the part's name. */
const run = (part, vitestArgs) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [VITEST, 'run', ...vitestArgs], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${part}] ${line}`));
    child.on('close', (code, signal) =>
      resolve({ part, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000 }),
    );
  });

const projects = (...names) => names.flatMap((name) => ['--project', name]);

if (args.length > 0) {
  const child = spawn(process.execPath, [VITEST, 'run', ...args], { cwd: ROOT, stdio: 'inherit' });
  child.on('close', (code) => process.exit(code ?? 1));
} else {
  const started = Date.now();
  const results = [await run('stage 1', projects('unit', 'ui', 'api'))];
  const e2e = () => run('e2e', projects('e2e'));
  const deep = () => run('deep', projects('deep', 'deep-reach'));
  // After a failed stage 1 the browser files still run (their failures help the same fix); deep does not.
  results.push(
    ...(results[0].ok
      ? await Promise.all([e2e(), deep()])
      : [await e2e(), { part: 'deep', ok: false, code: 'not run: stage 1 failed', seconds: 0 }]),
  );
  console.log('\nnpm test:');
  for (const r of results)
    console.log(`  ${r.part.padEnd(8)} ${r.ok ? 'passed' : `FAILED (${r.code})`} in ${r.seconds.toFixed(0)} s`);
  console.log(`  all      ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
