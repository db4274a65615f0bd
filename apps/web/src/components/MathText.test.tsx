import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MathText } from './MathText';
import { DescriptionField } from './DescriptionField';

function show(text: string) {
  return render(
    <MantineProvider>
      <MathText data-testid="out">{text}</MathText>
    </MantineProvider>,
  ).getByTestId('out');
}

/** Waits until no formula is still waiting for KaTeX's chunk. */
async function typeset(el: HTMLElement) {
  await waitFor(() => expect(el.querySelector('[data-math="loading"]')).toBeNull());
  return el;
}

/**
 * Nothing in the output that could run, load or lead anywhere: no script, link or image element, no
 * href/src/on… attribute, no style reaching a URL. (KaTeX's MathML keeps the TeX source as escaped
 * text in an <annotation>; text is harmless.)
 */
function expectInert(el: HTMLElement) {
  expect(el.querySelector('script, iframe, object, embed, img, a, link, style')).toBeNull();
  for (const node of el.querySelectorAll('*')) {
    for (const attr of node.attributes) {
      expect(attr.name).not.toMatch(/^(on|href|src|xlink:href|action|formaction)/i);
      expect(attr.value).not.toMatch(/javascript:|url\(/i);
    }
  }
  expect(el.innerHTML).not.toMatch(/<a[\s>]|<script/i);
}

/** The largest size any element of the output is given, in em. */
const largestEm = (el: HTMLElement) =>
  Math.max(
    0,
    ...[...el.querySelectorAll<HTMLElement>('[style]')].flatMap((n) =>
      [...n.getAttribute('style')!.matchAll(/([\d.]+)em/g)].map((m) => Number(m[1])),
    ),
  );

describe('MathText', () => {
  it('types a formula with KaTeX, its source no longer shown as text', async () => {
    const el = await typeset(show('Lingkaran: \\(x^2 + y^2 = r^2\\) selesai.'));
    expect(el.querySelector('.katex')).not.toBeNull();
    expect(el.textContent).toContain('Lingkaran: ');
    expect(el.textContent).toContain(' selesai.');
    expect(el.textContent).not.toContain('\\(');
    expect(el.querySelector('.katex-display')).toBeNull();
  });

  it('types \\[ \\] and $$ $$ as display formulas', async () => {
    const el = await typeset(show('\\[\\frac{a}{b}\\] dan $$\\sqrt{2}$$'));
    expect(el.querySelectorAll('.katex-display')).toHaveLength(2);
  });

  it('leaves a text without formulas exactly as written, money included', () => {
    const el = show('Harga Rp 5$ per\nbuah');
    expect(el.textContent).toBe('Harga Rp 5$ per\nbuah');
    expect(el.querySelector('.katex')).toBeNull();
  });

  it('shows text around a formula as text: a <script> in it is characters, never an element', async () => {
    const el = await typeset(show('<script>alert(1)</script><b>x</b> \\(a\\) <img src=x onerror=alert(1)>'));
    expect(el.textContent).toContain('<script>alert(1)</script><b>x</b>');
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(el.querySelector('b')).toBeNull();
    expectInert(el);
  });

  it.each([
    ['\\href{javascript:alert(1)}{klik}'],
    ['\\url{javascript:alert(1)}'],
    ['\\htmlClass{x}{y}'],
    ['\\htmlId{x}{y}'],
    ['\\htmlStyle{background:url(javascript:alert(1))}{y}'],
    ['\\htmlData{foo=bar}{y}'],
    ['\\includegraphics{https://contoh.test/x.png}'],
    ['\\text{<script>alert(1)</script>}'],
  ])('refuses what could reach HTML or script: %s', async (tex) => {
    const el = await typeset(show(`awal \\(${tex}\\) akhir`));
    expectInert(el);
    expect(el.querySelector('[class~="x"], #x, [data-foo]')).toBeNull();
    expect(el.textContent).toContain('awal ');
    expect(el.textContent).toContain(' akhir');
  });

  it('shows broken TeX as its source, muted, with "Rumus tidak valid", and keeps the other formulas', async () => {
    const el = await typeset(show('Rusak \\(\\frac{1}{\\) tetapi \\(x^{2}\\) benar'));
    expect(el.textContent).toContain('\\(\\frac{1}{\\)');
    expect(screen.getByText('(Rumus tidak valid)')).toBeTruthy();
    expect(el.querySelectorAll('.katex')).toHaveLength(1);
  });

  it('stops an expansion bomb and unclosed environments without breaking the page', async () => {
    const el = await typeset(show('\\(\\def\\a{\\a\\a}\\a\\) dan $$\\begin{matrix} a & b$$'));
    expect(screen.getAllByText('(Rumus tidak valid)')).toHaveLength(2);
    expect(el.querySelector('.katex')).toBeNull();
  });

  it('refuses a 10,000-character formula quickly, showing its source', async () => {
    const tex = 'x^2+'.repeat(2500);
    const started = performance.now();
    const el = await typeset(show(`\\(${tex}\\)`));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(screen.getByText('(Rumus tidak valid: lebih dari 2.000 karakter)')).toBeTruthy();
    expect(el.querySelector('.katex')).toBeNull();
    expect(el.textContent).toContain(tex);
  });

  it('keeps huge sizes within 10 em', async () => {
    const el = await typeset(show('\\(\\rule{1000em}{1000em}\\)'));
    expect(el.querySelector('.katex-rule')).not.toBeNull();
    expect(largestEm(el)).toBeLessThanOrEqual(10);
  });
});

function Form() {
  const [value, setValue] = useState('');
  return <DescriptionField value={value} onChange={(e) => setValue(e.currentTarget.value)} />;
}

describe('DescriptionField', () => {
  beforeAll(() => {
    // Mantine's autosize listens to font loading, which jsdom lacks.
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  });

  it('previews a formula while typing, and only when the text holds one', async () => {
    render(
      <MantineProvider>
        <Form />
      </MantineProvider>,
    );
    const box = screen.getByLabelText('Deskripsi');
    await userEvent.type(box, 'Kerjakan soal nomor 1');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByRole('region', { name: 'Pratinjau rumus' })).toBeNull();
    await userEvent.type(box, ' \\(x^{{2}\\)');
    const preview = await screen.findByRole('region', { name: 'Pratinjau rumus' });
    await waitFor(() => expect(preview.querySelector('.katex')).not.toBeNull());
    expect(preview.textContent).toContain('Kerjakan soal nomor 1');
    await userEvent.clear(box);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pratinjau rumus' })).toBeNull());
  });
});
