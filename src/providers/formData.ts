const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const appendField = (form: FormData, key: string, value: unknown): void => {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) value.forEach((item) => appendField(form, key, item));
  else if (value instanceof Blob) form.append(key, value);
  // A file picked in the admin's file input arrives as { rawFile, src, title }.
  else if (isObject(value) && value.rawFile instanceof Blob) form.append(key, value.rawFile);
  else if (value instanceof Date) form.append(key, value.toISOString());
  else if (isObject(value)) form.append(key, JSON.stringify(value));
  else form.append(key, String(value));
};

/** A multipart body (SPEC §7): lists repeat their key, files go as files, objects as JSON. */
export const toFormData = (body: unknown): FormData => {
  if (body instanceof FormData) return body;
  const form = new FormData();
  if (isObject(body)) for (const [key, value] of Object.entries(body)) appendField(form, key, value);
  return form;
};
