import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AUDIO_MAX_BYTES, audioProblem, reviewProblems } from '../../web/lib/limits'

const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Sentence ${i}.`).join(' ')

describe('limits checked in the browser before sending', () => {
  it('passes every bound at its limit', () => {
    assert.deepEqual(
      reviewProblems({
        text: 'a'.repeat(12_000),
        context: 'c'.repeat(2_000),
        reply: 'r'.repeat(12_000),
        sources: [1, 2, 3, 4].map((i) => ({ id: `s${i}`, label: 'l'.repeat(300), text: 's'.repeat(24_000) })),
      }),
      [],
    )
    assert.deepEqual(
      reviewProblems({ text: sentences(100), sources: [{ id: 's1', label: 'x', text: sentences(600) }] }),
      [],
    )
  })

  it('names the limit and the size found one past each bound', () => {
    const problems = reviewProblems({
      text: 'a'.repeat(12_001),
      context: 'c'.repeat(2_001),
      reply: 'r'.repeat(12_001),
      sources: [1, 2, 3, 4, 5].map((i) => ({
        id: i === 5 ? 's1' : `s${i}`,
        label: `L${i}`,
        text: i === 1 ? sentences(601) : 'x',
      })),
    })
    const expect = [
      'Text has 12,001 characters; the limit is 12,000 characters (an emoji or other rare symbol counts as two).',
      'Context has 2,001 characters; the limit is 2,000 characters (an emoji or other rare symbol counts as two).',
      'Reply has 12,001 characters; the limit is 12,000 characters (an emoji or other rare symbol counts as two).',
      'There are 5 sources; the limit is 4 sources.',
      'Source 1 ("L1") has 601 sentences; the limit is 600 sentences.',
      'Source 5 ("L5") repeats the id "s1"; source ids must be unique.',
    ]
    for (const message of expect)
      assert.ok(problems.includes(message), `${message}\nin ${problems.join('\n')}`)
    assert.ok(
      reviewProblems({ text: sentences(101), sources: [] }).includes(
        'Text has 101 sentences; the limit is 100 sentences.',
      ),
    )
    assert.ok(reviewProblems({ text: ' ', sources: [] })[0]?.startsWith('Text is empty'))
  })

  it('counts characters in UTF-16 code units, as the service does', () => {
    const astral = '😀'.repeat(6_000)
    assert.equal(astral.length, 12_000)
    assert.deepEqual(reviewProblems({ text: astral, sources: [] }), [])
    assert.equal(reviewProblems({ text: `${astral}a`, sources: [] }).length, 1)
  })

  it('takes audio of an accepted type up to 19 MiB and refuses one byte more, or another type', () => {
    assert.equal(audioProblem({ name: 'talk.mp3', type: 'audio/mpeg', size: AUDIO_MAX_BYTES }), null)
    assert.equal(
      audioProblem({ name: 'talk.mp3', type: 'audio/mpeg', size: AUDIO_MAX_BYTES + 1 }),
      '"talk.mp3" is 19.0 MiB (19,922,945 bytes); audio files may be at most 19 MiB (19,922,944 bytes). Nothing was sent.',
    )
    assert.match(
      audioProblem({ name: 'notes.txt', type: 'text/plain', size: 10 }) ?? '',
      /not an accepted audio file/,
    )
  })
})
