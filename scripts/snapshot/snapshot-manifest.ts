// The published manifest (dist/data/manifest.json): every file with its dataset, year, format, size,
// records and SHA-256, the harvest's provenance and the quality summary. The site and the publish stage
// read it; researchers can check downloads against it.

import type { DatasetId } from '../datasets/datasets.ts';
import type { FileFormat } from '../formats.ts';
import type { EndEvidence } from '../harvest/harvest-store.ts';

export type { FileFormat };

export interface PublishedFile {
  /** Path relative to the data folder (dist/data/), with forward slashes. */
  path: string;
  /** Dataset id (harvested or derived, such as turnout-long), or null for files that hold several (bundles, reports). */
  dataset: DatasetId | null;
  /** Election year, or 'all' for every year together. */
  year: number | 'all';
  format: FileFormat;
  mediaType: string;
  bytes: number;
  /** Records in the file; null for bundles and reports. */
  records: number | null;
  sha256: string;
  /**
   * In releases published before the release was named ahead of the snapshot: the SHA-256 of the file before the
   * release was written into its metadata, which that release's fingerprint covers. Absent from new releases.
   */
  snapshotSha256?: string;
}

/** One licence of manifest.json's `licences`. */
export interface ManifestLicence {
  /** An Open Definition id: "notspecified", "ODbL-1.0". */
  name: string;
  title: string;
  path?: string;
  /** The attribution the licence asks for: who made the content, where it is. */
  credit?: string;
  /** The datasets whose files it applies to. */
  datasets: string[];
}

export interface SnapshotManifest {
  /**
   * 2: the release stage adds the files that name the release (bundles, citations; `release` in the formats
   * registry), and the fingerprint leaves them out. 1 (releases made before): the fingerprint covers every file.
   */
  schemaVersion: 1 | 2;
  title: { id: string; en: string };
  /** True when the build harvested the synthetic demo data: not real figures. */
  demo: boolean;
  source: {
    publisher: string;
    upstreamHost: string;
    /** The upstream's address to cite (KPU_SOURCE_URL, or the base URL's origin); absent or null for the demo. */
    url?: string | null;
    queries: string[];
  };
  /** Varies between builds of the same data: when and how the data was retrieved. */
  harvest: {
    harvestId: string;
    startedAt: string;
    finishedAt: string;
    pages: Record<string, number>;
    records: Record<string, number>;
    retries: number;
    warnings: string[];
    /** Per dataset, how the end of its data was established (absent from a release built before it was recorded). */
    ends?: Record<string, EndEvidence>;
  };
  years: number[];
  datasets: Array<{
    id: DatasetId;
    title: { id: string; en: string };
    records: number;
    years: number[];
    /** Distinct values seen of fields documented as "kept as given" (JenisPemilu). */
    valuesSeen: Record<string, string[]>;
  }>;
  quality: {
    recordsChecked: number;
    recordsFlagged: number;
    violationCount: number;
    byDataset: Record<
      string,
      {
        recordsFlagged: number;
        violationsByRule: Record<string, number>;
        /** Per field, the values the source sent as JSON numbers (exact counts, taken as sent); absent when none. */
        numberValues?: Record<string, number>;
      }
    >;
  };
  files: PublishedFile[];
  /**
   * The licences of what is published (fileMetadataOf's, file by file): the upstream's none, then each licence of
   * content the project adds (the region codes' ODbL), with its credit and the datasets holding such content.
   */
  licences?: ManifestLicence[];
  /** The release these files belong to: named by the snapshot stage (in a build), completed by the release stage. */
  release?: {
    id: string;
    /** The release before this one, or null for the first. */
    previous: string | null;
    /** SHA-256 over every file's SHA-256 and path (fingerprintOf): what the release's folder is checked against. */
    fingerprint: string;
    /**
     * The content key the release was named from before its files were written (scripts/snapshot/release-identity.ts):
     * equal keys, equal data files. Absent in releases named before it existed.
     */
    content?: string;
    /** False when the data did not change since the published release, whose id is kept. */
    new: boolean;
    /** Where this release's files stay downloadable, relative to the data folder. */
    path: string;
    /** When the data of this release was retrieved: the end of the harvest that made it (kept while it is unchanged). */
    retrievedAt?: string;
    /** The release folder's permanent address (KPU_SITE_URL + data/ + path), or null when KPU_SITE_URL is unset. */
    url?: string | null;
    /** The shrinks accepted with --accept-shrink to publish this release: the shrink guard measures from it on. */
    shrink?: ShrinkReport;
  };
  /** Added by the release stage: what made this build. Varies with the publisher's version, not with the data. */
  build?: {
    packageVersion: string;
    node: string;
    lockfileSha256: string;
    offline: boolean;
    /** With --offline: how many whole days old the harvest was when the site was built; else null. */
    harvestAgeDays: number | null;
  };
}

/** A loss the shrink guard found (scripts/release/shrink-guard.ts). */
export interface ShrinkFinding {
  dataset: string;
  /** The election year, or null for the dataset as a whole. */
  year: number | null;
  /**
   * `empty`: the dataset harvested no record at all (even with nothing published before). `dataset-gone`,
   * `year-gone`: published records, none now. `year-shrank`: more than the tolerated share lost.
   */
  kind: 'empty' | 'dataset-gone' | 'year-gone' | 'year-shrank';
  before: number;
  after: number;
  /** Share of the published records lost, in percent, rounded to 0.1. */
  lostPercent: number;
  /** The earlier release `before` comes from, when it is not the latest one. */
  release?: string;
}

/** The shrinks a build published with --accept-shrink, in its change report and its manifest. */
export interface ShrinkReport {
  accepted: true;
  tolerancePercent: number;
  findings: ShrinkFinding[];
}
