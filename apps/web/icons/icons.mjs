/**
 * The install icons of the three installable apps (issue 20): a white lorry on each app's colour.
 * The SVG below is the source; `npm run icons -w @extranet/web` draws the PNGs into public/icons
 * with Debian's Chromium (no image tool is needed) and the committed PNGs are what is served.
 */

/** Each app: its colour (also the manifest's theme colour). */
export const APPS = {
  clientes: '#1864ab',
  proveedores: '#0b7285',
  conductor: '#2b8a3e',
};

const GLYPH = (background) => `
  <rect x="88" y="168" width="224" height="152" rx="14" fill="#fff"/>
  <path d="M320 208h60l52 64v48H320z" fill="#fff"/>
  <path d="M338 226h34l34 42h-68z" fill="${background}"/>
  <circle cx="168" cy="336" r="38" fill="#fff"/>
  <circle cx="168" cy="336" r="16" fill="${background}"/>
  <circle cx="376" cy="336" r="38" fill="#fff"/>
  <circle cx="376" cy="336" r="16" fill="${background}"/>`;

/** `maskable`: full-bleed background, the lorry inside the central 80 % safe zone. */
export function iconSvg(color, maskable = false) {
  const background = maskable
    ? `<rect width="512" height="512" fill="${color}"/>`
    : `<rect width="512" height="512" rx="104" fill="${color}"/>`;
  const glyph = maskable
    ? `<g transform="translate(51.2 51.2) scale(0.8)">${GLYPH(color)}</g>`
    : GLYPH(color);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${glyph}</svg>`;
}
