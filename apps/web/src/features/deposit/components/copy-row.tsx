import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { copyText } from '../lib/copy-text';

/** spec §8/§9: copy toasts show 2000 ms. */
export const COPY_TOAST_MS = 2000;

/** Copies `value` and says so (a toast, announced), or says it failed. */
export async function copyWithToast(value: string, t: (key: string) => string) {
  const copied = await copyText(value);
  void showToast(copied ? t('copied') : t('copy_failed'), copied ? 'success' : 'error', COPY_TOAST_MS);
}

/**
 * One value of a receiving account as a row of a description list, with a copy button named after
 * the value it copies ("Copy account number") for screen readers. `shown` is how it reads (grouped
 * for the eye); `value` is what is copied (whole, as a bank's form wants it).
 */
export function CopyRow({ label, value, shown }: { label: string; value: string; shown?: string }) {
  const { t } = useTranslation('deposit');
  return (
    <div className="deposit-row">
      <dt>{label}</dt>
      <dd>
        <span className="deposit-row__value">{shown ?? value}</span>
        <button
          type="button"
          className="btn btn-ghost deposit-copy"
          aria-label={t('copy_value', { label })}
          onClick={() => void copyWithToast(value, t)}
        >
          {t('copy')}
        </button>
      </dd>
    </div>
  );
}
