import type { ReactElement } from 'react';
import { Stack } from '@mui/material';
import { FilterContext, List, type ListProps } from 'react-admin';
import { FilterDrawerButton } from './FilterDrawer';
import { usePhone } from './usePhone';

/** The filters a list offers: react-admin's `filters` prop as the lists give it (an array). */
type Filters = ReactElement[] | undefined;

/**
 * Every list of the console: react-admin's List, whose filters on a phone (below 600 px) leave the
 * top of the page for a "Filters" button and a drawer (issue 31, item 12). The toolbar's own
 * FilterButton keeps offering the saved filters there.
 */
export const AppList = ({ filters, actions, ...props }: ListProps & { filters?: Filters }) => {
  const phone = usePhone();
  if (!phone || !filters || filters.length === 0) return <List filters={filters} actions={actions} {...props} />;
  const phoneActions = (
    <Stack
      direction="row"
      // One row: the list's own toolbar (full width below md in react-admin) shares it with Filters.
      sx={{
        alignItems: 'center',
        width: '100%',
        justifyContent: 'flex-end',
        '& > .MuiToolbar-root': { flex: '0 1 auto', minHeight: 0 },
        // Cards have no columns to choose.
        '& .RaColumnsButton-root': { display: 'none' },
      }}
    >
      <FilterDrawerButton filters={filters} />
      <FilterContext.Provider value={[]}>{actions}</FilterContext.Provider>
    </Stack>
  );
  return <List actions={actions === false ? <FilterDrawerButton filters={filters} /> : phoneActions} {...props} />;
};
