import type { Language } from '../constants';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';

/**
 * The `errors` messages only staff read (the back office's codes 5xxx and the field errors of its
 * forms: statements, content, FX rates, holds, staff accounts), kept apart from the main
 * catalogue so that the applicant's phone never downloads them: the server adds them at start-up
 * (`addErrorMessages`) and answers the console in the staff member's language.
 */
export const STAFF_ERROR_MESSAGES: Record<Language, Record<string, string>> = {
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  en,
};
