import fs from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import {
  expectNoA11yViolations as a11y,
  captchaText,
  completeAddressStep,
  completeIdentityStep,
  deviceIdOf,
  expect,
  idImages,
  latestMailCode,
  latestSmsCode,
  randomHkid,
  test,
  uniqueHkMobile,
} from '../support';

// Issue #6 "Done when": the opening flow's first part (address … investment experience) in English,
// as a Hong Kong applicant would go through it, and the 65+ margin rule with its asset proof.
// Each journey reloads midway and continues on a fresh browser profile with the same mobile.
// Issue #7 "Done when": the main journey goes on through part 2 (the recording heard at 1.5×, two
// photos with the fake front camera, a Hong Kong bank account, the agreements opened and signed by
// pointer moves on the pad, the review, submit), then logs in on a third, fresh profile, lands on the
// submitted state and downloads the application PDF.

const SMS_INTERVAL_MS = 61_000;

/** A date in Hong Kong (YYYY-MM-DD), `days` from today. */
function hongKongDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** A birth date that makes someone `age` today in Hong Kong (their birthday about 100 days ago). */
function birthDateForAge(age: number): string {
  const [y, m, d] = hongKongDate(-100).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - age, m - 1, d));
  return date.toISOString().slice(0, 10);
}

const maskOf = (id: string) => `${id.slice(0, 2)}${'*'.repeat(id.length - 4)}${id.slice(-2)}`;

/** Logs in with an SMS code; returns the code and when it was sent (the next SMS waits 60 s). */
async function logIn(page: Page, mobile: string, after?: string, opts: { captcha?: boolean } = {}) {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /^Phone region: .*\+852$/ })).toBeVisible();
  await a11y(page, 'login');
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: /^Get code$/ }).click();
  if (opts.captcha) {
    // spec §5: a mobile's third SMS within the hour asks for the image captcha first
    const imageCode = page.getByRole('textbox', { name: /Image code/ });
    await expect(imageCode).toBeVisible();
    await imageCode.fill(await captchaText(page.request, await deviceIdOf(page)));
    await page.getByRole('button', { name: /^Get code$/ }).click();
  }
  const code = await latestSmsCode(page.request, mobile, { after });
  const sentAt = Date.now();
  await page.getByLabel('SMS code', { exact: true }).fill(code);
  await page.getByLabel('I have read and agree to the account-opening documents').check();
  await page.getByRole('button', { name: 'Quick account opening' }).click();
  return { code, sentAt };
}

/** Waits until another SMS may be sent to the same mobile (spec §5: one per 60 s). */
const smsIntervalAfter = (sentAt: number) =>
  new Promise((r) => setTimeout(r, Math.max(0, sentAt + SMS_INTERVAL_MS - Date.now())));

async function freshProfile(browser: Browser, clientIp: string) {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Hong_Kong',
    extraHTTPHeaders: { 'x-forwarded-for': clientIp },
  });
  return { context, page: await context.newPage() };
}

/** Resolves once a draft of `step` whose answers pass `check` was saved (status 0). */
function draftSaved(page: Page, step: string, check: (answers: Record<string, unknown>) => boolean) {
  return page.waitForResponse(async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.url().includes(`/v9/OpenAccountHk/step/${step}`))
      return false;
    const body = request.postDataJSON() as { confirm?: boolean; answers?: Record<string, unknown> } | null;
    if (body?.confirm !== false || !check(body.answers ?? {})) return false;
    return ((await response.json()) as { status: number }).status === 0;
  });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const yesNo = (page: Page, question: string, answer: 'Yes' | 'No') =>
  page
    .getByRole('group', { name: question, exact: true })
    .getByRole('radio', { name: answer, exact: true })
    .check();

/**
 * The risk-disclosure recording heard in full at 1.5× (real time: its length / 1.5). The continue
 * button stays disabled until the whole recording was heard; the server checks the time taken too.
 */
