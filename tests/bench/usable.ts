import { performance as clock } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { onCleanup } from './cleanup';
import { others, type Measured } from './measured';
import { signIn } from './measure';
import { percentile, round } from './stats';
import { fmt, table } from './table';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const STEP_TIMEOUT_MS = 60_000;
const USER = 'admin';
const HOME = '/app/dashboard';

export interface UsableRun {
  /** Navigation start (the page's time origin) until the login form takes input. */
  formMs: number;
  /** The click on Login until the dashboard is usable (both measured in the page). */
  usableMs: number;
  /** The same two spans seen from this process (including the driver's round trips). */
  wallFormMs: number;
  wallUsableMs: number;
  /** Whether the "signed in elsewhere" dialog came up (its Continue click is then inside usableMs). */
  dialog: boolean;
  formRequests: number;
  formBytes: number;
  usableRequests: number;
  usableBytes: number;
  title: string;
}

interface Spread {
  median: number;
  max: number;
  min: number;
}
export interface UsableResult {
  browser: string;
  warmup: number;
  runs: UsableRun[];
  form: Spread;
  usable: Spread;
  formRequests: number;
  formBytes: number;
  usableRequests: number;
  usableBytes: number;
  dialogs: number;
}

/*
 * Scripts run in the page, kept as source text (the TypeScript loader wraps named inner functions
 * in a helper of its own that does not exist in the page) and made into functions here: a string
 * predicate would be evaluated in the page, which the dashboard's Content-Security-Policy forbids.
 */
const inPage = <T>(expression: string) => new Function(`return ${expression};`) as () => T;
const SHOWN = `const shown = (el) => {
  if (!el) return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
};`;

/** The login form takes input (both fields and the button shown and enabled): its time, else false. */
const FORM_READY = `(() => {
  ${SHOWN}
  const field = (re) => {
    for (const label of document.querySelectorAll('label')) if (re.test((label.textContent || '').trim())) return label.control;
    return null;
  };
  const user = field(/^User Name[\\s*]*$/);
  const password = field(/^Password[\\s*]*$/);
  const button = Array.from(document.querySelectorAll('button')).find((b) => (b.textContent || '').trim() === 'Login');
  const ready = [user, password].every((f) => shown(f) && !f.disabled && !f.readOnly) && shown(button) && !button.disabled;
  return ready ? performance.now() : false;
})()`;

/** At the home path with the page title and the main menu shown: the time and the title, else false. */
const DASHBOARD_READY = `(() => {
  ${SHOWN}
  if (location.pathname !== ${JSON.stringify(HOME)}) return false;
  const title = document.querySelector('[data-testid="page-title"]');
  const nav = document.querySelector('nav[aria-label="Main menu"]') || document.querySelector('[aria-label="Main menu"]');
  return shown(title) && shown(nav) ? { at: performance.now(), title: (title.textContent || '').trim() } : false;
})()`;

/** Notes the time of the first click from now on (captured before the page's own handlers). */
const WATCH_CLICK = `(() => {
  window.benchClickAt = undefined;
  document.addEventListener('click', () => { if (window.benchClickAt === undefined) window.benchClickAt = performance.now(); }, { capture: true });
})()`;

/** Requests (and bytes on the wire) that started from "from" and ended by "until" (page times). */
const traffic = (from: number, until: number) => `(() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const picked = entries.filter((e) => e.startTime >= ${from} && e.responseEnd <= ${until});
  return { requests: picked.length, bytes: picked.reduce((s, e) => s + (e.transferSize || e.encodedBodySize || 0), 0) };
})()`;

