// Name rules of the ID step. Messages are i18n keys of the `errors` namespace.

/** Chinese names: 2–20 Han characters, the middle dot of transliterated names allowed. */
export const CHINESE_NAME_RE = /^[\u3400-\u9fff\uf900-\ufaff·•]{2,20}$/u;
/** English names as printed on ID and bank records: letters, spaces, hyphen, apostrophe. */
export const ENGLISH_NAME_RE = /^[A-Za-z][A-Za-z '-]{0,39}$/;

// Compound surnames read as one surname; everything else takes the first character.
const COMPOUND_SURNAMES = [
  '欧阳',
  '歐陽',
  '司马',
  '司馬',
  '上官',
  '诸葛',
  '諸葛',
  '东方',
  '東方',
  '皇甫',
  '尉迟',
  '尉遲',
  '公孙',
  '公孫',
  '慕容',
  '长孙',
  '長孫',
  '宇文',
  '司徒',
  '夏侯',
  '轩辕',
  '軒轅',
  '令狐',
  '端木',
  '独孤',
  '獨孤',
  '南宫',
  '南宮',
  '西门',
  '西門',
  '百里',
  '呼延',
  '澹台',
  '澹臺',
  '公羊',
  '申屠',
];

export function splitChineseName(name: string): { surname: string; given: string } {
  const n = name.trim();
  const compound = COMPOUND_SURNAMES.find((s) => n.startsWith(s) && n.length > s.length);
  const cut = compound ? compound.length : 1;
  return { surname: n.slice(0, cut), given: n.slice(cut) };
}

export function normalizeEnglishName(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toUpperCase();
}
