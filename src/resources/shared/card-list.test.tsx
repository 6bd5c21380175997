import { fireEvent, screen } from '@testing-library/react';
import { ListContextProvider, ResourceContextProvider, useRecordContext, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../test-support';
import { ageOf, CardList, type CardFields } from './CardList';

interface Row {
  id: string;
  amount: string;
  code: string;
  at: string;
}

const MINUTE = 60_000;
const rows: Row[] = [
  { id: 'r1', amount: '₹10.00', code: 'ORDER-1', at: new Date(Date.now() - 5 * MINUTE).toISOString() },
  { id: 'r2', amount: '₹20.00', code: 'ORDER-2', at: new Date(Date.now() - 3 * 60 * MINUTE).toISOString() },
];

const Code = () => <span>panel of {useRecordContext<Row>()?.code}</span>;

const cards = (fields: CardFields<Row>, data: Row[] = rows) =>
  renderInAdmin(
    <ResourceContextProvider value="deposit/all">
      <ListContextProvider value={{ data, isPending: false, error: null } as unknown as ListControllerResult}>
        <CardList fields={fields} empty={<p>nothing here</p>} />
      </ListContextProvider>
    </ResourceContextProvider>,
  );

describe('CardList', () => {
  it('shows a card per record that opens its page, with its headline, id, detail and age', () => {
    cards({ headline: (r) => r.amount, title: (r) => r.code, detail: () => 'ACME', createdAt: (r) => r.at });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toBe('₹10.00ORDER-1ACME5 minutes ago');
    expect(screen.getAllByRole('link')[1].getAttribute('href')).toMatch(/\/deposit\/all\/r2\/show$/);
    expect(items[1].textContent).toContain('3 hours ago');
  });

  it('opens a panel in place when the record has no page, and is plain when it opens nothing', () => {
    const { unmount } = cards({ headline: (r) => r.amount, open: { expand: <Code /> } });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('panel of ORDER-1')).toBeNull();
    const first = screen.getAllByRole('button', { expanded: false })[0];
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('panel of ORDER-1')).toBeTruthy();
    unmount();
    cards({ headline: (r) => r.amount, action: <button>Reset</button>, open: false });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Reset' })).toHaveLength(2);
  });

  it('shows the empty state when there is nothing', () => {
    cards({ headline: (r) => r.amount }, []);
    expect(screen.getByText('nothing here')).toBeTruthy();
  });
});

describe('ageOf', () => {
  it('says how long ago in the chosen language', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(ageOf('2026-11-29T09:59:30Z', 'en', now)).toBe('30 seconds ago');
    expect(ageOf('2026-11-29T09:00:00Z', 'en', now)).toBe('1 hour ago');
    expect(ageOf('2026-11-28T10:00:00Z', 'en', now)).toBe('yesterday');
    expect(ageOf('2026-11-29T09:55:00Z', 'hi', now)).toBe('5 मिनट पहले');
  });
});
