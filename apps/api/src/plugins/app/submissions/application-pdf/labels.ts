// Human labels of the application PDF in the three languages (issue #7 §6). The step screens keep
// their own texts in the web's namespaces; the server has no access to them, so the PDF carries
// this table. A field or value without an entry is shown by its name made readable, never dropped.
import { checkIsCountryCode, countryName, type Language } from '@hk/domain';
import { hkDistrictName } from '@hk/domain/flow/address-proof';
import { bankNameIn, hongKongBankOf, mainlandBankOf } from '@hk/domain/flow/bank-data';
import { ANNUAL_INCOME_BANDS, type MoneyBand, NET_ASSET_BANDS } from '@hk/domain/flow/financial-bands';
import { mainlandAreaNames } from '@hk/domain/flow/mainland-areas';
import screenLabels from './screen-labels.json' with { type: 'json' };

type Texts = Record<Language, string>;
const t = (zhCN: string, zhHK: string, en: string): Texts => ({ 'zh-CN': zhCN, 'zh-HK': zhHK, en });

/** Fixed texts of the document. */
export const PDF_TEXTS = {
  title: t('证券账户开户申请书', '證券賬戶開戶申請書', 'Securities Account Opening Application'),
  subtitle: t(
    '本文件依据提交时冻结的申请快照生成，敏感信息以掩码显示。',
    '本文件依據提交時凍結的申請快照生成，敏感資料以遮蓋形式顯示。',
    'Made from the application snapshot frozen at submission; sensitive values are masked.',
  ),
  submission_number: t('提交编号', '提交編號', 'Submission number'),
  submitted_at: t('提交时间', '提交時間', 'Submitted at'),
  generated_at: t('生成时间', '生成時間', 'Generated at'),
  application_id: t('申请编号', '申請編號', 'Application ID'),
  markets: t('交易市场', '交易市場', 'Markets'),
  snapshot_sha256: t('快照 SHA-256', '快照 SHA-256', 'Snapshot SHA-256'),
  step_version: t('版本', '版本', 'version'),
  confirmed_at: t('确认于', '確認於', 'confirmed'),
  answers: t('申请资料', '申請資料', 'Answers'),
  documents: t('文件清单', '文件清單', 'Documents'),
  doc_kind: t('类型', '類型', 'Kind'),
  doc_step: t('所属步骤', '所屬步驟', 'Step'),
  doc_uploaded: t('上传时间', '上傳時間', 'Uploaded'),
  doc_size: t('大小', '大小', 'Size'),
  no_documents: t('没有文件。', '沒有文件。', 'No documents.'),
  agreements: t('协议及声明', '協議及聲明', 'Agreements'),
  agreements_login: t('登录时接受的协议', '登入時接受的協議', 'Accepted at login'),
  agreements_signed: t('签署的协议', '簽署的協議', 'Signed'),
  agreement_version: t('版本', '版本', 'Version'),
  no_agreements: t('没有记录。', '沒有記錄。', 'None recorded.'),
  signature: t('签名', '簽名', 'Signature'),
  signed_at: t('签署时间', '簽署時間', 'Signed at'),
  signed_in: t('签署语言', '簽署語言', 'Signed in'),
  answers_hash: t('所签资料 SHA-256', '所簽資料 SHA-256', 'SHA-256 of the signed answers'),
  signature_missing: t(
    '签名图像无法读取（见文件清单中的 SHA-256）。',
    '簽名圖像無法讀取（見文件清單中的 SHA-256）。',
    'The signature image is not available (its SHA-256 is in the document list).',
  ),
  no_signature: t('没有签名文件。', '沒有簽名文件。', 'No signature on file.'),
  page: t('第 {n} / {total} 页', '第 {n} / {total} 頁', 'Page {n} of {total}'),
  footer_submission: t('提交 #{n}', '提交 #{n}', 'Submission #{n}'),
  yes: t('是', '是', 'Yes'),
  no: t('否', '否', 'No'),
  empty: t('（未填写）', '（未填寫）', '(none)'),
  masked_hidden: t('（已加密保存）', '（已加密保存）', '(sealed)'),
} as const;

/** A language by its name, in each language. */
export const LANGUAGE_NAMES: Record<Language, Texts> = {
  'zh-CN': t('简体中文', '簡體中文', 'Simplified Chinese'),
  'zh-HK': t('繁体中文', '繁體中文', 'Traditional Chinese'),
  en: t('英文', '英文', 'English'),
};

