// What every page offers besides its content: a visible "#" link on each section heading (its address, which
// works without JavaScript), copy-link and share buttons (shown by a line of script as the page is parsed, where
// the Clipboard API or navigator.share exists, and made to work by site/public/share.js: without JavaScript nothing
// is shown that would not work) and the link to where
// errors are reported (KPU_REPORT_URL, only when set). Texts in both languages are here.
import type { Lang } from './site-routes.ts';

interface PageToolsText {
  /** The accessible name of a section's "#" link. Example: "Tautan ke bagian: Sumber data". */
  anchor: (heading: string) => string;
  copy: string;
  share: string;
  copied: string;
  sectionCopied: string;
  copyFailed: string;
  /** The share buttons' group. */
  label: string;
  report: string;
}

const id: PageToolsText = {
  anchor: (heading) => `Tautan ke bagian: ${heading}`,
  copy: 'Salin tautan',
  share: 'Bagikan',
  copied: 'Tautan halaman ini disalin.',
  sectionCopied: 'Tautan bagian ini disalin.',
  copyFailed: 'Tautan tidak dapat disalin: salin dari bilah alamat.',
  label: 'Bagikan halaman ini',
  report: 'Menemukan kesalahan di data atau di situs ini? Laporkan',
};

const en: PageToolsText = {
  anchor: (heading) => `Link to the section: ${heading}`,
  copy: 'Copy link',
  share: 'Share',
  copied: 'Link to this page copied.',
  sectionCopied: 'Link to this section copied.',
  copyFailed: 'The link could not be copied: copy it from the address bar.',
  label: 'Share this page',
  report: 'Found an error in the data or on this site? Report it',
};

export const PAGE_TOOLS_TEXT: Record<Lang, PageToolsText> = { id, en };

const attribute = (value: string): string =>
  value
    .replace(/&(?![a-zA-Z]+;|#[0-9]+;|#x[0-9a-fA-F]+;)/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');

/** A heading's text from its HTML: tags dropped, white space folded (entities kept, as HTML attribute text). */
function headingText(inner: string): string {
  return inner
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A heading's words for its link's name: identifiers set as code left out (an accessible name cannot say their
 * language: a dataset id in an Indonesian name would be read as Indonesian), with the brackets they leave empty.
 * Example: 'Hak pilih (<code lang="en">turnout</code>)' → "Hak pilih".
 */
function headingWords(inner: string): string {
  return headingText(inner.replace(/<code\b[^>]*>[\s\S]*?<\/code>/g, '').replace(/\(\s*\)/g, ''));
}

/** An id from a heading's text. Example: "Cara mengutip" → "cara-mengutip"; "" → "bagian". */
function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/&[^;\s]*;/g, ' ')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'bagian' : slug;
}

/**
 * Shows the share buttons where their APIs exist, as the page is parsed (so the page never moves down under its
 * reader once drawn, as it did when the deferred share.js showed them: Lighthouse counted the shift); share.js then
 * makes them work. Without JavaScript it does nothing and they stay hidden.
 */
const REVEAL_SCRIPT =
  '<script>!function(b){var c=b.children;if(navigator.clipboard&&isSecureContext)b.hidden=c[0].hidden=!1;if(navigator.share)b.hidden=c[1].hidden=!1}(document.currentScript.previousElementSibling)</script>';

/**
 * The main part's HTML with the page tools: every h2 gets an id (its own, or one from its text, unique on the
 * page) and, inside it after its text, a "#" link to itself named for screen readers (the "#" is drawn by the
 * stylesheet, so the heading's text stays its own); the share buttons, hidden, follow the h1, unless `share` is false
 * (the not-found page: its address is the mistake, not a page to pass on).
 * Example (en): '<h1>Downloads</h1><h2>Formats</h2>' → '<h1>Downloads</h1><div class="share" …hidden>…</div>
 * <h2 id="formats">Formats<a class="anchor" href="#formats" aria-label="Link to the section: Formats"></a></h2>'.
 */
export function addPageTools(html: string, lang: Lang, share = true): string {
  const t = PAGE_TOOLS_TEXT[lang];
  const used = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]));
  const withAnchors = html.replace(
    /<h2(\s[^>]*)?>([\s\S]*?)<\/h2>/g,
    (_whole, attributes: string | undefined, inner: string) => {
      const text = headingText(inner);
      let id = /\sid="([^"]*)"/.exec(attributes ?? '')?.[1];
      let own = attributes ?? '';
      if (id === undefined) {
        const stem = slugOf(text);
        id = stem;
        for (let n = 2; used.has(id); n += 1) id = `${stem}-${n}`;
        used.add(id);
        own = ` id="${id}"${own}`;
      }
      return `<h2${own}>${inner}<a class="anchor" href="#${attribute(id)}" aria-label="${attribute(t.anchor(headingWords(inner)))}"></a></h2>`;
    },
  );
  if (!share) return withAnchors;
  const buttons =
    `<div class="share" data-share hidden role="group" aria-label="${attribute(t.label)}" data-copied="${attribute(t.copied)}" data-section-copied="${attribute(t.sectionCopied)}" data-failed="${attribute(t.copyFailed)}">` +
    `<button type="button" data-copy hidden>${t.copy}</button><button type="button" data-share-page hidden>${t.share}</button>` +
    '<span role="status"></span></div>' +
    REVEAL_SCRIPT;
  const h1End = withAnchors.indexOf('</h1>');
  return h1End === -1
    ? withAnchors
    : `${withAnchors.slice(0, h1End + '</h1>'.length)}${buttons}${withAnchors.slice(h1End + '</h1>'.length)}`;
}
