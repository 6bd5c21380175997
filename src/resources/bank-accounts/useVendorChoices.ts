import { useGetList } from 'react-admin';
import { canUseResource } from '../../../domain/access';
import { useSession } from '../../session/SessionProvider';
import type { Vendor } from '../vendors/types';

/** The vendors to choose from, for the roles that may read them; empty for the others. */
export const useVendorChoices = () => {
  const { role } = useSession();
  const enabled = role !== null && canUseResource(role, 'vendors');
  const { data = [], isPending } = useGetList<Vendor>(
    'vendor',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'code', order: 'ASC' } },
    { enabled },
  );
  return {
    enabled,
    isPending: enabled && isPending,
    choices: data.map((v) => ({ id: v.code, name: `${v.code} — ${v.name}` })),
  };
};
