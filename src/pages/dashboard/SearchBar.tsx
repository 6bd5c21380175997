import type { ReactNode } from 'react';
import { Button, Paper } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { isValidRange } from '../../../domain/date-presets';
import { DateRangeControl } from './DateRangeControl';
import type { Period } from './hooks';

/** A board's controls: its own (`children`), the period, and Search, which asks for the figures. */
export const SearchBar = ({
  children,
  period,
  onPeriod,
  onSearch,
  disabled = false,
}: {
  children: ReactNode;
  period: Period;
  onPeriod: (next: Period) => void;
  onSearch: () => void;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Paper
      component="form"
      role="search"
      aria-label={translate('app.boards.filters')}
      variant="outlined"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 2,
        p: 2,
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        // On a phone one row (issue 31, item 12) that scrolls inside the card, not the page.
        overflowX: { xs: 'auto', sm: 'visible' },
        '& > *': { flexShrink: { xs: 0, sm: 1 } },
      }}
    >
      {children}
      <DateRangeControl value={period} onChange={onPeriod} />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SearchIcon />}
        disabled={disabled || !isValidRange(period)}
        sx={{ minHeight: 40 }}
      >
        {translate('app.boards.search')}
      </Button>
    </Paper>
  );
};
