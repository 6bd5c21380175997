import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, amountText, istTimestamp, rangeOnConfirmation, reportCells } from './reports';

describe('REPORT_COLUMNS', () => {
  it.each([
    [
      'payins',
      'ID,Short Code,Fee,Requested Amount,UTR,Received Amount,Status,Bank,Merchant,Customer,Merchant Order Id,Initiated At (IST),Confirmed At (IST)',
    ],
    ['vendor-payins', 'ID,Vendor,UTR,Amount,Used / Un-Used,Bank,Received At (IST)'],
    [
      'payouts',
      'ID,Status,Description,Amount,Fee,UTR,Merchant,Merchant Order Id,Customer,Account Number,Holder,IFSC,Initiated At (IST),Confirmed At (IST)',
    ],
    [
      'vendor-payouts',
      'ID,Status,Description,Amount,Fee,UTR,Vendor,Merchant Order Id,Customer,Account Number,Holder,IFSC,Initiated At (IST),Confirmed At (IST)',
    ],
  ] as const)('%s has the headers of the issue, in order', (report, headers) =>
    expect(REPORT_COLUMNS[report].map((c) => c.header).join(',')).toBe(headers),
  );

  it('writes every time column in IST and says so in its header', () => {
    for (const columns of Object.values(REPORT_COLUMNS))
      for (const c of columns) expect(c.kind === 'time').toBe(c.header.endsWith('(IST)'));
  });
});

describe('istTimestamp', () => {
  it.each([
    ['2026-03-05T18:29:59.000Z', '05/03/2026 23:59:59'],
    ['2026-03-05T18:30:00.000Z', '06/03/2026 00:00:00'],
    ['2026-12-31T08:04:05.999Z', '31/12/2026 13:34:05'],
    ['2026-01-01T00:00:00+05:30', '01/01/2026 00:00:00'],
  ])('%s is %s', (iso, shown) => expect(istTimestamp(iso)).toBe(shown));

  it('takes a Date as well', () => expect(istTimestamp(new Date('2026-06-15T06:30:00Z'))).toBe('15/06/2026 12:00:00'));

  it.each([[null], [undefined], [''], ['not a date']])('writes %s as an empty cell', (value) =>
    expect(istTimestamp(value)).toBe(''),
  );
});

describe('amountText', () => {
  it.each([
    [1234.5, '1234.50'],
    [0.05, '0.05'],
    [1.01, '1.01'],
    [10, '10.00'],
    [0, '0.00'],
    [123456789012.34, '123456789012.34'],
    [-12.3, '-12.30'],
  ])('%s is %s', (rupees, shown) => expect(amountText(rupees)).toBe(shown));

  it('writes a missing amount as an empty cell', () => {
    expect(amountText(null)).toBe('');
    expect(amountText(undefined)).toBe('');
  });

  it('refuses an amount finer than a paisa instead of rounding it silently', () =>
    expect(() => amountText(1.005)).toThrow());
});

describe('rangeOnConfirmation', () => {
  it.each([
    [['SUCCESS'], true],
    [['SUCCESS', 'SUCCESS'], true],
    [['SUCCESS', 'DISPUTE'], false],
    [['PENDING'], false],
    [[], false],
    [undefined, false],
  ] as const)('%j reads the range by confirmation: %s', (statuses, expected) =>
    expect(rangeOnConfirmation(statuses)).toBe(expected),
  );
});

describe('reportCells', () => {
  it('writes each cell by its column kind, empty for what is missing, and leaves out other fields', () => {
    const cells = reportCells(REPORT_COLUMNS['vendor-payins'], {
      id: 'e1',
      vendorCode: 'VEN-ALPHA',
      utr: null,
      amount: 1234.5,
      status: 'Used',
      bank: undefined,
      receivedAt: '2026-03-05T18:29:59.000Z',
      secret: 'never',
    });
    expect(cells).toEqual({
      id: 'e1',
      vendorCode: 'VEN-ALPHA',
      utr: '',
      amount: '1234.50',
      status: 'Used',
      bank: '',
      receivedAt: '05/03/2026 23:59:59',
    });
  });
});
