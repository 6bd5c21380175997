import { post } from '../../providers/http';
import type { Lien, LienBody } from './types';

/** The API resource behind the ChargeBack screen. */
export const LIENS = 'liens';

/** Every call the ChargeBack screen makes besides reading the list and one record: the only place its paths are spelled. */
export const lienActions = {
  /** Staff record one per successful pay-in: 400 names the field at fault, 409 when the pay-in has one already. */
  create: (body: LienBody) => post<{ data: Lien }>(`/${LIENS}`, body),
};
