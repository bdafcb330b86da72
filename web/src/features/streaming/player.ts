/**
 * The music player (commerce §4 "Music player"): drives the audio engine from the playlist rules,
 * asks `/song` for each track (the server's entitlement decision picks full track or preview), sends
 * listening reports per ticket, play history for signed-in users, progress marks, the cross-tab pause
 * and the Media Session. Not React: the mini player and the app call these functions; the app hands
 * over what this feature cannot own (sign-in, purchase dialogs, snackbars, analytics).
 */
import type { LanguageCode } from '@/config/languages';
import { getCollectionPage, type CollectionEntry } from './api/get-collection-page';
import { getSong } from './api/get-song';
import { getPlayHistory, postHistory, putPlayHistory } from './api/play-history';
import { reportStreaming } from './api/report-streaming';
import { audioErrorOf } from './audio-errors';
import { announcePlaying, watchOtherTabs } from './cross-tab';
import type { AudioEngine, EngineFactory } from './engine';
import { setSessionHandlers, setSessionPlaying, setSessionTrack } from './media-session';
import * as rules from './playlist';
import type { CollectionPaging, PlaylistState, Track } from './playlist';
import { playerStore, setPlayer, initialPlayerState, type PlayerNoticeKey } from './player-store';
import { REPORT_COUNTER_MS, SEEK_FLAG_MS, TIMER_TICK_MS, countSecond, freshMeter, reachedMarks, takeUsage, type Meter } from './report-meter';
import type { SongPurchaseOption } from './types';

export interface PlayerHost {
  signedIn: () => boolean;
  /** The tenant's FTMDOnly flag. */
  ftmdOnly: () => boolean;
  lang: () => LanguageCode;
  login: () => void;
  /** The purchase dialog with the ways to get the track. */
  showOffers: (track: Track, purchase: SongPurchaseOption[]) => void;
  /** The purchase check for consuming the track (its play starts again through the flow). */
  consumeCheck: (track: Track) => void;
  /** A snackbar with an already known message key. */
  notify: (key: 'player.queued' | 'player.signInToQueue', tone: 'success' | 'info') => void;
  /** Analytics: a progress mark reached. */
  progress: (track: Track, percent: number, isPreview: boolean) => void;
  /** The page open now (its path): a question about a track is asked only on the page its play started from. */
  page: () => string;
  /** A play or a position was recorded: the play history shown anywhere is stale. */
  historyChanged: () => void;
}

const defaultHost: PlayerHost = {
  signedIn: () => false,
  ftmdOnly: () => false,
  lang: () => 'en',
  login: () => undefined,
  showOffers: () => undefined,
  consumeCheck: () => undefined,
  notify: () => undefined,
  progress: () => undefined,
  page: () => (typeof window === 'undefined' ? '' : window.location.pathname),
  historyChanged: () => undefined,
};

let host: PlayerHost = defaultHost;

export function configurePlayer(next: Partial<PlayerHost>): void {
  host = { ...defaultHost, ...next };
}

/** What the player calls out to; tests replace them. */
export interface PlayerDeps {
  engine: EngineFactory;
  song: typeof getSong;
  report: typeof reportStreaming;
  getHistory: typeof getPlayHistory;
  putHistory: typeof putPlayHistory;
  postHistory: typeof postHistory;
  collectionPage: typeof getCollectionPage;
  announce: () => void;
}

const defaultDeps: PlayerDeps = {
  engine: () => import('./howler-engine').then((module) => module.createHowlerEngine()),
  song: getSong,
  report: reportStreaming,
  getHistory: getPlayHistory,
  putHistory: putPlayHistory,
  postHistory,
  collectionPage: getCollectionPage,
  announce: () => announcePlaying(),
};

let deps: PlayerDeps = defaultDeps;

export function setPlayerDeps(next: Partial<PlayerDeps>): void {
  deps = { ...defaultDeps, ...next };
}

/** Chapters and episodes resume where the user left them (history position). */
const RESUMABLE = new Set(['audio_book_chapter', 'podcast']);
/** A resume position this close to either end starts from the beginning. */
const RESUME_MARGIN_S = 5;

