import { describe, expect, it } from 'vitest';
import {
  COLLECTION_PAGE_SIZE,
  DEFAULT_VOLUME,
  answerAction,
  appendPage,
  createPlaylist,
  currentTrack,
  cycleLoop,
  enqueue,
  jumpTo,
  limitToWallet,
  needsNextPage,
  next,
  onTrackEnd,
  previewEndAction,
  previous,
  resume,
  setVolume,
  toggleMute,
  toggleShuffle,
  type PlaylistState,
  type Track,
} from '../playlist';

const track = (id: number, patch: Partial<Track> = {}): Track => ({ id, title: `Track ${id}`, contentType: 'full_track_music', ...patch });
const three = [track(1), track(2), track(3)];
const list = (patch: Partial<PlaylistState> = {}): PlaylistState => ({ ...createPlaylist(three)!, ...patch });
const ids = (state: PlaylistState) => state.order.map((index) => state.tracks[index]!.id);
/** A fixed "random" so the shuffled order is known: equal keys keep the others in their order. */
const first = () => 0;

describe('creating a playlist', () => {
  it('starts at the given track with volume 0.5, not muted, loop off, no shuffle', () => {
    const state = createPlaylist(three, { start: 1 })!;
    expect(currentTrack(state)?.id).toBe(2);
    expect(state).toMatchObject({ volume: DEFAULT_VOLUME, muted: false, loop: 'off', shuffle: false, ended: false });
  });

  it('keeps volume, mute, loop and shuffle of the previous playlist', () => {
    const state = createPlaylist(three, { start: 2, previous: { volume: 0.2, muted: true, loop: 'all', shuffle: true }, random: first })!;
    expect(state).toMatchObject({ volume: 0.2, muted: true, loop: 'all', shuffle: true });
    expect(currentTrack(state)?.id).toBe(3);
  });

  it('is nothing without tracks', () => {
    expect(createPlaylist([])).toBeNull();
  });

  it('FTMDOnly: only wallet items, starting at the chosen one when it is kept', () => {
    const tracks = [track(1), track(2, { isWalletItem: true }), track(3, { isWalletItem: true })];
    expect(limitToWallet(tracks, true).map((item) => item.id)).toEqual([2, 3]);
    expect(limitToWallet(tracks, false)).toHaveLength(3);
    const state = createPlaylist(tracks, { start: 2, ftmdOnly: true })!;
    expect(ids(state)).toEqual([2, 3]);
    expect(currentTrack(state)?.id).toBe(3);
    // The track the user pressed is always asked for (issue 47 item 2: on vela, Play and preview did nothing).
    expect(ids(createPlaylist([track(1)], { ftmdOnly: true })!)).toEqual([1]);
    const chosen = createPlaylist(tracks, { start: 0, ftmdOnly: true })!;
    expect(ids(chosen)).toEqual([1, 2, 3]);
    expect(currentTrack(chosen)?.id).toBe(1);
    expect(ids(createPlaylist([track(1), track(4), track(2, { isWalletItem: true })], { start: 0, ftmdOnly: true })!)).toEqual([1, 2]);
  });
});

describe('loop mode', () => {
  it('cycles off → all → one → off', () => {
    const modes = [list()];
    for (let i = 0; i < 3; i += 1) modes.push(cycleLoop(modes.at(-1)!));
    expect(modes.map((state) => state.loop)).toEqual(['off', 'all', 'one', 'off']);
  });
});

describe('shuffle', () => {
  it('keeps the current track current and first, the others in random order', () => {
    const state = toggleShuffle(list({ position: 1 }), first);
    expect(state.shuffle).toBe(true);
    expect(currentTrack(state)?.id).toBe(2);
    expect(state.position).toBe(0);
    expect(ids(state)).toEqual([2, 1, 3]);
  });

  it('turned off restores the original order on the same track', () => {
    const shuffled = next(toggleShuffle(list({ position: 2 }), first));
    expect(ids(shuffled)).toEqual([3, 1, 2]);
    expect(currentTrack(shuffled)?.id).toBe(1);
    const plain = toggleShuffle(shuffled);
    expect(plain.shuffle).toBe(false);
    expect(ids(plain)).toEqual([1, 2, 3]);
    expect(currentTrack(plain)?.id).toBe(1);
    expect(plain.position).toBe(0);
  });

  it('every track stays in the order exactly once', () => {
    const many = createPlaylist(Array.from({ length: 20 }, (_, i) => track(i + 1)), { start: 7 })!;
    const state = toggleShuffle(many);
    expect([...ids(state)].sort((a, b) => a - b)).toEqual(ids(many));
    expect(currentTrack(state)?.id).toBe(8);
  });
});

describe('next and previous', () => {
  it('previous on the first track goes to the last', () => {
    expect(currentTrack(previous(list()))?.id).toBe(3);
    expect(currentTrack(previous(list({ position: 2 })))?.id).toBe(2);
  });

  it('next moves on, and from the last starts again at the first', () => {
    expect(currentTrack(next(list()))?.id).toBe(2);
    expect(currentTrack(next(list({ position: 2 })))?.id).toBe(1);
  });

  it('a skip clears the ended mark', () => {
    expect(next(list({ position: 2, ended: true })).ended).toBe(false);
    expect(previous(list({ position: 2, ended: true })).ended).toBe(false);
  });

  it('jumps to a track from the queue, in shuffled order too', () => {
    const state = jumpTo(toggleShuffle(list(), first), 2);
    expect(currentTrack(state)?.id).toBe(3);
    expect(jumpTo(list(), 9)).toEqual(list());
  });
});

