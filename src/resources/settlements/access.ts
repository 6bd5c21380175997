import { useMemo } from 'react';
import { canDo } from '../../../domain/access';
import type { Role } from '../../../domain/roles';
import { canMoveSettlement, transitionOf, type SettlementAction } from '../../../domain/settlement';
import { useSession } from '../../session/SessionProvider';
import { useSettlementKind, type SettlementKind } from './kind';
import type { SettlementRow } from './types';

/** What a role may do on a Settlements screen, read from the access policy and the transition table. */
export interface SettlementAccess {
  mayCreate: boolean;
  /** Any row action at all: the Option column is shown. */
  mayAct: boolean;
  may: (action: SettlementAction, row: Pick<SettlementRow, 'status'>) => boolean;
}

const ROW_ACTIONS: readonly SettlementAction[] = ['approve', 'reject', 'reset'];

export const settlementAccess = (role: Role | null, kind: SettlementKind): SettlementAccess => {
  const can = (action: SettlementAction | 'create') =>
    role !== null &&
    canDo(role, kind.api, action) &&
    (action === 'create' || transitionOf(kind.transitions, action).by.includes(role));
  return {
    mayCreate: can('create'),
    mayAct: ROW_ACTIONS.some(can),
    may: (action, row) => can(action) && canMoveSettlement(kind.transitions, action, row.status),
  };
};

export const useSettlementAccess = (): SettlementAccess => {
  const { role } = useSession();
  const kind = useSettlementKind();
  return useMemo(() => settlementAccess(role, kind), [role, kind]);
};
