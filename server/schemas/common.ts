import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { NAME_CHARACTERS, type TextFormat } from '../../domain/validation';
import { REFERENCE_FORMAT } from '../../domain/formats';
import { AMOUNT_TEXT } from '../../domain/money';
import { AMOUNT_KEYWORD } from '../plugins/amounts';

/** A text field that must hold something other than white space ('{label} is Required!'). */
export const RequiredText = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** A required name: also free of control, bidirectional and zero-width characters (domain/validation). */
export const NameText = (maxLength = 200) =>
  Type.Intersect([RequiredText(maxLength), Type.String({ ...NAME_CHARACTERS })]);

/**
 * An exact amount on the wire: a JSON number with at most two decimals as written, or a string of
 * digits with at most two decimals. The `x-amount` keyword (plugins/amounts.ts) judges what was
 * written by domain/money's rule before anything is coerced, and hands the handler the number; the
 * `anyOf` says so in the API document.
 */
const exactAmount = (number: { maximum?: number }, description: string, nullable = false) =>
  Type.Unsafe<number>({
    [AMOUNT_KEYWORD]: true,
    description,
    anyOf: [
      ...(nullable ? [{ type: 'null' }] : []),
      { type: 'number', minimum: 0, ...number },
      { type: 'string', pattern: AMOUNT_TEXT.source, maxLength: 16 },
    ],
  });

const RUPEES = 'rupees: a number or a string of digits, at most 2 decimals ("500", "500.5", "500.50")';

/** Rupees on the wire (exactly: see exactAmount). */
export const Rupees = () => exactAmount({}, RUPEES);

/** Rupees, or null for none (a JSON null only: 0, false and "" are refused, not read as none). */
export const RupeesOrNull = () => Type.Unsafe<number | null>(exactAmount({}, `${RUPEES}; null: none`, true));

/** A percentage from 0 to 100 with at most two decimals (exactly: see exactAmount). */
export const Percent = () =>
  exactAmount({ maximum: 100 }, 'a percentage from 0 to 100: a number or a string of digits, at most 2 decimals');

/** One of the values of a domain/ enumeration (`as const` array). */
export const enumOf = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>(Type.String({ enum: [...values], ...(description ? { description } : {}) }));

/** A comma-joined list filter of an enumeration: `status=INITIATED,ASSIGNED` (split before validation). */
export const enumListOf = <const T extends readonly string[]>(values: T) =>
  Type.Array(enumOf(values), {
    minItems: 1,
    maxItems: values.length,
    description: `comma-joined: ${values.join(',')}`,
  });

/** Text that follows a domain/ format, spaces around allowed (the services trim them). */
export const patternOf = (format: TextFormat, maxLength = 300) => {
  // JSON Schema patterns have no flags: a domain format must spell its cases out.
  if (format.pattern.flags) throw new Error(`patternOf: ${format.pattern} has flags`);
  return Type.String({
    pattern: `^\\s*(?:${format.pattern.source.replace(/^\^|\$$/g, '')})\\s*$`,
    maxLength,
    description: format.description,
  });
};

/** An IST calendar day, 'yyyy-mm-dd' (DESIGN §2: every day in filters is an IST day). */
export const IstDay = () => Type.String({ format: 'date', description: 'an IST calendar day, yyyy-mm-dd' });

/** The success envelope of single objects and actions: { data }. */
export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

/**
 * The success envelope of lists: { data: rows, total }. A list too long to count every time stops
 * counting at a cap: then `totalCapped` is true and there are more rows than `total`.
 */
export const Page = <T extends TSchema>(row: T) =>
  Type.Object({
    data: Type.Array(row),
    total: Type.Integer(),
    totalCapped: Type.Optional(
      Type.Boolean({ description: 'The count stopped at `total`: there are more rows than that.' }),
    ),
  });

export const ErrorBody = Type.Object({
  error: Type.Object({
    message: Type.String(),
    code: Type.String(),
    field: Type.Optional(Type.String()),
    rows: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() }))),
  }),
});

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

export const Message = Data(Type.Object({ message: Type.String() }));

export const EnabledBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Null first: the validator coerces types, and a value type tried first would turn null into 0 or ''. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([Type.Null(), t]);

export const security = [{ bearer: [] }];

/** A merchant's own reference or its customer's id, exactly (no spaces around: merchants code against it). */
export const Reference = (description: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: REFERENCE_FORMAT.pattern.source, description });
