/**
 * The purchase flow (commerce §4): the purchase check before consuming, consuming (play or
 * download), a single purchase (confirm → payment options → checkout page or MSISDN and PIN), and
 * what follows a paid purchase. Not React: components call it; the app hands over what this feature
 * cannot own (sign-in, the inactive-subscription dialog, subscribing to a plan, navigation).
 */
import type { QueryClient } from '@tanstack/react-query';
import { browser } from '@/lib/browser';
import { closeDialog, openDialog } from '@/lib/dialogs';
import { showGenericError } from '@/lib/feedback-dialogs';
import { log } from '@/lib/log';
import { deviceIdWhenKnown, portalStore } from '@/lib/store';
import { downloadGame } from './api/download-game';
import { downloadSong } from './api/download-song';
import { getFullMedia } from './api/get-full-media';
import { getOneTimePaymentOptions } from './api/get-one-time-payment-options';
import { getOneTimePurchase } from './api/get-one-time-purchase';
import { getPurchaseOptions } from './api/get-purchase-options';
import { decideConsume, sortedPurchaseOptions } from './consume-decision';
import { downloadKind, isAudioCollection, playsAsPage, playsAsVideo } from './purchase-types';
import { startDownload } from './start-download';
import { purchaseStore, setPurchaseFlow, type Intent, type PurchaseOutcome, type UsedCredits } from './store';
import type { ArticleRef, ArticleSubscription, OneTimePaymentOption, PurchaseOption } from './types';

export interface PurchaseHost {
  queryClient: QueryClient | null;
  /**
   * A guest must sign in first; `resume` names the article and what was pressed, so the sign-in's
   * return address carries them and the purchase check runs again once signed in (commerce §2).
   */
  login: (resume?: LoginResume) => void;
  /** Unavailable because a plan is inactive: the subscriptions feature's dialog. */
  inactiveSubscription: (subscription: ArticleSubscription) => void;
  /** Subscribe to (or switch to) a plan through the subscribe flow. */
  subscribe: (typeId: number) => void;
  /** The address a checkout returns to: the current page without purchase-return parameters. */
  returnUrl: () => string;
  lang: () => string;
  /**
   * Audio plays in the persistent mini player (the streaming feature). `consume` is true only after
   * the user confirmed spending a credit: the song call then unlocks the track. Resolves once the
   * first track's answer is in (the wallet may have changed).
   */
  playAudio: (article: ArticleRef, options: { consume: boolean; askCredit?: boolean }) => Promise<void>;
  /** Video plays on its stream page; `consume` as for audio. */
  watchVideo: (article: ArticleRef, options: { consume: boolean }) => void;
  /** Online and cloud games: the games feature's player; `consume` as for audio. */
  playGame: (article: ArticleRef, options: { consume: boolean }) => void;
  /** An article's title in the current language (the catalog), for a thank-you after a return from a checkout. */
  articleTitle: (id: number) => Promise<string | null>;
  /**
   * When nothing consumes an article: the held plan whose credits for its type are spent (the subscriptions feature),
   * once the user's subscriptions are loaded (a click right after a page load waits for them).
   */
  usedCredits: (contentType: string) => Promise<UsedCredits | null>;
}

let host: PurchaseHost = {
  queryClient: null,
  login: () => openDialog('login-or-sign-up'),
  inactiveSubscription: () => undefined,
  subscribe: () => undefined,
  returnUrl: () => window.location.href,
  lang: () => document.documentElement.lang || 'en',
  playAudio: () => Promise.resolve(),
  watchVideo: () => undefined,
  playGame: (article, { consume }) => void playPage(article, consume),
  articleTitle: () => Promise.resolve(null),
  usedCredits: () => Promise.resolve(null),
};

export function configurePurchaseFlow(next: PurchaseHost): void {
  host = next;
}

/** The device a purchase or download is for, once the server has said what it is. */
export function deviceId(): Promise<string> {
  return deviceIdWhenKnown();
}

function signedIn(): boolean {
  return portalStore.getState().role === 'user';
}

