/**
 * Quality levels of an HLS stream (hls.js `levels`): the labels of the quality menu and which entry
 * is selected. Pure, so the menu rules are tested without a player.
 */

/** What the menu needs of one hls.js level. */
export interface VideoLevel {
  height: number;
  width?: number;
  bitrate: number;
}

/** One menu entry: `level` is the index into hls.levels, -1 = automatic. */
export interface QualityOption {
  level: number;
  /** "720p", or the bit rate when the level has no height (audio-only renditions). */
  label: string;
}

export const AUTO_LEVEL = -1;

export function levelLabel(level: VideoLevel): string {
  if (level.height > 0) return `${Math.round(level.height)}p`;
  return `${Math.max(1, Math.round(level.bitrate / 1000))} kbps`;
}

/**
 * The fixed qualities, highest first. Two levels of the same height (e.g. two bit rates of 720p)
 * show once, as the higher bit rate; the menu adds "Auto" before them.
 */
export function qualityOptions(levels: readonly VideoLevel[]): QualityOption[] {
  const byLabel = new Map<string, { index: number; level: VideoLevel }>();
  levels.forEach((level, index) => {
    const label = levelLabel(level);
    const seen = byLabel.get(label);
    if (!seen || level.bitrate > seen.level.bitrate) byLabel.set(label, { index, level });
  });
  return [...byLabel.entries()]
    .sort(([, a], [, b]) => b.level.height - a.level.height || b.level.bitrate - a.level.bitrate)
    .map(([label, { index }]) => ({ level: index, label }));
}

/** The menu's selected value: the chosen level (as the entry that stands for its height), or auto. */
export function selectedQuality(autoLevelEnabled: boolean, manualLevel: number, levels: readonly VideoLevel[]): number {
  if (autoLevelEnabled || manualLevel < 0 || manualLevel >= levels.length) return AUTO_LEVEL;
  // A duplicate height selects the entry that represents it.
  const level = levels[manualLevel];
  if (!level) return AUTO_LEVEL;
  const label = levelLabel(level);
  return qualityOptions(levels).find((option) => option.label === label)?.level ?? manualLevel;
}

/** The label of the rendition playing now ("360p"), null before the first level is chosen. */
export function playingLabel(playingLevel: number, levels: readonly VideoLevel[]): string | null {
  const level = levels[playingLevel];
  return level ? levelLabel(level) : null;
}
