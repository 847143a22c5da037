// The official dapil list: one record per dapil of each year's table, its key unique, its seats the law's, its
// regencies those the members file lists (docs/data.md, "The official dapil list").
import { describe, expect, it } from 'vitest';
import { dapilListDataset, dapilListRecordsOf } from '../../scripts/datasets/dapil-list-dataset.ts';
import { dapilDataset, dapilRecordsOf } from '../../scripts/datasets/dapil-dataset.ts';
import { OFFICIAL_DAPILS } from '../../scripts/datasets/dapils/official-dapil-tables.ts';
import { recordKey } from '../../scripts/datasets/dataset-definition.ts';

describe('the official dapil list', () => {
  it('has one record per dapil, a unique key, the law’s seats, and every member regency counted once', () => {
    const byYear = OFFICIAL_DAPILS.map((table) => {
      const records = dapilListRecordsOf(table);
      const members = dapilRecordsOf(table);
      const keys = new Set(records.map((record) => recordKey(dapilListDataset, record)));
      return {
        year: table.year,
        dapils: records.length,
        uniqueKeys: keys.size,
        seats: records.reduce((sum, record) => sum + Number(record.JumlahKursi), 0),
        regencies: records.reduce((sum, record) => sum + Number(record.JumlahKabupaten), 0),
        memberRegencies: members.filter((member) => member.KodeKabupaten !== '').length,
        // Every member's dapil is in the list: the members file's key to it resolves.
        membersWithoutDapil: members.filter(
          (member) =>
            !keys.has(recordKey(dapilListDataset, { TahunPemilu: member.TahunPemilu, IdDapil: member.IdDapil })),
        ).length,
      };
    });
    expect(byYear).toEqual([
      {
        year: 2014,
        dapils: 77,
        uniqueKeys: 77,
        seats: 560,
        regencies: 497,
        memberRegencies: 497,
        membersWithoutDapil: 0,
      },
      {
        year: 2019,
        dapils: 80,
        uniqueKeys: 80,
        seats: 575,
        regencies: 514,
        memberRegencies: 514,
        membersWithoutDapil: 0,
      },
      {
        year: 2024,
        dapils: 84,
        uniqueKeys: 84,
        seats: 580,
        regencies: 514,
        memberRegencies: 514,
        membersWithoutDapil: 0,
      },
    ]);
  });

  it('reads the columns it shares with the members file from the same declarations', () => {
    for (const name of ['election_year', 'dapil_id', 'dapil_name', 'province_name'])
      expect(dapilListDataset.columns.find((column) => column.name === name)).toBe(
        dapilDataset.columns.find((column) => column.name === name),
      );
    expect(dapilListDataset.keyFields).toEqual(['TahunPemilu', 'IdDapil']);
  });
});
