import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../domain/menu';
import { ROLES } from '../../domain/roles';
import { mockApi, renderAppAt, signInAs } from '../test-support';

afterEach(() => vi.unstubAllGlobals());

/** The ADMIN screens outside SPEC §2's sidebar, reached from a group of their own at its end (issue 13). */
const ADMIN_GROUP = [
  'Payment Providers /app/providers',
  'Provider Events /app/provider-events',
  'Audit Log /app/audit-events',
];

/** Every group opened, then every link of the sidebar as "label path", in order. */
const sidebarLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
  for (const toggle of within(nav).queryAllByRole('button'))
    if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
  const links = () => within(nav).getAllByRole('link');
  return { nav, links: () => links().map((a) => `${a.textContent} ${a.getAttribute('href')}`) };
};

/** SPEC §2 and §6's sidebar for a role (domain/menu, checked by hand in domain/menu.test.ts). */
const specLinks = (role: (typeof ROLES)[number]) =>
  menuFor(role).flatMap((entry) => entry.items.map((item) => `${item.label} ${item.path}`));

describe('the admin screens in the sidebar', () => {
  it('ADMIN reaches Payment Providers, Provider Events and the Audit Log from an Admin group at the end', async () => {
    mockApi();
    signInAs('ADMIN');
    renderAppAt('/app/dashboard');
    const { nav, links } = await sidebarLinks();
    expect(within(nav).getAllByRole('button').at(-1)).toHaveTextContent('Admin');
    await waitFor(() => expect(links()).toEqual([...specLinks('ADMIN'), ...ADMIN_GROUP]));
  });

  it('opens the Admin group by itself on one of its screens', async () => {
    mockApi((call) => (call.path === '/v1/audit-events' ? new Response('{"data":[],"total":0}') : undefined));
    signInAs('ADMIN');
    renderAppAt('/app/audit-events');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });
    expect(within(nav).getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(ROLES.filter((role) => role !== 'ADMIN'))('%s keeps exactly the spec’s sidebar', async (role) => {
    mockApi();
    signInAs(role);
    renderAppAt(role.startsWith('VENDOR') ? '/app/vendor-board' : '/app/dashboard');
    const { nav, links } = await sidebarLinks();
    expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
    await waitFor(() => expect(links()).toEqual(specLinks(role)));
  });
});
