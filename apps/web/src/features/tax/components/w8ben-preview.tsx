import { countryName } from '@hk/domain';
import type { TaxPrefill } from '@hk/domain/steps/tax/contracts';
import { currentLanguage, useTranslation } from '../../../lib/i18n';

type W8ben = NonNullable<TaxPrefill['w8ben']>;

/** W-8BEN line 8 prints the date of birth as MM-DD-YYYY. */
function usDate(iso: string | null): string | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[2]}-${m[3]}-${m[1]}` : null;
}

/**
 * The W-8BEN as the person will sign it at the signature step (issue #7), prefilled from their
 * earlier answers: shown here so they can check it; nothing is signed or stored now.
 */
export function W8benPreview({ w8ben }: { w8ben: W8ben }) {
  const { t } = useTranslation('tax');
  const lang = currentLanguage();
  const country = (c: string | null) => (c ? countryName(c, lang) : null);
  const missing = t('w8ben_missing');
  const address = (a: W8ben['permanent_address']) =>
    a ? [...a.lines, a.city, a.postal_code, country(a.country)].filter(Boolean).join(', ') : missing;
  const tin = w8ben.foreign_tin
    ? `${w8ben.foreign_tin.tin_masked ?? ''}${w8ben.foreign_tin.from_id ? ` (${t('tin_origin_id')})` : ''}`
    : w8ben.foreign_tin_not_required
      ? t('w8ben_tin_not_required')
      : w8ben.foreign_tin_reason === 'B'
        ? t('w8ben_tin_explained', { explanation: w8ben.foreign_tin_explanation ?? '' })
        : missing;
  const treaty =
    w8ben.treaty_claim && w8ben.treaty_country
      ? t('w8ben_treaty_claim', {
          country: country(w8ben.treaty_country),
          article: w8ben.treaty_claim.article,
          paragraph: w8ben.treaty_claim.paragraph,
          rate: w8ben.treaty_claim.rate_percent,
        })
      : w8ben.treaty_status === 'no_treaty'
        ? t('w8ben_no_treaty', { country: country(w8ben.treaty_country) })
        : w8ben.treaty_status === 'not_listed'
          ? t('w8ben_not_listed', { country: country(w8ben.treaty_country) })
          : missing;
  const rows: [string, string][] = [
    [t('w8ben_line_1'), w8ben.name ?? missing],
    [t('w8ben_line_2'), country(w8ben.citizenship) ?? missing],
    [t('w8ben_line_3'), address(w8ben.permanent_address)],
    ...(w8ben.mailing_address
      ? ([[t('w8ben_line_4'), address(w8ben.mailing_address)]] as [string, string][])
      : []),
    [t('w8ben_line_5'), t('w8ben_none')],
    [t('w8ben_line_6'), tin],
    [t('w8ben_line_8'), usDate(w8ben.date_of_birth) ?? missing],
    [t('w8ben_line_9'), country(w8ben.treaty_country) ?? missing],
    [t('w8ben_line_10'), treaty],
  ];
  return (
    <section className="step-section" aria-labelledby="w8ben-title">
      <h2 className="step-section__title" id="w8ben-title">
        {t('w8ben_title')}
      </h2>
      <p className="step-notice">{t('w8ben_intro')}</p>
      <dl className="w8ben">
        {rows.map(([label, value]) => (
          <div className="w8ben__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="id-hint">{t('w8ben_withholding', { rate: w8ben.dividend_withholding_percent })}</p>
      {w8ben.missing.length ? <p className="id-hint">{t('w8ben_missing_note')}</p> : null}
    </section>
  );
}
