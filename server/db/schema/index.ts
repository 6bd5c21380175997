export * from './settings';
export * from './users';
export * from './merchants';
export * from './vendors';
export * from './audit-events';
export * from './bank-accounts';
