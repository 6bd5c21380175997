import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollBox } from './ScrollBox';

/** A box `content` px wide inside one 300 px wide, measured at once. */
const measured = (content: number) => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report();
      }
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScrollBox', () => {
  it('is a named stop of the keyboard while its table is wider than it', () => {
    measured(480);
    render(
      <ScrollBox label="Journal">
        <table />
      </ScrollBox>,
    );
    expect(screen.getByRole('region', { name: 'Journal' })).toHaveAttribute('tabindex', '0');
  });

  it('is no stop at all while everything fits', () => {
    measured(300);
    const { container } = render(
      <ScrollBox label="Journal">
        <table />
      </ScrollBox>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('[tabindex]')).toBeNull();
  });
});
