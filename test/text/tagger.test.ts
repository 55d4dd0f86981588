import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { guessToken } from '../../src/text/tagger'
import { tokenize } from '../../src/text/tokens'
import { testLexicon } from '../helpers/lexicon'

describe('part-of-speech tagger: clause, possessive and complement cues', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = await testLexicon()
  })

  /** The tagger's best guess for the token written `word` in `text` (closed-class words included). */
  function tagOf(text: string, word: string): string | undefined {
    const { tokens } = tokenize(text)
    const i = tokens.findIndex((t) => t.text === word)
    assert.notEqual(i, -1, word)
    return guessToken(lexicon, tokens, i)?.best
  }

  it('reads a bare form after a plural subject, before a preposition, as a verb', () => {
    assert.equal(tagOf('Dogs bark at night.', 'bark'), 'verb')
  })

  it('does not take a singular word ending in -s, or a possessive, for a plural subject', () => {
    assert.equal(tagOf('Try finding a Nautilus machine in Paris.', 'machine'), 'noun')
    assert.equal(tagOf("He let the balloon's air out with a burner.", 'air'), 'noun')
  })

  it('reads the word after a possessive as a noun', () => {
    assert.equal(tagOf("The individual voter's standing will be enhanced.", 'standing'), 'noun')
    assert.equal(tagOf("Tuesday's rout of a congressional hopeful surprised them.", 'rout'), 'noun')
  })

  it('reads a possessive as a noun when the word can be one', () => {
    assert.equal(tagOf("The stranger's eyes were large and sad.", "stranger's"), 'noun')
    assert.equal(tagOf("Amazing what it does to one's heart rate.", "one's"), 'noun')
  })

  it('gives each cue once, in plain words', () => {
    const text = 'Fast cars are expensive, and its top speed worried the late owners.'
    const { tokens } = tokenize(text)
    const cues = tokens.flatMap((_, i) => guessToken(lexicon, tokens, i)?.cues ?? [])
    assert.ok(cues.length > 10)
    for (const [i, token] of tokens.entries()) {
      const own = guessToken(lexicon, tokens, i)?.cues ?? []
      assert.equal(new Set(own).size, own.length, token.text)
    }
    for (const cue of cues) {
      assert.doesNotMatch(cue, /\ba [aeiou]|\bedge\b|-none|\bword word\b|\+/, cue)
    }
    assert.ok(cues.includes('adjective: a noun, a verb, an adjective or an adverb, mostly an adjective'))
  })

  it('reads a word after a linking verb, or graded by "very", as an adjective', () => {
    assert.equal(tagOf("Don't be mean to your brother.", 'mean'), 'adjective')
    assert.equal(tagOf('He stays fit by cycling to work every day.', 'fit'), 'adjective')
    assert.equal(tagOf('This bag is very light; you can carry it easily.', 'light'), 'adjective')
    assert.equal(tagOf('These shoes are too tight; I need a bigger size.', 'tight'), 'adjective')
    const { tokens } = tokenize('This bag is very light.')
    const light = guessToken(
      lexicon,
      tokens,
      tokens.findIndex((t) => t.text === 'light'),
    )
    assert.ok(light?.cues.includes('adjective: after "is" and "very"'), light?.cues.join('; '))
  })

  it('leaves a passive, and "the very thing", to the other cues', () => {
    assert.equal(tagOf('The meat is being cut into pieces.', 'cut'), 'verb')
    assert.equal(tagOf('He had already quite forgotten about him.', 'forgotten'), 'verb')
    assert.equal(tagOf('The meeting will be held in the main hall.', 'held'), 'verb')
    assert.equal(tagOf('That is the very thing I wanted.', 'thing'), 'noun')
    assert.equal(tagOf('I really mean it.', 'mean'), 'verb')
    const { tokens } = tokenize('The light is very bright.')
    assert.equal(guessToken(lexicon, tokens, 1)?.best, 'noun')
  })

  it("reads a preposition's object as no verb, a gerund and a function word left alone", () => {
    assert.equal(tagOf('The factory workers went on strike for better pay.', 'strike'), 'noun')
    const { tokens } = tokenize('They went on strike.')
    const strike = guessToken(lexicon, tokens, 3)
    assert.ok(strike?.cues.includes('noun: after "on", where a verb does not stand'), strike?.cues.join('; '))
    assert.equal(tagOf('She is good at running races.', 'running'), 'verb')
  })

  it("reads the word between a determiner and a time phrase as the noun phrase's head", () => {
    const text = 'I caught a cold last week and I still have a sore throat.'
    assert.equal(tagOf(text, 'cold'), 'noun')
    const { tokens } = tokenize(text)
    const cold = guessToken(lexicon, tokens, 3)
    assert.ok(
      cold?.cues.includes('noun: after "a" and before the time phrase "last week"'),
      cold?.cues.join('; '),
    )
    assert.equal(tagOf('She bought a cold drink last week.', 'cold'), 'adjective')
    assert.equal(tagOf('We had a quiet evening.', 'quiet'), 'adjective')
  })

  it('reads the word after a modal or a negated do as a verb, but not after a modal that is a noun', () => {
    const text = "The printer doesn't work, and I can't really stand the noise."
    assert.equal(tagOf(text, 'work'), 'verb')
    assert.equal(tagOf(text, 'stand'), 'verb')
    const { tokens } = tokenize(text)
    const work = guessToken(lexicon, tokens, 3)
    assert.ok(work?.cues.includes('verb: after "doesn\'t"'), work?.cues.join('; '))
    assert.equal(tagOf('You will need a can opener.', 'opener'), 'noun')
    assert.equal(tagOf('We do research on bees.', 'research'), 'noun')
  })
})
