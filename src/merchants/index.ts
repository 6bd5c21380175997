export { MerchantsProvider, useMerchants, type Merchant, type MerchantList } from './MerchantsProvider';
export { merchantListQuery, MERCHANT_LIST_PATH } from './merchantListQuery';
