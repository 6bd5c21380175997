import { Box } from '@mui/material';
import { ApproveSettlementButton } from './ApproveSettlementButton';
import { RejectSettlementButton } from './RejectSettlementButton';
import { ResetSettlementButton } from './ResetSettlementButton';

/** Approve and reject while INITIATED, reset once SUCCESS or REJECTED: each shows itself only when allowed. */
export const SettlementRowActions = () => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <ApproveSettlementButton />
    <RejectSettlementButton />
    <ResetSettlementButton />
  </Box>
);
