import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioEngine, EngineEvents } from '../engine';
import * as player from '../player';
import { playerStore } from '../player-store';
import type { Track } from '../playlist';
import type { MusicTrack } from '../types';

/** A fake audio engine: plays instantly, its position is whatever the test sets. */
class FakeEngine implements AudioEngine {
  events: EngineEvents | null = null;
  url = '';
  loads: string[] = [];
  at = 0;
  length = 180;
  playing = false;
  volume = -1;
  muted = false;
  load(url: string, events: EngineEvents, options: { volume: number; muted: boolean }) {
    this.url = url;
    this.loads.push(url);
    this.events = events;
    this.volume = options.volume;
    this.muted = options.muted;
    this.at = 0;
    events.onLoad();
  }
  play() {
    this.playing = true;
    this.events?.onPlay();
  }
  pause() {
    this.playing = false;
    this.events?.onPause();
  }
  stop() {
    this.playing = false;
  }
  seek(seconds: number) {
    this.at = seconds;
  }
  position() {
    return this.at;
  }
  duration() {
    return this.length;
  }
  setVolume(volume: number) {
    this.volume = volume;
  }
  setMuted(muted: boolean) {
    this.muted = muted;
  }
  unload() {
    this.events = null;
  }
  /** Plays `seconds` of audio: the position moves and the timers run. */
  async advance(seconds: number) {
    for (let i = 0; i < seconds * 10; i += 1) {
      if (this.playing) this.at += 0.1;
      await vi.advanceTimersByTimeAsync(100);
    }
  }
  end() {
    this.playing = false;
    this.events?.onEnd();
  }
}

const track = (id: number, patch: Partial<Track> = {}): Track => ({ id, title: `Track ${id}`, contentType: 'full_track_music', durationSeconds: 180, ...patch });
const full = (id: number): MusicTrack => ({ url: `https://media/${id}.mp3?sig=1`, isPreview: false, purchase: [], ticket: `t-${id}` });
const preview = (id: number, purchase: MusicTrack['purchase'] = []): MusicTrack => ({ url: `https://media/${id}-preview.mp3`, isPreview: true, purchase, ticket: null });
const offer = { purchaseIdentifier: 'p1', type: 'DTO' as const, title: 'Buy', price: { amount: 99, currency: 'EUR' }, consumable: false, sort: 1, subscriptionType: null };
const ok = <T,>(data: T) => Promise.resolve({ ok: true, status: 200, code: null, data });

let engine: FakeEngine;
let songs: Map<number, MusicTrack>;
const deps = () => ({
  song: vi.fn(({ id }: { id: number }) => ok(songs.get(id) ?? full(id))),
  report: vi.fn(() => ok(null)),
  getHistory: vi.fn(() => Promise.resolve({ ok: false, status: 404, code: 'NOT_FOUND', data: null })),
  putHistory: vi.fn(() => ok(null)),
  postHistory: vi.fn(() => ok(null)),
  collectionPage: vi.fn(),
  announce: vi.fn(),
});
let calls: ReturnType<typeof deps>;
const host = () => ({ signedIn: vi.fn(() => true), ftmdOnly: vi.fn(() => false), login: vi.fn(), showOffers: vi.fn(), consumeCheck: vi.fn(), notify: vi.fn(), progress: vi.fn<(track: Track, percent: number, isPreview: boolean) => void>() });
let app: ReturnType<typeof host>;

const state = () => playerStore.getState();
const currentId = () => {
  const list = state().playlist!;
  return list.tracks[list.order[list.position]!]!.id;
};

beforeEach(() => {
  vi.useFakeTimers();
  engine = new FakeEngine();
  songs = new Map();
  calls = deps();
  app = host();
  player.setPlayerDeps({ ...calls, engine: () => Promise.resolve(engine) });
  player.configurePlayer(app);
});

afterEach(() => {
  player.resetPlayer();
  vi.useRealTimers();
});

