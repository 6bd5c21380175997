import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import * as banks from '../services/bank-accounts/bank-accounts';
import { approveBankAccount } from '../services/bank-accounts/bank-account-approval';
import * as links from '../services/bank-accounts/bank-account-links';
import * as bankList from '../services/bank-accounts/bank-accounts-list';
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
import { recordRoutes } from './record-routes';

const resource = 'bank-accounts';

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

  const records = recordRoutes(app, resource, BankView);
  records.create({
    confirm: 'bank-account.create',
    summary: 'Add a bank account (password confirmation); a PAYIN account then awaits approval by another staff user',
    body: BankBody,
    run: (c) => banks.createBankAccount(db, c.user, c.body, c.ip),
  });
  records.put({
    action: 'update',
    summary:
      'Edit a bank account; changing its numbers needs password confirmation and puts a PAYIN account back to awaiting approval',
    body: BankUpdate,
    run: (c) => banks.updateBankAccount(db, c.user, c.id, c.body, c.confirm, c.ip),
  });
  records.put({
    path: '/flags',
    action: 'toggle',
    summary: 'The list switches: enabled (password confirmation), QR, bank details',
    body: FlagsBody,
    run: (c) => banks.setBankFlags(db, c.user, c.id, c.body, c.confirm, c.ip),
  });
  for (const [write, verb, link] of [
    [records.post, 'Link', links.linkMerchants],
    [records.delete, 'Unlink', links.unlinkMerchants],
  ] as const)
    write({
      path: '/merchants',
      action: 'link',
      confirm: 'bank-account.link',
      summary: `${verb} merchants, optionally with their sub-merchants (password confirmation)`,
      body: LinkBody,
      run: (c) => link(db, c.user, c.id, c.body, c.ip),
    });
  records.post({
    path: '/approve',
    action: 'approve',
    confirm: 'bank-account.approve',
    summary: 'Approve a PAYIN account so it may take pay-ins; not by its maker (password confirmation)',
    run: (c) => approveBankAccount(db, c.user, c.id, c.ip),
  });
  records.delete({
    action: 'delete',
    confirm: 'bank-account.delete',
    summary: 'Delete an account never linked to a merchant (password confirmation)',
    run: (c) => banks.deleteBankAccount(db, c.user, c.id, c.ip),
  });
};
