import { Pagination } from 'react-admin';

/** The page sizes every list offers; the server caps a page at 100 rows. */
export const PAGE_SIZES = [10, 25, 50, 100];

export const ListPagination = () => <Pagination rowsPerPageOptions={PAGE_SIZES} />;
