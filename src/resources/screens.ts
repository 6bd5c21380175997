import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from '../layout/lazyScreen';

type LazyScreen = LazyExoticComponent<ComponentType>;

const empty = (): LazyScreen => lazyScreen(() => import('./EmptyScreen'), 'EmptyScreen');

/**
 * The component of every /app screen of SPEC §2 that is not a resource (resources.ts), by its key
 * in domain/menu, each loaded on first use. A screen's own issue replaces its empty state here.
 */
export const SCREENS: Record<string, LazyScreen> = {
  dashboard: empty(),
  'vendor-board': empty(),
  'add-data': empty(),
  'deposit/progress': empty(),
  'deposit/completed': empty(),
  'deposit/dropped': empty(),
  'deposit/all': empty(),
  'withdrawal/progress': empty(),
  'withdrawal/completed': empty(),
  'withdrawal/all': empty(),
  settlements: empty(),
  vendorsettlements: empty(),
  lien: empty(),
  payin: empty(),
  vendorpayin: empty(),
  payout: empty(),
  vendorpayout: empty(),
  report: empty(),
  vendorreport: empty(),
};
