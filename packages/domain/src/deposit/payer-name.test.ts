import { getRoman } from 'cantonese-romanisation';
import { describe, expect, it } from 'vitest';
import { type ApplicantNames, matchPayerName } from './payer-name';

// A Hong Kong applicant: HKID 陳大文, CHAN TAI MAN.
const HK: ApplicantNames = { chineseName: '陳大文', englishSurname: 'CHAN', englishGivenName: 'TAI MAN' };

const exact = (form: string) => ({ match: 'exact', form });
const none = (reason: string) => ({ match: 'none', reason });

describe('matchPayerName: the English name on the ID', () => {
  it.each([
    'CHAN TAI MAN',
    'TAI MAN CHAN',
    'Chan Tai-man',
    'CHAN TAI-MAN',
    'CHAN TAIMAN',
    'TAIMAN CHAN',
    'Tai-Man Chan',
    'CHAN, TAI MAN',
    'chan tai man',
    'ＣＨＡＮ　ＴＡＩ　ＭＡＮ',
    '  CHAN,   TAI   MAN. ',
    'CHAN\tTAI\nMAN',
  ])('%j is the applicant', (payer) => {
    expect(matchPayerName(payer, HK)).toEqual(exact('english_id'));
  });

  it.each([
    'MR CHAN TAI MAN',
    'Mr. Chan Tai Man',
    'CHAN TAI MAN MR',
    'MS CHAN TAI MAN',
    'MISS CHAN TAI MAN',
    'DR. TAI MAN CHAN',
    'Mr Chan Tai-man',
  ])('%j (an honorific first or last) is the applicant', (payer) => {
    expect(matchPayerName(payer, HK)).toEqual(exact('english_id'));
  });

  it('reads the recorded English name the way it reads the payer (case, hyphens, spaces)', () => {
    const applicant = { englishSurname: ' au-yeung ', englishGivenName: 'ka-ming' };
    expect(matchPayerName('AU YEUNG KA MING', applicant)).toEqual(exact('english_id'));
    expect(matchPayerName('AUYEUNG KAMING', applicant)).toEqual(exact('english_id'));
    expect(matchPayerName('KA MING AU-YEUNG', applicant)).toEqual(exact('english_id'));
    expect(matchPayerName('AUYEUNGKAMING', applicant)).toEqual(none('different_name'));
  });

  it('takes a one-part name as it is', () => {
    expect(matchPayerName('SUKARNO', { englishSurname: '', englishGivenName: 'SUKARNO' })).toEqual(
      exact('english_id'),
    );
    expect(matchPayerName('SUKARNO PUTRI', { englishSurname: '', englishGivenName: 'SUKARNO' })).toEqual(
      none('different_name'),
    );
  });
});

describe('matchPayerName: near misses are refused', () => {
  it.each([
    ['CHAN TAI KIN', 'different_name'],
    ['CHAN TAI', 'different_name'],
    ['TAI MAN', 'different_name'],
    ['CHAN MAN', 'different_name'],
    ['MAN TAI CHAN', 'different_name'],
    ['CHAN TAI MAN CHAN', 'different_name'],
    ['WONG TAI MAN', 'different_name'],
    ['CHANTAIMAN', 'different_name'],
    ['TA IMAN CHAN', 'different_name'],
    ['CHAN T M', 'initials'],
    ['CHAN T. M.', 'initials'],
    ['T M CHAN', 'initials'],
    ['CHAN TAI M', 'initials'],
    ['CHAN TAI MAN AND WONG MEI', 'several_persons'],
    ['CHAN TAI MAN & WONG MEI', 'several_persons'],
    ['CHAN TAI MAN &', 'several_persons'],
    ['CHAN TAI MAN + WONG MEI', 'several_persons'],
    ['CHAN TAI MAN LTD', 'company'],
    ['CHAN TAI MAN CO', 'company'],
    ['CHAN TAI MAN CO. LTD.', 'company'],
    ['CHAN TAI MAN LIMITED', 'company'],
    ['CHAN TAI MAN COMPANY', 'company'],
    ['CHAN TAI MAN HOLDINGS', 'company'],
  ])('%j → none (%s)', (payer, reason) => {
    expect(matchPayerName(payer, HK)).toEqual(none(reason));
  });

  it.each([
    'CHAN TAI MAM',
    'CHAM TAI MAN',
    'CHAN TAl MAN',
    'CHAN TAII MAN',
    'CHA TAI MAN',
    'CHAN TAI-MAM',
    'chan tai mann',
  ])('a one-letter typo %j → none', (payer) => {
    expect(matchPayerName(payer, HK)).toEqual(none('different_name'));
  });

  it('does not mix two readings in one name (pinyin surname, Cantonese given name)', () => {
    expect(matchPayerName('CHEN TAI MAN', HK)).toEqual(none('different_name'));
    expect(matchPayerName('CHAN DAWEN', HK)).toEqual(none('different_name'));
  });

  it('refuses every name when the applicant has none recorded', () => {
    expect(matchPayerName('CHAN TAI MAN', { englishSurname: '', englishGivenName: '' })).toEqual(
      none('different_name'),
    );
    expect(matchPayerName('CHAN TAI MAN', {})).toEqual(none('different_name'));
  });
});

