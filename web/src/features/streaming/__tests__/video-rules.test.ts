import { describe, expect, it } from 'vitest';
import { isHlsUrl } from '../video-engine';
import { keyAction, nextVolume, seekTarget, SEEK_STEP_SECONDS } from '../video-keys';
import { AUTO_LEVEL, levelLabel, playingLabel, qualityOptions, selectedQuality } from '../video-levels';
import { endMargin, resumePosition, savedPosition } from '../video-resume';
import { initialWatchClock, watchBreak, watchFlush, watchTick, type WatchClock } from '../video-watch-time';

const LEVELS = [
  { height: 240, width: 426, bitrate: 490_600 },
  { height: 360, width: 640, bitrate: 985_600 },
  { height: 720, width: 1280, bitrate: 2_855_600 },
];

describe('quality levels', () => {
  it('labels a level by its height, or by its bit rate without one', () => {
    expect(levelLabel({ height: 720, bitrate: 1 })).toBe('720p');
    expect(levelLabel({ height: 0, bitrate: 96_000 })).toBe('96 kbps');
  });

  it('lists the renditions highest first, each height once, pointing at hls.levels indexes', () => {
    expect(qualityOptions(LEVELS)).toEqual([
      { level: 2, label: '720p' },
      { level: 1, label: '360p' },
      { level: 0, label: '240p' },
    ]);
    const twins = [...LEVELS, { height: 720, bitrate: 5_000_000 }];
    expect(qualityOptions(twins)[0]).toEqual({ level: 3, label: '720p' });
    expect(qualityOptions(twins)).toHaveLength(3);
  });

  it('selects auto unless a level was chosen, and a duplicate height as its menu entry', () => {
    expect(selectedQuality(true, 2, LEVELS)).toBe(AUTO_LEVEL);
    expect(selectedQuality(false, AUTO_LEVEL, LEVELS)).toBe(AUTO_LEVEL);
    expect(selectedQuality(false, 1, LEVELS)).toBe(1);
    expect(selectedQuality(false, 7, LEVELS)).toBe(AUTO_LEVEL);
    expect(selectedQuality(false, 2, [...LEVELS, { height: 720, bitrate: 5_000_000 }])).toBe(3);
  });

  it('names the rendition on screen once there is one', () => {
    expect(playingLabel(-1, LEVELS)).toBeNull();
    expect(playingLabel(1, LEVELS)).toBe('360p');
  });
});

describe('keyboard', () => {
  it('maps the player keys', () => {
    expect(keyAction({ key: ' ' }, 'other')).toEqual({ kind: 'toggle-play' });
    expect(keyAction({ key: 'k' }, 'other')).toEqual({ kind: 'toggle-play' });
    expect(keyAction({ key: 'ArrowLeft' }, 'other')).toEqual({ kind: 'seek', by: -SEEK_STEP_SECONDS });
    expect(keyAction({ key: 'ArrowRight' }, 'button')).toEqual({ kind: 'seek', by: SEEK_STEP_SECONDS });
    expect(keyAction({ key: 'ArrowUp' }, 'other')).toEqual({ kind: 'volume', by: 0.1 });
    expect(keyAction({ key: 'ArrowDown' }, 'other')).toEqual({ kind: 'volume', by: -0.1 });
    expect(keyAction({ key: 'F' }, 'other')).toEqual({ kind: 'fullscreen' });
    expect(keyAction({ key: 'm' }, 'range')).toEqual({ kind: 'mute' });
    expect(keyAction({ key: 'x' }, 'other')).toBeNull();
  });

  it('leaves keys to the control that uses them, and shortcuts with modifiers to the browser', () => {
    expect(keyAction({ key: 'k' }, 'text')).toBeNull();
    expect(keyAction({ key: 'f' }, 'select')).toBeNull();
    expect(keyAction({ key: 'ArrowLeft' }, 'range')).toBeNull();
    expect(keyAction({ key: ' ' }, 'button')).toBeNull();
    expect(keyAction({ key: 'Enter' }, 'button')).toBeNull();
    expect(keyAction({ key: 'f', ctrlKey: true }, 'other')).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true }, 'other')).toBeNull();
  });

  it('keeps seeks inside the media and volumes inside 0..1', () => {
    expect(seekTarget(4, -10, 12)).toBe(0);
    expect(seekTarget(8, 10, 12)).toBe(12);
    expect(seekTarget(8, 10, Number.NaN)).toBe(18);
    expect(nextVolume(0.95, 0.1)).toBe(1);
    expect(nextVolume(0.05, -0.1)).toBe(0);
    expect(nextVolume(0.5, 0.1)).toBe(0.6);
  });
});

