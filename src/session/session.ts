import { jwtDecode } from 'jwt-decode';
import { isRole, type Role } from '../../domain/roles';
import { TOKEN_KEY, USER_DATA_KEY } from './storageKeys';

/** The signed-in identity decoded from the access token (SPEC §3). */
export interface Session {
  userId: string;
  userName: string;
  role: Role;
  code: string[];
  vendorCode: string | null;
}

export interface UserData {
  name: string;
  role: string;
  code: string[];
}

interface Claims {
  id?: unknown;
  userName?: unknown;
  role?: unknown;
  code?: unknown;
  vendor_code?: unknown;
  exp?: unknown;
}

/** Fired on this window when this module changes the stored login ('storage' covers other tabs). */
export const SESSION_CHANGE_EVENT = 'session-change';

const announce = () => window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));

const codesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/** Null when the token is missing, undecodable, of an unknown role or expired (exp is in seconds). */
export const decodeSession = (token: string | null, now: number = Date.now()): Session | null => {
  if (!token) return null;
  let claims: Claims;
  try {
    claims = jwtDecode<Claims>(token);
  } catch {
    return null;
  }
  if (!isRole(claims.role)) return null;
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now) return null;
  return {
    userId: claims.id === undefined || claims.id === null ? '' : String(claims.id),
    userName: typeof claims.userName === 'string' ? claims.userName : '',
    role: claims.role,
    code: codesOf(claims.code),
    vendorCode: typeof claims.vendor_code === 'string' && claims.vendor_code !== '' ? claims.vendor_code : null,
  };
};

/** The session of the stored token; an unusable token is removed (SPEC §4). */
export const readStoredSession = (): Session | null => {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  const session = decodeSession(token);
  if (!session) localStorage.removeItem(TOKEN_KEY);
  return session;
};

export const storeLogin = (token: string, user: UserData): void => {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
  announce();
};

export const readUserData = (): UserData | null => {
  const raw = localStorage.getItem(USER_DATA_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { name, role, code } = value as Record<string, unknown>;
    return {
      name: typeof name === 'string' ? name : '',
      role: typeof role === 'string' ? role : '',
      code: codesOf(code),
    };
  } catch {
    return null;
  }
};

export const clearStorage = (): void => {
  localStorage.clear();
  announce();
};
