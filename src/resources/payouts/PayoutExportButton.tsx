import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useTranslate } from 'react-admin';
import { useToasts } from '../../notifications';
import { saveFile } from '../shared/ExportButton';
import { payoutActions } from './actions';
import type { Payout } from './types';

/** "Download Excel": the screen's CSV as the server streams it, the filters chosen plus the screen's fixed statuses. */
export const PayoutExportButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const { filterValues, filter, sort, total, data } = useListContext<Payout>();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    const result = await payoutActions.export({ ...filterValues, ...filter }, sort);
    setBusy(false);
    if (result.error) toasts.error(translate('app.toast.error'), result.error.message);
    else saveFile(result.data.blob, result.data.fileName);
  };

  return (
    <Button
      label="resources.payouts.export"
      onClick={download}
      disabled={busy || total === 0 || (total === undefined && (data ?? []).length === 0)}
    >
      <DownloadIcon />
    </Button>
  );
};
