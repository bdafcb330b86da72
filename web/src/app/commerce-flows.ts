/**
 * The flows that a control of a page shown without the commerce runtime starts through it
 * (`withCommerce`, commerce-loader.ts): loaded with the runtime, on the first press (issue 52).
 */
export { checkAndConsume } from '@/features/purchases/flow';
export { requestSubscribe } from '@/features/subscriptions/request-subscribe';
export { playArticleList } from './player-host';
