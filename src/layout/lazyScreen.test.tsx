import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { AppError } from './AppError';
import { AppErrorBoundary } from './AppErrorBoundary';
import { asChunkError, CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, CssChunkLoadError, withChunkTimeout } from './lazyScreen';
import { RESIZE_THROTTLE_MS, throttle } from './useViewportWidth';

afterEach(() => vi.useRealTimers());

describe('screen chunks (SPEC §8)', () => {
  it('fails with a chunk-load error after 120 s', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout('Dashboard', new Promise(() => undefined));
    const outcome = loading.catch((error: unknown) => error);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    const error = await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('timeout: 120 s');
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withChunkTimeout('Dashboard', Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('reports a failed style sheet as a CSS chunk load error', () => {
    const error = asChunkError('Merchant', new Error('Unable to preload CSS for /assets/Merchant-x1.css'));
    expect(error).toBeInstanceOf(CssChunkLoadError);
    expect(error.message).toBe('Loading CSS chunk Merchant failed.\n(/assets/Merchant-x1.css)');
  });

  it('reports any other failure as a chunk-load error', () => {
    const error = asChunkError('Merchant', new TypeError('Failed to fetch dynamically imported module'));
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toContain('Failed to fetch dynamically imported module');
  });
});

describe('error screen (SPEC §2)', () => {
  it('shows the title, the error text and its stack', () => {
    const error = new Error('Boom at the ledger');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AppError error={error} />
      </AdminContext>,
    );
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('Boom at the ledger')).toBeInTheDocument();
    expect(screen.getByText(/at .*lazyScreen\.test/)).toBeInTheDocument();
  });
});

describe('resize throttle (SPEC §9)', () => {
  it('runs at most once per 20 ms, the last call of a burst included', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const throttled = throttle(run, RESIZE_THROTTLE_MS);
    throttled();
    throttled();
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RESIZE_THROTTLE_MS);
    expect(run).toHaveBeenCalledTimes(2);
    expect(RESIZE_THROTTLE_MS).toBe(20);
  });
});

describe('error boundary', () => {
  it('catches a failing screen and shows the error screen', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('Screen exploded');
    };
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </AdminContext>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!');
    expect(screen.getByText('Screen exploded')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