describe('matchPayerName: Chinese characters', () => {
  it.each([
    ['陳大文', '陳大文'],
    ['陈大文', '陳大文'],
    ['陳大文', '陈大文'],
    ['陈大文', '陈大文'],
    [' 陳 大 文 ', '陳大文'],
    ['陳大文先生', '陳大文'],
    ['刘伟强', '劉偉強'],
    ['歐陽志明', '欧阳志明'],
    ['衛志明', '衞志明'],
    ['溫家寶', '温家宝'],
    ['陳家傑', '陈家杰'],
    ['陈家杰', '陳家傑'],
  ])('%j is the applicant %j', (payer, chineseName) => {
    expect(matchPayerName(payer, { ...HK, chineseName })).toEqual(exact('chinese'));
  });

  it('does not take two different traditional characters as one, even where simplification merges them', () => {
    expect(matchPayerName('陳家傑', { ...HK, chineseName: '陳家杰' })).toEqual(none('different_name'));
    expect(matchPayerName('鐘小明', { ...HK, chineseName: '鍾小明' })).toEqual(none('different_name'));
    // 李家杰 could be written either way in traditional characters: which one is not known
    expect(matchPayerName('李家傑', { ...HK, chineseName: '李家杰' })).toEqual(none('different_name'));
  });

  it.each([
    ['陳志峯', '陳志峰'],
    ['温志強', '溫志強'],
    ['陳啓明', '陈启明'],
    ['陳啟明', '陈启明'],
    ['陳豔明', '陈艳明'],
    ['陈艳明', '陳艷明'],
    ['萬志強', '万志强'],
  ])('%j is the applicant %j (variants and simplification as OpenCC has them)', (payer, chineseName) => {
    expect(matchPayerName(payer, { ...HK, chineseName })).toEqual(exact('chinese'));
  });

  it('takes as one the characters that OpenCC folds as Hong Kong or Taiwan variants', () => {
    // Hong Kong writes 臺 as 台: OpenCC's variant table, not a list of name characters, decides
    expect(matchPayerName('陳台明', { ...HK, chineseName: '陳臺明' })).toEqual(exact('chinese'));
  });

  it('keeps apart traditional characters that OpenCC keeps apart, and a character it does not convert', () => {
    expect(matchPayerName('陳豔明', { ...HK, chineseName: '陳艷明' })).toEqual(none('different_name'));
    expect(matchPayerName('陳鑒明', { ...HK, chineseName: '陳鑑明' })).toEqual(none('different_name'));
    expect(matchPayerName('陳栢明', { ...HK, chineseName: '陳柏明' })).toEqual(none('different_name'));
    expect(matchPayerName('陈柏明', { ...HK, chineseName: '陳栢明' })).toEqual(none('different_name'));
  });

  it('refuses a name written half in simplified, half in traditional, where that decides', () => {
    expect(matchPayerName('陈家傑', { ...HK, chineseName: '陳家杰' })).toEqual(none('different_name'));
  });

  it.each([
    ['陳大聞', 'different_name'],
    ['陳大明', 'different_name'],
    ['陳大', 'different_name'],
    ['陳大文文', 'different_name'],
    ['陳太', 'different_name'],
    ['陳大文太太', 'different_name'],
    ['陳大文及黃美', 'several_persons'],
    ['陳大文、黃美', 'several_persons'],
    ['陳大文有限公司', 'company'],
    ['陳大文公司', 'company'],
  ])('%j → none (%s)', (payer, reason) => {
    expect(matchPayerName(payer, HK)).toEqual(none(reason));
  });

  it('refuses a Chinese payer name when the applicant has no Chinese name', () => {
    expect(matchPayerName('陳大文', { englishSurname: 'CHAN', englishGivenName: 'TAI MAN' })).toEqual(
      none('no_chinese_name'),
    );
    expect(matchPayerName('陳大文', { ...HK, chineseName: null })).toEqual(none('no_chinese_name'));
  });

  it('refuses Latin and Chinese together', () => {
    expect(matchPayerName('陳大文 CHAN TAI MAN', HK)).toEqual(none('mixed_scripts'));
  });
});

