/**
 * The web client end to end in Debian's Chromium (playwright-core, no browser download) against the real
 * service on a free port: look-up, usage, text import and review with the highlights at the right
 * characters, the refusals of oversized files, transcription and cloud review through the provider double,
 * paging a dataset to its end, a jump to its last page in one request and the restart on a 409, keyboard
 * use, 360 px, and axe-core on every view.
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

/** Every mark drawn in the containers shows exactly the characters its range names in `text`. */
async function markMismatches(page: Page, containers: string, text: string): Promise<string[]> {
  return page.evaluate(
    ({ containers, text }) => {
      const out: string[] = []
      for (const mark of document.querySelectorAll<HTMLElement>(`${containers} mark[data-start]`)) {
        const copy = mark.cloneNode(true) as HTMLElement
        copy.querySelectorAll('[data-skip]').forEach((n) => n.remove())
        const expected = text.slice(Number(mark.dataset.start), Number(mark.dataset.end))
        if (!mark.querySelector('mark') && copy.textContent !== expected)
          out.push(`${copy.textContent} ≠ ${expected}`)
      }
      return out
    },
    { containers, text },
  )
}

/**
 * Whether the element is wholly within the viewport, as a reader on that screen sees it. Scrolling stops at
 * whole pixels, so an element scrolled to the bottom edge may end a fraction of a pixel past it.
 */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect()
    return box.top > -1 && box.bottom < innerHeight + 1 && box.height > 0
  })
}

