// The application PDF's own texts in the three languages (issue #7 §6): its title, sections, step
// titles, document kinds and agreements. Answers are not named here: each step's field catalogue
// (packages/domain/src/steps/<step>/catalogue.ts) says how they read, with the step screens' texts
// (catalogue-texts.json, made from them by `npm run pdf:labels`).
import type { Language } from '@hk/domain';
import type { Translate } from '@hk/domain/steps/catalogues';
import catalogueTexts from './catalogue-texts.json' with { type: 'json' };

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

export const DOCUMENT_KINDS: Record<string, Texts> = {
  id_front: t('身份证件正面', '身份證件正面', 'ID front'),
  id_back: t('身份证件背面', '身份證件背面', 'ID back'),
  // the applicant's screen's name (address:proof_title), so a returned item reads as the screen does
  address_proof: t('地址证明', '地址證明', 'Address proof'),
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

export function stepTitle(step: string, lang: Language): string {
  return STEP_TITLES[step]?.[lang] ?? readable(step);
}

export function documentKindLabel(kind: string, lang: Language): string {
  return DOCUMENT_KINDS[kind]?.[lang] ?? readable(kind);
}

const TEXTS = catalogueTexts as Record<string, Texts>;

/** The catalogues' label keys in `lang`, `{{name}}` filled in (the renderer's look-up). */
export function pdfTranslate(lang: Language): Translate {
  return (key, values) => TEXTS[key]?.[lang].replace(/\{\{(\w+)\}\}/g, (_, k: string) => values?.[k] ?? '');
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}
