/**
 * `npm run screenshots`: a PNG of every view of the web client at desktop (1280 px) and phone (390 px)
 * widths, written to screenshots/ (not committed), for a person to look at. Runs the real service with the
 * provider double on loopback, so the cloud review and transcription views show real answers of the page.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { projectRoot } from '../src/storage/project-root'
import { silentWav } from '../test/helpers/speech-audio'
import { launchChromium, reviewCompletion, startWebService } from '../test/helpers/web-client'

const OUT = join(projectRoot(), 'screenshots')
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]
const TEXT =
  'All residents support the new park. Only 45% answered the survey. He said "the park is great". Visitors must pay 5 euros. The council unanimously approved the park.'
const SOURCE =
  'Some residents support the new park. 40% answered the survey. The park is good for the town. Visitors may pay 5 euros. The council voted 7–2 to approve the park.'

type Shot = { name: string; prepare: (page: Page, base: string) => Promise<void> }

const SHOTS: Shot[] = [
  {
    name: 'lookup',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/`)
      await page.getByRole('combobox').fill('goo')
      await page.getByRole('option').first().waitFor()
    },
  },
  {
    name: 'word',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/word/geese`)
      await page.locator('#word-title').waitFor()
    },
  },
  {
    name: 'word-labels',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/word/kisser`)
      await page.locator('#word-title').waitFor()
      for (const summary of await page.locator('.meaning summary').all()) await summary.click()
    },
  },
  {
    name: 'usage',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/usage`)
      await page.locator('#scenes-title').waitFor()
    },
  },
  {
    name: 'scene',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/usage/scene/asking-a-favour`)
      await page.locator('#scene-title').waitFor()
    },
  },
  {
    name: 'review',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/review`)
      await page.getByLabel('Text', { exact: false }).first().fill(TEXT)
      await page.getByLabel('Label', { exact: true }).fill('Survey 2023')
      await page.getByLabel('Source text', { exact: true }).fill(SOURCE)
      await page.getByRole('button', { name: 'Run the local review' }).click()
      await page.locator('#review-sentences').waitFor()
      // Second opinions are asked for as their sentences come near the screen: bring each one there.
      for (const card of await page.locator('.sentence-card').all()) {
        await card.scrollIntoViewIfNeeded()
        await card.locator('.opinion').waitFor()
      }
      await page.locator('.said mark.hl-number').first().focus()
    },
  },
  {
    name: 'cloud-review',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/review`)
      await page.getByLabel('Text', { exact: false }).first().fill(TEXT)
      await page.getByLabel('Label', { exact: true }).fill('Survey 2023')
      await page.getByLabel('Source text', { exact: true }).fill(SOURCE)
      await page.getByLabel(/^Your key/).fill(service.keys.review)
      await page.getByLabel('I agree to send the text').check()
      await page.getByRole('button', { name: 'Run the cloud review' }).click()
      await page.locator('#claims-title').waitFor()
    },
  },
  {
    name: 'audio',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/review`)
      await page.getByLabel(/^Your key/).fill(service.keys.review)
      await page.getByText('Transcribe audio').click()
      await page
        .getByLabel(/^Audio file/)
        .setInputFiles({ name: 'speech.wav', mimeType: 'audio/wav', buffer: Buffer.from(silentWav(64_000)) })
      await page.getByLabel('I agree to send this audio file').check()
      await page.getByRole('button', { name: 'Transcribe', exact: true }).click()
      await page.getByLabel('Transcript (editable)').waitFor()
    },
  },
  {
    name: 'context',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/context`)
      await page.getByRole('button', { name: 'Illuminate the whole text' }).click()
      await page.locator('#illuminated').waitFor()
      await page.locator('#illuminated mark').nth(2).focus()
    },
  },
  {
    name: 'context-resolve',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/context`)
      const area = page.locator('textarea').first()
      await area.evaluate((el: HTMLTextAreaElement) => {
        el.focus()
        el.setSelectionRange(14, 18)
      })
      await area.press('Shift+ArrowRight')
      await area.press('Shift+ArrowLeft')
      await page.getByRole('button', { name: /Meanings of/ }).click()
      await page.locator('.candidates li').first().waitFor()
    },
  },
  {
    name: 'datasets',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/datasets`)
      await page.locator('.cards .card').first().waitFor()
    },
  },
  {
    name: 'dataset-records',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/datasets/literary-context`)
      await page.locator('.record').first().waitFor()
    },
  },
  {
    name: 'dataset-search',
    prepare: async (page, base) => {
      await page.goto(`${base}/#/datasets/literary-context?q=whale&page=2`)
      await page.locator('#page-title', { hasText: 'Page 2 ' }).waitFor()
      await page.locator('.record details summary').first().click()
    },
  },
  {
    name: 'dataset-table',
    prepare: async (page, base) => {
      await page.goto(
        `${base}/#/datasets/association-practice?fields=cue.word,cue.partOfSpeech,responses.word`,
      )
      await page.locator('.record-table').waitFor()
    },
  },
]

const service = await startWebService()
const browser = await launchChromium()
try {
  await mkdir(OUT, { recursive: true })
  service.provider.reply = (call) => ({
    json: call.path.endsWith('/audio/transcriptions')
      ? { text: 'Most residents support the new park.' }
      : reviewCompletion('All residents support the new park.', 's1', 'Some residents support the new park.'),
  })
  for (const size of WIDTHS) {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const shot of SHOTS) {
      await shot.prepare(page, service.url)
      const file = join(OUT, `${shot.name}-${size.name}.png`)
      await writeFile(file, await page.screenshot({ fullPage: true }))
      console.log(file)
    }
    await page.close()
  }
} finally {
  await browser.close()
  await service.close()
}
