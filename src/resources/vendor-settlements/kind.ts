import { VENDOR_SETTLEMENT_METHODS, VENDOR_SETTLEMENT_TRANSITIONS } from '../../../domain/settlement';
import type { SettlementKind } from '../settlements/kind';
import { vendorSettlementActions } from './actions';

/** The Settlements list, show view and row actions keyed by vendor, with the internal transfers. */
export const VENDOR_SETTLEMENTS: SettlementKind = {
  screen: 'vendorsettlements',
  api: 'vendor-settlements',
  party: 'vendorCode',
  transitions: VENDOR_SETTLEMENT_TRANSITIONS,
  approveKind: 'vendor-settlement.approve',
  resetKind: 'vendor-settlement.reset',
  methods: VENDOR_SETTLEMENT_METHODS,
  run: vendorSettlementActions,
};
