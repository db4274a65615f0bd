import { useEffect, useState } from 'react';

type Renderer = typeof import('./katex-render');

let loaded: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** KaTeX's chunk (its script, style sheet and fonts), fetched once; a failed fetch is tried again next time. */
export function loadMath(): Promise<Renderer> {
  loading ??= import('./katex-render').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

export type MathLoad = { state: 'ready'; renderer: Renderer } | { state: 'loading' } | { state: 'failed' };

/**
 * KaTeX for a text that holds a formula (`needed`): 'loading' until its chunk has arrived, 'failed'
 * when it could not be fetched (offline before any page needed it); a text without a formula
 * never loads it.
 */
export function useMath(needed: boolean): MathLoad {
  const [renderer, setRenderer] = useState<Renderer | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || renderer) return;
    let live = true;
    loadMath().then(
      (m) => live && setRenderer(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [needed, renderer]);
  if (renderer) return { state: 'ready', renderer };
  return failed ? { state: 'failed' } : { state: 'loading' };
}