export const STEP_TITLES: Record<string, Texts> = {
  identity: t('身份证明', '身份證明', 'Identity'),
  address: t('住址', '住址', 'Address'),
  account_type: t('账户类型', '賬戶類型', 'Account type'),
  personal: t('个人资料', '個人資料', 'Personal details'),
  employment: t('就业资料', '就業資料', 'Employment'),
  financial: t('财务状况', '財務狀況', 'Financial situation'),
  tax: t('税务居民身份', '稅務居民身份', 'Tax residency'),
  declarations: t('声明', '聲明', 'Declarations'),
  investment: t('投资经验', '投資經驗', 'Investment experience'),
  risk_disclosure: t('风险披露声明录音', '風險披露聲明錄音', 'Risk disclosure recording'),
  identity_media: t('身份核验影像', '身份核驗影像', 'Identity photos or video'),
  bank: t('银行账户', '銀行賬戶', 'Bank account'),
  signature: t('协议及签名', '協議及簽名', 'Agreements and signature'),
  review: t('复核', '覆核', 'Review'),
};

export const FIELD_LABELS: Record<string, Texts> = {
  // identity
  id_location: t('证件签发地', '證件簽發地', 'ID issued in'),
  nationality: t('国籍', '國籍', 'Nationality'),
  id_type: t('证件类型', '證件類型', 'ID type'),
  id_number: t('证件号码', '證件號碼', 'ID number'),
  chinese_name: t('中文姓名', '中文姓名', 'Chinese name'),
  english_surname: t('英文姓', '英文姓', 'English surname'),
  english_given_name: t('英文名', '英文名', 'English given name'),
  name_matches_bank: t('姓名与银行账户一致', '姓名與銀行賬戶一致', 'Name matches the bank account'),
  gender: t('性别', '性別', 'Gender'),
  birth_date: t('出生日期', '出生日期', 'Date of birth'),
  // address
  region: t('地区', '地區', 'Region'),
  province_code: t('省份', '省份', 'Province'),
  city_code: t('城市', '城市', 'City'),
  county_code: t('区县', '區縣', 'District / county'),
  district: t('地区', '地區', 'District'),
  country: t('国家或地区', '國家或地區', 'Country or region'),
  detail: t('详细地址', '詳細地址', 'Address'),
  postal_code: t('邮政编码', '郵政編碼', 'Postal code'),
  correspondence_same: t('通讯地址与住址相同', '通訊地址與住址相同', 'Correspondence address is the same'),
  corr_region: t('通讯地址地区', '通訊地址地區', 'Correspondence region'),
  corr_province_code: t('通讯地址省份', '通訊地址省份', 'Correspondence province'),
  corr_city_code: t('通讯地址城市', '通訊地址城市', 'Correspondence city'),
  corr_county_code: t('通讯地址区县', '通訊地址區縣', 'Correspondence district / county'),
  corr_district: t('通讯地址地区', '通訊地址地區', 'Correspondence district'),
  corr_country: t('通讯地址国家或地区', '通訊地址國家或地區', 'Correspondence country or region'),
  corr_detail: t('通讯地址', '通訊地址', 'Correspondence address'),
  corr_postal_code: t('通讯地址邮政编码', '通訊地址郵政編碼', 'Correspondence postal code'),
  proof_type: t('住址证明类型', '住址證明類型', 'Address proof type'),
  proof_rental_months: t('租约月数', '租約月數', 'Rental contract (months)'),
  proof_issued_on: t('住址证明日期', '住址證明日期', 'Address proof dated'),
  proof_confirmed: t('已确认住址证明要求', '已確認住址證明要求', 'Address proof requirements confirmed'),
  // account type
  securities: t('证券账户', '證券賬戶', 'Securities account'),
  markets: t('交易市场', '交易市場', 'Markets'),
  futures: t('期货账户', '期貨賬戶', 'Futures account'),
  asset_proof_type: t('资产证明类型', '資產證明類型', 'Asset proof type'),
  asset_proof_amount_cents: t('资产证明金额（港元）', '資產證明金額（港元）', 'Asset proof amount (HKD)'),
  asset_proof_issued_on: t('资产证明日期', '資產證明日期', 'Asset proof dated'),
  // personal
  education: t('教育程度', '教育程度', 'Education'),
  marital_status: t('婚姻状况', '婚姻狀況', 'Marital status'),
  residential_property: t('住宅类型', '住宅類型', 'Residential property'),
  email: t('电子邮箱', '電郵地址', 'Email'),
  // employment
  status: t('就业状况', '就業狀況', 'Employment status'),
  company_name: t('公司名称', '公司名稱', 'Company'),
  industry: t('行业', '行業', 'Industry'),
  position: t('职位', '職位', 'Position'),
  job_level: t('职级', '職級', 'Job level'),
  department: t('部门', '部門', 'Department'),
  years_of_service: t('服务年数', '服務年數', 'Years of service'),
  // financial
  annual_income: t('年收入', '年收入', 'Annual income'),
  net_assets: t('资产净值', '資產淨值', 'Net assets'),
  income_sources: t('收入来源', '收入來源', 'Sources of income'),
  asset_classes: t('资产类别', '資產類別', 'Asset classes'),
  funds_source: t('投资资金来源', '投資資金來源', 'Source of funds'),
  funds_source_other: t('其他资金来源', '其他資金來源', 'Other source of funds'),
  // tax
  tax_residencies: t('税务居民身份', '稅務居民身份', 'Tax residencies'),
  tins: t('纳税人识别号', '稅務編號', 'Taxpayer identification numbers'),
  has_tin: t('有纳税人识别号', '有稅務編號', 'Has a TIN'),
  tin_reason: t('没有识别号的原因', '沒有稅務編號的原因', 'Reason for no TIN'),
  tin_reason_explanation: t('原因说明', '原因說明', 'Explanation'),
  us_citizen: t('美国公民', '美國公民', 'US citizen'),
  us_green_card: t('美国绿卡持有人', '美國綠卡持有人', 'US green card holder'),
  us_born: t('在美国出生', '在美國出生', 'Born in the US'),
  citizenship: t('国籍', '國籍', 'Citizenship'),
  // declarations
  pep: t('政治公众人物', '政治人物', 'Politically exposed person'),
  pep_relations: t('与政治公众人物的关系', '與政治人物的關係', 'Relation to a politically exposed person'),
  pep_details: t('政治公众人物详情', '政治人物詳情', 'Politically exposed person: details'),
  licensed_employee: t(
    '持牌人或注册人雇员',
    '持牌人或註冊人僱員',
    'Employee of a licensed or registered person',
  ),
  licensed_employer: t('雇主', '僱主', 'Employer'),
  staff_relation: t('与本公司员工的关系', '與本公司員工的關係', 'Related to our staff'),
  staff_relation_details: t('员工关系详情', '員工關係詳情', 'Staff relation: details'),
  beneficial_owner: t('最终受益人为本人', '最終受益人為本人', 'Beneficial owner is the applicant'),
  corporate_voting_35: t(
    '控制公司 35% 或以上投票权',
    '控制公司 35% 或以上投票權',
    'Controls 35% or more of a company',
  ),
  corporate_voting_details: t('公司投票权详情', '公司投票權詳情', 'Company voting rights: details'),
  hkidr_consent: t('投资者识别码同意', '投資者識別碼同意', 'HKIDR consent'),
  direct_marketing: t('直接促销', '直接促銷', 'Direct marketing'),
  // investment
  purposes: t('投资目的', '投資目的', 'Investment purposes'),
  experience: t('投资经验', '投資經驗', 'Experience'),
  derivatives_knowledge: t('衍生产品知识', '衍生產品知識', 'Knowledge of derivatives'),
  derivatives_training: t('衍生产品培训', '衍生產品培訓', 'Derivatives training'),
  derivatives_work: t('衍生产品相关工作', '衍生產品相關工作', 'Work related to derivatives'),
  derivatives_transactions: t('衍生产品交易次数', '衍生產品交易次數', 'Derivative transactions'),
  // risk disclosure
  text_version: t('文本版本', '文本版本', 'Text version'),
  language: t('语言', '語言', 'Language'),
  sections: t('章节', '章節', 'Sections'),
  started_at: t('开始时间', '開始時間', 'Started at'),
  ended_at: t('结束时间', '結束時間', 'Ended at'),
  total_ms: t('收听时长（毫秒）', '收聽時長（毫秒）', 'Listened (ms)'),
  max_speed: t('最高播放速度', '最高播放速度', 'Fastest speed'),
  // identity media
  method: t('方式', '方式', 'Method'),
  // bank
  bank_type: t('银行账户类型', '銀行賬戶類型', 'Bank account type'),
  bank_code: t('银行', '銀行', 'Bank'),
  bank_name: t('银行名称', '銀行名稱', 'Bank name'),
  card_number: t('银行卡号 / 账号', '銀行卡號 / 賬號', 'Card or account number'),
  number_masked: t('银行卡号 / 账号', '銀行卡號 / 賬號', 'Card or account number'),
  reserved_phone: t('银行预留手机号', '銀行預留手機號', 'Bank-reserved phone'),
  reserved_phone_masked: t('银行预留手机号', '銀行預留手機號', 'Bank-reserved phone'),
  holder_name: t('账户持有人', '賬戶持有人', 'Account holder'),
};

