import type { Role } from '../../../domain/roles';

/** A user as the API shows it. */
export interface User {
  id: string;
  fullName: string;
  userName: string;
  role: Role;
  roleLabel: string;
  /** Only the codes inside the signed-in user's scope. */
  merchantCodes: string[];
  /** How many of the user's merchant codes lie outside that scope (not shown). */
  hiddenMerchantCodes: number;
  vendorCode: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}