let engine: AudioEngine | null = null;
let enginePromise: Promise<AudioEngine> | null = null;
/** Each load gets a number; answers of an older load are dropped. */
let loadToken = 0;
/** The /song request of the load in flight: a skip, stop or close cancels it (commerce §7 getMusicTrack with an abort signal). */
let songRequest: AbortController | null = null;
let loaded = false;
let ticket: string | null = null;
let purchase: SongPurchaseOption[] = [];
let meter: Meter = freshMeter();
let tickTimer: ReturnType<typeof setInterval> | null = null;
let counterTimer: ReturnType<typeof setInterval> | null = null;
let seekTimer: ReturnType<typeof setTimeout> | null = null;
let pagingBusy = false;
/** The page the current track's play was started from by the user; null when the queue moved on by itself. */
let startedOn: string | null = null;
let stopWatching: (() => void) | null = null;
/** Volume and mute outlive a closed mini player. */
let lastSettings: { volume: number; muted: boolean } | null = null;

function playlist(): PlaylistState | null {
  return playerStore.getState().playlist;
}

function current(): Track | null {
  const list = playlist();
  return list ? rules.currentTrack(list) : null;
}

function abortSongRequest(): void {
  songRequest?.abort();
  songRequest = null;
}

function getEngine(): Promise<AudioEngine> {
  enginePromise ??= deps.engine().then((created) => (engine = created));
  return enginePromise;
}

function ensureWatching(): void {
  if (stopWatching || typeof window === 'undefined') return;
  // Another tab started playing: this one pauses (commerce §3 currentTrackTime).
  stopWatching = watchOtherTabs(() => pause());
  setSessionHandlers({ play: () => play(), pause: () => pause(), previous: () => void previousTrack(), next: () => void nextTrack(), seekTo: (seconds) => seek(seconds) });
}

// ---- reports and history -------------------------------------------------------------------

/** Sends the unreported seconds on the current ticket; a refused report ends reporting for it (§8). */
function sendReport(partial: boolean): void {
  const taken = takeUsage(meter);
  meter = taken.meter;
  if (!ticket || taken.usage <= 0) return;
  const ticketId = ticket;
  // 0 until the engine knows the length: the catalog's duration stands in.
  const duration = playerStore.getState().duration || (current()?.durationSeconds ?? 0);
  void deps
    .report({ ticketId, type: 'listened', date: new Date().toISOString(), usageDuration: taken.usage, maxUsageDuration: Math.round(duration), offline: false, partial })
    .then((answer) => {
      if (!answer.ok && ticket === ticketId) ticket = null;
    })
    .catch(() => {
      if (ticket === ticketId) ticket = null;
    });
}

/** Play history: only signed-in users, only full plays (a preview is not the item). */
function historyAllowed(): boolean {
  return host.signedIn() && !playerStore.getState().isPreview && loaded;
}

function savePosition(position = playerStore.getState().position): void {
  const track = current();
  if (!track || !historyAllowed()) return;
  void deps
    .putHistory(track.id, { userCurrentPlaying: position, contentType: track.contentType })
    .then(() => host.historyChanged())
    .catch(() => undefined);
}

// ---- timers ---------------------------------------------------------------------------------

function startTimers(): void {
  stopTimers();
  tickTimer = setInterval(tick, TIMER_TICK_MS);
  counterTimer = setInterval(countOneSecond, REPORT_COUNTER_MS);
}

function stopTimers(): void {
  if (tickTimer) clearInterval(tickTimer);
  if (counterTimer) clearInterval(counterTimer);
  tickTimer = null;
  counterTimer = null;
}

/** Every 100 ms: the position for the seek bar and the progress marks. */
function tick(): void {
  if (!engine) return;
  const state = playerStore.getState();
  const duration = engine.duration() || state.duration;
  if (state.seeking) return;
  const position = engine.position();
  setPlayer({ position, duration });
  const reached = reachedMarks(meter, position, duration);
  meter = reached.meter;
  const track = current();
  if (track) for (const mark of reached.marks) host.progress(track, mark, state.isPreview);
}

