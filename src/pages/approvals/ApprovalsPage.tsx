import { useState } from 'react';
import { Alert, Box, Button, Card, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePhone } from '../../resources/shared/usePhone';
import { BulkCheckButtons } from './BulkCheckButtons';
import { CheckDialog } from './CheckDialog';
import { QueueCards } from './QueueCards';
import { QueueTable } from './QueueTable';
import { useQueue, type QueuedRequest, type QueueScope } from './queue';

/**
 * "Waiting for my approval" (issue 31, item 2): the makers' requests this user may check, each
 * reviewed in a dialog that shows what the maker entered; pay-outs approved or rejected in bulk
 * with one confirmation. The second tab shows the user's own requests, waiting for someone else.
 */
export const ApprovalsPage = () => {
  const translate = useTranslate();
  const [scope, setScope] = useState<QueueScope>('others');
  const { data, error, isPending, refetch } = useQueue({ scope });
  const [selected, setSelected] = useState<string[]>([]);
  const [review, setReview] = useState<QueuedRequest | null>(null);
  const t = (key: string, options?: object) => translate(`app.approvals.${key}`, options);
  const rows = data ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const phone = usePhone();
  const View = phone ? QueueCards : QueueTable;

  return (
    <Card sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Tabs
        value={scope}
        variant={phone ? 'fullWidth' : 'standard'}
        textColor="inherit"
        indicatorColor="primary"
        onChange={(_, value: QueueScope) => {
          setScope(value);
          setSelected([]);
        }}
        sx={{ mb: 1 }}
      >
        <Tab value="others" label={t('tab_others')} />
        <Tab value="mine" label={t('tab_mine')} />
      </Tabs>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40, mb: 1 }}
      >
        {chosen.length > 0 && <BulkCheckButtons chosen={chosen} onDone={() => setSelected([])} />}
      </Stack>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <View
          rows={rows}
          isPending={isPending}
          label={t(scope === 'others' ? 'tab_others' : 'tab_mine')}
          isSelected={(r) => selected.includes(r.id)}
          onSelect={(r, on) => setSelected(on ? [...selected, r.id] : selected.filter((id) => id !== r.id))}
          onReview={setReview}
        />
      )}
      {!isPending && !error && rows.length === 0 && (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">{t(scope === 'others' ? 'empty_others' : 'empty_mine')}</Typography>
        </Box>
      )}
      {review && <CheckDialog request={review} onClose={() => setReview(null)} />}
    </Card>
  );
};

export default ApprovalsPage;
