import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useTranslate } from 'react-admin';
import { useToasts } from '../../notifications';
import { saveFile } from '../shared/ExportButton';
import { payinActions } from './actions';

/** The screen's CSV as the server builds it: the filters chosen plus the screen's fixed statuses. */
export const PayinExportButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const { filterValues, filter, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    const result = await payinActions.export({ ...filterValues, ...filter }, sort);
    setBusy(false);
    if (result.error) toasts.error(translate('app.toast.error'), result.error.message);
    else saveFile(result.data.blob, result.data.fileName);
  };

  return (
    <Button label="app.export.label" onClick={download} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
