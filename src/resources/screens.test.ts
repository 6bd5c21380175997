import { describe, expect, it } from 'vitest';
import { ALL_SCREENS } from '../../domain/menu';
import { SCREENS } from './screens';

describe('screens table', () => {
  it('has a component for every /app route of SPEC §2, and nothing else', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(ALL_SCREENS.map((s) => s.key).sort());
  });
});
