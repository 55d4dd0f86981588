/**
 * The web client end to end in Debian's Chromium (playwright-core, no browser download) against the real
 * service on a free port: look-up, usage, text import and review with the highlights at the right
 * characters, the refusals of oversized files, transcription and cloud review through the provider double,
 * paging a dataset to its end and the restart on a 409, keyboard use, 360 px, and axe-core on every view.
 */
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { buildDatasetRelease } from '../../src/datasets/build'
import { publishRelease } from '../../src/datasets/storage'
import { silentWav } from '../helpers/speech-audio'
import { syntheticInput } from '../helpers/datasets'
import { launchChromium, reviewCompletion, startWebService, type WebService } from '../helpers/web-client'

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * axe-core run in the page. It is evaluated through the debugging protocol, which the page's CSP does not
 * block, so the page keeps its real policy (an injected inline script would be refused).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const { violations, passes } = await page.evaluate(async () => {
    type Axe = { run: (ctx: Document) => Promise<{ violations: AxeViolation[]; passes: unknown[] }> }
    const result = await (window as unknown as { axe: Axe }).axe.run(document)
    return { violations: result.violations, passes: result.passes.length }
  })
  assert.ok(passes > 10, `axe ran only ${passes} passing rules`)
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Every mark drawn in the container shows exactly the characters its range names. */
async function markMismatches(page: Page, containerId: string, text: string): Promise<string[]> {
  return page.evaluate(
    ({ containerId, text }) => {
      const out: string[] = []
      for (const mark of document.querySelectorAll<HTMLElement>(`#${containerId} mark[data-start]`)) {
        const copy = mark.cloneNode(true) as HTMLElement
        copy.querySelectorAll('[data-skip]').forEach((n) => n.remove())
        const expected = text.slice(Number(mark.dataset.start), Number(mark.dataset.end))
        if (!mark.querySelector('mark') && copy.textContent !== expected)
          out.push(`${copy.textContent} ≠ ${expected}`)
      }
      return out
    },
    { containerId, text },
  )
}

/** The text of the marks of one kind, screen-reader labels left out. */
async function markedTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((marks) =>
    marks.map((m) => {
      const copy = m.cloneNode(true) as HTMLElement
      copy.querySelectorAll('[data-skip]').forEach((n) => n.remove())
      return copy.textContent ?? ''
    }),
  )
}

