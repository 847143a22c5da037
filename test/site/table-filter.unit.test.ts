// The filter form's model (scripts/site/table-filter.ts): its count in each language's numbers, a province list only
// where the rows span two provinces or more, each once, in the table's order, and no filter at all for a table read
// at a glance.
import { describe, expect, it } from 'vitest';
import { GLANCE_ROWS, tableFilter } from '../../scripts/site/table-filter.ts';

describe('tableFilter', () => {
  it('counts in each language’s numbers, leaving {shown} for the script', () => {
    expect(tableFilter('en', 'regencies', 1234)).toMatchObject({
      all: '1,234 regencies and cities',
      some: '{shown} of 1,234 regencies and cities',
      name: 'Name contains',
    });
    expect(tableFilter('id', 'dapils', 1234)).toMatchObject({ all: '1.234 dapil', some: '{shown} dari 1.234 dapil' });
  });

  it('offers each province once in the rows’ order, and no list for rows of one province', () => {
    expect(tableFilter('en', 'dapils', 7, ['ACEH', 'ACEH', 'BALI', 'ACEH', 'BALI', 'ACEH', 'ACEH'])?.provinces).toEqual(
      ['ACEH', 'BALI'],
    );
    expect(tableFilter('en', 'dapils', 6, Array<string>(6).fill('ACEH'))?.provinces).toEqual([]);
    expect(tableFilter('en', 'parties', 18)?.provinces).toEqual([]);
  });

  it(`gives a table of ${GLANCE_ROWS} rows or fewer no filter, and one of more a filter`, () => {
    expect(GLANCE_ROWS).toBe(5);
    for (const total of [0, 1, 2, GLANCE_ROWS]) expect(tableFilter('id', 'regencies', total), String(total)).toBeNull();
    expect(tableFilter('id', 'regencies', GLANCE_ROWS + 1)).toMatchObject({ all: '6 kabupaten/kota' });
  });
});
