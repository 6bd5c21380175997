import type { Role } from '../../../domain/roles';

/** A user as the API shows it. */
export interface User {
  id: string;
  fullName: string;
  userName: string;
  role: Role;
  roleLabel: string;
  merchantCodes: string[];
  vendorCode: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}