/** Values that are codes: shown by their label. Keys are `field:value`, or `*:value` for any field. */
export const VALUE_LABELS: Record<string, Texts> = {
  'id_location:CN': t('中国内地', '中國內地', 'Mainland China'),
  'id_location:HK': t('中国香港', '中國香港', 'Hong Kong'),
  'id_location:OTHER': t('其他国家或地区', '其他國家或地區', 'Another country or region'),
  'region:CN': t('中国内地', '中國內地', 'Mainland China'),
  'region:HK': t('中国香港', '中國香港', 'Hong Kong'),
  'region:OTHER': t('其他国家或地区', '其他國家或地區', 'Another country or region'),
  'id_type:cn_id': t('中国居民身份证', '中國居民身份證', 'Mainland resident ID card'),
  'id_type:hk_id': t('香港身份证', '香港身份證', 'Hong Kong ID card'),
  'id_type:passport': t('护照', '護照', 'Passport'),
  'gender:M': t('男', '男', 'Male'),
  'gender:F': t('女', '女', 'Female'),
  'securities:cash': t('现金账户', '現金賬戶', 'Cash account'),
  'securities:margin': t('保证金账户', '保證金賬戶', 'Margin account'),
  'markets:HK': t('港股', '港股', 'Hong Kong stocks'),
  'markets:US': t('美股', '美股', 'US stocks'),
  'marital_status:single': t('未婚', '未婚', 'Single'),
  'marital_status:married': t('已婚', '已婚', 'Married'),
  'status:employed': t('受雇', '受僱', 'Employed'),
  'status:self_employed': t('自雇', '自僱', 'Self-employed'),
  'status:student': t('学生', '學生', 'Student'),
  'status:retired': t('退休', '退休', 'Retired'),
  'status:unemployed': t('待业', '待業', 'Unemployed'),
  'method:photos': t('照片', '照片', 'Photos'),
  'method:video': t('视频', '視頻', 'Video'),
  'bank_type:1': t('中国内地银行卡', '中國內地銀行卡', 'Mainland bank card'),
  'bank_type:2': t('香港银行账户', '香港銀行賬戶', 'Hong Kong bank account'),
  'language:zh-CN': t('普通话', '普通話', 'Mandarin'),
  'language:zh-HK': t('粤语', '粵語', 'Cantonese'),
  'language:en': t('英语', '英語', 'English'),
};

