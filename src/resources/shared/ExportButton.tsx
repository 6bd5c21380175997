import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useTranslate } from 'react-admin';
import { getFile } from '../../providers/http';
import { apiResourceOf } from '../../../domain/access';
import { EXPORT_PATH } from '../../providers/dataProvider';
import { useToasts } from '../../notifications';

/** Hands a file to the browser's download. */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** The list's CSV as the server builds it, with the list's filters and sort (STYLE 5: never built here). */
export const ExportButton = ({ label = 'app.export.label' }: { label?: string }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const { resource, filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const path = apiResourceOf(resource) ?? resource;
    setBusy(true);
    const result = await getFile(EXPORT_PATH(path, { filter: filterValues, sort }), `${path}.csv`);
    setBusy(false);
    if (result.error) toasts.error(translate('app.toast.error'), result.error.message);
    else saveFile(result.data.blob, result.data.fileName);
  };

  return (
    <Button label={label} onClick={download} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