describe('playing a list', () => {
  it('asks /song for the track and plays the signed URL at volume 0.5', async () => {
    await player.playTracks([track(1), track(2)]);
    expect(calls.song).toHaveBeenCalledWith({ id: 1, consume: false, asGuest: false, signal: expect.any(AbortSignal) as AbortSignal });
    expect(engine.url).toBe('https://media/1.mp3?sig=1');
    expect(engine.volume).toBe(0.5);
    expect(state().status).toBe('playing');
    expect(calls.announce).toHaveBeenCalled();
    expect(calls.postHistory).toHaveBeenCalledWith('PLAY', 1, 'full_track_music');
  });

  it('sends consume:true only when the flow confirmed a credit', async () => {
    await player.playTracks([track(1)], { consume: true });
    expect(calls.song).toHaveBeenCalledWith({ id: 1, consume: true, asGuest: false, signal: expect.any(AbortSignal) as AbortSignal });
  });

  it('moves on at the end of a track; without repeat it stops on the last and the next play reloads it', async () => {
    await player.playTracks([track(1), track(2)]);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(currentId()).toBe(2);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().playlist?.ended).toBe(true);
    expect(state().status).toBe('paused');
    expect(engine.loads).toHaveLength(2);
    player.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.loads).toEqual(['https://media/1.mp3?sig=1', 'https://media/2.mp3?sig=1', 'https://media/2.mp3?sig=1']);
    expect(state().status).toBe('playing');
  });

  it('repeat all restarts at the first; repeat one reloads the same', async () => {
    await player.playTracks([track(1), track(2)], { start: 1 });
    player.cycleLoop();
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(currentId()).toBe(1);
    player.cycleLoop();
    expect(state().playlist?.loop).toBe('one');
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(currentId()).toBe(1);
    expect(engine.loads.at(-1)).toBe('https://media/1.mp3?sig=1');
    expect(engine.loads).toHaveLength(3);
  });

  it('skips, goes back from the first to the last, shuffles keeping the track', async () => {
    await player.playTracks([track(1), track(2), track(3)]);
    await player.previousTrack();
    expect(currentId()).toBe(3);
    await player.nextTrack();
    expect(currentId()).toBe(1);
    player.toggleShuffle(() => 0.5);
    expect(currentId()).toBe(1);
    expect(state().playlist?.shuffle).toBe(true);
  });

  it('skipping on before /song answers cancels that request (commerce §7 getMusicTrack with an abort signal; issue 72 item 14)', async () => {
    const signals: AbortSignal[] = [];
    calls.song.mockImplementation(({ id, signal }: { id: number; signal?: AbortSignal }) => {
      signals.push(signal!);
      // The first track's answer never comes; the others answer at once.
      return id === 1 ? new Promise<never>(() => undefined) : ok(full(id));
    });
    void player.playTracks([track(1), track(2), track(3)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    await player.nextTrack();
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(engine.url).toBe('https://media/2.mp3?sig=1');
    // Closing the player while a request is out cancels it too.
    calls.song.mockImplementation(({ signal }: { id: number; signal?: AbortSignal }) => {
      signals.push(signal!);
      return new Promise<never>(() => undefined);
    });
    void player.nextTrack();
    await vi.advanceTimersByTimeAsync(0);
    player.closePlayer();
    expect(signals[2]!.aborted).toBe(true);
  });

  it('volume and mute reach the engine', async () => {
    await player.playTracks([track(1)]);
    player.setVolume(0.8);
    player.toggleMute();
    expect(engine.volume).toBe(0.8);
    expect(engine.muted).toBe(true);
  });
});

describe('listening reports', () => {
  it('reports every 15 s of played time on the ticket, never counting paused time', async () => {
    await player.playTracks([track(1)]);
    await engine.advance(10);
    player.pause();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.report).not.toHaveBeenCalled();
    player.play();
    await engine.advance(5);
    expect(calls.report).toHaveBeenCalledTimes(1);
    expect(calls.report).toHaveBeenCalledWith(expect.objectContaining({ ticketId: 't-1', type: 'listened', usageDuration: 15, maxUsageDuration: 180, offline: false, partial: true }));
    // The position is saved with the report (and was on pause).
    expect(calls.putHistory).toHaveBeenCalledWith(1, expect.objectContaining({ contentType: 'full_track_music' }));
    await engine.advance(15);
    expect(calls.report).toHaveBeenCalledTimes(2);
  });

  it('a refused report stops reporting for that ticket', async () => {
    calls.report.mockImplementation(() => Promise.resolve({ ok: false, status: 403, code: 'TICKET_EXPIRED', data: null }) as never);
    await player.playTracks([track(1)]);
    await engine.advance(31);
    expect(calls.report).toHaveBeenCalledTimes(1);
  });

  it('the rest is reported as the final part when the track ends', async () => {
    await player.playTracks([track(1)]);
    await engine.advance(7);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.report).toHaveBeenLastCalledWith(expect.objectContaining({ usageDuration: 7, partial: false }));
  });

  it('previews carry no ticket: no report, no history', async () => {
    songs.set(1, preview(1));
    await player.playTracks([track(1)]);
    await engine.advance(20);
    expect(calls.report).not.toHaveBeenCalled();
    expect(calls.postHistory).not.toHaveBeenCalled();
    expect(calls.putHistory).not.toHaveBeenCalled();
  });

  it('sends progress at 25, 50, 75 and 100 %', async () => {
    engine.length = 8;
    await player.playTracks([track(1, { durationSeconds: 8 })]);
    await engine.advance(8.2);
    expect(app.progress.mock.calls.map((call) => call[1])).toEqual([25, 50, 75, 100]);
  });
});