/** The purchase texts of the error codes a purchase call answers; any other code gets the dialog's generic text. */
const FAILURE_TEXTS: Record<string, string> = {
  NOT_ENTITLED: 'purchases.error.notEntitled',
  NOT_AVAILABLE: 'purchases.error.notAvailable',
  ARTICLE_NOT_FOR_SALE: 'purchases.error.notForSale',
};

export function showFailure(status: number | null, code: string | null = null): void {
  setPurchaseFlow({ failure: { status, code }, busy: false });
  // Not an error: the item does not run here (a download or a purchase for this device, issue 47 item 4).
  if (code === 'DEVICE_NOT_SUPPORTED') return openDialog('device-not-supported');
  showGenericError({ status, code, messageKey: (code !== null ? FAILURE_TEXTS[code] : undefined) ?? 'purchases.error.text' });
}

/** Ownership changed: the wallet and any open purchase options are stale. */
function invalidateOwned(): Promise<void> {
  return host.queryClient?.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'wallet' || query.queryKey[0] === 'purchases' }) ?? Promise.resolve();
}

/** What a sign-in return carries to resume (commerce §2): `typeID` is what was pressed, which marks a return from sign-in. */
export interface LoginResume {
  articleId: number;
  purchaseType: string;
  typeID: Intent;
}

function resumeOf(article: ArticleRef, intent: Intent): LoginResume {
  return { articleId: article.id, purchaseType: article.contentType.toUpperCase(), typeID: intent };
}

/** Nothing to buy: a plan's spent credits say when it plays again (issue 47), else the item is not available. */
async function showNotAvailable(article: ArticleRef): Promise<void> {
  const used = await host.usedCredits(article.contentType);
  if (!used) return showFailure(null, 'NOT_AVAILABLE');
  setPurchaseFlow({ offers: { purchase: [], upgradeTo: [], downgradeTo: [], usedCredits: used } });
  openDialog('purchase-popup');
}

/** The purchase check for consuming, then the step it decides. */
export async function checkAndConsume(article: ArticleRef, intent: Intent): Promise<void> {
  setPurchaseFlow({ article, intent, busy: true });
  try {
    const answer = await getPurchaseOptions({ articleId: article.id, contentType: article.contentType, deviceId: await deviceId(), signedIn: signedIn() });
    const decision = decideConsume(signedIn(), answer);
    setPurchaseFlow({ busy: false });
    switch (decision.kind) {
      case 'consume':
        return await consume(article, intent);
      case 'confirm-credit':
        // A credit unlocks one track (the server spends it on the track a /song call names), never an
        // album: an album's list plays, owned tracks in full, and the player asks for the first track
        // that needs a credit, by its title (issue 30).
        if (intent === 'play' && isAudioCollection(article.contentType)) return await host.playAudio(article, { consume: false, askCredit: true });
        setPurchaseFlow({ credit: decision.entry });
        return openDialog('confirm-purchase');
      case 'login':
        return host.login(resumeOf(article, intent));
      case 'inactive':
        return host.inactiveSubscription(decision.subscription);
      case 'options':
        setPurchaseFlow({ offers: { purchase: decision.purchase, upgradeTo: decision.upgradeTo, downgradeTo: decision.downgradeTo, usedCredits: await host.usedCredits(article.contentType) } });
        return openDialog('purchase-popup');
      case 'device-not-supported':
        return openDialog('device-not-supported');
      case 'not-available':
        return await showNotAvailable(article);
      case 'error':
        return showFailure(decision.status, decision.code);
    }
  } catch (error) {
    console.error('Purchase check failed', error);
    showFailure(null);
  }
}

/**
 * Go on: play the full item or download it (the server checks the entitlement again). `credit`: the
 * user confirmed spending a credit on it.
 */
export async function consume(article: ArticleRef, intent: Intent, credit = false): Promise<void> {
  if (intent === 'download' && downloadKind(article.contentType)) {
    await download(article, credit);
    return;
  }
  await play(article, credit);
}

/** Audio to the mini player, video to its stream page, games to the games feature. */
export async function play(article: ArticleRef, credit = false): Promise<void> {
  if (playsAsPage(article.contentType)) {
    host.playGame(article, { consume: credit });
    if (credit) void invalidateOwned();
    return;
  }
  if (playsAsVideo(article.contentType)) {
    // `playing` tells an open stream page that the check allowed this video (it asks for the stream again).
    setPurchaseFlow({ playing: { articleId: article.id, title: article.title, contentType: article.contentType, url: '' } });
    host.watchVideo(article, { consume: credit });
    return;
  }
  await host.playAudio(article, { consume: credit });
  // Consuming with a credit puts the article in the wallet.
  if (credit) void invalidateOwned();
}

