import { useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PROVIDERS_RESOURCE, providerActions } from './actions';
import { ProviderCard } from './ProviderCard';
import { ProviderEditDialog } from './ProviderEditDialog';
import type { ProviderAccount } from './types';

const KEY = [PROVIDERS_RESOURCE];

/** The payment providers' accounts, one card each (GET /v1/providers). */
export const ProviderList = () => {
  const translate = useTranslate();
  const client = useQueryClient();
  const [editing, setEditing] = useState<ProviderAccount | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => {
      const result = await providerActions.list(signal);
      if (result.error) throw new Error(result.error.message);
      return result.data.data;
    },
  });
  const saved = (account: ProviderAccount) => {
    client.setQueryData<ProviderAccount[]>(KEY, (list) =>
      list?.map((one) => (one.provider === account.provider ? account : one)),
    );
    setEditing(null);
    void client.invalidateQueries({ queryKey: KEY });
  };

  if (isPending) return <CircularProgress aria-label={translate('app.loading')} sx={{ m: 3 }} />;
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error.message}
      </Alert>
    );
  return (
    <Box sx={{ py: 2 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.providers.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        {data.map((account) => (
          <ProviderCard key={account.provider} account={account} onEdit={() => setEditing(account)} />
        ))}
      </Box>
      {editing && <ProviderEditDialog account={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </Box>
  );
};
