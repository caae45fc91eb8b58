import { hash32 } from './random.util.js';
import type { TokenAttribute } from './trait.source.js';

/** Art families: each collection draws its tokens in one of them, layered from the traits. */
export type ArtStyle = 'ape' | 'mfer' | 'critter' | 'oddity' | 'edition' | 'voucher';

const NAMED_COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['aquamarine', '#3fd6c6'],
  ['army green', '#5b6b3a'],
  ['orange', '#f29a3f'],
  ['yellow', '#f2d64b'],
  ['purple', '#8e5bd6'],
  ['pink', '#f29ac0'],
  ['blue', '#4b8ef2'],
  ['green', '#58c26b'],
  ['red', '#e0503f'],
  ['gray', '#9aa0a6'],
  ['grey', '#9aa0a6'],
  ['black', '#2b2b2b'],
  ['white', '#f4f4f4'],
  ['cream', '#efe3c2'],
  ['brown', '#8a5a3b'],
  ['tan', '#c9a27a'],
  ['gold', '#e8b923'],
  ['silver', '#c0c6cc'],
  ['chrome', '#c0c6cc'],
  ['robot', '#aab4be'],
  ['zombie', '#7fa36b'],
  ['trippy', '#c85bd6'],
  ['dmt', '#c85bd6'],
  ['cheetah', '#d9a441'],
  ['noise', '#8c8c8c'],
  ['charcoal', '#454545'],
  ['metal', '#a9b1b8'],
  ['alien', '#9fe3d0'],
  ['ape', '#8a5a3b'],
  ['sky', '#8ec9f2'],
  ['sand', '#e3cf9a'],
  ['mint', '#a8e6c9'],
  ['lilac', '#c9b3e6'],
  ['peach', '#f5c1a0'],
  ['slate', '#6b7a8a'],
  ['lime', '#b6e35b'],
  ['night', '#1f2a44'],
  ['space', '#1b1840'],
  ['graveyard', '#4a4f5a'],
];

/** A colour for a trait value: a colour word in it when there is one, else a stable hue. */
function colourOf(value: string | undefined, lightness = 58): string {
  if (!value) return `hsl(210 10% ${lightness}%)`;
  const lower = value.toLowerCase();
  for (const [word, colour] of NAMED_COLOURS) if (lower.includes(word)) return colour;
  return `hsl(${hash32(lower) % 360} 55% ${lightness}%)`;
}

function variant(value: string | undefined, count: number): number {
  return value ? hash32(value.toLowerCase()) % count : 0;
}

