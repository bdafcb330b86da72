import { describe, expect, it, vi } from 'vitest';
import { audioErrorOf } from '../audio-errors';
import { CURRENT_TRACK_TIME_KEY, announcePlaying, watchOtherTabs } from '../cross-tab';
import { formatOf } from '../howler-engine';
import { setSessionHandlers, setSessionTrack } from '../media-session';
import { REPORT_EVERY_SECONDS, countSecond, freshMeter, reachedMarks, takeUsage } from '../report-meter';

describe('the report meter', () => {
  it('is due after 15 played seconds and counts no paused second', () => {
    let meter = freshMeter();
    let due = 0;
    for (let second = 0; second < 40; second += 1) {
      const counted = countSecond(meter, second % 2 === 0);
      meter = counted.meter;
      if (counted.due) {
        due += 1;
        meter = takeUsage(meter).meter;
      }
    }
    // 40 wall seconds, 20 of them played: one report, 5 seconds pending.
    expect(due).toBe(1);
    expect(meter.unreported).toBe(5);
    expect(REPORT_EVERY_SECONDS).toBe(15);
  });

  it('hands over the unreported seconds and starts again', () => {
    const taken = takeUsage({ unreported: 9, marks: [] });
    expect(taken.usage).toBe(9);
    expect(taken.meter.unreported).toBe(0);
  });

  it('reaches 25/50/75/100 % once each, several at once after a seek', () => {
    let meter = freshMeter();
    const step = (position: number) => {
      const reached = reachedMarks(meter, position, 200);
      meter = reached.meter;
      return reached.marks;
    };
    expect(step(10)).toEqual([]);
    expect(step(50)).toEqual([25]);
    expect(step(60)).toEqual([]);
    expect(step(160)).toEqual([50, 75]);
    expect(step(199.9)).toEqual([100]);
    expect(step(200)).toEqual([]);
    expect(reachedMarks(freshMeter(), 5, 0).marks).toEqual([]);
  });
});

describe('audio error messages', () => {
  it('maps Howler sentences and media error codes to the spec messages', () => {
    expect(audioErrorOf('load', 'No audio support.')).toEqual({ key: 'noAudioSupport' });
    expect(audioErrorOf('load', 'No codec support for selected audio sources.')).toEqual({ key: 'noCodecSupport' });
    expect(audioErrorOf('load', 'Decoding audio data failed.')).toEqual({ key: 'decodingFailed' });
    expect(audioErrorOf('load', 'Failed loading audio file with status: 403.')).toEqual({ key: 'loadFailed', code: 403 });
    expect(audioErrorOf('load', 4)).toEqual({ key: 'noCodecSupport' });
    expect(audioErrorOf('load', 3)).toEqual({ key: 'decodingFailed' });
    expect(audioErrorOf('load', 2)).toEqual({ key: 'loadFailed', code: 2 });
    expect(audioErrorOf('load', undefined)).toEqual({ key: 'loadFailed' });
    expect(audioErrorOf('play', 'Playback was unable to start.')).toEqual({ key: 'needsInteraction' });
  });
});

describe('the cross-tab signal', () => {
  it('writes currentTrackTime when playing starts', () => {
    announcePlaying(localStorage, 1234);
    expect(localStorage.getItem(CURRENT_TRACK_TIME_KEY)).toBe('1234');
  });

  it('pauses on another tab’s write only', () => {
    const onOther = vi.fn();
    const stop = watchOtherTabs(onOther);
    window.dispatchEvent(new StorageEvent('storage', { key: 'recentSearch', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_TRACK_TIME_KEY, newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_TRACK_TIME_KEY, newValue: '99' }));
    expect(onOther).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: CURRENT_TRACK_TIME_KEY, newValue: '100' }));
    expect(onOther).toHaveBeenCalledTimes(1);
  });

  it('survives a storage that refuses writes', () => {
    expect(() => announcePlaying({ setItem: () => { throw new Error('quota'); } })).not.toThrow();
  });
});

describe('the media session', () => {
  it('does nothing where the API is missing', () => {
    expect(() => setSessionTrack({ title: 'A' }, {} as Navigator)).not.toThrow();
    expect(() => setSessionHandlers(null, undefined)).not.toThrow();
  });

  it('sets metadata and the handlers where it exists', () => {
    const handlers = new Map<string, unknown>();
    const mediaSession = { metadata: null as unknown, playbackState: 'none', setActionHandler: (action: string, handler: unknown) => handlers.set(action, handler) };
    vi.stubGlobal('MediaMetadata', class { constructor(public init: unknown) {} });
    setSessionTrack({ title: 'Neon Skyline', artist: 'Luna', imageUrl: 'https://x/a.webp' }, { mediaSession } as unknown as Navigator);
    expect((mediaSession.metadata as { init: unknown }).init).toEqual({ title: 'Neon Skyline', artist: 'Luna', artwork: [{ src: 'https://x/a.webp' }] });
    const next = vi.fn();
    setSessionHandlers({ play: vi.fn(), pause: vi.fn(), previous: vi.fn(), next, seekTo: vi.fn() }, { mediaSession } as unknown as Navigator);
    (handlers.get('nexttrack') as () => void)();
    expect(next).toHaveBeenCalled();
    expect([...handlers.keys()]).toEqual(['play', 'pause', 'previoustrack', 'nexttrack', 'seekto']);
    vi.unstubAllGlobals();
  });
});

describe('the Howler format', () => {
  it('comes from the URL extension, ignoring the query, else mp3', () => {
    expect(formatOf('https://cdn/audio/2101.m4a?sig=abc.def')).toEqual(['m4a']);
    expect(formatOf('/backend/media/file/abc?sig=x')).toEqual(['mp3']);
  });
});
