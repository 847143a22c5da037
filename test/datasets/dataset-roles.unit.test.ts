// The declarations' column roles: every role names a declared column of the right type (defineDataset refuses a
// declaration otherwise), and what the site and the tools read by role is what the shipped datasets declare.
import { describe, expect, it } from 'vitest';
import { countColumnsOf, defineDataset } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, datasetById, findDataset } from '../../scripts/datasets/datasets.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

describe('column roles', () => {
  it('name declared columns in every shipped dataset', () => {
    for (const dataset of DATASETS) {
      const names = new Set(dataset.columns.map((column) => column.name));
      const { countGroups = [], ...single } = dataset.roles;
      for (const column of Object.values(single)) expect(names, `${dataset.id}: ${column}`).toContain(column);
      for (const column of countColumnsOf(dataset)) expect(names).toContain(column);
      expect(countGroups.flatMap((group) => group.cells)).toHaveLength(countColumnsOf(dataset).length);
    }
  });

  it('give the turnout its 12 counts in table order, and the parties none', () => {
    expect(countColumnsOf(turnoutDataset)).toEqual([
      'dpt_male',
      'dpt_female',
      'dpt_total',
      'dptb_male',
      'dptb_female',
      'dptb_total',
      'dpk_male',
      'dpk_female',
      'dpk_total',
      'total_male',
      'total_female',
      'total_voters',
    ]);
    expect(countColumnsOf(partyDataset)).toEqual([]);
    expect(turnoutDataset.roles.pageKey).toBe('dapil_id');
    expect(partyDataset.roles.pageKey).toBe('ballot_number');
  });

  it('are checked as a dataset is declared', () => {
    const { roles } = partyDataset;
    expect(() => defineDataset({ ...partyDataset, roles: { ...roles, displayName: 'party_nmae' } })).toThrow(
      'dataset parties: a role names party_nmae, which is not a column',
    );
    expect(() => defineDataset({ ...partyDataset, roles: { ...roles, pageKey: 'election_year' } })).toThrow(
      'the page key election_year is not a text column',
    );
    expect(() => defineDataset({ ...partyDataset, roles: { ...roles, year: 'party_name' } })).toThrow(
      'the year column party_name is not an integer column',
    );
    expect(() =>
      defineDataset({
        ...turnoutDataset,
        roles: { ...turnoutDataset.roles, countGroups: [{ code: 'dpt', cells: [{ sex: 'male', column: 'dpt_men' }] }] },
      }),
    ).toThrow('a role names dpt_men');
  });
});

describe('the registry', () => {
  it('finds a dataset by id, and refuses an id it does not declare', () => {
    expect(findDataset('parties')).toBe(partyDataset);
    expect(findDataset('votes')).toBeUndefined();
    expect(datasetById('turnout')).toBe(turnoutDataset);
    expect(() => datasetById('votes')).toThrow('no dataset is declared with the id "votes"');
  });
});
