// hls.js ships types for its main entry only; the light build (no subtitles, alternate audio or DRM,
// which this player does not use) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