describe('previews, empty answers and guests', () => {
  it('a guest asks as a guest, hears the preview, and its end runs the consume check (which asks to sign in)', async () => {
    app.signedIn.mockReturnValue(false);
    songs.set(1, preview(1, [offer]));
    await player.playTracks([track(1)]);
    expect(calls.song).toHaveBeenCalledWith({ id: 1, consume: false, asGuest: true, signal: expect.any(AbortSignal) as AbortSignal });
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.consumeCheck).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(app.showOffers).not.toHaveBeenCalled();
  });

  it('a user’s preview end shows the purchase options of the answer', async () => {
    songs.set(1, preview(1, [offer]));
    await player.playTracks([track(1), track(2)]);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.showOffers).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), [offer]);
    // It does not go on to the next track.
    expect(currentId()).toBe(1);
  });

  it('FTMDOnly: no consume check at a preview end; the player says why it stopped, and Play asks', async () => {
    app.signedIn.mockReturnValue(false);
    app.ftmdOnly.mockReturnValue(true);
    songs.set(1, preview(1));
    await player.playTracks([track(1, { isWalletItem: true })]);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.consumeCheck).not.toHaveBeenCalled();
    expect(state().notice).toEqual({ key: 'ownedOnly', title: 'Track 1' });
    player.play();
    expect(app.consumeCheck).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(state().notice).toBeNull();
  });

  it('FTMDOnly: a track the user does not own still plays its preview when pressed (issue 47 item 2)', async () => {
    app.signedIn.mockReturnValue(false);
    app.ftmdOnly.mockReturnValue(true);
    songs.set(1, preview(1));
    await player.playTracks([track(1)]);
    expect(engine.loads).toHaveLength(1);
    expect(currentId()).toBe(1);
  });

  it('an empty URL with purchase options opens the purchase dialog and plays nothing', async () => {
    songs.set(1, { url: '', isPreview: true, purchase: [offer], ticket: null });
    await player.playTracks([track(1)]);
    expect(app.showOffers).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), [offer]);
    expect(engine.loads).toHaveLength(0);
    expect(state().playlist).not.toBeNull();
  });

  it('no URL and no preview closes the mini player', async () => {
    songs.set(1, { url: '', isPreview: true, purchase: [], ticket: null });
    await player.playTracks([track(1)]);
    expect(state().playlist).toBeNull();
  });

  it('queue: a guest gets the sign-in snackbar, a user the queued one', async () => {
    app.signedIn.mockReturnValue(false);
    player.enqueue(track(9));
    expect(app.notify).toHaveBeenCalledWith('player.signInToQueue', 'info');
    expect(state().playlist).toBeNull();
    app.signedIn.mockReturnValue(true);
    await player.playTracks([track(1)]);
    player.enqueue(track(9));
    expect(app.notify).toHaveBeenLastCalledWith('player.queued', 'success');
    expect(state().playlist?.tracks.map((item) => item.id)).toEqual([1, 9]);
  });

  it('a failed /song shows the load error', async () => {
    calls.song.mockImplementation(() => Promise.resolve({ ok: false, status: 500, code: 'INTERNAL', data: null }) as never);
    await player.playTracks([track(1)]);
    expect(state().error).toEqual({ key: 'loadFailed', code: 500 });
  });

  it('too many plays in a short time (429) says so, not a load failure', async () => {
    calls.song.mockImplementation(() => Promise.resolve({ ok: false, status: 429, code: 'TOO_MANY_REQUESTS', data: { retryAfter: 60 } }) as never);
    await player.playTracks([track(1)]);
    expect(state().error).toEqual({ key: 'tooManyPlays' });
    expect(state().status).toBe('paused');
  });

  it('a play that needs a user interaction shows that error', async () => {
    await player.playTracks([track(1)]);
    engine.events?.onPlayError('Playback was unable to start.');
    expect(state().error).toEqual({ key: 'needsInteraction' });
    expect(state().status).toBe('paused');
  });
});

