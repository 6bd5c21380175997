import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { cleanup, configure, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll } from 'vitest';

/**
 * How long findBy… and waitFor wait before failing (1 s by default): the screens load their code on
 * first use (issue 33), and the first screen of a file waits for its modules to be transformed,
 * which took over a second beside the API suites on two cores. A ceiling, not a speed check.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * The styles MUI's components inserted (one <style> element per rule in tests), emptied after each
 * test. A worker keeps one document from file to file (isolate: false), so they piled up, 3,400 by
 * the last file, and every style lookup (getByRole's visibility checks, toBeVisible) read them all:
 * a screen took six times as long late in the run as alone. Each test now starts with none, and
 * the components insert what they draw again.
 */
let emotion: EmotionCache | null = null;
beforeAll(() => {
  if (emotion) return;
  const Grab = () => {
    emotion = useEmotionCache();
    return null;
  };
  render(createElement(Grab));
  cleanup();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  if (emotion) {
    emotion.sheet.flush();
    for (const name of Object.keys(emotion.inserted)) delete emotion.inserted[name];
  }
});
