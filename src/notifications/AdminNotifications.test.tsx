import { fireEvent, screen } from '@testing-library/react';
import { useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderInAdmin } from '../test-support';
import { AdminNotifications } from './AdminNotifications';

const Notifier = () => {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify('ra.message.invalid_form', { type: 'error' })}>invalid</button>
      <button onClick={() => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } })}>
        saved
      </button>
    </>
  );
};

afterEach(() => vi.unstubAllGlobals());

describe('AdminNotifications', () => {
  it("shows the admin framework's notifications as the dashboard's toasts", async () => {
    mockApi();
    renderInAdmin(
      <>
        <Notifier />
        <AdminNotifications />
      </>,
    );
    fireEvent.click(screen.getByText('invalid'));
    expect(await screen.findByText('The form is not valid. Please check for errors')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    fireEvent.click(screen.getByText('saved'));
    expect(await screen.findByText('Element updated')).toBeInTheDocument();
    expect(screen.getByText('Info')).toBeInTheDocument();
  });
});
