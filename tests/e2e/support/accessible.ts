import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0 and 2.1 rules of levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING: ReadonlySet<string> = new Set(['serious', 'critical']);

declare global {
  interface Window {
    axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

const describeViolation = (v: Result) => {
  const nodes = v.nodes.slice(0, 5).map((node) => {
    const summary = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
    return `    ${node.target.join(' ')}${summary ? `: ${summary}` : ''}`;
  });
  const more = v.nodes.length > 5 ? [`    … and ${v.nodes.length - 5} more`] : [];
  return [`  ${v.id} (${v.impact}): ${v.help}`, ...nodes, ...more].join('\n');
};

/** Lets running transitions (a dialog fading in, a group opening) end: colours are judged at rest. */
const transitionsDone = (page: Page) =>
  page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });

/** The serious and critical WCAG A/AA violations axe-core finds on the page once its transitions have ended. */
export const seriousViolations = async (page: Page): Promise<Result[]> => {
  await transitionsDone(page);
  // Evaluated rather than added as a script tag: the product's content security policy forbids inline scripts.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
};

/** Fails with a readable list when the page has a serious or critical accessibility violation. */
export const expectAccessible = async (page: Page, label = new URL(page.url()).pathname) => {
  let violations = await seriousViolations(page);
  // A control whose state changed while axe ran (a board's Search button enabled again when its
  // refresh ended) was judged mid-transition: white text on the disabled grey, seen once in CI. A
  // real fault is there again at rest, so a violation counts only when a second look, after the
  // transitions have ended, finds it too.
  if (violations.length > 0) violations = await seriousViolations(page);
  if (violations.length > 0) {
    const count = violations.reduce((n, v) => n + v.nodes.length, 0);
    throw new Error(
      `${label}: ${violations.length} serious or critical accessibility rule(s) broken on ${count} element(s)\n` +
        violations.map(describeViolation).join('\n'),
    );
  }
};
