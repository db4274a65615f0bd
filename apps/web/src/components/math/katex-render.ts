/**
 * KaTeX and its style sheet and fonts: imported only through load.ts (a lazy chunk), so the login
 * page and the entry chunk never carry them (apps/web/bundle-budget.mjs checks it).
 */
import katex, { type KatexOptions } from 'katex';
import 'katex/dist/katex.min.css';

/** Longer TeX is refused before KaTeX reads it: 10,000 characters take a phone seconds and megabytes of HTML. */
export const MAX_TEX_LENGTH = 2000;

/**
 * What a teacher or student writes is not trusted: no \href, \url, \includegraphics, \htmlClass,
 * \htmlId, \htmlStyle or \htmlData (KaTeX shows the command's name in red instead); sizes at most
 * 10 em (\rule{1000em}{1000em} cannot cover the page); at most 1,000 macro expansions
 * (\def\a{\a\a}\a stops at once); non-LaTeX input KaTeX would only warn about is accepted.
 */
export const KATEX_OPTIONS = {
  trust: false,
  throwOnError: true,
  maxSize: 10,
  maxExpand: 1000,
  strict: 'ignore',
  output: 'htmlAndMathml',
} as const satisfies KatexOptions;

export type TexResult = { ok: true; html: string } | { ok: false; reason: 'invalid' | 'too-long' };

const cache = new Map<string, TexResult>();
const CACHE_MAX = 500;

/**
 * One formula as KaTeX's HTML, or why it cannot be shown. Broken TeX (a ParseError), TeX that
 * exhausts KaTeX (`{` nested 5,000 deep overflows its stack, a RangeError) or trips one of its
 * internal checks is the formula's own fault: the caller shows its source with the "Rumus tidak
 * valid" hint, and the rest of the text, and the page, are unaffected.
 */
export function renderTex(tex: string, display: boolean): TexResult {
  if (tex.length > MAX_TEX_LENGTH) return { ok: false, reason: 'too-long' };
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let result: TexResult;
  try {
    result = { ok: true, html: katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display }) };
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    result = { ok: false, reason: 'invalid' };
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}
