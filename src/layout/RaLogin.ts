/** react-admin's sign-in form, as a module of its own so that ConsoleUI can load it on first use. */
export { Login } from 'react-admin';
