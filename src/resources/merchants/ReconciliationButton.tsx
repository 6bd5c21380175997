import { useState } from 'react';
import BalanceIcon from '@mui/icons-material/BalanceOutlined';
import { Button } from 'react-admin';
import { canDo } from '../../../domain/access';
import { useSession } from '../../session/SessionProvider';
import { ReconciliationDialog } from './ReconciliationDialog';

/** Every balance recomputed from the records against the ledger, for those who may ask (ADMIN). */
export const ReconciliationButton = () => {
  const { role } = useSession();
  const [open, setOpen] = useState(false);
  if (!role || !canDo(role, 'reconciliation', 'read')) return null;
  return (
    <>
      <Button label="resources.merchant.reconciliation.open" onClick={() => setOpen(true)}>
        <BalanceIcon />
      </Button>
      <ReconciliationDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};
