// Per-game settings read by game.js. This engine directory serves the free games and has none; for a game with a
// directory of its own (games/<engine>-<id>/), scripts/generate-media writes this file from the catalog:
// window.GAME_CONFIG = {id, title: {en, ar, fr, de, es, ro}, accent: '#rrggbb', level: 1..9}.
window.GAME_CONFIG = {};
