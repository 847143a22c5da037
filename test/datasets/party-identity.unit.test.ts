// The stable party identifier: the real 2014, 2019 and 2024 party files give the same `party_id` to the
// same party across years, renamed parties included, and distinct ids otherwise; a party matching nothing keeps
// one of its own; and the site's "same party in other years" links follow the same column.
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { PARTY_ALIASES, partyIdOf, partyMatchKey } from '../../scripts/datasets/party-identity.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import { buildSiteData, findProfileInOtherYears, type SiteRecord } from '../../scripts/site/site-data.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { HAS_SHARED_DATA, noticeSharedData, readCanonicalCsv } from '../support/shared-data.ts';

noticeSharedData('test/datasets/party-identity.unit.test.ts');

/** The party of each ballot number, per year, as the KPU's lists of 2014, 2019 and 2024 name them. */
const EXPECTED: Readonly<Record<number, readonly string[]>> = {
  2014: ['nasdem', 'pkb', 'pks', 'pdip', 'golkar', 'gerindra', 'demokrat', 'pan', 'ppp', 'hanura', 'pda', 'pna'].concat(
    ['partai-aceh', 'pbb', 'pkpi'],
  ),
  2019: ['pkb', 'gerindra', 'pdip', 'golkar', 'nasdem', 'garuda', 'berkarya', 'pks', 'perindo', 'ppp', 'psi'].concat([
    'pan',
    'hanura',
    'demokrat',
    'partai-aceh',
    'sira',
    'pda',
    'pna',
    'pbb',
    'pkpi',
  ]),
  2024: ['pkb', 'gerindra', 'pdip', 'golkar', 'nasdem', 'buruh', 'gelora', 'pks', 'pkn', 'hanura', 'garuda', 'pan']
    .concat(['pbb', 'demokrat', 'psi', 'perindo', 'ppp', 'pna', 'gabthat', 'pda', 'partai-aceh', 'pas-aceh', 'sira'])
    .concat(['ummat']),
};

describe.runIf(HAS_SHARED_DATA)('party_id on the real party files', () => {
  const normalized = [2014, 2019, 2024].flatMap((year) =>
    readCanonicalCsv(`profilpartai_${year}.csv`).map((raw) => normalizeRecord(partyDataset, raw, [])),
  );

  it('gives each party of each year the id of the same party in the other years, renamed parties included', () => {
    for (const year of [2014, 2019, 2024]) {
      const ids = normalized
        .filter((record) => record.election_year === year)
        .sort((a, b) => Number(a.ballot_number) - Number(b.ballot_number))
        .map((record) => record.party_id);
      expect(ids, String(year)).toEqual(EXPECTED[year]);
    }
  });

  it('gives distinct parties of one year distinct ids, each declared in the alias table', () => {
    const declared = new Set(PARTY_ALIASES.map((party) => party.id));
    for (const year of [2014, 2019, 2024]) {
      const ids = normalized.filter((record) => record.election_year === year).map((record) => record.party_id);
      expect(new Set(ids).size, String(year)).toBe(ids.length);
      for (const id of ids) expect(declared.has(String(id)), String(id)).toBe(true);
    }
  });

  it('links a renamed party across years on the site by the same id, and no other party', () => {
    const records: SiteRecord[] = normalized.map((values, position) => ({ dataset: 'parties', position, values }));
    const site = buildSiteData(
      { years: [2014, 2019, 2024] } as unknown as SnapshotManifest,
      { datasets: [] } as unknown as QualityReport,
      { turnout: [], parties: records },
    );
    const linked = (year: number, ballot: string) => {
      const view = site.partyViews.find((candidate) => candidate.year === year && candidate.id === ballot);
      if (!view) throw new Error(`no party ${year}/${ballot}`);
      return findProfileInOtherYears(site, view).map((other) => `${other.year}/${other.id}`);
    };
    // Partai Damai Aceh (2014), Partai Daerah Aceh (2019), Partai Darul Aceh (2024).
    expect(linked(2014, '11')).toEqual(['2019/17', '2024/20']);
    // Partai Nasional Aceh (2014) and Partai Nanggroe Aceh (2019, 2024).
    expect(linked(2014, '12')).toEqual(['2019/18', '2024/18']);
    // Garuda: Partai Gerakan Perubahan Indonesia (2019), Partai Garda Perubahan Indonesia (2024).
    expect(linked(2019, '6')).toEqual(['2024/11']);
    // PDI-P, PDIP, PDI PERJUANGAN.
    expect(linked(2024, '3')).toEqual(['2014/4', '2019/3']);
    // Partai Buruh is only in 2024.
    expect(linked(2024, '6')).toEqual([]);
  });
});

describe('partyIdOf', () => {
  it('matches names whatever the case, accents, punctuation and spacing', () => {
    expect(partyMatchKey('PARTAI KEBANGKITAN BANGSA')).toBe(partyMatchKey('Partai Kebangkitan  Bangsa'));
    expect(partyIdOf({ name: 'PARTAI  NASDEM', acronym: null, year: 2019, ballot: '5' })).toBe('nasdem');
    expect(partyIdOf({ name: 'Partai Demokrasi Indonesia-Perjuangan', acronym: 'x', year: 2029, ballot: '1' })).toBe(
      'pdip',
    );
  });

  it('reads the acronym only when there is no name', () => {
    expect(partyIdOf({ name: null, acronym: 'PDI-P', year: 2014, ballot: '4' })).toBe('pdip');
    // An unlisted name sharing a listed acronym is not taken for that party.
    expect(partyIdOf({ name: 'Partai Demokrasi Aceh', acronym: 'PDA', year: 2029, ballot: '20' })).toBe(
      'partai-demokrasi-aceh',
    );
  });

  it('gives a party matching nothing an identifier of its own, never a declared one', () => {
    expect(partyIdOf({ name: 'Partai Contoh Satu', acronym: 'PC1', year: 2024, ballot: '1' })).toBe(
      'partai-contoh-satu',
    );
    expect(partyIdOf({ name: null, acronym: 'P. Baru!', year: 2029, ballot: '1' })).toBe('p-baru');
    expect(partyIdOf({ name: 'Ummat', acronym: null, year: 2029, ballot: '3' })).toBe('ummat-unlisted');
    expect(partyIdOf({ name: ' ', acronym: null, year: 2029, ballot: '07' })).toBe('unnamed-2029-07');
    expect(partyIdOf({ name: null, acronym: null, year: null, ballot: null })).toBe('unnamed-unknown-unknown');
  });

  it('declares every alias once, under one slug', () => {
    const keys = PARTY_ALIASES.flatMap((party) => [...party.names, ...party.acronyms].map(partyMatchKey));
    expect(new Set(keys).size).toBe(keys.length);
    for (const party of PARTY_ALIASES) expect(party.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
