import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * npm run check:folders: no import loop between the folders of server/services. Each .ts file's
 * relative imports (types too) are resolved to the folder they land in; a folder that reaches itself
 * again through the others fails the check, naming the loop and a file that makes each of its steps.
 */

export const SERVICES = 'server/services';

/** An arrow between two folders, with the first file seen to make it. */
export type FolderGraph = Map<string, Map<string, string>>;

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The relative modules a source text names: static, dynamic and bare imports, and re-exports. */
export const importsOf = (text: string): string[] => [...text.matchAll(SPECIFIER)].map((m) => m[1]);

/** The folder of a path under the services ('.' for a file at their root), or null outside them. */
export const folderOf = (file: string, root = SERVICES): string | null => {
  const rel = path.posix.relative(root, file);
  if (rel.startsWith('..') || path.posix.isAbsolute(rel)) return null;
  const parts = rel.split('/');
  return parts.length > 1 ? parts[0] : '.';
};

/** The folder graph of some files (paths from the project's root, with their text). */
export const folderGraph = (files: { file: string; text: string }[], root = SERVICES): FolderGraph => {
  const graph: FolderGraph = new Map();
  for (const { file, text } of files) {
    const from = folderOf(file, root);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importsOf(text)) {
      const to = folderOf(path.posix.join(path.posix.dirname(file), spec), root);
      if (to === null || to === from) continue;
      const arrows = graph.get(from)!;
      if (!arrows.has(to)) arrows.set(to, `${file} -> ${spec}`);
    }
  }
  return graph;
};

/** A loop of folders, first folder repeated at the end ([a, b, a]), or null when there is none. */
export const findCycle = (graph: FolderGraph): string[] | null => {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (folder: string): string[] | null => {
    const at = trail.indexOf(folder);
    if (at >= 0) return [...trail.slice(at), folder];
    if (done.has(folder)) return null;
    trail.push(folder);
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(folder);
    return null;
  };
  for (const folder of [...graph.keys()].sort()) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return null;
};

/** The loop as a message: the folders, then a file that makes each step. */
export const describeCycle = (graph: FolderGraph, cycle: string[]): string =>
  [
    `Import loop between service folders: ${cycle.join(' -> ')}`,
    ...cycle.slice(1).map((to, i) => `  ${cycle[i]} -> ${to}: ${graph.get(cycle[i])?.get(to)}`),
  ].join('\n');

const sourcesUnder = (projectRoot: string, dir: string): { file: string; text: string }[] =>
  readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(projectRoot, file);
    return entry.name.endsWith('.ts') ? [{ file, text: readFileSync(path.join(projectRoot, file), 'utf8') }] : [];
  });

/** Checks the project's services; the exit code is 1 when their folders import each other in a loop. */
export const checkFolders = (projectRoot: string): number => {
  const graph = folderGraph(sourcesUnder(projectRoot, SERVICES));
  const cycle = findCycle(graph);
  if (cycle) {
    console.error(describeCycle(graph, cycle));
    return 1;
  }
  console.log(`${SERVICES}: ${graph.size} folders, no import loop between them.`);
  return 0;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = checkFolders(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
