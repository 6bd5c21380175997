import path from 'node:path';
import { build, type InlineConfig, type Plugin, type Rolldown } from 'vite';

/**
 * The console's first screens in few files (issue 33, part 2). Left to itself the bundler splits
 * code by which lazy screens share it: an ADMIN landing on the Dashboard fetched 45 files, most of
 * them a few hundred bytes to a few kB, and gzip packs each file alone (the same code in 7 files was
 * 19 kB smaller). Each step below takes what its module loads with it and the steps before do not:
 * the console (App.tsx), its shell (Shell.tsx), then the Dashboard's parts beside its own code
 * (the Dashboard's folder keeps its chunks, so a screen that shares a part does not load it).
 *
 * What a module loads is known only once the bundler has shaken the imports out (a module that
 * imports MUI's index takes only what it uses), so the plan is a first build of the same config
 * without these steps, not written to disk and not minified, whose chunks give the steps' modules.
 */
export interface RouteStep {
  /** The chunk's name. */
  name: string;
  /** The module (from the project's root) whose chunk and static imports make the step. */
  from: string;
  /** A folder (from the project's root) whose modules' chunks stay as the bundler made them. */
  except?: string;
}

const PLANNING = 'PGC_PLANNING_CHUNKS';

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'moduleIds' | 'imports' | 'isEntry'>;

/** Which step each module goes to, from the chunks of a build without the steps. */
export const ownersOf = (root: string, chunks: readonly Chunk[], steps: readonly RouteStep[]) => {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, into);
    return into;
  };
  const taken = new Set<string>();
  for (const c of chunks) if (c.isEntry) closure(c.fileName, taken);
  const owners = new Map<string, string>();
  for (const step of steps) {
    const from = path.join(root, step.from);
    const home = chunks.find((c) => c.moduleIds.includes(from));
    if (!home) throw new Error(`first-screen chunks: ${step.from} is not in the build`);
    const except = step.except ? path.join(root, step.except) + path.sep : null;
    for (const file of closure(home.fileName)) {
      const modules = byFile.get(file)?.moduleIds ?? [];
      if (taken.has(file) || (except && modules.some((m) => m.startsWith(except)))) continue;
      taken.add(file);
      for (const m of modules) owners.set(m, step.name);
    }
  }
  return owners;
};

/**
 * The plugin that plans the steps as its build starts, and the code-splitting groups that take
 * each step's modules. `config` is the console's build config without the steps.
 */
export const firstScreenChunks = (root: string, steps: readonly RouteStep[], config: () => InlineConfig) => {
  const owners = new Map<string, string>();
  let mode = 'production';
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    configResolved(resolved) {
      mode = resolved.mode;
    },
    async buildStart() {
      owners.clear();
      if (process.env[PLANNING]) return;
      process.env[PLANNING] = '1';
      try {
        const base = config();
        const result = await build({
          ...base,
          root,
          mode,
          configFile: false,
          logLevel: 'silent',
          // Nothing is written: the plan needs the chunks only (and the folder stays as it is).
          build: {
            ...base.build,
            write: false,
            emptyOutDir: false,
            copyPublicDir: false,
            minify: false,
            manifest: false,
            reportCompressedSize: false,
          },
        });
        const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
        const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        for (const [id, step] of ownersOf(root, chunks, steps)) owners.set(id, step);
      } finally {
        delete process.env[PLANNING];
      }
    },
  };
  const groups = steps.map((step, i) => ({
    name: step.name,
    priority: steps.length - i,
    test: (id: string) => owners.get(id) === step.name,
  }));
  return { plugin, groups };
};
