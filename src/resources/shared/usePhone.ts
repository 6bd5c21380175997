import { useMediaQuery, type Theme } from '@mui/material';

/** Below 600 px (MUI's `sm`): lists become cards and their filters move into a drawer (issue 31, item 12). */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
