import { createContext, useContext } from 'react';
import type { ConfirmationKind } from '../../../domain/confirmations';
import {
  SETTLEMENT_METHODS,
  SETTLEMENT_TRANSITIONS,
  type SettlementTransition,
  type VendorSettlementMethod,
} from '../../../domain/settlement';
import { settlementActions, type SettlementApi, type SettlementTransitions } from './actions';

/**
 * What tells the two Settlements screens apart: one list, one show view and one set of row
 * actions serve both, each reading its screen's kind.
 */
export interface SettlementKind {
  /** The react-admin resource (its route under /app) and its messages, `resources.<screen>.*`. */
  screen: 'settlements' | 'vendorsettlements';
  api: SettlementApi;
  /** The field naming whom the money is settled with. */
  party: 'merchantCode' | 'vendorCode';
  transitions: readonly SettlementTransition[];
  /** The password confirmations an approval and a reset need. */
  approveKind: ConfirmationKind;
  resetKind: ConfirmationKind;
  methods: readonly VendorSettlementMethod[];
  run: SettlementTransitions;
}

export const MERCHANT_SETTLEMENTS: SettlementKind = {
  screen: 'settlements',
  api: 'settlements',
  party: 'merchantCode',
  transitions: SETTLEMENT_TRANSITIONS,
  approveKind: 'settlement.approve',
  resetKind: 'settlement.reset',
  methods: SETTLEMENT_METHODS,
  run: settlementActions,
};

export const SettlementKindContext = createContext<SettlementKind>(MERCHANT_SETTLEMENTS);

export const useSettlementKind = () => useContext(SettlementKindContext);