async function listenToTheRecordingAtFastSpeed(page: Page) {
  const player = page.getByRole('region', { name: 'Risk disclosure recording' });
  const listened = page.getByRole('button', { name: 'I have listened and understood' });
  await expect(page.getByRole('region', { name: 'Text of the recording' })).toBeVisible();
  await expect(listened).toBeDisabled();
  const fast = player.getByRole('button', { name: '1.5×', exact: true });
  await fast.click();
  await expect(fast).toHaveAttribute('aria-pressed', 'true');
  const started = Date.now();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  // the total length, as the player shows it (m:ss)
  const total = await player.getByRole('slider', { name: 'Position in the recording' }).getAttribute('max');
  const totalMs = Number(total);
  expect(totalMs).toBeGreaterThan(30_000);
  // halfway: not yet
  await expect(listened).toBeDisabled();
  await expect(listened).toBeEnabled({ timeout: totalMs / 1.5 + 30_000 });
  await expect(
    page.getByText(
      'You have heard the whole recording. Continue to take your identity photos within 5 minutes.',
    ),
  ).toBeVisible();
  // it took about the length at 1.5× (not at 1×, and no skipping)
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(totalMs / 1.5 - 1_000);
  expect(took).toBeLessThan(totalMs);
  await listened.click();
}

/** One identity photo with the front camera (Chromium's fake device): open, wait for a frame, shoot. */
async function takePhoto(page: Page, title: string) {
  const capture = page.getByRole('region', { name: title });
  await capture.getByRole('button', { name: 'Open the camera' }).click();
  await expect(capture.locator('video')).toBeVisible();
  const shutter = capture.getByRole('button', { name: 'Take the photo' });
  await expect(shutter).toBeEnabled({ timeout: 20_000 });
  await shutter.click();
  await expect(capture.getByRole('heading', { name: `${title} · taken` })).toBeVisible({ timeout: 20_000 });
  await expect(capture.getByRole('button', { name: 'Take it again' })).toBeVisible();
}

/** A handwritten signature: a few strokes of pointer moves across most of the pad. */
async function drawSignature(page: Page) {
  const pad = page.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  // a wave across the pad, then an underline
  const strokes: (readonly [number, number])[][] = [
    [
      [0.1, 0.6],
      [0.2, 0.3],
      [0.3, 0.7],
      [0.4, 0.35],
      [0.5, 0.65],
      [0.6, 0.3],
      [0.7, 0.6],
      [0.85, 0.4],
    ],
    [
      [0.15, 0.8],
      [0.5, 0.75],
      [0.9, 0.8],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    await page.mouse.move(...at(...first!));
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...at(...point), { steps: 8 });
    await page.mouse.up();
  }
}

