import { Box, Grid } from '@mui/material';
import { canDo } from '../../../domain/access';
import { useSession } from '../../session/SessionProvider';
import { AddEntryForm } from './AddEntryForm';
import { BankEntryList } from './BankEntryList';
import { ImportStatement } from './ImportStatement';

/** /app/add-data: record credits one by one or from a statement, above the list of everything recorded. */
export const AddDataScreen = () => {
  const { role } = useSession();
  const mayAdd = role !== null && canDo(role, 'bank-entries', 'create');
  return (
    <Box sx={{ mt: 2 }}>
      {mayAdd && (
        <Grid container spacing={2} sx={{ mb: 1 }}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <AddEntryForm />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <ImportStatement />
          </Grid>
        </Grid>
      )}
      <BankEntryList />
    </Box>
  );
};