/** Ends any session the user has on the server, so the next sign-in is not asked about one. */
const endSessions = async (url: string, userName: string) => {
  try {
    const token = await signIn(url, userName);
    const res = await fetch(`${url}/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await res.arrayBuffer();
  } catch {
    /* the dialog is handled in the run if a session is left */
  }
};

const oneRun = async (browser: Browser, url: string): Promise<UsableRun> => {
  await endSessions(url, USER);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page: Page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);

    const t0 = clock.now();
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    const formMs = (await (
      await page.waitForFunction(inPage<number | false>(FORM_READY), undefined, { polling: 'raf' })
    ).jsonValue()) as number;
    const wallFormMs = clock.now() - t0;
    const before = (await page.evaluate(inPage(traffic(0, formMs)))) as { requests: number; bytes: number };

    await page.getByLabel(/^User Name[\s*]*$/).fill(USER);
    await page.getByLabel(/^Password[\s*]*$/).fill(DEMO_PASSWORD);
    await page.evaluate(inPage(WATCH_CLICK));
    const t1 = clock.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    const usable = page
      .waitForFunction(inPage<{ at: number; title: string } | false>(DASHBOARD_READY), undefined, { polling: 'raf' })
      .then(async (h) => (await h.jsonValue()) as { at: number; title: string });
    const proceed = page.getByRole('button', { name: 'Continue', exact: true });
    const asked = proceed.waitFor({ state: 'visible' }).then(() => 'dialog' as const);
    usable.catch(() => undefined);
    asked.catch(() => undefined);
    let dialog = false;
    if ((await Promise.race([usable, asked])) === 'dialog') {
      dialog = true;
      await proceed.click();
    }
    const done = await usable;
    const wallUsableMs = clock.now() - t1;
    const clickAt = (await page.evaluate(inPage('window.benchClickAt'))) as number | undefined;
    if (typeof clickAt !== 'number') throw new Error('the click on Login was not seen in the page');
    const after = (await page.evaluate(inPage(traffic(clickAt, done.at)))) as { requests: number; bytes: number };
    return {
      formMs: round(formMs, 1),
      usableMs: round(done.at - clickAt, 1),
      wallFormMs: round(wallFormMs, 1),
      wallUsableMs: round(wallUsableMs, 1),
      dialog,
      formRequests: before.requests,
      formBytes: before.bytes,
      usableRequests: after.requests,
      usableBytes: after.bytes,
      title: done.title,
    };
  } finally {
    await context.close();
  }
};

const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: round(median(sorted), 1), max: sorted[sorted.length - 1], min: sorted[0] };
};
const median = (sorted: number[]) => {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
};

/** Sign-in to a usable dashboard in headless Chromium against the product at url, runs times after warmup unmeasured. */
export const measureUsable = async (
  url: string,
  runs: number,
  warmup: number,
  log: (line: string) => void,
): Promise<UsableResult> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: BROWSER_ARGS });
  const close = onCleanup('browser', () => browser.close());
  try {
    for (let i = 0; i < warmup; i++) await oneRun(browser, url);
    const measuredRuns: UsableRun[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await oneRun(browser, url);
      log(
        `usable ${i + 1}/${runs}: form ${fmt(run.formMs, 0)} ms, dashboard ${fmt(run.usableMs, 0)} ms after the click${run.dialog ? ' (dialog)' : ''}`,
      );
      measuredRuns.push(run);
    }
    const med = (f: (r: UsableRun) => number) =>
      percentile(
        measuredRuns.map(f).sort((a, b) => a - b),
        50,
      );
    return {
      browser: browser.version(),
      warmup,
      runs: measuredRuns,
      form: spread(measuredRuns.map((r) => r.formMs)),
      usable: spread(measuredRuns.map((r) => r.usableMs)),
      formRequests: med((r) => r.formRequests),
      formBytes: med((r) => r.formBytes),
      usableRequests: med((r) => r.usableRequests),
      usableBytes: med((r) => r.usableBytes),
      dialogs: measuredRuns.filter((r) => r.dialog).length,
    };
  } finally {
    await close();
  }
};

export const usableReport = (r: Measured<UsableResult>, where: string): string[] => {
  const kb = (b: number) => fmt(b / 1024, 1);
  return [
    `5. Time to usable in headless Chromium ${r.browser} (${where}); ${r.runs.length} runs after ${r.warmup} unmeasured, each in a fresh browser context (empty cache)`,
    table(
      ['span (timed in the page)', 'median ms', 'max ms', 'min ms', 'requests', 'kB on the wire'],
      [
        [
          'navigation to / → login form interactive',
          fmt(r.form.median, 0),
          fmt(r.form.max, 0),
          fmt(r.form.min, 0),
          r.formRequests,
          kb(r.formBytes),
        ],
        [
          `click on Login → ${HOME} with page title and main menu shown`,
          fmt(r.usable.median, 0),
          fmt(r.usable.max, 0),
          fmt(r.usable.min, 0),
          r.usableRequests,
          kb(r.usableBytes),
        ],
      ],
    ),
    `   Requests and kB: medians, that span only. The admin's server session is ended before each run${r.dialogs ? `; the "signed in elsewhere" dialog still came up in ${r.dialogs} run(s) (its Continue click is inside those)` : ''}.`,
    `   Others before / during: ${others(r.otherCpu)}.`,
  ];
};
