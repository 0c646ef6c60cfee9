// The documents a person signs at the signature step (issue #7 §4), rendered from their answers in
// their language. Pure: the server renders them (the only copy that counts: it hashes and checks
// them) and the screen shows what the server sent. Each document has a version (bump it with any
// change of its wording) and a SHA-256 of its rendered text, so a signature names exactly what was
// shown. Sealed values appear only masked.
import type { Language } from '../../constants';
import { countryName } from '../../countries';
import { sha256Hex } from '../../submission';
import { RISK_DISCLOSURE_VERSION } from '../risk-disclosure/definition';
import { buildW8ben, checkNeedsW8ben } from '../tax/w8ben';
import type { ApplicationFacts } from '../types';
import { AGREEMENT_IDS, type AgreementId } from './signing';

export { AGREEMENT_IDS, type AgreementId };

/** The wording's version of each document (effective date, then a revision number). */
export const AGREEMENT_VERSIONS: Readonly<Record<AgreementId, string>> = {
  client_agreement: '2026-11-01.1',
  risk_disclosure_ack: '2026-11-01.1',
  pics: '2026-11-01.1',
  crs: '2026-11-01.1',
  w8ben: '2026-11-01.1',
  hkidr_consent: '2026-11-01.1',
};

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

export interface Agreement {
  id: AgreementId;
  version: string;
  language: Language;
  title: string;
  sections: AgreementSection[];
  /** SHA-256 (hex) of `agreementText(this)`. */
  sha256: string;
}

export interface AgreementSources {
  language: Language;
  /** The saved answers of every step (sealed values stay out). */
  answers: ApplicationFacts['answers'];
  /** Masked forms of sealed values the documents name (the ID number). */
  masked?: { id_number?: string | null | undefined };
}

type Texts = Record<Language, string>;
const FIRM: Texts = {
  'zh-CN': '港峰证券有限公司（“本公司”，证监会中央编号 BXX123）',
  'zh-HK': '港峰證券有限公司（「本公司」，證監會中央編號 BXX123）',
  en: 'Harbour Peak Securities Limited (“Harbour Peak”, “we”, SFC CE No. BXX123)',
};

type Obj = Readonly<Record<string, unknown>>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** The rendered text a document's hash is taken over: id, version, language, title, every paragraph. */
export function agreementText(doc: Omit<Agreement, 'sha256'>): string {
  return [
    `${doc.id}@${doc.version}:${doc.language}`,
    doc.title,
    ...doc.sections.flatMap((s) => [`## ${s.heading}`, ...s.paragraphs]),
  ].join('\n');
}

function finish(doc: Omit<Agreement, 'sha256'>): Agreement {
  return { ...doc, sha256: sha256Hex(agreementText(doc)) };
}

function pick(lang: Language, t: Texts): string {
  return t[lang];
}

function personName(identity: Obj): string {
  const zh = str(identity.chinese_name);
  const surname = str(identity.english_surname);
  const given = str(identity.english_given_name);
  const en = surname && given ? `${surname} ${given}` : (surname ?? given);
  return [en, zh].filter(Boolean).join(' ') || '—';
}

function sec(heading: string, ...paragraphs: string[]): AgreementSection {
  return { heading, paragraphs };
}

