import { useMemo } from 'react';
import { Text, type TextProps } from '@mantine/core';
import { useMath, type MathLoad } from './math/load';
import { splitMath, type MathPart } from './math/split';

type Formula = Extract<MathPart, { kind: 'math' }>;

const INVALID = 'Rumus tidak valid';
const TOO_LONG = 'Rumus tidak valid: lebih dari 2.000 karakter';
const NOT_LOADED = 'Rumus belum dapat ditampilkan';

/** A formula's source as written, muted, with a small hint why it is not typeset. */
function Source({ part, hint }: { part: Formula; hint?: string }) {
  return (
    <span className="kls-math-source" data-math={hint ? 'invalid' : 'loading'}>
      <Text span inherit c="dimmed">
        {part.source}
      </Text>
      {hint && (
        <Text span size="xs" c="orange.9" fs="italic" ml={4}>
          ({hint})
        </Text>
      )}
    </span>
  );
}

/** One formula: KaTeX's HTML once its chunk is here (the only HTML ever inserted), its source until then. */
function Formula({ part, math }: { part: Formula; math: MathLoad }) {
  if (math.state === 'loading') return <Source part={part} />;
  if (math.state === 'failed') return <Source part={part} hint={NOT_LOADED} />;
  const out = math.renderer.renderTex(part.tex, part.display);
  if (!out.ok) return <Source part={part} hint={out.reason === 'too-long' ? TOO_LONG : INVALID} />;
  return <span className="kls-math" dangerouslySetInnerHTML={{ __html: out.html }} />;
}

/**
 * Text a teacher or student wrote, line breaks kept — questions, options, feedback, descriptions,
 * announcements, forum posts. Issue 41: TeX between \( \), \[ \] or $$ $$ is rendered with KaTeX,
 * loaded only when the text holds a formula; the text around it stays plain text (never HTML).
 * Broken TeX shows its source, muted, with "Rumus tidak valid".
 */
export function MathText({ children, ...props }: TextProps & { children: string }) {
  const parts = useMemo(() => splitMath(children), [children]);
  const needed = parts.some((p) => p.kind === 'math');
  const math = useMath(needed);
  return (
    <Text className="kls-pre" {...props}>
      {needed ? parts.map((p, i) => (p.kind === 'text' ? p.text : <Formula key={i} part={p} math={math} />)) : children}
    </Text>
  );
}
