// The workroom's working brief, written by two people at once: the client (demo-client) and the
// designer they hired (demo-gold) open the seeded active project's workroom (Harbour Café menu
// board) in their own browsers, both type into the same paragraph of the brief at once, each
// sees the other's cursor labelled with their name and the other's words arrive without a
// reload, and both end with the same text. Then the designer's browser goes offline, types, and
// comes back: the offline words reach the client.

const TITLE = 'Harbour Café menu board';

/** The editable area of the working brief on `page`. */
const editorOf = (page) => page.getByTestId('workroom-brief-editor').locator('.ProseMirror');

/** Waits until the brief on `page` reads `predicate`; answers its text. */
async function briefText(page, predicate, what) {
  const editor = editorOf(page);
  const deadline = Date.now() + 20_000;
  for (;;) {
    // The text without the other editors' carets and their name labels.
    const text = await editor.evaluate((node) => {
      const copy = node.cloneNode(true);
      for (const caret of copy.querySelectorAll('.collaboration-carets__caret')) caret.remove();
      return [...copy.querySelectorAll('p')].map((p) => p.textContent).join('\n');
    });
    if (predicate(text)) return text;
    if (Date.now() > deadline) throw new Error(`${what}: the brief reads ${JSON.stringify(text)}`);
    await page.waitForTimeout(100);
  }
}

export default {
  name: 'docs',
  variants: ['en'],
  timeoutMs: 180_000,
  async run(ctx) {
    const { baseUrl, t, shot, log, api } = ctx;
    const clientToken = await ctx.token('demo-client');
    const { data: projects } = await api('GET', '/projects/active', { token: clientToken });
    const project = projects.find((p) => p.title === TITLE);
    if (!project) throw new Error(`the seeded active project ${TITLE} is missing`);
    log(`workroom of project ${project.id}`);

    const client = await ctx.open('client', { as: 'demo-client' });
    const gold = await ctx.open('gold', { as: 'demo-gold' });
    for (const page of [client, gold]) {
      await page.goto(`${baseUrl}/projects/${project.id}/projects-updates`);
      await page.getByRole('heading', { name: t('docs:workroomBrief.title') }).waitFor();
      await page.getByTestId('workroom-brief').getByText(t('docs:saved')).waitFor();
    }
    await ctx.markDocument(client);
    await ctx.markDocument(gold);
    await shot(client, 'client-opened');

    // The client starts the paragraph; the designer sees it arrive.
    await editorOf(client).click();
    await client.keyboard.type('Menu board: coffee first, then pastries.');
    await briefText(gold, (text) => text.includes('coffee first, then pastries.'), 'the client typed');

    // Both type into the same paragraph at once.
    await editorOf(gold).click();
    await gold.keyboard.press('End');
    await client.keyboard.press('End');
    await Promise.all([
      client.keyboard.type(' Prices in large digits.', { delay: 30 }),
      gold.keyboard.type(' Chalk texture, two colours.', { delay: 30 }),
    ]);
    const both = (text) => text.includes('Prices in large digits.') && text.includes('Chalk texture, two colours.');
    const seenByClient = await briefText(client, both, 'the client sees both');
    const seenByGold = await briefText(gold, both, 'the designer sees both');
    if (seenByClient !== seenByGold) throw new Error(`the two briefs differ: ${JSON.stringify([seenByClient, seenByGold])}`);

    // Each sees the other's cursor, labelled with their name, and who is editing.
    await client.locator('.collaboration-carets__label', { hasText: /demo-gold(?!-)/ }).waitFor();
    await gold.locator('.collaboration-carets__label', { hasText: 'demo-client' }).waitFor();
    await client.getByTestId('doc-editors').getByText(/demo-gold(?!-)/).waitFor();
    await client.getByTestId('workroom-brief').getByText(t('docs:saved')).waitFor();
    await shot(client, 'client-sees-designer');
    await shot(gold, 'designer-sees-client');

    // The designer goes offline, types, and comes back: the client gets the offline words.
    await gold.context().setOffline(true);
    await gold.getByTestId('workroom-brief').getByText(t('docs:offline')).waitFor({ timeout: 60_000 });
    await editorOf(gold).click();
    await gold.keyboard.press('End');
    await gold.keyboard.type(' Written offline.');
    await shot(gold, 'designer-offline');
    await gold.context().setOffline(false);
    await briefText(client, (text) => text.includes('Written offline.'), 'the offline edit merged');
    await gold.getByTestId('workroom-brief').getByText(t('docs:saved')).waitFor({ timeout: 60_000 });
    const finalClient = await briefText(client, (text) => text.includes('Written offline.'), 'final');
    const finalGold = await briefText(gold, (text) => text === finalClient, 'both converge');
    log(`converged on ${JSON.stringify(finalGold)}`);
    await ctx.assertSameDocument(client, 'nobody reloaded');
    await ctx.assertSameDocument(gold, 'nobody reloaded');
    await shot(client, 'converged');
  },
};