/** Every second of played time: a report (and a history save) after 15 of them. */
function countOneSecond(): void {
  const state = playerStore.getState();
  const counted = countSecond(meter, state.status === 'playing' && !state.seeking);
  meter = counted.meter;
  if (!counted.due) return;
  sendReport(true);
  savePosition();
}

// ---- loading a track ------------------------------------------------------------------------

/**
 * How a track that only a credit (or a purchase) would play is met (issue 30):
 * - `preview`: the user started it (a track row, next, previous): its preview plays, and at the
 *   preview's end the question is asked only if the user is still on the page they started it from;
 * - `ask`: the user asked for the full item (Play on an album, Play in the mini player after the queue
 *   stopped): the question names this very track at once;
 * - `queue`: the queue moved on by itself: nothing opens; the player stops on the track and says so quietly.
 */
export type CreditMode = 'preview' | 'ask' | 'queue';

interface LoadOptions {
  /** The user confirmed spending a credit on this track. */
  consume?: boolean;
  credit?: CreditMode;
  /** Seconds to start from (History's Resume: where the user left the track). */
  startAt?: number;
}

/** The answer plays only the preview of a track a signed-in user could unlock (a credit) or get (offers). */
function needsWord(song: { isPreview: boolean }): boolean {
  return song.isPreview && host.signedIn() && !host.ftmdOnly();
}

/** Stops on the current track with a quiet note instead of a dialog over the page (issue 30). */
function stopWithNotice(track: Track, key: PlayerNoticeKey): void {
  setPlayer({ status: 'paused', position: 0, notice: { key, title: track.title } });
  setSessionPlaying(false);
}

async function loadCurrent({ consume = false, credit = 'preview', startAt }: LoadOptions = {}): Promise<void> {
  const track = current();
  if (!track) return;
  ensureWatching();
  const token = ++loadToken;
  abortSongRequest();
  const request = new AbortController();
  songRequest = request;
  // What is left of the previous sound's usage goes on its own ticket (its position was saved by the caller).
  stopTimers();
  sendReport(true);
  engine?.stop();
  loaded = false;
  ticket = null;
  purchase = [];
  meter = freshMeter();
  startedOn = credit === 'queue' ? null : host.page();
  setPlayer({ status: 'loading', position: 0, duration: track.durationSeconds ?? 0, error: null, notice: null, isPreview: false });
  setSessionTrack(track);
  void loadNextPageIfNeeded();

  const answer = await deps.song({ id: track.id, consume, asGuest: !host.signedIn(), signal: request.signal }).catch(() => null);
  if (songRequest === request) songRequest = null;
  if (token !== loadToken) return;
  if (!answer?.ok || !answer.data) {
    // 429: the server issues a user a bounded number of play tickets in a window (Retry-After).
    setPlayer({ status: 'paused', error: answer?.status === 429 ? { key: 'tooManyPlays' } : { key: 'loadFailed', code: answer?.status } });
    return;
  }
  const song = answer.data;
  purchase = song.purchase;
  if (!consume && needsWord(song) && credit !== 'preview') {
    // Only a credit (purchase empty) or a purchase would play it in full.
    if (credit === 'queue') return stopWithNotice(track, song.purchase.length > 0 ? 'needsPurchase' : 'needsCredit');
    setPlayer({ status: 'paused' });
    return song.purchase.length > 0 ? host.showOffers(track, song.purchase) : host.consumeCheck(track);
  }
  switch (rules.answerAction(song)) {
    case 'close':
      return closePlayer();
    case 'purchase-dialog':
      setPlayer({ status: 'paused' });
      return host.showOffers(track, song.purchase);
    case 'play':
      break;
  }
  ticket = song.isPreview ? null : song.ticket;
  setPlayer({ isPreview: song.isPreview });

  const resumeAt = startAt === undefined && !song.isPreview && host.signedIn() && RESUMABLE.has(track.contentType) ? deps.getHistory(track.id).catch(() => null) : Promise.resolve(null);
  const audio = await getEngine();
  if (token !== loadToken) return;
  const list = playlist();
  audio.load(
    song.url,
    {
      onLoad: () => {
        if (token !== loadToken) return;
        setPlayer({ duration: audio.duration() || playerStore.getState().duration });
      },
      onPlay: () => {
        if (token !== loadToken) return;
        deps.announce();
        setPlayer({ status: 'playing', error: null });
        setSessionPlaying(true);
        startTimers();
      },
      onPause: () => {
        if (token !== loadToken) return;
        stopTimers();
        setPlayer({ status: 'paused' });
        setSessionPlaying(false);
      },
      onEnd: () => {
        if (token === loadToken) void handleEnd();
      },
      onLoadError: (error) => {
        if (token !== loadToken) return;
        stopTimers();
        setPlayer({ status: 'paused', error: audioErrorOf('load', error) });
      },
      onPlayError: (error) => {
        if (token !== loadToken) return;
        stopTimers();
        setPlayer({ status: 'paused', error: audioErrorOf('play', error) });
      },
    },
    { volume: list?.volume ?? rules.DEFAULT_VOLUME, muted: list?.muted ?? false },
  );
  loaded = true;
  const history = await resumeAt;
  if (token !== loadToken) return;
  // A preview always starts at its beginning: the saved place is in the full track.
  const position = startAt !== undefined ? (song.isPreview ? 0 : startAt) : history?.ok ? (history.data?.userCurrentPlaying ?? 0) : 0;
  const length = track.durationSeconds ?? Infinity;
  if (position > RESUME_MARGIN_S && position < length - RESUME_MARGIN_S) {
    audio.seek(position);
    setPlayer({ position });
  }
  audio.play();
  if (host.signedIn() && !song.isPreview)
    void deps
      .postHistory('PLAY', track.id, track.contentType)
      .then(() => host.historyChanged())
      .catch(() => undefined);
}

