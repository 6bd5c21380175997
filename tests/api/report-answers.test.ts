import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_COLUMNS, VENDOR_ACCOUNTS_COLUMNS } from '../../domain/account-reports';
import { addDays } from '../../domain/boards';
import { istDayOf } from '../../domain/format';
import { paiseToRupees } from '../../domain/money';
import { seedDemoDeposits } from '../../server/demo/seed-deposits';
import { seedDemoPayouts } from '../../server/demo/seed-payouts';
import type { SessionUser } from '../../server/services/common/session-user';
import { accountReportPage } from '../../server/services/reports/account-reports';
import { dashboardFigures } from '../../server/services/reports/boards';
import { vendorBoardFigures } from '../../server/services/reports/vendor-board';
import { periodOf } from '../../server/services/reports/periods';
import { rebuildRollups } from '../support/history';
import { demoServerPerFile } from '../support/server';

/**
 * Issue 33, part 3: the boards' and the Accounts reports' answers are turned into rupees by code
 * written for speed (a literal per row, each field named). Their bodies must be byte for byte what
 * the plain walk they replaced gave: every number in paise made rupees except counts and the
 * compared rates and seconds, each report row built column by column from its day.
 */
const demo = demoServerPerFile();
const today = istDayOf(new Date());
const admin: SessionUser = {
  id: '00000000-0000-4000-8000-000000000000',
  userName: 'admin',
  role: 'ADMIN',
  merchantCodes: [],
  vendorCode: null,
  sessionId: '',
};

beforeAll(async () => {
  await seedDemoDeposits(demo.s.db, { callbackBase: demo.s.url });
  await seedDemoPayouts(demo.s.db, { callbackBase: demo.s.url });
  await rebuildRollups(demo.s);
}, 120_000);

/** The plain walk the boards' route used before: every number in rupees but counts and compared figures. */
const walkedRupees = (value: unknown, key = ''): unknown => {
  if (typeof value === 'number') return ['count', 'current', 'previous'].includes(key) ? value : paiseToRupees(value);
  if (Array.isArray(value)) return value.map((v) => walkedRupees(v));
  if (value && typeof value === 'object') {
    if ('current' in value) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walkedRupees(v, k)]));
  }
  return value;
};

/** The report row the route built before, column by column from a day of the service. */
const builtRow = (columns: typeof ACCOUNTS_COLUMNS, codeKey: string) => (d: Record<string, unknown>) => {
  const row: Record<string, unknown> = {};
  for (const { key } of columns)
    row[key] =
      key === codeKey ? d.code : key === 'day' || key.endsWith('Count') ? d[key] : paiseToRupees(d[key] as number);
  return row;
};

const body = async (path: string) => {
  const res = await fetch(`${demo.s.url}${path}`, { headers: { authorization: `Bearer ${demo.t.admin}` } });
  expect(res.status).toBe(200);
  return res.text();
};

const periods = [
  { from: addDays(today, -29), to: today },
  { from: today, to: today },
  { from: addDays(today, -89), to: addDays(today, -60) },
];

describe('answers in rupees', () => {
  it('a Dashboard is byte for byte what the plain walk of its figures writes', async () => {
    for (const p of periods)
      for (const merchantCode of [undefined, 'ACME', 'ACME,BOLT']) {
        const q = `from=${p.from}&to=${p.to}${merchantCode ? `&merchantCode=${merchantCode}` : ''}`;
        const figures = await dashboardFigures(demo.s.db, admin, { ...p, merchantCode: merchantCode?.split(',') });
        expect(await body(`/v1/dashboard?${q}`), q).toBe(JSON.stringify({ data: walkedRupees(figures) }));
      }
  });

  it('a Vendor Board is byte for byte what the plain walk of its figures writes', async () => {
    for (const p of periods)
      for (const vendorCode of ['VEN-ALPHA', 'VEN-BETA']) {
        const q = `vendorCode=${vendorCode}&from=${p.from}&to=${p.to}`;
        const figures = await vendorBoardFigures(demo.s.db, admin, { ...p, vendorCode });
        expect(await body(`/v1/vendor-board?${q}`), q).toBe(JSON.stringify({ data: walkedRupees(figures) }));
      }
  });

  it("an Accounts page is byte for byte its days' rows built column by column", async () => {
    const reports = [
      { path: 'accounts', kind: 'merchants', columns: ACCOUNTS_COLUMNS, codeKey: 'merchantCode' },
      { path: 'vendor-accounts', kind: 'vendors', columns: VENDOR_ACCOUNTS_COLUMNS, codeKey: 'vendorCode' },
    ] as const;
    let rows = 0;
    for (const r of reports)
      for (const p of periods)
        for (const page of [1, 2]) {
          const q = `from=${p.from}&to=${p.to}&page=${page}&pageSize=40`;
          const expected = await accountReportPage(demo.s.db, admin, r.kind, {}, periodOf(p.from, p.to), {
            offset: (page - 1) * 40,
            limit: 40,
          });
          rows += expected.rows.length;
          const data = expected.rows.map((d) => builtRow(r.columns, r.codeKey)(d));
          expect(await body(`/v1/reports/${r.path}?${q}`), `${r.path}?${q}`).toBe(
            JSON.stringify({ data, total: expected.total }),
          );
        }
    expect(rows).toBeGreaterThan(200);
  });
});