/** Whether the element comes into view within a few seconds (a smooth scroll takes its time on a loaded machine). */
async function comesIntoView(page: Page, selector: string): Promise<boolean> {
  for (let tries = 0; tries < 50; tries++) {
    if (await inViewport(page, selector)) return true
    await page.waitForTimeout(100)
  }
  return false
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
      /“geese” can be:\s*the plural of the noun goose/,
    )
    assert.deepEqual(
      await page.locator('.word h3').evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent)),
      ['noun', 'verb'],
    )
    assert.ok((await page.locator('.meaning-id code').allTextContents()).includes('goose%1:05:00::'))
    // A synonym the profanity list names carries its label; relations read in plain words, WordNet's on hover.
    const fool = page.locator('[id="meaning-goose%1:18:00::"]')
    assert.match((await fool.locator('.relations').first().textContent()) ?? '', /twat may offend/)
    await fool.locator('summary').click()
    const broader = fool.locator('.rel-name', { hasText: 'broader:' })
    assert.equal(await broader.getAttribute('title'), 'WordNet: hypernym')
    assert.doesNotMatch((await page.locator('.word').textContent()) ?? '', /hypernym|holonym|meronym/)
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
      // The previous file's result stays on screen until this one's arrives: wait for this text's sentences.
      await page.waitForFunction((t) => {
        const said = [...document.querySelectorAll('#review-sentences .said .marked')].map((el) => {
          const copy = el.cloneNode(true) as HTMLElement
          copy.querySelectorAll('[data-skip]').forEach((n) => n.remove())
          return copy.textContent ?? ''
        })
        return said.join('').replace(/\s+/g, '') === t.replace(/\s+/g, '')
      }, c.text)
      assert.deepEqual(await markMismatches(page, '#review-sentences .said', c.text), [], c.name)
      assert.deepEqual(await markedTexts(page, '#review-sentences .said mark.hl-number'), ['45%'], c.name)
      assert.deepEqual(await markedTexts(page, '#review-sentences .source-side mark.hl-number'), ['40%'])
      assert.ok((await markedTexts(page, '.said mark.hl-quantifier')).includes('All'), c.name)
      // Focus marks the written-out note, which names both values.
      await page.locator('.said mark.hl-number').focus()
      assert.match(
        (await page.locator('.difference.current').textContent()) ?? '',
        /45% here, 40% in the source/,
      )
    }
    await checkAxe('review')
  })

  const QUOTED = 'The mayor said that "all residents will never support every new park". Only 45% answered.'
  const MEMO = 'The mayor said that some residents will not support every new park. 40% answered.'

  const reviewAgainstMemo = async (text: string, source: string) => {
    // A fresh page, so that no earlier result stands in for this one's.
    await page.goto('about:blank')
    await page.goto(`${service.url}/#/review`)
    await reviewText().fill(text)
    await page.getByLabel('Label', { exact: true }).fill('Council memo')
    await page.getByLabel('Source text', { exact: true }).fill(source)
    await page.getByRole('button', { name: 'Run the local review' }).click()
    await page.locator('#review-sentences').waitFor()
  }

  it('shows each sentence beside its closest source sentence, both values of a number highlighted', async () => {
    await reviewAgainstMemo(QUOTED, MEMO)
    const card = page.locator('#sentence-2')
    assert.deepEqual(await markedTexts(page, '#sentence-2 .said mark.hl-number'), ['45%'])
    assert.deepEqual(await markedTexts(page, '#sentence-2 .source-side mark.hl-number'), ['40%'])
    assert.match(
      (await card.locator('.source-side').textContent()) ?? '',
      /Closest source sentence, in “Council memo”.*40% answered\./,
    )
    assert.match(
      (await card.locator('.difference').first().textContent()) ?? '',
      /45% here, 40% in the source/,
    )
    assert.deepEqual(await markMismatches(page, '#review-sentences .said', QUOTED), [])
    assert.deepEqual(await markMismatches(page, '#review-sentences .source-side', MEMO), [])
    // The extras are folded, one group per sentence at most.
    for (const c of await page.locator('.sentence-card').all())
      assert.ok((await c.locator('details.extras').count()) <= 1)
    assert.equal(await page.locator('details.extras[open]').count(), 0)
    await checkAxe('review by sentence')
  })

  it('labels the second opinion on each sentence pair as apart from the text checks, in plain words', async () => {
    const opinion = page.locator('#sentence-2 .second-opinion')
    assert.equal(
      await opinion.getByRole('heading').textContent(),
      'Second opinion: does the source sentence’s wording support yours?',
    )
    assert.match((await opinion.textContent()) ?? '', /not the text checks/)
    // Asked for once near the screen.
    await opinion.scrollIntoViewIfNeeded()
    await opinion.locator('.opinion').waitFor()
    assert.match(
      (await opinion.locator('.opinion').textContent()) ?? '',
      /^(Supports it|Conflicts with it|Neither) The source sentence’s wording .*\(the engine’s confidence: \d+%\)$/,
    )
    // What a person reads names no rule, status, path or unit of the service.
    await page.locator('#sentence-1 .second-opinion').scrollIntoViewIfNeeded()
    await page.locator('#sentence-1 .second-opinion .opinion').waitFor()
    for (const d of await page.locator('.result details').all())
      await d.evaluate((el) => el.setAttribute('open', ''))
    const shown = await page.locator('.result').innerText()
    assert.doesNotMatch(
      shown,
      /UTF-16|code units|HTTP|\/v1\/|\/api\/|same-word|-in-match|not-in-matches|not-found|in-parts|claim-only/,
    )
  })

  it('reads each mark once to a screen reader, a quotation with cue words inside it included', async () => {
    const said = page.locator('#sentence-1 .said .marked')
    const spoken = (await said.textContent()) ?? ''
    assert.equal(spoken.split('Quotation').length - 1, 1, spoken)
    assert.doesNotMatch(spoken, /(\b[A-Z][\w ]*:) \1/, spoken)
    const labels = await said.evaluate((el) => {
      const byMark = new Map<string, number>()
      for (const mark of el.querySelectorAll<HTMLElement>('mark[data-mark]')) {
        const own = [...mark.children].filter((c) => c.matches('[data-skip]')).length
        byMark.set(mark.dataset.mark ?? '', (byMark.get(mark.dataset.mark ?? '') ?? 0) + own)
      }
      return [...byMark.values()]
    })
    assert.ok(labels.length >= 2, 'the quotation and the cue words inside it are marked')
    assert.ok(
      labels.every((n) => n === 1),
      `labels per mark: ${labels.join()}`,
    )
    // Only the first piece of a mark is a tab stop.
    const stops = await said.locator('mark[tabindex]').count()
    assert.equal(stops, labels.length)
  })

  it('marks a vote written in words and the source’s tally in both sentences, each read once', async () => {
    const text = 'The council unanimously approved the cycle lane.'
    const source = 'The council voted 7–2 to approve the cycle lane.'
    await reviewAgainstMemo(text, source)
    assert.deepEqual(await markedTexts(page, '#sentence-1 .said mark.hl-vote'), ['unanimously'])
    assert.deepEqual(await markedTexts(page, '#sentence-1 .source-side mark.hl-vote'), ['7–2'])
    assert.deepEqual(await markMismatches(page, '#sentence-1 .said', text), [])
    assert.deepEqual(await markMismatches(page, '#sentence-1 .source-side', source), [])
    const note = page.locator('#sentence-1 .difference').filter({ hasText: 'unanimously' })
    assert.match((await note.textContent()) ?? '', /^Vote “unanimously” here, “7–2” in the source/)
    for (const side of ['.said', '.source-side']) {
      const spoken = (await page.locator(`#sentence-1 ${side} .marked`).textContent()) ?? ''
      assert.equal(spoken.split('Vote').length - 1, 1, spoken)
      assert.doesNotMatch(spoken, /(\b[A-Z][\w ]*:) \1/, spoken)
    }
    await checkAxe('review with a vote')
  })

  it('asks for second opinions only near the screen and at most two at a time', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Bridge ${i + 1} opened to traffic in ${1900 + i}.`)
    let inFlight = 0
    let most = 0
    let asked = 0
    const isOpinion = (url: string) => url.endsWith('/v1/claims/evaluate-evidence')
    page.on('request', (r) => {
      if (!isOpinion(r.url())) return
      asked++
      most = Math.max(most, ++inFlight)
    })
    const done = (r: { url: () => string }) => {
      if (isOpinion(r.url())) inFlight--
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
    await reviewAgainstMemo(lines.join(' '), lines.join(' '))
    await page.locator('#sentence-1').scrollIntoViewIfNeeded()
    await page.locator('#sentence-1 .opinion').waitFor()
    await page.waitForLoadState('networkidle')
    assert.ok(asked >= 1 && asked < 30, `${asked} second opinions asked before scrolling`)
    await page.locator('#sentence-30').scrollIntoViewIfNeeded()
    await page.locator('#sentence-30 .opinion').waitFor()
    assert.ok(most <= 2, `${most} second opinions at once`)
    assert.ok(asked <= 30, `${asked} second opinions for 30 sentences`)
    page.removeAllListeners('request')
    page.removeAllListeners('requestfinished')
    page.removeAllListeners('requestfailed')
  })

  it('at 390 px, a mark brings its written-out note into view, with nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 780 })
    await reviewAgainstMemo(QUOTED, MEMO)
    const mark = page.locator('#sentence-2 .source-side mark.hl-number')
    await mark.scrollIntoViewIfNeeded()
    await mark.click({ position: { x: 4, y: 4 } })
    const note = '#sentence-2 .difference.current'
    assert.match((await page.locator(note).textContent()) ?? '', /45% here, 40% in the source.*40%/s)
    assert.ok(await comesIntoView(page, note), 'the note is on screen')
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390))
    axeFound.set('review by sentence at 390 px', await seriousViolations(page))
    await page.setViewportSize({ width: 1280, height: 900 })
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
    await page.locator('#review-sentences .said', { hasText: 'of them' }).waitFor()
    assert.deepEqual(await markedTexts(page, '#review-sentences .said mark.hl-number'), ['45%'])
    // The key stays in memory: nothing in storage unless asked.
    assert.equal(await page.evaluate(() => localStorage.length), 0)
  })

  it('runs a cloud review only with consent and shows the claims with their citations', async () => {
    await reviewText().fill('All residents support the new park.')
    await page.getByLabel('Source text', { exact: true }).fill('Some residents support the new park.')
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
      /Supported.*Some residents support the new park\./s,
    )
    // Coloured by its judgement, and named by it in words.
    assert.deepEqual(await markedTexts(page, '#review-text mark.hl-claim-supported'), [
      'All residents support the new park.',
    ])
    assert.match(
      (await page.locator('#review-text mark [data-skip]').textContent()) ?? '',
      /^Claim, supported/,
    )
    assert.match((await page.locator('.claims .badge').textContent()) ?? '', /^Supported/)
    assert.doesNotMatch((await page.locator('.result .notices').textContent()) ?? '', /`|store: false|UTF-16/)
    // On a phone, a side note opens where it is, its detail in view.
    await page.setViewportSize({ width: 390, height: 780 })
    await page.locator('.side-note button').first().click()
    const detail = page.locator('.side-note .note-detail')
    assert.match((await detail.textContent()) ?? '', /The source says the same\..*Some residents support/s)
    assert.ok(await inViewport(page, '.side-note .note-detail'))
    await page.setViewportSize({ width: 1280, height: 900 })
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
    assert.deepEqual(await markMismatches(page, '#illuminated', text), [])
    assert.ok((await markedTexts(page, '#illuminated mark')).includes('geese'))
    await page.locator('#illuminated mark', { hasText: 'geese' }).focus()
    assert.match((await page.locator('#illuminated + .panel').textContent()) ?? '', /goose/)
    await checkAxe('context')
  })

  it('pages through a public dataset to its end, one request a page', async () => {
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
    while (await page.getByRole('button', { name: 'Next page' }).first().isVisible()) {
      await page.getByRole('button', { name: 'Next page' }).first().click()
      pages++
      await page.locator('#page-title', { hasText: `Page ${pages} ` }).waitFor()
    }
    assert.equal(pages, 11)
    assert.match(
      (await page.locator('#page-title').textContent()) ?? '',
      /records 1001 to 1050 of 1050 .*end of the release/,
    )
    assert.equal(await page.getByRole('button', { name: 'No more pages' }).first().isDisabled(), true)
    await checkAxe('dataset-records')
  })

  it('explores a dataset: statistics, search, a filter, paging both ways, jumps to the last page and back, a table, the full record', async () => {
    const status = page.locator('#page-title')
    await page.goto(`${service.url}/#/datasets/literary-context`)
    await status.waitFor()
    assert.match(
      (await page.locator('.statistics summary').textContent()) ?? '',
      /^Statistics: 5,096 records/,
    )
    assert.match((await page.locator('.stats').textContent()) ?? '', /records have it/)

    await page.getByRole('searchbox', { name: 'Words to find' }).fill('the')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('alert').filter({ hasText: 'at least one word that is not a common word' }).waitFor()
    await page.getByRole('searchbox', { name: 'Words to find' }).fill('whale')
    await page.getByRole('button', { name: 'Search' }).click()
    await status.filter({ hasText: 'that match' }).waitFor()
    assert.match(page.url(), /q=whale/)
    const matches = Number(/of (\d+) that match/.exec((await status.textContent()) ?? '')?.[1])
    assert.ok(matches > 100, `${matches} matches`)

    await page.getByRole('combobox', { name: 'split is' }).selectOption('test')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL(/filter=split%3Atest/)
    const { total } = (await (
      await fetch(`${service.url}/api/datasets/literary-context/search?q=whale&filter=split:test`)
    ).json()) as { total: number }
    assert.ok(total > 0 && total < matches, `${total} of ${matches}`)
    await status.filter({ hasText: `of ${total} that match` }).waitFor()

    await page.getByRole('link', { name: 'Show every record' }).click()
    await status.filter({ hasText: 'of 5096 ·' }).waitFor()
    await page
      .getByRole('navigation', { name: 'Pages (bottom)' })
      .getByRole('button', { name: 'Next page' })
      .click()
    await status.filter({ hasText: 'Page 2 of 51 · records 101 to 200 ' }).waitFor()
    await page
      .getByRole('navigation', { name: 'Pages (top)' })
      .getByRole('button', { name: 'Previous page' })
      .click()
    await status.filter({ hasText: 'Page 1 of 51 · records 1 to 100 ' }).waitFor()
    assert.equal(await page.getByRole('button', { name: 'Previous page' }).first().isDisabled(), true)

    // The last page, far past any page seen, in one request: its first record is record 5001 of the release.
    const { records } = (await (
      await fetch(`${service.url}/api/datasets/literary-context/records?start=5000&limit=1`)
    ).json()) as { records: { id: string }[] }
    const pageRequests: string[] = []
    const countPages = (request: { url: () => string }) => {
      if (request.url().includes('/api/datasets/literary-context/records')) pageRequests.push(request.url())
    }
    page.on('request', countPages)
    await page.getByRole('spinbutton', { name: 'Go to page' }).fill('51')
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await status.filter({ hasText: 'Page 51 of 51 · records 5001 to 5096 of 5096' }).waitFor()
    page.off('request', countPages)
    assert.equal(pageRequests.length, 1, pageRequests.join('\n'))
    assert.match(page.url(), /page=51/)
    assert.match((await status.textContent()) ?? '', /end of the release/)
    assert.match((await page.locator('.record-number').first().textContent()) ?? '', /Record 5,001/)
    assert.equal(await page.locator('.record code').first().textContent(), records[0]?.id)

    await page.getByRole('spinbutton', { name: 'Go to page' }).fill('4')
    await page.getByRole('button', { name: 'Go', exact: true }).click()
    await status.filter({ hasText: 'Page 4 of 51 · records 301 to 400 ' }).waitFor()
    assert.match(page.url(), /page=4/)
    assert.match((await page.locator('.record-number').first().textContent()) ?? '', /Record 301/)
    await page.getByRole('button', { name: 'Previous page' }).first().click()
    await status.filter({ hasText: 'Page 3 of 51 · records 201 to 300 ' }).waitFor()

    await page.locator('.record details summary').first().click()
    await page.getByRole('region', { name: 'Full record 201' }).waitFor()
    await checkAxe('dataset full record')

    await page.locator('.field-chooser summary').click()
    await page.getByRole('checkbox', { name: 'work.id' }).check()
    await page.waitForURL(/fields=work.id/)
    await page.getByRole('checkbox', { name: 'target.word' }).check()
    await page.waitForURL(/fields=/)
    await page.locator('.record-table').waitFor()
    assert.deepEqual(
      await page.locator('.record-table thead th').allTextContents(),
      // In the order of the fields, not of the clicks.
      ['Record', 'target.word', 'work.id'],
    )
    assert.equal(await page.locator('.record-table tbody tr').count(), 100)
    assert.match((await status.textContent()) ?? '', /Page 3 of 51/)
    await checkAxe('dataset table')

    const shared = page.url()
    await page.goto(`${service.url}/#/`)
    await page.goto(shared)
    await status.filter({ hasText: 'Page 3 of 51 · records 201 to 300 ' }).waitFor()
    await page.locator('.record-table').waitFor()

    await page.goto(`${service.url}/#/datasets/observed-language`)
    await page.locator('.note', { hasText: 'observed-language is private' }).waitFor()
    assert.equal(await page.locator('#page-title').count(), 0)

    await page.setViewportSize({ width: 390, height: 780 })
    await page.goto(`${service.url}/#/datasets/literary-context?page=60`)
    await status.filter({ hasText: 'Page 51 of 51' }).waitFor()
    assert.match(page.url(), /page=51$/)
    await page.locator('.record details summary').first().click()
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= 390),
      'the records page is wider than 390 px',
    )
    axeFound.set('dataset records at 390 px', await seriousViolations(page))
    await page.setViewportSize({ width: 1280, height: 900 })
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
    assert.ok(axeFound.size >= 15, [...axeFound.keys()].join())
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
      await page.getByRole('button', { name: 'Next page' }).first().click()
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
