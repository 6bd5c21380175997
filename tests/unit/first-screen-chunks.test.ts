import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownersOf, type RouteStep } from '../../vite.chunks';

/**
 * Issue 33, part 2: which chunk each module of the console's first screens goes to, from the
 * chunks of a build without the steps (vite.chunks.ts). A chunk the entry loads stays where it is;
 * each step takes the chunks its module loads that no step before took; a step's excepted folder
 * keeps its chunks.
 */
const root = '/p';
const at = (file: string) => path.join(root, file);
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  fileName,
  moduleIds: moduleIds.map(at),
  imports,
  isEntry,
});
const chunks = [
  chunk('main.js', ['src/Root.tsx', 'nm/react-dom.js'], [], true),
  chunk('App.js', ['src/App.tsx'], ['main.js', 'router.js', 'small.js']),
  chunk('router.js', ['nm/react-router.js'], ['main.js']),
  chunk('small.js', ['nm/useTranslate.js']),
  chunk('Shell.js', ['src/Shell.tsx'], ['App.js', 'router.js', 'menu.js']),
  chunk('menu.js', ['nm/Menu.js', 'nm/Popover.js']),
  chunk('Dashboard.js', ['src/pages/dashboard/Dashboard.tsx'], ['Shell.js', 'chart-kit.js', 'search.js']),
  chunk('chart-kit.js', ['nm/Checkbox.js']),
  chunk('search.js', ['src/pages/dashboard/SearchBar.tsx', 'nm/Skeleton.js']),
  chunk('List.js', ['src/resources/List.tsx'], ['Shell.js', 'grid.js']),
  chunk('grid.js', ['nm/Datagrid.js']),
];
const steps: RouteStep[] = [
  { name: 'console', from: 'src/App.tsx' },
  { name: 'shell', from: 'src/Shell.tsx' },
  { name: 'dashboard-parts', from: 'src/pages/dashboard/Dashboard.tsx', except: 'src/pages/dashboard' },
];

describe('the first screens planned from a build', () => {
  it('gives each step the modules it loads that the entry and the steps before do not', () => {
    const owners = Object.fromEntries(
      [...ownersOf(root, chunks, steps)].map(([id, step]) => [path.relative(root, id), step]),
    );
    expect(owners).toEqual({
      'src/App.tsx': 'console',
      'nm/react-router.js': 'console',
      'nm/useTranslate.js': 'console',
      'src/Shell.tsx': 'shell',
      'nm/Menu.js': 'shell',
      'nm/Popover.js': 'shell',
      'nm/Checkbox.js': 'dashboard-parts',
    });
  });

  it('fails on a step whose module the build does not hold, rather than planning without it', () => {
    expect(() => ownersOf(root, chunks, [{ name: 'gone', from: 'src/Gone.tsx' }])).toThrow(/src\/Gone.tsx/);
  });
});
