import { canDo, type Action } from '../../../domain/access';
import { canManageUser } from '../../../domain/scope';
import { useSession } from '../../session/SessionProvider';
import type { User } from './types';

/**
 * May the signed-in user edit ('update'), enable or disable ('toggle'), or reset the password of
 * ('update') this user? The role's action on users and the rule the server applies (domain/scope),
 * including its count of the user's merchant codes outside the signed-in user's scope.
 */
export const useMayManage = (target: User | undefined, action: Extract<Action, 'update' | 'toggle'>): boolean => {
  const { role, userId } = useSession();
  return (
    target !== undefined && role !== null && canDo(role, 'users', action) && canManageUser({ id: userId, role }, target)
  );
};
