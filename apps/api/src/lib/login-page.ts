import { isLanguage, LANG_COOKIE, type Language, pickLanguage } from '@hk/domain';

const STORED_CHOICE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`);

/**
 * The language of the prerendered /login the server sends (decision 029), in the order the web app
 * chooses its own (lib/i18n.ts `initialLanguage`): the `language` query parameter (spec §1) or the
 * host's `lang` (spec §7), then the person's stored choice (mirrored into the `hk_lang` cookie),
 * then the browser's `Accept-Language`, else zh-CN.
 */
export function loginPageLanguage(request: {
  query: unknown;
  headers: { cookie?: string; 'accept-language'?: string };
}): Language {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const asked = [query.language, query.lang].find((v) => typeof v === 'string' && v !== '');
  if (typeof asked === 'string') return pickLanguage(asked);
  const stored = STORED_CHOICE.exec(request.headers.cookie ?? '')?.[1];
  if (isLanguage(stored)) return stored;
  return pickLanguage(request.headers['accept-language']);
}

/** The built file of /login in each language that the web build wrote (apps/web prerender). */
export const loginPageFile = (lang: Language) => `login.${lang}.html`;
