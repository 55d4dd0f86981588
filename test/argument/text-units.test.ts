import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { decimal, findNumbers } from '../../src/argument/numbers'
import { oneByte } from '../../src/argument/one-byte'
import { checkQuotation, findQuotations } from '../../src/argument/quotes'
import { wordReader } from '../../src/argument/terms'
import { forEachWord } from '../../src/text/words'
import { testLexicon } from '../helpers/lexicon'
import { storedOneByte } from './stored-one-byte'

describe('numbers, percentages and dates', () => {
  const read = (text: string) => findNumbers(text).map((m) => [text.slice(m.start, m.end), m.kind, m.value])

  it('normalizes numerals so equal quantities compare equal', () => {
    assert.deepEqual(read('1,200 and 1200 and 1.2 thousand and 3.50 and -2 and 0.0'), [
      ['1,200', 'number', '1200'],
      ['1200', 'number', '1200'],
      ['1.2 thousand', 'number', '1200'],
      ['3.50', 'number', '3.5'],
      ['-2', 'number', '-2'],
      ['0.0', 'number', '0'],
    ])
    assert.equal(decimal('3.3', 6), '3300000')
    assert.equal(decimal('0.05', 1), '0.5')
  })

  it('reads percentages and percentage points', () => {
    assert.deepEqual(read('45% or 45 % or 45 percent or 45 per cent; up 3 percentage points'), [
      ['45%', 'percent', '45'],
      ['45 %', 'percent', '45'],
      ['45 percent', 'percent', '45'],
      ['45 per cent', 'percent', '45'],
      ['3 percentage points', 'percentage-points', '3'],
    ])
  })

  it('reads dates in ISO and written forms', () => {
    assert.deepEqual(
      read('On 2020-03-05, March 5, 2020, 5 March 2020, 5th of Mar. 2020 and in March 2020.'),
      [
        ['2020-03-05', 'date', '2020-03-05'],
        ['March 5, 2020', 'date', '2020-03-05'],
        ['5 March 2020', 'date', '2020-03-05'],
        ['5th of Mar. 2020', 'date', '2020-03-05'],
        ['March 2020', 'date', '2020-03'],
      ],
    )
  })

  it('does not read digits inside words or versions as numbers of their own', () => {
    assert.deepEqual(read('CO2 and covid-19 and v1.2.3'), [['19', 'number', '19']])
  })
})

describe('quotations', () => {
  const quotes = (text: string) => findQuotations(text).map((r) => text.slice(r.start, r.end))

  it('finds straight, curly and angle quotations, and skips apostrophes', () => {
    assert.deepEqual(
      quotes(
        `He said "growth is slow." She wrote “it isn’t over” and ‘quite so’ or 'fine' but don't, «bien».`,
      ),
      ['growth is slow', 'it isn’t over', 'quite so', 'fine', 'bien'],
    )
  })

  it('does not pair quote marks across a blank line', () => {
    assert.deepEqual(quotes('An "open quote\n\nnever closed" here'), [])
  })

  it('checks a quotation verbatim, then normalized, then in parts, else not found', () => {
    const targets = [
      { ref: 'a', text: 'The economy — as ever — is “growing   slowly” this year, said the minister.' },
    ]
    const check = (quote: string) => checkQuotation(quote, targets, 10)
    const verbatim = check('is “growing   slowly” this year')
    assert.equal(verbatim.status, 'verbatim')
    assert.deepEqual(verbatim.places, [{ ref: 'a', start: 24, end: 55 }])
    const normalized = check('The economy - as ever - is "growing slowly"')
    assert.equal(normalized.status, 'normalized')
    assert.equal(
      targets[0]?.text.slice(normalized.places[0]?.start, normalized.places[0]?.end),
      'The economy — as ever — is “growing   slowly”',
    )
    const parts = check('The economy … this year')
    assert.equal(parts.status, 'in-parts')
    assert.equal(parts.places.length, 2)
    assert.equal(check('the economy is shrinking').status, 'not-found')
  })

  it('lists at most the given places per text and counts them all', () => {
    const result = checkQuotation('ab', [{ ref: 1, text: 'ab '.repeat(15) }], 10)
    assert.equal(result.places.length, 10)
    assert.equal(result.placesTotal, 15)
  })
})

describe('word readings', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = await testLexicon()
  })

  const readAll = (text: string) => {
    const read = wordReader(lexicon)
    const out: string[] = []
    forEachWord(text, 0, text.length, (start, end) => {
      const reading = read(text, start, end)
      if (reading.cue) out.push(`cue:${reading.cue.cue}:${reading.cue.word}`)
      else
        for (const p of reading.parts)
          out.push(`${p.term}@${text.slice(start + p.offset, start + p.offset + p.length)}`)
    })
    return out
  }

  it('lemmatizes with the lexicon morphology and drops stop words', () => {
    assert.deepEqual(readAll('The studies studied geese; the study was run by mice.'), [
      'study@studies',
      'study@studied',
      'goose@geese',
      'study@study',
      'run@run',
      'mouse@mice',
    ])
  })

  it('reads cue words, possessives and hyphenated words', () => {
    assert.deepEqual(readAll("Smith's well-known evidence-based claims don't always hold; none may."), [
      'smith@Smith',
      'well-known@well-known',
      'evidence@evidence',
      'base@based',
      'claim@claims',
      "cue:negation:don't",
      'cue:quantifier:always',
      'hold@hold',
      'cue:quantifier:none',
      'cue:hedge:may',
    ])
  })

  it('steps over emoji and lone surrogates without losing the letters next to them', () => {
    const text = 'a\ud800b 👍🏽c d\udc00'
    const words: string[] = []
    forEachWord(text, 0, text.length, (start, end) => void words.push(text.slice(start, end)))
    assert.deepEqual(words, ['a', 'b', 'c', 'd'])
  })

  it('keeps accents and combining marks, matching composed and decomposed forms', () => {
    assert.deepEqual(readAll('Cafe\u0301 cafés 👍🏽 naïve Zoë'), [
      'cafe@Cafe\u0301',
      'cafe@cafés',
      'naive@naïve',
      'zoë@Zoë',
    ])
  })
})

describe('one-byte strings for the answer', () => {
  it('stores a string cut from a wider text one byte per character, with the same characters', () => {
    const text = `“${'Café at 45% '.repeat(1_000)}” 👍`
    const cut = text.slice(1, 12_001)
    assert.equal(storedOneByte(cut), false)
    const compact = oneByte(cut)
    assert.equal(compact, cut)
    assert.equal(storedOneByte(compact), true)
    assert.equal(oneByte(''), '')
  })

  it('leaves a string with a character beyond Latin-1 as it is', () => {
    const wide = 'naïve “quote” 👍'
    assert.equal(oneByte(wide), wide)
    assert.equal(storedOneByte(oneByte(wide)), false)
  })
})
