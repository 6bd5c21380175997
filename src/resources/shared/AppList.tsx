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
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', width: '100%', justifyContent: 'flex-end' }}>
      <FilterDrawerButton filters={filters} />
      <FilterContext.Provider value={[]}>{actions}</FilterContext.Provider>
    </Stack>
  );
  return <List actions={actions === false ? <FilterDrawerButton filters={filters} /> : phoneActions} {...props} />;
};
