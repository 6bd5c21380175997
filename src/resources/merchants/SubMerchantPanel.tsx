import { Box, Typography } from '@mui/material';
import { DataTable, ReferenceManyField, useTranslate } from 'react-admin';
import { merchantColumns } from './merchantColumns';

/** A parent's sub-merchants, read from the API by parentId, under its row. */
export const SubMerchantPanel = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 1, pl: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('resources.merchant.sub_merchants')}
      </Typography>
      <ReferenceManyField reference="merchant" target="parentId" sort={{ field: 'code', order: 'ASC' }} perPage={100}>
        <DataTable rowClick="show" bulkActionButtons={false} size="small">
          {merchantColumns({ compact: true })}
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
};
