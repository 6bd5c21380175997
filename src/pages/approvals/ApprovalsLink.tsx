import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canUseScreen } from '../../../domain/access';
import type { Role } from '../../../domain/roles';
import { useQueue } from './queue';

/** Read again this often while the console is open, besides every refresh (react-admin's, or a live event's). */
const POLL_MS = 60_000;

/** The top bar's way to the queue: how many makers' requests wait for this user, for the staff who check. */
export const ApprovalsLink = ({ role }: { role: Role }) => {
  const translate = useTranslate();
  const allowed = canUseScreen(role, 'approvals');
  const { data } = useQueue({ scope: 'others' }, allowed, POLL_MS);
  if (!allowed) return null;
  const count = data?.length ?? 0;
  const label = translate('app.approvals.open_queue', { smart_count: count });
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to="/app/approvals" aria-label={label} color="inherit">
        <Badge badgeContent={count} color="error" max={99}>
          <FactCheckIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
