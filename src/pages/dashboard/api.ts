import { get, type RequestOptions } from '../../providers/http';
import type { DashboardFigures, VendorBoardFigures } from './types';

export interface DashboardQuery {
  /** None: every merchant the user may see. */
  merchantCode: string[];
  includeSubMerchants: boolean;
  from: string;
  to: string;
}

export interface VendorBoardQuery {
  vendorCode: string;
  from: string;
  to: string;
}

type One<T> = { data: T };

/** The two boards' calls: the only place their paths are spelled. */
export const boardActions = {
  dashboard: (query: DashboardQuery, options?: RequestOptions) =>
    get<One<DashboardFigures>>('/dashboard', { ...query }, options),
  vendorBoard: (query: VendorBoardQuery, options?: RequestOptions) =>
    get<One<VendorBoardFigures>>('/vendor-board', { ...query }, options),
};
