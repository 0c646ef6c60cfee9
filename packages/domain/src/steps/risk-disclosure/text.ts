// The risk disclosure statement read to the applicant (issue #7 step 1), in the style of the SFC
// Code of Conduct Schedule 1 risk disclosures. The audio is made from exactly this text by
// scripts/make-risk-audio.ts; a test fails when a section's text changes and its audio was not
// made again (risk-disclosure-audio.json keeps the SHA-256 of the text each file was made from).
// Changing any text means a new RISK_DISCLOSURE_VERSION: people who heard the old one listen again.

import { RISK_DISCLOSURE_VERSION, RISK_SECTION_IDS } from './definition';

/** The version of the whole text set (kept with the registry's step); the answers' `text_version`. */
export { RISK_DISCLOSURE_VERSION };

export const RISK_LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
export type RiskLanguage = (typeof RISK_LANGUAGES)[number];

/** In the order they are played. */
export const RISK_SECTIONS = RISK_SECTION_IDS;
export type RiskSection = (typeof RISK_SECTIONS)[number];

export interface RiskSectionText {
  title: string;
  paragraphs: readonly string[];
}

export const RISK_DISCLOSURE_TEXT: Readonly<
  Record<RiskLanguage, Readonly<Record<RiskSection, RiskSectionText>>>