function clientAgreement(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const a = src.answers;
  const identity = obj(a.identity);
  const acct = obj(a.account_type);
  const margin = acct.securities === 'margin';
  const futures = acct.futures === true;
  const markets = (Array.isArray(acct.markets) ? acct.markets : []).filter((m) => m === 'HK' || m === 'US');
  const name = personName(identity);
  const id = src.masked?.id_number ?? '—';
  const marketNames = markets
    .map((m) =>
      pick(
        l,
        m === 'HK'
          ? { 'zh-CN': '香港', 'zh-HK': '香港', en: 'Hong Kong' }
          : { 'zh-CN': '美国', 'zh-HK': '美國', en: 'United States' },
      ),
    )
    .join(l === 'en' ? ', ' : '、');
  const accountKind = pick(
    l,
    margin
      ? { 'zh-CN': '证券保证金账户', 'zh-HK': '證券保證金賬戶', en: 'securities margin account' }
      : { 'zh-CN': '证券现金账户', 'zh-HK': '證券現金賬戶', en: 'securities cash account' },
  );
  const futuresKind = futures
    ? pick(l, { 'zh-CN': '及期货账户', 'zh-HK': '及期貨賬戶', en: ' and a futures account' })
    : '';
  const sections: AgreementSection[] = [];
  if (l === 'en') {
    sections.push(
      sec(
        '1. Parties and accounts',
        `This Client Agreement is made between ${FIRM.en} and ${name} (identity document ${id}) (the “Client”). The Client applies for a ${accountKind}${futuresKind}, trading in the following markets: ${marketNames || '—'}.`,
        'The Client confirms that the information given in the account opening application is true, complete and correct, and will tell us in writing within 30 days of any material change to it.',
      ),
      sec(
        '2. Instructions and dealing',
        'We act as the Client’s agent unless we state otherwise in the contract note. Instructions given through our electronic platform with the Client’s credentials are binding on the Client. We may refuse an instruction where we reasonably consider it unlawful or against market rules, and will say so promptly.',
        'Transactions are subject to the constitution, rules, customs and usages of the exchange and clearing house concerned and to the laws of Hong Kong and of the market where they are executed.',
      ),
      sec(
        '3. Client money and settlement',
        'Client money is held in segregated trust accounts with authorised institutions in Hong Kong in accordance with the Securities and Futures (Client Money) Rules; client securities are held in accordance with the Securities and Futures (Client Securities) Rules. The Client will settle each transaction by the due date, failing which we may sell or buy in to close it at the Client’s cost.',
        'The first deposit (at least HKD 10,000 or its USD equivalent) must come from the designated bank account in the Client’s own name given in the application; we do not accept third-party deposits.',
      ),
      sec(
        '4. Suitability',
        'If we solicit the sale of or recommend any financial product to the Client, the financial product must be reasonably suitable for the Client having regard to the Client’s financial situation, investment experience and investment objectives. No other provision of this agreement or any other document we may ask the Client to sign and no statement we may ask the Client to make derogates from this clause.',
      ),
      sec(
        '5. Fees, statements and termination',
        'Commissions, levies and fees are those in our published schedule, which we may change on 30 days’ notice. We send contract notes, monthly statements and receipts electronically. Either party may end this agreement on written notice; outstanding transactions are settled first. This agreement is governed by the laws of the Hong Kong SAR.',
      ),
    );
    if (margin)
      sections.push(
        sec(
          'Margin addendum',
          'We may lend to the Client against the securities held in the margin account, up to the margin ratios we set from time to time. The Client will meet any margin call by the time stated in it; if not, or in a volatile market without prior call, we may sell the Client’s securities or close positions without further notice, and the Client remains liable for any shortfall.',
          'Interest is charged daily on debit balances at the rate we notify. Under the standing authority given with this addendum (section 7(3) of the Securities and Futures (Client Securities) Rules), we may repledge the Client’s securities as collateral for financial accommodation to us; the authority is valid for 12 months, may be revoked by written notice, and is renewed as the Rules allow.',
        ),
      );
    if (futures)
      sections.push(
        sec(
          'Futures addendum',
          'Futures and options contracts are traded on Hong Kong Futures Exchange Limited and cleared through HKFE Clearing Corporation Limited subject to their rules. The Client will keep initial and maintenance margin at the levels we require, which may be above the exchange’s minimum, and will meet margin calls within the time stated.',
          'We may close positions that exceed position limits or are not covered by margin. The Client acknowledges that, in a default, the Client’s positions and money may be dealt with under the rules of the exchange and clearing house, and that the Investor Compensation Fund covers only the defaults it lists.',
        ),
      );
    return {
      id: 'client_agreement',
      version: AGREEMENT_VERSIONS.client_agreement,
      language: l,
      title: 'Client Agreement',
      sections,
    };
  }
  const cn = l === 'zh-CN';
  const T = (s: string, h: string) => (cn ? s : h);
  sections.push(
    sec(
      T('一、双方及账户', '一、雙方及賬戶'),
      T(
        `本客户协议由${FIRM['zh-CN']}与${name}（身份证明文件 ${id}）（“客户”）订立。客户申请开立${accountKind}${futuresKind}，交易市场：${marketNames || '—'}。`,
        `本客戶協議由${FIRM['zh-HK']}與${name}（身份證明文件 ${id}）（「客戶」）訂立。客戶申請開立${accountKind}${futuresKind}，交易市場：${marketNames || '—'}。`,
      ),
      T(
        '客户确认开户申请所载资料真实、完整及正确，如有重大变更，将于三十日内书面通知本公司。',
        '客戶確認開戶申請所載資料真實、完整及正確，如有重大變更，將於三十日內書面通知本公司。',
      ),
    ),
    sec(
      T('二、指示及交易', '二、指示及交易'),
      T(
        '除成交单据另有说明外，本公司以客户代理人身份行事。经本公司电子平台以客户登录凭证发出的指示对客户具约束力。本公司如合理认为指示违法或违反市场规则，可拒绝执行并尽快通知客户。',
        '除成交單據另有說明外，本公司以客戶代理人身份行事。經本公司電子平台以客戶登入憑證發出的指示對客戶具約束力。本公司如合理認為指示違法或違反市場規則，可拒絕執行並盡快通知客戶。',
      ),
      T(
        '所有交易须受有关交易所及结算所的章程、规则、惯例及香港与交易执行地法律约束。',
        '所有交易須受有關交易所及結算所的章程、規則、慣例及香港與交易執行地法律約束。',
      ),
    ),
    sec(
      T('三、客户款项及交收', '三、客戶款項及交收'),
      T(
        '客户款项按《证券及期货（客户款项）规则》存放于香港认可机构的独立信托账户；客户证券按《证券及期货（客户证券）规则》保管。客户须于到期日前完成交收，否则本公司可代为平仓，费用由客户承担。',
        '客戶款項按《證券及期貨（客戶款項）規則》存放於香港認可機構的獨立信託賬戶；客戶證券按《證券及期貨（客戶證券）規則》保管。客戶須於到期日前完成交收，否則本公司可代為平倉，費用由客戶承擔。',
      ),
      T(
        '首笔入金（不少于港币 10,000 元或等值美元）须来自申请中填写的客户本人名下指定银行账户；本公司不接受第三方入金。',
        '首筆入金（不少於港幣 10,000 元或等值美元）須來自申請中填寫的客戶本人名下指定銀行賬戶；本公司不接受第三方入金。',
      ),
    ),
    sec(
      T('四、合适性', '四、合適性'),
      T(
        '假如本公司向客户招揽销售或建议任何金融产品，该金融产品必须是本公司经考虑客户的财政状况、投资经验及投资目标后而认为合理地适合客户的。本协议的其他条文或任何其他本公司可能要求客户签署的文件及本公司可能要求客户作出的声明概不会减损本条款的效力。',
        '假如本公司向客戶招攬銷售或建議任何金融產品，該金融產品必須是本公司經考慮客戶的財政狀況、投資經驗及投資目標後而認為合理地適合客戶的。本協議的其他條文或任何其他本公司可能要求客戶簽署的文件及本公司可能要求客戶作出的聲明概不會減損本條款的效力。',
      ),
    ),
    sec(
      T('五、费用、结单及终止', '五、費用、結單及終止'),
      T(
        '佣金、征费及收费以本公司公布的收费表为准，本公司可提前三十日通知更改。成交单据、月结单及收据以电子方式发送。任何一方可书面通知终止本协议，未完成交易须先行交收。本协议受香港特别行政区法律管辖。',
        '佣金、徵費及收費以本公司公佈的收費表為準，本公司可提前三十日通知更改。成交單據、月結單及收據以電子方式發送。任何一方可書面通知終止本協議，未完成交易須先行交收。本協議受香港特別行政區法律管轄。',
      ),
    ),
  );
  if (margin)
    sections.push(
      sec(
        T('保证金附录', '保證金附錄'),
        T(
          '本公司可按不时订定的按仓比率，以保证金账户内的证券作抵押向客户提供贷款。客户须于追缴保证金通知所列时限内补足；如未能补足，或市况急剧波动时，本公司可无须另行通知出售客户证券或平仓，客户仍须承担任何差额。',
          '本公司可按不時訂定的按倉比率，以保證金賬戶內的證券作抵押向客戶提供貸款。客戶須於追繳保證金通知所列時限內補足；如未能補足，或市況急劇波動時，本公司可無須另行通知出售客戶證券或平倉，客戶仍須承擔任何差額。',
        ),
        T(
          '欠款按本公司通知的利率逐日计息。根据随本附录授予的常设授权（《证券及期货（客户证券）规则》第7(3)条），本公司可将客户证券再质押以取得财务通融；授权有效期为十二个月，客户可书面撤销，并可按该规则续期。',
          '欠款按本公司通知的利率逐日計息。根據隨本附錄授予的常設授權（《證券及期貨（客戶證券）規則》第7(3)條），本公司可將客戶證券再質押以取得財務通融；授權有效期為十二個月，客戶可書面撤銷，並可按該規則續期。',
        ),
      ),
    );
  if (futures)
    sections.push(
      sec(
        T('期货附录', '期貨附錄'),
        T(
          '期货及期权合约于香港期货交易所有限公司买卖，并经香港期货结算有限公司结算，受其规则约束。客户须维持本公司要求的按金及维持保证金（可高于交易所最低要求），并于指定时限内补足追缴。',
          '期貨及期權合約於香港期貨交易所有限公司買賣，並經香港期貨結算有限公司結算，受其規則約束。客戶須維持本公司要求的按金及維持保證金（可高於交易所最低要求），並於指定時限內補足追繳。',
        ),
        T(
          '持仓超出持仓限额或未有足够按金时，本公司可予平仓。客户知悉如出现违约，其持仓及款项可按交易所及结算所规则处理，而投资者赔偿基金仅涵盖其列明的违责情况。',
          '持倉超出持倉限額或未有足夠按金時，本公司可予平倉。客戶知悉如出現違約，其持倉及款項可按交易所及結算所規則處理，而投資者賠償基金僅涵蓋其列明的違責情況。',
        ),
      ),
    );
  return {
    id: 'client_agreement',
    version: AGREEMENT_VERSIONS.client_agreement,
    language: l,
    title: T('客户协议', '客戶協議'),
    sections,
  };
}

