import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import { Button, ColumnsButton, CreateButton, TopToolbar, useCreatePath } from 'react-admin';
import { Link } from 'react-router-dom';
import { canDo, canUseScreen } from '../../../domain/access';
import { useSession } from '../../session/SessionProvider';
import { ExportButton } from '../shared/ExportButton';
import { ReconciliationButton } from './ReconciliationButton';

/** New merchant, export, for reviewers the on-boarding applications, for ADMIN the reconciliation check. */
export const MerchantListActions = () => {
  const { role } = useSession();
  const createPath = useCreatePath();
  return (
    <TopToolbar>
      {role && canUseScreen(role, 'merchant-applications') && (
        <Button
          component={Link}
          to={createPath({ resource: 'merchant-applications', type: 'list' })}
          label="resources.merchant.applications"
        >
          <AssignmentIcon />
        </Button>
      )}
      <ReconciliationButton />
      <ColumnsButton />
      {role && canDo(role, 'merchants', 'create') && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};