> = {
  'zh-CN': {
    securities: {
      title: '证券交易的风险',
      paragraphs: [
        '证券价格有时可能会非常波动。证券价格可升可跌，甚至变成毫无价值。买卖证券未必一定能够赚取利润，反而可能会招致损失。',
        '您应根据自身的财务状况、投资经验和目标，判断有关交易是否适合您。过往表现不代表将来的结果。如有疑问，应寻求独立的专业意见。',
      ],
    },
    client_assets: {
      title: '客户资产的风险',
      paragraphs: [
        '我们在香港收取或持有的客户款项和证券，会按照香港法例存放于独立的信托账户或托管账户。',
        '如客户资产存放于香港以外的地方，所受的保障可能与香港不同。如果持有资产的机构无力偿债，您的资产可能无法全数取回。您授权我们以您的证券作抵押或再质押时，您的资产也会承受风险。',
      ],
    },
    margin: {
      title: '保证金买卖的风险',
      paragraphs: [
        '藉存放抵押品而为交易取得融资的亏损风险可能极大。您所蒙受的亏蚀可能会超过您存放于我们作为抵押品的现金及任何其他资产。',
        '市场情况可能使备用交易指示无法执行。您可能会在短时间内被要求存入额外的保证金或缴付利息。假如您未能在指定时间内支付，您的抵押品可能会在未经您同意的情况下被出售。',
      ],
    },
    futures: {
      title: '期货及期权买卖的风险',
      paragraphs: [
        '买卖期货合约或期权的亏损风险可能极大。由于杠杆效应，市场轻微的波动已可能令您损失全部开仓保证金，甚至蒙受超过保证金的亏损。',
        '您可能被要求在短时间内存入大额的额外保证金，否则您的持仓可能会被平仓。出售期权的风险一般较买入期权为高。您应完全明白期货及期权合约的特性及您的权利与责任。',
      ],
    },
    us_market: {
      title: '美国市场交易的风险',
      paragraphs: [
        '在美国市场进行的交易受当地的法律和规则约束，您所受的保障可能与香港不同。美国市场的交易时间与香港不同，股价可在您休息时大幅变动，而美国股票没有每日涨跌幅限制。',
        '以美元计价的投资亦承受汇率波动的风险。您可能需要缴纳美国预扣税。',
      ],
    },
  },
  'zh-HK': {
    securities: {
      title: '證券交易的風險',
      paragraphs: [
        '證券價格有時可能會非常波動。證券價格可升可跌，甚至變成毫無價值。買賣證券未必一定能夠賺取利潤，反而可能會招致損失。',
        '閣下應根據自身的財務狀況、投資經驗和目標，判斷有關交易是否適合閣下。過往表現不代表將來的結果。如有疑問，應尋求獨立的專業意見。',
      ],
    },
    client_assets: {
      title: '客戶資產的風險',
      paragraphs: [
        '我們在香港收取或持有的客戶款項和證券，會按照香港法例存放於獨立的信託帳戶或託管帳戶。',
        '如客戶資產存放於香港以外的地方，所受的保障可能與香港不同。如果持有資產的機構無力償債，閣下的資產可能無法全數取回。閣下授權我們以閣下的證券作抵押或再質押時，閣下的資產亦會承受風險。',
      ],
    },
    margin: {
      title: '保證金買賣的風險',
      paragraphs: [
        '藉存放抵押品而為交易取得融資的虧損風險可能極大。閣下所蒙受的虧蝕可能會超過閣下存放於我們作為抵押品的現金及任何其他資產。',
        '市場情況可能使備用交易指示無法執行。閣下可能會在短時間內被要求存入額外的保證金或繳付利息。假如閣下未能在指定時間內支付，閣下的抵押品可能會在未經閣下同意的情況下被出售。',
      ],
    },
    futures: {
      title: '期貨及期權買賣的風險',
      paragraphs: [
        '買賣期貨合約或期權的虧損風險可能極大。由於槓桿效應，市場輕微的波動已可能令閣下損失全部開倉保證金，甚至蒙受超過保證金的虧損。',
        '閣下可能被要求在短時間內存入大額的額外保證金，否則閣下的持倉可能會被平倉。出售期權的風險一般較買入期權為高。閣下應完全明白期貨及期權合約的特性及閣下的權利與責任。',
      ],
    },
    us_market: {
      title: '美國市場交易的風險',
      paragraphs: [
        '在美國市場進行的交易受當地的法律和規則約束，閣下所受的保障可能與香港不同。美國市場的交易時間與香港不同，股價可在閣下休息時大幅變動，而美國股票沒有每日漲跌幅限制。',
        '以美元計價的投資亦承受匯率波動的風險。閣下可能需要繳納美國預扣稅。',
      ],
    },
  },
  en: {
    securities: {
      title: 'Risk of securities trading',
      paragraphs: [
        'The prices of securities fluctuate, sometimes dramatically. The price of a security may move up or down, and may become valueless. It is as likely that losses will be incurred rather than profit made as a result of buying and selling securities.',
        'You should consider whether trading is suitable for you in the light of your financial position, investment experience and objectives. Past performance is not a guide to future results. If in doubt, seek independent professional advice.',
      ],
    },
    client_assets: {
      title: 'Risk of client assets',
      paragraphs: [
        'Client money and securities we receive or hold in Hong Kong are kept in segregated trust or custody accounts, as Hong Kong law requires.',
        'Client assets held outside Hong Kong may not enjoy the same protection. If the firm holding them becomes insolvent, your assets may not be returned in full. There is also a risk if you authorise us to deposit or re-pledge your securities as collateral.',
      ],
    },
    margin: {
      title: 'Risk of margin trading',
      paragraphs: [
        'The risk of loss in financing a transaction by deposit of collateral is significant. You may sustain losses in excess of your cash and any other assets deposited as collateral with us.',
        'Market conditions may make contingent orders, such as stop-loss orders, impossible to execute. You may be called upon at short notice to make additional margin deposits or interest payments. If they are not made within the prescribed time, your collateral may be liquidated without your consent.',
      ],
    },
    futures: {
      title: 'Risk of trading futures and options',
      paragraphs: [
        'The risk of loss in trading futures contracts or options is substantial. Because of leverage, a small market movement may cause you to lose your whole initial margin, and you may sustain losses in excess of it.',
        'You may be called upon at short notice to deposit substantial additional margin, or your position may be liquidated. Selling options generally carries greater risk than buying them. You should understand the contracts you trade and your rights and obligations.',
      ],
    },
    us_market: {
      title: 'Risk of trading in the US market',
      paragraphs: [
        'Trades on US markets are subject to the laws and rules of those markets, and your protection may differ from that in Hong Kong. US trading hours differ from Hong Kong hours, so prices may move sharply while you sleep, and US stocks have no daily price limit.',
        'Investments priced in US dollars also carry currency risk, and US withholding tax may apply.',
      ],
    },
  },
};
