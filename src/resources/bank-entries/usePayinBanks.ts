import { useGetList } from 'react-admin';
import type { BankAccount } from '../bank-accounts/types';

/** The pay-in bank accounts this user may see (the server scopes them), as select choices by nickname. */
export const usePayinBanks = () => {
  const { data = [], isPending } = useGetList<BankAccount>('bank-accounts', {
    filter: { usedFor: 'PAYIN' },
    sort: { field: 'nickname', order: 'ASC' },
    // The server's largest page; a vendor group has far fewer pay-in accounts.
    pagination: { page: 1, perPage: 100 },
  });
  return { choices: data.map((bank) => ({ id: bank.id, name: bank.nickname })), isPending };
};