/** The play of the current sound is over (skip, stop, end): its last report and position. */
function finishPlay(partial: boolean, position?: number): void {
  stopTimers();
  sendReport(partial);
  savePosition(position);
}

/** Chapters and episodes come in pages of 10: the next page loads when the last track is reached. */
async function loadNextPageIfNeeded(): Promise<void> {
  const list = playlist();
  if (!list?.collection || pagingBusy || !rules.needsNextPage(list)) return;
  pagingBusy = true;
  const collection = list.collection;
  try {
    const page = await deps.collectionPage(collection.id, collection.nextOffset, rules.COLLECTION_PAGE_SIZE, host.lang());
    const latest = playlist();
    if (latest?.collection?.id !== collection.id) return;
    setPlayer({ playlist: rules.appendPage(latest, page.entries.map(trackOf), page.total, host.ftmdOnly()) });
  } catch {
    // The list simply ends here; the next reach of the last track tries again.
  } finally {
    pagingBusy = false;
  }
}

async function handleEnd(): Promise<void> {
  const track = current();
  const list = playlist();
  if (!track || !list) return;
  finishPlay(false, 0);
  const state = playerStore.getState();
  if (state.isPreview) {
    setPlayer({ status: 'paused', position: 0 });
    setSessionPlaying(false);
    // Never a question over another page: the user moved on since they started this track (issue 30).
    if (host.signedIn() && startedOn !== host.page()) {
      stopWithNotice(track, host.ftmdOnly() ? 'ownedOnly' : purchase.length > 0 ? 'needsPurchase' : 'needsCredit');
      return;
    }
    switch (rules.previewEndAction({ signedIn: host.signedIn(), purchaseCount: purchase.length, ftmdOnly: host.ftmdOnly() })) {
      case 'purchase-options':
        return host.showOffers(track, purchase);
      case 'consume-check':
        return host.consumeCheck(track);
      case 'none':
        // FTMDOnly: no consume check by itself; the player says why it stopped, and Play asks (play()).
        return stopWithNotice(track, 'ownedOnly');
    }
  }
  // The next page may still be on its way when the last track ends.
  await loadNextPageIfNeeded();
  const ended = rules.onTrackEnd(playlist() ?? list);
  setPlayer({ playlist: ended.state });
  if (ended.action === 'ended') {
    setPlayer({ status: 'paused', position: 0 });
    setSessionPlaying(false);
    return;
  }
  await loadCurrent({ credit: 'queue' });
}

