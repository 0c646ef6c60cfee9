// Every namespace's catalogue but the first screen's (lib/i18n.ts has common and login), one chunk
// each, loaded when a screen first asks for it (decision 026).
export const CATALOGUES = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*/*.json',
  '!../locales/*/{common,login}.json',
]);
