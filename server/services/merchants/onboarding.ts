import type { Db } from '../../db';
import { merchantApplications } from '../../db/schema';
import { badRequest } from '../../errors';
import { PHONE_FORMAT, normalPhone } from '../../../domain/formats';
import type { OnboardingBody, OnboardingReceipt } from '../../schemas/onboarding';
import { audit } from '../audit/audit';
import { checkSavedUrl, type UrlPolicy } from '../callbacks/callback-urls';
import { paiseFrom } from '../common/money-input';

/** Stores an application from the public form for an ADMIN to review; its website becomes the merchant's site. */
export const submitApplication = async (
  db: Db,
  input: OnboardingBody,
  urls: UrlPolicy,
  ip?: string,
): Promise<OnboardingReceipt> => {
  const phone = normalPhone(input.phone);
  if (!PHONE_FORMAT.pattern.test(phone)) throw badRequest(`phone must be ${PHONE_FORMAT.description}`, 'phone');
  const volume = paiseFrom(input.expectedMonthlyVolume, 'expectedMonthlyVolume');
  await checkSavedUrl(input.website, 'Website', 'website', urls);
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
    return { id: row.id, status: row.status };
  });
};
