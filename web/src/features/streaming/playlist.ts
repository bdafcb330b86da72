/**
 * The music player's playlist state (commerce §3 "Playlist state", §4 "Music player") as pure
 * functions: every rule here is decided without an audio engine, so each is a Vitest case.
 * `tracks` keeps the original order; `order` is the play order (shuffled or not) as indices into it,
 * and `position` is where in `order` the current track is.
 */

export type LoopMode = 'off' | 'all' | 'one';

export interface Track {
  id: number;
  title: string;
  artist?: string;
  imageUrl?: string | null;
  contentType: string;
  /** The album, audiobook or podcast it belongs to. */
  collectionId?: number | null;
  durationSeconds?: number | null;
  isWalletItem?: boolean;
  href?: string;
}

/** A collection whose tracks are loaded in pages (audiobook chapters, podcast episodes). */
export interface CollectionPaging {
  id: number;
  /** The offset of the next page. */
  nextOffset: number;
  /** Known after the first page. */
  total: number | null;
}

export interface PlaylistState {
  tracks: readonly Track[];
  order: readonly number[];
  position: number;
  loop: LoopMode;
  shuffle: boolean;
  /** The last track ended without repeat: the next play reloads the current track. */
  ended: boolean;
  volume: number;
  muted: boolean;
  collection: CollectionPaging | null;
}

/** Commerce §9. */
export const DEFAULT_VOLUME = 0.5;
export const COLLECTION_PAGE_SIZE = 10;

export type Random = () => number;

const identity = (length: number) => Array.from({ length }, (_, index) => index);

export interface PlaylistOptions {
  /** Index (in `tracks`) of the first track to play. */
  start?: number;
  collection?: CollectionPaging | null;
  /** FTMDOnly tenants: only wallet items are played. */
  ftmdOnly?: boolean;
  /** Volume, mute, loop and shuffle carry over from the previous playlist. */
  previous?: Pick<PlaylistState, 'volume' | 'muted' | 'loop' | 'shuffle'> | null;
  random?: Random;
}

/**
 * FTMDOnly: the playlist is limited to wallet items (commerce §4), except `chosen`, the track the user pressed Play
 * or preview on: it is asked for as always (a preview, or in full when the server allows it), so a button never does
 * nothing (issue 47 item 2); the tracks around it that the user does not own stay out of the queue.
 */
export function limitToWallet(tracks: readonly Track[], ftmdOnly: boolean, chosen?: Track): Track[] {
  return ftmdOnly ? tracks.filter((track) => track.isWalletItem === true || track === chosen) : [...tracks];
}

export function createPlaylist(input: readonly Track[], options: PlaylistOptions = {}): PlaylistState | null {
  const startTrack = input[options.start ?? 0];
  const tracks = limitToWallet(input, options.ftmdOnly ?? false, startTrack);
  if (tracks.length === 0) return null;
  const start = Math.max(0, startTrack ? tracks.indexOf(startTrack) : 0);
  const previous = options.previous;
  const base: PlaylistState = {
    tracks,
    order: identity(tracks.length),
    position: start,
    loop: previous?.loop ?? 'off',
    shuffle: false,
    ended: false,
    volume: previous?.volume ?? DEFAULT_VOLUME,
    muted: previous?.muted ?? false,
    collection: options.collection ?? null,
  };
  return previous?.shuffle ? toggleShuffle(base, options.random) : base;
}

export function currentTrack(state: PlaylistState): Track | null {
  const index = state.order[state.position];
  return index === undefined ? null : (state.tracks[index] ?? null);
}

export function isLast(state: PlaylistState): boolean {
  return state.position >= state.order.length - 1;
}

/** Loop button: off → repeat all → repeat one → off. */
export function cycleLoop(state: PlaylistState): PlaylistState {
  const loop: LoopMode = state.loop === 'off' ? 'all' : state.loop === 'all' ? 'one' : 'off';
  return { ...state, loop };
}

/**
 * Shuffle on: the current track stays current and first, the others follow in random order.
 * Shuffle off: the original order again, still on the same track.
 */
export function toggleShuffle(state: PlaylistState, random: Random = Math.random): PlaylistState {
  const current = state.order[state.position] ?? 0;
  if (state.shuffle) return { ...state, shuffle: false, order: identity(state.tracks.length), position: current };
  // Sorting by random keys: every order of the others is equally likely.
  const rest = identity(state.tracks.length)
    .filter((index) => index !== current)
    .map((index) => ({ index, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ index }) => index);
  return { ...state, shuffle: true, order: [current, ...rest], position: 0 };
}

