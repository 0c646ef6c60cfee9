import {
  expectNoA11yViolations as a11y,
  apiCall,
  applicationStatus,
  completeIdentityStep,
  expect,
  idImages,
  loginThroughApi,
  sampleHkIdentity,
  tabTo,
  test,
  uniqueHkMobile,
} from '../support';

// Issue #16 "Done when: journeys by keyboard alone … the address step". The application is brought
// to the address step through the real API; on the screen everything is done with page.keyboard
// (Tab, Shift+Tab, arrows, Space, Enter, typing): no click, no fill, no focus by script. The file
// chooser a keyboard user opens with Space is answered as the phone's own chooser would be.

test.use({ locale: 'en' });

/** A date in Hong Kong `days` from today, as ISO and as the parts a date field is typed in. */
function hongKongDate(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const [year, month, day] = iso.split('-') as [string, string, string];
  return { iso, year, month, day };
}

test('the address step by keyboard alone, English: a field error heard, every field, the proof photo, confirmed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await loginThroughApi(page, uniqueHkMobile());
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id$/);
  await completeIdentityStep(page, sampleHkIdentity());
  await page.goto('/userinfo/address');
  await expect(page.getByRole('heading', { level: 1, name: 'Address' })).toBeVisible();
  await a11y(page, 'address (keyboard)');

  const next = page.getByRole('button', { name: 'Next', exact: true });
  const region = page.getByRole('group', { name: 'Where is your address?' });

  await test.step('Next on the empty form: the focus goes to the first invalid field, which says why', async () => {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    // the first field of the form is the region: its first radio takes the focus (not a later field)
    const regionError =
      'Choose where your address is: mainland China, Hong Kong, or another country or region.';
    await expect(region.getByRole('radio', { name: 'Mainland China' })).toBeFocused();
    await expect(region).toHaveAttribute('aria-invalid', 'true');
    await expect(region).toHaveAccessibleDescription(regionError);
    const describedBy = await region.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveAttribute('role', 'alert');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(regionError);
    // the later fields are marked too
    await expect(page.getByLabel('Type of proof', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await a11y(page, 'address, field errors (keyboard)');
  });

  await test.step('the residential address: region by arrow keys, district by typing, the detail', async () => {
    // in a radio group the arrow keys move the choice
    await page.keyboard.press('ArrowRight');
    await expect(region.getByRole('radio', { name: 'Hong Kong' })).toBeChecked();
    await expect(region.getByRole('radio', { name: 'Hong Kong' })).toBeFocused();
    const district = page.getByLabel('District', { exact: true });
    await tabTo(page, district, { max: 2 });
    // a closed select takes its option from what is typed
    await page.keyboard.type('Wan Chai');
    await expect(district).toHaveValue('wan_chai');
    const detail = page.getByLabel('Detailed address', { exact: true });
    await tabTo(page, detail, { max: 2 });
    await page.keyboard.type('Flat 12A, 88 Hennessy Road');
    await expect(detail).toHaveValue('Flat 12A, 88 Hennessy Road');
  });

  await test.step('correspondence: another address and back, by arrow keys', async () => {
    const letters = page.getByRole('group', { name: 'Where should we send letters?' });
    await tabTo(page, letters.getByRole('radio', { name: 'Same as residential address' }), { max: 2 });
    await page.keyboard.press('ArrowDown');
    await expect(letters.getByRole('radio', { name: 'Another address' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Where is your address?' })).toHaveCount(2);
    await page.keyboard.press('ArrowUp');
    await expect(letters.getByRole('radio', { name: 'Same as residential address' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Where is your address?' })).toHaveCount(1);
  });

  const issued = hongKongDate(-10);
  await test.step('the proof: its type by typing, the date typed, a photo through the file chooser', async () => {
    const proofType = page.getByLabel('Type of proof', { exact: true });
    await tabTo(page, proofType, { max: 3 });
    await page.keyboard.type('Utility');
    await expect(proofType).toHaveValue('utility_bill');
    // the date field in English (United States order): month, day, year, each part typed
    const date = page.getByLabel('Date of issue', { exact: true });
    await tabTo(page, date, { max: 2 });
    await page.keyboard.type(`${issued.month}${issued.day}${issued.year}`);
    await expect(date).toHaveValue(issued.iso);

    const camera = page.getByLabel('Take a photo of the proof', { exact: true });
    await tabTo(page, camera, { max: 6 });
    // what the polite live region says from here on, as a screen reader is handed it: a later
    // announcement (a toast) may replace the text before the test reads it
    await page.evaluate(() => {
      const region = document.getElementById('app-status')!;
      const said: string[] = [];
      (window as unknown as { __said: string[] }).__said = said;
      new MutationObserver(() => {
        if (region.textContent) said.push(region.textContent);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    });
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(idImages.hkBack);
    await expect(page.getByRole('figure', { name: 'Proof photo 1' })).toBeVisible({ timeout: 20_000 });
    // the form is rebuilt after the upload (a new version of the step): the focus is on the next
    // photo's camera control, not lost to the page, and the upload is said (issue #16)
    await expect(
      page
        .getByRole('region', { name: 'Proof photo 2' })
        .getByLabel('Take a photo of the proof', { exact: true }),
    ).toBeFocused();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __said: string[] }).__said))
      .toContain('Proof photo 1: uploaded.');
    // what was typed before the upload is still there
    await expect(page.getByLabel('Detailed address', { exact: true })).toHaveValue(
      'Flat 12A, 88 Hennessy Road',
    );
    await expect(page.getByLabel('Date of issue', { exact: true })).toHaveValue(issued.iso);
  });

  await test.step('the confirmation ticked with Space, Next with Enter', async () => {
    // the keyboard goes on from the upload control the focus came back to
    const printed = page.getByRole('checkbox', { name: /machine-printed/ });
    await tabTo(page, printed, { max: 4 });
    await page.keyboard.press('Space');
    await expect(printed).toBeChecked();
    await tabTo(page, next, { max: 2 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/userinfo\/account-type$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await a11y(page, 'account type, after the address by keyboard');
  });

  // what the server has: the step confirmed with what was typed and chosen
  const { data } = await apiCall<{ confirmed_at: string | null; answers: Record<string, unknown> }>(
    page,
    '/v9/OpenAccountHk/step_info/address',
  );
  expect(data.confirmed_at).not.toBeNull();
  expect(data.answers).toMatchObject({
    region: 'HK',
    district: 'wan_chai',
    detail: 'Flat 12A, 88 Hennessy Road',
    correspondence_same: true,
    proof_type: 'utility_bill',
    proof_issued_on: issued.iso,
    proof_confirmed: true,
  });
  expect((await applicationStatus(page)).next_step).toBe('account_type');
});
