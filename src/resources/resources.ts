import auditEvents from './audit-events';
import bankAccounts from './bank-accounts';
import merchantApplications from './merchant-applications';
import merchants from './merchants';
import users from './users';
import vendors from './vendors';
import type { ResourceConfig } from './types';

/**
 * The screens that are react-admin resources, by resource name: the route under /app of SPEC §2
 * (or, for the ADMIN screens outside the menu, of domain/access). The data provider maps each
 * name to its API path.
 */
export const RESOURCES: Record<string, ResourceConfig> = {
  merchant: merchants,
  'bank-accounts': bankAccounts,
  vendor: vendors,
  user: users,
  'merchant-applications': merchantApplications,
  'audit-events': auditEvents,
};
