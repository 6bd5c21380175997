/** SPEC §5: null, undefined and white-space-only text count as empty; so does an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export const requiredMessage = (label: string): string => `${label} is Required!`;

/** A form validator: the message when the value is blank, otherwise undefined. */
export const required =
  (label: string) =>
  (value: unknown): string | undefined =>
    isBlank(value) ? requiredMessage(label) : undefined;
