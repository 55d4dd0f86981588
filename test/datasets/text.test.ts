import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gcideQuotations } from '../../src/releases/datasets/literary-context/gcide'
import { mobyDickExcerpts } from '../../src/releases/datasets/literary-context/moby-dick'
import { sonnetExcerpts } from '../../src/releases/datasets/literary-context/sonnets'
import { evaluationSplit, scramble, scrambledOrder } from '../../src/releases/datasets/order'
import {
  hasBalancedQuotes,
  isWholeSentence,
  sentences,
  textKey,
  words,
} from '../../src/releases/datasets/text'

describe('sentences', () => {
  it('splits after stops followed by a capital, a figure or an amount, with offsets into the text', () => {
    const text =
      'Mr. Starbuck went aft. J. Ross Browne wrote it! Was it so? $11.5 millions came in. 1,000 men went.'
    const parts = sentences(text)
    assert.deepEqual(
      parts.map((p) => p.text),
      [
        'Mr. Starbuck went aft.',
        'J. Ross Browne wrote it!',
        'Was it so?',
        '$11.5 millions came in.',
        '1,000 men went.',
      ],
    )
    for (const p of parts) assert.equal(text.slice(p.start, p.end), p.text)
  })

  it('does not split before a lower-case word or inside closing quotes', () => {
    assert.equal(sentences('Why then?—Because one did survive. "Aye," said he.').length, 2)
    assert.deepEqual(
      sentences('"Stop it." Then he went.').map((p) => p.text),
      ['"Stop it."', 'Then he went.'],
    )
  })

  it('tokenizes words with inner hyphens and apostrophes and exact spans', () => {
    const text = "The sea-captain's whale o'er the sea."
    assert.deepEqual(
      words(text).map((w) => w.text),
      ['The', "sea-captain's", 'whale', "o'er", 'the', 'sea'],
    )
    for (const w of words(text)) assert.equal(text.slice(w.start, w.end), w.text)
  })

  it('takes the letters of a word with digits as its words, and no number', () => {
    const text = 'In the mid-1990s, on the 4th, 1,200 men came.'
    assert.deepEqual(
      words(text).map((w) => [w.text, w.start]),
      [
        ['In', 0],
        ['the', 3],
        ['mid', 7],
        ['s', 15],
        ['on', 18],
        ['the', 21],
        ['th', 26],
        ['men', 36],
        ['came', 40],
      ],
    )
  })

  it('recognizes whole sentences, balanced quotes and equal texts', () => {
    assert.ok(isWholeSentence('"It is," he said.'))
    assert.ok(!isWholeSentence('and then he went.'))
    assert.ok(!isWholeSentence('He went,'))
    assert.ok(!hasBalancedQuotes('"He went.'))
    assert.equal(textKey('The  Whale, the whale!'), textKey('the whale the WHALE'))
  })
})

describe('order and splits', () => {
  it('scrambles deterministically and splits by group key alone, per the documented SHA-256 rule', async () => {
    assert.equal(scramble('moby-dick:1.1.1'), scramble('moby-dick:1.1.1'))
    const items = ['a', 'b', 'c', 'd', 'e']
    assert.deepEqual(
      scrambledOrder(items, (x) => x),
      scrambledOrder([...items].reverse(), (x) => x),
    )
    const { createHash } = await import('node:crypto')
    for (const group of ['moby-dick:whale:noun', 'sonnets:love:noun', 'webster-1913:affect:verb']) {
      const bucket = parseInt(createHash('sha256').update(group, 'utf8').digest('hex').slice(0, 8), 16) % 10
      const expected = bucket < 8 ? 'train' : bucket === 8 ? 'validation' : 'test'
      assert.equal(await evaluationSplit(group), expected)
    }
  })
})

describe('work readers', () => {
  it('reads Moby-Dick chapters without front matter, footnotes, stage directions or speaker labels', () => {
    const excerpts = mobyDickExcerpts([
      {
        chapter: 'Etymology',
        title: '(Supplied by a Late Consumptive Usher)',
        text: 'The pale Usher dusted his old lexicons.',
      },
      {
        chapter: '40',
        title: 'Midnight, Forecastle.',
        text:
          '(Foresail rises and discovers the watch standing, lounging.)\n\n' +
          'FRENCH SAILOR. Hist, boys! let us have a jig or two before we ride to anchor.\n\n' +
          'The old man walked the deck with a slow and heavy tread that night. He said nothing to any of them.*\n\n' +
          '*See subsequent chapters for something more on this head of the story.',
      },
    ])
    assert.deepEqual(
      excerpts.map((e) => [e.key, e.text]),
      [['40.3.1', 'The old man walked the deck with a slow and heavy tread that night.']],
    )
    assert.deepEqual(excerpts[0]?.locator, {
      kind: 'chapter',
      chapter: '40',
      chapterTitle: 'Midnight, Forecastle.',
      paragraph: 3,
      sentence: 1,
    })
  })

  it('reads sonnet sentences across lines with their first and last line', () => {
    const [first, second] = sonnetExcerpts([
      {
        number: 18,
        lines: [
          "Shall I compare thee to a summer's day, my love?",
          'Thou art more lovely and more temperate:',
          'Rough winds do shake the darling buds of May,',
          "And summer's lease hath all too short a date. ",
        ],
      },
    ])
    assert.equal(first?.text, "Shall I compare thee to a summer's day, my love?")
    assert.deepEqual(first?.locator, { kind: 'sonnet', sonnet: 18, firstLine: 1, lastLine: 1 })
    assert.equal(second?.locator.kind === 'sonnet' && second.locator.lastLine, 4)
    assert.deepEqual(second?.lineStarts, [0, 41, 87])
    assert.ok(second?.text.endsWith('date.'))
  })

  it('reads only [1913 Webster] quotations that are whole, unabridged sentences with an author', () => {
    const dict = [
      'Affect \\Af*fect"\\, v. t. [imp. & p. p. {Affected}.]',
      '   1. To act upon; to produce an effect or change upon.',
      '      [1913 Webster]',
      '',
      '            The climate affected their health and spirits.',
      '                                                  --Macaulay.',
      '      [1913 Webster]',
      '',
      '            A consideration of the rationale of our passions.',
      '      [1913 Webster]',
      '',
      '   2. To love; to regard with affection. [Obs.]',
      '      [1913 Webster]',
      '',
      '            As for Queen Katharine, he rather respected than',
      '            affected, rather honored than loved, her. --Fuller.',
      '      [1913 Webster]',
      '',
      '            This proud man affects imperial ?way. --Dryden.',
      '      [1913 Webster]',
      '',
      '            Their bodies . . . painted with woad in sundry figures. --Milton.',
      '      [1913 Webster]',
      '',
      '            A modern quotation that later editors added to the entry. --Someone.',
      '      [PJC]',
    ].join('\n')
    const quotes = gcideQuotations(dict)
    assert.deepEqual(
      quotes.map((q) => [q.key, q.text, q.locator.kind === 'dictionary-quotation' && q.locator.attribution]),
      [
        ['affect.1.1.1', 'The climate affected their health and spirits.', 'Macaulay.'],
        [
          'affect.1.2.1',
          'As for Queen Katharine, he rather respected than affected, rather honored than loved, her.',
          'Fuller.',
        ],
      ],
    )
    assert.deepEqual(quotes[0]?.illustrates, { lemma: 'affect', partOfSpeech: 'verb' })
  })
})
