/** Where the session lives in local storage (SPEC §9): the access token and the user data of the sign-in. */
export const TOKEN_KEY = 'accessToken';
export const USER_DATA_KEY = 'userData';
