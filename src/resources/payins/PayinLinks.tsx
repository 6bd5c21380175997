import { Card, CardContent, Grid, Link, Typography } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canUseScreen } from '../../../domain/access';
import { formatDate, formatRupees } from '../../../domain/format';
import { useStatusLabel } from '../../i18n/codeLabels';
import { useSession } from '../../session/SessionProvider';
import type { PayinDetail } from './types';

const filtered = (path: string, filter: Record<string, unknown>) =>
  `${path}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/**
 * Issue 31, item 9: where a deposit's money went, one click away: the bank credit that paid it,
 * its chargeback, and the merchant's next settlement; each for a role that may open that screen.
 */
export const PayinLinks = () => {
  const r = useRecordContext<PayinDetail>();
  const translate = useTranslate();
  const { role } = useSession();
  const statusLabel = useStatusLabel();
  if (!r?.links || role === null) return null;
  const t = (key: string, options?: object) => translate(`resources.payins.show.${key}`, options);
  const { bankEntry, chargeback, nextSettlement } = r.links;
  const link = (to: string, text: string) => (
    <Link component={RouterLink} to={to} variant="body2">
      {text}
    </Link>
  );
  const none = (key: string) => <Typography variant="body2">{t(key)}</Typography>;
  const items = [
    canUseScreen(role, 'add-data') && {
      id: 'bank_entry',
      value: bankEntry ? link(filtered('/app/add-data', { utr: bankEntry.utr }), bankEntry.utr) : none('no_bank_entry'),
    },
    canUseScreen(role, 'lien') && {
      id: 'chargeback',
      value: chargeback
        ? link(`/app/lien/${chargeback.id}/show`, t('chargeback_of', { amount: formatRupees(chargeback.amount) }))
        : none('no_chargeback'),
    },
    canUseScreen(role, 'settlements') && {
      id: 'next_settlement',
      value: nextSettlement
        ? link(
            `/app/settlements/${nextSettlement.id}/show`,
            t('settlement_of', {
              day: formatDate(nextSettlement.createdAt),
              status: statusLabel(nextSettlement.status),
            }),
          )
        : none('no_settlement'),
    },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-labelledby="payin-links">
      <CardContent>
        <Typography id="payin-links" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('links')}
        </Typography>
        <Grid container spacing={2}>
          {items.map(({ id, value }) => (
            <Grid key={id} size={{ xs: 12, sm: 4 }}>
              <Labeled label={t(id)} title={id === 'next_settlement' ? t('next_settlement_hint') : undefined}>
                {value}
              </Labeled>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
};
