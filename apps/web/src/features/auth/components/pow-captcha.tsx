import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';
import { i18n, loadNamespaces, useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { fetchPowChallenge } from '../api/get-pow-challenge';
import { runPow } from '../pow/run-pow';

/** The outcome of a check says which call it was for: the SMS request, or the login (`_login`). */
export type PowState = 'idle' | 'working' | 'done' | 'failed' | 'done_login' | 'failed_login';

/**
 * A challenge for this mobile, solved: the answer to send as pow_solution (one SMS request, or one
 * login try when `forLogin`: the login's own captcha after wrong codes), or null when it could not
 * be had (said in a toast), or while another is being solved. Here rather than in the login form: its chunk is the first load of
 * /login.
 */
let solving = false;

export async function solvePowCaptcha(
  region: string,
  mobile: string,
  setState: (s: PowState) => void,
  forLogin = false,
): Promise<string | null> {
  // a second press while it works is ignored (here, not in the login form: its first load)
  if (solving) return null;
  solving = true;
  setState('working');
  try {
    const solution = await runPow(await fetchPowChallenge(region, mobile));
    if (solution === null) throw new Error('proof of work not found');
    setState(forLogin ? 'done_login' : 'done');
    return solution;
  } catch (err) {
    setState(forLogin ? 'failed_login' : 'failed');
    const show = () =>
      void showToast(err instanceof ApiError ? err.message : i18n.t('errors:captcha_load_failed'), 'error');
    void loadNamespaces('errors').then(show, show);
    return null;
  } finally {
    solving = false;
  }
}

interface Props {
  state: PowState;
  /** The login's own captcha (after wrong codes): the hint names the login's button. */
  forLogin: boolean;
  onUseImage(): void;
}

/**
 * issue #16 (WCAG 3.3.8): in place of the image, nothing to read or type. Loaded with the captcha
 * row (not in the first load of /login). Focus comes here when it opens, so a screen reader reads
 * what happens next; the state is announced from a status region.
 */
export function PowCaptcha({ state, forLogin, onUseImage }: Props) {
  const { t } = useTranslation('captcha_alt');
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <fieldset ref={ref} className="pow-captcha" tabIndex={-1}>
      <legend className="field-label">{t('title')}</legend>
      <p className="pow-captcha-hint">{t(forLogin ? 'hint_login' : 'hint')}</p>
      <p role="status" className={state.startsWith('failed') ? 'field-error' : 'pow-captcha-status'}>
        {state === 'idle' ? '' : t(state)}
      </p>
      <button type="button" className="link-button" onClick={onUseImage}>
        {t('use_image')}
      </button>
    </fieldset>
  );
}