/** The next button: the following track; after the last, the first (a skip always plays something). */
export function next(state: PlaylistState): PlaylistState {
  return { ...state, ended: false, position: isLast(state) ? 0 : state.position + 1 };
}

/** The previous button: the track before; on the first, the last. */
export function previous(state: PlaylistState): PlaylistState {
  return { ...state, ended: false, position: state.position === 0 ? state.order.length - 1 : state.position - 1 };
}

/** Play a given track (by its index in `tracks`), e.g. from the queue list. */
export function jumpTo(state: PlaylistState, trackIndex: number): PlaylistState {
  const position = state.order.indexOf(trackIndex);
  return position < 0 ? state : { ...state, ended: false, position };
}

export type EndAction = 'reload' | 'play' | 'ended';

/**
 * A track ended. Repeat one reloads it; otherwise the next one plays; after the last, repeat all
 * restarts at the first, else the playlist is marked ended (and stays on the last track).
 */
export function onTrackEnd(state: PlaylistState): { state: PlaylistState; action: EndAction } {
  if (state.loop === 'one') return { state, action: 'reload' };
  if (!isLast(state)) return { state: { ...state, position: state.position + 1 }, action: 'play' };
  if (state.loop === 'all') return { state: { ...state, position: 0 }, action: 'play' };
  return { state: { ...state, ended: true }, action: 'ended' };
}

/** Play pressed: after the end of the list the current track is loaded again from the start. */
export function resume(state: PlaylistState): { state: PlaylistState; reload: boolean } {
  return state.ended ? { state: { ...state, ended: false }, reload: true } : { state, reload: false };
}

/** Adds a track at the end of the queue (it also ends a shuffled order). Already queued: unchanged. */
export function enqueue(state: PlaylistState, track: Track): PlaylistState {
  if (state.tracks.some((item) => item.id === track.id)) return state;
  return { ...state, tracks: [...state.tracks, track], order: [...state.order, state.tracks.length] };
}

/** The last track is reached and the collection has more: time to load the next page. */
export function needsNextPage(state: PlaylistState): boolean {
  const { collection } = state;
  if (!collection || !isLast(state)) return false;
  return collection.total === null || collection.nextOffset < collection.total;
}

/** A loaded page of the collection: new tracks join the end of the play order. */
export function appendPage(state: PlaylistState, page: readonly Track[], total: number, ftmdOnly = false): PlaylistState {
  if (!state.collection) return state;
  const known = new Set(state.tracks.map((track) => track.id));
  const fresh = limitToWallet(page, ftmdOnly).filter((track) => !known.has(track.id));
  const collection: CollectionPaging = { ...state.collection, nextOffset: state.collection.nextOffset + page.length, total };
  // An empty page ends the paging even when `total` says otherwise.
  if (page.length === 0) collection.total = collection.nextOffset;
  return {
    ...state,
    tracks: [...state.tracks, ...fresh],
    order: [...state.order, ...fresh.map((_, index) => state.tracks.length + index)],
    collection,
  };
}

export function setVolume(state: PlaylistState, volume: number): PlaylistState {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : DEFAULT_VOLUME));
  return { ...state, volume: clamped, muted: clamped === 0 ? state.muted : false };
}

export function toggleMute(state: PlaylistState): PlaylistState {
  return { ...state, muted: !state.muted };
}

export type AnswerAction = 'play' | 'purchase-dialog' | 'close';

/**
 * What a `/song` answer means: a URL plays (full or preview); an empty URL with purchase options
 * opens the purchase dialog and does not play; no URL and no preview closes the mini player.
 */
export function answerAction(answer: { url: string; purchase: readonly unknown[] }): AnswerAction {
  if (answer.url) return 'play';
  return answer.purchase.length > 0 ? 'purchase-dialog' : 'close';
}

export type PreviewEndAction = 'purchase-options' | 'consume-check' | 'none';

/**
 * A preview ended (commerce §4): a signed-in user with purchase options sees them; otherwise the
 * consume check runs (a guest is asked to sign in there). With FTMDOnly the preview end never
 * triggers the consume check.
 */
export function previewEndAction({ signedIn, purchaseCount, ftmdOnly }: { signedIn: boolean; purchaseCount: number; ftmdOnly: boolean }): PreviewEndAction {
  if (signedIn && purchaseCount > 0) return 'purchase-options';
  return ftmdOnly ? 'none' : 'consume-check';
}
