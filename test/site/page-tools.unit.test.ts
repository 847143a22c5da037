// The page tools' pure part (scripts/site/page-tools.ts): every h2 of a rendered main part gets an id and a "#" link
// to itself named for screen readers, its text unchanged; the hidden share buttons follow the h1.
import { describe, expect, it } from 'vitest';
import { addPageTools } from '../../scripts/site/page-tools.ts';

describe('addPageTools', () => {
  it('links every h2 to itself, keeping its id or making a unique one from its text', () => {
    const html = addPageTools(
      '<h1>Unduh</h1><h2 id="y2024">2024</h2><p>a</p><h2>Cara <code>memuat</code> data</h2><h2 class="x">Cara memuat data</h2><p id="cara-memuat-data-3">b</p><h2>Cara memuat data</h2>',
      'id',
    );
    expect(html).toContain(
      '<h2 id="y2024">2024<a class="anchor" href="#y2024" aria-label="Tautan ke bagian: 2024"></a></h2>',
    );
    expect(html).toContain(
      '<h2 id="cara-memuat-data">Cara <code>memuat</code> data<a class="anchor" href="#cara-memuat-data" aria-label="Tautan ke bagian: Cara data"></a></h2>',
    );
    expect(html).toContain('<h2 id="cara-memuat-data-2" class="x">');
    // An id already on the page is never given twice.
    expect(html).toContain('<h2 id="cara-memuat-data-4">');
    expect(html).toMatch(
      /^<h1>Unduh<\/h1><div class="share" data-share hidden role="group" aria-label="Bagikan halaman ini"/,
    );
  });

  it('adds no share buttons where asked not to (the not-found page), and still links its sections', () => {
    const html = addPageTools('<h1>Not found</h1><h2>Perhaps you were looking for</h2>', 'en', false);
    expect(html).not.toContain('data-share');
    expect(html).toContain('<a class="anchor" href="#perhaps-you-were-looking-for"');
  });

  it('escapes a heading text in the link’s name, and leaves a part without h1 or h2 as it is', () => {
    expect(addPageTools('<h2 id="a">A &amp; "B"</h2>', 'en')).toBe(
      '<h2 id="a">A &amp; "B"<a class="anchor" href="#a" aria-label="Link to the section: A &amp; &quot;B&quot;"></a></h2>',
    );
    expect(addPageTools('<p>no headings</p>', 'en')).toBe('<p>no headings</p>');
    // An identifier set as code is left out of the name, which cannot say its language.
    expect(addPageTools('<h2 id="t">Hak pilih (<code lang="en">turnout</code>)</h2>', 'id')).toContain(
      'aria-label="Tautan ke bagian: Hak pilih"',
    );
  });
});
