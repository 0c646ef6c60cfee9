import type { IpoItem } from '@hk/domain/content/contracts';
import { checkHasLeverage } from '@hk/domain/content/rules';
import { useTranslation } from '../../../lib/i18n';

/**
 * Today's IPOs (spec §1, §3 IPO item): name, popularity, leverage ("0" is none), code and the
 * minimum subscription in its currency. The heading and each row open the IPO views.
 */
export function IpoList({
  ipos,
  onOpenList,
  onOpenIpo,
}: {
  ipos: IpoItem[];
  onOpenList: () => void;
  onOpenIpo: (ipo: IpoItem) => void;
}) {
  const { t } = useTranslation('status');
  return (
    <section className="ipo-list" aria-labelledby="ipo-list-title">
      <div className="ipo-list__head">
        <h2 id="ipo-list-title">{t('ipo_title')}</h2>
        <button type="button" className="link-button" onClick={onOpenList}>
          {t('ipo_more')}
        </button>
      </div>
      {ipos.length === 0 ? (
        <p className="ipo-list__empty">{t('ipo_empty')}</p>
      ) : (
        <ul>
          {ipos.map((ipo) => (
            <li key={ipo.product_code}>
              <button type="button" className="ipo-row" onClick={() => onOpenIpo(ipo)}>
                <span className="ipo-row__name">{ipo.name}</span>
                <span className="ipo-row__code">{t('ipo_code', { code: ipo.product_code })}</span>
                <span className="ipo-row__popularity">
                  <span aria-hidden="true">
                    {'★'.repeat(ipo.ipo_popularity)}
                    {'☆'.repeat(Math.max(0, 5 - ipo.ipo_popularity))}
                  </span>
                  <span className="visually-hidden">
                    {t('ipo_popularity', { level: ipo.ipo_popularity })}
                  </span>
                </span>
                <span className="ipo-row__leverage">
                  {checkHasLeverage(ipo.leverage)
                    ? t('ipo_leverage', { times: ipo.leverage })
                    : t('ipo_leverage_none')}
                </span>
                <span className="ipo-row__amount">
                  {t('ipo_min_sub', { amount: ipo.min_sub_amount, currency: ipo.ccy_name })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
