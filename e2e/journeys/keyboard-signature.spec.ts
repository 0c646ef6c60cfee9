import {
  expectNoA11yViolations as a11y,
  apiCall,
  applicationStatus,
  bringToSignature,
  expect,
  expectFocusInside,
  loginThroughApi,
  tabTo,
  test,
  uniqueHkMobile,
} from '../support';

// Issue #16 "Done when: journeys by keyboard alone … the signature step with the typed signature,
// submit", in Traditional Chinese. Every step before the signature is confirmed through the real
// API (e2e/support/flow.ts, which waits out the recording's minimum time); on the screens
// everything is done with page.keyboard alone: no click, no fill, no focus by script.

test.use({ locale: 'zh-HK' });

test('signs with the typed name and submits by keyboard alone, Traditional Chinese', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/login');
  await loginThroughApi(page, uniqueHkMobile());
  await page.goto('/accountType');
  await expect(page).toHaveURL(/\/userinfo\/id$/);
  const { identity } = await bringToSignature(page);
  const typedName = `${identity!.surname} ${identity!.givenName}`;

  await page.goto('/userinfo');
  await expect(page).toHaveURL(/\/userinfo\/signature$/);
  await expect(page.getByRole('heading', { level: 1, name: '協議與簽名' })).toBeVisible();
  const documents = page.getByRole('region', { name: '需簽署的文件' }).getByRole('listitem');
  await expect(documents.first()).toBeVisible();
  await a11y(page, 'signature (keyboard)');

  const { data: agreements } = await apiCall<{ documents: { id: string; title: string }[] }>(
    page,
    '/v9/OpenAccountHk/agreements',
    { language: 'zh-HK' },
  );
  expect(agreements.documents.length).toBeGreaterThanOrEqual(5);
  await expect(documents).toHaveCount(agreements.documents.length);

  await test.step('each document opened by Enter (the focus in its text, kept inside), closed by Escape, ticked by Space', async () => {
    for (const [i, doc] of agreements.documents.entries()) {
      const opener = documents
        .nth(i)
        .getByRole('button', { name: new RegExp(`^${doc.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
      const box = page.getByRole('checkbox', { name: `本人已閱讀並接受《${doc.title}》` });
      await expect(box).toBeDisabled();
      await tabTo(page, opener, { max: 4 });
      await page.keyboard.press('Enter');
      const reader = page.getByRole('dialog', { name: doc.title });
      await expect(reader).toBeVisible();
      await expect(reader.locator('article')).toBeFocused();
      if (i === 0) {
        await a11y(page, 'signature, a document open (keyboard)');
        for (let n = 0; n < 4; n++) {
          await page.keyboard.press('Tab');
          await expectFocusInside(reader);
        }
        await page.keyboard.press('Shift+Tab');
        await expectFocusInside(reader);
      }
      await page.keyboard.press('Escape');
      await expect(reader).toHaveCount(0);
      await expect(opener).toBeFocused();
      // the box enables once the server recorded the opening
      await expect(box).toBeEnabled();
      await tabTo(page, box, { max: 2 });
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  });

  const statement = page.getByRole('checkbox', { name: '我採用所輸入的姓名作為我的簽名' });
  const next = page.getByRole('button', { name: '下一步', exact: true });
  await test.step('the typed signature chosen by arrow key, the name typed; Next without the statement says why', async () => {
    const methods = page.getByRole('group', { name: '您希望如何簽名？' });
    await tabTo(page, methods.getByRole('radio', { name: '手寫簽名' }), { max: 2 });
    await page.keyboard.press('ArrowDown');
    await expect(methods.getByRole('radio', { name: '改為輸入姓名' })).toBeChecked();
    const name = page.getByLabel('與證件一致的全名', { exact: true });
    await tabTo(page, name, { max: 2 });
    await page.keyboard.type(typedName);
    await expect(page.getByRole('figure', { name: '您輸入的簽名' })).toContainText(typedName);
    await a11y(page, 'signature, typed (keyboard)');

    await tabTo(page, next, { max: 4 });
    await page.keyboard.press('Enter');
    await expect(statement).toBeFocused();
    await expect(statement).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await statement.getAttribute('aria-describedby');
    const message = page.locator(`[id="${describedBy}"]`);
    await expect(message).toHaveAttribute('role', 'alert');
    await expect(message).not.toBeEmpty();
    await expect(page).toHaveURL(/\/userinfo\/signature$/);
  });

  await test.step('the statement ticked by Space, Next by Enter: signed, on to the review', async () => {
    await page.keyboard.press('Space');
    await expect(statement).toBeChecked();
    await tabTo(page, next, { max: 2 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/userinfo\/review$/);
    await expect(page.getByRole('heading', { level: 1, name: '核對並提交' })).toBeVisible();
    await expect(page.getByText('尚未完成')).toHaveCount(0);
    await a11y(page, 'review (keyboard)');
  });

  const { data: signed } = await apiCall<{ confirmed_at: string | null; answers: Record<string, unknown> }>(
    page,
    '/v9/OpenAccountHk/step_info/signature',
  );
  expect(signed.confirmed_at).not.toBeNull();
  expect(signed.answers).toMatchObject({
    signature_method: 'typed',
    typed_name: typedName,
    typed_statement: true,
  });
  expect((await applicationStatus(page)).status).toBe(0);

  await test.step('submit by keyboard: the user centre says it is being reviewed', async () => {
    await tabTo(page, page.getByRole('button', { name: '提交', exact: true }), { max: 80 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/usercenter$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: '資料已提交，正在審核' })).toBeVisible();
    const stages = page.getByRole('list', { name: '提交後的進度' }).getByRole('listitem');
    await expect(stages.nth(1)).toHaveAttribute('aria-current', 'step');
    await a11y(page, 'user centre, submitted (keyboard)');
  });

  expect((await applicationStatus(page)).status).toBe(1);
  const { data: audit } = await apiCall<{
    submission: { submission_number: number } | null;
    blocking: string[];
  }>(page, '/v9/OpenAccountHk/audit');
  expect(audit.blocking).toEqual([]);
  expect(audit.submission).not.toBeNull();
});
