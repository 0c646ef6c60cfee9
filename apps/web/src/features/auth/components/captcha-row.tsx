import { CAPTCHA_LENGTH } from '@hk/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PowCaptcha, type PowState } from './pow-captcha';

export { solvePowCaptcha } from './pow-captcha';

interface Props {
  id: string;
  field: UseFormRegisterReturn<'imgCode'>;
  /** The field's message, when it has one. */
  error: string | undefined;
  /** useImageCode's query: refetch() draws a new image. */
  image: Pick<UseQueryResult<string>, 'data' | 'isFetching' | 'isError' | 'refetch'>;
  onEnter(): void;
  /** null: the image; otherwise the state of its alternative (issue #16). */
  pow: PowState | null;
  /** The captcha is (also) the login's own, asked after wrong codes: the alternative says so. */
  powForLogin: boolean;
  onPow(state: PowState | null): void;
}

/**
 * The captcha row, a chunk of its own: it shows only for numbers outside CN and HK or once the
 * server asks, so the first load of /login does without it (the 180 KB budget).
 */
export function CaptchaRow({ id, field, error, image, onEnter, pow, powForLogin, onPow }: Props) {
  const { t } = useTranslation('login');
  if (pow) return <PowCaptcha state={pow} forLogin={powForLogin} onUseImage={() => onPow(null)} />;
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {t('image_code_label')}
      </label>
      <div className={`field-row${error !== undefined ? ' has-error' : ''}`}>
        <input
          id={id}
          {...field}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field-input"
          placeholder={t('image_code_placeholder')}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${id}-error` : undefined}
          maxLength={CAPTCHA_LENGTH}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onEnter();
            }
          }}
        />
        <button
          type="button"
          className="captcha-image"
          aria-label={t('image_code_refresh')}
          onClick={() => void image.refetch()}
        >
          {image.data && !image.isFetching ? (
            <img src={image.data} alt="" width={88} height={29} />
          ) : (
            <span className="captcha-placeholder">
              {image.isError ? t('image_code_retry') : t('image_code_loading')}
            </span>
          )}
        </button>
      </div>
      {error !== undefined && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <button type="button" className="link-button" onClick={() => onPow('idle')}>
        {t('image_code_alternative')}
      </button>
    </>
  );
}
