/** Direct calls to the product's API, for arranging and checking what the browser cannot. */
export const apiSignIn = async (url: string, userName: string, password = 'Demo@1234'): Promise<string> => {
  const res = await fetch(`${url}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, override: true }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign-in of ${userName} through the API: ${res.status} ${JSON.stringify(body)}`);
  return body.data.accessToken as string;
};

export const meStatus = async (url: string, token: string): Promise<number> => {
  const res = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
};
