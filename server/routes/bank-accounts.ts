import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as banks from '../services/bank-accounts/bank-accounts';
import { approveBankAccount } from '../services/bank-accounts/bank-account-approval';
import * as links from '../services/bank-accounts/bank-account-links';
import * as bankList from '../services/bank-accounts/bank-accounts-list';
import { requireConfirmationFor } from '../services/identity/confirmations';
import { Data, IdParams, errorResponses, security } from '../schemas/common';
import {
  BANK_SORTS,
  BankBody,
  BankFilters,
  BankListRow,
  BankUpdate,
  BankView,
  FlagsBody,
  LinkBody,
} from '../schemas/bank-accounts';
import { readRoutes } from './read-routes';

const tags = ['bank-accounts'];
const resource = 'bank-accounts';
const ok = { 200: Data(BankView), ...errorResponses };

export const bankAccountRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  await app.register(
    readRoutes({
      resource,
      sorts: BANK_SORTS,
      defaultSort: 'createdAt',
      filters: BankFilters,
      row: BankListRow,
      detail: BankView,
      csvColumns: bankList.BANK_CSV_COLUMNS,
      list: (user, f, paging) => bankList.listBankAccounts(db, user, f, paging),
      batches: (user, f, paging) => bankList.exportBankAccounts(db, user, f, paging),
      get: (user, id) => bankList.getBankAccount(db, user, id),
    }),
  );

  app.post(
    '/bank-accounts',
    {
      config: { access: { resource, action: 'create' }, confirm: 'bank-account.create' },
      schema: {
        tags,
        security,
        summary:
          'Add a bank account (password confirmation); a PAYIN account then awaits approval by another staff user',
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
      config: { access: { resource, action: 'update' } },
      schema: {
        tags,
        security,
        summary:
          'Edit a bank account; changing its numbers needs password confirmation and puts a PAYIN account back to awaiting approval',
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
      config: { access: { resource, action: 'toggle' } },
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
      config: { access: { resource, action: 'link' }, confirm: 'bank-account.link' },
      schema: {
        tags,
        security,
        summary: 'Link merchants, optionally with their sub-merchants (password confirmation)',
        params: IdParams,
        body: LinkBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await links.linkMerchants(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.delete(
    '/bank-accounts/:id/merchants',
    {
      config: { access: { resource, action: 'link' }, confirm: 'bank-account.link' },
      schema: {
        tags,
        security,
        summary: 'Unlink merchants, optionally with their sub-merchants (password confirmation)',
        params: IdParams,
        body: LinkBody,
        response: ok,
      },
    },
    async (request) => ({
      data: await links.unlinkMerchants(db, request.session, request.params.id, request.body, request.ip),
    }),
  );

  app.post(
    '/bank-accounts/:id/approve',
    {
      config: { access: { resource, action: 'approve' }, confirm: 'bank-account.approve' },
      schema: {
        tags,
        security,
        summary: 'Approve a PAYIN account so it may take pay-ins; not by its maker (password confirmation)',
        params: IdParams,
        response: ok,
      },
    },
    async (request) => ({ data: await approveBankAccount(db, request.session, request.params.id, request.ip) }),
  );

  app.delete(
    '/bank-accounts/:id',
    {
      config: { access: { resource, action: 'delete' }, confirm: 'bank-account.delete' },
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
