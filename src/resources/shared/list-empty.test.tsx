import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAppAt, signInAs } from '../../test-support';

/** An empty list offers a way to add a record only where the screen has a create page. */
describe('an empty list', () => {
  it('offers Create on the Vendors screen, and none on a Deposit screen (payment links are made elsewhere)', async () => {
    mockApi((call) => {
      if (call.path === '/v1/payins' || call.path === '/v1/vendors') return json(200, { data: [], total: 0 });
      if (call.path === '/v1/bank-accounts' || call.path === '/v1/getall-merchant')
        return json(200, { data: [], total: 0 });
      return undefined;
    });
    signInAs('ADMIN');
    const deposits = renderAppAt('/app/deposit/progress');
    expect(await screen.findByText('No deposits to show', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
    deposits.unmount();
    renderAppAt('/app/vendor');
    expect(await screen.findByText('No vendors yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Create/ }).length).toBeGreaterThan(0);
  });
});
