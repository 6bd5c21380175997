/** react-admin's screens the console seldom draws, as a module of their own that ConsoleUI loads on first use. */
export { AccessDenied, AuthCallback, AuthenticationError, Login } from 'react-admin';
