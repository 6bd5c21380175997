import { describe, expect, it } from 'vitest';
import { apiResourceOf, isScreen } from '../domain/access';
import { ALL_SCREENS } from '../domain/menu';
import { RESOURCES, SCREENS } from './Shell';

describe('the table of screens in the shell', () => {
  it('has a screen or a resource for every /app route of SPEC §2, never both', () => {
    const menuResources = Object.keys(RESOURCES).filter((key) => ALL_SCREENS.some((s) => s.key === key));
    expect([...Object.keys(SCREENS), ...menuResources].sort()).toEqual(ALL_SCREENS.map((s) => s.key).sort());
  });

  it('has resources only for screens the access policy knows, each with its API resource', () => {
    for (const name of Object.keys(RESOURCES)) {
      expect(isScreen(name)).toBe(true);
      expect(apiResourceOf(name)).toBeDefined();
    }
  });
});
