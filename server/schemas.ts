import { Type, type TSchema } from '@fastify/type-provider-typebox';

/** A text field that must hold something other than white space ('{label} is Required!'). */
export const RequiredText = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** Rupees on the wire: a JSON number, at most two decimals (checked exactly by domain/money). */
export const Rupees = () => Type.Number({ minimum: 0 });

/** The success envelope of single objects and actions: { data }. */
export const Data = <T extends TSchema>(data: T) => Type.Object({ data });

/** The success envelope of lists: { data: rows, total }. */
export const Page = <T extends TSchema>(row: T) => Type.Object({ data: Type.Array(row), total: Type.Integer() });

export const ErrorBody = Type.Object({
  error: Type.Object({ message: Type.String(), code: Type.String(), field: Type.Optional(Type.String()) }),
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
