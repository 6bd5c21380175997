import ReplayIcon from '@mui/icons-material/Replay';
import { IconButton, Tooltip } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useToasts } from '../../notifications';
import { ensureOk } from '../shared/confirmation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import { useSettlementAccess } from './access';
import { useSettlementKind } from './kind';
import { settlementName } from './SettlementCells';
import type { SettlementRow } from './types';

/**
 * ADMIN sets a SUCCESS or REJECTED settlement back to INITIATED, what it posted reversed: a money
 * correction, so the password is asked every time, the dialog saying what is about to happen.
 */
export const ResetSettlementButton = () => {
  const record = useRecordContext<SettlementRow>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const kind = useSettlementKind();
  const { may } = useSettlementAccess();
  const { confirm, dialog } = useConfirmedAction();
  if (!record || !may('reset', record)) return null;

  const name = settlementName(record);
  const t = (key: string) => translate(`resources.${kind.screen}.reset.${key}`, { name });
  const reset = () =>
    confirm(
      kind.resetKind,
      async (headers) => {
        ensureOk(await kind.run.reset(record.id, headers));
        toasts.success(translate('app.toast.success'), t('done'));
        refresh();
      },
      t('what'),
      { recordId: String(record.id) },
    );

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton size="small" color="primary" aria-label={`${t('action')} ${name}`} onClick={reset}>
          <ReplayIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {dialog}
    </span>
  );
};
