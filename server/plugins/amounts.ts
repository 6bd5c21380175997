import type { FuncKeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { MoneyError, amountToPaise, paiseToRupees } from '../../domain/money';

/**
 * Amounts are exact on every money route (issue 29): what the request wrote is judged by the rule
 * of domain/money (amountToPaise), before the validator's type coercion could turn `true` into 1,
 * `[600]` into 600 or "0x1F4" into 500, and on the number's own text, which JSON.parse rounds
 * (500.00000000000000001 reads as 500).
 */
export const AMOUNT_KEYWORD = 'x-amount';

/** Each JSON number's text as written, by the object or array that holds it and its key there. */
const writtenNumbers = new WeakMap<object, Map<string, string>>();

const writtenNumber = (holder: unknown, key: string | number): string | undefined =>
  holder && typeof holder === 'object' ? writtenNumbers.get(holder)?.get(String(key)) : undefined;

/** A JSON text parsed as JSON.parse would (the last of repeated keys wins), its numbers' texts kept. */
const parseKeepingNumbers = (text: string): unknown =>
  parseLossless(
    text,
    function keep(this: object, key: string, value: unknown) {
      if (!isLosslessNumber(value)) return value;
      let texts = writtenNumbers.get(this);
      if (!texts) writtenNumbers.set(this, (texts = new Map()));
      texts.set(key, value.value);
      return Number(value.value);
    },
    { onDuplicateKey: ({ newValue }) => newValue },
  );

const holdsAmount = new WeakMap<object, boolean>();
/** Whether a route's body schema has an amount anywhere in it (worked out once per schema). */
const schemaHoldsAmount = (schema: unknown): boolean => {
  if (!schema || typeof schema !== 'object') return false;
  const known = holdsAmount.get(schema);
  if (known !== undefined) return known;
  const holds = AMOUNT_KEYWORD in schema || Object.values(schema).some(schemaHoldsAmount);
  holdsAmount.set(schema, holds);
  return holds;
};

type Done = (error: Error | null, body?: unknown) => void;
type Request = { routeOptions: { schema?: { body?: unknown } } };

/**
 * The JSON body parser: the framework's own (its checks and messages), and on the routes that take
 * an amount the body read once more keeping its numbers' texts (bodies of a few fields; other
 * routes do not pay for the slower parser).
 */
export const jsonBodyParser =
  <R extends Request>(parseJson: (request: R, body: string, done: Done) => void) =>
  (request: R, body: string, done: Done): void => {
    if (body === '') return done(null, undefined);
    parseJson(request, body, (error, parsed) => {
      if (error) return done(error);
      done(null, schemaHoldsAmount(request.routeOptions.schema?.body) ? parseKeepingNumbers(body) : parsed);
    });
  };

/**
 * The validator's `x-amount` keyword, checked before the schema's `anyOf` (whose number branch would
 * coerce): a good amount becomes the number it was written as, so handlers get rupees as before;
 * anything else is the field's 400 with the rule's reason. Null passes where the schema allows it.
 */
export const amountKeyword: FuncKeywordDefinition = {
  keyword: AMOUNT_KEYWORD,
  before: 'anyOf',
  modifying: true,
  errors: true,
  compile: (_value, parentSchema) => {
    const nullable = (parentSchema.anyOf as { type?: string }[] | undefined)?.some((s) => s.type === 'null') ?? false;
    const check: DataValidateFunction = (data, context) => {
      if (data === null && nullable) return true;
      try {
        const paise = amountToPaise(data, context && writtenNumber(context.parentData, context.parentDataProperty));
        if (context?.parentData) context.parentData[context.parentDataProperty] = paiseToRupees(paise);
        return true;
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        check.errors = [{ keyword: AMOUNT_KEYWORD, message: error.message, params: {} }];
        return false;
      }
    };
    return check;
  },
};