describe('the web client in Chromium', () => {
  let service: WebService
  let browser: { context: BrowserContext; close: () => Promise<void> }
  let page: Page
  let files: string
  const cspViolations: string[] = []
  const axeFound = new Map<string, string[]>()

  before(async () => {
    service = await startWebService()
    browser = await launchChromium()
    files = await mkdtemp(join(tmpdir(), 'web-files-'))
    page = await browser.context.newPage()
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/.test(msg.text())) cspViolations.push(msg.text())
    })
  })
  after(async () => {
    await browser?.close()
    await service?.close()
    if (files) await rm(files, { recursive: true, force: true })
  })

  const checkAxe = async (view: string) => axeFound.set(view, await seriousViolations(page))
  const reviewText = () => page.getByRole('textbox', { name: /^Text \(/ })

  it('looks up a word with the keyboard: suggestions, the word page, the morphology note, meaning IDs', async () => {
    await page.goto(`${service.url}/`)
    await page.locator('html[data-ready="true"]').waitFor()
    await checkAxe('lookup')
    const box = page.getByRole('combobox', { name: 'Word or phrase' })
    await box.focus()
    await page.keyboard.type('goo')
    await page.getByRole('option').first().waitFor()
    const options = await page.getByRole('option').allTextContents()
    assert.ok(options.length >= 1 && options.length <= 20, options.join())
    const index = options.indexOf('goose')
    assert.ok(index >= 0, options.join())
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown')
    assert.equal(
      await box.getAttribute('aria-activedescendant'),
      await page.getByRole('option').nth(index).getAttribute('id'),
    )
    await page.keyboard.press('Enter')
    await page.locator('#word-title', { hasText: 'goose' }).waitFor()
    assert.ok(page.url().endsWith('#/word/goose'))
    // An inflected form: served as its base form, and the page says so.
    await page.getByRole('combobox', { name: 'Word or phrase' }).fill('geese')
    await page.keyboard.press('Enter')
    await page.locator('.morphology').waitFor()
    assert.equal(await page.locator('#word-title').textContent(), 'goose')
    assert.match(
      (await page.locator('.morphology').textContent()) ?? '',
      /"geese" is not a lexicon word.*"goose" is served/,
    )
    assert.deepEqual(
      await page.locator('.word h3').evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent)),
      ['noun', 'verb'],
    )
    assert.ok((await page.locator('.meaning-id code').allTextContents()).includes('goose%1:05:00::'))
    await checkAxe('word')
    // A relation is a link to its word.
    await page.locator('.meaning').first().locator('summary').click()
    await page.getByRole('link', { name: 'gosling' }).first().click()
    await page.locator('#word-title', { hasText: 'gosling' }).waitFor()
  })

  it('opens a scene: status and provenance visible, highlighted words linking to their meanings', async () => {
    await page.goto(`${service.url}/#/usage`)
    await page.locator('#scenes-title').waitFor()
    assert.match((await page.locator('.provenance').first().textContent()) ?? '', /Status: editorial-preview/)
    await checkAxe('usage')
    await page.getByRole('link', { name: 'Asking a neighbour a favour' }).click()
    await page.locator('#scene-title').waitFor()
    assert.match((await page.locator('.provenance').textContent()) ?? '', /editorial-preview.*CC BY 4.0/s)
    assert.equal(await page.locator('.versions .card').count(), 3)
    await checkAxe('scene')
    await page.locator('.versions a').first().focus()
    await page.keyboard.press('Enter')
    await page.locator('.meaning.selected').waitFor()
    assert.equal(await page.locator('#word-title').textContent(), 'wonder')
    assert.match(decodeURIComponent(page.url()), /sense=wonder%2:31:00::/)
  })

  const CASES = [
    {
      name: 'notes.txt',
      bytes: Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('😀 All residents support the new park.\r\nOnly 45% answered.\r\n'),
      ]),
      text: '😀 All residents support the new park.\nOnly 45% answered.\n',
    },
    {
      name: 'notes.md',
      bytes: Buffer.from(
        '# Survey\n\n**All** residents support the [new park](https://example.org).\n\n- Only 45% answered.\n',
      ),
      text: 'Survey\n\nAll residents support the new park.\n\nOnly 45% answered.',
    },
    {
      name: 'talk.srt',
      bytes: Buffer.from(
        '1\r\n00:00:01,000 --> 00:00:02,000\r\nAll residents support\r\nthe new park.\r\n\r\n2\r\n00:00:02,500 --> 00:00:04,000\r\nOnly 45% answered.\r\n',
      ),
      text: 'All residents support the new park.\nOnly 45% answered.',
    },
    {
      name: 'talk.vtt',
      bytes: Buffer.from(
        'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ana>All residents support the new park.</v>\n\n00:02.500 --> 00:04.000 align:start\nOnly 45% answered.\n',
      ),
      text: 'All residents support the new park.\nOnly 45% answered.',
    },
  ]

  it('imports TXT, MD, SRT and VTT files and reviews them, the highlights on the right characters', async () => {
    const source = join(files, 'survey.txt')
    await writeFile(source, 'Some residents support the new park. 40% answered.')
    await page.goto(`${service.url}/#/review`)
    await reviewText().waitFor()
    await page.getByLabel('Import source 1 from a file').setInputFiles(source)
    await page.getByText('Imported “survey.txt”').waitFor()
    assert.equal(
      await page.getByLabel('Source text', { exact: true }).inputValue(),
      'Some residents support the new park. 40% answered.',
    )
    assert.equal(await page.getByLabel('Label', { exact: true }).inputValue(), 'survey.txt')
    for (const c of CASES) {
      const path = join(files, c.name)
      await writeFile(path, c.bytes)
      await page.getByLabel('Import the text from a file').setInputFiles(path)
      await page.getByText(`Imported “${c.name}”`).waitFor()
      assert.equal(await reviewText().inputValue(), c.text, c.name)
      await page.getByRole('button', { name: 'Run the local review' }).click()
      // The previous file's result stays on screen until this one's arrives: wait for this text exactly.
      await page.waitForFunction((t) => {
        const shown = document.querySelector('#review-text')?.cloneNode(true) as HTMLElement | undefined
        shown?.querySelectorAll('[data-skip]').forEach((n) => n.remove())
        return shown?.textContent === t
      }, c.text)
      assert.deepEqual(await markMismatches(page, 'review-text', c.text), [], c.name)
      assert.deepEqual(await markedTexts(page, '#review-text mark.hl-number'), ['45%'], c.name)
      assert.ok((await markedTexts(page, '#review-text mark.hl-cue')).includes('All'), c.name)
      // Focus shows the note with the matching source passage (the pointer kept off the text, as hover shows notes too).
      await page.mouse.move(0, 0)
      await page.locator('#review-text mark.hl-number').focus()
      assert.match(
        (await page.locator('#note-detail').textContent()) ?? '',
        /Source passage in “survey.txt”\s*40%/,
      )
    }
    await checkAxe('review')
  })

  it('refuses a 101 KB text file and a 20 MiB audio file with their messages, sending nothing', async () => {
    const big = join(files, 'big.txt')
    await writeFile(big, 'a'.repeat(101 * 1024))
    await page.getByLabel('Import the text from a file').setInputFiles(big)
    const refusal = page.getByRole('alert').filter({ hasText: 'big.txt' })
    assert.equal(
      await refusal.textContent(),
      '"big.txt" is 103,424 bytes; text import takes at most 100 KB (100,000 bytes). Nothing was imported: shorten or split the file.',
    )
    const calls = service.provider.calls.length
    const audio = join(files, 'long.wav')
    await writeFile(audio, silentWav(20 * 1024 * 1024))
    await page.getByText('Transcribe audio').click()
    await page.getByLabel(/^Audio file/).setInputFiles(audio)
    assert.equal(
      await page.getByRole('alert').filter({ hasText: 'long.wav' }).textContent(),
      '"long.wav" is 20.0 MiB (20,971,520 bytes); audio files may be at most 19 MiB (19,922,944 bytes). Nothing was sent.',
    )
    assert.equal(service.provider.calls.length, calls)
  })

  it('transcribes through the provider double after consent, then reviews the edited transcript', async () => {
    const audio = join(files, 'speech.wav')
    await writeFile(audio, silentWav(64_000))
    await page.getByLabel('Your key', { exact: false }).first().fill(service.keys.review)
    await page.getByLabel(/^Audio file/).setInputFiles(audio)
    await page.getByRole('button', { name: 'Transcribe' }).click()
    await page.getByText('Transcription needs your consent').waitFor()
    assert.equal(service.provider.calls.length, 0)
    await page.getByLabel('I agree to send this audio file').check()
    await page.getByRole('button', { name: 'Transcribe' }).click()
    const transcript = page.getByLabel('Transcript (editable)')
    await transcript.waitFor()
    assert.equal(await transcript.inputValue(), 'Most residents support the new park.')
    assert.match(
      (await page.locator('.transcript').textContent()) ?? '',
      /must be reviewed by you before use/,
    )
    assert.equal(service.provider.calls.length, 1)
    await transcript.fill('Most residents support the new park, 45% of them.')
    await page.getByRole('button', { name: 'Use this transcript as the text to review' }).click()
    assert.equal(await reviewText().inputValue(), 'Most residents support the new park, 45% of them.')
    await page.getByRole('button', { name: 'Run the local review' }).click()
    await page.locator('#review-text', { hasText: 'of them' }).waitFor()
    assert.deepEqual(await markedTexts(page, '#review-text mark.hl-number'), ['45%'])
    // The key stays in memory: nothing in storage unless asked.
    assert.equal(await page.evaluate(() => localStorage.length), 0)
  })

  it('runs a cloud review only with consent and shows the claims with their citations', async () => {
    await reviewText().fill('All residents support the new park.')
    await page.getByRole('button', { name: 'Run the cloud review' }).click()
    await page.getByText('Cloud review needs your consent').waitFor()
    service.provider.reply = () => ({
      json: reviewCompletion(
        'All residents support the new park.',
        's1',
        'Some residents support the new park.',
      ),
    })
    await page.getByLabel('I agree to send the text').check()
    await page.getByRole('button', { name: 'Run the cloud review' }).click()
    await page.locator('#claims-title').waitFor()
    assert.match(
      (await page.locator('.claims').textContent()) ?? '',
      /supported.*Some residents support the new park\./s,
    )
    assert.deepEqual(await markedTexts(page, '#review-text mark.hl-claim'), [
      'All residents support the new park.',
    ])
    await page.getByLabel('Remember on this device').check()
    assert.deepEqual(await page.evaluate(() => Object.values(localStorage)), [service.keys.review])
    await page.getByLabel('Remember on this device').uncheck()
    assert.equal(await page.evaluate(() => localStorage.length), 0)
  })

  it('shows the meanings of a selected word and illuminates a whole text', async () => {
    await page.goto(`${service.url}/#/context`)
    const area = page.getByRole('textbox', { name: /^Text/ })
    await area.waitFor()
    await area.evaluate((el: HTMLTextAreaElement) => {
      el.focus()
      el.setSelectionRange(15, 16)
    })
    await area.press('Shift+ArrowRight')
    await page.getByRole('button', { name: 'Meanings of “bank”' }).click()
    await page.locator('.candidates li').first().waitFor()
    assert.match((await page.locator('.decision').textContent()) ?? '', /sloping land/)
    await page.getByRole('button', { name: 'Illuminate the whole text' }).click()
    await page.locator('#illuminated').waitFor()
    const text = await area.inputValue()
    assert.deepEqual(await markMismatches(page, 'illuminated', text), [])
    assert.ok((await markedTexts(page, '#illuminated mark')).includes('geese'))
    await page.locator('#illuminated mark', { hasText: 'geese' }).focus()
    assert.match((await page.locator('#illuminated + .panel').textContent()) ?? '', /goose/)
    await checkAxe('context')
  })

  it('pages through a public dataset to its end with the cursor', async () => {
    await page.goto(`${service.url}/#/datasets`)
    await page.locator('.cards .card').first().waitFor()
    assert.match((await page.locator('.cards').textContent()) ?? '', /License:.*Attribution:/s)
    assert.equal(
      await page.getByRole('link', { name: 'Download association-practice (JSONL)' }).getAttribute('href'),
      '/api/datasets/association-practice/download',
    )
    await checkAxe('datasets')
    await page.getByRole('link', { name: 'Page through association-practice' }).click()
    await page.locator('#page-title').waitFor()
    let pages = 1
    while (await page.getByRole('button', { name: 'Next page' }).isVisible()) {
      await page.getByRole('button', { name: 'Next page' }).click()
      pages++
      await page.locator('#page-title', { hasText: `Page ${pages} ` }).waitFor()
    }
    assert.equal(pages, 11)
    assert.match(
      (await page.locator('#page-title').textContent()) ?? '',
      /records 1001 to 1050 of 1050 .*end of the release/,
    )
    assert.equal(await page.getByRole('button', { name: 'No more pages' }).isDisabled(), true)
    await checkAxe('dataset-records')
  })

  it('is usable at 360 px: nothing wider than the screen, and axe finds nothing serious there either', async () => {
    await page.setViewportSize({ width: 360, height: 780 })
    for (const hash of [
      '#/',
      '#/word/goose',
      '#/usage/scene/asking-a-favour',
      '#/review',
      '#/context',
      '#/datasets',
    ]) {
      await page.goto(`${service.url}/${hash}`)
      await page.locator('h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= 360),
        `${hash} is wider than 360 px`,
      )
      axeFound.set(`${hash} at 360 px`, await seriousViolations(page))
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  it('found no serious or critical axe violation on any view, and no CSP violation', () => {
    assert.ok(axeFound.size >= 13, [...axeFound.keys()].join())
    const found = [...axeFound].flatMap(([view, problems]) => problems.map((p) => `${view}: ${p}`))
    assert.deepEqual(found, [])
    assert.deepEqual(cspViolations, [])
  })
})

describe('a dataset release replaced while paging', () => {
  it('restarts from the manifest on the 409, with a message, never mixing releases', async () => {
    const service = await startWebService({ datasets: 'synthetic' })
    const browser = await launchChromium()
    try {
      await publishRelease(
        service.datasetStores,
        await buildDatasetRelease(syntheticInput('association-practice', 250)),
      )
      const page = await browser.context.newPage()
      await page.goto(`${service.url}/#/datasets/association-practice`)
      await page.locator('#page-title', { hasText: 'Page 1 ' }).waitFor()
      const first = (await page.locator('#page-title code').textContent()) ?? ''
      await publishRelease(
        service.datasetStores,
        await buildDatasetRelease(syntheticInput('association-practice', 250, { salt: ' v2' })),
      )
      await page.getByRole('button', { name: 'Next page' }).click()
      await page.getByRole('alert').filter({ hasText: 'The dataset changed' }).waitFor()
      await page.waitForFunction(
        (old) => document.querySelector('#page-title code')?.textContent !== old,
        first,
      )
      await page.locator('#page-title', { hasText: 'Page 1 ' }).waitFor()
      const second = (await page.locator('#page-title code').textContent()) ?? ''
      assert.notEqual(second, first)
      assert.match((await page.locator('.record').first().textContent()) ?? '', /v2/)
    } finally {
      await browser.close()
      await service.close()
    }
  })
})
