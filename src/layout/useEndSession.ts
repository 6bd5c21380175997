// The session's hooks live in src/session; the top bar still imports its logout from here.
export { useSignOut } from '../session/useEndSession';