/** The mini player's purchase dialog: a preview ended or the song answer had no URL, with these options. */
export function showOffers(article: ArticleRef, purchase: readonly PurchaseOption[]): void {
  setPurchaseFlow({ article, intent: 'play', offers: { purchase: sortedPurchaseOptions(purchase), upgradeTo: [], downgradeTo: [] } });
  openDialog('purchase-popup');
}

/**
 * The server asks before a credit is spent (409 CONFIRMATION_REQUIRED, or a preview where a full item was asked for):
 * the purchase check again, which opens the confirm-purchase dialog for the credit.
 */
export function askFirst(article: ArticleRef, intent: Intent): Promise<void> {
  return checkAndConsume(article, intent);
}

/** A game page (its signed URL) full screen in the media player: the fallback until the games feature plays it. */
export async function playPage(article: ArticleRef, credit = false): Promise<void> {
  setPurchaseFlow({ busy: true });
  const answer = await getFullMedia(article.id, !signedIn(), credit);
  if (!answer.ok || !answer.data) return showFailure(answer.status, answer.code);
  // Only a credit would open it and the user was not asked: nothing was spent; ask.
  if (answer.data.isPreview && !credit) {
    setPurchaseFlow({ busy: false });
    return askFirst(article, 'play');
  }
  setPurchaseFlow({ busy: false, playing: { articleId: article.id, title: article.title, contentType: article.contentType, url: answer.data.url } });
  // Consuming with a credit puts the article in the wallet.
  void invalidateOwned();
}

export function stopPlaying(): void {
  setPurchaseFlow({ playing: null });
}

/** `credit`: the user confirmed spending a credit on it (the server spends one only then). */
export async function download(article: Pick<ArticleRef, 'id' | 'contentType' | 'collectionId'> & Partial<Pick<ArticleRef, 'title'>>, credit = false): Promise<boolean> {
  const kind = downloadKind(article.contentType);
  if (!kind) return false;
  setPurchaseFlow({ busy: true });
  const device = await deviceId();
  // The saved file is named by the item's titles in the page's language.
  const lang = host.lang();
  const answer = kind === 'game' ? await downloadGame(article.id, device, credit, lang) : await downloadSong(article.id, device, article.collectionId, credit, lang);
  if (!credit && answer.code === 'CONFIRMATION_REQUIRED') {
    // Only a credit pays for it: nothing was spent; the purchase check asks the user.
    setPurchaseFlow({ busy: false });
    await askFirst({ title: '', ...article }, 'download');
    return false;
  }
  if (!answer.ok || !answer.data?.uri) {
    // Commerce §8; a refusal for this device is not an error (issue 47 item 4).
    if (kind === 'game' && answer.code !== 'DEVICE_NOT_SUPPORTED') log.error('error download game url', answer.status, answer.code);
    showFailure(answer.status, answer.code);
    return false;
  }
  setPurchaseFlow({ busy: false });
  startDownload(answer.data.uri);
  // Consuming with a credit puts the article in the wallet.
  if (credit) void invalidateOwned();
  return true;
}

/** confirm-purchase: the user agreed to spend one credit. */
export async function confirmCredit(): Promise<void> {
  const { article, intent } = purchaseStore.getState();
  closeDialog('confirm-purchase');
  setPurchaseFlow({ credit: null });
  if (article) await consume(article, intent, true);
}

/** purchase-popup → a plan (subscription option, upgrade or downgrade). */
export function choosePlan(typeId: number): void {
  closeDialog('purchase-popup');
  host.subscribe(typeId);
}

