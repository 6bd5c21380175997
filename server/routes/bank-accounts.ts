import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as banks from '../services/bank-account-admin';
import { requireConfirmationFor } from '../services/confirmations';
import { BooleanFilter } from '../services/lists';
import { Data, RequiredText, errorResponses } from '../schemas';
import { IdParams, readRoutes } from './read-routes';

const Amount = () => Type.Number({ minimum: 0 });
const UsedFor = Type.Unsafe<'PAYIN' | 'PAYOUT'>(Type.String({ enum: ['PAYIN', 'PAYOUT'] }));
const fields = {
  bankName: RequiredText(100),
  holderName: RequiredText(100),
  accountNumber: Type.String({ pattern: '^\\s*\\d{6,18}\\s*$', description: '6 to 18 digits' }),
  ifsc: Type.String({ pattern: '^\\s*[A-Za-z]{4}0[A-Za-z0-9]{6}\\s*$', description: 'an IFSC such as HDFC0001234' }),
  upiId: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Literal(''),
      Type.String({
        pattern: '^\\s*[\\w.-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}\\s*$',
        description: 'a UPI id such as name@bank',
      }),
    ]),
  ),
  showQr: Type.Optional(Type.Boolean()),
  showBankDetails: Type.Optional(Type.Boolean()),
  minPayin: Amount(),
  maxPayin: Amount(),
  dailyLimit: Type.Optional(Type.Union([Type.Null(), Amount()])),
};
const BankUpdate = Type.Object(
  { ...fields, accountNumber: Type.Optional(fields.accountNumber) },
  {
    additionalProperties: false,
    description: 'accountNumber left out keeps the stored one (other roles see it masked)',
  },
);
const BankBody = Type.Object(
  {
    nickname: Type.String({ pattern: '^\\S{2,50}$', description: '2–50 characters without spaces' }),
    usedFor: UsedFor,
    enabled: Type.Optional(Type.Boolean()),
    vendorCode: RequiredText(30),
    ...fields,
  },
  { additionalProperties: false },
);
const BankView = Type.Object({
  id: Type.String(),
  nickname: Type.String(),
  bankName: Type.String(),
  holderName: Type.String(),
  accountNumber: Type.String({ description: 'masked except for ADMIN' }),
  ifsc: Type.String(),
  upiId: Type.Union([Type.String(), Type.Null()]),
  usedFor: Type.String(),
  showQr: Type.Boolean(),
  showBankDetails: Type.Boolean(),
  minPayin: Type.Number(),
  maxPayin: Type.Number(),
  dailyLimit: Type.Union([Type.Number(), Type.Null()]),
  enabled: Type.Boolean(),
  vendorId: Type.String(),
  vendorCode: Type.String(),
  merchantCodes: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const LinkBody = Type.Object(
  {
    merchantCodes: Type.Array(Type.String({ maxLength: 30 }), { minItems: 1, maxItems: 500 }),
    includeSubMerchants: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const FlagsBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    showQr: Type.Optional(Type.Boolean()),
    showBankDetails: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const tags = ['bank-accounts'];
const security = [{ bearer: [] }];
const screen = 'bank-accounts';
const ok = { 200: Data(BankView), ...errorResponses };

export const bankAccountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      path: 'bank-accounts',
      screen,
      tags,
      sorts: banks.BANK_SORTS,
      defaultSort: 'createdAt',
      filters: {
        q: Type.Optional(Type.String({ maxLength: 100 })),
        nickname: Type.Optional(Type.String({ maxLength: 100 })),
        bankName: Type.Optional(Type.String({ maxLength: 100 })),
        usedFor: Type.Optional(UsedFor),
        vendorCode: Type.Optional(Type.String({ maxLength: 30 })),
        merchantCode: Type.Optional(Type.String({ maxLength: 30 })),
        enabled: BooleanFilter,
      },
      row: BankView,
      detail: BankView,
      csvColumns: banks.BANK_CSV_COLUMNS,
      list: (user, f, paging) => banks.listBankAccounts(db, user, f as banks.BankFilters, paging),
      batches: (user, f, paging) => banks.bankBatches(db, user, f as banks.BankFilters, paging),
      get: (user, id) => banks.getBankAccount(db, user, id),
    }),
  );

  app.post(
    '/bank-accounts',
    {
      config: { access: { screen, action: 'create' } },
      schema: {
        tags,
        security,
        summary: 'Add a bank account',
        body: BankBody,
        response: { 201: Data(BankView), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await banks.createBankAccount(db, request.session, request.body, request.ip) }),
  );

  app.put(
    '/bank-accounts/:id',
    {
      config: { access: { screen, action: 'update' } },
      schema: {
        tags,
        security,
        summary: 'Edit a bank account (changing its numbers needs password confirmation)',
        params: IdParams,
        body: BankUpdate,
        response: ok,
      },
    },
    async (request) => ({
      data: await banks.updateBankAccount(
        db,
        request.session,
        request.params.id,
        request.body,
        requireConfirmationFor(app, request),
        request.ip,
      ),
    }),
  );

  app.put(
    '/bank-accounts/:id/flags',
    {
      config: { access: { screen, action: 'toggle' } },
      schema: {
        tags,
        security,
        summary: 'The list switches: enabled (password confirmation), QR, bank details',
        params: IdParams,
        body: FlagsBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await banks.setBankFlags(
        db,
        request.session,
        request.params.id,
        request.body,
        requireConfirmationFor(app, request),
        request.ip,
      ),
    }),
  );

  app.post(
    '/bank-accounts/:id/merchants',
    {
      config: { access: { screen, action: 'link' } },
      schema: {
        tags,
        security,
        summary: 'Link merchants (optionally with their sub-merchants)',
        params: IdParams,
        body: LinkBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await banks.linkMerchants(
        db,
        request.session,
        request.params.id,
        request.body.merchantCodes,
        Boolean(request.body.includeSubMerchants),
        true,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/bank-accounts/:id/merchants',
    {
      config: { access: { screen, action: 'link' } },
      schema: {
        tags,
        security,
        summary: 'Unlink merchants (optionally with their sub-merchants)',
        params: IdParams,
        body: LinkBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await banks.linkMerchants(
        db,
        request.session,
        request.params.id,
        request.body.merchantCodes,
        Boolean(request.body.includeSubMerchants),
        false,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/bank-accounts/:id',
    {
      config: { access: { screen, action: 'delete' }, confirm: true },
      schema: {
        tags,
        security,
        summary: 'Delete an account never linked to a merchant (password confirmation)',
        params: IdParams,
        response: ok,
      },
    },
    async (request) => ({ data: await banks.deleteBankAccount(db, request.session, request.params.id, request.ip) }),
  );
};