const RISK_SECTION_NAMES: Record<string, Texts> = {
  securities: { 'zh-CN': '证券交易的风险', 'zh-HK': '證券交易的風險', en: 'risk of securities trading' },
  client_assets: {
    'zh-CN': '在香港以外地方收取或持有的客户资产的风险',
    'zh-HK': '在香港以外地方收取或持有的客戶資產的風險',
    en: 'risk of client assets received or held outside Hong Kong',
  },
  margin: { 'zh-CN': '保证金买卖的风险', 'zh-HK': '保證金買賣的風險', en: 'risk of margin trading' },
  futures: {
    'zh-CN': '期货及期权买卖的风险',
    'zh-HK': '期貨及期權買賣的風險',
    en: 'risk of trading futures and options',
  },
  us_market: {
    'zh-CN': '在美国市场交易的风险',
    'zh-HK': '在美國市場交易的風險',
    en: 'risk of trading in the US market',
  },
};

function riskDisclosureAck(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const risk = obj(src.answers.risk_disclosure);
  const acct = obj(src.answers.account_type);
  const markets = Array.isArray(acct.markets) ? acct.markets : [];
  const sections = ['securities', 'client_assets'];
  if (acct.securities === 'margin') sections.push('margin');
  if (acct.futures === true) sections.push('futures');
  if (markets.includes('US')) sections.push('us_market');
  const list = sections.map((s) => pick(l, RISK_SECTION_NAMES[s] as Texts)).join(l === 'en' ? '; ' : '；');
  const version = str(risk.text_version) ?? RISK_DISCLOSURE_VERSION;
  const heardIn = str(risk.language) ?? l;
  const heardAt = str(risk.ended_at) ?? '—';
  const langName: Texts = { 'zh-CN': '普通话', 'zh-HK': '粵語', en: 'English' };
  const heardLang = pick(
    l,
    l === 'en'
      ? {
          en: heardIn === 'zh-CN' ? 'Mandarin' : heardIn === 'zh-HK' ? 'Cantonese' : 'English',
          'zh-CN': '',
          'zh-HK': '',
        }
      : {
          'zh-CN': langName[heardIn as Language] ?? '',
          'zh-HK': langName[heardIn as Language] ?? '',
          en: '',
        },
  );
  if (l === 'en')
    return {
      id: 'risk_disclosure_ack',
      version: AGREEMENT_VERSIONS.risk_disclosure_ack,
      language: l,
      title: 'Risk Disclosure Acknowledgement',
      sections: [
        sec(
          '1. What was disclosed',
          `The Client has listened in full to the Risk Disclosure Statement (version ${version}) read in ${heardLang}, finished at ${heardAt}, covering: ${list}.`,
        ),
        sec(
          '2. Acknowledgement',
          'The Client confirms that the statement was provided in a language of the Client’s choice, that the Client was invited to read it, to ask questions and to take independent advice if the Client wished, and that the Client understands that the prices of securities and other investment products fluctuate and may become valueless, and that losses may exceed the amount invested where margin or leveraged products are used.',
          'The Client accepts these risks and will not rely on us for investment advice unless we give it expressly.',
        ),
      ],
    };
  const cn = l === 'zh-CN';
  return {
    id: 'risk_disclosure_ack',
    version: AGREEMENT_VERSIONS.risk_disclosure_ack,
    language: l,
    title: cn ? '风险披露确认书' : '風險披露確認書',
    sections: [
      sec(
        cn ? '一、披露内容' : '一、披露內容',
        cn
          ? `客户已完整收听以${heardLang}朗读的风险披露声明（版本 ${version}），于 ${heardAt} 听毕，内容包括：${list}。`
          : `客戶已完整收聽以${heardLang}朗讀的風險披露聲明（版本 ${version}），於 ${heardAt} 聽畢，內容包括：${list}。`,
      ),
      sec(
        cn ? '二、确认' : '二、確認',
        cn
          ? '客户确认该声明以其选择的语言提供，客户已获邀阅读、提问及在其意愿下征询独立意见；并明白证券及其他投资产品的价格会波动，甚至可能变得毫无价值，而使用保证金或杠杆产品时，亏损可能超过投入的金额。'
          : '客戶確認該聲明以其選擇的語言提供，客戶已獲邀閱讀、提問及在其意願下徵詢獨立意見；並明白證券及其他投資產品的價格會波動，甚至可能變得毫無價值，而使用保證金或槓桿產品時，虧損可能超過投入的金額。',
        cn
          ? '客户接受上述风险，除本公司明确提供外，不依赖本公司的投资意见。'
          : '客戶接受上述風險，除本公司明確提供外，不依賴本公司的投資意見。',
      ),
    ],
  };
}

