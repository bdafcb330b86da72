// Deterministic SVG artwork for the demo catalog: a gradient plus shapes chosen by content type,
// all colours and positions derived from the article id (same style as data/media/art/*.svg).

const PALETTES = [
  ['#f59e0b', '#312e81', '#ec4899', '#a78bfa'], ['#06b6d4', '#1e1b4b', '#f472b6', '#e0f2fe'],
  ['#10b981', '#064e3b', '#fde047', '#d1fae5'], ['#ef4444', '#450a0a', '#f97316', '#fee2e2'],
  ['#8b5cf6', '#0f172a', '#22d3ee', '#ede9fe'], ['#eab308', '#7c2d12', '#fb7185', '#fef3c7'],
  ['#0ea5e9', '#0c4a6e', '#facc15', '#e0f2fe'], ['#d946ef', '#3b0764', '#34d399', '#fae8ff'],
  ['#14b8a6', '#134e4a', '#f59e0b', '#ccfbf1'], ['#f43f5e', '#1e1b4b', '#38bdf8', '#ffe4e6'],
  ['#c2410c', '#1c1917', '#fbbf24', '#ffedd5'], ['#65a30d', '#1a2e05', '#f472b6', '#ecfccb'],
];

// A small seeded generator (mulberry32): the same id always draws the same
// art and the same catalog. `scramble` spreads nearby seeds apart.
export function rng(seed, scramble = 2654435761) {
  let a = (seed * scramble) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function shapes(kind, W, H, R, p) {
  const m = Math.min(W, H), cx = r1(W * (0.3 + R() * 0.4)), cy = r1(H * (0.3 + R() * 0.4));
  const out = [];
  switch (kind) {
    case 'music': { // vinyl rings
      for (let i = 5; i >= 1; i--) out.push(`<circle cx="${cx}" cy="${cy}" r="${r1(m * 0.07 * i)}" fill="none" stroke="${i % 2 ? '#ffffff' : p[3]}" stroke-opacity="${0.25 + i * 0.1}" stroke-width="${r1(m * 0.012)}"/>`);
      out.push(`<circle cx="${cx}" cy="${cy}" r="${r1(m * 0.05)}" fill="${p[2]}"/>`);
      break;
    }
    case 'video': { // film frame + play
      const w = m * 0.5, h = m * 0.34;
      out.push(`<rect x="${r1(cx - w / 2)}" y="${r1(cy - h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(m * 0.03)}" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-opacity="0.7" stroke-width="${r1(m * 0.01)}"/>`);
      out.push(`<path d="M${r1(cx - m * 0.05)} ${r1(cy - m * 0.07)} L${r1(cx + m * 0.08)} ${r1(cy)} L${r1(cx - m * 0.05)} ${r1(cy + m * 0.07)} Z" fill="${p[2]}"/>`);
      break;
    }
    case 'games': { // blocks
      const s = m * 0.09;
      for (let i = 0; i < 9; i++) {
        const x = r1(W * 0.1 + R() * W * 0.75), y = r1(H * 0.1 + R() * H * 0.7);
        out.push(`<rect x="${x}" y="${y}" width="${r1(s)}" height="${r1(s)}" rx="${r1(s * 0.2)}" fill="${[p[2], p[3], '#ffffff'][i % 3]}" fill-opacity="${0.5 + (i % 3) * 0.2}" transform="rotate(${Math.round(R() * 40 - 20)} ${x} ${y})"/>`);
      }
      out.push(`<circle cx="${cx}" cy="${cy}" r="${r1(m * 0.06)}" fill="#fff"/>`);
      break;
    }
    case 'podcast': case 'audiobook': { // sound waves / microphone
      const n = 14, bw = W * 0.6 / n;
      for (let i = 0; i < n; i++) {
        const h = H * (0.08 + R() * 0.35);
        out.push(`<rect x="${r1(W * 0.2 + i * bw)}" y="${r1(cy - h / 2)}" width="${r1(bw * 0.6)}" height="${r1(h)}" rx="${r1(bw * 0.3)}" fill="${i % 2 ? '#ffffff' : p[3]}" fill-opacity="0.75"/>`);
      }
      break;
    }
    case 'text': { // lines of text
      for (let i = 0; i < 6; i++) out.push(`<rect x="${r1(W * 0.12)}" y="${r1(H * (0.2 + i * 0.1))}" width="${r1(W * (0.4 + R() * 0.4))}" height="${r1(H * 0.035)}" rx="${r1(H * 0.017)}" fill="#fff" fill-opacity="${i === 0 ? 0.9 : 0.5}"/>`);
      break;
    }
    case 'voucher': {
      out.push(`<rect x="${r1(W * 0.15)}" y="${r1(H * 0.25)}" width="${r1(W * 0.7)}" height="${r1(H * 0.5)}" rx="${r1(m * 0.05)}" fill="#fff" fill-opacity="0.9"/>`);
      out.push(`<circle cx="${r1(W * 0.15)}" cy="${r1(H * 0.5)}" r="${r1(m * 0.05)}" fill="${p[1]}"/><circle cx="${r1(W * 0.85)}" cy="${r1(H * 0.5)}" r="${r1(m * 0.05)}" fill="${p[1]}"/>`);
      out.push(`<rect x="${r1(W * 0.28)}" y="${r1(H * 0.4)}" width="${r1(W * 0.44)}" height="${r1(H * 0.2)}" rx="${r1(m * 0.02)}" fill="${p[2]}"/>`);
      break;
    }
    case 'tournament': { // trophy
      out.push(`<path d="M${r1(cx - m * 0.14)} ${r1(cy - m * 0.16)} h${r1(m * 0.28)} v${r1(m * 0.1)} a${r1(m * 0.14)} ${r1(m * 0.14)} 0 0 1 ${r1(-m * 0.28)} 0 Z" fill="${p[2]}"/>`);
      out.push(`<rect x="${r1(cx - m * 0.025)}" y="${r1(cy + m * 0.07)}" width="${r1(m * 0.05)}" height="${r1(m * 0.08)}" fill="${p[2]}"/><rect x="${r1(cx - m * 0.1)}" y="${r1(cy + m * 0.15)}" width="${r1(m * 0.2)}" height="${r1(m * 0.04)}" rx="${r1(m * 0.01)}" fill="#fff"/>`);
      break;
    }
    default: { // apps: rounded tiles
      const s = m * 0.16;
      for (let i = 0; i < 4; i++) out.push(`<rect x="${r1(cx - s - 4 + (i % 2) * (s + 8))}" y="${r1(cy - s - 4 + Math.floor(i / 2) * (s + 8))}" width="${r1(s)}" height="${r1(s)}" rx="${r1(s * 0.25)}" fill="${[p[2], '#ffffff', p[3], p[0]][i]}" fill-opacity="0.9"/>`);
    }
  }
  return out;
}

// kind: music|video|games|podcast|audiobook|text|voucher|tournament|apps; size {w,h}
export function svgArt(id, kind, w, h, variant = 0) {
  const R = rng(Number(String(id).replace(/\D/g, '') || 7) * 31 + variant * 7919);
  const p = PALETTES[Math.floor(R() * PALETTES.length)];
  const angle = R() > 0.5;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-hidden="true">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${angle ? 1 : 0}" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p[2]}" stop-opacity="0.8"/><stop offset="1" stop-color="${p[2]}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<circle cx="${r1(w * R())}" cy="${r1(h * R())}" r="${r1(Math.max(w, h) * 0.36)}" fill="url(#glow)"/>`,
    ...shapes(kind, w, h, R, p),
    `<path d="M0 ${r1(h * 0.84)} C${r1(w * 0.3)} ${r1(h * (0.7 + R() * 0.1))} ${r1(w * 0.6)} ${r1(h * (0.9 + R() * 0.1))} ${w} ${r1(h * 0.8)} L${w} ${h} L0 ${h} Z" fill="${p[3]}" fill-opacity="0.25"/>`,
    '</svg>',
  ];
  return parts.join('\n') + '\n';
}
