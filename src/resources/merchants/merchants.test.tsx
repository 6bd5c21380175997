import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MerchantsProvider } from '../../merchants';
import { json, mockApi, renderInAdmin, signInAs, type Call } from '../../test-support';
import { MerchantCreate } from './MerchantCreate';
import { merchantCreateBody, merchantUpdateBody, merchantValidators } from './merchantValidation';

const label = (field: string) =>
  ({ minPayin: 'Min Payin', maxPayin: 'Max Payin', payinFeePercent: 'Payin Fee %', siteUrl: 'Site' })[field] ?? field;

describe('merchantValidators', () => {
  const v = merchantValidators(label as never);
  const check = (field: keyof typeof v, value: unknown, values: Record<string, unknown> = {}) =>
    v[field].map((c) => c(value, values)).find(Boolean);

  it('requires the code, the name, the site, the limits and the fees', () => {
    expect(check('siteUrl', '  ')).toBe('Site is Required!');
    expect(check('minPayin', null)).toBe('Min Payin is Required!');
    expect(check('payinFeePercent', undefined)).toBe('Payin Fee % is Required!');
    expect(check('returnUrl', '')).toBeUndefined();
  });

  it('takes web addresses starting with http:// or https:// only', () => {
    expect(check('siteUrl', 'acme.example')).toBe('Site must be a web address starting with http:// or https://');
    expect(check('siteUrl', 'ftp://acme.example')).toMatch(/must be a web address/);
    expect(check('siteUrl', 'https://acme.example')).toBeUndefined();
  });

  it('wants a maximum at least its minimum', () => {
    expect(check('maxPayin', 50, { minPayin: 100 })).toBe('Max Payin must be at least Min Payin');
    expect(check('maxPayin', 100, { minPayin: 100 })).toBeUndefined();
  });

  it('wants fees from 0 to 100 with at most two decimals', () => {
    expect(check('payinFeePercent', 100.01)).toMatch(/between 0 and 100 with at most 2 decimals/);
    expect(check('payinFeePercent', 2.555)).toMatch(/at most 2 decimals/);
    expect(check('payinFeePercent', 0)).toBeUndefined();
    expect(check('payinFeePercent', 2.55)).toBeUndefined();
  });

  it('sends the API only the fields it takes', () => {
    const record = {
      id: 'm1',
      code: 'ACME',
      name: ' Acme ',
      siteUrl: 'https://a.example',
      balance: 0,
      subMerchants: [],
      minPayin: 1,
      testMode: false,
    };
    expect(merchantUpdateBody(record)).toEqual({
      name: 'Acme',
      siteUrl: 'https://a.example',
      minPayin: 1,
      testMode: false,
    });
    expect(merchantCreateBody({ ...record, parentCode: null })).toEqual({
      code: 'ACME',
      name: 'Acme',
      siteUrl: 'https://a.example',
      minPayin: 1,
      testMode: false,
    });
  });
});

const fill = (name: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(name), { target: { value } });

const fillValid = () => {
  fill('Code', 'NEWCO');
  fill('Name', 'New Co');
  fill('Site', 'https://new.example');
  fill('Min Payin', '100');
  fill('Max Payin', '5000');
  fill('Payin Fee %', '2.5');
  fill('Min Payout', '500');
  fill('Max Payout', '20000');
  fill('Payout Fee %', '1.5');
};

const renderCreate = (answer: (call: Call) => Response | undefined) => {
  const calls = mockApi(answer);
  renderInAdmin(
    <MerchantsProvider>
      <ResourceContextProvider value="merchant">
        <MerchantCreate />
      </ResourceContextProvider>
    </MerchantsProvider>,
  );
  return calls;
};

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === '/v1/merchants');

describe('MerchantCreate', () => {
  beforeEach(() => signInAs('ADMIN'));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form before sending it', async () => {
    const calls = renderCreate(() => undefined);
    await screen.findByLabelText('Code');
    fillValid();
    fill('Name', '   ');
    fill('Site', 'new.example');
    fill('Max Payin', '50');
    fill('Payin Fee %', '100.5');
    save();
    expect(await screen.findByText('Name is Required!')).toBeInTheDocument();
    expect(screen.getByText('Site must be a web address starting with http:// or https://')).toBeInTheDocument();
    expect(screen.getByText('Max Payin must be at least Min Payin')).toBeInTheDocument();
    expect(screen.getByText('Payin Fee % must be between 0 and 100 with at most 2 decimals')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows the server's message on the field it names", async () => {
    renderCreate((call) =>
      call.method === 'POST' && call.path === '/v1/merchants'
        ? json(400, {
            error: { message: 'A merchant with code NEWCO already exists.', code: 'BAD_REQUEST', field: 'code' },
          })
        : undefined,
    );
    await screen.findByLabelText('Code');
    fillValid();
    save();
    const message = await screen.findAllByText('A merchant with code NEWCO already exists.');
    expect(message.length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the fields the API takes and shows the new key once', async () => {
    const calls = renderCreate((call) =>
      call.method === 'POST' && call.path === '/v1/merchants'
        ? json(201, {
            data: { id: 'm9', code: 'NEWCO', name: 'New Co', apiKey: 'pg_live_secret', signingSecret: 'sig_secret' },
          })
        : undefined,
    );
    await screen.findByLabelText('Code');
    fillValid();
    save();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('pg_live_secret')).toBeInTheDocument();
    expect(within(dialog).getByDisplayValue('sig_secret')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    expect(posts(calls)[0].body).toEqual({
      code: 'NEWCO',
      name: 'New Co',
      siteUrl: 'https://new.example',
      minPayin: 100,
      maxPayin: 5000,
      payinFeePercent: 2.5,
      minPayout: 500,
      maxPayout: 20000,
      payoutFeePercent: 1.5,
      testMode: false,
      disputesAllowed: true,
    });
  });
});

describe('MerchantCreate for a merchant admin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("places the merchant under its own and takes the parent's limits, fees and test mode", async () => {
    signInAs('MERCHANT_ADMIN');
    const parent = {
      id: 'p1',
      code: 'M100',
      name: 'Parent',
      parentCode: null,
      minPayin: 100,
      maxPayin: 5000,
      payinFeePercent: 3,
      minPayout: 500,
      maxPayout: 20000,
      payoutFeePercent: 2,
      testMode: true,
    };
    const calls = renderCreate((call) => {
      if (call.path === '/v1/getall-merchant') return json(200, { data: { merchants: [parent], total: 1 } });
      if (call.method === 'POST' && call.path === '/v1/merchants')
        return json(201, { data: { id: 'm9', code: 'SUB', apiKey: 'k', signingSecret: 's' } });
      return undefined;
    });
    await screen.findByLabelText('Code');
    await waitFor(() => expect(screen.getByLabelText('Payin Fee %')).toHaveValue('3.00 %'));
    expect(screen.getByLabelText('Max Payin')).toHaveValue('₹5,000.00');
    expect(screen.queryByRole('spinbutton', { name: 'Min Payin' })).toBeNull();
    fill('Code', 'SUB');
    fill('Name', 'Sub');
    fill('Site', 'https://sub.example');
    save();
    await screen.findByRole('dialog');
    expect(posts(calls)[0].body).toEqual({
      code: 'SUB',
      name: 'Sub',
      siteUrl: 'https://sub.example',
      parentCode: 'M100',
      minPayin: 100,
      maxPayin: 5000,
      payinFeePercent: 3,
      minPayout: 500,
      maxPayout: 20000,
      payoutFeePercent: 2,
      testMode: true,
    });
  });
});