/** purchase-popup → buy the article itself: open the single purchase. */
export async function buySingle(article: ArticleRef): Promise<void> {
  closeDialog('purchase-popup');
  if (!signedIn()) return host.login(resumeOf(article, 'download'));
  setPurchaseFlow({ article, busy: true });
  const answer = await getOneTimePurchase(article.id);
  if (answer.ok && answer.data) {
    setPurchaseFlow({ busy: false, single: answer.data });
    return openDialog('single-purchase-confirm');
  }
  if (answer.code === 'ALREADY_OWNED') return showResult('owned', article.id, null);
  showFailure(answer.status, answer.code);
}

/** single-purchase-confirm → the payment options; one web option goes straight to its page. */
export async function confirmSingle(): Promise<void> {
  const { single } = purchaseStore.getState();
  if (!single) return;
  setPurchaseFlow({ busy: true });
  const answer = await getOneTimePaymentOptions({ redirectionUrl: host.returnUrl(), lang: host.lang(), transactionId: single.transactionId });
  closeDialog('single-purchase-confirm');
  if (!answer.ok || !answer.data) return showFailure(answer.status, answer.code);
  const options = answer.data.options;
  const only = options.length === 1 ? options[0] : undefined;
  if (only?.flow === 'WEB' && only.redirectionUrl) {
    browser.assign(only.redirectionUrl);
    return;
  }
  if (options.length === 0) return showFailure(null, 'NO_PAYMENT_OPTION');
  setPurchaseFlow({ busy: false, paymentOptions: options });
  openDialog('one-time-payment-options');
}

/** A web option leaves for the hosted checkout, which returns with the purchase-return parameters. */
export function payOnWeb(option: OneTimePaymentOption): void {
  if (option.redirectionUrl) browser.assign(option.redirectionUrl);
}

export function returnUrl(): string {
  return host.returnUrl();
}

export function showResult(outcome: PurchaseOutcome, articleId: number | null, purchaseType: string | null): void {
  const { article } = purchaseStore.getState();
  const title = article?.id === articleId && article.title !== '' ? article.title : null;
  setPurchaseFlow({ busy: false, result: { outcome, articleId, purchaseType, title } });
  openDialog('purchase-result');
  // Back from a checkout the page was loaded anew and knows only the id: the thank-you names the item once the
  // catalog answers (issue 47 item 8: "“your item” is yours").
  if (title === null && articleId !== null) {
    void host
      .articleTitle(articleId)
      .catch(() => null)
      .then((found) => {
        const shown = purchaseStore.getState().result;
        if (found && shown?.articleId === articleId && shown.title === null) setPurchaseFlow({ result: { ...shown, title: found } });
      });
  }
}

/** Seconds the thank-you for a bought online game shows before the game starts by itself. */
export const GAME_AUTOSTART_SECONDS = 5;

/**
 * After a paid purchase (PIN flow or a purchase return): music and audiobooks download, games
 * download; online and cloud games start from the thank-you dialog, which comes first (a game opening
 * at once would cover it, issue 30) and starts the game by itself after GAME_AUTOSTART_SECONDS (issue 72
 * item 14), or at once from its Play button; everything else was only bought.
 */
export async function afterPurchase(articleId: number, purchaseType: string, effect: 'download' | 'play' | 'none'): Promise<void> {
  await invalidateOwned();
  const contentType = purchaseType.toLowerCase();
  const { article } = purchaseStore.getState();
  const ref: ArticleRef = article?.id === articleId ? article : { id: articleId, title: '', contentType };
  // A bought album or audiobook downloads whole: POST /song/download answers one zip of its files (issue 72
  // item 1); a type with nothing to save (a playlist) is not downloaded.
  if (effect === 'download') await download({ ...ref, contentType });
  else if (effect === 'play') offerPlay({ ...ref, contentType }, purchaseType);
}

/** The thank-you dialog (opened now if the return did not open it) with Play: the game starts from there. */
function offerPlay(article: ArticleRef, purchaseType: string): void {
  const { result } = purchaseStore.getState();
  if (result?.outcome !== 'success' || result.articleId !== article.id) showResult('success', article.id, purchaseType);
  const shown = purchaseStore.getState().result;
  if (shown) setPurchaseFlow({ result: { ...shown, play: article } });
}

/** purchase-result → Play: the dialog closes first, then the bought game starts. */
export async function playBought(): Promise<void> {
  const article = purchaseStore.getState().result?.play;
  closeDialog('purchase-result');
  if (article) await play(article);
}
