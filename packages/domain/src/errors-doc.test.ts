/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test (not the domain code) reads the committed docs/errors.md
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { renderErrorsDoc } from './errors-doc';
import enMain from './locales/en/errors.json';
import zhCNMain from './locales/zh-CN/errors.json';
import zhHKMain from './locales/zh-HK/errors.json';
import { STAFF_ERROR_MESSAGES } from './staff/messages';

// the main catalogue and the staff one, as `npm run docs:errors` reads them
const en = { ...STAFF_ERROR_MESSAGES.en, ...enMain };
const zhCN = { ...STAFF_ERROR_MESSAGES['zh-CN'], ...zhCNMain };
const zhHK = { ...STAFF_ERROR_MESSAGES['zh-HK'], ...zhHKMain };

const docPath = path.resolve(import.meta.dirname, '../../../docs/errors.md');

describe('docs/errors.md', () => {
  it('is the fresh generation of the catalogue (run `npm run docs:errors` after changing it)', () => {
    const committed = readFileSync(docPath, 'utf8');
    expect(committed).toBe(renderErrorsDoc({ en, 'zh-CN': zhCN, 'zh-HK': zhHK }));
  });

  it('has one row per status code, with the sentence of each language', () => {
    const doc = renderErrorsDoc({ en, 'zh-CN': zhCN, 'zh-HK': zhHK });
    for (const [name, status] of Object.entries(ErrorCode)) {
      expect(doc).toMatch(new RegExp(`^\\| +${status} \\| \`${name}\` +\\|`, 'm'));
    }
    expect(doc).not.toContain('**missing in');
    const sessionRow = doc.split('\n').find((l) => l.includes('`SESSION_INVALID`')) ?? '';
    expect(sessionRow.split('|').map((c) => c.trim())).toEqual([
      '',
      '1001',
      '`SESSION_INVALID`',
      '200',
      en.code_session_invalid,
      zhCN.code_session_invalid,
      zhHK.code_session_invalid,
      '',
    ]);
  });

  it('marks a sentence missing from a catalogue', () => {
    const { code_captcha_required: _dropped, ...partial } = zhHK;
    const doc = renderErrorsDoc({ en, 'zh-CN': zhCN, 'zh-HK': partial });
    expect(doc).toContain('**missing in zh-HK: `code_captcha_required`**');
  });
});