describe('the end of a track', () => {
  it('plays the next track', () => {
    const { state, action } = onTrackEnd(list());
    expect(action).toBe('play');
    expect(currentTrack(state)?.id).toBe(2);
  });

  it('repeat one reloads the same track, also the last', () => {
    for (const position of [0, 2]) {
      const { state, action } = onTrackEnd(list({ loop: 'one', position }));
      expect(action).toBe('reload');
      expect(state.position).toBe(position);
    }
  });

  it('repeat all restarts at the first after the last', () => {
    const { state, action } = onTrackEnd(list({ loop: 'all', position: 2 }));
    expect(action).toBe('play');
    expect(currentTrack(state)?.id).toBe(1);
  });

  it('without repeat the list is marked ended on its last track, and the next play reloads it', () => {
    const { state, action } = onTrackEnd(list({ position: 2 }));
    expect(action).toBe('ended');
    expect(state.ended).toBe(true);
    expect(currentTrack(state)?.id).toBe(3);
    const resumed = resume(state);
    expect(resumed.reload).toBe(true);
    expect(resumed.state.ended).toBe(false);
    expect(resume(list()).reload).toBe(false);
  });

  it('the end of a shuffled list follows the shuffled order', () => {
    const shuffled = toggleShuffle(list({ position: 1 }), first);
    const a = onTrackEnd(shuffled);
    const b = onTrackEnd(a.state);
    expect([currentTrack(a.state)?.id, currentTrack(b.state)?.id]).toEqual([1, 3]);
    expect(onTrackEnd(b.state).action).toBe('ended');
  });
});

describe('collections in pages of 10', () => {
  const chapters = Array.from({ length: COLLECTION_PAGE_SIZE }, (_, i) => track(100 + i, { contentType: 'audio_book_chapter' }));
  const paged = (total: number | null) => createPlaylist(chapters, { collection: { id: 50, nextOffset: 10, total } })!;

  it('asks for the next page only on the last track and while there is more', () => {
    expect(needsNextPage(paged(25))).toBe(false);
    expect(needsNextPage({ ...paged(25), position: 9 })).toBe(true);
    expect(needsNextPage({ ...paged(10), position: 9 })).toBe(false);
    expect(needsNextPage({ ...paged(null), position: 9 })).toBe(true);
    expect(needsNextPage({ ...list(), position: 2 })).toBe(false);
  });

  it('appends a page at the end of the order and moves the offset', () => {
    const page = Array.from({ length: 10 }, (_, i) => track(110 + i, { contentType: 'audio_book_chapter' }));
    const state = appendPage({ ...paged(25), position: 9 }, page, 25);
    expect(state.tracks).toHaveLength(20);
    expect(state.collection).toEqual({ id: 50, nextOffset: 20, total: 25 });
    const ended = onTrackEnd(state);
    expect(currentTrack(ended.state)?.id).toBe(110);
  });

  it('an empty page ends the paging; known tracks are not added twice', () => {
    const state = appendPage({ ...paged(null), position: 9 }, [], 30);
    expect(needsNextPage(state)).toBe(false);
    expect(appendPage(paged(25), [chapters[0]!], 25).tracks).toHaveLength(10);
  });
});

describe('volume, mute and the queue', () => {
  it('clamps the volume to 0..1 and unmutes on a change', () => {
    expect(setVolume(list(), 3).volume).toBe(1);
    expect(setVolume(list(), -1).volume).toBe(0);
    expect(setVolume(list(), Number.NaN).volume).toBe(DEFAULT_VOLUME);
    expect(setVolume(list({ muted: true }), 0.7).muted).toBe(false);
    expect(toggleMute(list()).muted).toBe(true);
    expect(toggleMute(toggleMute(list())).muted).toBe(false);
  });

  it('queues a track at the end once', () => {
    const state = enqueue(list(), track(4));
    expect(ids(state)).toEqual([1, 2, 3, 4]);
    expect(enqueue(state, track(2))).toBe(state);
  });
});

describe('what a /song answer and a preview end mean', () => {
  it('a URL plays; an empty URL with purchase options opens the purchase dialog; none at all closes', () => {
    expect(answerAction({ url: 'https://x/a.mp3', purchase: [] })).toBe('play');
    expect(answerAction({ url: '', purchase: [{}] })).toBe('purchase-dialog');
    expect(answerAction({ url: '', purchase: [] })).toBe('close');
  });

  it('a preview end: purchase options for a user who has them, else the consume check; FTMDOnly never checks', () => {
    expect(previewEndAction({ signedIn: true, purchaseCount: 2, ftmdOnly: false })).toBe('purchase-options');
    expect(previewEndAction({ signedIn: true, purchaseCount: 0, ftmdOnly: false })).toBe('consume-check');
    expect(previewEndAction({ signedIn: false, purchaseCount: 2, ftmdOnly: false })).toBe('consume-check');
    expect(previewEndAction({ signedIn: true, purchaseCount: 2, ftmdOnly: true })).toBe('purchase-options');
    expect(previewEndAction({ signedIn: false, purchaseCount: 2, ftmdOnly: true })).toBe('none');
  });
});
