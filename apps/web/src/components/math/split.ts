/**
 * Where the formulas are in a text a teacher or student wrote (issue 41): TeX between `\( \)`
 * (inline), `\[ \]` or `$$ $$` (display). A `$` alone is money ("Rp 5$"), never a formula; `\$` is
 * a dollar sign written on purpose (shown as `$`); a delimiter that is never closed, or closes
 * nothing but blanks, stays text. Pure: no KaTeX here, so a page can ask whether a text needs it.
 */
export type MathPart = { kind: 'text'; text: string } | { kind: 'math'; tex: string; display: boolean; source: string };

const OPENERS = [
  { open: '\\(', close: '\\)', display: false },
  { open: '\\[', close: '\\]', display: true },
  { open: '$$', close: '$$', display: true },
] as const;

/**
 * Where `close` first occurs from `from` on, a backslash escaping the character after it (so `\$`
 * or `\\)` inside a formula do not close it); -1 when it never does.
 */
function closingAt(text: string, from: number, close: string): number {
  for (let i = from; i < text.length; i++) {
    if (text.startsWith(close, i)) return i;
    if (text[i] === '\\') i++;
  }
  return -1;
}

/** The text split into its plain parts and its formulas, in order; adjacent text joined. */
export function splitMath(text: string): MathPart[] {
  const parts: MathPart[] = [];
  let buf = '';
  const flush = () => {
    if (buf) parts.push({ kind: 'text', text: buf });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const opener = OPENERS.find((o) => text.startsWith(o.open, i));
    if (opener) {
      const end = closingAt(text, i + opener.open.length, opener.close);
      const tex = end < 0 ? '' : text.slice(i + opener.open.length, end);
      if (tex.trim() !== '') {
        flush();
        const next = end + opener.close.length;
        parts.push({ kind: 'math', tex, display: opener.display, source: text.slice(i, next) });
        i = next;
        continue;
      }
      buf += opener.open;
      i += opener.open.length;
      continue;
    }
    if (text[i] === '\\' && i + 1 < text.length) {
      // `\$` is a dollar sign; any other backslash pair (`\\(`) is kept as written.
      buf += text[i + 1] === '$' ? '$' : text.slice(i, i + 2);
      i += 2;
      continue;
    }
    buf += text[i];
    i++;
  }
  flush();
  return parts;
}

/** Whether the text holds at least one formula (the page then loads KaTeX). */
export function hasMath(text: string): boolean {
  return splitMath(text).some((p) => p.kind === 'math');
}
