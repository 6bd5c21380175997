import QRCode from 'qrcode';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { ProviderEnv } from '../providers/provider-config';
import { payView } from './pay-page';

/**
 * The QR image of a pay-in's `upi://pay` link as SVG, drawn here so the customer's page carries no
 * QR library (issue 33). Only the pay-in's own link is drawn: nothing the caller sends is.
 */
export const payQrSvg = async (db: Db, id: string, env: ProviderEnv): Promise<string> => {
  const link = (await payView(db, id, env)).bank?.upiLink;
  if (!link) throw notFound('QR code');
  return QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
};