function pics(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const marketing = obj(src.answers.declarations).direct_marketing === true;
  if (l === 'en')
    return {
      id: 'pics',
      version: AGREEMENT_VERSIONS.pics,
      language: l,
      title: 'Personal Information Collection Statement',
      sections: [
        sec(
          '1. Purposes',
          `${FIRM.en} collects the Client’s personal data under the Personal Data (Privacy) Ordinance (Cap. 486) to open and operate the account, verify identity, assess suitability, carry out and settle transactions, meet legal, regulatory and tax reporting duties (including the SFC, HKEX, the Inland Revenue Department and anti-money-laundering laws) and handle complaints. Supplying the data is obligatory; without it we cannot open the account.`,
        ),
        sec(
          '2. Transferees',
          'The data may be transferred to exchanges, clearing houses, regulators, tax and law-enforcement authorities, our custodians, banks and service providers (identity verification, cloud storage, printing), in or outside Hong Kong, each bound to keep it confidential.',
        ),
        sec(
          '3. Direct marketing',
          marketing
            ? 'The Client has consented to our using the Client’s name and contact details to send information on our products and services. The Client may withdraw this consent at any time, free of charge, by telling our Data Protection Officer.'
            : 'The Client has not consented to direct marketing: we will not use the Client’s personal data for it.',
        ),
        sec(
          '4. Access and correction',
          'The Client may request access to and correction of the Client’s personal data under sections 18 and 22 of the Ordinance by writing to our Data Protection Officer; a reasonable fee may be charged for access.',
        ),
      ],
    };
  const cn = l === 'zh-CN';
  const T = (s: string, h: string) => (cn ? s : h);
  return {
    id: 'pics',
    version: AGREEMENT_VERSIONS.pics,
    language: l,
    title: T('个人资料收集声明', '個人資料收集聲明'),
    sections: [
      sec(
        T('一、用途', '一、用途'),
        T(
          `${FIRM['zh-CN']}根据《个人资料（私隐）条例》（第486章）收集客户个人资料，用于开立及运作账户、核实身份、评估合适性、执行及交收交易、履行法律、监管及税务申报责任（包括证监会、港交所、税务局及打击洗钱法例），以及处理投诉。提供资料属必须；否则本公司无法开立账户。`,
          `${FIRM['zh-HK']}根據《個人資料（私隱）條例》（第486章）收集客戶個人資料，用於開立及運作賬戶、核實身份、評估合適性、執行及交收交易、履行法律、監管及稅務申報責任（包括證監會、港交所、稅務局及打擊洗錢法例），以及處理投訴。提供資料屬必須；否則本公司無法開立賬戶。`,
        ),
      ),
      sec(
        T('二、资料转移', '二、資料轉移'),
        T(
          '资料可转移予香港境内外的交易所、结算所、监管机构、税务及执法机关、本公司的托管人、银行及服务供应商（身份核实、云端储存、印刷），各方均须保密。',
          '資料可轉移予香港境內外的交易所、結算所、監管機構、稅務及執法機關、本公司的託管人、銀行及服務供應商（身份核實、雲端儲存、印刷），各方均須保密。',
        ),
      ),
      sec(
        T('三、直接促销', '三、直接促銷'),
        marketing
          ? T(
              '客户已同意本公司使用其姓名及联络资料发送产品及服务信息。客户可随时免费通知本公司资料保障主任撤回同意。',
              '客戶已同意本公司使用其姓名及聯絡資料發送產品及服務資訊。客戶可隨時免費通知本公司資料保障主任撤回同意。',
            )
          : T(
              '客户未同意直接促销：本公司不会将其个人资料用于直接促销。',
              '客戶未同意直接促銷：本公司不會將其個人資料用於直接促銷。',
            ),
      ),
      sec(
        T('四、查阅及更正', '四、查閱及更正'),
        T(
          '客户可根据该条例第18及22条，书面向本公司资料保障主任要求查阅及更正其个人资料；查阅可收取合理费用。',
          '客戶可根據該條例第18及22條，書面向本公司資料保障主任要求查閱及更正其個人資料；查閱可收取合理費用。',
        ),
      ),
    ],
  };
}

