import { count, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { bankAccounts, merchantBankAccounts, merchants, users, vendors } from '../db/schema';
import { needsApproval } from '../../domain/bank-account';
import type { Role } from '../../domain/roles';
import { generateSigningSecret, hashApiKey } from '../services/merchants/keys';
import { hashPassword } from '../services/identity/passwords';

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo merchants' API keys, printed in README.md ("Try a deposit"): demo data only, like the password. */
export const demoApiKey = (code: string) => `pg_demo_${code.toLowerCase().replace(/-/g, '_')}_key`;

/** user name, full name, role, merchant codes, vendor code */
export const DEMO_USERS: [string, string, Role, string[], string | null][] = [
  ['admin', 'Asha Admin', 'ADMIN', [], null],
  ['transactions', 'Tarun Transactions', 'TRANSACTIONS', [], null],
  ['operations', 'Omkar Operations', 'OPERATIONS', [], null],
  ['merchant', 'Meera Merchant', 'MERCHANT', ['BOLT'], null],
  ['merchant-admin', 'Manoj Merchant-Admin', 'MERCHANT_ADMIN', ['ACME'], null],
  ['merchant-operations', 'Maya Merchant-Operations', 'MERCHANT_OPERATIONS', ['BOLT'], null],
  ['vendor', 'Vikram Vendor', 'VENDOR', [], 'VEN-ALPHA'],
  ['vendor-operations', 'Varsha Vendor-Operations', 'VENDOR_OPERATIONS', [], 'VEN-ALPHA'],
];

const DEMO_MERCHANTS = [
  { code: 'ACME', name: 'Acme Retail', siteUrl: 'https://acme.example', parent: null },
  { code: 'ACME-KIDS', name: 'Acme Kids', siteUrl: 'https://kids.acme.example', parent: 'ACME' },
  { code: 'BOLT', name: 'Bolt Games', siteUrl: 'https://bolt.example', parent: null },
  { code: 'CRISP', name: 'Crisp Foods', siteUrl: 'https://crisp.example', parent: null },
];

const DEMO_VENDORS = [
  { code: 'VEN-ALPHA', name: 'Alpha Collections', payinCommissionBps: 150, payoutCommissionBps: 100 },
  { code: 'VEN-BETA', name: 'Beta Payments', payinCommissionBps: 175, payoutCommissionBps: 125 },
];

const DEMO_BANK_ACCOUNTS = [
  {
    nickname: 'ALPHA-HDFC-01',
    bankName: 'HDFC Bank',
    holderName: 'Alpha Collections',
    accountNumber: '50100234567890',
    ifsc: 'HDFC0001234',
    upiId: 'alphacollect@hdfcbank',
    usedFor: 'PAYIN',
    vendor: 'VEN-ALPHA',
    merchants: ['ACME', 'ACME-KIDS'],
  },
  {
    nickname: 'ALPHA-ICICI-02',
    bankName: 'ICICI Bank',
    holderName: 'Alpha Collections',
    accountNumber: '001234567890',
    ifsc: 'ICIC0000123',
    upiId: 'alpha2@icici',
    usedFor: 'PAYIN',
    vendor: 'VEN-ALPHA',
    merchants: ['BOLT'],
  },
  {
    nickname: 'ALPHA-SBI-PAYOUT',
    bankName: 'State Bank of India',
    holderName: 'Alpha Collections',
    accountNumber: '30123456789',
    ifsc: 'SBIN0001234',
    upiId: null,
    usedFor: 'PAYOUT',
    vendor: 'VEN-ALPHA',
    merchants: [],
  },
  {
    nickname: 'BETA-AXIS-01',
    bankName: 'Axis Bank',
    holderName: 'Beta Payments',
    accountNumber: '919010012345678',
    ifsc: 'UTIB0000456',
    upiId: 'betapay@axisbank',
    usedFor: 'PAYIN',
    vendor: 'VEN-BETA',
    merchants: ['CRISP', 'BOLT'],
  },
  {
    nickname: 'BETA-KOTAK-PAYOUT',
    bankName: 'Kotak Mahindra Bank',
    holderName: 'Beta Payments',
    accountNumber: '7412589630',
    ifsc: 'KKBK0000789',
    upiId: null,
    usedFor: 'PAYOUT',
    vendor: 'VEN-BETA',
    merchants: [],
  },
] as const;

/** Demo data on a database without users; does nothing on one that has them. */
export const seedDemo = async (db: Db): Promise<boolean> => {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const seeded = await tx
      .insert(users)
      .values(
        DEMO_USERS.map(([userName, fullName, role, merchantCodes, vendorCode]) => ({
          userName,
          fullName,
          role,
          merchantCodes,
          vendorCode,
          passwordHash,
        })),
      )
      .returning({ id: users.id, userName: users.userName });
    const idOf = (userName: string) => seeded.find((u) => u.userName === userName)!.id;
    const adminId = idOf('admin');
    for (const m of DEMO_MERCHANTS) {
      const key = {
        key: demoApiKey(m.code),
        hash: hashApiKey(demoApiKey(m.code)),
        prefix: demoApiKey(m.code).slice(0, 12),
      };
      const parentId = m.parent
        ? (await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, m.parent)))[0].id
        : null;
      await tx.insert(merchants).values({
        code: m.code,
        name: m.name,
        siteUrl: m.siteUrl,
        returnUrl: `${m.siteUrl}/return`,
        payinCallbackUrl: `${m.siteUrl}/callbacks/payin`,
        payoutCallbackUrl: `${m.siteUrl}/callbacks/payout`,
        apiKeyHash: key.hash,
        apiKeyPrefix: key.prefix,
        signingSecret: generateSigningSecret(),
        minPayin: 100_00,
        maxPayin: 1_00_000_00,
        minPayout: 500_00,
        maxPayout: 2_00_000_00,
        payinFeeBps: 250,
        payoutFeeBps: 150,
        parentId,
        createdBy: adminId,
      });
    }
    const vendorRows = await tx
      .insert(vendors)
      .values(DEMO_VENDORS.map((v) => ({ ...v, createdBy: adminId })))
      .returning();
    const merchantRows = await tx.select({ id: merchants.id, code: merchants.code }).from(merchants);
    for (const b of DEMO_BANK_ACCOUNTS) {
      const [account] = await tx
        .insert(bankAccounts)
        .values({
          nickname: b.nickname,
          bankName: b.bankName,
          holderName: b.holderName,
          accountNumber: b.accountNumber,
          ifsc: b.ifsc,
          upiId: b.upiId,
          usedFor: b.usedFor,
          minPayin: 100_00,
          maxPayin: 1_00_000_00,
          dailyLimit: 10_00_000_00,
          vendorId: vendorRows.find((v) => v.code === b.vendor)!.id,
          createdBy: adminId,
          // Maker-checker: the admin added the pay-in accounts, the transactions user approved them.
          ...(needsApproval(b.usedFor) && { approvedBy: idOf('transactions'), approvedAt: new Date() }),
        })
        .returning({ id: bankAccounts.id });
      const linked = merchantRows.filter((m) => (b.merchants as readonly string[]).includes(m.code));
      if (linked.length > 0)
        await tx
          .insert(merchantBankAccounts)
          .values(linked.map((m) => ({ merchantId: m.id, bankAccountId: account.id })));
    }
  });
  return true;
};
