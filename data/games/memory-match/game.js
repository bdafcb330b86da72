// Memory Match: a small HTML5 card game (no external assets). Mouse/touch or arrow keys + Enter; P/Escape pauses.
(() => {
  'use strict';
  const I18N = {
    en: { score: 'Score', best: 'Best', moves: 'Moves', time: 'Time', pause: 'Pause', resume: 'Resume', play: 'Play', again: 'Play again', next: 'Next board', paused: 'Paused', won: 'All pairs found!', intro: 'Flip two cards at a time and find all the pairs. Use the mouse, your finger, or the arrow keys and Enter.', card: 'Card', hidden: 'hidden', matched: 'matched', pair: 'Pair found', cards: 'Cards' },
    ar: { score: 'النقاط', best: 'الأفضل', moves: 'الحركات', time: 'الوقت', pause: 'إيقاف مؤقت', resume: 'متابعة', play: 'العب', again: 'العب مجددًا', next: 'اللوحة التالية', paused: 'متوقف مؤقتًا', won: 'وجدت كل الأزواج!', intro: 'اقلب بطاقتين في كل مرة وابحث عن كل الأزواج. استخدم الفأرة أو إصبعك أو الأسهم وزر الإدخال.', card: 'بطاقة', hidden: 'مخفية', matched: 'مطابقة', pair: 'وجدت زوجًا', cards: 'البطاقات' },
    fr: { score: 'Score', best: 'Record', moves: 'Coups', time: 'Temps', pause: 'Pause', resume: 'Reprendre', play: 'Jouer', again: 'Rejouer', next: 'Grille suivante', paused: 'En pause', won: 'Toutes les paires trouvées !', intro: 'Retournez deux cartes à la fois et trouvez toutes les paires. Souris, doigt ou flèches et Entrée.', card: 'Carte', hidden: 'cachée', matched: 'trouvée', pair: 'Paire trouvée', cards: 'Cartes' },
    de: { score: 'Punkte', best: 'Rekord', moves: 'Züge', time: 'Zeit', pause: 'Pause', resume: 'Weiter', play: 'Spielen', again: 'Nochmal', next: 'Nächstes Feld', paused: 'Pausiert', won: 'Alle Paare gefunden!', intro: 'Decken Sie jeweils zwei Karten auf und finden Sie alle Paare. Mit Maus, Finger oder Pfeiltasten und Enter.', card: 'Karte', hidden: 'verdeckt', matched: 'gefunden', pair: 'Paar gefunden', cards: 'Karten' },
    es: { score: 'Puntos', best: 'Récord', moves: 'Movimientos', time: 'Tiempo', pause: 'Pausa', resume: 'Continuar', play: 'Jugar', again: 'Jugar otra vez', next: 'Siguiente tablero', paused: 'En pausa', won: '¡Todas las parejas encontradas!', intro: 'Da la vuelta a dos cartas cada vez y encuentra todas las parejas. Ratón, dedo o flechas e Intro.', card: 'Carta', hidden: 'oculta', matched: 'encontrada', pair: 'Pareja encontrada', cards: 'Cartas' },
    ro: { score: 'Scor', best: 'Record', moves: 'Mutări', time: 'Timp', pause: 'Pauză', resume: 'Continuă', play: 'Joacă', again: 'Joacă din nou', next: 'Tabla următoare', paused: 'Pauză', won: 'Ai găsit toate perechile!', intro: 'Întoarce câte două cărți și găsește toate perechile. Mouse, deget sau săgeți și Enter.', card: 'Carte', hidden: 'ascunsă', matched: 'găsită', pair: 'Pereche găsită', cards: 'Cărți' },
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
  if (/^#[0-9a-f]{6}$/i.test(CFG.accent || '')) document.documentElement.style.setProperty('--card', CFG.accent); // card backs
  const title = params.get('title') || (CFG.title && (CFG.title[lang] || CFG.title.en)) || 'Memory Match';
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
  const board = $('board'), overlay = $('overlay'), ovTitle = $('ov-title'), ovText = $('ov-text'), ovBtn = $('ov-btn'), pauseBtn = $('pause'), live = $('live');
  board.setAttribute('aria-label', t.cards);
  // Symbols drawn as inline SVG (no fonts or images needed).
  const SYMBOLS = [
    ['star', '#f59e0b', '<path d="M50 8l12 28 30 3-23 20 7 30-26-16-26 16 7-30L8 39l30-3z"/>'],
    ['heart', '#e11d48', '<path d="M50 88S10 62 10 35a20 20 0 0 1 40-6 20 20 0 0 1 40 6c0 27-40 53-40 53z"/>'],
    ['moon', '#6366f1', '<path d="M62 10a40 40 0 1 0 28 62A34 34 0 1 1 62 10z"/>'],
    ['drop', '#0ea5e9', '<path d="M50 8C36 32 22 48 22 64a28 28 0 0 0 56 0c0-16-14-32-28-56z"/>'],
    ['leaf', '#16a34a', '<path d="M14 86C14 40 44 14 88 12c0 46-28 74-74 74zm0 0l46-46" stroke="#fff" stroke-width="4"/>'],
    ['sun', '#f97316', '<circle cx="50" cy="50" r="20"/><g stroke="#f97316" stroke-width="7" stroke-linecap="round"><path d="M50 8v12M50 80v12M8 50h12M80 50h12M20 20l9 9M71 71l9 9M20 80l9-9M71 29l9-9"/></g>'],
    ['diamond', '#06b6d4', '<path d="M50 6l36 44-36 44-36-44z"/>'],
    ['note', '#a21caf', '<path d="M38 20l44-10v52a12 12 0 1 1-8-11V26l-28 6v40a12 12 0 1 1-8-11z"/>'],
    ['bolt', '#eab308', '<path d="M58 6L20 56h26l-6 38 40-52H52z"/>'],
    ['flower', '#db2777', '<g><circle cx="50" cy="28" r="16"/><circle cx="72" cy="50" r="16"/><circle cx="50" cy="72" r="16"/><circle cx="28" cy="50" r="16"/></g><circle cx="50" cy="50" r="11" fill="#facc15"/>'],
    ['crown', '#ca8a04', '<path d="M12 76l-4-48 24 18 18-30 18 30 24-18-4 48z"/>'],
    ['fish', '#0284c7', '<path d="M10 50c16-22 46-26 66-8l14-12v40L76 58C56 76 26 72 10 50z"/><circle cx="30" cy="46" r="4" fill="#fff"/>'],
  ];
  const LEVELS = [[4, 4], [5, 4], [6, 4]];
  let state = 'intro', level = LEVEL - 1, cards = [], open = [], moves = 0, score = 0, best = 0, found = 0, seconds = 0, timer = null, lock = false, focusIdx = 0;
  addEventListener('message', (e) => {
    const d = portal && e.source === portal && e.data;
    if (d && d.type === 'portal:best' && Number.isSafeInteger(d.best) && d.best > best) { best = d.best; updateHud(); }
  });
  if (portal) try { portal.postMessage({ type: 'portal:ready' }, location.origin); } catch { /* closed or another origin */ }
  const [wide] = [() => innerWidth >= innerHeight];

  function fmt(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`; }
  function updateHud() { $('score').textContent = score; $('best').textContent = best; $('moves').textContent = moves; $('time').textContent = fmt(seconds); }
  function show(a, b, c) { ovTitle.textContent = a; ovText.textContent = b; ovBtn.textContent = c; overlay.hidden = false; ovBtn.focus({ preventScroll: true }); live.textContent = `${a}. ${b}`; }
  function shuffle(arr) { for (let i = arr.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [arr[i], arr[j]] = [arr[j], arr[i]]; } return arr; }
  function deal() {
    let [cols, rows] = LEVELS[level % LEVELS.length];
    if (!wide() && cols > rows) [cols, rows] = [rows, cols];
    const pairs = (cols * rows) / 2;
    const syms = shuffle(SYMBOLS.slice()).slice(0, pairs);
    cards = shuffle([...syms, ...syms].map((s, i) => ({ key: s[0], color: s[1], svg: s[2], i })));
    board.style.setProperty('--cols', cols); board.style.setProperty('--rows', rows);
    board.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
    board.innerHTML = '';
    cards.forEach((c, idx) => {
      const b = document.createElement('button');
      b.type = 'button'; b.className = 'card'; b.setAttribute('role', 'gridcell'); b.tabIndex = idx === 0 ? 0 : -1;
      b.setAttribute('aria-label', `${t.card} ${idx + 1}, ${t.hidden}`);
      b.innerHTML = `<span class="inner"><span class="face back"></span><span class="face front"><svg viewBox="0 0 100 100" fill="${c.color}" aria-hidden="true">${c.svg}</svg></span></span>`;
      b.addEventListener('click', () => flip(idx));
      c.el = b; board.appendChild(b);
    });
    board.dataset.cols = cols;
    open = []; found = 0; moves = 0; seconds = 0; focusIdx = 0; lock = false; updateHud();
  }
  function startTimer() { stopTimer(); timer = setInterval(() => { seconds++; updateHud(); }, 1000); }
  function stopTimer() { if (timer) clearInterval(timer); timer = null; }
  function start(next) {
    if (next) level++; else { level = LEVEL - 1; score = 0; }
    deal(); state = 'play'; overlay.hidden = true; board.classList.remove('paused'); pauseBtn.textContent = t.pause; startTimer();
    cards[0].el.focus({ preventScroll: true });
  }
  function pause(on) {
    if (on && state === 'play') { state = 'paused'; stopTimer(); board.classList.add('paused'); pauseBtn.textContent = t.resume; show(t.paused, `${t.score}: ${score}`, t.resume); }
    else if (!on && state === 'paused') { state = 'play'; board.classList.remove('paused'); pauseBtn.textContent = t.pause; overlay.hidden = true; startTimer(); cards[focusIdx]?.el.focus({ preventScroll: true }); }
  }
  function flip(idx) {
    const c = cards[idx];
    if (state !== 'play' || lock || c.done || open.includes(c)) return;
    c.el.classList.add('open'); c.el.setAttribute('aria-label', `${t.card} ${idx + 1}, ${c.key}`);
    open.push(c);
    if (open.length < 2) return;
    moves++;
    const [a, b] = open;
    if (a.key === b.key) {
      a.done = b.done = true; found++;
      for (const x of [a, b]) { x.el.classList.add('done'); x.el.setAttribute('aria-label', `${t.card} ${cards.indexOf(x) + 1}, ${x.key}, ${t.matched}`); }
      score += 50 + (level + 1) * 10; open = []; live.textContent = `${t.pair}: ${a.key}`;
      if (found === cards.length / 2) won();
    } else {
      score = Math.max(0, score - 2); lock = true;
      setTimeout(() => {
        for (const x of [a, b]) { x.el.classList.remove('open'); x.el.setAttribute('aria-label', `${t.card} ${cards.indexOf(x) + 1}, ${t.hidden}`); }
        open = []; lock = false;
      }, 750);
    }
    updateHud();
  }
  function won() {
    stopTimer(); state = 'won';
    score += Math.max(0, 300 - seconds * 3 - moves * 2) + level * 50;
    if (score > best) { best = score; }
    updateHud();
    reportScore(score);
    setTimeout(() => show(t.won, `${t.score}: ${score} · ${t.moves}: ${moves} · ${t.time}: ${fmt(seconds)}`, t.next), 500);
  }
  ovBtn.addEventListener('click', () => (state === 'paused' ? pause(false) : start(state === 'won')));
  pauseBtn.addEventListener('click', () => pause(state === 'play'));
  addEventListener('keydown', (e) => {
    if (e.key === 'p' || e.key === 'P' || e.key === 'Escape') { pause(state === 'play'); e.preventDefault(); return; }
    if (state !== 'play') { if (e.key === 'Enter' && document.activeElement !== ovBtn) ovBtn.click(); return; }
    const cols = Number(board.dataset.cols), rtl = document.documentElement.dir === 'rtl';
    const delta = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: cols, ArrowUp: -cols }[e.key];
    if (delta !== undefined) {
      const n = focusIdx + delta;
      if (n >= 0 && n < cards.length) { cards[focusIdx].el.tabIndex = -1; focusIdx = n; cards[n].el.tabIndex = 0; cards[n].el.focus(); }
      e.preventDefault();
    }
  });
  board.addEventListener('focusin', (e) => { const i = cards.findIndex((c) => c.el === e.target); if (i >= 0) focusIdx = i; });
  addEventListener('blur', () => pause(true));
  document.addEventListener('visibilitychange', () => { if (document.hidden) pause(true); });
  deal(); updateHud(); show(title, t.intro, t.play);
})();
