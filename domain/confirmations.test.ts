import { describe, expect, it } from 'vitest';
import { CONFIRMATION_KINDS, confirmationRecordKey, confirmationUse, type ConfirmationGrant } from './confirmations';

const id = '5f0c7c1e-2a4b-4c1d-9e8f-0a1b2c3d4e5f';
const open: ConfirmationGrant = { id, kind: 'payin.confirm' };
const named: ConfirmationGrant = { ...open, recordId: 'payin-a' };

describe('confirmationUse', () => {
  it.each([
    ['a grant naming no record, on any record of its kind', open, 'payin.confirm', 'payin-b', 'payin-b'],
    ['a grant naming a record, on that record', named, 'payin.confirm', 'payin-a', 'payin-a'],
  ] as const)('serves %s, as a use keyed by the grant', (_what, grant, kind, recordId, used) => {
    expect(confirmationUse(grant, kind, recordId)).toEqual({ id, kind, recordId: used });
  });

  it.each([
    ['another kind', open, 'user.toggle', 'payin-a'],
    ['another kind, even on its record', named, 'user.toggle', 'payin-a'],
    ['another record than the one named', named, 'payin.confirm', 'payin-b'],
    ['a request naming no record', open, 'payin.confirm', null],
    ['a request naming an empty record', open, 'payin.confirm', ''],
  ] as const)('refuses %s', (_what, grant, kind, recordId) => {
    expect(confirmationUse(grant, kind, recordId)).toBeNull();
  });
});

describe('confirmationRecordKey', () => {
  it('names a record by its id, a new bank account by its nickname and a provider by its name', () => {
    const keys = Object.fromEntries(CONFIRMATION_KINDS.map((k) => [k, confirmationRecordKey(k)]));
    expect(Object.entries(keys).filter(([, key]) => key !== 'id')).toEqual([
      ['bank-account.create', 'nickname'],
      ['provider.update', 'provider'],
    ]);
  });
});