function trait(attributes: readonly TokenAttribute[], ...names: string[]): string | undefined {
  for (const name of names) {
    const found = attributes.find((attribute) => attribute.trait_type.toLowerCase() === name.toLowerCase());
    if (found) return String(found.value);
  }
  return undefined;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function eyes(kind: number, y: number, spread: number, colour: string): string {
  const left = 200 - spread;
  const right = 200 + spread;
  switch (kind) {
    case 0:
      return `<circle cx="${left}" cy="${y}" r="9" fill="#111"/><circle cx="${right}" cy="${y}" r="9" fill="#111"/>`;
    case 1:
      return `<path d="M${left - 14} ${y}h28M${right - 14} ${y}h28" stroke="#111" stroke-width="6" stroke-linecap="round"/>`;
    case 2:
      return `<circle cx="${left}" cy="${y}" r="17" fill="#fff" stroke="#111" stroke-width="3"/><circle cx="${right}" cy="${y}" r="17" fill="#fff" stroke="#111" stroke-width="3"/><circle cx="${left + 4}" cy="${y + 3}" r="7" fill="#111"/><circle cx="${right + 4}" cy="${y + 3}" r="7" fill="#111"/>`;
    case 3:
      return `<path d="M${left - 10} ${y - 10}l20 20m0 -20l-20 20M${right - 10} ${y - 10}l20 20m0 -20l-20 20" stroke="#111" stroke-width="6" stroke-linecap="round"/>`;
    case 4:
      return `<path d="M${left} ${y}L0 ${y + 40}M${right} ${y}L400 ${y + 40}" stroke="${colour}" stroke-width="10" opacity="0.85"/><circle cx="${left}" cy="${y}" r="10" fill="${colour}"/><circle cx="${right}" cy="${y}" r="10" fill="${colour}"/>`;
    default:
      return `<rect x="${left - 26}" y="${y - 14}" width="${spread * 2 + 52}" height="28" rx="8" fill="#111"/><rect x="${left - 18}" y="${y - 8}" width="${spread * 2 + 36}" height="8" rx="4" fill="${colour}" opacity="0.8"/>`;
  }
}

function mouth(kind: number, y: number): string {
  switch (kind) {
    case 0:
      return `<path d="M170 ${y}h60" stroke="#111" stroke-width="6" stroke-linecap="round"/>`;
    case 1:
      return `<path d="M165 ${y - 6}q35 30 70 0" fill="none" stroke="#111" stroke-width="6" stroke-linecap="round"/>`;
    case 2:
      return `<path d="M165 ${y + 10}q35 -26 70 0" fill="none" stroke="#111" stroke-width="6" stroke-linecap="round"/>`;
    case 3:
      return `<ellipse cx="200" cy="${y}" rx="16" ry="12" fill="#311"/>`;
    default:
      return `<rect x="168" y="${y - 10}" width="64" height="20" rx="6" fill="#fff" stroke="#111" stroke-width="4"/><path d="M184 ${y - 10}v20M200 ${y - 10}v20M216 ${y - 10}v20" stroke="#111" stroke-width="3"/>`;
  }
}

function hat(kind: number, top: number, colour: string): string {
  switch (kind) {
    case 0:
      return `<path d="M120 ${top + 30}a80 60 0 0 1 160 0z" fill="${colour}"/><rect x="110" y="${top + 24}" width="180" height="14" rx="7" fill="${colour}"/>`;
    case 1:
      return `<path d="M125 ${top + 34}a75 70 0 0 1 150 0z" fill="${colour}"/><rect x="250" y="${top + 26}" width="70" height="12" rx="6" fill="${colour}"/>`;
    case 2:
      return `<path d="M140 ${top + 30}l15 -45 25 28 20 -40 20 40 25 -28 15 45z" fill="#e8b923" stroke="#a77f0e" stroke-width="3"/>`;
    case 3:
      return `<ellipse cx="200" cy="${top - 14}" rx="62" ry="14" fill="none" stroke="#f6e27a" stroke-width="8"/>`;
    default:
      return `<path d="M160 ${top + 32}l40 -80 40 80z" fill="${colour}"/><circle cx="200" cy="${top - 48}" r="10" fill="#fff"/>`;
  }
}

function apeLayers(attributes: readonly TokenAttribute[]): string {
  const fur = colourOf(trait(attributes, 'Fur'));
  const clothes = trait(attributes, 'Clothes');
  const hatValue = trait(attributes, 'Hat');
  const earring = trait(attributes, 'Earring');
  const eyesValue = trait(attributes, 'Eyes');
  return [
    clothes ? `<path d="M90 400q10 -90 110 -95q100 5 110 95z" fill="${colourOf(clothes, 45)}"/>` : '',
    `<path d="M130 400q10 -70 70 -80q60 10 70 80z" fill="${fur}" opacity="${clothes ? 0 : 1}"/>`,
    `<circle cx="112" cy="200" r="34" fill="${fur}"/><circle cx="288" cy="200" r="34" fill="${fur}"/>`,
    `<ellipse cx="200" cy="195" rx="95" ry="105" fill="${fur}"/>`,
    `<ellipse cx="200" cy="240" rx="62" ry="48" fill="#e9cfae" opacity="0.85"/>`,
    eyes(variant(eyesValue, 6), 172, 36, colourOf(eyesValue)),
    mouth(variant(trait(attributes, 'Mouth'), 5), 252),
    hatValue ? hat(variant(hatValue, 5), 95, colourOf(hatValue, 48)) : '',
    earring
      ? `<circle cx="92" cy="226" r="9" fill="${colourOf(earring)}" stroke="#111" stroke-width="2"/>`
      : '',
  ].join('');
}

function mferLayers(attributes: readonly TokenAttribute[]): string {
  const skin = colourOf(trait(attributes, 'type'), 70);
  const phones = trait(attributes, 'headphones');
  const hatValue = trait(attributes, 'hat', 'hat over headphones', 'hat under headphones');
  const eyesValue = trait(attributes, 'eyes');
  const smoke = trait(attributes, 'smoke');
  return [
    `<path d="M120 400q0 -110 80 -110t80 110" fill="none" stroke="#111" stroke-width="8"/>`,
    `<circle cx="200" cy="190" r="95" fill="${skin}" stroke="#111" stroke-width="8"/>`,
    eyes(variant(eyesValue, 6), 180, 34, colourOf(eyesValue)),
    mouth(variant(trait(attributes, 'mouth'), 3), 235),
    smoke
      ? `<path d="M232 238h60" stroke="#f4f4f4" stroke-width="8"/><path d="M288 238h8" stroke="#e0503f" stroke-width="8"/>`
      : '',
    phones
      ? `<path d="M100 190a100 110 0 0 1 200 0" fill="none" stroke="${colourOf(phones, 40)}" stroke-width="14"/><rect x="86" y="170" width="30" height="60" rx="12" fill="${colourOf(phones, 40)}"/><rect x="284" y="170" width="30" height="60" rx="12" fill="${colourOf(phones, 40)}"/>`
      : '',
    hatValue ? hat(variant(hatValue, 5), 85, colourOf(hatValue, 48)) : '',
  ].join('');
}

function critterLayers(attributes: readonly TokenAttribute[]): string {
  const body = colourOf(trait(attributes, 'Species'), 55);
  const pattern = variant(trait(attributes, 'Pattern'), 4);
  const accessory = trait(attributes, 'Accessory');
  const marks =
    pattern === 1
      ? '<circle cx="160" cy="250" r="12" fill="#0003"/><circle cx="235" cy="280" r="16" fill="#0003"/><circle cx="205" cy="225" r="9" fill="#0003"/>'
      : pattern === 2
        ? '<path d="M140 230h120M130 265h140M140 300h120" stroke="#0003" stroke-width="12"/>'
        : pattern === 3
          ? '<path d="M150 240q15 15 30 0t30 0t30 0M150 280q15 15 30 0t30 0t30 0" fill="none" stroke="#0003" stroke-width="6"/>'
          : '';
  return [
    `<ellipse cx="200" cy="270" rx="100" ry="80" fill="${body}"/>`,
    marks,
    `<circle cx="200" cy="170" r="70" fill="${body}"/>`,
    eyes(variant(trait(attributes, 'Eyes'), 3), 165, 26, '#fff'),
    mouth(1, 200),
    accessory ? `<path d="M140 222q60 30 120 0v16q-60 30 -120 0z" fill="${colourOf(accessory, 45)}"/>` : '',
  ].join('');
}

function oddityLayers(attributes: readonly TokenAttribute[]): string {
  const hue = colourOf(trait(attributes, 'Hue'), 55);
  const shape = variant(trait(attributes, 'Shape'), 4);
  const body =
    shape === 0
      ? `<circle cx="200" cy="190" r="100" fill="${hue}"/>`
      : shape === 1
        ? `<rect x="110" y="100" width="180" height="180" rx="12" fill="${hue}" transform="rotate(12 200 190)"/>`
        : shape === 2
          ? `<path d="M200 70l90 200h-180z" fill="${hue}"/>`
          : `<path d="M200 190m-100 0a100 100 0 1 0 200 0a70 70 0 1 0 -140 0a40 40 0 1 0 80 0" fill="none" stroke="${hue}" stroke-width="18"/>`;
  const glitch = trait(attributes, 'Glitch')
    ? '<path d="M0 150h400M0 230h400" stroke="#fff6" stroke-width="6"/>'
    : '';
  return body + glitch;
}

function editionLayers(attributes: readonly TokenAttribute[], title: string): string {
  const tier = colourOf(trait(attributes, 'Tier'), 50);
  return [
    `<rect x="70" y="50" width="260" height="270" rx="24" fill="#fff" stroke="${tier}" stroke-width="12"/>`,
    `<circle cx="200" cy="150" r="60" fill="${tier}"/>`,
    `<path d="M200 110l12 26 28 4-20 20 5 28-25-13-25 13 5-28-20-20 28-4z" fill="#fff"/>`,
    `<text x="200" y="260" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#222">${escapeXml(trait(attributes, 'Edition') ?? title)}</text>`,
  ].join('');
}

function voucherLayers(): string {
  return [
    '<rect x="40" y="110" width="320" height="160" rx="16" fill="#ffe14d" stroke="#d11" stroke-width="8" stroke-dasharray="18 10"/>',
    '<text x="200" y="180" font-family="sans-serif" font-size="38" font-weight="bold" text-anchor="middle" fill="#d11">FREE REWARD</text>',
    '<text x="200" y="228" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#222">claim before it expires!</text>',
  ].join('');
}

/** The drawing of each art style over the background. */
const STYLE_LAYERS: Record<ArtStyle, (attributes: readonly TokenAttribute[], title: string) => string> = {
  ape: apeLayers,
  mfer: mferLayers,
  critter: critterLayers,
  oddity: oddityLayers,
  edition: editionLayers,
  voucher: voucherLayers,
};

/**
 * Our own artwork for a token, drawn from its traits: the same traits always give the same
 * picture. Plain shapes and text only, no script, no external references.
 */
export function renderTokenSvg(
  style: ArtStyle,
  title: string,
  attributes: readonly TokenAttribute[],
): string {
  const background = colourOf(trait(attributes, 'Background', 'background', 'Habitat') ?? title, 82);
  const layers = STYLE_LAYERS[style](attributes, title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<rect width="400" height="400" fill="${background}"/>${layers}` +
    `<text x="200" y="388" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#0008">${escapeXml(title)}</text>` +
    `</svg>`
  );
}
