import { cloneElement, useState, type ReactElement } from 'react';
import FilterIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Drawer, Stack, Typography } from '@mui/material';
import { Button, FilterContext, FilterForm, useListContext, useTranslate } from 'react-admin';

/**
 * A phone's filters (issue 31, item 12): one "Filters" button with the count of those set, opening
 * every filter of the list at once in a drawer from the bottom; the list follows as they change,
 * "Show results" closes it.
 */
export const FilterDrawerButton = ({ filters }: { filters: ReactElement[] }) => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [open, setOpen] = useState(false);
  const set = Object.values(filterValues ?? {}).filter((v) => v !== undefined && v !== '' && v !== null).length;
  // In the drawer each filter is shown: there is room, and nothing is hidden behind a menu.
  const all = filters.map((filter) => cloneElement(filter, { alwaysOn: true } as object));
  return (
    <>
      <Button
        label="app.filters.open"
        // The count the badge shows is part of the name, as it is of what a sighted user reads.
        aria-label={set > 0 ? `${translate('app.filters.open')} ${set}` : translate('app.filters.open')}
        onClick={() => setOpen(true)}
      >
        {/* No badge at 0: MUI keeps a hidden badge's "0" in the page, where it would be part of the name. */}
        {set > 0 ? (
          <Badge badgeContent={set} color="primary">
            <FilterIcon />
          </Badge>
        ) : (
          <FilterIcon />
        )}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } }}
      >
        <Box role="dialog" aria-labelledby="filter-drawer-title" sx={{ p: 2 }}>
          <Typography id="filter-drawer-title" variant="h6" component="h2">
            {translate('app.filters.title')}
          </Typography>
          <FilterContext.Provider value={all}>
            <Box
              sx={{
                '& form': { flexDirection: 'column', alignItems: 'stretch' },
                '& .RaFilterFormInput-body, & .MuiFormControl-root': { width: '100%' },
              }}
            >
              <FilterForm filters={all} />
            </Box>
          </FilterContext.Provider>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
            <Button label="app.filters.clear" onClick={() => setFilters({}, {})} disabled={set === 0} />
            <Button label="app.filters.show" variant="contained" onClick={() => setOpen(false)} />
          </Stack>
        </Box>
      </Drawer>
    </>
  );
};
