import { describe, expect, it } from 'vitest';
import { describeCycle, findCycle, folderGraph, folderOf, importsOf } from '../../scripts/check-folders';

const file = (name: string, ...imports: string[]) => ({
  file: `server/services/${name}`,
  text: imports.map((spec) => `import { x } from '${spec}';`).join('\n'),
});

describe('the service folders check', () => {
  it('reads static, type, dynamic and bare imports and re-exports, relative ones only', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      "export * from './c';",
      "const d = await import('./d');",
      "import './e';",
      "import { sql } from 'drizzle-orm';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', '../b/b', './c', './d', './e']);
  });

  it('places a path in its folder, at the root or outside the services', () => {
    expect(folderOf('server/services/payins/payin-steps.ts')).toBe('payins');
    expect(folderOf('server/services/jobs.ts')).toBe('.');
    expect(folderOf('server/db/index.ts')).toBeNull();
  });

  it('passes a graph whose folders import one way', () => {
    const graph = folderGraph([
      file('common/lists.ts', '../../db'),
      file('payins/steps.ts', '../common/lists', './list', '../../errors'),
      file('payins/list.ts', './steps'),
      file('payouts/steps.ts', '../payins/steps', '../common/lists'),
    ]);
    expect([...graph.get('payouts')!.keys()].sort()).toEqual(['common', 'payins']);
    expect(findCycle(graph)).toBeNull();
  });

  it('names a loop between folders and a file that makes each step', () => {
    const graph = folderGraph([
      file('common/lists.ts'),
      file('payins/steps.ts', '../common/lists'),
      file('payouts/create.ts', '../payins/steps', '../reports/batches'),
      file('reports/batches.ts', '../common/lists'),
      file('reports/payouts.ts', '../payouts/create'),
    ]);
    const cycle = findCycle(graph);
    expect(cycle).toEqual(['payouts', 'reports', 'payouts']);
    expect(describeCycle(graph, cycle!)).toBe(
      [
        'Import loop between service folders: payouts -> reports -> payouts',
        '  payouts -> reports: server/services/payouts/create.ts -> ../reports/batches',
        '  reports -> payouts: server/services/reports/payouts.ts -> ../payouts/create',
      ].join('\n'),
    );
  });
});
