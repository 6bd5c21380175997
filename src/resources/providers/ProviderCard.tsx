import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardActions, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProviderAccount, ProviderFieldView } from './types';

const shown = (field: ProviderFieldView) => (field.secret ? field.masked : field.value);

/** One provider's account: whether it is on and complete, each field (secrets masked), and Edit. */
export const ProviderCard = ({ account, onEdit }: { account: ProviderAccount; onEdit: () => void }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.providers.${key}`);
  return (
    <Card variant="outlined" component="section" aria-label={account.label}>
      <CardHeader
        title={account.label}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          <Stack direction="row" spacing={1}>
            <Chip
              size="small"
              color={account.enabled ? 'success' : 'default'}
              label={t(account.enabled ? 'status.enabled' : 'status.disabled')}
            />
            <Chip
              size="small"
              variant="outlined"
              color={account.configured ? 'success' : 'warning'}
              label={t(account.configured ? 'status.configured' : 'status.not_configured')}
            />
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(120px, auto) 1fr', gap: 1 }}>
          {account.fields.map((field) => (
            <Box key={field.key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {field.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {shown(field) ?? t('not_set')}
                {field.fromEnv && (
                  <Chip size="small" variant="outlined" label={t('from_env')} sx={{ ml: 1, fontFamily: 'inherit' }} />
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions>
        <Button
          startIcon={<EditIcon />}
          onClick={onEdit}
          aria-label={`${translate('ra.action.edit')} ${account.label}`}
        >
          {translate('ra.action.edit')}
        </Button>
      </CardActions>
    </Card>
  );
};
