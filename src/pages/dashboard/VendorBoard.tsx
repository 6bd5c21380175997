import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { belongsToVendor } from '../../../domain/scope';
import { useSession } from '../../session/SessionProvider';
import { boardActions, type VendorBoardQuery } from './api';
import { BoardBody, BoardStatus } from './BoardStatus';
import { periodOf, useBoardQuery, useEnabledVendors, useSearch, type Period } from './hooks';
import { SearchBar } from './SearchBar';
import { VendorFigures } from './VendorFigures';
import { VendorSelect } from './VendorSelect';

interface VendorBoardFilters {
  /** Empty: the first enabled vendor, for staff. */
  vendorCode: string;
  period: Period;
}

/** /app/vendor-board: one vendor's money for an IST period (GET /v1/vendor-board), asked for by Search. */
export const VendorBoard = () => {
  const translate = useTranslate();
  const { role, vendorCode: ownCode } = useSession();
  const own = role !== null && belongsToVendor(role);
  const vendors = useEnabledVendors(!own);
  const choices = vendors.data ?? [];
  const { draft, applied, change, search } = useSearch<VendorBoardFilters>(() => ({
    vendorCode: '',
    period: periodOf('today'),
  }));
  const vendorOf = (filters: VendorBoardFilters) =>
    own ? (ownCode ?? '') : filters.vendorCode || choices[0]?.code || '';
  const query: VendorBoardQuery = { vendorCode: vendorOf(applied), from: applied.period.from, to: applied.period.to };
  const figures = useBoardQuery(
    ['vendor-board', query],
    (signal) => boardActions.vendorBoard(query, { signal }),
    query.vendorCode !== '',
  );
  const error = vendors.error ?? figures.error;
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <SearchBar
        period={draft.period}
        onPeriod={(period) => change({ period })}
        onSearch={() => search(() => void figures.refetch())}
        disabled={query.vendorCode === ''}
      >
        <VendorSelect
          own={own}
          value={vendorOf(draft)}
          choices={choices}
          onChange={(vendorCode) => change({ vendorCode })}
        />
      </SearchBar>
      <BoardStatus isFetching={figures.isFetching || vendors.isFetching} error={error} />
      {!own && vendors.isSuccess && choices.length === 0 && (
        <Alert severity="info">{translate('app.boards.no_vendors')}</Alert>
      )}
      {figures.data && !error && (
        <BoardBody stale={figures.isPlaceholderData}>
          <VendorFigures vendorCode={query.vendorCode} figures={figures.data} range={applied.period} />
        </BoardBody>
      )}
    </Stack>
  );
};