const NO_TIN_REASON_TEXT: Record<string, Texts> = {
  A: {
    'zh-CN': '理由A：居留司法管辖区没有签发税务编号',
    'zh-HK': '理由A：居留司法管轄區沒有簽發稅務編號',
    en: 'Reason A: the jurisdiction does not issue TINs',
  },
  B: {
    'zh-CN': '理由B：无法取得税务编号',
    'zh-HK': '理由B：無法取得稅務編號',
    en: 'Reason B: the Client is unable to obtain a TIN',
  },
  C: {
    'zh-CN': '理由C：该司法管辖区无须提供税务编号',
    'zh-HK': '理由C：該司法管轄區無須提供稅務編號',
    en: 'Reason C: the jurisdiction does not require the TIN to be disclosed',
  },
};

function crs(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const tax = obj(src.answers.tax);
  const residencies = (Array.isArray(tax.tax_residencies) ? tax.tax_residencies : []).map(obj);
  const idMasked = src.masked?.id_number ?? '—';
  const rows = residencies.map((r, i) => {
    const country = str(r.country) ?? '—';
    const cname = country === '—' ? country : countryName(country, l);
    const tin =
      r.tin_from_id === true
        ? pick(l, {
            'zh-CN': `同身份证明文件号码 ${idMasked}`,
            'zh-HK': `同身份證明文件號碼 ${idMasked}`,
            en: `same as identity document ${idMasked}`,
          })
        : (str(r.tin_masked) ??
          (str(r.tin_reason)
            ? `${pick(l, NO_TIN_REASON_TEXT[str(r.tin_reason) as string] ?? NO_TIN_REASON_TEXT.A!)}${str(r.tin_reason_explanation) ? ` (${str(r.tin_reason_explanation)})` : ''}`
            : '—'));
    return l === 'en'
      ? `${i + 1}. ${cname} — TIN: ${tin}`
      : `${i + 1}. ${cname} — ${l === 'zh-CN' ? '税务编号' : '稅務編號'}：${tin}`;
  });
  const name = personName(obj(src.answers.identity));
  if (l === 'en')
    return {
      id: 'crs',
      version: AGREEMENT_VERSIONS.crs,
      language: l,
      title: 'CRS Self-Certification (Individual)',
      sections: [
        sec(
          '1. Account holder',
          `Name: ${name}. Date of birth: ${str(obj(src.answers.identity).birth_date) ?? '—'}.`,
        ),
        sec('2. Jurisdictions of residence for tax purposes', ...(rows.length ? rows : ['—'])),
        sec(
          '3. Declarations',
          'The Client declares that the information in this self-certification is, to the best of the Client’s knowledge and belief, true, correct and complete, and acknowledges that it may be reported to the Inland Revenue Department and exchanged with the tax authorities of the jurisdictions above under the Inland Revenue Ordinance (Cap. 112).',
          'The Client will tell us and provide an updated self-certification within 30 days of a change in circumstances that makes it incorrect. Making a statement that is misleading, false or incorrect in a material particular knowingly or recklessly is an offence under section 80(2E) of the Ordinance, liable to a fine at level 3.',
        ),
      ],
    };
  const cn = l === 'zh-CN';
  const T = (s: string, h: string) => (cn ? s : h);
  return {
    id: 'crs',
    version: AGREEMENT_VERSIONS.crs,
    language: l,
    title: T('共同汇报标准（CRS）自我证明表格（个人）', '共同匯報標準（CRS）自我證明表格（個人）'),
    sections: [
      sec(
        T('一、账户持有人', '一、賬戶持有人'),
        T(
          `姓名：${name}。出生日期：${str(obj(src.answers.identity).birth_date) ?? '—'}。`,
          `姓名：${name}。出生日期：${str(obj(src.answers.identity).birth_date) ?? '—'}。`,
        ),
      ),
      sec(T('二、税务居民司法管辖区', '二、稅務居民司法管轄區'), ...(rows.length ? rows : ['—'])),
      sec(
        T('三、声明', '三、聲明'),
        T(
          '客户声明就其所知所信，本表格所载资料真实、正确及完整，并知悉该等资料可根据《税务条例》（第112章）向税务局申报，并与上述司法管辖区的税务机关交换。',
          '客戶聲明就其所知所信，本表格所載資料真實、正確及完整，並知悉該等資料可根據《稅務條例》（第112章）向稅務局申報，並與上述司法管轄區的稅務機關交換。',
        ),
        T(
          '如情况有变以致本表格资料不正确，客户须于三十日内通知本公司并提交更新的自我证明表格。明知或罔顾实情地作出在要项上属具误导性、虚假或不正确的陈述，即属违反该条例第80(2E)条，可处第3级罚款。',
          '如情況有變以致本表格資料不正確，客戶須於三十日內通知本公司並提交更新的自我證明表格。明知或罔顧實情地作出在要項上屬具誤導性、虛假或不正確的陳述，即屬違反該條例第80(2E)條，可處第3級罰款。',
        ),
      ),
    ],
  };
}

