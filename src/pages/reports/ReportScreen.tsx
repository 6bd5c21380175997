import { useState } from 'react';
import { Card, CardContent, Stack } from '@mui/material';
import { belongsToVendor } from '../../../domain/scope';
import { useSession } from '../../session/SessionProvider';
import type { ReportQuery } from './query';
import type { Report } from './report';
import { ReportForm } from './ReportForm';
import { ReportTable } from './ReportTable';
import { useReportRows, type ReportSearch } from './useReportRows';

const FIRST_PAGE_SIZE = 25;

/**
 * One Reports screen (issue 13): its filters, Search and Download CSV above the rows, all read from
 * the server. A vendor user's rows are its own vendor's; staff choose the vendors.
 */
export const ReportScreen = <R,>({ report }: { report: Report<R> }) => {
  const { role, vendorCode } = useSession();
  const ownVendor = report.party === 'vendors' && role !== null && belongsToVendor(role) ? (vendorCode ?? '') : null;
  const [search, setSearch] = useState<ReportSearch | null>(null);
  const rows = useReportRows(report, search);

  const onSearch = (query: ReportQuery) =>
    setSearch((last) => ({
      query,
      page: 1,
      perPage: last?.perPage ?? FIRST_PAGE_SIZE,
      run: (last?.run ?? 0) + 1,
    }));
  const onPage = (page: number, perPage: number) => setSearch((last) => last && { ...last, page, perPage });

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Card variant="outlined">
        <CardContent>
          <ReportForm report={report} ownVendor={ownVendor} onSearch={onSearch} />
        </CardContent>
      </Card>
      <ReportTable report={report} search={search} rows={rows} onPage={onPage} />
    </Stack>
  );
};