describe('watched time', () => {
  const play = (clock: WatchClock, from: number, to: number, step = 0.25) => {
    let current = clock;
    const reports: number[] = [];
    let saves = 0;
    for (let position = from; position <= to + 1e-9; position += step) {
      const tick = watchTick(current, position);
      current = tick.clock;
      if (tick.report) reports.push(tick.report);
      if (tick.save) saves += 1;
    }
    return { clock: current, reports, saves };
  };

  it('reports and saves every 15 s of watched time', () => {
    const run = play(initialWatchClock, 0, 31);
    expect(run.reports).toEqual([15, 15]);
    expect(run.saves).toBe(2);
    expect(run.clock.unreported).toBeCloseTo(1, 5);
  });

  it('does not count seeks, rewinds or the time around a pause', () => {
    let clock = watchTick(initialWatchClock, 0).clock;
    clock = watchTick(clock, 1).clock;
    clock = watchTick(clock, 40).clock; // a seek forward
    clock = watchTick(clock, 3).clock; // a seek back
    expect(clock.unreported).toBe(1);
    clock = watchBreak(clock);
    clock = watchTick(clock, 3.5).clock; // the first update after a pause starts a new run
    expect(clock.unreported).toBe(1);
    clock = watchTick(clock, 4).clock;
    expect(clock.unreported).toBe(1.5);
  });

  it('flushes the rest as a partial report when at least a second', () => {
    const run = play(initialWatchClock, 0, 12);
    expect(run.reports).toEqual([]);
    const flushed = watchFlush(run.clock);
    expect(flushed.report).toBe(12);
    expect(flushed.clock.unreported).toBe(0);
    expect(watchFlush({ unreported: 0.5, unsaved: 0, last: 3 }).report).toBe(0);
  });
});

describe('resume', () => {
  it('resumes in the middle, not at the start or within the end margin', () => {
    expect(resumePosition(600, 5400)).toBe(600);
    expect(resumePosition(5395, 5400)).toBeNull();
    expect(resumePosition(5389, 5400)).toBe(5389);
    expect(resumePosition(0, 5400)).toBeNull();
    expect(resumePosition(null, 5400)).toBeNull();
    expect(resumePosition(30, Number.NaN)).toBeNull();
  });

  it('keeps a short clip resumable: the margin is a tenth of it, at most 10 s', () => {
    expect(endMargin(12)).toBeCloseTo(1.2, 5);
    expect(endMargin(3600)).toBe(10);
    expect(resumePosition(5, 12)).toBe(5);
    expect(resumePosition(11, 12)).toBeNull();
  });

  it('saves whole seconds, and the end once ended', () => {
    expect(savedPosition(5.8, 12, false)).toBe(5);
    expect(savedPosition(11.9, 12.04, true)).toBe(12);
    expect(savedPosition(Number.NaN, 12, false)).toBe(0);
  });
});

describe('stream kind', () => {
  it('tells an HLS playlist from a file by its path', () => {
    expect(isHlsUrl('/media/secure/hls/v3104/master.m3u8?exp=1&sig=abc')).toBe(true);
    expect(isHlsUrl('https://cdn.example/x/master.M3U8')).toBe(true);
    expect(isHlsUrl('/media/generated/hls/v3104/preview.mp4')).toBe(false);
    expect(isHlsUrl('/media/file.mp4?name=a.m3u8')).toBe(false);
  });
});
