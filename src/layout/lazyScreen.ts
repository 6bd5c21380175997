import { lazy, type ComponentType } from 'react';

/** SPEC §8 and §9: a screen chunk that has not arrived after 120 s fails. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** A screen's style sheet could not be loaded. */
export class CssChunkLoadError extends Error {
  override name = 'CssChunkLoadError';
  readonly code = 'CSS_CHUNK_LOAD_FAILED';
}

// The bundler's preloader reports a failed style sheet with this wording.
const CSS_PRELOAD_FAILURE = /Unable to preload CSS for (\S+)/;

export const asChunkError = (name: string, error: unknown): Error => {
  const message = error instanceof Error ? error.message : String(error);
  const css = CSS_PRELOAD_FAILURE.exec(message);
  if (css) return new CssChunkLoadError(`Loading CSS chunk ${name} failed.\n(${css[1]})`);
  if (error instanceof ChunkLoadError) return error;
  return new ChunkLoadError(`Loading chunk ${name} failed.\n(${message})`);
};

export const withChunkTimeout = <T>(name: string, load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk ${name} failed.\n(timeout: ${timeoutMs / 1000} s)`)),
      timeoutMs,
    );
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(asChunkError(name, error));
      },
    );
  });

/**
 * A screen loaded on first use, by its named export: its chunk stays out of the initial JS.
 * The import fails with a ChunkLoadError after the time-out, or a CssChunkLoadError for styles.
 */
export const lazyScreen = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  exportName: K,
) =>
  lazy(() => withChunkTimeout(exportName, load()).then((module) => ({ default: module[exportName] as ComponentType })));