function w8ben(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const c = buildW8ben({ answers: src.answers });
  const cn = l === 'zh-CN';
  const L3 = (en: string, s: string, h: string) => (l === 'en' ? en : cn ? s : h);
  const country = (code: string | null) => (code ? countryName(code, l) : '—');
  const addr = (a: typeof c.permanent_address) =>
    a ? [...a.lines, a.city, a.postal_code, countryName(a.country, l)].filter(Boolean).join(', ') : '—';
  const tin = c.foreign_tin
    ? `${country(c.foreign_tin.country)} ${c.foreign_tin.tin_masked ?? (c.foreign_tin.from_id ? (src.masked?.id_number ?? '—') : '—')}`
    : c.foreign_tin_reason
      ? pick(l, NO_TIN_REASON_TEXT[c.foreign_tin_reason] ?? NO_TIN_REASON_TEXT.A!)
      : '—';
  const claim = c.treaty_claim
    ? L3(
        `Line 9–10: the beneficial owner is a resident of ${country(c.treaty_country)} within the meaning of the income tax treaty between the United States and that country (${c.treaty_claim.treaty}), and claims the ${c.treaty_claim.rate_percent}% rate of withholding on dividends under Article ${c.treaty_claim.article}, paragraph ${c.treaty_claim.paragraph}.`,
        `第9–10行：受益所有人为${country(c.treaty_country)}居民（按美国与该国的所得税协定：${c.treaty_claim.treaty}），依第${c.treaty_claim.article}条第${c.treaty_claim.paragraph}款就股息申请 ${c.treaty_claim.rate_percent}% 的预扣税率。`,
        `第9–10行：受益所有人為${country(c.treaty_country)}居民（按美國與該國的所得稅協定：${c.treaty_claim.treaty}），依第${c.treaty_claim.article}條第${c.treaty_claim.paragraph}款就股息申請 ${c.treaty_claim.rate_percent}% 的預扣稅率。`,
      )
    : L3(
        `No treaty benefit is claimed: US-source dividends are withheld at ${c.dividend_withholding_percent}%.`,
        `不申请协定优惠：美国来源股息按 ${c.dividend_withholding_percent}% 预扣。`,
        `不申請協定優惠：美國來源股息按 ${c.dividend_withholding_percent}% 預扣。`,
      );
  return {
    id: 'w8ben',
    version: AGREEMENT_VERSIONS.w8ben,
    language: l,
    title: L3(
      'Form W-8BEN (Rev. October 2021) — Certificate of Foreign Status of Beneficial Owner',
      'W-8BEN 表格（2021年10月版）— 受益所有人外国身份证明',
      'W-8BEN 表格（2021年10月版）— 受益所有人外國身份證明',
    ),
    sections: [
      sec(
        L3(
          'Part I — Identification of beneficial owner',
          '第一部分 — 受益所有人身份',
          '第一部分 — 受益所有人身份',
        ),
        `${L3('1 Name', '1 姓名', '1 姓名')}: ${c.name ?? '—'}`,
        `${L3('2 Country of citizenship', '2 国籍', '2 國籍')}: ${country(c.citizenship)}`,
        `${L3('3 Permanent residence address', '3 永久居住地址', '3 永久居住地址')}: ${addr(c.permanent_address)}`,
        `${L3('4 Mailing address', '4 通讯地址', '4 通訊地址')}: ${c.mailing_address ? addr(c.mailing_address) : L3('same as line 3', '同第3行', '同第3行')}`,
        `${L3('6a Foreign tax identifying number', '6a 外国税务编号', '6a 外國稅務編號')}: ${tin}`,
        `${L3('8 Date of birth', '8 出生日期', '8 出生日期')}: ${c.date_of_birth ?? '—'}`,
      ),
      sec(
        L3(
          'Part II — Claim of tax treaty benefits',
          '第二部分 — 税务协定优惠申请',
          '第二部分 — 稅務協定優惠申請',
        ),
        claim,
      ),
      sec(
        L3('Part III — Certification', '第三部分 — 证明', '第三部分 — 證明'),
        L3(
          'Under penalties of perjury, the Client declares that the Client has examined the information on this form and to the best of the Client’s knowledge and belief it is true, correct and complete; that the Client is the beneficial owner of the income to which this form relates and is not a US person; and that the Client will submit a new form within 30 days if any certification on this form becomes incorrect. The Client authorises this form to be provided to any withholding agent that has control, receipt or custody of the income.',
          '客户在伪证罪处罚下声明：已审阅本表格资料，就其所知所信均属真实、正确及完整；客户为本表格所涉收入的受益所有人，且并非美国人士；如本表格任何证明变得不正确，客户将于三十日内提交新表格。客户授权将本表格提供予对该收入有控制、收取或保管权的任何预扣代理人。',
          '客戶在偽證罪處罰下聲明：已審閱本表格資料，就其所知所信均屬真實、正確及完整；客戶為本表格所涉收入的受益所有人，且並非美國人士；如本表格任何證明變得不正確，客戶將於三十日內提交新表格。客戶授權將本表格提供予對該收入有控制、收取或保管權的任何預扣代理人。',
        ),
      ),
    ],
  };
}

