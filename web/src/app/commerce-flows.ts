/**
 * The flows that a control of a page shown without the commerce runtime starts through it
 * (`withCommerce`, commerce-loader.ts): loaded with the runtime, on the first press (issue 52). The account pages
 * and the stream page start theirs the same way (issue 77 item 6), so none of them loads the runtime with its
 * first paint.
 */
export { downloadSong } from '@/features/purchases/api/download-song';
export { buySingle, checkAndConsume, choosePlan, download } from '@/features/purchases/flow';
export { payAgainForPlan, requestLogin, startFreeTrial, subscribeToPlan } from '@/features/subscriptions/flow';
export { requestSubscribe } from '@/features/subscriptions/request-subscribe';
export { playArticleList, playAudio } from './player-host';
