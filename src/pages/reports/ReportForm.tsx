import { useMemo, useState, type BaseSyntheticEvent } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Stack } from '@mui/material';
import { Form, SelectInput, useTranslate } from 'react-admin';
import { DateInput } from '../../resources/shared/DayInput';
import { required } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { saveFile } from '../../resources/shared/ExportButton';
import { PartyInputs } from './PartyInputs';
import { notBeforeFrom, queryOf, todayValues, type ReportQuery, type ReportValues } from './query';
import type { Report } from './report';
import { reportApi } from './reportApi';

const DOWNLOAD = 'download';
const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 2 };

/** Which of the form's two buttons sent it: both check the filters the same way. */
const pressed = (event?: BaseSyntheticEvent) =>
  (event?.nativeEvent as SubmitEvent | undefined)?.submitter?.getAttribute('name');

/**
 * The report's filters (codes, Status, Method, an IST day range starting today): Search shows the
 * rows, Download CSV fetches the server's CSV of the same filters. `ownVendor` is a vendor user's
 * own vendor code, null for staff who choose.
 */
export const ReportForm = <R,>({
  report,
  ownVendor,
  onSearch,
}: {
  report: Report<R>;
  ownVendor: string | null;
  onSearch: (query: ReportQuery) => void;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const [downloading, setDownloading] = useState(false);
  const defaultValues = useMemo(() => todayValues(), []);
  const t = (source: string) => translate(`app.reports.filters.${source}`);
  const all = 'app.reports.all';

  const download = async (query: ReportQuery) => {
    setDownloading(true);
    const result = await reportApi.csv(report.api, query);
    setDownloading(false);
    if (result.error) toasts.error(translate('app.toast.error'), result.error.message);
    else saveFile(result.data.blob, result.data.fileName);
  };
  const submit = (values: Record<string, unknown>, event?: BaseSyntheticEvent) => {
    const query = queryOf(report, values as unknown as ReportValues, ownVendor);
    if (pressed(event) === DOWNLOAD) void download(query);
    else onSearch(query);
  };

  return (
    <Form defaultValues={defaultValues} onSubmit={submit} noValidate>
      <Box sx={GRID}>
        <PartyInputs party={report.party} ownVendor={ownVendor} />
        {report.statuses && (
          <SelectInput source="status" label={t('status')} choices={report.statuses} emptyText={all} />
        )}
        {report.methods && <SelectInput source="method" label={t('method')} choices={report.methods} emptyText={all} />}
        <DateInput source="from" label={t('from')} validate={required(t('from'))} />
        <DateInput
          source="to"
          label={t('to')}
          validate={[required(t('to')), notBeforeFrom(translate('app.reports.to_before_from'))]}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {translate('app.reports.search')}
        </Button>
        <Button type="submit" name={DOWNLOAD} variant="outlined" startIcon={<DownloadIcon />} disabled={downloading}>
          {translate('app.reports.download')}
        </Button>
      </Stack>
    </Form>
  );
};