describe('tracks a credit unlocks (issue 30)', () => {
  it('the queue moving on to a track that needs a credit opens nothing: it stops there and says so quietly', async () => {
    songs.set(2, preview(2));
    await player.playTracks([track(1), track(2)]);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(currentId()).toBe(2);
    expect(app.consumeCheck).not.toHaveBeenCalled();
    expect(app.showOffers).not.toHaveBeenCalled();
    expect(engine.loads).toEqual(['https://media/1.mp3?sig=1']);
    expect(state().status).toBe('paused');
    expect(state().notice).toEqual({ key: 'needsCredit', title: 'Track 2' });
    // Play in the mini player is the user's word: the question names that track, here and now.
    player.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.consumeCheck).toHaveBeenCalledWith(expect.objectContaining({ id: 2, title: 'Track 2' }));
    expect(state().notice).toBeNull();
  });

  it('a track with offers reached by the queue stops with its note instead of the purchase dialog', async () => {
    songs.set(2, preview(2, [offer]));
    await player.playTracks([track(1), track(2)]);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.showOffers).not.toHaveBeenCalled();
    expect(state().notice).toEqual({ key: 'needsPurchase', title: 'Track 2' });
  });

  it('Play on an album asks at once for the first track that needs a credit, by that track, and plays no preview', async () => {
    songs.set(1, preview(1));
    await player.playTracks([track(1), track(2)], { credit: 'ask' });
    expect(app.consumeCheck).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(engine.loads).toHaveLength(0);
  });

  it('owned tracks of an album play in full without a question', async () => {
    await player.playTracks([track(1), track(2)], { credit: 'ask' });
    expect(app.consumeCheck).not.toHaveBeenCalled();
    expect(state().status).toBe('playing');
  });

  it('a preview’s end asks only on the page the play started from', async () => {
    const page = vi.fn(() => '/music/albums/neon-skyline/30001');
    player.configurePlayer({ ...app, page });
    songs.set(1, preview(1));
    await player.playTracks([track(1)]);
    page.mockReturnValue('/profile');
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.consumeCheck).not.toHaveBeenCalled();
    expect(state().notice).toEqual({ key: 'needsCredit', title: 'Track 1' });
  });
});

describe('collections and history', () => {
  const chapter = (id: number) => track(id, { contentType: 'audio_book_chapter', durationSeconds: 600 });

  it('loads the next 10 chapters when the last loaded one starts', async () => {
    calls.collectionPage.mockImplementation((_id: number, offset: number) =>
      Promise.resolve({ entries: Array.from({ length: 10 }, (_, i) => ({ id: 200 + offset + i, title: 'C', contentType: 'audio_book_chapter' })), total: 20, offset, limit: 10 }),
    );
    await player.playCollection(7, null);
    expect(calls.collectionPage).toHaveBeenCalledWith(7, 0, 10, 'en');
    expect(state().playlist?.tracks).toHaveLength(10);
    await player.jumpToTrack(9);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.collectionPage).toHaveBeenLastCalledWith(7, 10, 10, 'en');
    expect(state().playlist?.tracks).toHaveLength(20);
    engine.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(currentId()).toBe(210);
  });

  it('History’s Resume starts a track where the user left it, and a recorded play marks the history stale (issue 30)', async () => {
    const historyChanged = vi.fn();
    player.configurePlayer({ ...app, historyChanged });
    await player.playTracks([track(9)], { startAt: 21 });
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.at).toBe(21);
    expect(state().position).toBe(21);
    expect(calls.postHistory).toHaveBeenCalledWith('PLAY', 9, 'full_track_music');
    expect(historyChanged).toHaveBeenCalled();
    historyChanged.mockClear();
    player.pause();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.putHistory).toHaveBeenCalledWith(9, { userCurrentPlaying: 21, contentType: 'full_track_music' });
    expect(historyChanged).toHaveBeenCalled();
  });

  it('a chapter resumes at the saved position', async () => {
    calls.getHistory.mockImplementation(() => ok({ userCurrentPlaying: 125, contentType: 'audio_book_chapter' }) as never);
    await player.playTracks([chapter(5)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.at).toBe(125);
    expect(calls.getHistory).toHaveBeenCalledWith(5);
  });

  it('guests send no history at all', async () => {
    app.signedIn.mockReturnValue(false);
    await player.playTracks([chapter(5)]);
    await engine.advance(16);
    player.pause();
    expect(calls.getHistory).not.toHaveBeenCalled();
    expect(calls.postHistory).not.toHaveBeenCalled();
    expect(calls.putHistory).not.toHaveBeenCalled();
  });

  it('another tab playing pauses this one', async () => {
    await player.playTracks([track(1)]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'currentTrackTime', newValue: String(Date.now()) }));
    expect(state().status).toBe('paused');
  });

  it('seeking holds the bar for 200 ms', async () => {
    await player.playTracks([track(1)]);
    player.seek(60);
    expect(state()).toMatchObject({ position: 60, seeking: true });
    await vi.advanceTimersByTimeAsync(200);
    expect(state().seeking).toBe(false);
  });
});
