import {
  CAPTCHA_WARNING_TOAST_MS,
  checkIsCaptchaAlwaysRequired,
  checkLoginForm,
  checkMobile,
  DEFAULT_PHONE_REGION,
  ErrorCode,
  formatMobileInput,
  type LoginForm as LoginFormValues,
  LoginUserStatus,
  mobileInputMaxLength,
  type PhoneRegion,
  SMS_CODE_LENGTH,
  SMS_COUNTDOWN_S,
} from '@hk/domain';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { AppButton } from '../../../components/ui/app-button';
import { userStatusQueryKey } from '../../../lib/api/user-status-fetch';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, hasNamespace, loadNamespaces, useTranslation } from '../../../lib/i18n';
// the first load of /login without react-hook-form or TanStack Query (decision 015)
import { useForm } from '../../../lib/light-form';
import { removeLoadedQueries } from '../../../lib/query-client-ref';
import { ROUTES } from '../../../lib/routes';
import { saveSession } from '../../../lib/session';
import { confirmDialog, preloadOverlays, showToast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/use-countdown';
import { useDecodedMobile } from '../api/decode-mobile';
import { syncCaType } from '../api/get-ca';
import { useImageCode } from '../api/get-image-code';
import { useRegionList } from '../api/get-region-list';
import { useLogin } from '../api/login';
import { useRequestSmsCode } from '../api/request-sms-code';
import { Agreement } from './agreement';
import type { PowState } from './pow-captcha';
import { RegionSelector } from './region-selector';

// issue #16: the captcha row and the image's accessible alternative load when the captcha is
// required (the /login budget: the first load is the form without them)
const loadCaptchaRow = () => import('./captcha-row');

/** Shows a message once the `errors` catalogue is there (or could not load: the key then). */
const withErrors = (show: () => void) => void loadNamespaces('errors').then(show, show);
const CaptchaRow = lazy(() => loadCaptchaRow().then((m) => ({ default: m.CaptchaRow })));

type FieldName = 'region' | 'mobile' | 'imgCode' | 'smsCode';
// spec §5: the first error in this order is the one shown as a toast.
const FIELD_ORDER: FieldName[] = ['region', 'mobile', 'imgCode', 'smsCode'];
// Server field names (1002 data.fields) → form fields.
const SERVER_FIELDS: Record<string, FieldName> = {
  region: 'region',
  mobile: 'mobile',
  image_code: 'imgCode',
  code: 'smsCode',
};

export function LoginForm() {
  const { t, i18n } = useTranslation('login');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ids = { mobile: useId(), imgCode: useId(), smsCode: useId() };

  const form = useForm<LoginFormValues>({
    resolver: checkLoginForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      region: DEFAULT_PHONE_REGION,
      mobile: '',
      imgCode: '',
      smsCode: '',
      isRead: false,
      captchaShown: false,
    },
  });
  const { register, setValue, getValues, setError, clearErrors, watch, handleSubmit, formState, setFocus } =
    form;
  const { errors } = formState;
  const region = watch('region');
  const isRead = watch('isRead');

  const regions = useRegionList(currentLanguage());
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  // After wrong codes for the mobile the server wants the captcha with the login too (8001).
  const [loginCaptchaDemanded, setLoginCaptchaDemanded] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const captchaRowShown = checkIsCaptchaAlwaysRequired(region) || captchaDemanded || loginCaptchaDemanded;
  // "Can't read the image?": a proof of work in its place, for the SMS request and the login's own
  // captcha alike (issue #16)
  const [powState, setPowState] = useState<PowState | null>(null);
  const usePow = powState !== null;
  const captcha = useImageCode(captchaRowShown && !usePow);
  const countdown = useCountdown();
  const sms = useRequestSmsCode();
  const loginMutation = useLogin();

  // A partner link carries an encrypted mobile: prefill it and lock it (spec §2, §5).
  const encryptedMobile = search.get('mobile');
  const decoded = useDecodedMobile(encryptedMobile);
  const locked = Boolean(decoded.data);
  useEffect(() => {
    if (!decoded.data) return;
    const r = decoded.data.region as PhoneRegion;
    setValue('region', r);
    setValue('mobile', formatMobileInput(r, decoded.data.mobile));
  }, [decoded.data, setValue]);
  useEffect(() => {
    if (decoded.error) void showToast(decoded.error.message, 'error');
  }, [decoded.error]);

  // The captcha guards the SMS request; once a code is on its way the login needs only the code,
  // unless the server asked for the captcha with the login as well. Without the image: nothing to type.
  useEffect(() => {
    setValue('captchaShown', ((captchaRowShown && !codeSent) || loginCaptchaDemanded) && !usePow);
  }, [captchaRowShown, codeSent, usePow, loginCaptchaDemanded, setValue]);

  // The messages (`errors`) load at the first touch of the form, with the toast code (decision
  // 026); a field's message shown before they arrive is shown again, translated, once they have.
  const [, setErrorsLoaded] = useState(() => hasNamespace('errors'));
  const onFirstTouch = () => {
    preloadOverlays();
    if (!hasNamespace('errors'))
      void loadNamespaces('errors').then(
        () => setErrorsLoaded(true),
        () => {},
      );
  };

  useEffect(() => {
    if (captcha.error) withErrors(() => void showToast(t('errors:captcha_load_failed'), 'error'));
  }, [captcha.error, t]);

  const messageOf = (message: string | undefined) =>
    message && i18n.exists(`errors:${message}`) ? t(`errors:${message}`) : (message ?? '');

  const toastFirstError = (errs: FieldErrors<LoginFormValues>) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (first) {
      withErrors(() => void showToast(messageOf(errs[first]?.message), 'error'));
      if (first !== 'region') setFocus(first);
    }
  };

  const applyServerErrors = (err: ApiError) => {
    const set: FieldErrors<LoginFormValues> = {};
    for (const [name, message] of Object.entries(err.fields)) {
      const field = SERVER_FIELDS[name];
      if (!field) continue;
      setError(field, { type: 'server', message });
      set[field] = { type: 'server', message };
    }
    if (Object.keys(set).length) toastFirstError(set);
    else void showToast(err.message, 'error');
  };

  const refreshCaptcha = () => {
    setValue('imgCode', '');
    void captcha.refetch();
  };

  const onRegionChange = (code: string) => {
    const r = code as PhoneRegion;
    setValue('region', r);
    setValue('mobile', formatMobileInput(r, getValues('mobile')));
    setCodeSent(false);
    clearErrors();
  };

  const onGetCode = async () => {
    // issue #16: the button is not disabled while the request is on its way (focus would drop to
    // <body>); it only ignores a second press
    if (sms.isPending) return;
    const { region: r, mobile, imgCode } = getValues();
    const problem = checkMobile(r, mobile);
    if (problem) {
      setError('mobile', { type: 'custom', message: problem });
      toastFirstError({ mobile: { type: 'custom', message: problem } });
      return;
    }
    if (captchaRowShown && !usePow && !imgCode.trim()) {
      setError('imgCode', { type: 'custom', message: 'captcha_required' });
      toastFirstError({ imgCode: { type: 'custom', message: 'captcha_required' } });
      return;
    }
    const powSolution =
      captchaRowShown && usePow
        ? await (await loadCaptchaRow()).solvePowCaptcha(r, mobile, setPowState)
        : undefined;
    if (powSolution === null) return;
    try {
      const res = await sms.mutateAsync({
        region: r,
        mobile,
        imageCode: captchaRowShown && !usePow ? imgCode : '',
        powSolution,
      });
      countdown.start(res.interval > 0 ? res.interval : SMS_COUNTDOWN_S);
      setCodeSent(true);
      clearErrors(['mobile', 'imgCode']);
      void showToast(t('sms_sent'), 'success');
      // A captcha is single use: the next request needs a fresh one.
      if (captchaRowShown && !usePow) refreshCaptcha();
      setFocus('smsCode');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.is('CAPTCHA_REQUIRED')) {
        // spec §8: a 4 s warning, the captcha row appears, a fresh captcha
        void showToast(err.message, 'warn', CAPTCHA_WARNING_TOAST_MS);
        if (captchaRowShown) refreshCaptcha();
        setCaptchaDemanded(true);
        return;
      }
      if (powSolution) setPowState('failed');
      if (err.status === ErrorCode.VALIDATION_FAILED) applyServerErrors(err);
      else void showToast(err.message, 'error');
      if (captchaRowShown && !usePow) refreshCaptcha();
    }
  };

  const submitLogin = async (values: LoginFormValues) => {
    // issue #16: the login's captcha without the image, a challenge solved for each try
    const powSolution =
      loginCaptchaDemanded && usePow
        ? await (await loadCaptchaRow()).solvePowCaptcha(values.region, values.mobile, setPowState, true)
        : undefined;
    if (powSolution === null) return;
    try {
      const data = await loginMutation.mutateAsync({
        region: values.region,
        mobile: values.mobile,
        code: values.smsCode,
        isRead: true,
        ...(loginCaptchaDemanded ? { imageCode: usePow ? '' : values.imgCode, powSolution } : {}),
      });
      saveSession({
        uid: data.uid,
        token: data.token,
        region: data.region,
        mobile: data.mobile_masked,
        isCodeCN: data.region === 'CN',
      });
      removeLoadedQueries(userStatusQueryKey);
      void syncCaType();
      // spec §2: a new user starts the opening; an existing one goes to the user centre
      const to = data.status === LoginUserStatus.NEW ? ROUTES.accountType.path : ROUTES.usercenter.path;
      await navigate(to, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // A captcha sent with the login is used up, whatever the answer (a new check at the next try).
      if (loginCaptchaDemanded && !usePow) refreshCaptcha();
      if (usePow) setPowState(err.is('CAPTCHA_WRONG') ? 'failed_login' : 'idle');
      if (err.is('CAPTCHA_REQUIRED')) {
        // as for the SMS request (spec §8): a 4 s warning, the captcha row, a fresh captcha
        void showToast(err.message, 'warn', CAPTCHA_WARNING_TOAST_MS);
        setLoginCaptchaDemanded(true);
        return;
      }
      if (err.is('CAPTCHA_WRONG') && !usePow) {
        setError('imgCode', { type: 'server', message: err.message });
        void showToast(err.message, 'error');
        setFocus('imgCode');
        return;
      }
      // issue #16: a wrong or expired code is the code field's error (aria-invalid, its message
      // under it, focus back in it), announced through the toast
      if (err.is('SMS_CODE_WRONG') || err.is('SMS_CODE_EXPIRED')) {
        setError('smsCode', { type: 'server', message: err.message });
        void showToast(err.message, 'error');
        setFocus('smsCode');
        return;
      }
      if (err.status === ErrorCode.VALIDATION_FAILED) applyServerErrors(err);
      else if (err.status !== ErrorCode.SESSION_INVALID) void showToast(err.message, 'error');
    }
  };

  const onValid = async (values: LoginFormValues) => {
    if (!values.isRead) {
      // spec §2: the reminder dialog; 'agree and continue' marks the agreement read and submits
      const agreed = await confirmDialog({
        title: t('reminder_title'),
        content: t('reminder_content'),
        cancelText: t('reminder_cancel'),
        confirmText: t('reminder_agree'),
      });
      if (!agreed) return;
      setValue('isRead', true);
    }
    await submitLogin({ ...values, isRead: true });
  };

  const hasErrors = FIELD_ORDER.some((f) => errors[f]);
  const mobileField = register('mobile');
  const errorText = (f: FieldName) => messageOf(errors[f]?.message);

  return (
    <form
      className="login-form"
      noValidate
      // The page arrives painted before its script (decision 029): a submit before hydration (Enter
      // in a field) must not send the number in the address. "dialog" outside a dialog sends nothing.
      method="dialog"
      onSubmit={handleSubmit(onValid, toastFirstError)}
      // The toast and dialog code loads at the first touch, while the person types: the first
      // load of /login stays within its budget and the first toast still shows at once.
      onFocusCapture={onFirstTouch}
      onPointerDownCapture={onFirstTouch}
    >
      {/* WCAG 3.3.2: a label that stays when the field is filled (the placeholder goes) */}
      <label className="field-label" htmlFor={ids.mobile}>
        {t('mobile_label')}
      </label>
      <div className={`field-row${errors.mobile || errors.region ? ' has-error' : ''}`}>
        <RegionSelector regions={regions} value={region} onChange={onRegionChange} disabled={locked} />
        <input
          id={ids.mobile}
          {...mobileField}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className="field-input"
          placeholder={t('mobile_placeholder')}
          aria-invalid={Boolean(errors.mobile)}
          aria-describedby={errors.mobile ? `${ids.mobile}-error` : undefined}
          maxLength={mobileInputMaxLength(region)}
          readOnly={locked}
          onChange={(e) => {
            e.target.value = formatMobileInput(region, e.target.value);
            setCodeSent(false);
            void mobileField.onChange(e);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setFocus(captchaRowShown ? 'imgCode' : 'smsCode');
            }
          }}
        />
      </div>
      {(errors.mobile || errors.region) && (
        <p id={`${ids.mobile}-error`} className="field-error">
          {errorText(errors.region ? 'region' : 'mobile')}
        </p>
      )}

      {captchaRowShown && (
        <Suspense fallback={null}>
          <CaptchaRow
            id={ids.imgCode}
            field={register('imgCode')}
            error={errors.imgCode ? errorText('imgCode') : undefined}
            image={captcha}
            onEnter={() => void onGetCode()}
            pow={powState}
            powForLogin={loginCaptchaDemanded}
            onPow={setPowState}
          />
        </Suspense>
      )}

      <label className="field-label" htmlFor={ids.smsCode}>
        {t('sms_code_label')}
      </label>
      <div className={`field-row${errors.smsCode ? ' has-error' : ''}`}>
        <input
          id={ids.smsCode}
          {...register('smsCode')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          className="field-input"
          placeholder={t('sms_code_placeholder')}
          aria-invalid={Boolean(errors.smsCode)}
          aria-describedby={errors.smsCode ? `${ids.smsCode}-error` : undefined}
          maxLength={SMS_CODE_LENGTH}
        />
        <button
          type="button"
          className="sms-button"
          disabled={countdown.isRunning}
          aria-disabled={sms.isPending || undefined}
          onClick={() => void onGetCode()}
        >
          {countdown.isRunning
            ? t('sms_countdown', { seconds: countdown.remaining })
            : codeSent || sms.isSuccess
              ? t('sms_reget')
              : t('sms_get')}
        </button>
      </div>
      {errors.smsCode && (
        <p id={`${ids.smsCode}-error`} className="field-error">
          {errorText('smsCode')}
        </p>
      )}

      <Agreement checked={isRead} onChange={(v) => setValue('isRead', v)} />

      <AppButton
        type="submit"
        block
        className="login-submit"
        disabled={hasErrors}
        loading={loginMutation.isPending || loginMutation.isSuccess}
      >
        {t('submit')}
      </AppButton>
    </form>
  );
}
