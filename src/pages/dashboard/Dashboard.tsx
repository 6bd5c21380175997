import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { boardActions, type DashboardQuery } from './api';
import { BoardBody, BoardStatus } from './BoardStatus';
import { DashboardFigures } from './DashboardFigures';
import { periodOf, useBoardQuery, useSearch, type Period } from './hooks';
import { MerchantSelect } from './MerchantSelect';
import { SearchBar } from './SearchBar';
import { AttentionPanel } from '../attention/AttentionPanel';

interface DashboardFilters {
  merchantCodes: string[];
  includeSubMerchants: boolean;
  period: Period;
}

const queryOf = ({ merchantCodes, includeSubMerchants, period }: DashboardFilters): DashboardQuery => ({
  merchantCode: merchantCodes,
  includeSubMerchants,
  from: period.from,
  to: period.to,
});

/** /app/dashboard: the merchants' money for an IST period (GET /v1/dashboard), asked for by Search. */
export const Dashboard = () => {
  const translate = useTranslate();
  const { draft, applied, change, search } = useSearch<DashboardFilters>(() => ({
    merchantCodes: [],
    includeSubMerchants: false,
    period: periodOf('today'),
  }));
  const query = queryOf(applied);
  const figures = useBoardQuery(['dashboard', query], (signal) => boardActions.dashboard(query, { signal }));
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <AttentionPanel />
      <SearchBar
        period={draft.period}
        onPeriod={(period) => change({ period })}
        onSearch={() => search(() => void figures.refetch())}
      >
        <MerchantSelect value={draft.merchantCodes} onChange={(merchantCodes) => change({ merchantCodes })} />
        <FormControlLabel
          label={translate('app.boards.include_sub_merchants')}
          control={
            <Checkbox
              checked={draft.includeSubMerchants}
              onChange={(event) => change({ includeSubMerchants: event.target.checked })}
            />
          }
        />
      </SearchBar>
      <BoardStatus isFetching={figures.isFetching} error={figures.error} />
      {figures.data && !figures.error && (
        <BoardBody stale={figures.isPlaceholderData}>
          <DashboardFigures figures={figures.data} range={applied.period} />
        </BoardBody>
      )}
    </Stack>
  );
};
