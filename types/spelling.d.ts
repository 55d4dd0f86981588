/** The part of nspell (Hunspell in JavaScript) the release builder and the spelling evaluation use. */
declare module 'nspell' {
  export type Speller = { correct(word: string): boolean; suggest(word: string): string[] }
  export default function nspell(dictionary: { aff: Uint8Array; dic: Uint8Array }): Speller
}