describe('matchPayerName: pinyin', () => {
  it.each(['CHEN DAWEN', 'DAWEN CHEN', 'CHEN DA WEN', 'Chen Da-wen', 'chen dawen'])(
    '%j is the pinyin of 陳大文',
    (payer) => {
      expect(matchPayerName(payer, HK)).toEqual(exact('pinyin'));
    },
  );

  it('matches a mainland applicant by the passport spelling or by the syllables of the Chinese name', () => {
    const mainland = { chineseName: '陈大文', englishSurname: 'CHEN', englishGivenName: 'DAWEN' };
    expect(matchPayerName('CHEN DAWEN', mainland)).toEqual(exact('english_id'));
    expect(matchPayerName('CHEN DA WEN', mainland)).toEqual(exact('pinyin'));
    expect(matchPayerName('DA WEN CHEN', mainland)).toEqual(exact('pinyin'));
    expect(matchPayerName('CHEN DAW EN', mainland)).toEqual(none('different_name'));
  });

  it('matches the pinyin recorded for the applicant', () => {
    const recorded = {
      englishSurname: 'ZHANG',
      englishGivenName: 'SANFENG',
      pinyin: { surname: 'ZHANG', given: 'SAN FENG' },
    };
    expect(matchPayerName('ZHANG SAN FENG', recorded)).toEqual(exact('pinyin'));
    // without the syllables (no Chinese name, no recorded pinyin) a split is not guessed
    expect(
      matchPayerName('ZHANG SAN FENG', { englishSurname: 'ZHANG', englishGivenName: 'SANFENG' }),
    ).toEqual(none('different_name'));
  });

  it('reads ü as V or YU, never as U (LU is another surname)', () => {
    const applicant = { chineseName: '吕小红', englishSurname: 'LUI', englishGivenName: 'SIU HUNG' };
    expect(matchPayerName('LV XIAOHONG', applicant)).toEqual(exact('pinyin'));
    expect(matchPayerName('LYU XIAOHONG', applicant)).toEqual(exact('pinyin'));
    expect(matchPayerName('LÜ XIAO HONG', applicant)).toEqual(exact('pinyin'));
    expect(matchPayerName('LU XIAOHONG', applicant)).toEqual(none('different_name'));
  });
});

