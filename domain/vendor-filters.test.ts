import { describe, expect, it } from 'vitest';
import { refusedVendorFilter, vendorFilterRefusal, type VendorList } from './vendor-filters';

// Written out by hand: each list's filters and whether a vendor may use them.
const ROWS: [VendorList, Record<string, unknown>, string | undefined][] = [
  ['payins', {}, undefined],
  ['payins', { status: ['SUCCESS'], utr: '402611000001', amount: 500, from: '2026-11-01' }, undefined],
  ['payins', { source: ['Manual'], bankAccountId: '9b1c…', to: '2026-11-02', ids: ['a'] }, undefined],
  ['payins', { merchantCode: ['BOLT'] }, 'merchantCode'],
  ['payins', { includeSubMerchants: false }, 'includeSubMerchants'],
  ['payins', { merchantOrderId: 'order-1' }, 'merchantOrderId'],
  ['payins', { customerId: 'cust-1' }, 'customerId'],
  ['payins', { utr: '402611000001', customerId: 'cust-1' }, 'customerId'],
  ['payouts', { status: ['INITIATED'], vendorCode: 'VEN-ALPHA', accountNumber: '0012', method: 'manual' }, undefined],
  ['payouts', { merchantCode: ['ACME'] }, 'merchantCode'],
  ['payouts', { includeSubMerchants: true }, 'includeSubMerchants'],
  ['payouts', { merchantOrderId: 'order-1' }, 'merchantOrderId'],
];

describe('filters refused to vendors', () => {
  it.each(ROWS)('%s with %o: refused %s', (list, filters, refused) => {
    expect(refusedVendorFilter(list, filters)).toBe(refused);
  });

  it('names the filter in its message', () => {
    expect(vendorFilterRefusal('customerId')).toBe(
      'Vendor users cannot filter by customerId: their rows do not show whose they are.',
    );
  });
});
