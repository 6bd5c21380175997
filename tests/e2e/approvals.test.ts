import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiSignIn } from './support/api';
import { orderId } from './support/deposits';
import { openFromMenu } from './support/menu';
import { signIn, toast } from './support/pages';
import { productSuite } from './support/suite';

/**
 * Issue 31, item 2: maker-checker a checker can check. Operations asks to pay large pay-outs (above
 * the checker threshold of 1,00,000 rupees, so a second person must approve); operations then sees
 * them waiting, not an active Approve; transactions finds them in "Waiting for my approval" from the
 * top bar, reads who asked, when, the paying bank, the UTR, the amount and the beneficiary, and
 * approves one without retyping, then rejects two reversals at once, one remark, one confirmation.
 */
const suite = productSuite();
const THRESHOLD = 100_000;
const AMOUNT = 100_500;
const HOLDER = 'Meera Iyer';

let admin: string;
let operations: string;

const send = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${suite.product.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

/** A pay-out of ACME's, with operations' approval waiting for a checker; its order id, id and UTR. */
const askedPayout = async (seed: number, amount = AMOUNT) => {
  const order = orderId(`e2e-check-${seed}`);
  const account = String(Date.now() + seed).slice(-12);
  const created = await send(admin, 'POST', '/payouts', {
    merchantCode: 'ACME',
    merchantOrderId: order,
    customerId: 'e2e-checker',
    amount,
    bankName: 'HDFC Bank',
    accountNumber: account,
    accountHolder: HOLDER,
    ifsc: 'HDFC0001234',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const banks = await apiGet<{ data: { id: string; nickname: string }[] }>(
    suite.product.url,
    admin,
    '/bank-accounts?usedFor=PAYOUT&enabled=true&pageSize=100',
  );
  const paying = banks.data.find((b) => b.nickname === 'BETA-KOTAK-PAYOUT')!;
  const utr = String(Date.now() + seed * 7).slice(-12);
  const asked = await send(operations, 'POST', `/payouts/${id}/approve`, {
    method: 'manual',
    utr,
    bankAccountId: paying.id,
  });
  expect(asked.status).toBe(amount > THRESHOLD ? 202 : 200);
  return { order, id, utr, account };
};

/** A small pay-out paid at once, then its reversal asked by operations: a reversal always takes a checker. */
const askedReversal = async (seed: number) => {
  const paid = await askedPayout(seed, 1_000);
  expect((await send(operations, 'POST', `/payouts/${paid.id}/reverse`)).status).toBe(202);
  return paid;
};

beforeAll(async () => {
  admin = await apiSignIn(suite.product.url, 'admin');
  operations = await apiSignIn(suite.product.url, 'operations');
});

describe('a checker checks a maker', () => {
  it('the maker sees its request waiting; the checker approves it from the queue without retyping', async () => {
    const one = await askedPayout(1);
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'operations');
      await openFromMenu(page, '/app/withdrawal/progress', 'Withdrawals');
      await page.getByRole('textbox', { name: 'Account Number or UPI ID', exact: true }).fill(one.account);
      const row = page.locator('tbody tr').filter({ hasText: one.account });
      await row.getByRole('button', { name: `Waiting for a checker ${one.order}` }).waitFor();
      expect(await row.getByRole('button', { name: `Waiting for a checker ${one.order}` }).isDisabled()).toBe(true);
      expect(await row.getByRole('button', { name: `Approve ${one.order}`, exact: true }).count()).toBe(0);
    });
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'transactions');
      await page.getByRole('link', { name: /^Waiting for my approval: \d+ requests?$/ }).click();
      await page.waitForURL('**/app/approvals');
      await page.getByRole('button', { name: `Review ${one.order}` }).click();
      const dialog = page.getByRole('dialog');
      for (const text of ['operations (Operations)', 'BETA-KOTAK-PAYOUT', one.utr, '₹1,00,500.00'])
        await dialog.getByText(text, { exact: true }).waitFor();
      await dialog.getByText(`${HOLDER} · A/c ${one.account} · HDFC0001234 · HDFC Bank`).waitFor();
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await toast(page, `Approved: ${one.order} is now Success.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
    });
    const { data } = await apiGet<{ data: Record<string, unknown> }>(suite.product.url, admin, `/payouts/${one.id}`);
    expect(data).toMatchObject({ status: 'SUCCESS', utr: one.utr, bankNickname: 'BETA-KOTAK-PAYOUT' });
  });

  it('rejects two reversals at once, with one remark and one confirmation: both requests end, nothing moves', async () => {
    // Operations signed in through the browser above, which ended its API session: sign in again.
    operations = await apiSignIn(suite.product.url, 'operations');
    const [a, b] = [await askedReversal(2), await askedReversal(3)];
    await suite.withPage(async (page) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, suite.product.url, 'transactions');
      await page.goto(`${suite.product.url}/app/approvals`);
      for (const p of [a, b]) await page.getByRole('checkbox', { name: `Select ${p.order}` }).check();
      await page.getByRole('button', { name: 'Reject 2', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Reject 2 requests?').waitFor();
      await dialog.getByRole('textbox', { name: 'Remark' }).fill('UTR not on the statement');
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await toast(page, '2 requests rejected.').waitFor();
      for (const p of [a, b])
        await page.getByRole('button', { name: `Review ${p.order}` }).waitFor({ state: 'detached' });
    });
    for (const p of [a, b]) {
      const { data } = await apiGet<{ data: Record<string, unknown> }>(suite.product.url, admin, `/payouts/${p.id}`);
      expect(data).toMatchObject({ status: 'SUCCESS', awaitingChecker: null });
    }
  });
});
