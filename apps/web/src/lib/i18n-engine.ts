import i18next from 'i18next';
import { adoptEngine, currentLanguage, loadedResources } from './i18n';

// i18next, loaded with the first screen after /login (lib/lazy-with-query.tsx, decision 026): the
// other screens' plurals, nesting and every lookup from then on, from the catalogues lib/i18n.ts
// loads (it hands each one over as it arrives). Started synchronously from those loaded so far.
let started = false;

export function startEngine() {
  if (started) return;
  started = true;
  // a test's set-up started it with every catalogue, and handed it over itself
  if (i18next.isInitialized) return;
  void i18next.init({
    resources: loadedResources(),
    lng: currentLanguage(),
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  adoptEngine(i18next);
}