// ---- what the UI and the app call -----------------------------------------------------------

export interface PlayOptions {
  start?: number;
  collection?: CollectionPaging | null;
  consume?: boolean;
  credit?: CreditMode;
  startAt?: number;
}

/** A new playlist (a track, an album's tracks, a collection's first page) starting at `start`. */
export async function playTracks(tracks: readonly Track[], options: PlayOptions = {}): Promise<void> {
  const open = playlist();
  if (open && loaded) finishPlay(true);
  const previous = open ?? (lastSettings ? { ...lastSettings, loop: 'off' as const, shuffle: false } : null);
  const list = rules.createPlaylist(tracks, { start: options.start, collection: options.collection ?? null, ftmdOnly: host.ftmdOnly(), previous });
  if (!list) return;
  setPlayer({ playlist: list });
  await loadCurrent({ consume: options.consume, credit: options.credit, startAt: options.startAt });
}

/** A collection (audiobook, podcast) from its first page of chapters or episodes. */
export async function playCollection(collectionId: number, firstPage: readonly Track[] | null, options: { consume?: boolean; credit?: CreditMode } = {}): Promise<void> {
  let tracks = firstPage ?? [];
  let total: number | null = null;
  if (tracks.length === 0) {
    const page = await deps.collectionPage(collectionId, 0, rules.COLLECTION_PAGE_SIZE, host.lang()).catch(() => null);
    tracks = page?.entries.map(trackOf) ?? [];
    total = page?.total ?? null;
  }
  await playTracks(tracks, { collection: { id: collectionId, nextOffset: tracks.length, total }, consume: options.consume, credit: options.credit });
}

/**
 * Plays a track of the open playlist again from its start, e.g. after the user confirmed a credit for
 * it at its preview's end. False when it is not in the playlist.
 */
export async function replay(trackId: number, options: { consume?: boolean; startAt?: number } = {}): Promise<boolean> {
  const list = playlist();
  const index = list ? list.tracks.findIndex((track) => track.id === trackId) : -1;
  if (!list || index < 0) return false;
  if (loaded) finishPlay(true);
  setPlayer({ playlist: rules.jumpTo({ ...list, ended: false }, index) });
  await loadCurrent({ consume: options.consume, startAt: options.startAt });
  return true;
}

export function play(): void {
  const list = playlist();
  if (!list) return;
  const resumed = rules.resume(list);
  const { notice } = playerStore.getState();
  // FTMDOnly stopped a preview: Play is the user's word to get the track (sign in, buy, or consume it into the wallet).
  const track = current();
  if (notice?.key === 'ownedOnly' && track) {
    setPlayer({ notice: null });
    host.consumeCheck(track);
    return;
  }
  // The queue stopped at a track that needs the user's word: Play is that word, asked here and now.
  const asked = notice !== null;
  if (resumed.reload || !loaded || !engine || asked) {
    setPlayer({ playlist: resumed.state });
    void loadCurrent({ credit: asked ? 'ask' : 'preview' });
    return;
  }
  engine.play();
}

export function pause(): void {
  if (playerStore.getState().status !== 'playing') return;
  engine?.pause();
  savePosition();
}

export function togglePlay(): void {
  if (playerStore.getState().status === 'playing') pause();
  else play();
}

export async function nextTrack(): Promise<void> {
  const list = playlist();
  if (!list) return;
  finishPlay(true);
  await loadNextPageIfNeeded();
  setPlayer({ playlist: rules.next(playlist() ?? list) });
  await loadCurrent();
}

