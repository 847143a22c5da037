// The catalogue: every word the site shows that does not come from the data, in each language (LANGS), gathered
// from the modules that hold them: the words every page shares (texts/common-text.ts), each page kind's own
// (pages/<kind>-page.ts), and the shared parts' (texts/, story-text.ts, maps/map-text.ts). Column and rule titles
// come from the dataset declarations and the quality report, not from here.
import { LANGS, type Lang } from '../languages.ts';
import { ACROSS_YEARS_TEXT, type AcrossYearsText } from './across-years-chart.ts';
import { MAP_TEXT, type MapText } from './maps/map-text.ts';
import { ABOUT_TEXT, type AboutText } from './pages/about-page.ts';
import { CHANGES_TEXT, type ChangesText } from './pages/changes-page.ts';
import { COMPARE_TEXT, type CompareText } from './pages/compare-page.ts';
import { DAPIL_TEXT, type DapilText } from './pages/dapil-page.ts';
import { DICTIONARY_TEXT, type DictionaryText } from './pages/dictionary-page.ts';
import { DOWNLOADS_TEXT, type DownloadsText } from './pages/downloads-page.ts';
import { HOME_TEXT, type HomeText } from './pages/home-page.ts';
import { PROFILE_TEXT, type ProfileText } from './pages/profile-page.ts';
import { QUALITY_TEXT, type QualityText } from './pages/quality-page.ts';
import { SEARCH_TEXT, type SearchText } from './pages/search-page.ts';
import { YEAR_TEXT, type YearText } from './pages/year-page.ts';
import { STORY_TEXT, type StoryText } from './story-text.ts';
import { COMMON_TEXT, type CommonText } from './texts/common-text.ts';
import { COVERAGE_TEXT, type CoverageText } from './texts/coverage-text.ts';
import { SENTENCE_TEXT, type SentenceText } from './texts/sentence-text.ts';
import { SHARE_TEXT, type ShareText } from './texts/share-text.ts';
import { TABLE_FILTER_TEXT, type TableFilterText } from './table-filter.ts';

export interface SiteText extends CommonText {
  home: HomeText;
  year: YearText;
  coverage: CoverageText;
  dapil: DapilText;
  party: ProfileText;
  downloads: DownloadsText;
  dictionary: DictionaryText;
  quality: QualityText;
  changes: ChangesText;
  about: AboutText;
  sentences: SentenceText;
  /** The year page's story, the pages across years and the quality findings (story-text.ts). */
  story: StoryText;
  search: SearchText;
  maps: MapText;
  share: ShareText;
  compare: CompareText;
  /** The chart of a figure across years (across-years-chart.ts). */
  acrossYears: AcrossYearsText;
  tableFilter: TableFilterText;
}

function catalogueOf(lang: Lang): SiteText {
  return {
    ...COMMON_TEXT[lang],
    home: HOME_TEXT[lang],
    year: YEAR_TEXT[lang],
    coverage: COVERAGE_TEXT[lang],
    dapil: DAPIL_TEXT[lang],
    party: PROFILE_TEXT[lang],
    downloads: DOWNLOADS_TEXT[lang],
    dictionary: DICTIONARY_TEXT[lang],
    quality: QUALITY_TEXT[lang],
    changes: CHANGES_TEXT[lang],
    about: ABOUT_TEXT[lang],
    sentences: SENTENCE_TEXT[lang],
    story: STORY_TEXT[lang],
    search: SEARCH_TEXT[lang],
    maps: MAP_TEXT[lang],
    share: SHARE_TEXT[lang],
    compare: COMPARE_TEXT[lang],
    acrossYears: ACROSS_YEARS_TEXT[lang],
    tableFilter: TABLE_FILTER_TEXT[lang],
  };
}

export const TEXT = Object.fromEntries(LANGS.map((lang) => [lang, catalogueOf(lang)])) as Record<Lang, SiteText>;
