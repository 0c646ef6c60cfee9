import { LANGUAGES } from '@hk/domain';
import { FLOW_ERROR_MESSAGES } from '@hk/domain/flow/messages';
import { i18n } from '../../lib/i18n';

let added = false;
/**
 * The flow rules' messages (packages/domain/src/flow/locales) join the `errors` namespace when the
 * first step screen loads; the login screen never downloads them.
 */
export function addFlowMessages() {
  if (added || !i18n.isInitialized) return;
  added = true;
  for (const lang of LANGUAGES)
    i18n.addResourceBundle(lang, 'errors', FLOW_ERROR_MESSAGES[lang], true, false);
}
