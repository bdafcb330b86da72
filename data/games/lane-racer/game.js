// Lane Racer: a small HTML5 canvas racing game (no external assets). Arrows/A-D, swipe or on-screen pad; P/Escape/Space pauses.
(() => {
  'use strict';
  const I18N = {
    en: { score: 'Score', best: 'Best', speed: 'Speed', pause: 'Pause', resume: 'Resume', play: 'Play', again: 'Race again', paused: 'Paused', over: 'Crash!', intro: 'Change lanes with the arrow keys, A/D or by swiping. Overtake the traffic without a crash.' },
    ar: { score: 'النقاط', best: 'الأفضل', speed: 'السرعة', pause: 'إيقاف مؤقت', resume: 'متابعة', play: 'العب', again: 'سباق جديد', paused: 'متوقف مؤقتًا', over: 'اصطدام!', intro: 'غيّر المسار بالأسهم أو بالسحب. تجاوز السيارات دون أن تصطدم.' },
    fr: { score: 'Score', best: 'Record', speed: 'Vitesse', pause: 'Pause', resume: 'Reprendre', play: 'Jouer', again: 'Nouvelle course', paused: 'En pause', over: 'Accident !', intro: 'Changez de voie avec les flèches, Q/D ou en glissant. Doublez les voitures sans accident.' },
    de: { score: 'Punkte', best: 'Rekord', speed: 'Tempo', pause: 'Pause', resume: 'Weiter', play: 'Spielen', again: 'Neues Rennen', paused: 'Pausiert', over: 'Unfall!', intro: 'Wechseln Sie die Spur mit den Pfeiltasten, A/D oder per Wischen. Überholen Sie den Verkehr ohne Unfall.' },
    es: { score: 'Puntos', best: 'Récord', speed: 'Velocidad', pause: 'Pausa', resume: 'Continuar', play: 'Jugar', again: 'Otra carrera', paused: 'En pausa', over: '¡Choque!', intro: 'Cambia de carril con las flechas, A/D o deslizando. Adelanta al tráfico sin chocar.' },
    ro: { score: 'Scor', best: 'Record', speed: 'Viteză', pause: 'Pauză', resume: 'Continuă', play: 'Joacă', again: 'Cursă nouă', paused: 'Pauză', over: 'Accident!', intro: 'Schimbă banda cu săgețile, A/D sau glisând. Depășește mașinile fără să te lovești.' },
  };
  const params = new URLSearchParams(location.search);
  const nav = (navigator.language || 'en').slice(0, 2);
  const lang = I18N[params.get('lang')] ? params.get('lang') : I18N[nav] ? nav : 'en';
  const t = I18N[lang];
  // Numbers in the language's digits (Arabic-Indic in Arabic).
  const num = (n) => new Intl.NumberFormat(lang === 'ar' ? 'ar-EG-u-nu-arab' : lang, { useGrouping: false }).format(n);
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // Per-game settings from config.js (empty in the engine's own directory; scripts/generate-media writes one for each
  // game directory it makes from this engine): {id, title: {en, ar, …}, accent: '#rrggbb', level}.
  const CFG = window.GAME_CONFIG || {};
  const LEVEL = Number.isInteger(CFG.level) && CFG.level > 0 ? CFG.level : 1;
  if (/^#[0-9a-f]{6}$/i.test(CFG.accent || '')) document.documentElement.style.setProperty('--accent', CFG.accent);
  const ACCENT = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#facc15';
  const title = params.get('title') || (CFG.title && (CFG.title[lang] || CFG.title.en)) || 'Lane Racer';
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
  const W = 360, H = 480, LANES = 3, LANE_W = 90, ROAD_X = (W - LANES * LANE_W) / 2, CAR_W = 44, CAR_H = 72, PLAYER_Y = H - CAR_H - 24;
  const overlay = $('overlay'), ovTitle = $('ov-title'), ovText = $('ov-text'), ovBtn = $('ov-btn'), pauseBtn = $('pause'), live = $('live');
  const TRAFFIC = ['#38bdf8', '#f472b6', '#a78bfa', '#4ade80', '#fb923c'];
  const laneX = (lane) => ROAD_X + lane * LANE_W + (LANE_W - CAR_W) / 2;

  let state = 'intro', score = 0, best = 0, lane, x, cars, speed, distance, spawn, stripe = 0;
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
  function reset() { lane = 1; x = laneX(1); cars = []; speed = 220 + (LEVEL - 1) * 40; distance = 0; spawn = 0.6; score = 0; updateHud(); }
  function level() { return LEVEL + Math.floor(distance / 4000); }
  function updateHud() { $('score').textContent = num(score); $('best').textContent = num(best); $('speed').textContent = num(level()); }
  function show(a, b, c) { ovTitle.textContent = a; ovText.textContent = b; ovBtn.textContent = c; overlay.hidden = false; ovBtn.focus({ preventScroll: true }); live.textContent = `${a}. ${b}`; }
  function start() { reset(); state = 'play'; overlay.hidden = true; pauseBtn.textContent = t.pause; last = performance.now(); }
  function pause(on) {
    if (on && state === 'play') { state = 'paused'; pauseBtn.textContent = t.resume; show(t.paused, `${t.score}: ${num(score)}`, t.resume); }
    else if (!on && state === 'paused') { state = 'play'; pauseBtn.textContent = t.pause; overlay.hidden = true; last = performance.now(); }
  }
  function gameOver() {
    state = 'over';
    if (score > best) { best = score; }
    updateHud(); show(t.over, `${t.score}: ${num(score)} · ${t.best}: ${num(best)}`, t.again);
    reportScore(score);
  }
  // Screen left and right, whatever the page direction: the road is drawn the same way in every language.
  function steer(d) { if (state === 'play') lane = Math.max(0, Math.min(LANES - 1, lane + (d === 'left' ? -1 : 1))); }
  ovBtn.addEventListener('click', () => (state === 'paused' ? pause(false) : start()));
  pauseBtn.addEventListener('click', () => pause(state === 'play'));
  const KEYMAP = { ArrowLeft: 'left', ArrowRight: 'right', a: 'left', d: 'right', q: 'left' };
  addEventListener('keydown', (e) => {
    const k = KEYMAP[e.key] || KEYMAP[e.key.toLowerCase()];
    if (k && state === 'play') { steer(k); e.preventDefault(); return; }
    if (e.key === 'p' || e.key === 'P' || e.key === 'Escape' || (e.key === ' ' && state === 'play')) { pause(state === 'play'); e.preventDefault(); }
    else if (e.key === 'Enter' && state !== 'play' && document.activeElement !== ovBtn) ovBtn.click();
  });
  addEventListener('blur', () => pause(true));
  document.addEventListener('visibilitychange', () => { if (document.hidden) pause(true); });
  let touch = null;
  canvas.addEventListener('pointerdown', (e) => { touch = { x: e.clientX }; });
  canvas.addEventListener('pointerup', (e) => {
    if (!touch) return;
    const dx = e.clientX - touch.x; touch = null;
    if (Math.abs(dx) >= 18) steer(dx > 0 ? 'right' : 'left');
  });
  document.querySelectorAll('.pad button').forEach((b) => b.addEventListener('pointerdown', (e) => { e.preventDefault(); steer(b.dataset.dir); }));
  addEventListener('resize', fit);

  function update(dt) {
    const target = laneX(lane);
    x += Math.sign(target - x) * Math.min(Math.abs(target - x), 600 * dt);
    speed += dt * 6;
    distance += speed * dt;
    stripe = (stripe + speed * dt) % 40;
    spawn -= dt;
    if (spawn <= 0) {
      const free = [0, 1, 2].filter((l) => !cars.some((c) => c.lane === l && c.y < CAR_H * 1.5));
      if (free.length > 1) cars.push({ lane: free[Math.floor(Math.random() * free.length)], y: -CAR_H, v: 0.35 + Math.random() * 0.3, c: TRAFFIC[Math.floor(Math.random() * TRAFFIC.length)] });
      spawn = Math.max(0.35, 1.1 - distance / 20000);
    }
    for (const c of cars) c.y += speed * (1 - c.v) * dt;
    const passed = cars.filter((c) => c.y > H).length;
    if (passed) { score += passed * 10 * level(); cars = cars.filter((c) => c.y <= H); }
    if (cars.some((c) => Math.abs(laneX(c.lane) - x) < CAR_W - 6 && c.y + CAR_H > PLAYER_Y + 6 && c.y < PLAYER_Y + CAR_H - 6)) return gameOver();
    updateHud();
  }
  function car(cx, cy, color, player) {
    ctx.fillStyle = color;
    ctx.beginPath(); ctx.roundRect ? ctx.roundRect(cx, cy, CAR_W, CAR_H, 10) : ctx.rect(cx, cy, CAR_W, CAR_H); ctx.fill();
    ctx.fillStyle = 'rgba(15,23,42,.8)';
    ctx.fillRect(cx + 7, cy + (player ? 14 : 44), CAR_W - 14, 14);
    ctx.fillStyle = player ? '#fef9c3' : '#fecaca';
    ctx.fillRect(cx + 5, cy + (player ? 2 : CAR_H - 6), 8, 4); ctx.fillRect(cx + CAR_W - 13, cy + (player ? 2 : CAR_H - 6), 8, 4);
  }
  function draw() {
    ctx.fillStyle = '#14532d'; ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#27272a'; ctx.fillRect(ROAD_X, 0, LANES * LANE_W, H);
    ctx.fillStyle = '#e4e4e7';
    for (let l = 1; l < LANES; l++) for (let y = -40 + stripe; y < H; y += 40) ctx.fillRect(ROAD_X + l * LANE_W - 2, y, 4, 22);
    ctx.fillStyle = '#f4f4f5'; ctx.fillRect(ROAD_X - 4, 0, 4, H); ctx.fillRect(ROAD_X + LANES * LANE_W, 0, 4, H);
    if (!cars) return;
    for (const c of cars) car(laneX(c.lane), c.y, c.c, false);
    car(x, PLAYER_Y, ACCENT, true);
  }
  let last = performance.now();
  function frame(now) {
    const dt = Math.min(0.05, (now - last) / 1000); last = now;
    if (state === 'play') update(dt);
    draw();
    requestAnimationFrame(frame);
  }
  reset(); fit(); show(title, t.intro, t.play); requestAnimationFrame(frame);
})();
