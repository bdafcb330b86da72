// Snake Trail: a small HTML5 canvas game (no external assets). Arrows/WASD, swipe or on-screen pad; P/Escape/Space pauses.
(() => {
  'use strict';
  const I18N = {
    en: { score: 'Score', best: 'Best', speed: 'Speed', pause: 'Pause', resume: 'Resume', play: 'Play', again: 'Play again', paused: 'Paused', over: 'Game over', intro: 'Steer with the arrow keys, WASD or by swiping. Eat the fruit, avoid the walls and your own tail.' },
    ar: { score: 'النقاط', best: 'الأفضل', speed: 'السرعة', pause: 'إيقاف مؤقت', resume: 'متابعة', play: 'العب', again: 'العب مجددًا', paused: 'متوقف مؤقتًا', over: 'انتهت اللعبة', intro: 'وجّه الثعبان بالأسهم أو بالسحب. كُل الفاكهة وتجنب الجدران وذيلك.' },
    fr: { score: 'Score', best: 'Record', speed: 'Vitesse', pause: 'Pause', resume: 'Reprendre', play: 'Jouer', again: 'Rejouer', paused: 'En pause', over: 'Partie terminée', intro: 'Dirigez avec les flèches, ZQSD ou en glissant. Mangez les fruits, évitez les murs et votre queue.' },
    de: { score: 'Punkte', best: 'Rekord', speed: 'Tempo', pause: 'Pause', resume: 'Weiter', play: 'Spielen', again: 'Nochmal', paused: 'Pausiert', over: 'Spiel vorbei', intro: 'Steuern Sie mit den Pfeiltasten, WASD oder per Wischen. Fressen Sie das Obst, meiden Sie Wände und den eigenen Schwanz.' },
    es: { score: 'Puntos', best: 'Récord', speed: 'Velocidad', pause: 'Pausa', resume: 'Continuar', play: 'Jugar', again: 'Jugar otra vez', paused: 'En pausa', over: 'Fin del juego', intro: 'Dirige con las flechas, WASD o deslizando. Come la fruta y evita las paredes y tu propia cola.' },
    ro: { score: 'Scor', best: 'Record', speed: 'Viteză', pause: 'Pauză', resume: 'Continuă', play: 'Joacă', again: 'Joacă din nou', paused: 'Pauză', over: 'Joc terminat', intro: 'Condu cu săgețile, WASD sau glisând. Mănâncă fructele, evită pereții și propria coadă.' },
  };
  const params = new URLSearchParams(location.search);
  const nav = (navigator.language || 'en').slice(0, 2);
  const lang = I18N[params.get('lang')] ? params.get('lang') : I18N[nav] ? nav : 'en';
  const t = I18N[lang];
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // Per-game settings from config.js (empty in the engine's own directory; scripts/generate-media writes one for each
  // game directory it makes from this engine): {id, title: {en, ar, …}, accent: '#rrggbb', level}.
  const CFG = window.GAME_CONFIG || {};
  const LEVEL = Number.isInteger(CFG.level) && CFG.level > 0 ? CFG.level : 1;
  if (/^#[0-9a-f]{6}$/i.test(CFG.accent || '')) document.documentElement.style.setProperty('--accent', CFG.accent);
  const ACCENT = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#f59e0b';
  const title = params.get('title') || (CFG.title && (CFG.title[lang] || CFG.title.en)) || 'Snake Trail';
  document.title = title;
  document.getElementById('title').textContent = title;
  document.querySelectorAll('[data-t]').forEach((el) => { el.textContent = t[el.dataset.t]; });

  // The portal's score bridge. The game runs sandboxed in an opaque origin (docs/security.md "Games in a sandbox"):
  // no storage, no cookies, no network. A finished round's score goes by postMessage to the page that opened the
  // game (the dialog frame's parent, or the opener of a game window), which checks it and posts it to the
  // leaderboard with the player's session. At start the game says {type: 'portal:ready'}; after each saved score
  // too, that page answers with the player's best ({type: 'portal:best', best}), shown in the HUD.
  const portal = window.parent !== window ? window.parent : window.opener;
  function reportScore(value) {
    if (!portal) return;
    try { portal.postMessage({ type: 'portal:score', score: value }, location.origin); } catch { /* closed or another origin */ }
  }
  const $ = (id) => document.getElementById(id);
  const canvas = $('game'), ctx = canvas.getContext('2d');
  const COLS = 24, ROWS = 18, CELL = 20, W = COLS * CELL, H = ROWS * CELL;
  const overlay = $('overlay'), ovTitle = $('ov-title'), ovText = $('ov-text'), ovBtn = $('ov-btn'), pauseBtn = $('pause'), live = $('live');
  const DIRS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
  const FRUITS = ['#f43f5e', '#f59e0b', '#a78bfa', '#22d3ee'];

  let state = 'intro', score = 0, best = 0, snake, dir, queue, food, tick, acc = 0, eaten = 0;
  addEventListener('message', (e) => {
    const d = portal && e.source === portal && e.data;
    if (d && d.type === 'portal:best' && Number.isSafeInteger(d.best) && d.best > best) { best = d.best; updateHud(); }
  });
  if (portal) try { portal.postMessage({ type: 'portal:ready' }, location.origin); } catch { /* closed or another origin */ }

  function fit() {
    const stage = canvas.parentElement.getBoundingClientRect();
    const scale = Math.max(0.4, Math.min(stage.width / W, stage.height / H));
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${Math.floor(W * scale)}px`; canvas.style.height = `${Math.floor(H * scale)}px`;
    canvas.width = Math.floor(W * scale * dpr); canvas.height = Math.floor(H * scale * dpr);
    ctx.setTransform(canvas.width / W, 0, 0, canvas.height / H, 0, 0);
    draw();
  }
  function placeFood() {
    do { food = { x: Math.floor(Math.random() * COLS), y: Math.floor(Math.random() * ROWS), c: FRUITS[Math.floor(Math.random() * FRUITS.length)] }; }
    while (snake.some((s) => s.x === food.x && s.y === food.y));
  }
  function reset() {
    snake = [{ x: 8, y: 9 }, { x: 7, y: 9 }, { x: 6, y: 9 }]; dir = 'right'; queue = []; score = 0; eaten = 0; tick = Math.max(0.06, 0.14 - (LEVEL - 1) * 0.02); placeFood(); updateHud();
  }
  function updateHud() { $('score').textContent = score; $('best').textContent = best; $('speed').textContent = LEVEL + Math.floor(eaten / 5); }
  function show(a, b, c) { ovTitle.textContent = a; ovText.textContent = b; ovBtn.textContent = c; overlay.hidden = false; ovBtn.focus({ preventScroll: true }); live.textContent = `${a}. ${b}`; }
  function start() { reset(); state = 'play'; overlay.hidden = true; pauseBtn.textContent = t.pause; last = performance.now(); }
  function pause(on) {
    if (on && state === 'play') { state = 'paused'; pauseBtn.textContent = t.resume; show(t.paused, `${t.score}: ${score}`, t.resume); }
    else if (!on && state === 'paused') { state = 'play'; pauseBtn.textContent = t.pause; overlay.hidden = true; last = performance.now(); }
  }
  function gameOver() {
    state = 'over';
    if (score > best) { best = score; }
    updateHud(); show(t.over, `${t.score}: ${score} · ${t.best}: ${best}`, t.again);
    reportScore(score);
  }
  function turn(d) {
    const lastDir = queue.length ? queue[queue.length - 1] : dir;
    const [dx, dy] = DIRS[d], [lx, ly] = DIRS[lastDir];
    if (dx === -lx && dy === -ly) return;
    if (d !== lastDir && queue.length < 3) queue.push(d);
  }
  ovBtn.addEventListener('click', () => (state === 'paused' ? pause(false) : start()));
  pauseBtn.addEventListener('click', () => pause(state === 'play'));
  const KEYMAP = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', w: 'up', s: 'down', a: 'left', d: 'right', z: 'up', q: 'left' };
  addEventListener('keydown', (e) => {
    const k = KEYMAP[e.key] || KEYMAP[e.key.toLowerCase()];
    if (k && state === 'play') { turn(k); e.preventDefault(); return; }
    if (e.key === 'p' || e.key === 'P' || e.key === 'Escape' || (e.key === ' ' && state === 'play')) { pause(state === 'play'); e.preventDefault(); }
    else if (e.key === 'Enter' && state !== 'play' && document.activeElement !== ovBtn) ovBtn.click();
  });
  addEventListener('blur', () => pause(true));
  document.addEventListener('visibilitychange', () => { if (document.hidden) pause(true); });
  let touch = null;
  canvas.addEventListener('pointerdown', (e) => { touch = { x: e.clientX, y: e.clientY }; });
  canvas.addEventListener('pointerup', (e) => {
    if (!touch || state !== 'play') return;
    const dx = e.clientX - touch.x, dy = e.clientY - touch.y; touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 18) return;
    turn(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up'));
  });
  document.querySelectorAll('.pad button').forEach((b) => b.addEventListener('pointerdown', (e) => { e.preventDefault(); if (state === 'play') turn(b.dataset.dir); }));
  addEventListener('resize', fit);

  function step() {
    if (queue.length) dir = queue.shift();
    const [dx, dy] = DIRS[dir];
    const head = { x: snake[0].x + dx, y: snake[0].y + dy };
    if (head.x < 0 || head.y < 0 || head.x >= COLS || head.y >= ROWS || snake.some((s, i) => i < snake.length - 1 && s.x === head.x && s.y === head.y)) return gameOver();
    snake.unshift(head);
    if (head.x === food.x && head.y === food.y) {
      eaten++; score += 10 + Math.floor(eaten / 5) * 5; tick = Math.max(0.06, 0.14 - (LEVEL - 1) * 0.02 - eaten * 0.003);
      placeFood(); updateHud();
    } else snake.pop();
  }
  function draw() {
    ctx.fillStyle = '#052e1f'; ctx.fillRect(0, 0, W, H);
    for (let y = 0; y < ROWS; y++) for (let x = 0; x < COLS; x++) if ((x + y) % 2) { ctx.fillStyle = '#06382a'; ctx.fillRect(x * CELL, y * CELL, CELL, CELL); }
    if (!snake) return;
    ctx.fillStyle = food.c; ctx.shadowColor = food.c; ctx.shadowBlur = 12;
    ctx.beginPath(); ctx.arc(food.x * CELL + CELL / 2, food.y * CELL + CELL / 2, CELL * 0.36, 0, Math.PI * 2); ctx.fill(); ctx.shadowBlur = 0;
    ctx.fillStyle = '#4ade80'; ctx.fillRect(food.x * CELL + CELL / 2, food.y * CELL + 2, 3, 5);
    snake.forEach((s, i) => {
      const f = 1 - i / (snake.length + 4);
      ctx.fillStyle = i === 0 ? ACCENT : `rgba(34, 211, 238, ${0.45 + 0.55 * f})`;
      const pad = i === 0 ? 1 : 2;
      ctx.beginPath(); ctx.roundRect ? ctx.roundRect(s.x * CELL + pad, s.y * CELL + pad, CELL - pad * 2, CELL - pad * 2, 5) : ctx.rect(s.x * CELL + pad, s.y * CELL + pad, CELL - pad * 2, CELL - pad * 2); ctx.fill();
    });
    const h = snake[0], [dx, dy] = DIRS[dir];
    ctx.fillStyle = '#052e1f';
    for (const side of [-1, 1]) ctx.fillRect(h.x * CELL + CELL / 2 + dx * 4 + dy * side * 4 - 2, h.y * CELL + CELL / 2 + dy * 4 + dx * side * 4 - 2, 4, 4);
  }
  let last = performance.now();
  function frame(now) {
    const dt = Math.min(0.1, (now - last) / 1000); last = now;
    if (state === 'play') { acc += dt; while (acc >= tick && state === 'play') { acc -= tick; step(); } }
    draw();
    requestAnimationFrame(frame);
  }
  reset(); fit(); show(title, t.intro, t.play); requestAnimationFrame(frame);
})();
