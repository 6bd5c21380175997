export {
  MerchantsProvider,
  useMerchants,
  type Merchant,
  type MerchantList,
  type MerchantListProvider,
} from './MerchantsProvider';
export { merchantListQuery } from './merchantListQuery';
