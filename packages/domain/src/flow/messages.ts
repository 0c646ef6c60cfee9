import type { Language } from '../constants';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';

/**
 * The `errors` messages of the later steps' rules (flow/*), kept apart from the main catalogue so
 * that the login screen does not download them: the server adds them at start-up
 * (`addErrorMessages`), a step's screen adds them when it loads.
 */
export const FLOW_ERROR_MESSAGES: Record<Language, Record<string, string>> = {
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  en,
};
