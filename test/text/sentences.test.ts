import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { countSentences, splitSentences } from '../../src/text/sentences'

const sentences = (text: string) => splitSentences(text).map((r) => text.slice(r.start, r.end))

describe('sentence segmentation', () => {
  it('ends sentences at . ! ? and … followed by space and a capital', () => {
    assert.deepEqual(sentences('It rained. Did it? Yes! Then… Quiet.'), [
      'It rained.',
      'Did it?',
      'Yes!',
      'Then…',
      'Quiet.',
    ])
  })

  it('keeps decimals, dotted names and mid-sentence ellipses inside the sentence', () => {
    assert.deepEqual(sentences('Growth was 3.5 percent at example.com today. And then... we left.'), [
      'Growth was 3.5 percent at example.com today.',
      'And then... we left.',
    ])
  })

  it('does not end a sentence after titles, initials, reference abbreviations or list numbers', () => {
    assert.deepEqual(
      sentences('Dr. Smith met J. R. Jones. See No. 5 and p. 12. Smith et al. Found it.\n1. First point.'),
      ['Dr. Smith met J. R. Jones.', 'See No. 5 and p. 12.', 'Smith et al. Found it.', '1. First point.'],
    )
  })

  it('ends a sentence after "no." when no number follows, and after an unknown dotted abbreviation', () => {
    assert.deepEqual(sentences('I said no. Then she got a Ph.D. The end.'), [
      'I said no.',
      'Then she got a Ph.D.',
      'The end.',
    ])
  })

  it('gives a list number a sentence of its own when asked (the dataset builders)', () => {
    const text = 'We ask two things.\n2. The duty of care. 3. A fair hearing.'
    const split = (options: { keepListNumbers?: boolean }) =>
      splitSentences(text, options).map((r) => text.slice(r.start, r.end))
    assert.deepEqual(split({}), ['We ask two things.', '2. The duty of care.', '3. A fair hearing.'])
    assert.deepEqual(split({ keepListNumbers: false }), [
      'We ask two things.',
      '2.',
      'The duty of care.',
      '3.',
      'A fair hearing.',
    ])
  })

  it('keeps U.S., p.m. and Messrs. inside the sentence before a capital', () => {
    assert.deepEqual(
      sentences('The U.S. Senate met at 5 p.m. Friday with Messrs. Hale and Ross. It ended.'),
      ['The U.S. Senate met at 5 p.m. Friday with Messrs. Hale and Ross.', 'It ended.'],
    )
  })

  it('goes on behind opening quotes or brackets before a lower-case word, and before a footnote mark', () => {
    assert.deepEqual(
      sentences('Stop! (quietly) she said. Go on! \'tis late. It was "a fish." * Then it rained.'),
      ['Stop! (quietly) she said.', "Go on! 'tis late.", 'It was "a fish." * Then it rained.'],
    )
  })

  it('keeps closing quotes and brackets with the sentence they end', () => {
    assert.deepEqual(sentences('He said "Stop." Then (briefly.) "Go!" she said.'), [
      'He said "Stop."',
      'Then (briefly.)',
      '"Go!" she said.',
    ])
    assert.deepEqual(sentences('She wrote “it works.” It did.'), ['She wrote “it works.”', 'It did.'])
  })

  it('does not end a sentence before a lower-case word', () => {
    assert.deepEqual(sentences('Use e.g. this one. Or i.e. that.'), ['Use e.g. this one.', 'Or i.e. that.'])
  })

  it('ends a sentence at a blank line and trims white space', () => {
    const text = '  A heading\n\n  First line\nsame sentence.  \n \n Last'
    assert.deepEqual(sentences(text), ['A heading', 'First line\nsame sentence.', 'Last'])
    const [first] = splitSentences(text)
    assert.deepEqual(first, { start: 2, end: 11 })
  })

  it('counts sentences the same way, and none in blank text', () => {
    assert.equal(countSentences('One. Two. Three'), 3)
    assert.equal(countSentences('Go now. '.repeat(100)), 100)
    assert.equal(countSentences(' \n\t '), 0)
    assert.equal(countSentences('no terminator at all'), 1)
  })

  it('is deterministic and gives UTF-16 ranges with emoji and combining marks', () => {
    const text = 'Cafe\u0301 👍🏽 opens. Éclairs 🍰 sell.'
    const ranges = splitSentences(text)
    assert.deepEqual(ranges, [
      { start: 0, end: 17 },
      { start: 18, end: 34 },
    ])
    assert.equal(text.slice(0, 17), 'Cafe\u0301 👍🏽 opens.')
    assert.equal(text.slice(18, 34), 'Éclairs 🍰 sell.')
    assert.deepEqual(splitSentences(text), ranges)
  })
})