describe('matchPayerName: Hong Kong Government romanisation of the Chinese name', () => {
  // an HKID holder whose English name on the ID is not the Cantonese reading of their Chinese name
  const applicant = { chineseName: '張小明', englishSurname: 'ZHANG', englishGivenName: 'XIAOMING' };

  it.each(['CHEUNG SIU MING', 'SIU MING CHEUNG', 'Cheung Siu-ming', 'MR CHEUNG SIUMING'])(
    '%j is the romanisation of 張小明',
    (payer) => {
      expect(matchPayerName(payer, applicant)).toEqual(exact('hk_romanisation'));
    },
  );

  it('still matches the English name on the ID first', () => {
    expect(matchPayerName('ZHANG XIAOMING', applicant)).toEqual(exact('english_id'));
  });

  it('romanises a name recorded in simplified characters through its traditional form', () => {
    expect(matchPayerName('CHEUNG SIU MING', { ...applicant, chineseName: '张小明' })).toEqual(
      exact('hk_romanisation'),
    );
  });

  it('reads a simplified name through its traditional form, any other name as written', () => {
    const names = { englishSurname: 'X', englishGivenName: 'Y' };
    // 万国明 is simplified (国): 万 is read as 萬 too
    expect(matchPayerName('MAN KWOK MING', { ...names, chineseName: '万国明' })).toEqual(
      exact('hk_romanisation'),
    );
    // 万家明 could be written in either script: 万 is read as itself (MAAN), not as 萬 (MAN)
    expect(matchPayerName('MAAN KA MING', { ...names, chineseName: '万家明' })).toEqual(
      exact('hk_romanisation'),
    );
    expect(matchPayerName('MAN KA MING', { ...names, chineseName: '万家明' })).toEqual(
      none('different_name'),
    );
    expect(matchPayerName('MAN KA MING', { ...names, chineseName: '萬家明' })).toEqual(
      exact('hk_romanisation'),
    );
    // 鬱 (WAT) simplifies to 郁, but 郁 in a traditional name is the surname YUK
    expect(matchPayerName('YUK MAN', { ...names, chineseName: '郁文' })).toEqual(exact('hk_romanisation'));
    expect(matchPayerName('WAT MAN', { ...names, chineseName: '郁文' })).toEqual(none('different_name'));
    // 温 is the Hong Kong form of 溫, which the dictionary knows
    expect(matchPayerName('WAN CHI KEUNG', { ...names, chineseName: '温志強' })).toEqual(
      exact('hk_romanisation'),
    );
  });

  it('considers each reading of a character with two (國: GWOK or KWOK)', () => {
    const leung = { chineseName: '梁國雄', englishSurname: 'LEUNG', englishGivenName: 'KWOK HUNG' };
    expect(matchPayerName('LEUNG KWOK HUNG', leung)).toEqual(exact('english_id'));
    expect(matchPayerName('LEUNG GWOK HUNG', leung)).toEqual(exact('hk_romanisation'));
    expect(matchPayerName('LEUNG GWOK HONG', leung)).toEqual(none('different_name'));
  });

  it('does not mix the romanisation of one character with the reading of another', () => {
    expect(matchPayerName('CHEUNG XIAO MING', applicant)).toEqual(none('different_name'));
  });

  it('gives up the romanisation (only) when a name has more than 64 combinations of readings', () => {
    // 曾 and 何 and 樂 and 仔 have three readings each: 81 combinations
    const many = { chineseName: '曾何樂仔', englishSurname: 'TSANG', englishGivenName: 'HO LOK CHAI' };
    expect(getRoman('曾何樂仔').reduce((n, r) => n * r.length, 1)).toBeGreaterThan(64);
    expect(matchPayerName('TSANG HO LOK JAI', many)).toEqual(none('different_name'));
    expect(matchPayerName('TSANG HO LOK CHAI', many)).toEqual(exact('english_id'));
    // three of them: 27 combinations, each considered
    const fewer = { chineseName: '曾樂仔', englishSurname: 'TSANG', englishGivenName: 'LOK CHAI' };
    expect(matchPayerName('JANG NGOK JAI', fewer)).toEqual(exact('hk_romanisation'));
  });
});

describe('matchPayerName: text that is no name is refused without throwing', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['\u3000', 'empty'],
    ['MR', 'empty'],
    ['MR MRS', 'empty'],
    ['???', 'unreadable'],
    ['12345', 'unreadable'],
    ['CHAN TAI MAN 12345', 'unreadable'],
    ['CHAN TAI MAN @HSBC', 'unreadable'],
    ['\u0000', 'unreadable'],
    ['CHAN\u200bTAI MAN', 'unreadable'],
    ['\u202eNAM IAT NAHC', 'unreadable'],
    ['😀', 'unreadable'],
    ['陳大文😀', 'unreadable'],
    ['陳大文1', 'unreadable'],
    ['ЧАН ТАЙ МАН', 'unreadable'],
    ['A'.repeat(10_000), 'unreadable'],
    ['&', 'several_persons'],
  ])('%j → none (%s)', (payer, reason) => {
    expect(matchPayerName(payer, HK)).toEqual(none(reason));
  });

  it('answers none for a value that is not a string', () => {
    expect(matchPayerName(undefined as unknown as string, HK)).toEqual(none('empty'));
    expect(matchPayerName(42 as unknown as string, HK)).toEqual(none('empty'));
  });

  it('reads recorded fields that are not strings as no name', () => {
    const broken = { chineseName: 7, englishSurname: null, englishGivenName: ['TAI MAN'], pinyin: 'CHEN' };
    expect(matchPayerName('CHAN TAI MAN', broken as unknown as ApplicantNames)).toEqual(
      none('different_name'),
    );
    expect(matchPayerName('陳大文', broken as unknown as ApplicantNames)).toEqual(none('no_chinese_name'));
    expect(matchPayerName('CHAN TAI MAN', null as unknown as ApplicantNames)).toEqual(none('different_name'));
  });

  it('ignores a recorded Chinese name that is not one', () => {
    expect(matchPayerName('陳大文', { ...HK, chineseName: 'CHAN' })).toEqual(none('no_chinese_name'));
    expect(matchPayerName('CHEN DAWEN', { ...HK, chineseName: 'CHAN' })).toEqual(none('different_name'));
  });
});
