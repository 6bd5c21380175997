/** The product's name, on the sign-in page and in the console. */
export const APP_NAME = 'Payment-Gateway';

/** The English messages of the sign-in screen (`app.login.*`). */
export const loginMessages = {
  title: 'Sign in',
  subtitle: 'Payment-Gateway console',
  user_name: 'User Name',
  password: 'Password',
  submit: 'Login',
  forgot: 'Forgot password?',
  apply: 'Apply as a merchant',
  failed: 'Sign-in failed',
  elsewhere_title: 'Signed in elsewhere',
  continue: 'Continue',
  cancel: 'Cancel',
  show_password: 'Show password',
  hide_password: 'Hide password',
};
