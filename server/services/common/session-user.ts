import type { Role } from '../../../domain/roles';

/** The user a signed-in request acts for: who they are, their role and codes, and their session. */
export interface SessionUser {
  id: string;
  userName: string;
  role: Role;
  merchantCodes: string[];
  vendorCode: string | null;
  sessionId: string;
  /** An administrator set the password: only sign-out, /me and change-password are open until it is changed. */
  mustChangePassword?: boolean;
}
