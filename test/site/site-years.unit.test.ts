// Year pages only for four-digit election years (docs/data.md), even when a manifest lists another year (one
// written before the snapshot stage kept such years to the all-years files): its records join the yearless ones.
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { isFourDigitYear } from '../../scripts/datasets/value-parsers.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { buildSiteData, type SiteRecord } from '../../scripts/site/site-data.ts';

describe('year pages', () => {
  it('are built for four-digit years only', () => {
    const manifest = {
      years: [0, 2024, 99999],
      harvest: { harvestId: 'h', finishedAt: '2026-03-01T03:00:00.000Z' },
    } as unknown as SnapshotManifest;
    const turnout = [2024, 99999, 0].map((year, position): SiteRecord => ({
      dataset: 'turnout',
      position,
      values: { election_year: year, dapil_id: '0101', dapil_name: 'D I', regency_name: `R${position}` },
    }));
    const parties: SiteRecord[] = [
      {
        dataset: 'parties',
        position: 0,
        values: { election_year: 99999, ballot_number: '1', party_name: 'Partai Satu' },
      },
    ];
    const site = buildSiteData(manifest, { datasets: [] } as unknown as QualityReport, { turnout, parties });
    expect(site.years.map((year) => year.year)).toEqual([2024]);
    expect(site.dapils.map((dapil) => dapil.year)).toEqual([2024]);
    expect(site.partyViews).toEqual([]);
    expect(site.yearless.map((record) => [record.dataset, record.values.election_year])).toEqual([
      ['turnout', 99999],
      ['turnout', 0],
      ['parties', 99999],
    ]);
  });

  it('agree with the snapshot rule', () => {
    expect([1000, 2014, 9999].map(isFourDigitYear)).toEqual([true, true, true]);
    expect([0, 999, 10000, 99999, -2014, 2014.5].map(isFourDigitYear)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
