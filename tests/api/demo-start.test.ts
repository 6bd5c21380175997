import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnProduct } from '../support/product';
import { pause } from '../support/until';

/**
 * Issue 13, item 1: the first ten minutes of a newcomer. `npm start` on a bare machine says it is
 * seeding and about how long that takes, then prints the ready line on a line of its own once the
 * demo is complete; the demo merchants' callbacks do not flood the terminal at the default level.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgc-demo-start-'));
let run: ReturnType<typeof spawnProduct> | undefined;
afterAll(async () => {
  run?.child.kill('SIGTERM');
  await run?.exited;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start on a bare machine', () => {
  it('says it is seeding, then prints the ready line alone after the whole demo, without callback lines', async () => {
    // At npm start's default level, every output line kept.
    run = spawnProduct(dir, { LOG_LEVEL: 'info' });
    const lines: string[] = [];
    readline.createInterface({ input: run.child.stdout! }).on('line', (line) => lines.push(line));
    const indexOf = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    await run.ready;
    // Callbacks queued by the seed keep arriving for a moment after the ready line.
    await pause(3000);
    const seeding = indexOf(/^Seeding the demo, about \d+ seconds…$/);
    const ready = indexOf(/Payment-Gateway console ready at/);
    expect(seeding, lines.slice(0, 5).join('\n')).toBeGreaterThanOrEqual(0);
    expect(lines[ready]).toMatch(
      /^Payment-Gateway console ready at http:\/\/localhost:\d+ \(embedded PostgreSQL in [^)]+\)$/,
    );
    expect(seeding).toBeLessThan(ready);
    const steps = ['demo data created', 'demo deposits created', 'demo pay-outs created', 'demo settlements'];
    for (const step of steps) {
      const at = lines.findIndex((line) => line.includes(`"msg":"${step}`));
      expect(at, step).toBeGreaterThan(seeding);
      expect(at, step).toBeLessThan(ready);
    }
    // At the default level nothing is logged per callback the demo merchants receive.
    expect(lines.filter((line) => /demo receiver|\/v1\/demo\/callbacks/.test(line))).toEqual([]);
    // The seed takes about 10 s on quiet cores; beside other work it took 75 s. A ceiling for a hang.
  }, 180_000);
});
