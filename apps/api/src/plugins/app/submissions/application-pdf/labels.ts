// The application PDF's own texts in the three languages (issue #7 §6): its title, sections and
// agreements. Answers, step titles and document kinds are not named here: the record's renderer
// (src/lib/step-texts.ts, shared with the staff case view) reads them in the step screens' texts.
import type { Language } from '@hk/domain';

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
} as const;

/** A language by its name, in each language. */
export const LANGUAGE_NAMES: Record<Language, Texts> = {
  'zh-CN': t('简体中文', '簡體中文', 'Simplified Chinese'),
  'zh-HK': t('繁体中文', '繁體中文', 'Traditional Chinese'),
  en: t('英文', '英文', 'English'),
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

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}
