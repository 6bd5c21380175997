/** Direct calls to the product's API, for arranging and checking what the browser cannot. */
export const apiSignIn = async (url: string, userName: string, password = 'Demo@1234'): Promise<string> => {
  const res = await fetch(`${url}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, override: true }),
  });
  const body = await res.json();
  if (res.status !== 200)
    throw new Error(`sign-in of ${userName} through the API: ${res.status} ${JSON.stringify(body)}`);
  return body.data.accessToken as string;
};

export const meStatus = async (url: string, token: string): Promise<number> => {
  const res = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
};

/** GET on the API with a token (for instance the one a signed-in page holds); the body's JSON, or throws with the status. */
export const apiGet = async <T = unknown>(url: string, token: string, path: string): Promise<T> => {
  const res = await fetch(`${url}/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
};

/** POST on the API with a token and a JSON body; the body's JSON, or throws with the status. */
export const apiPost = async <T = unknown>(url: string, token: string, path: string, body: unknown): Promise<T> => {
  const res = await fetch(`${url}/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer as T;
};

/** Forgets every preference a user has kept (issue 31, item 10), so that the next file sees the defaults. */
export const forgetPreferences = async (url: string, userName: string) => {
  const token = await apiSignIn(url, userName);
  const { data } = await apiGet<{ data: Record<string, unknown> }>(url, token, '/me/preferences');
  for (const key of Object.keys(data)) {
    const res = await fetch(`${url}/v1/me/preferences/${encodeURIComponent(key)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`DELETE preference ${key}: ${res.status}`);
  }
};
