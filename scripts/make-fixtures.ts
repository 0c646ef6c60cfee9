// Draws the fake ID card photos the browser journeys upload (e2e/fixtures/*.jpg) and the file
// that only pretends to be a JPEG. Run `npm run fixtures`; the outputs are committed so the test
// run needs neither fonts nor sharp. Every card says SAMPLE: these are not real documents.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const outDir = path.resolve(import.meta.dirname, '../e2e/fixtures');
const W = 1200;
const H = 760;
const FONT = "'Noto Sans CJK SC', 'Noto Serif CJK SC', 'WenQuanYi Zen Hei', sans-serif";

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function text(x: number, y: number, s: string, size: number, extra = ''): string {
  const family = extra.includes('font-family') ? '' : `font-family="${FONT}"`;
  return `<text x="${x}" y="${y}" ${family} font-size="${size}" ${extra}>${esc(s)}</text>`;
}

/** A card on a desk-coloured background, slightly inset as a phone photo would frame it. */
function card(inner: string, tint: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8d8478"/><stop offset="1" stop-color="#5f584f"/>
    </linearGradient>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tint[0]}"/><stop offset="1" stop-color="${tint[1]}"/>
    </linearGradient>
    <pattern id="guilloche" width="36" height="36" patternUnits="userSpaceOnUse">
      <circle cx="18" cy="18" r="16" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="1"/>
      <circle cx="0" cy="0" r="16" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect x="60" y="50" width="1080" height="660" rx="36" fill="#000" opacity="0.25" transform="translate(8 10)"/>
  <rect x="60" y="50" width="1080" height="660" rx="36" fill="url(#card)"/>
  <rect x="60" y="50" width="1080" height="660" rx="36" fill="url(#guilloche)"/>
  <g fill="#1d2330">${inner}</g>
  <g transform="rotate(-18 600 380)" opacity="0.22">
    ${text(330, 430, 'SAMPLE 样本 樣本', 96, 'fill="#b3261e" font-weight="700"')}
  </g>
</svg>`;
}

const portrait = (x: number, y: number) => `
  <rect x="${x}" y="${y}" width="260" height="320" rx="10" fill="#dfe6ee"/>
  <circle cx="${x + 130}" cy="${y + 125}" r="70" fill="#9aa8b8"/>
  <path d="M${x + 25} ${y + 320} C${x + 35} ${y + 215} ${x + 225} ${y + 215} ${x + 235} ${y + 320} Z" fill="#9aa8b8"/>`;

// Mainland resident identity card, portrait side; 11010519491231002X is the national standard's sample (17th digit even: female).
const cnFront = card(
  `${text(120, 150, '姓名', 30, 'fill="#41628a"')}${text(210, 150, '张三', 40, 'font-weight="700"')}
  ${text(120, 220, '性别', 30, 'fill="#41628a"')}${text(210, 220, '女', 34)}
  ${text(330, 220, '民族', 30, 'fill="#41628a"')}${text(420, 220, '汉', 34)}
  ${text(120, 290, '出生', 30, 'fill="#41628a"')}${text(210, 290, '1949 年 12 月 31 日', 34)}
  ${text(120, 360, '住址', 30, 'fill="#41628a"')}${text(210, 360, '北京市朝阳区样本路 1 号', 32)}
  ${text(210, 410, '样本小区 2 栋 301 室', 32)}
  ${text(120, 600, '公民身份号码', 30, 'fill="#41628a"')}
  ${text(340, 602, '11010519491231002X', 46, 'font-family="monospace" letter-spacing="4" font-weight="700"')}
  ${portrait(820, 110)}`,
  ['#eef3f6', '#d7e4ea'],
);

const cnBack = card(
  `<g transform="translate(150 110)">
    <circle cx="80" cy="80" r="78" fill="#c9312c"/>
    <polygon points="80,22 95,66 142,66 104,93 118,138 80,110 42,138 56,93 18,66 65,66" fill="#f5c542"/>
  </g>
  ${text(360, 190, '中华人民共和国', 64, 'font-weight="700" letter-spacing="6"')}
  ${text(410, 300, '居民身份证', 84, 'font-weight="700" letter-spacing="12"')}
  ${text(150, 560, '签发机关', 30, 'fill="#41628a"')}${text(300, 560, '北京市公安局样本分局', 34)}
  ${text(150, 630, '有效期限', 30, 'fill="#41628a"')}${text(300, 630, '2020.01.01-2040.01.01', 34)}`,
  ['#eef3f6', '#d3e2ea'],
);

// Hong Kong identity card; A123456(3) is the usual worked example of the check digit.
const hkFront = card(
  `${text(120, 140, '香港永久性居民身份證', 44, 'font-weight="700"')}
  ${text(120, 190, 'HONG KONG PERMANENT IDENTITY CARD', 30, 'font-weight="700"')}
  ${text(120, 280, '陳大文', 44)}
  ${text(120, 330, 'CHAN, Tai Man', 36)}
  ${text(120, 380, '2424 1129 2429', 30, 'font-family="monospace"')}
  ${text(120, 440, '出生日期 Date of Birth', 24, 'fill="#41628a"')}${text(120, 480, '01-01-1990', 34)}
  ${text(430, 440, '性別 Sex', 24, 'fill="#41628a"')}${text(430, 480, '男 M', 34)}
  ${text(120, 540, '***AZ', 32)}
  ${text(120, 600, '(01-11)', 28)}
  ${text(640, 640, 'A123456(3)', 52, 'font-family="monospace" font-weight="700"')}
  ${portrait(820, 230)}`,
  ['#f4efe4', '#e4d8c4'],
);

const hkBack = card(
  `<rect x="60" y="110" width="1080" height="90" fill="#2b2b2b"/>
  ${text(120, 300, '此證為香港特別行政區入境事務處樣本', 34)}
  ${text(120, 350, 'This card is a SAMPLE of the Immigration Department, HKSAR', 30)}
  ${text(120, 450, '如拾獲此證，請交回任何警署或入境事務處。', 30)}
  ${text(120, 500, 'If found, please return to any police station or the Immigration Department.', 26)}
  ${text(120, 640, 'IDHKG A123456 3 <<<<<<<<<<<<<<<<<<<<<<<<<', 34, 'font-family="monospace"')}`,
  ['#f4efe4', '#e2d6c2'],
);

async function writeJpeg(name: string, svg: string) {
  const file = path.join(outDir, name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(file);
  const { size } = statSync(file);
  console.log(`${name}: ${(size / 1024).toFixed(0)} KB`);
}

mkdirSync(outDir, { recursive: true });
await writeJpeg('cn-id-front.jpg', cnFront);
await writeJpeg('cn-id-back.jpg', cnBack);
await writeJpeg('hk-id-front.jpg', hkFront);
await writeJpeg('hk-id-back.jpg', hkBack);
// A PDF under a .jpg name: the server must decide the type by content and refuse it.
writeFileSync(
  path.join(outDir, 'not-an-image.jpg'),
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
console.log('not-an-image.jpg: PDF named .jpg');