/** The user centre's submitted state (spec §2): under review, account type, the three stages. */
async function expectSubmittedState(page: Page) {
  await expect(
    page.getByRole('heading', { name: 'Submitted — your application is being reviewed' }),
  ).toBeVisible();
  await expect(page.getByText('Account type: Securities margin account', { exact: true })).toBeVisible();
  const stages = page.getByRole('list', { name: 'Progress after submission' }).getByRole('listitem');
  // each stage says its state in words to a screen reader (visually hidden)
  await expect(stages).toHaveText(['Submitted done', 'Reviewing in progress', 'Activation not started']);
  await expect(stages.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(/^Application no\. .+, submitted .+ \(Hong Kong time\)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my application (PDF)' })).toBeVisible();
}

test.describe('Opening flow, Hong Kong applicant, English', () => {
  test.use({ locale: 'en-US', timezoneId: 'Asia/Hong_Kong' });

  test('a 35-year-old employed HKID holder goes through every screen to submitted, then finds it and its PDF on a new phone', async ({
    page,
    browser,
    clientIp,
  }) => {
    // real time: two SMS intervals (61 s each, one overlaps the recording) and the recording at 1.5×
    test.setTimeout(420_000);
    const mobile = uniqueHkMobile();
    const idNumber = randomHkid();
    const birthDate = birthDateForAge(35);
    const email = `chan.${mobile}@example.com`;

    const first = await logIn(page, mobile);

    // ── ID step: location, photos, details
    await expect(page).toHaveURL(/\/userinfo\/id$/);
    await a11y(page, 'ID location');
    await page.getByRole('radio', { name: 'Hong Kong ID card' }).check();
    await next(page);
    await expect(page).toHaveURL(/\/userinfo\/id\/photos$/);
    await page.getByLabel('Upload ID front', { exact: true }).setInputFiles(idImages.hkFront);
    await page.getByLabel('Upload ID back', { exact: true }).setInputFiles(idImages.hkBack);
    await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 20_000 });
    await a11y(page, 'ID photos');
    await next(page);
    await expect(page).toHaveURL(/\/userinfo\/id\/details$/);
    await page.getByLabel('Chinese name (if any)', { exact: true }).fill('陳大文');
    await page.getByLabel('English surname', { exact: true }).fill('CHAN');
    await page.getByLabel('English given name', { exact: true }).fill('TAI MAN');
    await page.getByLabel('My English name matches my bank record').check();
    await page.getByLabel('ID number', { exact: true }).fill(idNumber);
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Date of birth', { exact: true }).fill(birthDate);
    await a11y(page, 'ID details');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    // ── Address: Hong Kong district, proof photos, a date within 3 months, the confirmation
    await expect(page).toHaveURL(/\/userinfo\/address$/);
    await expect(page.getByRole('heading', { name: 'Address', exact: true })).toBeVisible();
    await page.getByRole('radio', { name: 'Hong Kong', exact: true }).check();
    await page.getByLabel('District', { exact: true }).selectOption({ label: 'Wan Chai · Hong Kong Island' });
    await page
      .getByLabel('Detailed address', { exact: true })
      .fill('Flat 12A, 18/F, Block B, 88 Hennessy Road');
    await page
      .getByLabel('Type of proof', { exact: true })
      .selectOption({ label: 'Utility bill (water, electricity, gas)' });
    const issuedOn = hongKongDate(-20);
    await page.getByLabel('Date of issue', { exact: true }).fill(issuedOn);
    await page.getByLabel('Take a photo of the proof').setInputFiles(idImages.hkBack);
    await expect(page.getByRole('figure', { name: 'Proof photo 1' }).getByRole('img')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByLabel('Take a photo of the proof').setInputFiles(idImages.hkFront);
    await expect(page.getByRole('figure', { name: 'Proof photo 2' }).getByRole('img')).toBeVisible({
      timeout: 20_000,
    });
    // what was typed before the uploads is still there
    await expect(page.getByLabel('District', { exact: true })).toHaveValue('wan_chai');
    await expect(page.getByLabel('Date of issue', { exact: true })).toHaveValue(issuedOn);
    await page.getByLabel('I confirm this proof is machine-printed').check();
    await a11y(page, 'address');
    await next(page);

    // ── Account type: margin, HK + US, no futures (35: no asset proof asked)
    await expect(page).toHaveURL(/\/userinfo\/account-type$/);
    await page.getByRole('radio', { name: /^Margin account/ }).check();
    await page.getByRole('checkbox', { name: 'Hong Kong stocks' }).check();
    await page.getByRole('checkbox', { name: 'US stocks' }).check();
    await expect(page.getByRole('checkbox', { name: /futures account/ })).not.toBeChecked();
    await expect(page.getByText('Proof of assets or income')).toHaveCount(0);
    await a11y(page, 'account type');
    await next(page);

    // ── Personal: education, marital status, property, email verified with the mailed code
    await expect(page).toHaveURL(/\/userinfo\/personal$/);
    await page
      .getByLabel('Education level', { exact: true })
      .selectOption({ label: "Undergraduate (bachelor's degree)" });
    await page.getByRole('radio', { name: 'Married', exact: true }).check();
    await page.getByLabel('Residential property', { exact: true }).selectOption({ label: 'Rented' });
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const mailCode = await latestMailCode(page.request, email);
    await page.getByLabel('Email code', { exact: true }).fill(mailCode);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText(/^Email verified\./)).toBeVisible();
    await a11y(page, 'personal');
    await next(page);

    // ── Employment: employed, the employer picked from the broker's list
    await expect(page).toHaveURL(/\/userinfo\/employment$/);
    await page.getByLabel('Employment status', { exact: true }).selectOption({ label: 'Employed' });
    await page.getByLabel("Employer's name", { exact: true }).fill('HSBC');
    const suggestions = page.getByRole('list', { name: 'Suggested companies' });
    await suggestions.getByRole('button', { name: /^HSBC Holdings plc/ }).click();
    await expect(page.getByLabel("Employer's name", { exact: true })).toHaveValue('HSBC Holdings plc');
    await expect(suggestions).toHaveCount(0);
    await page.getByLabel('Industry', { exact: true }).selectOption({ label: 'Finance' });
    await page.getByLabel('Position', { exact: true }).fill('Relationship Manager');
    await page.getByLabel('Job level', { exact: true }).selectOption({ label: 'Manager' });
    await page.getByLabel('Department', { exact: true }).fill('Wealth Management');
    const saved = draftSaved(
      page,
      'employment',
      (a) => a.years_of_service === 8 && a.company_name === 'HSBC Holdings plc',
    );
    await page.getByLabel('Years of service', { exact: true }).fill('8');
    await saved;

    // A reload midway: the draft comes back.
    await page.reload();
    await expect(page.getByLabel('Employment status', { exact: true })).toHaveValue('employed');
    await expect(page.getByLabel("Employer's name", { exact: true })).toHaveValue('HSBC Holdings plc');
    await expect(page.getByLabel('Industry', { exact: true })).toHaveValue('financial');
    await expect(page.getByLabel('Position', { exact: true })).toHaveValue('Relationship Manager');
    await expect(page.getByLabel('Job level', { exact: true })).toHaveValue('manager');
    await expect(page.getByLabel('Department', { exact: true })).toHaveValue('Wealth Management');
    await expect(page.getByLabel('Years of service', { exact: true })).toHaveValue('8');
    await a11y(page, 'employment');
    await next(page);

    // ── Financial
    await expect(page).toHaveURL(/\/userinfo\/financial$/);
    await page
      .getByLabel('Annual income (HKD)', { exact: true })
      .selectOption({ label: '600,001 – 1,000,000' });
    await page
      .getByLabel('Net assets (HKD)', { exact: true })
      .selectOption({ label: '1,000,001 – 3,000,000' });
    await page.getByRole('checkbox', { name: 'Salary', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Investment returns', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Cash and deposits', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Stocks', exact: true }).check();
    await page
      .getByLabel('Where the money for this account comes from', { exact: true })
      .selectOption({ label: 'Salary' });
    await a11y(page, 'financial');
    await next(page);
    await expect(page).toHaveURL(/\/userinfo\/tax$/);

    // ── Another device: a fresh profile logs in with the same mobile after the SMS interval
    await smsIntervalAfter(first.sentAt);
    const other = await freshProfile(browser, clientIp);
    const p = other.page;
    const second = await logIn(p, mobile, first.code);
    // the next unfinished step
    await expect(p).toHaveURL(/\/userinfo\/tax$/);
    // earlier answers intact when reviewed
    await p.goto('/userinfo/progress');
    await expect(p.getByRole('button', { name: 'Continue: Tax residency' })).toBeVisible();
    await a11y(p, 'progress');
    await p.goto('/userinfo/progress');
    const review = (title: string) =>
      p.getByRole('listitem').filter({ hasText: title }).getByRole('button', { name: 'Review or edit' });
    await review('Employment').click();
    await expect(p).toHaveURL(/\/userinfo\/employment\?state=edit$/);
    await a11y(p, 'employment (edit)');
    await expect(p.getByLabel("Employer's name", { exact: true })).toHaveValue('HSBC Holdings plc');
    await expect(p.getByLabel('Years of service', { exact: true })).toHaveValue('8');
    await expect(p.getByRole('button', { name: 'Confirm modification' })).toBeVisible();
    await p.goto('/userinfo/progress');
    await review('Personal details').click();
    await expect(p.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(p.getByText(/^Email verified\./)).toBeVisible();
    await expect(p.getByRole('radio', { name: 'Married', exact: true })).toBeChecked();
    await p.goto('/userinfo/progress');
    await review('Account type').click();
    await expect(p.getByRole('radio', { name: /^Margin account/ })).toBeChecked();
    await expect(p.getByRole('checkbox', { name: 'US stocks' })).toBeChecked();
    await p.goto('/userinfo/progress');
    await review('Address').click();
    await expect(p.getByLabel('Detailed address', { exact: true })).toHaveValue(
      'Flat 12A, 18/F, Block B, 88 Hennessy Road',
    );
    await expect(p.getByRole('figure', { name: 'Proof photo 2' })).toBeVisible();
    await p.goto('/userinfo/progress');
    await p.getByRole('button', { name: 'Continue: Tax residency' }).click();

    // ── Tax: Hong Kong with the TIN from the HKID; the W-8BEN because US stocks are traded
    await expect(p).toHaveURL(/\/userinfo\/tax$/);
    await expect(
      p.getByRole('button', { name: /^Country or region of tax residency Hong Kong/ }),
    ).toBeVisible();
    await expect(p.getByText('Your HKID number, which is your Hong Kong TIN')).toBeVisible();
    await expect(p.getByText(maskOf(idNumber), { exact: true })).toBeVisible();
    await expect(p.getByText(idNumber)).toHaveCount(0);
    await yesNo(p, 'Are you a citizen of the United States (including dual citizenship)?', 'No');
    await yesNo(p, 'Do you hold a US permanent resident card (green card)?', 'No');
    await yesNo(p, 'Were you born in the United States?', 'No');
    await p.getByRole('button', { name: /^Country of citizenship \(for the W-8BEN\)/ }).click();
    const picker = p.getByRole('dialog', { name: 'Country of citizenship (for the W-8BEN)' });
    await picker.getByRole('searchbox', { name: 'Search countries and regions' }).fill('China');
    await picker.getByRole('button', { name: 'China', exact: true }).click();
    await expect(
      p.getByRole('button', { name: /^Country of citizenship \(for the W-8BEN\) China/ }),
    ).toBeVisible();
    const w8ben = p.getByRole('region', { name: 'Form W-8BEN: to be signed at the signature step' });
    await expect(w8ben).toBeVisible();
    // prefilled from the earlier answers: name, citizenship, address, the TIN from the HKID, birth date
    await expect(w8ben.getByText('CHAN, TAI MAN', { exact: true })).toBeVisible();
    await expect(w8ben.getByText('China', { exact: true })).toBeVisible();
    await a11y(p, 'tax');
    await expect(w8ben.getByText(/^Flat 12A, 18\/F, Block B, 88 Hennessy Road, Wan Chai/)).toBeVisible();
    await expect(
      w8ben.getByText(`${maskOf(idNumber)} (from your ID document)`, { exact: true }),
    ).toBeVisible();
    const [by, bm, bd] = birthDate.split('-');
    await expect(w8ben.getByText(`${bm}-${bd}-${by}`, { exact: true })).toBeVisible();
    await expect(
      w8ben.getByText('Hong Kong has no income tax treaty with the United States: no claim'),
    ).toBeVisible();
    await next(p);

    // ── Declarations: all no, except the beneficial owner and the HKIDR consent
    await expect(p).toHaveURL(/\/userinfo\/declarations$/);
    await yesNo(
      p,
      'Are you, a member of your family or a close associate of yours a politically exposed person?',
      'No',
    );
    await yesNo(
      p,
      'Are you an employee or director of a corporation licensed by the SFC or an institution registered with it?',
      'No',
    );
    await yesNo(p, 'Are you related to any member of our staff?', 'No');
    await yesNo(
      p,
      'Are you the beneficial owner of this account and the person ultimately responsible for giving its instructions?',
      'Yes',
    );
    await yesNo(
      p,
      'Do you or your spouse, alone or together, control 35% or more of the voting rights of a corporate client of ours that has a margin account?',
      'No',
    );
    await yesNo(
      p,
      'Do you consent to our collecting, storing, processing and transferring your personal data as the HKIDR requires?',
      'Yes',
    );
    // direct marketing is a separate opt-in, off unless ticked
    await expect(p.getByRole('checkbox', { name: /offers of your investment products/ })).not.toBeChecked();
    await a11y(p, 'declarations');
    await next(p);

    // ── Investment: more than a year in stocks, so no risk-disclosure call
    await expect(p).toHaveURL(/\/userinfo\/investment$/);
    await p.getByRole('checkbox', { name: 'Capital appreciation', exact: true }).check();
    await p.getByRole('checkbox', { name: 'Dividend income', exact: true }).check();
    await p.getByLabel('Stocks', { exact: true }).selectOption({ label: '3 to 5 years' });
    await p.getByLabel('Bonds', { exact: true }).selectOption({ label: 'None' });
    await p.getByLabel('ETFs', { exact: true }).selectOption({ label: '1 to 3 years' });
    await p.getByLabel('Warrants', { exact: true }).selectOption({ label: 'None' });
    await p
      .getByLabel('CBBCs (callable bull/bear contracts)', { exact: true })
      .selectOption({ label: 'None' });
    await p.getByLabel('Futures and options', { exact: true }).selectOption({ label: 'None' });
    await p.getByRole('checkbox', { name: 'None of these', exact: true }).check();
    await expect(p.getByText('Risk-disclosure phone call')).toHaveCount(0);
    await a11y(p, 'investment');
    await next(p);

    // ── Part 2 follows part 1 straight away: the risk-disclosure recording
    await expect(p).toHaveURL(/\/userinfo\/risk-disclosure$/);
    await a11y(p, 'risk disclosure');
    await listenToTheRecordingAtFastSpeed(p);

    // ── Identity photos: two photos with the (fake) front camera, within the 5-minute window
    await expect(p).toHaveURL(/\/userinfo\/identity-photos$/);
    await expect(p.getByRole('timer')).toHaveText(/^Time left: [45]:\d\d$/);
    await p.getByRole('radio', { name: /^Two photos/ }).check();
    await a11y(p, 'identity photos');
    await takePhoto(p, 'Photo of your face');
    await takePhoto(p, 'Photo holding your ID card');
    await next(p);

    // ── Bank: a Hong Kong account (HKID holder), a licensed bank, its account-number length
    await expect(p).toHaveURL(/\/userinfo\/bank$/);
    await expect(p.getByText('Give an account at a Hong Kong bank in your name.')).toBeVisible();
    await expect(p.getByText(/^Your first deposit of at least HKD 10,000/)).toBeVisible();
    // the holder is the English name on the ID, not editable
    const holder = p.getByLabel('Account holder', { exact: true });
    await expect(holder).toHaveValue('CHAN TAI MAN');
    await expect(holder).toHaveAttribute('readonly', '');
    await p
      .getByLabel('Bank (with its 3-digit bank code)', { exact: true })
      .selectOption({ label: '004 The Hongkong and Shanghai Banking Corporation Limited' });
    await expect(
      p.getByText('10 to 12 digits: branch code and account number, without the bank code 004.'),
    ).toBeVisible();
    const accountNumber = p.getByLabel('Account number', { exact: true });
    // too short for this bank: refused at the field, the flow stays here
    await accountNumber.fill('123456789');
    await expect(accountNumber).toHaveValue('1234 5678 9');
    await next(p);
    await expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
    await a11y(p, 'bank (a field error)');
    await expect(p).toHaveURL(/\/userinfo\/bank$/);
    // shown in groups of four as it is typed
    await accountNumber.fill('');
    await accountNumber.pressSequentially('123456789012');
    await expect(accountNumber).toHaveValue('1234 5678 9012');
    await next(p);

    // ── Agreements and signature: each document opened, then ticked; a signature drawn on the pad
    await expect(p).toHaveURL(/\/userinfo\/signature$/);
    const documents = p.getByRole('region', { name: 'Documents to sign' }).getByRole('listitem');
    // margin and US stocks were chosen: the client agreement, the W-8BEN among them
    await expect(documents.filter({ hasText: /W-8BEN/ })).toHaveCount(1);
    const count = await documents.count();
    expect(count).toBeGreaterThanOrEqual(5);
    await a11y(p, 'signature');
    for (let i = 0; i < count; i++) {
      const item = documents.nth(i);
      const accept = item.getByRole('checkbox');
      await expect(accept).toBeDisabled();
      await item.getByRole('button', { name: /Tap to read/ }).click();
      const reader = p.getByRole('dialog');
      await expect(reader.getByText(/^SHA-256 [0-9a-f]{64}$/)).toBeVisible();
      await a11y(p, 'document reader');
      await reader.getByRole('button', { name: 'I have read it' }).click();
      await expect(reader).toHaveCount(0);
      await expect(item.getByRole('button', { name: /Opened/ })).toBeVisible();
      await expect(accept).toBeEnabled();
      await accept.check();
    }
    await drawSignature(p);
    await expect(p.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();
    await next(p);

    // ── Review: every step once more, sensitive values masked; submit
    await expect(p).toHaveURL(/\/userinfo\/review$/);
    await expect(p.getByRole('heading', { name: 'Review and submit' })).toBeVisible();
    await a11y(p, 'review');
    const identity = p.locator('[data-step="identity"]');
    await expect(identity.getByText(maskOf(idNumber), { exact: true })).toBeVisible();
    const bank = p.locator('[data-step="bank"]');
    const line = (section: typeof bank, label: string) =>
      section
        .locator('div')
        .filter({ has: p.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect(line(bank, 'Bank')).toHaveText('004 The Hongkong and Shanghai Banking Corporation Limited');
    await expect(line(bank, 'Account holder')).toHaveText('CHAN TAI MAN');
    // a Hong Kong account number (12 digits) shows its last 4 only, once
    await expect(line(bank, 'Account number')).toHaveText('**** **** 9012');
    await expect(bank.getByText('9012')).toHaveCount(1);
    await expect(p.getByText(idNumber)).toHaveCount(0);
    await expect(p.getByText('1234 5678 9012')).toHaveCount(0);
    await expect(p.getByText('123456789012')).toHaveCount(0);
    await expect(p.getByText('Recording listened to in full')).toBeVisible();
    await expect(p.getByText('Agreements read and signed')).toBeVisible();
    await expect(p.getByText('Not finished yet')).toHaveCount(0);
    await p.getByRole('button', { name: 'Submit', exact: true }).click();

    // ── The user centre: submitted, under review
    await expect(p).toHaveURL(/\/usercenter$/);
    await expectSubmittedState(p);
    await a11y(p, 'user centre, submitted');
    await other.context.close();

    // ── A fresh profile (a new phone) logs in with the same mobile: the submitted state, the PDF
    await smsIntervalAfter(second.sentAt);
    const third = await freshProfile(browser, clientIp);
    const q = third.page;
    // the third SMS to this mobile within the hour: the image captcha first
    await logIn(q, mobile, second.code, { captcha: true });
    await expect(q).toHaveURL(/\/usercenter$/);
    await expectSubmittedState(q);
    const pdfResponse = q.waitForResponse(
      (r) => r.url().includes('/v9/OpenAccountHk/application_pdf') && r.request().method() !== 'OPTIONS',
    );
    const downloaded = q.waitForEvent('download');
    await q.getByRole('button', { name: 'Download my application (PDF)' }).click();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('application.pdf');
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(5_000_000);
    expect(pdf.subarray(-1024).toString('latin1')).toContain('%%EOF');
    await third.context.close();
  });

  test('a 67-year-old retired applicant choosing margin gives an asset proof', async ({
    page,
    browser,
    clientIp,
  }) => {
    test.setTimeout(180_000);
    const mobile = uniqueHkMobile();
    const first = await logIn(page, mobile);
    await expect(page).toHaveURL(/\/userinfo\/id$/);

    // The ID step and the address through the real API; employment comes later in the flow, so
    // the 65+ rule reads the birth date.
    await completeIdentityStep(page, {
      location: 'HK',
      front: idImages.hkFront,
      back: idImages.hkBack,
      chineseName: '李美華',
      surname: 'LEE',
      givenName: 'MEI WAH',
      idNumber: randomHkid(),
      gender: 'F',
      birthDate: birthDateForAge(67),
    });
    await completeAddressStep(page, idImages.hkBack);

    await page.goto('/userinfo');
    await expect(page).toHaveURL(/\/userinfo\/account-type$/);
    await page.getByRole('radio', { name: /^Margin account/ }).check();
    const proof = page.getByRole('region', { name: 'Proof of assets or income' });
    await expect(proof).toBeVisible();
    await expect(
      proof.getByText(
        'Applicants aged 65 or over need a proof of assets or income over HKD 500,000 for a margin account, or can switch to a cash account.',
      ),
    ).toBeVisible();
    await expect(proof.getByRole('button', { name: 'Switch to a cash account' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Hong Kong stocks' }).check();

    // Next without any proof: the proof is asked for (images first, then its details)
    await next(page);
    await expect(
      proof
        .getByRole('alert')
        .filter({ hasText: 'Applicants aged 65 or over need a proof of assets or income' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/userinfo\/account-type$/);

    // an image, and too low an amount: refused at the amount's field
    await proof.getByLabel('Take a photo of the proof').setInputFiles(idImages.hkFront);
    await expect(proof.getByRole('figure', { name: 'Image 1' }).getByRole('img')).toBeVisible({
      timeout: 20_000,
    });
    await proof.getByLabel('Kind of proof', { exact: true }).selectOption({ label: 'Bank statement' });
    await proof.getByLabel('Amount shown (HKD)', { exact: true }).fill('480000');
    const proofDate = hongKongDate(-10);
    await proof.getByLabel('Date of the proof', { exact: true }).fill(proofDate);
    await next(page);
    await expect(
      proof.getByRole('alert').filter({ hasText: 'The proof must show more than HKD 500,000.' }),
    ).toBeVisible();
    await expect(proof.getByLabel('Amount shown (HKD)', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/userinfo\/account-type$/);

    // a valid amount, saved as a draft
    const saved = draftSaved(page, 'account_type', (a) => a.asset_proof_amount_cents === 650_000_00);
    await proof.getByLabel('Amount shown (HKD)', { exact: true }).fill('650000');
    await saved;

    // A reload midway: the choices, the proof's details and its image are still there.
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Margin account/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Hong Kong stocks' })).toBeChecked();
    await expect(proof.getByLabel('Kind of proof', { exact: true })).toHaveValue('bank_statement');
    await expect(proof.getByLabel('Amount shown (HKD)', { exact: true })).toHaveValue('650000');
    await expect(proof.getByLabel('Date of the proof', { exact: true })).toHaveValue(proofDate);
    await expect(proof.getByRole('figure', { name: 'Image 1' }).getByRole('img')).toBeVisible();
    await next(page);
    await expect(page).toHaveURL(/\/userinfo\/personal$/);

    // Another device, the same mobile: on to the personal step; the account type keeps its proof.
    await smsIntervalAfter(first.sentAt);
    const other = await freshProfile(browser, clientIp);
    const p = other.page;
    await logIn(p, mobile, first.code);
    await expect(p).toHaveURL(/\/userinfo\/personal$/);
    await p.goto('/userinfo/account-type?state=edit');
    await expect(p.getByRole('radio', { name: /^Margin account/ })).toBeChecked();
    const reviewed = p.getByRole('region', { name: 'Proof of assets or income' });
    await expect(reviewed.getByLabel('Kind of proof', { exact: true })).toHaveValue('bank_statement');
    await expect(reviewed.getByLabel('Amount shown (HKD)', { exact: true })).toHaveValue('650000');
    await expect(reviewed.getByLabel('Date of the proof', { exact: true })).toHaveValue(proofDate);
    await expect(reviewed.getByRole('figure', { name: 'Image 1' }).getByRole('img')).toBeVisible();
    await expect(p.getByRole('button', { name: 'Confirm modification' })).toBeVisible();
    await other.context.close();
  });
});
