import { Box, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { canUseResource } from '../../../domain/access';
import { snakeToTitle } from '../../../domain/format';
import { useSession } from '../../session/SessionProvider';
import type { Merchant } from './types';

/** The merchant's sub-merchants and the bank accounts that collect for it. */
export const MerchantLinks = () => {
  const record = useRecordContext<Merchant>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { role } = useSession();
  if (!record) return null;
  const subs = record.subMerchants ?? [];
  const banks = record.bankAccounts ?? [];
  const showBanks = role !== null && canUseResource(role, 'bank-accounts');

  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: showBanks ? '1fr 1fr' : '1fr' } }}>
          <Box>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('resources.merchant.sub_merchants')}
            </Typography>
            {subs.length === 0 ? (
              <Typography color="text.secondary">{translate('resources.merchant.no_sub_merchants')}</Typography>
            ) : (
              <Stack spacing={0.5}>
                {subs.map((sub) => (
                  <Box key={sub.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                    <MuiLink component={Link} to={createPath({ resource: 'merchant', type: 'show', id: sub.id })}>
                      {sub.code}
                    </MuiLink>
                    <Typography variant="body2">{sub.name}</Typography>
                    {!sub.enabled && <Chip size="small" label={translate('resources.merchant.status.disabled')} />}
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
          {showBanks && (
            <Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {translate('resources.merchant.bank_accounts')}
              </Typography>
              {banks.length === 0 ? (
                <Typography color="text.secondary">{translate('resources.merchant.no_bank_accounts')}</Typography>
              ) : (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {banks.map((bank) => (
                    <Chip
                      key={bank.id}
                      variant="outlined"
                      color={bank.enabled ? 'default' : 'warning'}
                      label={`${bank.nickname} · ${bank.bankName} · ${translate(`resources.bank-accounts.used_for.${bank.usedFor}`, { _: snakeToTitle(bank.usedFor) })}`}
                    />
                  ))}
                </Stack>
              )}
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};