function hkidrConsent(src: AgreementSources): Omit<Agreement, 'sha256'> {
  const l = src.language;
  const consent = obj(src.answers.declarations).hkidr_consent === true;
  const L3 = (en: string, s: string, h: string) => (l === 'en' ? en : l === 'zh-CN' ? s : h);
  return {
    id: 'hkidr_consent',
    version: AGREEMENT_VERSIONS.hkidr_consent,
    language: l,
    title: L3(
      'Hong Kong Investor Identification Regime (HKIDR): Client Consent',
      '香港投资者识别码制度（HKIDR）客户同意书',
      '香港投資者識別碼制度（HKIDR）客戶同意書',
    ),
    sections: [
      sec(
        L3('1. The regime', '一、制度', '一、制度'),
        L3(
          'Under paragraph 5.6 of the SFC Code of Conduct, we assign the Client a Broker-to-Client Assigned Number (BCAN) and submit it, with the Client’s identification data (CID: name, identity document type, issuing place and number), to the Stock Exchange of Hong Kong (SEHK), which passes it to the SFC.',
          '根据《证监会操守准则》第5.6段，本公司为客户编配券商客户编码（BCAN），并将其连同客户识别信息（CID：姓名、身份证明文件类别、签发地及号码）提交香港联合交易所（联交所），再由联交所转交证监会。',
          '根據《證監會操守準則》第5.6段，本公司為客戶編配券商客戶編碼（BCAN），並將其連同客戶識別信息（CID：姓名、身份證明文件類別、簽發地及號碼）提交香港聯合交易所（聯交所），再由聯交所轉交證監會。',
        ),
      ),
      sec(
        L3('2. The Client’s choice', '二、客户的选择', '二、客戶的選擇'),
        consent
          ? L3(
              'The Client consents to our collecting, storing, processing, using, disclosing and transferring the Client’s BCAN and CID to SEHK and the SFC as the regime requires, including for market surveillance and enforcement, and this consent continues after the account is closed for as long as the regime requires the data to be kept.',
              '客户同意本公司按该制度要求收集、储存、处理、使用、披露及转移其BCAN及CID予联交所及证监会，包括作市场监察及执法之用；此同意于账户结束后在该制度要求保存资料期间继续有效。',
              '客戶同意本公司按該制度要求收集、儲存、處理、使用、披露及轉移其BCAN及CID予聯交所及證監會，包括作市場監察及執法之用；此同意於賬戶結束後在該制度要求保存資料期間繼續有效。',
            )
          : L3(
              'The Client does not consent. The Client understands that without consent we can only accept orders to sell, or to transfer out, securities listed on SEHK already held, and cannot accept buy orders in them.',
              '客户不同意。客户明白未经同意，本公司只能接受出售或转出已持有的联交所上市证券的指示，而不能接受买入该等证券的指示。',
              '客戶不同意。客戶明白未經同意，本公司只能接受出售或轉出已持有的聯交所上市證券的指示，而不能接受買入該等證券的指示。',
            ),
      ),
    ],
  };
}

/** Which documents apply: all of them, the W-8BEN only with the US market. */
export function applicableAgreementIds(answers: ApplicationFacts['answers']): AgreementId[] {
  return AGREEMENT_IDS.filter((id) => id !== 'w8ben' || checkNeedsW8ben({ answers }));
}

/** Every document that applies, rendered in the person's language with its hash, in signing order. */
export function renderAgreements(src: AgreementSources): Agreement[] {
  const build: Record<AgreementId, (s: AgreementSources) => Omit<Agreement, 'sha256'>> = {
    client_agreement: clientAgreement,
    risk_disclosure_ack: riskDisclosureAck,
    pics,
    crs,
    w8ben,
    hkidr_consent: hkidrConsent,
  };
  return applicableAgreementIds(src.answers).map((id) => finish(build[id](src)));
}
