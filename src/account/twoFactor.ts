import { get, post, type ApiError, type Result } from '../providers/http';

/** A new authenticator-app secret: as text, as an otpauth:// URL and as a QR code (a data: URL). */
export interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
}

/** The answer's data, or the server's error thrown as an ApiError. */
export const dataOf = <T>(result: Result<{ data: T }>): T => {
  if (result.error) throw result.error;
  return result.data.data;
};

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' && value !== null && typeof (value as ApiError).message === 'string';

/** The signed-in user's own two-factor sign-in (/v1/two-factor). */
export const twoFactorApi = {
  status: async () => dataOf(await get<{ data: TwoFactorStatus }>('/two-factor')),
  enrol: async () => dataOf(await post<{ data: Enrolment }>('/two-factor/enrol', {})),
  confirm: async (code: string) =>
    dataOf(await post<{ data: { recoveryCodes: string[] } }>('/two-factor/confirm', { code })).recoveryCodes,
  disable: async (password: string, code: string) =>
    dataOf(await post<{ data: { message: string } }>('/two-factor/disable', { password, code })),
};
