import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test-support';
import { useHeaderState } from './HeaderStateProvider';
import { useToasts, type ToastActions } from './ToastProvider';
import { createToast, dequeue, enqueue, TOAST_TIMEOUT_MS, TOAST_TRANSITION_MS, UNTIL_DISMISSED } from './toastQueue';

afterEach(() => vi.useRealTimers());

describe('toast queue (SPEC §3)', () => {
  const a = createToast({ type: 'info', title: 'A', message: 'a' });
  const b = createToast({ type: 'success', title: 'B', message: 'b' });
  const urgent = createToast({ type: 'error', title: 'U', message: 'u', priority: true });

  it('defaults the time-out to 5000 ms and gives each toast an id', () => {
    expect(a.timeOut).toBe(5000);
    expect(a.id).not.toBe(b.id);
  });

  it('adds to the back, priority toasts to the front', () => {
    expect(enqueue(enqueue([a], b), urgent).map((t) => t.title)).toEqual(['U', 'A', 'B']);
  });

  it('removes by id', () => expect(dequeue([a, b], a.id)).toEqual([b]));

  it('keeps an error until it is dismissed, and shows a toast already on screen once', () => {
    const failed = createToast({ type: 'error', title: 'Error', message: 'The database is not answering.' });
    expect(failed.timeOut).toBe(UNTIL_DISMISSED);
    const again = createToast({ type: 'error', title: 'Error', message: 'The database is not answering.' });
    expect(enqueue(enqueue([a], failed), again)).toEqual([a, failed]);
  });
});

const grabbed = {} as { toasts: ToastActions; header: ReturnType<typeof useHeaderState> };
const Grab = () => {
  const toasts = useToasts();
  const header = useHeaderState();
  useEffect(() => {
    grabbed.toasts = toasts;
    grabbed.header = header;
  });
  return <span data-testid="title">{header.pageTitle}</span>;
};

/** Inside the dashboard's providers: the toasts, the header state and the toaster. */
const renderToaster = () => renderInAdmin(<Grab />);

describe('toasts on screen (SPEC §9)', () => {
  it('shows title and message in a status region and hides after 5000 ms', async () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => void grabbed.toasts.success('Saved', 'The merchant was saved.'));
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Saved');
    expect(region).toHaveTextContent('The merchant was saved.');
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 100));
    expect(region).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(100));
    act(() => vi.advanceTimersByTime(TOAST_TRANSITION_MS + 50));
    expect(region).not.toHaveTextContent('Saved');
  });

  it('runs the click handler and shows priority toasts first', () => {
    renderToaster();
    const onClick = vi.fn();
    act(() => {
      grabbed.toasts.info('First', 'one');
      grabbed.toasts.warning('Urgent', 'two', { priority: true, onClick });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Urgent');
    expect(alerts[1]).toHaveTextContent('First');
    fireEvent.click(screen.getByText('two'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('header state (SPEC §3, §4)', () => {
  it('starts at Home with 15 notifications and no message', () => {
    renderToaster();
    expect(screen.getByTestId('title')).toHaveTextContent('Home');
    expect(grabbed.header.noOfNotifications).toBe(15);
    expect(grabbed.header.newNotificationMessage).toBe('');
    expect(grabbed.header.newNotificationStatus).toBe(1);
  });

  it('shows a new message as Success (1) or Error (0), then clears it', () => {
    renderToaster();
    act(() => grabbed.header.setNewNotification('Entry added'));
    expect(screen.getByRole('status')).toHaveTextContent('SuccessEntry added');
    expect(grabbed.header.newNotificationMessage).toBe('');
    act(() => grabbed.header.setNewNotification('Entry refused', 0));
    expect(screen.getByRole('status')).toHaveTextContent('ErrorEntry refused');
    expect(grabbed.header.newNotificationMessage).toBe('');
    expect(grabbed.header.newNotificationStatus).toBe(1);
  });
});
