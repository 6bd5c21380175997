import type { ReactNode } from 'react';
import { Alert, LinearProgress, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/** While the figures load, a bar; when the server refuses, its message. */
export const BoardStatus = ({ isFetching, error }: { isFetching: boolean; error: Error | null }) => {
  const translate = useTranslate();
  return (
    <>
      {isFetching && <LinearProgress aria-label={translate('app.boards.loading')} />}
      {error && !isFetching && <Alert severity="error">{error.message}</Alert>}
    </>
  );
};

/** The figures; the previous ones stay, marked busy under the loading bar, until the new ones arrive. */
export const BoardBody = ({ stale, children }: { stale: boolean; children: ReactNode }) => (
  <Stack spacing={2} aria-busy={stale}>
    {children}
  </Stack>
);
