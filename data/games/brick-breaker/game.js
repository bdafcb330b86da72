// Brick Breaker: a small HTML5 canvas game (no external assets). Keyboard, mouse and touch; P/Escape pauses.
(() => {
  'use strict';
  const I18N = {
    en: { score: 'Score', best: 'Best', lives: 'Lives', level: 'Level', pause: 'Pause', resume: 'Resume', play: 'Play', again: 'Play again', paused: 'Paused', over: 'Game over', clear: 'Level cleared!', intro: 'Move the paddle with the arrow keys, the mouse or your finger. Break every brick!', next: 'Next level' },
    ar: { score: 'النقاط', best: 'الأفضل', lives: 'المحاولات', level: 'المرحلة', pause: 'إيقاف مؤقت', resume: 'متابعة', play: 'العب', again: 'العب مجددًا', paused: 'متوقف مؤقتًا', over: 'انتهت اللعبة', clear: 'اكتملت المرحلة!', intro: 'حرّك المضرب بالأسهم أو الفأرة أو إصبعك. حطّم كل الطوب!', next: 'المرحلة التالية' },
    fr: { score: 'Score', best: 'Record', lives: 'Vies', level: 'Niveau', pause: 'Pause', resume: 'Reprendre', play: 'Jouer', again: 'Rejouer', paused: 'En pause', over: 'Partie terminée', clear: 'Niveau terminé !', intro: 'Déplacez la raquette avec les flèches, la souris ou le doigt. Cassez toutes les briques !', next: 'Niveau suivant' },
    de: { score: 'Punkte', best: 'Rekord', lives: 'Leben', level: 'Level', pause: 'Pause', resume: 'Weiter', play: 'Spielen', again: 'Nochmal', paused: 'Pausiert', over: 'Spiel vorbei', clear: 'Level geschafft!', intro: 'Bewegen Sie den Schläger mit den Pfeiltasten, der Maus oder dem Finger. Zerstören Sie alle Steine!', next: 'Nächstes Level' },
    es: { score: 'Puntos', best: 'Récord', lives: 'Vidas', level: 'Nivel', pause: 'Pausa', resume: 'Continuar', play: 'Jugar', again: 'Jugar otra vez', paused: 'En pausa', over: 'Fin del juego', clear: '¡Nivel superado!', intro: 'Mueve la pala con las flechas, el ratón o el dedo. ¡Rompe todos los ladrillos!', next: 'Siguiente nivel' },
    ro: { score: 'Scor', best: 'Record', lives: 'Vieți', level: 'Nivel', pause: 'Pauză', resume: 'Continuă', play: 'Joacă', again: 'Joacă din nou', paused: 'Pauză', over: 'Joc terminat', clear: 'Nivel terminat!', intro: 'Mișcă paleta cu săgețile, mouse-ul sau degetul. Sparge toate cărămizile!', next: 'Nivelul următor' },
  };
  const params = new URLSearchParams(location.search);
  const lang = I18N[params.get('lang')] ? params.get('lang') : (I18N[(navigator.language || 'en').slice(0, 2)] ? (navigator.language || 'en').slice(0, 2) : 'en');
  const t = I18N[lang];
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  // Per-game settings from config.js (empty in the engine's own directory; scripts/generate-media writes one for each
  // game directory it makes from this engine): {id, title: {en, ar, …}, accent: '#rrggbb', level}.
  const CFG = window.GAME_CONFIG || {};
  const LEVEL = Number.isInteger(CFG.level) && CFG.level > 0 ? CFG.level : 1;
  if (/^#[0-9a-f]{6}$/i.test(CFG.accent || '')) document.documentElement.style.setProperty('--accent', CFG.accent);
  const ACCENT = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#f59e0b';
  const title = params.get('title') || (CFG.title && (CFG.title[lang] || CFG.title.en)) || 'Brick Breaker';
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
  const W = 480, H = 320;
  const overlay = $('overlay'), ovTitle = $('ov-title'), ovText = $('ov-text'), ovBtn = $('ov-btn'), pauseBtn = $('pause'), live = $('live');
  const COLORS = ['#f43f5e', '#f59e0b', '#facc15', '#34d399', '#22d3ee', '#a78bfa'];

  let state = 'intro', score = 0, best = 0, lives = 3, level = LEVEL, bricks = [], particles = [];
  addEventListener('message', (e) => {
    const d = portal && e.source === portal && e.data;
    if (d && d.type === 'portal:best' && Number.isSafeInteger(d.best) && d.best > best) { best = d.best; updateHud(); }
  });
  if (portal) try { portal.postMessage({ type: 'portal:ready' }, location.origin); } catch { /* closed or another origin */ }
  const paddle = { w: 80, h: 10, x: W / 2 - 40, y: H - 24, speed: 420 };
  const ball = { r: 6, x: 0, y: 0, vx: 0, vy: 0, stuck: true };
  const keys = new Set();

  function fit() {
    const stage = canvas.parentElement.getBoundingClientRect();
    const scale = Math.max(0.5, Math.min(stage.width / W, stage.height / H));
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${Math.floor(W * scale)}px`;
    canvas.style.height = `${Math.floor(H * scale)}px`;
    canvas.width = Math.floor(W * scale * dpr);
    canvas.height = Math.floor(H * scale * dpr);
    ctx.setTransform(canvas.width / W, 0, 0, canvas.height / H, 0, 0);
    draw();
  }
  function buildLevel() {
    bricks = [];
    const rows = Math.min(3 + level, 7), cols = 10, bw = 40, bh = 14, gap = 4, ox = (W - cols * (bw + gap) + gap) / 2;
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
      if (level % 2 === 0 && (r + c) % 5 === 0) continue;
      bricks.push({ x: ox + c * (bw + gap), y: 36 + r * (bh + gap), w: bw, h: bh, color: COLORS[r % COLORS.length], hp: r < level - 2 ? 2 : 1 });
    }
  }
  function resetBall() { ball.stuck = true; ball.vx = 0; ball.vy = 0; paddle.w = Math.max(56, 84 - level * 4); }
  function launch() {
    if (!ball.stuck) return;
    const speed = 230 + level * 25, angle = (-Math.PI / 2) + (Math.random() - 0.5) * 0.8;
    ball.vx = Math.cos(angle) * speed; ball.vy = Math.sin(angle) * speed; ball.stuck = false;
  }
  function updateHud() {
    $('score').textContent = score; $('best').textContent = best; $('lives').textContent = lives; $('level').textContent = level;
  }
  function show(titleText, text, btn) {
    ovTitle.textContent = titleText; ovText.textContent = text; ovBtn.textContent = btn; overlay.hidden = false; ovBtn.focus({ preventScroll: true });
    live.textContent = `${titleText}. ${text}`;
  }
  function start() {
    score = 0; lives = 3; level = LEVEL; buildLevel(); resetBall(); state = 'play'; overlay.hidden = true; updateHud(); canvas.focus?.();
  }
  function pause(on) {
    if (on && state === 'play') { state = 'paused'; pauseBtn.textContent = t.resume; show(t.paused, `${t.score}: ${score}`, t.resume); }
    else if (!on && state === 'paused') { state = 'play'; pauseBtn.textContent = t.pause; overlay.hidden = true; last = performance.now(); }
  }
  function gameOver() {
    state = 'over';
    if (score > best) { best = score; }
    updateHud();
    show(t.over, `${t.score}: ${score} · ${t.best}: ${best}`, t.again);
    reportScore(score);
  }
  ovBtn.addEventListener('click', () => {
    if (state === 'paused') pause(false);
    else if (state === 'cleared') { level++; buildLevel(); resetBall(); state = 'play'; overlay.hidden = true; updateHud(); }
    else start();
  });
  pauseBtn.addEventListener('click', () => pause(state === 'play'));

  addEventListener('keydown', (e) => {
    if (['ArrowLeft', 'ArrowRight', 'a', 'd', 'A', 'D'].includes(e.key)) { keys.add(e.key.toLowerCase()); e.preventDefault(); }
    if (e.key === 'p' || e.key === 'P' || e.key === 'Escape') { pause(state === 'play'); e.preventDefault(); }
    if ((e.key === ' ' || e.key === 'ArrowUp') && state === 'play') { launch(); e.preventDefault(); }
    if (e.key === 'Enter' && state !== 'play' && document.activeElement !== ovBtn) ovBtn.click();
  });
  addEventListener('keyup', (e) => keys.delete(e.key.toLowerCase()));
  addEventListener('blur', () => pause(true));
  document.addEventListener('visibilitychange', () => { if (document.hidden) pause(true); });
  function pointerX(clientX) {
    const rect = canvas.getBoundingClientRect();
    paddle.x = Math.max(0, Math.min(W - paddle.w, ((clientX - rect.left) / rect.width) * W - paddle.w / 2));
  }
  canvas.addEventListener('pointermove', (e) => { if (state === 'play') pointerX(e.clientX); });
  canvas.addEventListener('pointerdown', (e) => { if (state === 'play') { pointerX(e.clientX); launch(); } });
  addEventListener('resize', fit);

  function burst(x, y, color) {
    for (let i = 0; i < 8; i++) particles.push({ x, y, vx: (Math.random() - 0.5) * 160, vy: (Math.random() - 0.5) * 160, life: 0.5, color });
  }
  function step(dt) {
    if (keys.has('arrowleft') || keys.has('a')) paddle.x -= paddle.speed * dt;
    if (keys.has('arrowright') || keys.has('d')) paddle.x += paddle.speed * dt;
    paddle.x = Math.max(0, Math.min(W - paddle.w, paddle.x));
    if (ball.stuck) { ball.x = paddle.x + paddle.w / 2; ball.y = paddle.y - ball.r - 1; }
    else {
      ball.x += ball.vx * dt; ball.y += ball.vy * dt;
      if (ball.x < ball.r) { ball.x = ball.r; ball.vx = Math.abs(ball.vx); }
      if (ball.x > W - ball.r) { ball.x = W - ball.r; ball.vx = -Math.abs(ball.vx); }
      if (ball.y < ball.r) { ball.y = ball.r; ball.vy = Math.abs(ball.vy); }
      if (ball.vy > 0 && ball.y + ball.r >= paddle.y && ball.y - ball.r <= paddle.y + paddle.h && ball.x >= paddle.x - ball.r && ball.x <= paddle.x + paddle.w + ball.r) {
        const hit = (ball.x - (paddle.x + paddle.w / 2)) / (paddle.w / 2);
        const speed = Math.min(520, Math.hypot(ball.vx, ball.vy) * 1.02), angle = -Math.PI / 2 + hit * 1.05;
        ball.vx = Math.cos(angle) * speed; ball.vy = Math.sin(angle) * speed; ball.y = paddle.y - ball.r;
      }
      for (const b of bricks) {
        if (b.hp <= 0) continue;
        if (ball.x + ball.r > b.x && ball.x - ball.r < b.x + b.w && ball.y + ball.r > b.y && ball.y - ball.r < b.y + b.h) {
          const overlapX = Math.min(ball.x + ball.r - b.x, b.x + b.w - (ball.x - ball.r));
          const overlapY = Math.min(ball.y + ball.r - b.y, b.y + b.h - (ball.y - ball.r));
          if (overlapX < overlapY) ball.vx = -ball.vx; else ball.vy = -ball.vy;
          b.hp--; score += b.hp ? 5 : 10 * level;
          if (!b.hp) burst(b.x + b.w / 2, b.y + b.h / 2, b.color);
          updateHud();
          break;
        }
      }
      if (ball.y > H + ball.r) {
        lives--; updateHud();
        if (lives <= 0) return gameOver();
        resetBall(); live.textContent = `${t.lives}: ${lives}`;
      }
      if (bricks.every((b) => b.hp <= 0)) {
        score += 100 * level; state = 'cleared'; updateHud(); reportScore(score);
        if (score > best) { best = score; updateHud(); }
        show(t.clear, `${t.score}: ${score}`, t.next);
      }
    }
    particles = particles.filter((p) => (p.life -= dt) > 0);
    for (const p of particles) { p.x += p.vx * dt; p.y += p.vy * dt; }
  }
  function draw() {
    const g = ctx.createLinearGradient(0, 0, 0, H); g.addColorStop(0, '#111736'); g.addColorStop(1, '#0b1020');
    ctx.fillStyle = g; ctx.fillRect(0, 0, W, H);
    ctx.strokeStyle = 'rgba(167,139,250,.08)';
    for (let x = 0; x < W; x += 24) { ctx.beginPath(); ctx.moveTo(x, 0); ctx.lineTo(x, H); ctx.stroke(); }
    for (const b of bricks) {
      if (b.hp <= 0) continue;
      ctx.fillStyle = b.color; ctx.globalAlpha = b.hp > 1 ? 1 : 0.85;
      ctx.beginPath(); ctx.roundRect ? ctx.roundRect(b.x, b.y, b.w, b.h, 3) : ctx.rect(b.x, b.y, b.w, b.h); ctx.fill();
      if (b.hp > 1) { ctx.strokeStyle = '#fff'; ctx.lineWidth = 1.5; ctx.stroke(); }
      ctx.globalAlpha = 1;
    }
    for (const p of particles) { ctx.globalAlpha = p.life * 2; ctx.fillStyle = p.color; ctx.fillRect(p.x - 2, p.y - 2, 4, 4); }
    ctx.globalAlpha = 1;
    const pg = ctx.createLinearGradient(paddle.x, 0, paddle.x + paddle.w, 0); pg.addColorStop(0, ACCENT); pg.addColorStop(1, '#ec4899');
    ctx.fillStyle = pg; ctx.beginPath(); ctx.roundRect ? ctx.roundRect(paddle.x, paddle.y, paddle.w, paddle.h, 5) : ctx.rect(paddle.x, paddle.y, paddle.w, paddle.h); ctx.fill();
    ctx.shadowColor = '#fff'; ctx.shadowBlur = 12; ctx.fillStyle = '#fff';
    ctx.beginPath(); ctx.arc(ball.x, ball.y, ball.r, 0, Math.PI * 2); ctx.fill(); ctx.shadowBlur = 0;
  }
  let last = performance.now();
  function frame(now) {
    const dt = Math.min(0.033, (now - last) / 1000); last = now;
    if (state === 'play') step(dt);
    draw();
    requestAnimationFrame(frame);
  }
  buildLevel(); resetBall(); updateHud(); fit();
  show(title, t.intro, t.play);
  requestAnimationFrame(frame);
})();
