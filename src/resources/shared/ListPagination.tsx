import { useContext } from 'react';
import { ListContext, Pagination } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/preferences';

/** The page sizes every list offers (the server caps a page at 100 rows), and the ones kept. */
const pageSizes = [...PAGE_SIZES];

/** No count while the list failed: an earlier page's total would say what is no longer known. */
export const ListPagination = () => {
  // Reports page their own rows outside a list context: they have no list error to hide behind.
  const error = useContext(ListContext)?.error;
  return error ? null : <Pagination rowsPerPageOptions={pageSizes} />;
};
