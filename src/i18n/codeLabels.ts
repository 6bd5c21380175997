import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { snakeToTitle } from '../../domain/format';

/** The message id of a status code's words. */
export const statusKey = (code: string) => `app.status.${code}`;

/** Filter choices of some status codes; react-admin translates their names. */
export const statusChoices = (codes: readonly string[]) => codes.map((id) => ({ id, name: statusKey(id) }));

/** Filter choices of codes of a group of `app.*` (actions, entities). */
export const codeChoices = (group: CodeGroup, codes: readonly string[]) =>
  codes.map((id) => ({ id, name: `app.${group}.${id}` }));

/** A code as Title Case words: `sign-in` -> Sign In, `payout.approve` -> Payout Approve. */
const asWords = (code: string) => snakeToTitle(code.replace(/[-.]/g, '_'));

type CodeGroup = 'status' | 'actions' | 'entities' | 'roles';

/** A code of a group in the chosen language (SPEC §5); an unknown one as Title Case words. */
export const useCodeLabel = (group: CodeGroup) => {
  const translate = useTranslate();
  return useCallback((code: string) => translate(`app.${group}.${code}`, { _: asWords(code) }), [translate, group]);
};

/** A status code in the chosen language. */
export const useStatusLabel = () => useCodeLabel('status');
