import { describe, expect, it } from 'vitest';
import { ALL_SCREENS } from '../../domain/menu';
import { isKnownScreen } from '../../domain/access';
import { RESOURCES } from './resources';
import { SCREENS } from './screens';

describe('screens table', () => {
  it('has a screen or a resource for every /app route of SPEC §2, never both', () => {
    const menuResources = Object.keys(RESOURCES).filter((key) => ALL_SCREENS.some((s) => s.key === key));
    expect([...Object.keys(SCREENS), ...menuResources].sort()).toEqual(ALL_SCREENS.map((s) => s.key).sort());
  });

  it('has resources only for screens the access policy knows', () => {
    for (const name of Object.keys(RESOURCES)) expect(isKnownScreen(name)).toBe(true);
  });
});
