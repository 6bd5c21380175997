import type { Db } from '../db';
import { merchantApplications } from '../db/schema';
import { badRequest } from '../errors';
import { MoneyError, rupeesToPaise } from '../../domain/money';
import { audit } from './audit';

export interface ApplicationInput {
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  expectedMonthlyVolume: number;
}

const PHONE = /^(\+91[\s-]?)?[6-9]\d{9}$/;

export const submitApplication = async (db: Db, input: ApplicationInput, ip?: string) => {
  const phone = input.phone.replace(/[\s-]/g, '');
  if (!PHONE.test(phone)) throw badRequest('phone must be a 10-digit Indian mobile number', 'phone');
  let volume: number;
  try {
    volume = rupeesToPaise(input.expectedMonthlyVolume);
  } catch (error) {
    if (error instanceof MoneyError)
      throw badRequest(`expectedMonthlyVolume ${error.message}`, 'expectedMonthlyVolume');
    throw error;
  }
  if (volume <= 0) throw badRequest('expectedMonthlyVolume must be more than 0', 'expectedMonthlyVolume');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(merchantApplications)
      .values({
        businessName: input.businessName.trim(),
        contactName: input.contactName.trim(),
        email: input.email.trim().toLowerCase(),
        phone,
        website: input.website.trim(),
        expectedMonthlyVolume: volume,
      })
      .returning();
    await audit(tx, { ip }, { action: 'create', entity: 'merchant-applications', entityId: row.id, after: row });
    return row;
  });
};
