/**
 * The list filters a vendor's users may not use: those on the fields their rows leave out (whose
 * a row is: the merchant, its order and customer). Applied, such a filter would still answer
 * which merchant a row belongs to, so it is refused instead.
 */
export const VENDOR_REFUSED_FILTERS = {
  payins: ['merchantCode', 'includeSubMerchants', 'merchantOrderId', 'customerId'],
  payouts: ['merchantCode', 'includeSubMerchants', 'merchantOrderId'],
} as const satisfies Record<string, readonly string[]>;
export type VendorList = keyof typeof VENDOR_REFUSED_FILTERS;

/** The first filter of a vendor's request that the list refuses it, if any. */
export const refusedVendorFilter = (list: VendorList, filters: object): string | undefined =>
  VENDOR_REFUSED_FILTERS[list].find((f) => (filters as Record<string, unknown>)[f] !== undefined);

export const vendorFilterRefusal = (filter: string) =>
  `Vendor users cannot filter by ${filter}: their rows do not show whose they are.`;