export const DOCUMENT_KINDS: Record<string, Texts> = {
  id_front: t('身份证件正面', '身份證件正面', 'ID front'),
  id_back: t('身份证件背面', '身份證件背面', 'ID back'),
  address_proof: t('住址证明', '住址證明', 'Address proof'),
  asset_proof: t('资产证明', '資產證明', 'Asset proof'),
  employer_consent: t('雇主同意书', '僱主同意書', 'Employer consent'),
  selfie: t('自拍照', '自拍照', 'Selfie'),
  selfie_with_id: t('手持证件照', '手持證件照', 'Photo holding the ID'),
  face_video: t('人脸视频', '人臉視頻', 'Face video'),
  signature: t('手写签名', '手寫簽名', 'Handwritten signature'),
};

export const AGREEMENT_TITLES: Record<string, Texts> = {
  'user-agreement': t('用户协议', '用戶協議', 'User agreement'),
  disclaimer: t('免责声明', '免責聲明', 'Disclaimer'),
  'privacy-guideline': t('隐私指引', '私隱指引', 'Privacy guideline'),
  'personal-data-collection-statement': t(
    '个人资料收集声明',
    '個人資料收集聲明',
    'Personal information collection statement',
  ),
};

/** `some_field_name` → `Some field name`: the fallback for a field or value without a label. */
export function readable(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** A field's label; a nested one (`experience.securities`) by its screen text, else its own name. */
export function fieldLabel(field: string, lang: Language): string {
  const screen = (screenLabels.keys as Record<string, Texts>)[field]?.[lang];
  if (screen) return screen;
  const last = field.slice(field.lastIndexOf('.') + 1);
  return FIELD_LABELS[last]?.[lang] ?? readable(last);
}

export function stepTitle(step: string, lang: Language): string {
  return STEP_TITLES[step]?.[lang] ?? readable(step);
}

export function documentKindLabel(kind: string, lang: Language): string {
  return DOCUMENT_KINDS[kind]?.[lang] ?? readable(kind);
}

const COUNTRY_FIELDS = new Set(['nationality', 'country', 'corr_country', 'citizenship']);
const DISTRICT_FIELDS = new Set(['district', 'corr_district']);

function bandText(band: MoneyBand, lang: Language): string {
  const hkd = (cents: number) => `HKD ${Math.round(cents / 100).toLocaleString('en-US')}`;
  if (band.maxCents === null)
    return lang === 'en' ? `Over ${hkd(band.minCents - 100)}` : `${hkd(band.minCents - 100)} 以上`;
  if (band.minCents === 0)
    return lang === 'en' ? `Under ${hkd(band.maxCents + 100)}` : `${hkd(band.maxCents + 100)} 以下`;
  return `${hkd(band.minCents)} – ${hkd(band.maxCents)}`;
}

/**
 * The label of a coded answer: this table, the screens' own option texts (screen-labels.json, made
 * by `npm run pdf:labels`), country and district names, income and asset bands, bank names.
 * `field` may be a path (`experience.securities`). Undefined when the value is not a known code.
 */
export function valueLabel(field: string, value: string, lang: Language): string | undefined {
  const last = field.slice(field.lastIndexOf('.') + 1);
  const parent = field.includes('.') ? field.slice(0, field.indexOf('.')) : '';
  const screen = screenLabels.values as Record<string, Texts>;
  for (const key of [`${field}:${value}`, `${parent}.*:${value}`, `${last}:${value}`]) {
    const hit = VALUE_LABELS[key] ?? screen[key] ?? screen[key.toLowerCase()];
    if (hit) return hit[lang];
  }
  if (COUNTRY_FIELDS.has(last) && checkIsCountryCode(value)) return countryName(value, lang);
  if (DISTRICT_FIELDS.has(last)) return hkDistrictName(value, lang);
  if (last === 'annual_income' || last === 'net_assets') {
    const band = [...ANNUAL_INCOME_BANDS, ...NET_ASSET_BANDS].find((b) => b.id === value);
    return band && bandText(band, lang);
  }
  return undefined;
}

/**
 * Mainland area codes and bank codes of a step shown by name: `province_code` → 广东省, and the
 * same for the correspondence address and the bank's location; `bank_code` → the bank's name.
 */
export function namedCodes(answers: Record<string, unknown>, lang: Language): Record<string, string> {
  const out: Record<string, string> = {};
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  for (const prefix of ['', 'corr_']) {
    const codes = {
      province_code: str(answers[`${prefix}province_code`]),
      city_code: str(answers[`${prefix}city_code`]),
      county_code: str(answers[`${prefix}county_code`]),
    };
    if (!codes.province_code) continue;
    const names = mainlandAreaNames(codes);
    const fields = (['province_code', 'city_code', 'county_code'] as const).filter((f) => codes[f]);
    // names come province → county and leave out unknown codes: pair them only when all are known
    if (names.length === fields.length)
      fields.forEach((f, i) => {
        out[`${prefix}${f}`] = `${names[i]} (${codes[f]})`;
      });
  }
  const bankCode = str(answers.bank_code);
  if (bankCode) {
    const bank =
      answers.bank_type === 2 || answers.bank_type === '2'
        ? hongKongBankOf(bankCode)
        : mainlandBankOf(bankCode);
    if (bank) out.bank_code = `${bankNameIn(bank, lang)} (${bankCode})`;
  }
  return out;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}
