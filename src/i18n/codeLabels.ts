import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { snakeToTitle } from '../../domain/format';

/** The message id of a status code's words. */
export const statusKey = (code: string) => `app.status.${code}`;

/** Filter choices of some status codes; react-admin translates their names. */
export const statusChoices = (codes: readonly string[]) => codes.map((id) => ({ id, name: statusKey(id) }));

/** A status code in the chosen language; an unknown code as Title Case words. */
export const useStatusLabel = () => {
  const translate = useTranslate();
  return useCallback((code: string) => translate(statusKey(code), { _: snakeToTitle(code) }), [translate]);
};