export async function previousTrack(): Promise<void> {
  const list = playlist();
  if (!list) return;
  finishPlay(true);
  setPlayer({ playlist: rules.previous(list) });
  await loadCurrent();
}

export async function jumpToTrack(trackIndex: number): Promise<void> {
  const list = playlist();
  if (!list) return;
  finishPlay(true);
  setPlayer({ playlist: rules.jumpTo(list, trackIndex) });
  await loadCurrent();
}

export function seek(seconds: number): void {
  if (!engine || !loaded) return;
  const duration = playerStore.getState().duration;
  const target = Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
  engine.seek(target);
  setPlayer({ position: target, seeking: true });
  if (seekTimer) clearTimeout(seekTimer);
  seekTimer = setTimeout(() => setPlayer({ seeking: false }), SEEK_FLAG_MS);
}

export function cycleLoop(): void {
  const list = playlist();
  if (list) setPlayer({ playlist: rules.cycleLoop(list) });
}

export function toggleShuffle(random?: rules.Random): void {
  const list = playlist();
  if (list) setPlayer({ playlist: rules.toggleShuffle(list, random) });
}

export function setVolume(volume: number): void {
  const list = playlist();
  if (!list) return;
  const next = rules.setVolume(list, volume);
  setPlayer({ playlist: next });
  engine?.setVolume(next.volume);
  engine?.setMuted(next.muted);
}

export function toggleMute(): void {
  const list = playlist();
  if (!list) return;
  const next = rules.toggleMute(list);
  setPlayer({ playlist: next });
  engine?.setMuted(next.muted);
}

/** Queue a track: guests are asked to sign in (commerce §6 queue); a new queue starts playing it. */
export function enqueue(track: Track): void {
  if (!host.signedIn()) {
    host.notify('player.signInToQueue', 'info');
    return;
  }
  const list = playlist();
  host.notify('player.queued', 'success');
  if (!list) {
    void playTracks([track]);
    return;
  }
  setPlayer({ playlist: rules.enqueue(list, track) });
}

/** Close: the play ends (report, position), the mini player disappears. */
export function closePlayer(): void {
  if (loaded) finishPlay(true);
  else stopTimers();
  loadToken += 1;
  abortSongRequest();
  engine?.stop();
  engine?.unload();
  loaded = false;
  ticket = null;
  setSessionTrack(null);
  setSessionPlaying(null);
  const list = playlist();
  // Volume and mute are kept for the next playlist.
  playerStore.setState({ ...initialPlayerState, playlist: null });
  lastSettings = list ? { volume: list.volume, muted: list.muted } : lastSettings;
}

/** Volume and mute of the last closed playlist. */
export function lastVolume(): { volume: number; muted: boolean } {
  return lastSettings ?? { volume: rules.DEFAULT_VOLUME, muted: false };
}

/** Whether this track is the one loaded now (for a preview button's pressed state). */
export function isCurrent(trackId: number): boolean {
  return current()?.id === trackId;
}

export function trackOf(entry: CollectionEntry): Track {
  return {
    id: entry.id,
    title: entry.title,
    artist: (entry.artists ?? []).slice(0, 2).map((artist) => artist.title).join(', ') || undefined,
    imageUrl: entry.imageUrl ?? null,
    contentType: entry.contentType,
    collectionId: entry.collectionInfo?.articleId ?? null,
    durationSeconds: entry.durationSeconds ?? null,
    isWalletItem: entry.isWalletItem ?? undefined,
    href: entry.href,
  };
}

/** Tests: forget the engine, timers and state. */
export function resetPlayer(): void {
  stopTimers();
  if (seekTimer) clearTimeout(seekTimer);
  stopWatching?.();
  stopWatching = null;
  engine = null;
  enginePromise = null;
  loadToken += 1;
  abortSongRequest();
  loaded = false;
  ticket = null;
  purchase = [];
  meter = freshMeter();
  pagingBusy = false;
  startedOn = null;
  lastSettings = null;
  host = defaultHost;
  deps = defaultDeps;
  playerStore.setState(initialPlayerState);
}
